//! The puzzles' supply: batches generated from the endgame tables, at start-up and
//! whenever a solver has few unseen puzzles left (as a `puzzles` job).

use crate::service::cases::Learning;
use crate::service::cases::Pictures;
use std::sync::atomic::Ordering;

use super::super::ServiceError;
use crate::store::JobKind;
use crate::{
    engine::{
        self,
        puzzles::{Goal, Puzzle},
        rng::Rng,
    },
    store::{NewJob, NewPuzzle, PuzzleGoal},
};

/// Puzzles generated from the tables per batch.
pub(super) const BATCH: usize = 50;
/// A new batch is generated when a solver has fewer unseen puzzles than this.
pub(super) const LOW: i64 = 20;

/// A found puzzle as stored; `from` is the game and ply it comes from.
pub(in crate::service) fn new_puzzle(
    p: &Puzzle,
    from: Option<(crate::store::GameId, i64)>,
) -> NewPuzzle {
    NewPuzzle {
        source: if from.is_some() { "game" } else { "tables" },
        game_id: from.map(|(game, _)| game),
        ply: from.map(|(_, ply)| ply),
        position: p.position,
        solution: p.solution,
        line: p.line.clone(),
        goal: match p.goal {
            Goal::Win => PuzzleGoal::Win,
            Goal::Seeds(n) => PuzzleGoal::Seeds(n),
        },
    }
}

impl Learning<'_> {
    /// Generates a batch of puzzles from the installed tables (none without tables)
    /// and stores the new ones; how many were new. One batch at a time.
    pub async fn refill_puzzles(&self) -> Result<u64, ServiceError> {
        let Some(tables) = self.core.engine.tables() else {
            return Ok(0);
        };
        if self.core.refilling.swap(true, Ordering::AcqRel) {
            return Ok(0);
        }
        let result = async {
            let (_, from_tables) = self.core.store.learning().puzzle_counts().await?;
            // A new seed per batch: batches do not repeat each other.
            let seed = 0x5EED_0000_u64 + u64::try_from(from_tables).unwrap_or(0);
            let found = Pictures::new(self.core)
                .heavy(move || {
                    let mut rng = Rng::new(seed);
                    engine::puzzles::from_tables(&tables, &mut rng, BATCH)
                        .iter()
                        .map(|p| new_puzzle(p, None))
                        .collect::<Vec<_>>()
                })
                .await?;
            Ok::<_, ServiceError>(
                self.core
                    .store
                    .learning()
                    .insert_puzzles(&found, self.core.now())
                    .await?,
            )
        }
        .await;
        self.core.refilling.store(false, Ordering::Release);
        let added = result?;
        tracing::info!(added, "puzzles generated from the endgame tables");
        Ok(added)
    }

    /// Queues a batch of puzzles (the scheduler runs it as a job).
    pub(super) fn refill_in_background(&self) {
        if self.core.refilling.load(Ordering::Acquire) {
            return;
        }
        let now = self.core.now();
        let job = NewJob {
            kind: JobKind::Puzzles,
            game_id: None,
            challenge_id: None,
            due_at: now,
            request: None,
        };
        let store = self.core.store.clone();
        self.core.background.spawn(async move {
            if let Err(err) = store.jobs().schedule(None, &[job], now).await {
                tracing::error!(error = %err, "could not queue puzzle generation");
            }
        });
        self.core.wake();
    }
}
