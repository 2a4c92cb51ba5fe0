//! The board's layout and colours, in 800×360 layout units, as South sees the
//! board: North's name across the top, the wooden board in the middle (North's store
//! on the left, South's on the right, North's row `f…a` above South's row `A…F`),
//! South's name, a key to the highlights and whose view it is across the bottom.
//!
//! Seen from North's seat ([`super::BoardView::seat`]) the board turns half a turn:
//! the places stay where they are, and each shows the other side's pit, store or
//! name (a *spot* is a place on the picture, named by the pit or side it shows from
//! South's seat; [`shown`] and [`shown_pit`] say what it shows from a seat).

use super::canvas::{rgb, Color8};
use crate::rules::{Pit, Side};

/// Pits hold this many seeds or fewer are also drawn as countable dots.
pub(crate) const MAX_DOTS: u8 = 12;

// Layout (layout units).
pub(super) const BOARD: (f32, f32, f32, f32) = (8.0, 48.0, 784.0, 264.0);
pub(super) const PIT_RADIUS: f32 = 38.0;
pub(crate) const RING_RADIUS: f32 = 43.0;
const ROW_Y: [f32; 2] = [230.0, 130.0]; // [South, North]
pub(super) const STORE: (f32, f32, f32) = (64.0, 100.0, 232.0); // top, width, height
pub(super) const STORE_X: [f32; 2] = [678.0, 22.0]; // [South (right), North (left)]

// Colours. Highlights pair colour with shape: the pit just played gets a solid blue
// ring, captured pits a dashed yellow ring, legal pits a thin pale ring, the better
// move a thick green ring, so they stay apart under every kind of colour blindness
// and in greyscale.
pub(super) const BG_TOP: Color8 = rgb(0x2e241d);
pub(super) const BG_BOTTOM: Color8 = rgb(0x1f1915);
pub(super) const WOOD: [Color8; 3] = [rgb(0xcf9760), rgb(0xad7240), rgb(0x8f5a2f)];
pub(super) const WOOD_EDGE: Color8 = rgb(0x3f2612);
pub(super) const GRAIN: Color8 = rgb(0x5a3518);
pub(super) const HOLLOW: [Color8; 2] = [rgb(0x3a2210), rgb(0x5f3c1f)];
pub(super) const RIM_SHADE: Color8 = rgb(0x2e1a0a);
pub(super) const RIM_LIGHT: Color8 = rgb(0xe8b883);
pub(super) const SEED: Color8 = rgb(0xf4e6c8);
pub(super) const SEED_EDGE: Color8 = rgb(0x6e4a29);
pub(super) const INK_LIGHT: Color8 = rgb(0xfff6e6);
pub(super) const INK_DARK: Color8 = rgb(0x2a1709);
pub(super) const TEXT: Color8 = rgb(0xf6ead8);
pub(super) const TEXT_DIM: Color8 = rgb(0xbcaa94);
/// The ring around the pit just played from.
pub(crate) const PLAYED: Color8 = rgb(0x3d9be9);
/// The dashed ring around captured pits.
pub(crate) const CAPTURED: Color8 = rgb(0xffd21f);
/// The thick ring around the better move ([`super::BoardView::ring`]).
pub(crate) const BETTER: Color8 = rgb(0x34c759);
pub(super) const LEGAL: Color8 = rgb(0xfff3dc);
pub(super) const RING_BACKING: Color8 = rgb(0x1b0f05);

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
