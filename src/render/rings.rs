//! The highlight rings, pre-drawn (see `pieces.rs`). Each pit wears a set of rings
//! ([`Rings`]), drawn kind by kind: legal, captured, better, played. Neighbouring
//! pits' rings overlap in a narrow band between the pits, where the later ring blends
//! over the earlier one. So a pit's rings are kept in two parts: its core (the
//! columns no other pit's ring reaches), for each set it may wear, and the band it
//! shares with each neighbour, for each pair of sets the two may wear. Pasting a
//! board's cores and bands gives the very pixels drawing its rings gives (tested); a
//! set not kept (the played ring inside the better one) has the rings drawn instead.

use super::canvas::{circle, Canvas, Color8};
use super::layout::{
    pit_centre, shown_pit, BETTER, CAPTURED, LEGAL, PLAYED, RING_BACKING, RING_RADIUS,
};
use super::patch::Patch;
use super::BoardView;
use crate::rules::{Pit, Side};

/// The rings one pit wears, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rings(u8);

impl Rings {
    /// No ring.
    pub(crate) const NONE: Rings = Rings(0);
    /// A pit the side to move may play.
    pub(crate) const LEGAL: Rings = Rings(1);
    /// A pit just captured.
    pub(crate) const CAPTURED: Rings = Rings(2);
    /// The better move.
    pub(crate) const BETTER: Rings = Rings(4);
    /// The pit just played.
    pub(crate) const PLAYED: Rings = Rings(8);

    /// Whether the set holds every ring of `other`.
    pub(crate) fn has(self, other: Rings) -> bool {
        self.0 & other.0 == other.0
    }

    /// The set with the rings of `other` added.
    fn with(self, other: Rings) -> Rings {
        Rings(self.0 | other.0)
    }

    /// Where the set is kept: 0 for no ring, else 1 + its index in [`KEPT`].
    fn slot(self) -> Option<usize> {
        if self == Rings::NONE {
            return Some(0);
        }
        KEPT.iter().position(|&k| k == self).map(|i| i + 1)
    }
}

/// The sets kept: each ring alone, and a legal pit that is also the better move.
const KEPT: [Rings; 5] = [
    Rings::LEGAL,
    Rings::CAPTURED,
    Rings::BETTER,
    Rings::PLAYED,
    Rings(Rings::LEGAL.0 | Rings::BETTER.0),
];
/// Slots per pit: no ring and each kept set.
const SLOTS: usize = KEPT.len() + 1;

/// Half the columns of a pit's core (layout units): the next pit, 88 away, rings out
/// to 49 from its centre (the better ring with its backing and anti-aliasing).
const CORE: f32 = 38.0;
/// Beyond every ring, from a pit's centre (layout units).
const OUTER: f32 = 52.0;

/// The rings each spot of the picture wears in `view`, by spot index (see
/// [`shown_pit`]).
pub(crate) fn sets(view: &BoardView<'_>) -> [Rings; 12] {
    let by_pit = pit_sets(view);
    Pit::ALL.map(|spot| by_pit[shown_pit(spot, view.seat).index()])
}

/// The rings each pit wears in `view`, by pit index.
fn pit_sets(view: &BoardView<'_>) -> [Rings; 12] {
    let mut sets = [Rings::NONE; 12];
    for pit in view.legal {
        sets[pit.index()] = sets[pit.index()].with(Rings::LEGAL);
    }
    if let Some(effect) = view.last {
        for pit in effect.captured_pits {
            sets[pit.index()] = sets[pit.index()].with(Rings::CAPTURED);
        }
        sets[effect.pit.index()] = sets[effect.pit.index()].with(Rings::PLAYED);
    }
    if let Some(pit) = view.ring {
        sets[pit.index()] = sets[pit.index()].with(Rings::BETTER);
    }
    sets
}

/// Neighbouring pits in a row, in pit order.
fn pairs() -> impl Iterator<Item = (Pit, Pit)> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| (0..5).map(move |c| (Pit::of(side, c), Pit::of(side, c + 1))))
}

/// A pit's core, `[x, y, width, height]`: towards a neighbour it stops where the
/// neighbour's rings begin, elsewhere it reaches past every ring.
fn core(pit: Pit) -> [f32; 4] {
    let (cx, cy) = pit_centre(pit);
    let reach = |leftwards: bool| {
        let beside = pairs().filter_map(|(a, b)| match pit {
            p if p == a => Some(b),
            p if p == b => Some(a),
            _ => None,
        });
        let mut beside = beside.map(|other| pit_centre(other).0 < cx);
        if beside.any(|left| left == leftwards) {
            CORE
        } else {
            OUTER
        }
    };
    let (left, right) = (reach(true), reach(false));
    [cx - left, cy - OUTER, left + right, 2.0 * OUTER]
}

/// The band between two neighbouring pits.
fn band(a: Pit, b: Pit) -> [f32; 4] {
    let ((ax, cy), (bx, _)) = (pit_centre(a), pit_centre(b));
    let (left, right) = (ax.min(bx) + CORE, ax.max(bx) - CORE);
    [left, cy - OUTER, right - left, 2.0 * OUTER]
}

/// The kept rings at one scale.
pub(crate) struct RingPieces {
    /// By pit index and slot (less one: no ring has no core).
    cores: Vec<Vec<Patch>>,
    /// By pair (in [`pairs`] order) and the two pits' slots (`SLOTS × a + b`).
    bands: Vec<Vec<Patch>>,
}

impl RingPieces {
    /// Draws every kept set and pair of sets over `base` (about 0.1 s).
    pub(crate) fn draw(base: &Canvas) -> RingPieces {
        let record = |area: [f32; 4], worn: &[(Pit, Rings)]| {
            Patch::record(base, area, |canvas| {
                let mut sets = [Rings::NONE; 12];
                for &(pit, set) in worn {
                    sets[pit.index()] = set;
                }
                draw(canvas, &sets);
            })
        };
        let cores = Pit::ALL
            .iter()
            .map(|&pit| {
                KEPT.iter()
                    .map(|&set| record(core(pit), &[(pit, set)]))
                    .collect()
            })
            .collect();
        let with_none = || std::iter::once(Rings::NONE).chain(KEPT);
        let bands = pairs()
            .map(|(a, b)| {
                with_none()
                    .flat_map(|x| with_none().map(move |y| (x, y)))
                    .map(|(x, y)| record(band(a, b), &[(a, x), (b, y)]))
                    .collect()
            })
            .collect();
        RingPieces { cores, bands }
    }

    /// Draws the rings `sets` (by pit index): pastes them when every set is kept,
    /// else draws them.
    pub(crate) fn paste(&self, canvas: &mut Canvas, sets: &[Rings; 12]) {
        let Some(slots) = sets
            .iter()
            .map(|s| s.slot())
            .collect::<Option<Vec<usize>>>()
        else {
            draw(canvas, sets);
            return;
        };
        for (pit, &slot) in slots.iter().enumerate() {
            if let Some(patch) = slot
                .checked_sub(1)
                .and_then(|s| self.cores.get(pit)?.get(s))
            {
                patch.paste(canvas);
            }
        }
        for ((a, b), bands) in pairs().zip(&self.bands) {
            let (x, y) = (slots[a.index()], slots[b.index()]);
            if x + y > 0 {
                if let Some(patch) = bands.get(SLOTS * x + y) {
                    patch.paste(canvas);
                }
            }
        }
    }
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

/// Draws the rings of every pit (`sets`, by pit index): the legal pits', the captured
/// pits', the better move's, then the pit just played's, each kind in pit order.
pub(super) fn draw(canvas: &mut Canvas, sets: &[Rings; 12]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::pieces::Pieces;

    /// Every pair of kept sets, side by side along both rows over pits full of seeds,
    /// pastes as drawn, at both scales.
    #[test]
    fn kept_rings_paste_as_drawn() {
        let lang = &crate::i18n::Language::english();
        let all: Vec<Rings> = std::iter::once(Rings::NONE).chain(KEPT).collect();
        for scale in [1, 2] {
            let pieces = Pieces::get(lang, scale, Side::South);
            for (i, &x) in all.iter().enumerate() {
                for (j, &y) in all.iter().enumerate() {
                    let mut sets = [Rings::NONE; 12];
                    let (mut pasted, mut drawn) = (pieces.base(), pieces.base());
                    for pit in Pit::ALL {
                        sets[pit.index()] = if pit.column() % 2 == 0 { x } else { y };
                        // Seed counts that reach furthest out: 12 dots, or the full ring.
                        let n = [12, 48, 6, 0][(i + j + pit.index()) % 4];
                        pieces.seeds(&mut pasted, pit, n);
                        pieces.seeds(&mut drawn, pit, n);
                    }
                    pieces.rings(&mut pasted, &sets);
                    draw(&mut drawn, &sets);
                    let same = pasted.pixmap() == drawn.pixmap();
                    assert!(same, "{x:?} beside {y:?} at scale {scale}");
                }
            }
        }
    }

    #[test]
    fn only_the_played_ring_inside_the_better_one_is_drawn_instead() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(Rings::NONE.slot(), Some(0));
        for set in KEPT {
            assert!(set.slot().is_some());
        }
        assert_eq!(Rings::PLAYED.with(Rings::BETTER).slot(), None);
        let pieces = Pieces::get(lang, 1, Side::South);
        let mut sets = [Rings::NONE; 12];
        sets[3] = Rings::PLAYED.with(Rings::BETTER);
        sets[4] = Rings::LEGAL;
        let (mut pasted, mut drawn) = (pieces.base(), pieces.base());
        pieces.rings(&mut pasted, &sets);
        draw(&mut drawn, &sets);
        assert!(pasted.pixmap() == drawn.pixmap());
    }
}
