//! The engine the bot plays with, as an owned value: its endgame tables and the
//! hard level's searchers kept between moves. Whoever plays (the chat service) owns
//! one [`Engine`] and hands it to what needs it; nothing here is a process global.
//!
//! Tables are shared with [`Arc`]: larger tables built in the background replace
//! smaller ones, and the replaced tables are freed as soon as the last search that
//! was reading them ends. A kept searcher holds no tables between moves: each
//! search lends it the tables of the moment ([`Searcher::with_tables`]).

use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use super::eval::Weights;
use super::level::{accepts_draw, accepts_split, choose_with, Level, EASY_TT_BITS};
use super::search::Searcher;
use super::tables::Tables;
use crate::rules::{Game, Pit, Side};

/// Transposition-table size of the hard level's searchers: `2^20` entries, 16 MiB.
const HARD_TT_BITS: u32 = 20;
/// How many hard-level searchers are kept between moves (one per game thinking
/// at once, within reason; more are made when needed, and dropped after).
const KEPT_SEARCHERS: usize = 2;

/// A hard-level searcher kept between moves, with the moves of the game it last
/// searched: its table still holds that game's lines.
struct Kept {
    searcher: Searcher<'static>,
    moves: Vec<Pit>,
}

/// The engine's tables and kept searchers (see the module's documentation).
#[derive(Default)]
pub struct Engine {
    tables: RwLock<Option<Arc<Tables>>>,
    kept: Mutex<Vec<Kept>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.kept.lock().map_or(0, |k| k.len());
        f.debug_struct("Engine")
            .field("table_seeds", &self.tables().map(|t| t.max_seeds()))
            .field("kept_searchers", &kept)
            .finish()
    }
}

impl Engine {
    /// An engine without endgame tables.
    #[must_use]
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Gives the engine endgame tables. Tables for more seeds than the current ones
    /// replace them (the old ones are freed once no search reads them); others are
    /// ignored (returns `false`).
    pub fn install_tables(&self, tables: impl Into<Arc<Tables>>) -> bool {
        let tables = tables.into();
        let mut slot = self.tables.write().unwrap_or_else(PoisonError::into_inner);
        if slot
            .as_ref()
            .is_some_and(|t| t.max_seeds() >= tables.max_seeds())
        {
            return false;
        }
        *slot = Some(tables);
        true
    }

    /// The engine's endgame tables, if it has any.
    #[must_use]
    pub fn tables(&self) -> Option<Arc<Tables>> {
        self.tables
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The move the engine plays at `level` in `game`'s current position, thinking
    /// for at most about `budget` (the easy and medium levels answer sooner). `seed`
    /// makes the noisy levels reproducible. `None` only when the game is over.
    ///
    /// Only the hard level uses the endgame tables (they are perfect play), and it
    /// keeps its searchers (and their transposition tables) between calls,
    /// preferring the one that searched this game's previous position.
    #[must_use]
    pub fn choose_move(
        &self,
        game: &Game,
        level: Level,
        budget: Duration,
        seed: u64,
    ) -> Option<Pit> {
        if level != Level::Hard {
            let mut searcher = Searcher::new(EASY_TT_BITS, Weights::TUNED, None);
            return choose_with(&mut searcher, game, level, budget, seed);
        }
        let tables = self.tables();
        let mut searcher = self.take_searcher(game).with_tables(tables.as_deref());
        let pit = choose_with(&mut searcher, game, level, budget, seed);
        self.keep_searcher(searcher.with_tables(None), game);
        pit
    }

    /// Whether `side` does at least as well by ending `game` now, each side taking
    /// the seeds on its own row, as by playing on (see [`accepts_split`]), with the
    /// engine's tables.
    #[must_use]
    pub fn accepts_split(&self, game: &Game, side: Side) -> bool {
        accepts_split(game, side, self.tables().as_deref())
    }

    /// Whether `side` accepts a draw in `game` now (see [`accepts_draw`]), with the
    /// engine's tables.
    #[must_use]
    pub fn accepts_draw(&self, game: &Game, side: Side) -> bool {
        accepts_draw(game, side, self.tables().as_deref())
    }

    /// The kept searcher that last searched an earlier position of `game` (else the
    /// least recently used one, else a new one).
    fn take_searcher(&self, game: &Game) -> Searcher<'static> {
        let moves: Vec<Pit> = game.moves().collect();
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        match pick(kept.iter().map(|k| k.moves.as_slice()), &moves) {
            Some(i) => kept.remove(i).searcher,
            None => Searcher::new(HARD_TT_BITS, Weights::TUNED, None),
        }
    }

    /// Keeps `searcher` (most recently used first) for the next move of `game`.
    fn keep_searcher(&self, searcher: Searcher<'static>, game: &Game) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.insert(
            0,
            Kept {
                searcher,
                moves: game.moves().collect(),
            },
        );
        kept.truncate(KEPT_SEARCHERS);
    }
}

/// Which of the kept searchers (their games' moves, most recently used first) to
/// use for a game with `moves`: one that searched an earlier position of it, else
/// the least recently used one.
fn pick<'a>(kept: impl ExactSizeIterator<Item = &'a [Pit]>, moves: &[Pit]) -> Option<usize> {
    let last = kept.len().checked_sub(1);
    let mut kept = kept;
    kept.position(|k| moves.starts_with(k)).or(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables;
    use crate::rules::Variant;

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

    #[test]
    fn larger_tables_replace_smaller_ones_and_the_old_ones_are_freed() {
        let engine = Engine::new();
        assert!(engine.tables().is_none());
        assert!(engine.install_tables(tables::build(4, |_| {})));
        let small = engine.tables().expect("installed");
        assert_eq!(small.max_seeds(), 4);
        assert!(
            !engine.install_tables(tables::build(3, |_| {})),
            "never smaller"
        );
        assert!(engine.install_tables(tables::build(6, |_| {})));
        assert_eq!(engine.tables().map(|t| t.max_seeds()), Some(6));
        // Only this reader holds the replaced tables now: dropping it frees them.
        assert_eq!(Arc::strong_count(&small), 1);
        // Two engines are independent: no tables leak from one to the other.
        assert!(Engine::new().tables().is_none());
    }

    #[test]
    fn the_hard_level_keeps_a_searcher_per_game_without_tables_between_moves() {
        let engine = Engine::new();
        engine.install_tables(tables::build(4, |_| {}));
        let mut game = Game::new(Variant::Abapa);
        for _ in 0..3 {
            let pit = engine
                .choose_move(&game, Level::Hard, Duration::from_millis(5), 1)
                .expect("a move");
            game.play(pit).expect("legal");
        }
        let kept = engine.kept.lock().expect("lock");
        assert!(!kept.is_empty() && kept.len() <= KEPT_SEARCHERS);
        assert!(
            kept.iter().all(|k| !k.searcher.has_tables()),
            "kept searchers hold no tables between moves"
        );
    }
}
