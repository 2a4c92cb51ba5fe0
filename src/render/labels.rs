//! The words around the board: pit letters, the players' names (the side to move in
//! a pill), the caption and the key to the highlights.

use std::borrow::Cow;

use super::board::{pit_centre, BETTER, CAPTURED, INK_DARK, LEGAL, PLAYED, TEXT};
use super::canvas::{circle, rgb, round_rect, Canvas, Color8, WIDTH};
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

/// Draws `pit`'s letter below (South) or above (North) its pit.
pub(super) fn letter(canvas: &mut Canvas, pit: Pit, faded: bool) {
    let (cx, _) = pit_centre(pit);
    let y = LETTER_BASELINE[pit.owner().index()];
    let ink = if faded { INK_DARK.alpha(120) } else { INK_DARK };
    let mut buf = [0u8; 4];
    canvas.text(
        pit.letter().encode_utf8(&mut buf),
        (Face::Bold, 17.0),
        (cx, y),
        Align::Center,
        ink,
    );
}

/// The drawable, width-limited name of `side`'s player.
pub(crate) fn display_name<'a>(view: &BoardView<'a>, side: Side) -> Cow<'a, str> {
    // South's name shares the bottom line with the key: it gives up the room the
    // better move's entry takes, so the two keep the gap they have without it.
    let max = if side == Side::South && view.ring.is_some() {
        NAME_MAX_WIDTH - key_next(0.0, &crate::tr!("key-better"))
    } else {
        NAME_MAX_WIDTH
    };
    let clean = match text::clean_name(view.names[side.index()], Face::Bold, "") {
        // Nothing drawable: the side's name instead.
        name if name.is_empty() => Cow::Owned(super::alt::side_name(side)),
        name => name,
    };
    match clean {
        Cow::Borrowed(s) => text::fit(s, Face::Bold, NAME_SIZE, max),
        Cow::Owned(s) => Cow::Owned(text::fit(&s, Face::Bold, NAME_SIZE, max).into_owned()),
    }
}

/// North's name at the top left, South's at the bottom right (beside their stores);
/// the side to move gets a pill and "to move".
pub(super) fn name(canvas: &mut Canvas, side: Side, view: &BoardView<'_>) {
    let shown = match view.clocks.filter(|c| !c[side.index()].is_empty()) {
        // The clock rides in the name's pill: the running one is the side to move's.
        Some(clocks) => Cow::Owned(format!(
            "{}  {}",
            display_name(view, side),
            text::clean_name(clocks[side.index()], Face::Bold, "")
        )),
        None => display_name(view, side),
    };
    let w = text::width(&shown, Face::Bold, NAME_SIZE);
    let baseline = NAME_BASELINE[side.index()];
    let pad = 10.0;
    let (left, align_x, align) = match side {
        Side::North => (MARGIN, MARGIN + pad, Align::Left),
        Side::South => (
            WIDTH - MARGIN - w - 2.0 * pad,
            WIDTH - MARGIN - pad,
            Align::Right,
        ),
    };
    let turn = view.to_move == Some(side);
    if turn {
        if let Some(pill) = round_rect(left, baseline - 21.0, w + 2.0 * pad, 29.0, 14.5) {
            canvas.fill(&pill, TURN_PILL);
        }
        let (x, a) = match side {
            Side::North => (left + w + 2.0 * pad + 10.0, Align::Left),
            Side::South => (left - 10.0, Align::Right),
        };
        canvas.text(
            &crate::tr!("board-to-move"),
            (Face::Regular, 16.0),
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

/// The caption (or "Game over") at the top right, in the room North's name leaves.
pub(super) fn caption(canvas: &mut Canvas, view: &BoardView<'_>) {
    let over;
    let text = match (view.caption, view.to_move) {
        (Some(c), _) => c,
        (None, None) => {
            over = crate::tr!("board-game-over");
            &over
        }
        (None, Some(_)) => return,
    };
    let north = text::width(&display_name(view, Side::North), Face::Bold, NAME_SIZE);
    let used = MARGIN
        + north
        + 20.0
        + if view.to_move == Some(Side::North) {
            80.0
        } else {
            0.0
        };
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
type KeyItem<'a> = (&'a str, Color8, f32, Dash);

/// The entries every board's key shows, with their labels in the current language.
fn key() -> [(String, Color8, f32, Dash); 3] {
    [
        (crate::tr!("key-played"), PLAYED, 3.0, None),
        (crate::tr!("key-captured"), CAPTURED, 3.0, Some((3.5, 3.0))),
        (crate::tr!("key-can-move"), LEGAL.alpha(230), 3.0, None),
    ]
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
        label,
        (Face::Regular, KEY_LABEL_SIZE),
        (x + 12.0, y + 6.0),
        Align::Left,
        TEXT,
    );
    key_next(x, label)
}

fn key_next(x: f32, label: &str) -> f32 {
    x + 24.0 + text::width(label, Face::Regular, KEY_LABEL_SIZE) + 14.0
}

/// A key to the highlights at the bottom left.
pub(super) fn legend(canvas: &mut Canvas) {
    let (mut x, _) = key_start();
    for (label, color, width, dash) in key() {
        x = key_item(canvas, x, (&label, color, width, dash));
    }
}

/// The key's entry for the better move's ring, after the fixed [`legend`], drawn only
/// on boards that ring one.
pub(super) fn better_key(canvas: &mut Canvas) {
    let x = key()
        .iter()
        .fold(key_start().0, |x, (label, ..)| key_next(x, label));
    key_item(canvas, x, (&crate::tr!("key-better"), BETTER, 4.0, None));
}
