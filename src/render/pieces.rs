//! The parts of a board drawn once per process and scale, then copied onto every
//! board. Drawing shapes and glyphs (rasterizing their paths) was most of a board's
//! time, and most of what a board shows comes in a few fixed forms:
//!
//! - the static base: background, wood, carved stores and pits, their labels, the key;
//! - a pit's seeds and count, for every count (at scale 1 every pit's floor is the
//!   same where the seeds go, so the first pit's pixels fit its whole row; at 2 the
//!   floors differ by a shade near the rim, so each pit has its own);
//! - each store's score, for every score;
//! - each pit's letter, clear and faded;
//! - the highlight rings, for the sets of rings a pit may wear (see `rings.rs`).
//!
//! They are [`Patch`]es, so a board gets the very pixels drawing would give (tested).
//! Immutable once drawn: about 0.15 s and 5 MB on first use at scale 1, for each seat
//! a board is seen from (the labels of the stores and pits differ).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::board;
use super::canvas::Canvas;
use super::labels;
use super::layout::{pit_centre, store_area};
use super::patch::Patch;
use super::rings::{RingPieces, Rings};
use crate::rules::{Pit, Side};

/// The patches cover pits and stores of up to this many seeds: every seed of a game.
const MAX_SEEDS: u8 = 48;
/// A pit's seeds and count stay this close to its centre (layout units; tested).
const SEEDS_REACH: f32 = 38.0;

/// The pit whose seeds `pit`'s are drawn from, at `scale`.
fn model(pit: Pit, scale: u32) -> Pit {
    if scale == 1 {
        Pit::of(pit.owner(), 0)
    } else {
        pit
    }
}

/// The pre-drawn parts of boards at one scale, seen from one seat.
pub(crate) struct Pieces {
    base: Canvas,
    /// A model pit's seeds and count (see [`model`]), by pit index and number of
    /// seeds; empty for the other pits.
    seeds: Vec<Vec<Patch>>,
    /// The score in each store by its value, by spot (`[bottom, top]`).
    scores: [Vec<Patch>; 2],
    /// The letter at each spot by its index: `[clear, faded]`.
    letters: Vec<[Patch; 2]>,
    rings: RingPieces,
    /// The seat the pieces are seen from.
    seat: Side,
    /// The base as PNG rows (see [`Pieces::base_rows`]).
    base_rows: OnceLock<Vec<u8>>,
}

impl Pieces {
    /// The pieces at `scale` (1 or 2; others are clamped) seen from `seat`, in
    /// `lang` (their labels are words), drawn on first use. A language's
    /// pieces are kept for the process: a few per language the bot has.
    pub(crate) fn get(lang: &crate::i18n::Language, scale: u32, seat: Side) -> &'static Pieces {
        type Drawn = HashMap<(u32, usize, String), &'static Pieces>;
        static PIECES: OnceLock<Mutex<Drawn>> = OnceLock::new();
        let s = scale.clamp(1, 2);
        let key = (s, seat.index(), lang.tag());
        let pieces = PIECES.get_or_init(|| Mutex::new(HashMap::new()));
        // A poisoned lock only means another drawing panicked: the map is whole.
        let mut pieces = pieces
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        pieces
            .entry(key)
            .or_insert_with(|| Box::leak(Box::new(Pieces::draw(lang, s, seat))))
    }

    fn draw(lang: &crate::i18n::Language, scale: u32, seat: Side) -> Pieces {
        let mut base = Canvas::new(scale);
        board::draw_base(lang, &mut base, seat);
        let seeds = Pit::ALL
            .iter()
            .map(|&pit| {
                if model(pit, scale) != pit {
                    return Vec::new();
                }
                let (cx, cy) = pit_centre(pit);
                let side = 2.0 * SEEDS_REACH;
                let area = [cx - SEEDS_REACH, cy - SEEDS_REACH, side, side];
                (0..=MAX_SEEDS)
                    .map(|n| Patch::record(&base, area, |c| board::seeds(c, pit, n)))
                    .collect()
            })
            .collect();
        let scores = Side::BOTH.map(|side| {
            (0..=MAX_SEEDS)
                .map(|n| Patch::record(&base, store_area(side), |c| board::score(c, side, n)))
                .collect()
        });
        let letters = Pit::ALL
            .iter()
            .map(|&spot| {
                [false, true].map(|faded| {
                    Patch::record(&base, labels::letter_area(spot), |c| {
                        labels::letter(c, spot, seat, faded);
                    })
                })
            })
            .collect();
        let rings = RingPieces::draw(&base);
        Pieces {
            base,
            seeds,
            scores,
            letters,
            rings,
            seat,
            base_rows: OnceLock::new(),
        }
    }

    /// A copy of the static base to draw a board on.
    pub(crate) fn base(&self) -> Canvas {
        self.base.duplicate()
    }

    /// [`Pieces::base`], made in `old`'s memory when it is a board canvas of the same
    /// scale (see [`Canvas::copy_into`]).
    pub(crate) fn base_in(&self, old: Option<Canvas>) -> Canvas {
        self.base.copy_into(old)
    }

    /// The static base's pixels, and its rows as a PNG's palette indices (looked up
    /// by `rows` on first use), for [`Quantizer::png_rows_over`].
    pub(crate) fn base_rows(&self, rows: impl FnOnce(&[u8]) -> Vec<u8>) -> (&[u8], &[u8]) {
        let pixels = self.base.pixmap().data();
        (pixels, self.base_rows.get_or_init(|| rows(pixels)))
    }

    /// Draws `n` seeds and their count into `pit`.
    pub(crate) fn seeds(&self, canvas: &mut Canvas, pit: Pit, n: u8) {
        let s = canvas.scale();
        let model = model(pit, s);
        match self
            .seeds
            .get(model.index())
            .and_then(|m| m.get(usize::from(n)))
        {
            Some(patch) => {
                let ((x, y), (mx, my)) = (pit_centre(pit), pit_centre(model));
                let px = |v: f32| (v * s as f32).round() as isize;
                patch.paste_moved(canvas, (px(x - mx), px(y - my)));
            }
            None => board::seeds(canvas, pit, n),
        }
    }

    /// Draws the score `n` in the store at `spot`.
    pub(crate) fn score(&self, canvas: &mut Canvas, spot: Side, n: u8) {
        match self.scores[spot.index()].get(usize::from(n)) {
            Some(patch) => patch.paste(canvas),
            None => board::score(canvas, spot, n),
        }
    }

    /// Draws the rings `sets` (by pit index), over the seeds.
    pub(crate) fn rings(&self, canvas: &mut Canvas, sets: &[Rings; 12]) {
        self.rings.paste(canvas, sets);
    }

    /// Draws the letter at `spot`, faded or not.
    pub(crate) fn letter(&self, canvas: &mut Canvas, spot: Pit, faded: bool) {
        match self.letters.get(spot.index()) {
            Some(patch) => patch[usize::from(faded)].paste(canvas),
            None => labels::letter(canvas, spot, self.seat, faded),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pasting gives the very pixels drawing gives, for every count in every pit, at
    /// both scales and from both seats.
    #[test]
    fn patches_paste_what_drawing_draws() {
        let lang = &crate::i18n::Language::english();
        for (scale, seat) in [1, 2]
            .into_iter()
            .flat_map(|s| Side::BOTH.map(|seat| (s, seat)))
        {
            let pieces = Pieces::get(lang, scale, seat);
            for n in 0..=MAX_SEEDS {
                let (mut pasted, mut drawn) = (pieces.base(), pieces.base());
                for pit in Pit::ALL {
                    pieces.seeds(&mut pasted, pit, n);
                    board::seeds(&mut drawn, pit, n);
                }
                for side in Side::BOTH {
                    pieces.score(&mut pasted, side, n);
                    board::score(&mut drawn, side, n);
                }
                assert!(pasted.pixmap() == drawn.pixmap(), "{n} seeds at {scale}");
            }
            for faded in [false, true] {
                let (mut pasted, mut drawn) = (pieces.base(), pieces.base());
                for pit in Pit::ALL {
                    pieces.letter(&mut pasted, pit, faded);
                    labels::letter(&mut drawn, pit, seat, faded);
                }
                assert!(
                    pasted.pixmap() == drawn.pixmap(),
                    "faded {faded} at {scale}"
                );
            }
        }
    }
}
