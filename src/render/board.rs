//! How each part of the board is drawn: its fixed parts (background, wood, carved
//! stores and pits, the legend), a pit's seeds and a store's score. The layout and
//! colours are `layout.rs`; the rings, `rings.rs`; the whole scene, `scene.rs`.

use tiny_skia::Path;

use super::canvas::{circle, rgb, round_rect, Canvas, HEIGHT, WIDTH};
use super::labels;
use super::layout::{
    pit_centre, shown, store_centre, BG_BOTTOM, BG_TOP, BOARD, GRAIN, HOLLOW, INK_LIGHT, MAX_DOTS,
    PIT_RADIUS, RIM_LIGHT, RIM_SHADE, SEED, SEED_EDGE, STORE, STORE_X, TEXT_DIM, WOOD, WOOD_EDGE,
};
use super::text::{Align, Face};
use crate::rules::{Pit, Side};

/// Draws the parts of every picture seen from `seat` that never change.
pub(super) fn draw_base(lang: &crate::i18n::Language, canvas: &mut Canvas, seat: Side) {
    background(canvas);
    wood(canvas);
    for spot in Side::BOTH {
        store_hollow(lang, canvas, spot, shown(spot, seat));
    }
    for pit in Pit::ALL {
        pit_hollow(canvas, pit);
    }
    labels::legend(lang, canvas, seat);
}

fn background(canvas: &mut Canvas) {
    if let Some(all) = round_rect(0.0, 0.0, WIDTH, HEIGHT, 0.0) {
        canvas.fill_vertical(&all, 0.0, HEIGHT, &[(0.0, BG_TOP), (1.0, BG_BOTTOM)]);
    }
}

fn wood(canvas: &mut Canvas) {
    let (x, y, w, h) = BOARD;
    let Some(slab) = round_rect(x, y, w, h, 26.0) else {
        return;
    };
    canvas.fill(&slab, WOOD_EDGE);
    if let Some(top) = round_rect(x + 2.5, y + 2.5, w - 5.0, h - 5.0, 24.0) {
        canvas.fill_vertical(
            &top,
            y,
            y + h,
            &[(0.0, WOOD[0]), (0.55, WOOD[1]), (1.0, WOOD[2])],
        );
        canvas.stroke(&top, RIM_LIGHT.alpha(70), 1.5, None);
    }
    // A few long, gentle grain lines; fixed, so every render is identical.
    for (i, &(y0, bend)) in [
        (62.0, 3.0),
        (104.0, -4.0),
        (181.0, 2.5),
        (252.0, -3.0),
        (300.0, 2.0),
    ]
    .iter()
    .enumerate()
    {
        let mut pb = tiny_skia::PathBuilder::new();
        pb.move_to(x + 30.0, y0);
        let phase = if i % 2 == 0 { 1.0 } else { -1.0 };
        pb.cubic_to(
            x + 250.0,
            y0 + bend * phase,
            x + 520.0,
            y0 - bend,
            x + w - 30.0,
            y0 + bend * 0.5,
        );
        if let Some(line) = pb.finish() {
            canvas.stroke(&line, GRAIN.alpha(38), 1.2, None);
        }
    }
}

/// A hollow carved into the wood: a bevel (dark above, light below) and a darker floor.
fn carve(canvas: &mut Canvas, shape: &Path, outer: &Path) {
    let (o, f) = (outer.bounds(), shape.bounds());
    canvas.fill_vertical(
        outer,
        o.top(),
        o.bottom(),
        &[(0.0, RIM_SHADE), (1.0, RIM_LIGHT)],
    );
    let (cx, cy) = ((f.left() + f.right()) / 2.0, (f.top() + f.bottom()) / 2.0);
    canvas.fill_radial(
        shape,
        cx,
        cy,
        f.height() / 2.0,
        &[(0.0, HOLLOW[0]), (0.75, HOLLOW[0]), (1.0, HOLLOW[1])],
    );
}

fn pit_hollow(canvas: &mut Canvas, pit: Pit) {
    let (cx, cy) = pit_centre(pit);
    if let (Some(floor), Some(rim)) = (circle(cx, cy, PIT_RADIUS), circle(cx, cy, PIT_RADIUS + 2.5))
    {
        carve(canvas, &floor, &rim);
    }
}

/// Draws `seeds` seeds and their count into `pit`.
pub(super) fn seeds(canvas: &mut Canvas, pit: Pit, seeds: u8) {
    let (cx, cy) = pit_centre(pit);
    if seeds == 0 {
        canvas.text(
            "0",
            (Face::Bold, 20.0),
            (cx, cy + 7.3),
            Align::Center,
            INK_LIGHT.alpha(90),
        );
        return;
    }
    if seeds <= MAX_DOTS {
        // Dots on a ring, starting at the top and going clockwise.
        for i in 0..seeds {
            let angle = std::f32::consts::TAU * f32::from(i) / f32::from(seeds)
                - std::f32::consts::FRAC_PI_2;
            seed(
                canvas,
                cx + 27.0 * angle.cos(),
                cy + 27.0 * angle.sin(),
                5.4,
            );
        }
        canvas.text(
            &seeds.to_string(),
            (Face::Bold, 20.0),
            (cx, cy + 7.3),
            Align::Center,
            INK_LIGHT,
        );
    } else {
        // Too many to count by eye: a full ring of small seeds and a large number.
        for i in 0..18u8 {
            let angle = std::f32::consts::TAU * f32::from(i) / 18.0;
            seed(
                canvas,
                cx + 31.0 * angle.cos(),
                cy + 31.0 * angle.sin(),
                4.0,
            );
        }
        canvas.text(
            &seeds.to_string(),
            (Face::Bold, 26.0),
            (cx, cy + 9.5),
            Align::Center,
            INK_LIGHT,
        );
    }
}

fn seed(canvas: &mut Canvas, x: f32, y: f32, r: f32) {
    // Whole-pixel centres: every seed rasterizes alike, which deflate rewards.
    let (x, y) = (x.round(), y.round());
    if let Some(dot) = circle(x, y, r) {
        canvas.fill(&dot, SEED);
        canvas.stroke(&dot, SEED_EDGE, 1.0, None);
    }
    if let Some(shine) = circle(x - r * 0.35, y - r * 0.35, r * 0.35) {
        canvas.fill(&shine, rgb(0xffffff).alpha(150));
    }
}

/// The store at `spot`, labelled as `side`'s.
fn store_hollow(lang: &crate::i18n::Language, canvas: &mut Canvas, spot: Side, side: Side) {
    let (top, w, h) = STORE;
    let x = STORE_X[spot.index()];
    let (cx, _) = store_centre(spot);
    if let (Some(floor), Some(rim)) = (
        round_rect(x, top, w, h, w / 2.0),
        round_rect(x - 2.5, top - 2.5, w + 5.0, h + 5.0, w / 2.0 + 2.5),
    ) {
        carve(canvas, &floor, &rim);
    }
    canvas.text(
        &super::alt::side_name(lang, side),
        (Face::Regular, 14.0),
        (cx, top + 40.0),
        Align::Center,
        TEXT_DIM,
    );
    canvas.text(
        &crate::tr!(lang, "board-captured"),
        (Face::Regular, 12.0),
        (cx, top + h - 30.0),
        Align::Center,
        TEXT_DIM.alpha(200),
    );
}

/// Draws `score` in the store at `spot`.
pub(super) fn score(canvas: &mut Canvas, spot: Side, score: u8) {
    let (cx, cy) = store_centre(spot);
    canvas.text(
        &score.to_string(),
        (Face::Bold, 46.0),
        (cx, cy + 17.0),
        Align::Center,
        INK_LIGHT,
    );
}
