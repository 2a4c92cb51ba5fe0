//! The words around the board: pit letters, the players' names (the side to move in
//! a pill), the caption, the key to the highlights and whose view it is.

use std::borrow::Cow;

use super::canvas::{circle, rgb, round_rect, Canvas, Color8, WIDTH};
use super::layout::{
    pit_centre, shown, shown_pit, BETTER, CAPTURED, INK_DARK, LEGAL, PLAYED, TEXT, TEXT_DIM,
};
use super::text::{self, Align, Face};
use super::BoardView;
use crate::rules::{Pit, Side};

const LETTER_BASELINE: [f32; 2] = [297.0, 75.0];
const NAME_BASELINE: [f32; 2] = [341.0, 31.0];
const NAME_SIZE: f32 = 19.0;
const NAME_MAX_WIDTH: f32 = 300.0;
const MARGIN: f32 = 16.0;
const TURN_PILL: Color8 = rgb(0xf7d58a);

/// Whether `pit`'s letter is faded: with legal moves shown, the other letters fade;
/// with none (a finished game, a replay frame) all stay clear.
pub(super) fn faded(view: &BoardView<'_>, pit: Pit) -> bool {
    !view.legal.is_empty() && !view.legal.contains(pit)
}

/// Where `pit`'s letter may draw, `[x, y, width, height]` in layout units (with room
/// to spare).
pub(super) fn letter_area(pit: Pit) -> [f32; 4] {
    let (cx, _) = pit_centre(pit);
    let y = LETTER_BASELINE[pit.owner().index()];
    [cx - 30.0, y - 24.0, 60.0, 32.0]
}

/// Draws the letter of the pit shown at `spot` from `seat`, below the bottom row's
/// pits or above the top row's.
pub(super) fn letter(canvas: &mut Canvas, spot: Pit, seat: Side, faded: bool) {
    let (cx, _) = pit_centre(spot);
    let y = LETTER_BASELINE[spot.owner().index()];
    let ink = if faded { INK_DARK.alpha(120) } else { INK_DARK };
    let mut buf = [0u8; 4];
    canvas.text(
        shown_pit(spot, seat).letter().encode_utf8(&mut buf),
        (Face::Bold, 17.0),
        (cx, y),
        Align::Center,
        ink,
    );
}

/// The drawable, width-limited name of `side`'s player.
pub(crate) fn display_name<'a>(
    lang: &crate::i18n::Language,
    view: &BoardView<'a>,
    side: Side,
) -> Cow<'a, str> {
    // The bottom name shares its line with the key and the seat: it gives up the room
    // the seat's note and the better move's entry take, so they keep their gap.
    let max = if shown(side, view.seat) == Side::South {
        let better = view
            .ring
            .map_or(0.0, |_| key_next(0.0, &better_label(lang)));
        NAME_MAX_WIDTH - better - seat_width(lang, view.seat)
    } else {
        NAME_MAX_WIDTH
    };
    let clean = match text::clean_name(view.names[side.index()], Face::Bold, "") {
        // Nothing drawable: the side's name instead.
        name if name.is_empty() => Cow::Owned(super::alt::side_name(lang, side)),
        name => name,
    };
    match clean {
        Cow::Borrowed(s) => text::fit(s, Face::Bold, NAME_SIZE, max),
        Cow::Owned(s) => Cow::Owned(text::fit(&s, Face::Bold, NAME_SIZE, max).into_owned()),
    }
}

/// The name shown at `spot`: the top one at the top left, the bottom one at the bottom
/// right (beside their stores); the side to move gets a pill and "to move".
pub(super) fn name(
    lang: &crate::i18n::Language,
    canvas: &mut Canvas,
    spot: Side,
    view: &BoardView<'_>,
) {
    let side = shown(spot, view.seat);
    let shown = match view.clocks.filter(|c| !c[side.index()].is_empty()) {
        // The clock rides in the name's pill: the running one is the side to move's.
        Some(clocks) => Cow::Owned(format!(
            "{}  {}",
            display_name(lang, view, side),
            text::clean_name(clocks[side.index()], Face::Bold, "")
        )),
        None => display_name(lang, view, side),
    };
    let pad = 10.0;
    let turn = view.to_move == Some(side);
    let to_move = in_room(&crate::tr!(lang, "board-to-move"), "board-to-move", 16.0);
    // The name (and clock) in its line's room beside "to move", however long the
    // words of the key and of the clock are. The bottom line: what the key leaves.
    // The top line: at most three fifths of it, the caption taking the rest.
    let beside = if turn {
        10.0 + to_move.width() + 8.0
    } else {
        0.0
    };
    let room = match spot {
        Side::South => WIDTH - MARGIN - 2.0 * pad - beside - key_row_end(lang, view),
        Side::North => WIDTH * 0.6 - MARGIN - 2.0 * pad - beside,
    };
    let shown = Cow::Owned(text::fit(&shown, Face::Bold, NAME_SIZE, room).into_owned());
    let w = text::width(&shown, Face::Bold, NAME_SIZE);
    let baseline = NAME_BASELINE[spot.index()];
    let (left, align_x, align) = match spot {
        Side::North => (MARGIN, MARGIN + pad, Align::Left),
        Side::South => (
            WIDTH - MARGIN - w - 2.0 * pad,
            WIDTH - MARGIN - pad,
            Align::Right,
        ),
    };
    if turn {
        if let Some(pill) = round_rect(left, baseline - 21.0, w + 2.0 * pad, 29.0, 14.5) {
            canvas.fill(&pill, TURN_PILL);
        }
        let (x, a) = match spot {
            Side::North => (left + w + 2.0 * pad + 10.0, Align::Left),
            Side::South => (left - 10.0, Align::Right),
        };
        canvas.text(
            &to_move.text,
            (Face::Regular, to_move.size),
            (x, baseline - 1.0),
            a,
            TEXT,
        );
    }
    let ink = if turn { INK_DARK } else { TEXT };
    canvas.text(
        &shown,
        (Face::Bold, NAME_SIZE),
        (align_x, baseline),
        align,
        ink,
    );
}

/// The caption (or "Game over") at the top right, in the room the top name leaves.
pub(super) fn caption(lang: &crate::i18n::Language, canvas: &mut Canvas, view: &BoardView<'_>) {
    let over;
    let text = match (view.caption, view.to_move) {
        (Some(c), _) => c,
        (None, None) => {
            over = crate::tr!(lang, "board-game-over");
            &over
        }
        (None, Some(_)) => return,
    };
    let top = shown(Side::North, view.seat);
    let north = text::width(&display_name(lang, view, top), Face::Bold, NAME_SIZE);
    let used = MARGIN + north + 20.0 + if view.to_move == Some(top) { 80.0 } else { 0.0 };
    let room = (WIDTH - MARGIN - 4.0 - used - 24.0).max(0.0);
    let clean = text::clean_name(text, Face::Regular, "");
    let shown = text::fit(&clean, Face::Regular, 17.0, room);
    canvas.text(
        &shown,
        (Face::Regular, 17.0),
        (WIDTH - MARGIN - 4.0, NAME_BASELINE[1] - 1.0),
        Align::Right,
        TEXT,
    );
}

/// A ring's dash pattern: (on, off) lengths.
type Dash = Option<(f32, f32)>;
/// One entry of the key: (label, colour, line width, dash).
type KeyItem<'a> = (&'a Label, Color8, f32, Dash);

/// The entries every board's key shows, with their labels in `lang`.
fn key(lang: &crate::i18n::Language) -> [(Label, Color8, f32, Dash); 3] {
    [
        (
            in_room(
                &crate::tr!(lang, "key-played"),
                "key-played",
                KEY_LABEL_SIZE,
            ),
            PLAYED,
            3.0,
            None,
        ),
        (
            in_room(
                &crate::tr!(lang, "key-captured"),
                "key-captured",
                KEY_LABEL_SIZE,
            ),
            CAPTURED,
            3.0,
            Some((3.5, 3.0)),
        ),
        (
            in_room(
                &crate::tr!(lang, "key-can-move"),
                "key-can-move",
                KEY_LABEL_SIZE,
            ),
            LEGAL.alpha(230),
            3.0,
            None,
        ),
    ]
}

/// A label of the board's own words, and the size it is drawn at.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Label {
    /// The words, whole.
    pub(super) text: String,
    /// Their size (px).
    pub(super) size: f32,
}

impl Label {
    /// How wide it is drawn.
    pub(super) fn width(&self) -> f32 {
        text::width(&self.text, Face::Regular, self.size)
    }
}

/// `label` (message `id` in `lang`) in the room English's takes at `size`, the
/// room the board's layout was made for (with a tenth to spare): at `size` when it
/// fits, else smaller, down to three fifths of it. Words are measured, never cut:
/// a translation longer still takes the room it needs, and the layout, which
/// measures every label, moves what comes after it (the bottom name's room is what
/// the key leaves).
pub(super) fn in_room(label: &str, id: &str, size: f32) -> Label {
    let room = text::width(&crate::i18n::english(id), Face::Regular, size) * 1.1 + 2.0;
    let wide = text::width(label, Face::Regular, size);
    let size = if wide <= room {
        size
    } else {
        (size * room / wide).max(size * 0.6)
    };
    Label {
        text: label.to_owned(),
        size,
    }
}
const KEY_LABEL_SIZE: f32 = 16.0;

/// Where the key's first entry is drawn.
fn key_start() -> (f32, f32) {
    (MARGIN + 8.0, NAME_BASELINE[0] - 6.0)
}

/// Draws one entry of the key at `x` and returns where the next one goes.
fn key_item(canvas: &mut Canvas, x: f32, (label, color, width, dash): KeyItem) -> f32 {
    let (_, y) = key_start();
    if let Some(c) = circle(x, y, 7.0) {
        canvas.stroke(&c, color, width, dash);
    }
    canvas.text(
        &label.text,
        (Face::Regular, label.size),
        (x + 12.0, y + 6.0),
        Align::Left,
        TEXT,
    );
    key_next(x, label)
}

fn key_next(x: f32, label: &Label) -> f32 {
    x + 24.0 + label.width() + 14.0
}

/// A key to the highlights at the bottom left, and whose view the board is.
pub(super) fn legend(lang: &crate::i18n::Language, canvas: &mut Canvas, seat: Side) {
    let (mut x, y) = key_start();
    for (label, color, width, dash) in key(lang) {
        x = key_item(canvas, x, (&label, color, width, dash));
    }
    let note = seat_note(lang, seat);
    canvas.text(
        &note.text,
        (Face::Regular, note.size),
        (x - 7.0, y + 6.0),
        Align::Left,
        TEXT_DIM,
    );
}

/// The size of the seat's note.
const SEAT_SIZE: f32 = 14.0;
/// The room after the seat's note, as between the key's entries.
const SEAT_GAP: f32 = 26.0;

/// "South's view": which side the board is seen from.
fn seat_note(lang: &crate::i18n::Language, seat: Side) -> Label {
    match seat {
        Side::South => in_room(
            &crate::tr!(lang, "board-seat-south"),
            "board-seat-south",
            SEAT_SIZE,
        ),
        Side::North => in_room(
            &crate::tr!(lang, "board-seat-north"),
            "board-seat-north",
            SEAT_SIZE,
        ),
    }
}

/// The width the seat's note takes from the bottom line, with the gap after it.
fn seat_width(lang: &crate::i18n::Language, seat: Side) -> f32 {
    seat_note(lang, seat).width() + SEAT_GAP
}

/// The key's entry for the better move's ring, after the fixed [`legend`], drawn only
/// on boards that ring one.
pub(super) fn better_key(lang: &crate::i18n::Language, canvas: &mut Canvas, seat: Side) {
    let x = key(lang)
        .iter()
        .fold(key_start().0, |x, (label, ..)| key_next(x, label))
        + seat_width(lang, seat);
    key_item(canvas, x, (&better_label(lang), BETTER, 4.0, None));
}

/// Where the key's line ends (the seat's note and the better move's entry
/// included): the bottom name starts to the right of it.
fn key_row_end(lang: &crate::i18n::Language, view: &BoardView<'_>) -> f32 {
    let better = view
        .ring
        .map_or(0.0, |_| key_next(0.0, &better_label(lang)));
    key(lang)
        .iter()
        .fold(key_start().0, |x, (label, ..)| key_next(x, label))
        + seat_width(lang, view.seat)
        + better
}

/// The better move's entry of the key.
fn better_label(lang: &crate::i18n::Language) -> Label {
    in_room(
        &crate::tr!(lang, "key-better"),
        "key-better",
        KEY_LABEL_SIZE,
    )
}
