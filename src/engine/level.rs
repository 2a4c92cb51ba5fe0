//! Playing strength: the three levels the chat service offers and the one call it
//! makes, [`choose_move`].
//!
//! - `easy` searches 2 plies and adds noise of up to ±3 seeds to every move's value
//!   (a seeded generator, so the same seed gives the same game): it sees a capture
//!   in front of it but often misses what follows, much as a beginner does.
//! - `medium` searches up to 6 plies within at most 300 ms, with noise of ±½ seed.
//! - `hard` plays from the opening book while in book (see [`super::book`]), then
//!   searches as deep as the budget allows and uses the endgame tables when they
//!   have been installed with [`install_tables`].
//!
//! The evaluation weights ([`Weights::TUNED`]) were fitted to self-play results: see
//! `docs/engine.md`.

use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::Duration;

use super::eval::{Weights, SEED};
use super::search::{Limits, Searcher, WIN};
use super::tables::Tables;
use crate::rules::{Game, Pit, Side};

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Shallow and noisy: makes human-like mistakes.
    Easy,
    /// A solid club player.
    #[default]
    Medium,
    /// Full strength within the time budget.
    Hard,
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: choose easy, medium or hard")]
pub struct LevelParseError(pub String);

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The name used in commands and records.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl FromStr for Level {
    type Err = LevelParseError;

    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(LevelParseError(s.chars().take(20).collect())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The installed tables. Larger tables replace smaller ones (built in the
/// background after them); a replaced table is leaked, since searches running at
/// that moment may still read it (17 MB once, for the 15-seed tables).
static TABLES: RwLock<Option<&'static Tables>> = RwLock::new(None);

/// Makes endgame tables available to [`choose_move`] for the rest of the process.
/// Tables for more seeds than the installed ones replace them; others are ignored
/// (returns `false`).
pub fn install_tables(tables: Tables) -> bool {
    let mut slot = TABLES.write().unwrap_or_else(PoisonError::into_inner);
    if slot.is_some_and(|t| t.max_seeds() >= tables.max_seeds()) {
        return false;
    }
    *slot = Some(Box::leak(Box::new(tables)));
    true
}

/// The tables installed with [`install_tables`], if any.
#[must_use]
pub fn installed_tables() -> Option<&'static Tables> {
    *TABLES.read().unwrap_or_else(PoisonError::into_inner)
}

/// SplitMix64: a tiny seeded generator, enough for move noise.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `-amplitude..=amplitude`.
    pub fn noise(&mut self, amplitude: i32) -> i32 {
        let span = 2 * amplitude.unsigned_abs() as u64 + 1;
        (self.next_u64() % span) as i32 - amplitude.abs()
    }
}

/// Transposition-table size of the hard level's searchers: `2^20` entries, 16 MiB.
const HARD_TT_BITS: u32 = 20;
/// The easier levels search a few thousand nodes: a small table each time.
const EASY_TT_BITS: u32 = 14;
/// How many hard-level searchers are kept between moves (one per game thinking
/// at once, within reason; more are made when needed, and dropped after).
const KEPT_SEARCHERS: usize = 2;

/// A hard-level searcher kept between moves, with the moves of the game it last
/// searched: its table still holds that game's lines.
struct Kept {
    searcher: Box<Searcher<'static>>,
    moves: Vec<Pit>,
}

static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// The kept searcher that last searched an earlier position of `game` (else the
/// least recently used one, else a new one).
fn take_searcher(game: &Game) -> Box<Searcher<'static>> {
    let moves: Vec<Pit> = game.moves().collect();
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    let mut searcher = match pick(kept.iter().map(|k| k.moves.as_slice()), &moves) {
        Some(i) => kept.remove(i).searcher,
        None => Box::new(Searcher::new(HARD_TT_BITS, Weights::TUNED, None)),
    };
    // Tables built in the background arrive after the first searchers.
    searcher.use_tables(installed_tables());
    searcher
}

/// Which of the kept searchers (their games' moves, most recently used first) to
/// use for a game with `moves`: one that searched an earlier position of it, else
/// the least recently used one.
fn pick<'a>(kept: impl ExactSizeIterator<Item = &'a [Pit]>, moves: &[Pit]) -> Option<usize> {
    let last = kept.len().checked_sub(1);
    let mut kept = kept;
    kept.position(|k| moves.starts_with(k)).or(last)
}

/// Keeps `searcher` (most recently used first) for the next move of `game`.
fn keep_searcher(searcher: Box<Searcher<'static>>, game: &Game) {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    kept.insert(
        0,
        Kept {
            searcher,
            moves: game.moves().collect(),
        },
    );
    kept.truncate(KEPT_SEARCHERS);
}

/// The move the engine plays at `level` in `game`'s current position, thinking for
/// at most about `budget` (the easy and medium levels answer sooner). `seed` makes
/// the noisy levels reproducible. `None` only when the game is over.
///
/// The hard level keeps its searchers (and their transposition tables) between
/// calls, preferring the one that searched this game's previous position.
#[must_use]
pub fn choose_move(game: &Game, level: Level, budget: Duration, seed: u64) -> Option<Pit> {
    if level != Level::Hard {
        // The endgame tables are perfect play: only the hard level gets them.
        let mut searcher = Searcher::new(EASY_TT_BITS, Weights::TUNED, None);
        return choose_with(&mut searcher, game, level, budget, seed);
    }
    let mut searcher = take_searcher(game);
    let pit = choose_with(&mut searcher, game, level, budget, seed);
    keep_searcher(searcher, game);
    pit
}

/// Whether `side` does at least as well by ending `game` now, each side taking the
/// seeds on its own row, as by playing on, judged by a short fixed-depth search (with
/// the endgame tables when installed). A finished game is never split.
#[must_use]
pub fn accepts_split(game: &Game, side: Side) -> bool {
    let mut split = game.clone();
    let Ok(outcome) = split.end_by_agreement() else {
        return false;
    };
    let diff = i32::from(outcome.scores[side.index()])
        - i32::from(outcome.scores[side.opponent().index()]);
    let split_value = diff * SEED + diff.signum() * WIN;
    let mut searcher = Searcher::new(16, Weights::TUNED, installed_tables());
    let Some(report) = searcher.search(game, Limits::depth(8), |_| {}) else {
        return true;
    };
    let playing_on = if game.to_move() == Some(side) {
        report.value
    } else {
        -report.value
    };
    split_value >= playing_on
}

/// [`choose_move`] with a searcher kept between moves (its endgame tables, if any,
/// are used at every level: give the easier levels a searcher without them).
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
mod kept_tests {
    use super::*;

    #[test]
    fn a_game_gets_back_the_searcher_of_its_previous_move() {
        let p = |c| Pit::from_letter(c).expect("a pit");
        let this_game = [p('F'), p('a')];
        let other = [p('C'), p('d'), p('E')];
        let kept: [&[Pit]; 2] = [&other, &this_game];
        let next = [p('F'), p('a'), p('D')];
        assert_eq!(pick(kept.into_iter(), &next), Some(1));
        // Another game takes the least recently used searcher; none is kept at first.
        assert_eq!(pick(kept.into_iter(), &[p('A')]), Some(1));
        assert_eq!(pick(std::iter::empty(), &next), None);
    }
}
