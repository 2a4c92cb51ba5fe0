//! The board scene: one [`BoardView`] over the board's fixed parts, its changing
//! parts pasted from their [`Pieces`] (drawn once, see `pieces.rs`), its names and
//! caption drawn (`labels.rs`).

use super::canvas::Canvas;
use super::labels;
use super::layout::{shown, shown_pit};
use super::pieces::Pieces;
use super::rings;
use super::BoardView;
use crate::rules::{Pit, Side};

/// A canvas at `scale` (1 or 2; others are clamped) holding the parts of every
/// picture seen from `seat` that never change: background, wood, the carved stores and
/// pits, the static labels. They are drawn once per scale, seat and process (see
/// `pieces.rs`), then copied.
pub(crate) fn base(lang: &crate::i18n::Language, scale: u32, seat: Side) -> Canvas {
    Pieces::get(lang, scale, seat).base()
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
