//! Endgame tables: the best final seed difference the side to move can force from
//! every position with at most `N` seeds on the board (abapa rules), built by
//! retrograde value iteration over a dense combinatorial index.
//!
//! # What a value means
//! The value of a position is the seeds the side to move will still capture minus
//! the seeds the opponent will, counting the final sweep (each side takes its own
//! row when a side cannot move or feed). Scores already banked do not matter, so a
//! table entry serves every position with that board and side to move. The search
//! adds the banked scores back.
//!
//! Two simplifications, both documented where the search uses them:
//! - The 25-seed ending is not applied inside the tables. It never changes who wins
//!   (a side with 25 of 48 has won whatever follows), only by how much.
//! - The repetition ending depends on the history since the last capture, which a
//!   table cannot see. A table entry is the value of the game in which a line that
//!   would go on forever without a capture scores 0 (the remaining seeds shared
//!   evenly); every line that leaves through a capture or a final sweep is exact.

mod build;
pub mod index;

pub use build::{build, Progress};

use crate::rules::{Position, Side, Variant};

/// Endgame tables for every board with `0..=max_seeds` seeds.
#[derive(Clone, PartialEq, Eq)]
pub struct Tables {
    /// `values[n][rank]`: the value for the side to move of the board with `n` seeds
    /// at that rank, seen from the mover (mover's row first).
    values: Vec<Vec<i8>>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables {{ max_seeds: {} }}", self.max_seeds())
    }
}

/// The board seen from the side to move: the mover's row first.
#[inline]
#[must_use]
pub fn mover_board(position: Position) -> [u8; 12] {
    let board = position.board();
    match position.to_move() {
        Side::South => board,
        Side::North => {
            let mut turned = [0u8; 12];
            turned[..6].copy_from_slice(&board[6..]);
            turned[6..].copy_from_slice(&board[..6]);
            turned
        }
    }
}

impl Tables {
    /// Tables from their values, one vector per seed count from 0 up.
    ///
    /// # Errors
    /// When a vector does not have exactly [`index::count`] entries.
    pub fn from_values(values: Vec<Vec<i8>>) -> Result<Tables, String> {
        for (n, v) in values.iter().enumerate() {
            if v.len() as u64 != index::count(n) {
                return Err(format!(
                    "the table for {n} seeds has {} entries, expected {}",
                    v.len(),
                    index::count(n)
                ));
            }
        }
        if values.is_empty() || values.len() > index::MAX_SEEDS + 1 {
            return Err(format!("{} seed counts is not a table", values.len()));
        }
        Ok(Tables { values })
    }

    /// The largest number of seeds on the board the tables cover.
    #[must_use]
    pub fn max_seeds(&self) -> usize {
        self.values.len() - 1
    }

    /// The values for boards with `n` seeds, in rank order.
    #[must_use]
    pub fn values(&self, n: usize) -> &[i8] {
        &self.values[n]
    }

    /// The final seed difference the side to move can force from here, not counting
    /// scores already banked; `None` when the position has too many seeds or the
    /// variant is not abapa (the tables are built for abapa).
    #[inline]
    #[must_use]
    pub fn probe(&self, position: Position, variant: Variant) -> Option<i8> {
        if variant != Variant::Abapa {
            return None;
        }
        let board = mover_board(position);
        let n: usize = board.iter().map(|&s| usize::from(s)).sum();
        let table = self.values.get(n)?;
        Some(table[index::rank(&board) as usize])
    }
}

#[cfg(test)]
mod tests;
