//! The puzzles' supply: their stored form (the position as text, the goal, the line)
//! and batches generated from the endgame tables, at start-up and whenever a solver
//! has few unseen puzzles left (as a `puzzles` job).

use std::sync::atomic::Ordering;

use super::super::{Service, ServiceError};
use crate::store::JobKind;
use crate::{
    engine::{
        self,
        level::Rng,
        puzzles::{Goal, Puzzle},
    },
    rules::{Pit, Position, Side},
    store::{NewJob, NewPuzzle},
};

/// Puzzles generated from the tables per batch.
pub(super) const BATCH: usize = 50;
/// A new batch is generated when a solver has fewer unseen puzzles than this.
pub(super) const LOW: i64 = 20;

/// A puzzle's position as stored: `4,4,0,…,4/10,12/S`.
#[must_use]
pub fn encode(position: Position) -> String {
    let board: Vec<String> = position.board().iter().map(u8::to_string).collect();
    let [s, n] = position.scores();
    format!(
        "{}/{s},{n}/{}",
        board.join(","),
        position.to_move().letter()
    )
}

/// Reads [`encode`] back.
#[must_use]
pub fn decode(text: &str) -> Option<Position> {
    let mut parts = text.split('/');
    let (board, scores, side) = (parts.next()?, parts.next()?, parts.next()?);
    let mut pits = [0u8; 12];
    let mut counts = board.split(',');
    for pit in &mut pits {
        *pit = counts.next()?.parse().ok()?;
    }
    let (s, n) = scores.split_once(',')?;
    let side = Side::from_letter(side.chars().next()?)?;
    if counts.next().is_some() || parts.next().is_some() {
        return None;
    }
    Position::new(pits, [s.parse().ok()?, n.parse().ok()?], side).ok()
}

/// A found puzzle as stored; `from` is the game and ply it comes from.
pub(in crate::service) fn new_puzzle(p: &Puzzle, from: Option<(i64, i64)>) -> NewPuzzle {
    NewPuzzle {
        source: if from.is_some() { "game" } else { "tables" },
        game_id: from.map(|(game, _)| game),
        ply: from.map(|(_, ply)| ply),
        position: encode(p.position),
        solution: p.solution.letter().to_string(),
        line: line(&p.line),
        goal: match p.goal {
            Goal::Win => "win".to_owned(),
            Goal::Seeds(n) => format!("seeds:{n}"),
        },
    }
}

fn line(pits: &[Pit]) -> String {
    pits.iter()
        .map(|p| p.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Service {
    /// Generates a batch of puzzles from the installed tables (none without tables)
    /// and stores the new ones; how many were new. One batch at a time.
    pub async fn refill_puzzles(&self) -> Result<u64, ServiceError> {
        let Some(tables) = self.engine.tables() else {
            return Ok(0);
        };
        if self.refilling.swap(true, Ordering::AcqRel) {
            return Ok(0);
        }
        let result = async {
            let (_, from_tables) = self.store.puzzle_counts().await?;
            // A new seed per batch: batches do not repeat each other.
            let seed = 0x5EED_0000_u64 + u64::try_from(from_tables).unwrap_or(0);
            let found = self
                .heavy(move || {
                    let mut rng = Rng::new(seed);
                    engine::puzzles::from_tables(&tables, &mut rng, BATCH)
                        .iter()
                        .map(|p| new_puzzle(p, None))
                        .collect::<Vec<_>>()
                })
                .await?;
            Ok::<_, ServiceError>(self.store.insert_puzzles(&found, self.now()).await?)
        }
        .await;
        self.refilling.store(false, Ordering::Release);
        let added = result?;
        tracing::info!(added, "puzzles generated from the endgame tables");
        Ok(added)
    }

    /// Queues a batch of puzzles (the scheduler runs it as a job).
    pub(super) fn refill_in_background(&self) {
        if self.refilling.load(Ordering::Acquire) {
            return;
        }
        let now = self.now();
        let job = NewJob {
            kind: JobKind::Puzzles,
            game_id: None,
            challenge_id: None,
            due_at: now,
            request: None,
        };
        let store = self.store.clone();
        self.spawn_background(async move {
            if let Err(err) = store.schedule(None, &[job], now).await {
                tracing::error!(error = %err, "could not queue puzzle generation");
            }
        });
        self.wake();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_and_junk_is_refused() {
        let p = Position::new([1, 0, 3, 0, 0, 2, 0, 1, 0, 0, 4, 0], [20, 17], Side::North)
            .expect("a position");
        let text = encode(p);
        assert_eq!(text, "1,0,3,0,0,2,0,1,0,0,4,0/20,17/N");
        assert_eq!(decode(&text), Some(p));
        assert_eq!(decode(&encode(Position::START)), Some(Position::START));
        for junk in ["", "1,2/3,4/S", "1,0,3,0,0,2,0,1,0,0,4,0/20,17", "x/y/z"] {
            assert_eq!(decode(junk), None, "{junk}");
        }
    }
}
