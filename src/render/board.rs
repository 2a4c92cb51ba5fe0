//! The board scene: layout, colours and drawing of one [`BoardView`] onto a canvas.
//!
//! Layout, in 800×360 layout units, as South sees the board: North's name across the
//! top, the wooden board in the middle (North's store on the left, South's on the
//! right, North's row `f…a` above South's row `A…F`), South's name, a key to the
//! highlights and whose view it is across the bottom.
//!
//! Seen from North's seat ([`BoardView::seat`]) the board turns half a turn: the
//! places stay where they are, and each shows the other side's pit, store or name
//! (a *spot* is a place on the picture, named by the pit or side it shows from
//! South's seat; [`shown`] and [`shown_pit`] say what it shows from a seat).

use tiny_skia::Path;

use super::canvas::{circle, rgb, round_rect, Canvas, Color8, HEIGHT, WIDTH};
use super::labels;
use super::pieces::Pieces;
use super::rings::{self, Rings};
use super::text::{Align, Face};
use super::BoardView;
use crate::rules::{Pit, Side};

/// Pits hold this many seeds or fewer are also drawn as countable dots.
pub(crate) const MAX_DOTS: u8 = 12;

// Layout (layout units).
const BOARD: (f32, f32, f32, f32) = (8.0, 48.0, 784.0, 264.0);
const PIT_RADIUS: f32 = 38.0;
pub(crate) const RING_RADIUS: f32 = 43.0;
const ROW_Y: [f32; 2] = [230.0, 130.0]; // [South, North]
const STORE: (f32, f32, f32) = (64.0, 100.0, 232.0); // top, width, height
const STORE_X: [f32; 2] = [678.0, 22.0]; // [South (right), North (left)]

// Colours. Highlights pair colour with shape: the pit just played gets a solid blue
// ring, captured pits a dashed yellow ring, legal pits a thin pale ring, the better
// move a thick green ring, so they stay apart under every kind of colour blindness
// and in greyscale.
const BG_TOP: Color8 = rgb(0x2e241d);
const BG_BOTTOM: Color8 = rgb(0x1f1915);
const WOOD: [Color8; 3] = [rgb(0xcf9760), rgb(0xad7240), rgb(0x8f5a2f)];
const WOOD_EDGE: Color8 = rgb(0x3f2612);
const GRAIN: Color8 = rgb(0x5a3518);
const HOLLOW: [Color8; 2] = [rgb(0x3a2210), rgb(0x5f3c1f)];
const RIM_SHADE: Color8 = rgb(0x2e1a0a);
const RIM_LIGHT: Color8 = rgb(0xe8b883);
const SEED: Color8 = rgb(0xf4e6c8);
const SEED_EDGE: Color8 = rgb(0x6e4a29);
const INK_LIGHT: Color8 = rgb(0xfff6e6);
pub(super) const INK_DARK: Color8 = rgb(0x2a1709);
pub(super) const TEXT: Color8 = rgb(0xf6ead8);
pub(super) const TEXT_DIM: Color8 = rgb(0xbcaa94);
/// The ring around the pit just played from.
pub(crate) const PLAYED: Color8 = rgb(0x3d9be9);
/// The dashed ring around captured pits.
pub(crate) const CAPTURED: Color8 = rgb(0xffd21f);
/// The thick ring around the better move ([`BoardView::ring`]).
pub(crate) const BETTER: Color8 = rgb(0x34c759);
pub(super) const LEGAL: Color8 = rgb(0xfff3dc);
const RING_BACKING: Color8 = rgb(0x1b0f05);

/// The side whose store and name the picture shows at `spot` (the bottom is South's
/// spot) when seen from `seat`. Its own inverse.
pub(crate) fn shown(spot: Side, seat: Side) -> Side {
    match seat {
        Side::South => spot,
        Side::North => spot.opponent(),
    }
}

/// The pit the picture shows at `spot` when seen from `seat`: from North's seat, North's
/// `a` sits where South's `A` does. Its own inverse.
pub(crate) fn shown_pit(spot: Pit, seat: Side) -> Pit {
    Pit::of(shown(spot.owner(), seat), spot.column())
}

/// The centre of the spot `pit` (see [`shown_pit`]) in layout units.
pub(crate) fn pit_centre(pit: Pit) -> (f32, f32) {
    let column = match pit.owner() {
        Side::South => pit.column(),
        Side::North => 5 - pit.column(),
    };
    (180.0 + 88.0 * column as f32, ROW_Y[pit.owner().index()])
}

/// The centre of `side`'s store in layout units.
pub(crate) fn store_centre(side: Side) -> (f32, f32) {
    let (top, w, h) = STORE;
    (STORE_X[side.index()] + w / 2.0, top + h / 2.0)
}

/// The area of `side`'s store, `[x, y, width, height]` in layout units.
pub(super) fn store_area(side: Side) -> [f32; 4] {
    let (top, w, h) = STORE;
    [STORE_X[side.index()], top, w, h]
}

/// A canvas at `scale` (1 or 2; others are clamped) holding the parts of every
/// picture seen from `seat` that never change: background, wood, the carved stores and
/// pits, the static labels. They are drawn once per scale, seat and process (see
/// `pieces.rs`), then copied.
pub(crate) fn base(lang: &crate::i18n::Language, scale: u32, seat: Side) -> Canvas {
    Pieces::get(lang, scale, seat).base()
}

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

/// Draws the view over a [`base`]: the scores, seeds, rings and letters are pasted
/// from their [`Pieces`], drawn once; the names and caption are drawn here.
pub(crate) fn draw(lang: &crate::i18n::Language, canvas: &mut Canvas, view: &BoardView<'_>) {
    let seat = view.seat;
    let pieces = Pieces::get(lang, canvas.scale(), seat);
    for spot in Side::BOTH {
        pieces.score(canvas, spot, view.position.score(shown(spot, seat)));
    }
    let board = view.position.board();
    for spot in Pit::ALL {
        pieces.seeds(canvas, spot, board[shown_pit(spot, seat).index()]);
    }
    highlights(lang, canvas, view, pieces);
    for spot in Pit::ALL {
        pieces.letter(canvas, spot, labels::faded(view, shown_pit(spot, seat)));
    }
    for spot in Side::BOTH {
        labels::name(lang, canvas, spot, view);
    }
    labels::caption(lang, canvas, view);
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

/// A ring around a pit at `radius`: `width` wide, dashed or not, on a dark backing
/// so it reads on light and dark wood alike.
fn ring_at(
    canvas: &mut Canvas,
    pit: Pit,
    radius: f32,
    color: Color8,
    width: f32,
    dash: Option<(f32, f32)>,
) {
    let (cx, cy) = pit_centre(pit);
    if let Some(path) = circle(cx, cy, radius) {
        canvas.stroke(&path, RING_BACKING.alpha(150), width + 3.0, dash);
        canvas.stroke(&path, color, width, dash);
    }
}

/// A ring around a pit at [`RING_RADIUS`].
fn ring(canvas: &mut Canvas, pit: Pit, color: Color8, width: f32, dash: Option<(f32, f32)>) {
    ring_at(canvas, pit, RING_RADIUS, color, width, dash);
}

/// The better move's ring is wider than the others, so it wins where they meet.
const BETTER_WIDTH: f32 = 7.0;
const PLAYED_WIDTH: f32 = 4.5;

fn highlights(
    lang: &crate::i18n::Language,
    canvas: &mut Canvas,
    view: &BoardView<'_>,
    pieces: &Pieces,
) {
    pieces.rings(canvas, &rings::sets(view));
    if view.ring.is_some() {
        labels::better_key(lang, canvas, view.seat);
    }
}

/// Draws the rings of every pit (`sets`, by pit index): the legal pits', the captured
/// pits', the better move's, then the pit just played's, each kind in pit order.
pub(super) fn rings(canvas: &mut Canvas, sets: &[Rings; 12]) {
    for kind in [Rings::LEGAL, Rings::CAPTURED, Rings::BETTER, Rings::PLAYED] {
        for pit in Pit::ALL.into_iter().filter(|p| sets[p.index()].has(kind)) {
            match kind {
                // Thick enough to survive a phone's downscale to ~380 px (tested).
                Rings::LEGAL => ring(canvas, pit, LEGAL.alpha(230), 3.5, None),
                Rings::CAPTURED => ring(canvas, pit, CAPTURED, PLAYED_WIDTH, Some((9.0, 6.0))),
                Rings::BETTER => ring(canvas, pit, BETTER, BETTER_WIDTH, None),
                _ => {
                    // The better move's own pit just played: its ring moves inside the
                    // green one, into the pit's dark hollow, so both stay whole.
                    let radius = if sets[pit.index()].has(Rings::BETTER) {
                        RING_RADIUS - (BETTER_WIDTH + PLAYED_WIDTH) / 2.0 - 0.75
                    } else {
                        RING_RADIUS
                    };
                    ring_at(canvas, pit, radius, PLAYED, PLAYED_WIDTH, None);
                }
            }
        }
    }
}
