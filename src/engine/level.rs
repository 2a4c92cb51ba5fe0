//! Playing strength: the three levels the chat service offers, and choosing a move
//! at one of them with a given searcher ([`choose_with`]).
//!
//! - `easy` searches 2 plies and adds noise of up to ±3 seeds to every move's value
//!   (a seeded generator, so the same seed gives the same game): it sees a capture
//!   in front of it but often misses what follows, much as a beginner does.
//! - `medium` searches up to 6 plies within at most 300 ms, with noise of ±½ seed.
//! - `hard` plays from the opening book while in book (see [`super::book`]), then
//!   searches as deep as the budget allows and uses the endgame tables when the
//!   [`super::Engine`] has them.
//!
//! The evaluation weights ([`Weights::TUNED`]) were fitted to self-play results: see
//! `docs/engine.md`.

use std::time::Duration;

use super::eval::{Weights, SEED};
use super::rng::Rng;
use super::search::{Limits, Searcher, WIN};
use super::tables::Tables;
pub use crate::play::level::{Level, LevelParseError};
use crate::rules::{Game, Pit, Side};

/// The easier levels search a few thousand nodes: a small table each time.
pub(super) const EASY_TT_BITS: u32 = 14;

/// Whether `side` does at least as well by ending `game` now, each side taking the
/// seeds on its own row, as by playing on, judged by a short fixed-depth search (with
/// `tables` when given). A finished game is never split.
#[must_use]
pub fn accepts_split(game: &Game, side: Side, tables: Option<&Tables>) -> bool {
    let mut split = game.clone();
    let Ok(outcome) = split.end_by_agreement() else {
        return false;
    };
    let diff = i32::from(outcome.scores[side.index()])
        - i32::from(outcome.scores[side.opponent().index()]);
    prefers_ending(game, side, tables, diff * SEED + diff.signum() * WIN)
}

/// Whether `side` does at least as well by agreeing to a draw in `game` now as by
/// playing on (the same short search as [`accepts_split`]). A finished game is never
/// drawn.
#[must_use]
pub fn accepts_draw(game: &Game, side: Side, tables: Option<&Tables>) -> bool {
    !game.is_over() && prefers_ending(game, side, tables, 0)
}

/// Whether an ending worth `value` to `side` is at least what playing on promises.
fn prefers_ending(game: &Game, side: Side, tables: Option<&Tables>, value: i32) -> bool {
    let mut searcher = Searcher::new(16, Weights::TUNED, tables);
    let Some(report) = searcher.search(game, Limits::depth(8), |_| {}) else {
        return true;
    };
    let playing_on = if game.to_move() == Some(side) {
        report.value
    } else {
        -report.value
    };
    value >= playing_on
}

/// The move the engine plays at `level` in `game` with `searcher`, thinking for at
/// most about `budget` (the easy and medium levels answer sooner); `seed` makes the
/// noisy levels reproducible. `None` only when the game is over. The searcher's
/// endgame tables, if any, are used at every level: give the easier levels a
/// searcher without them (as [`super::Engine::choose_move`] does).
pub fn choose_with(
    searcher: &mut Searcher<'_>,
    game: &Game,
    level: Level,
    budget: Duration,
    seed: u64,
) -> Option<Pit> {
    let (depth, noise) = match level {
        Level::Easy => (2, 300),
        Level::Medium => (6, 50),
        Level::Hard => {
            if let Some(pit) = super::book::shipped().choose(game, super::book::MARGIN, seed) {
                return Some(pit);
            }
            return searcher
                .search(game, Limits::time(budget), |_| {})
                .map(|r| r.best);
        }
    };
    if level == Level::Medium && budget < Duration::from_millis(300) {
        // A tight budget: an iterative search that respects it.
        let limits = Limits {
            depth,
            nodes: u64::MAX,
            time: Some(budget),
        };
        return searcher.search(game, limits, |_| {}).map(|r| r.best);
    }
    let mut rng = Rng::new(seed ^ (game.plies().len() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    searcher
        .score_moves(game, depth)
        .into_iter()
        .map(|(pit, value)| (pit, value.saturating_add(rng.noise(noise))))
        .max_by_key(|&(_, value)| value)
        .map(|(pit, _)| pit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    #[test]
    fn the_engine_takes_a_draw_when_behind_and_plays_on_when_ahead() {
        // South leads 20–4 with 24 seeds still on the board.
        let ahead = Position::new([2; 12], [20, 4], Side::South).expect("48 seeds");
        let game = Game::from_position(Variant::Abapa, ahead);
        assert!(!accepts_draw(&game, Side::South, None));
        assert!(accepts_draw(&game, Side::North, None));
        // A game already over is never drawn.
        let mut over = game.clone();
        over.resign(Side::North).expect("active");
        assert!(!accepts_draw(&over, Side::North, None));
    }
}
