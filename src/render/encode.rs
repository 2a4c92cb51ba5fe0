//! A board as PNG bytes: drawn over the static base in memory each thread keeps,
//! its pixels turned into indices of the shared palette (`quantize.rs`), and written
//! as one indexed image.

use super::canvas::Canvas;
use super::pieces::Pieces;
use super::quantize::Quantizer;
use super::{scene, BoardView, PNG_HEIGHT, PNG_SCALE, PNG_WIDTH};
use crate::rules::{Game, Side};

/// The board as a PNG of [`PNG_WIDTH`] × [`PNG_HEIGHT`] pixels: an indexed image on
/// the shared 255-colour palette (see `quantize.rs`).
#[must_use]
pub fn board_png(lang: &crate::i18n::Language, view: &BoardView<'_>) -> Vec<u8> {
    let quantizer = Quantizer::get();
    let pieces = Pieces::get(lang, PNG_SCALE, view.seat);
    let width = PNG_WIDTH as usize;
    SCRATCH.with_borrow_mut(|scratch| {
        let mut canvas = pieces.base_in(scratch.canvas.take());
        scene::draw(lang, &mut canvas, view);
        let (base, base_rows) = pieces.base_rows(|base| {
            let mut rows = Vec::new();
            quantizer.png_rows(base, width, &mut rows);
            rows
        });
        let drawn = canvas.pixmap().data();
        quantizer.png_rows_over(drawn, base, base_rows, width, &mut scratch.rows);
        scratch.canvas = Some(canvas);
        // zlib level 1 without filters: indices of mostly flat colours are what
        // deflate handles best, and filters only scramble them. The rows are
        // compressed in one go and written as one IDAT chunk (the png crate's encoder
        // feeds its compressor two small writes a row, each clearing a 32 KB buffer).
        // Measured: ~32 KB (level 2: ~25 KB, in a third more time).
        scratch
            .zlib
            .resize(zlib_rs::compress_bound(scratch.rows.len()), 0);
        let (data, code) = zlib_rs::compress_slice(
            &mut scratch.zlib,
            &scratch.rows,
            zlib_rs::DeflateConfig::new(1),
        );
        // Invariant: level 1 is a valid setting and the buffer holds the worst case.
        assert_eq!(code, zlib_rs::ReturnCode::Ok, "zlib into memory");
        let mut out = Vec::with_capacity(data.len() + 1024);
        let mut encoder = png::Encoder::new(&mut out, PNG_WIDTH, PNG_HEIGHT);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(quantizer.palette());
        // Invariant: the header is valid (fixed size, 8-bit indexed with a palette),
        // the data is exactly PNG_HEIGHT rows of a filter byte and PNG_WIDTH indices,
        // and a Vec never refuses bytes.
        let mut writer = encoder.write_header().expect("PNG header into memory");
        writer
            .write_chunk(png::chunk::IDAT, data)
            .expect("PNG data into memory");
        writer.finish().expect("PNG end into memory");
        out
    })
}

/// What a board picture is made in, kept by each thread that draws one for its next:
/// the pixels, their palette indices and the compressed data, about 1.7 MB that new
/// memory would cost again each time (the kernel zeroes it page by page).
#[derive(Default)]
struct Scratch {
    canvas: Option<Canvas>,
    rows: Vec<u8>,
    zlib: Vec<u8>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Prepares what every board picture reuses, drawn once per process on first use:
/// the fonts, the shared palette and the pre-drawn pieces seen from either seat.
/// The bot calls it at start-up, so its first board costs no more than the next
/// (about 200 ms less on a 2-core machine).
pub fn warm_up() {
    // The pieces of the default language; another is drawn on its first board.
    let lang = &crate::i18n::Language::english();
    let game = Game::new(crate::rules::Variant::default());
    for seat in [Side::South, Side::North] {
        let view = BoardView {
            seat,
            ..BoardView::of_game(&game, ["South", "North"])
        };
        let _ = board_png(lang, &view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Pit, Variant};

    #[test]
    fn png_has_the_promised_size_and_signature() {
        let lang = &crate::i18n::Language::english();
        let png = board_png(
            lang,
            &BoardView::of_game(&Game::new(Variant::Abapa), ["A", "B"]),
        );
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(
            u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
            PNG_WIDTH
        );
        assert_eq!(
            u32::from_be_bytes([png[20], png[21], png[22], png[23]]),
            PNG_HEIGHT
        );
    }

    #[test]
    fn a_board_drawn_in_kept_memory_is_the_board_drawn_afresh() {
        let lang = &crate::i18n::Language::english();
        let game = Game::from_moves(Variant::Abapa, &[Pit::of(Side::South, 2)]).expect("legal");
        let busy = BoardView {
            caption: Some("a long caption over what the last board left"),
            ..BoardView::of_game(&game, ["Someone with a long name", "B"])
        };
        let start = Game::new(Variant::Abapa);
        let plain = BoardView::of_game(&start, ["A", "B"]);
        let north = BoardView {
            seat: Side::North,
            ..plain
        };
        // Each on a new thread: nothing kept from an earlier picture.
        let fresh = |view: &BoardView<'_>| {
            std::thread::scope(|s| s.spawn(|| board_png(lang, view)).join().expect("draws"))
        };
        let (plain_fresh, north_fresh) = (fresh(&plain), fresh(&north));
        // On one thread, each over what the one before it left.
        let _ = board_png(lang, &busy);
        assert!(
            board_png(lang, &plain) == plain_fresh,
            "South's view over a busier board"
        );
        assert!(
            board_png(lang, &north) == north_fresh,
            "North's view over South's"
        );
        assert!(
            board_png(lang, &plain) == plain_fresh,
            "South's view over North's"
        );
    }
}
