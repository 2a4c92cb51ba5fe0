//! Rendering: a board position as a PNG people like to look at, its alt text, a
//! whole game as an animated GIF, and charts (a player's rating, a game's
//! evaluation). Synchronous, deterministic (same view, same bytes)
//! and free of I/O; the font is embedded (DejaVu Sans, `assets/fonts/`).
//!
//! Shapes are drawn with tiny-skia, glyph outlines come from ab_glyph; PNGs are
//! written by the `png` crate (a board's image data compressed by zlib-rs) and GIFs
//! by the `gif` crate (the `image` crate, which wraps both, writes neither indexed
//! PNGs nor delta GIF frames). What every board shows in a few fixed forms is drawn
//! once per process and pasted (`pieces.rs`).

mod alt;
mod board;
mod canvas;
pub mod chart;
mod encode;
pub mod eval_graph;
mod labels;
mod layout;
mod patch;
mod pieces;
mod plot;
mod quantize;
mod replay;
mod rings;
mod scene;
mod table;
mod text;

#[cfg(test)]
mod pseudo_tests;

use crate::rules::{Effect, EndReason, Game, Moves, Outcome, Position, Side};

pub use alt::alt_text;
pub use encode::{board_png, warm_up};
pub use eval_graph::{eval_graph_alt, eval_graph_png, Mark};
pub use replay::{move_caption, replay_gif, replay_gif_last, REPLAY_MOVES};
pub use table::{table_png, TablePicture};

/// Width of a board PNG in pixels.
pub const PNG_WIDTH: u32 = canvas::WIDTH as u32 * PNG_SCALE;
/// Height of a board PNG in pixels.
pub const PNG_HEIGHT: u32 = canvas::HEIGHT as u32 * PNG_SCALE;
/// Pixels per layout unit in board PNGs.
const PNG_SCALE: u32 = 1;

/// The colour of the solid ring around the pit just played from (RGB).
pub const PLAYED_COLOUR: [u8; 3] = [layout::PLAYED.r, layout::PLAYED.g, layout::PLAYED.b];
/// The colour of the dashed rings around the pits just captured (RGB).
pub const CAPTURED_COLOUR: [u8; 3] = [layout::CAPTURED.r, layout::CAPTURED.g, layout::CAPTURED.b];
/// The colour of the thick solid ring around [`BoardView::ring`], the better move (RGB).
pub const BETTER_COLOUR: [u8; 3] = [layout::BETTER.r, layout::BETTER.g, layout::BETTER.b];
/// The radius of the highlight rings, in PNG pixels.
pub const RING_RADIUS: f32 = layout::RING_RADIUS * PNG_SCALE as f32;

/// Where `pit`'s centre is in a board PNG, in pixels (for image maps and tests).
#[must_use]
pub fn pit_centre(pit: crate::rules::Pit) -> (f32, f32) {
    let (x, y) = layout::pit_centre(pit);
    (x * PNG_SCALE as f32, y * PNG_SCALE as f32)
}

/// Everything a board picture shows. Cheap to build: it borrows the names and caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: Position,
    /// The players' names, `[South, North]`. Any text: long names are cut with an
    /// ellipsis, characters the font lacks drawn as `□`, empty names become the side.
    pub names: [&'a str; 2],
    /// The move that led here: its pit and captured pits are highlighted.
    pub last: Option<Effect>,
    /// A pit to ring as the better move: the move that should have been played (on
    /// the board before a blunder) or a puzzle's solution. Drawn as a thick green ring
    /// that stays visible when it is also the pit just played.
    pub ring: Option<crate::rules::Pit>,
    /// The pits the side to move may play, outlined subtly.
    pub legal: Moves,
    /// The side to move, or `None` once the game is over.
    pub to_move: Option<Side>,
    /// A line shown top right: advice tallies, the result, a replay's move.
    pub caption: Option<&'a str>,
    /// The clocks beside the names, `[South, North]` (`4:57`, `2 days left`), for
    /// games with a time control. The side to move's is the running one.
    pub clocks: Option<[&'a str; 2]>,
    /// Whose seat the board is seen from: their row at the bottom, read left to right.
    /// South's for every shared picture; North's in a North player's own view (their
    /// `board:my-side` setting). The picture says which.
    pub seat: Side,
}

impl<'a> BoardView<'a> {
    /// The current state of `game`: its position, last move, legal moves and side to
    /// move. Add a caption (say, [`result_line`] once the game is over) as wanted.
    #[must_use]
    pub fn of_game(game: &Game, names: [&'a str; 2]) -> BoardView<'a> {
        BoardView {
            position: game.position(),
            names,
            last: game.plies().last().map(|p| p.effect),
            ring: None,
            legal: game.legal_moves(),
            to_move: game.to_move(),
            caption: None,
            clocks: None,
            seat: Side::South,
        }
    }
}

/// Draws `view` at `scale` pixels per layout unit, as RGBA bytes (fully opaque, so
/// tiny-skia's premultiplied pixels are plain RGBA).
fn render_rgba(lang: &crate::i18n::Language, view: &BoardView<'_>, scale: u32) -> Vec<u8> {
    let mut canvas = scene::base(lang, scale, view.seat);
    scene::draw(lang, &mut canvas, view);
    canvas.into_pixmap().take()
}

/// The result as one line: `"Ama wins 25–19 (reached 25)"`, `"Draw 24–24 (position
/// repeated)"`.
#[must_use]
pub fn result_line(lang: &crate::i18n::Language, outcome: &Outcome, names: [&str; 2]) -> String {
    let [south, north] = outcome.scores;
    let seeds = |side: Side| {
        if side == Side::South {
            (south, north)
        } else {
            (north, south)
        }
    };
    // Won without the seeds deciding: say how, not a score that decided nothing.
    if let Some(side) = outcome.winner {
        let winner = player(lang, names, side);
        match outcome.reason {
            EndReason::Resignation(_) => {
                return crate::tr!(lang, "result-resignation", winner = winner)
            }
            EndReason::Timeout(_) => return crate::tr!(lang, "result-time", winner = winner),
            EndReason::Adjudicated(_) => {
                return crate::tr!(lang, "result-adjudicated", winner = winner)
            }
            _ => {}
        }
    }
    // Drawn without the seeds deciding, likewise.
    match outcome.reason {
        EndReason::DrawAgreed => return crate::tr!(lang, "result-draw-agreed"),
        EndReason::Adjudicated(None) => return crate::tr!(lang, "result-draw-adjudicated"),
        _ => {}
    }
    let why = match outcome.reason {
        EndReason::WinningScore => crate::tr!(lang, "result-why-25"),
        EndReason::NoLegalMove => crate::tr!(lang, "result-why-no-move"),
        EndReason::Repetition => crate::tr!(lang, "result-why-repetition"),
        EndReason::Agreement => crate::tr!(lang, "result-why-agreement"),
        EndReason::DrawAgreed => crate::tr!(lang, "result-why-draw-agreed"),
        EndReason::Resignation(side) => {
            crate::tr!(
                lang,
                "result-why-resigned",
                player = player(lang, names, side)
            )
        }
        EndReason::Timeout(side) => {
            crate::tr!(lang, "result-why-time", player = player(lang, names, side))
        }
        EndReason::Aborted => return crate::tr!(lang, "result-aborted"),
        EndReason::Adjudicated(_) => crate::tr!(lang, "result-why-adjudicated"),
    };
    match outcome.winner {
        Some(side) => {
            let (w, l) = seeds(side);
            crate::tr!(
                lang,
                "result-win",
                winner = player(lang, names, side),
                won = w,
                lost = l,
                why = why
            )
        }
        None => crate::tr!(lang, "result-draw", south = south, north = north, why = why),
    }
}

/// A player's name for text, or the side's name when the name is blank.
fn player(lang: &crate::i18n::Language, names: [&str; 2], side: Side) -> String {
    let name = names[side.index()].trim();
    if name.is_empty() {
        alt::side_name(lang, side)
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Pit, Variant};

    fn game(moves: &str) -> Game {
        let pits: Vec<Pit> = moves.chars().filter_map(Pit::from_letter).collect();
        Game::from_moves(Variant::Abapa, &pits).expect("legal moves")
    }

    #[test]
    fn a_view_of_a_game_shows_its_last_move_and_turn() {
        let g = game("FaDe");
        let v = BoardView::of_game(&g, ["Ama", "Kofi"]);
        assert_eq!(v.last.map(|e| e.pit.letter()), Some('e'));
        assert_eq!(v.to_move, Some(Side::South));
        assert_eq!(v.legal, g.legal_moves());
    }

    #[test]
    fn result_lines_name_the_winner_first() {
        let lang = &crate::i18n::Language::english();
        let won = Outcome {
            reason: EndReason::WinningScore,
            scores: [19, 25],
            winner: Some(Side::North),
        };
        assert_eq!(
            result_line(lang, &won, ["Ama", "Kofi"]),
            "Kofi wins 25–19 (reached 25)"
        );
        let resigned = Outcome {
            reason: EndReason::Resignation(Side::North),
            scores: [3, 10],
            winner: Some(Side::South),
        };
        assert_eq!(
            result_line(lang, &resigned, ["", "Kofi"]),
            "South wins by resignation"
        );
        let flagged = Outcome {
            reason: EndReason::Timeout(Side::South),
            scores: [12, 10],
            winner: Some(Side::North),
        };
        assert_eq!(
            result_line(lang, &flagged, ["Ama", "Kofi"]),
            "Kofi wins on time"
        );
        let draw = Outcome {
            reason: EndReason::Repetition,
            scores: [24, 24],
            winner: None,
        };
        assert_eq!(
            result_line(lang, &draw, ["a", "b"]),
            "Draw 24–24 (position repeated)"
        );
    }

    /// The same view with the sides swapped: each pit's seeds in the other side's pit
    /// of the same column, the scores, the turn, the names and the rings swapped.
    fn swapped<'a>(view: &BoardView<'a>) -> BoardView<'a> {
        let mirror = |pit: Pit| Pit::of(pit.owner().opponent(), pit.column());
        let board = view.position.board();
        let board = std::array::from_fn(|i| board[(i + 6) % 12]);
        let [south, north] = view.position.scores();
        let position = Position::new(board, [north, south], view.position.to_move().opponent())
            .expect("the same seeds");
        BoardView {
            position,
            names: [view.names[1], view.names[0]],
            last: None,
            ring: view.ring.map(mirror),
            legal: view
                .legal
                .into_iter()
                .map(mirror)
                .fold(Moves::EMPTY, Moves::with),
            to_move: view.to_move.map(Side::opponent),
            caption: view.caption,
            clocks: view.clocks.map(|[s, n]| [n, s]),
            seat: Side::South,
        }
    }

    /// From North's seat the picture is South's picture of the game with the sides
    /// swapped: the same seeds, counts and rings in every pit (only the labels differ:
    /// letters, store names and the seat's note), and the names where they belong.
    #[test]
    fn norths_seat_shows_north_at_the_bottom() {
        let lang = &crate::i18n::Language::english();
        let g = game("FaDeCb");
        let mut north = BoardView::of_game(&g, ["Ama", "Kofi"]);
        north.last = None;
        north.ring = Some(Pit::from_letter('A').expect("a pit"));
        north.seat = Side::North;
        let (seen, mirrored) = (
            render_rgba(lang, &north, 1),
            render_rgba(lang, &swapped(&north), 1),
        );
        let shown = render_rgba(
            lang,
            &BoardView {
                seat: Side::South,
                ..north
            },
            1,
        );
        let width = PNG_WIDTH as usize;
        // The rows of pits between the stores, clear of the letters above and below.
        let band = |rgba: &[u8]| -> Vec<u8> {
            (90..270)
                .flat_map(|y| rgba[(y * width + 130) * 4..(y * width + 670) * 4].to_vec())
                .collect()
        };
        assert!(
            band(&seen) == band(&mirrored),
            "pits as South sees them swapped"
        );
        assert!(band(&seen) != band(&shown), "not South's own view");
        // Kofi (North) is named at the bottom, beside the store that now holds his.
        let bottom = |rgba: &[u8]| -> Vec<u8> { rgba[320 * width * 4..].to_vec() };
        assert!(bottom(&seen) != bottom(&shown));
        assert!(
            alt_text(lang, &north).contains("North's side"),
            "{}",
            alt_text(lang, &north)
        );
        assert!(!alt_text(
            lang,
            &BoardView {
                seat: Side::South,
                ..north
            }
        )
        .contains("North's side"));
    }
}
