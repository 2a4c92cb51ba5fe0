//! One 255-colour palette for every picture, and a table that maps any colour onto
//! it in one lookup. Board PNGs are written as indexed images with it (a third of
//! the bytes to compress: ~25 KB in ~2 ms instead of ~55 KB in ~5 ms as RGB, both
//! at zlib level 2), and replay GIFs share it.
//!
//! The palette is learnt once per process by NeuQuant from a typical board (the
//! wood, pits, seeds, text and both highlight rings) plus swatches of the colours
//! that must come out exactly; both steps are deterministic, so the same view still
//! gives the same bytes.

use std::sync::OnceLock;

use color_quant::NeuQuant;

use super::canvas::Color8;
use super::layout::{BETTER, CAPTURED, PLAYED};
use super::{render_rgba, BoardView};
use crate::rules::{Game, Pit, Variant};

/// Colours in the palette; index 255 is left free (the GIF's transparent index).
pub(crate) const COLOURS: usize = 255;
/// Cells of the colour-to-index table: 5 bits per channel.
const CELLS: usize = 1 << 15;

/// The palette and the colour-to-index table.
pub(crate) struct Quantizer {
    /// `COLOURS` RGB triples.
    palette: Vec<u8>,
    /// Palette index for each colour with 5 bits per channel (`r5 << 10 | g5 << 5 | b5`).
    table: Box<[u8; CELLS]>,
}

impl Quantizer {
    /// The process-wide quantizer, learnt on first use (a few tens of milliseconds).
    pub(crate) fn get() -> &'static Quantizer {
        static QUANTIZER: OnceLock<Quantizer> = OnceLock::new();
        QUANTIZER.get_or_init(Quantizer::learn)
    }

    fn learn() -> Quantizer {
        // Its colours, not its words, teach the palette: any language will do.
        let mut sample = render_rgba(&crate::i18n::Language::english(), &sample_view(), 1);
        let must = [PLAYED, CAPTURED, BETTER];
        for Color8 { r, g, b, .. } in must {
            for _ in 0..4000 {
                sample.extend_from_slice(&[r, g, b, 255]);
            }
        }
        let quant = NeuQuant::new(10, COLOURS, &sample);
        let table: Vec<u8> = (0..CELLS as u32)
            .map(|key| {
                // The middle of the 5-bit cell, so both neighbours round alike.
                let expand = |v: u32| ((v & 31) << 3 | 4) as u8;
                let px = [expand(key >> 10), expand(key >> 5), expand(key), 255];
                // NeuQuant was built with 255 colours, so every index fits in a u8.
                quant.index_of(&px) as u8
            })
            .collect();
        // Invariant: one index per cell, just collected.
        let table = table.into_boxed_slice().try_into().expect("a full table");
        let mut palette = quant.color_map_rgb();
        palette.truncate(3 * COLOURS);
        Quantizer { palette, table }
    }

    /// The palette as RGB triples (`COLOURS` of them).
    pub(crate) fn palette(&self) -> &[u8] {
        &self.palette
    }

    /// The palette index for an RGB(A) pixel.
    #[inline]
    pub(crate) fn index(&self, px: &[u8]) -> u8 {
        let key = (usize::from(px[0]) >> 3) << 10
            | (usize::from(px[1]) >> 3) << 5
            | usize::from(px[2]) >> 3;
        // The mask changes nothing (three 5-bit fields) but spares a bounds check.
        self.table[key & (CELLS - 1)]
    }

    /// A PNG's image data before compression: each row of `width` opaque RGBA pixels
    /// as palette indices after a filter type byte of 0 (none).
    /// Written into `out` (its old contents replaced; its memory reused).
    pub(crate) fn png_rows(&self, rgba: &[u8], width: usize, out: &mut Vec<u8>) {
        let row = 4 * width.max(1);
        out.clear();
        out.reserve(rgba.len() / row * (width + 1));
        for pixels in rgba.chunks_exact(row) {
            out.push(0);
            out.extend(pixels.chunks_exact(4).map(|px| self.index(px)));
        }
    }
}

/// Pixels compared at a time by [`Quantizer::png_rows_over`].
const RUN: usize = 16;

impl Quantizer {
    /// [`Quantizer::png_rows`] of a picture drawn over `base` (the same size), whose
    /// own rows are `base_rows`: runs of pixels the drawing left as they were take
    /// the base's indices, and only the others are looked up (most of a board is its
    /// static base).
    pub(crate) fn png_rows_over(
        &self,
        rgba: &[u8],
        base: &[u8],
        base_rows: &[u8],
        width: usize,
        out: &mut Vec<u8>,
    ) {
        let row = 4 * width.max(1);
        if base.len() != rgba.len() || base_rows.len() != rgba.len() / row * (width + 1) {
            return self.png_rows(rgba, width, out);
        }
        out.clear();
        out.extend_from_slice(base_rows);
        for (r, (pixels, was)) in rgba
            .chunks_exact(row)
            .zip(base.chunks_exact(row))
            .enumerate()
        {
            let line = &mut out[r * (width + 1) + 1..(r + 1) * (width + 1)];
            let runs = pixels.chunks(4 * RUN).zip(was.chunks(4 * RUN));
            for ((now, then), indices) in runs.zip(line.chunks_mut(RUN)) {
                if now != then {
                    for (index, px) in indices.iter_mut().zip(now.chunks_exact(4)) {
                        *index = self.index(px);
                    }
                }
            }
        }
    }
}

/// A board with everything on it: seeds, numbers, a capture and the move played.
fn sample_view() -> BoardView<'static> {
    let moves = "FaDeBfAdC"
        .chars()
        .filter_map(Pit::from_letter)
        .collect::<Vec<_>>();
    // Invariant: these moves are legal from the start (checked by the tests of
    // `render`); should they ever not be, the start position still teaches the wood.
    let game =
        Game::from_moves(Variant::Abapa, &moves).unwrap_or_else(|_| Game::new(Variant::Abapa));
    let mut view = BoardView::of_game(&game, ["Ama", "Kofi"]);
    view.caption = Some("Onlookers suggest: D ×3");
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_game_has_a_capture() {
        let view = sample_view();
        assert!(view.last.is_some_and(|e| e.captured_pits.len() == 2));
    }

    #[test]
    fn rows_over_the_base_are_the_rows_looked_up() {
        let lang = &crate::i18n::Language::english();
        let q = Quantizer::get();
        let view = sample_view();
        let width = super::super::canvas::WIDTH as usize;
        let base = super::super::scene::base(lang, 1, view.seat);
        let base = base.pixmap().data();
        let mut base_rows = Vec::new();
        q.png_rows(base, width, &mut base_rows);
        let drawn = render_rgba(lang, &view, 1);
        let (mut looked_up, mut over) = (Vec::new(), Vec::new());
        q.png_rows(&drawn, width, &mut looked_up);
        q.png_rows_over(&drawn, base, &base_rows, width, &mut over);
        assert!(looked_up != base_rows, "the sample draws over the base");
        assert!(over == looked_up, "the same indices either way");
    }

    #[test]
    fn highlight_colours_survive_quantizing() {
        let q = Quantizer::get();
        assert_eq!(q.palette().len(), 3 * COLOURS);
        for c in [PLAYED, CAPTURED, BETTER] {
            let i = usize::from(q.index(&[c.r, c.g, c.b]));
            let got = &q.palette()[3 * i..3 * i + 3];
            for (g, want) in got.iter().zip([c.r, c.g, c.b]) {
                assert!(g.abs_diff(want) <= 12, "{got:?} for {c:?}");
            }
        }
    }
}
