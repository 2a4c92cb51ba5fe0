//! The words around the board: pit letters, the players' names (the side to move in
//! a pill), the caption and the key to the highlights.

use std::borrow::Cow;

use super::board::{pit_centre, CAPTURED, INK_DARK, LEGAL, PLAYED, TEXT};
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

pub(super) fn letters(canvas: &mut Canvas, view: &BoardView<'_>) {
    for pit in Pit::ALL {
        let (cx, _) = pit_centre(pit);
        let y = LETTER_BASELINE[pit.owner().index()];
        // With legal moves shown, the other letters fade; with none (a finished game,
        // a replay frame) all stay clear.
        let ink = if view.legal.is_empty() || view.legal.contains(pit) {
            INK_DARK
        } else {
            INK_DARK.alpha(120)
        };
        let mut buf = [0u8; 4];
        canvas.text(
            pit.letter().encode_utf8(&mut buf),
            (Face::Bold, 17.0),
            (cx, y),
            Align::Center,
            ink,
        );
    }
}

/// The drawable, width-limited name of `side`'s player.
pub(crate) fn display_name<'a>(view: &BoardView<'a>, side: Side) -> Cow<'a, str> {
    let fallback = match side {
        Side::South => "South",
        Side::North => "North",
    };
    let clean = text::clean_name(view.names[side.index()], Face::Bold, fallback);
    match clean {
        Cow::Borrowed(s) => text::fit(s, Face::Bold, NAME_SIZE, NAME_MAX_WIDTH),
        Cow::Owned(s) => {
            Cow::Owned(text::fit(&s, Face::Bold, NAME_SIZE, NAME_MAX_WIDTH).into_owned())
        }
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
            "to move",
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
    let text = match (view.caption, view.to_move) {
        (Some(c), _) => c,
        (None, None) => "Game over",
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

/// A key to the highlights at the bottom left.
pub(super) fn legend(canvas: &mut Canvas) {
    let y = NAME_BASELINE[0] - 6.0;
    let mut x = MARGIN + 8.0;
    // (label, colour, line width, dash)
    type Item = (&'static str, Color8, f32, Option<(f32, f32)>);
    let items: [Item; 3] = [
        ("played", PLAYED, 3.0, None),
        ("captured", CAPTURED, 3.0, Some((3.5, 3.0))),
        ("can move", LEGAL.alpha(230), 3.0, None),
    ];
    for (label, color, width, dash) in items {
        if let Some(c) = circle(x, y, 7.0) {
            canvas.stroke(&c, color, width, dash);
        }
        canvas.text(
            label,
            (Face::Regular, 16.0),
            (x + 12.0, y + 6.0),
            Align::Left,
            TEXT,
        );
        x += 24.0 + text::width(label, Face::Regular, 16.0) + 14.0;
    }
}
