//! Building the tables: Gauss–Seidel value iteration, one seed count at a time.
//!
//! A capture leads to a board with fewer seeds, already solved; a move without one
//! stays among the boards with the same seeds, which form a graph with cycles. Every
//! value starts at 0 (the score of play that never leaves the cycle) and each sweep
//! replaces a value by the best move's; when a sweep changes nothing, the values are
//! those of the game in which endless capture-free play scores 0. (After `k` sweeps a
//! value is that of the game cut off, scoring 0, no earlier than `k` plies ahead; once
//! stable it stays so for every larger cut-off, whose limit is that game's value.)

use super::{index, mover_board, Tables};
use crate::rules::{Position, Side, Variant, TOTAL_SEEDS};

/// Where a build is, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The seed count being solved.
    pub seeds: usize,
    /// Sweeps over that seed count so far (the current one included).
    pub sweep: u32,
    /// Positions done in all seed counts, counting each seed count once.
    pub done: u64,
    /// Positions in all the tables.
    pub total: u64,
}

/// A position with this board (mover's row first), the mover to move as South, and
/// scores that keep the game undecided (the tables ignore banked scores).
fn position_of(board: [u8; 12]) -> Position {
    let on_board: u8 = board.iter().sum();
    let banked = TOTAL_SEEDS - on_board;
    Position::new(board, [banked / 2, banked - banked / 2], Side::South)
        .expect("board and scores add up to 48 by construction")
}

/// The best value of the board for the mover, given the tables for fewer seeds
/// (`solved`) and the current values for this seed count (`current`).
#[inline]
fn best_value(board: [u8; 12], solved: &[Vec<i8>], current: &[i8]) -> i8 {
    let position = position_of(board);
    let moves = position.legal_moves(Variant::Abapa);
    if moves.is_empty() {
        // No move (or no feeding move): each side takes its own row.
        let own: i32 = board[..6].iter().map(|&s| i32::from(s)).sum();
        let other: i32 = board[6..].iter().map(|&s| i32::from(s)).sum();
        return (own - other) as i8;
    }
    let mut best = i8::MIN;
    for pit in moves {
        let (child, effect) = position.play_unchecked(pit, Variant::Abapa);
        let child_board = mover_board(child);
        let r = index::rank(&child_board) as usize;
        let value = if effect.captured > 0 {
            let left = usize::from(board.iter().sum::<u8>() - effect.captured);
            effect.captured as i8 - solved[left][r]
        } else {
            -current[r]
        };
        best = best.max(value);
    }
    best
}

/// Builds the tables for every board with at most `max_seeds` seeds, calling
/// `progress` now and then (from the building thread).
///
/// # Panics
/// If `max_seeds` is more than 48.
pub fn build(max_seeds: usize, mut progress: impl FnMut(Progress)) -> Tables {
    assert!(max_seeds <= index::MAX_SEEDS, "at most 48 seeds");
    let total: u64 = (0..=max_seeds).map(index::count).sum();
    let mut solved: Vec<Vec<i8>> = Vec::with_capacity(max_seeds + 1);
    let mut done = 0u64;
    for n in 0..=max_seeds {
        let size = index::count(n);
        let mut current = vec![0i8; size as usize];
        let mut sweep = 0;
        loop {
            sweep += 1;
            let mut changed = false;
            let mut board = [0u8; 12];
            board[11] = n as u8;
            let mut r = 0usize;
            loop {
                let value = best_value(board, &solved, &current);
                if current[r] != value {
                    current[r] = value;
                    changed = true;
                }
                r += 1;
                if r % (1 << 20) == 0 && sweep == 1 {
                    progress(Progress {
                        seeds: n,
                        sweep,
                        done: done + r as u64,
                        total,
                    });
                }
                if !index::next(&mut board) {
                    break;
                }
            }
            progress(Progress {
                seeds: n,
                sweep,
                done: done + size,
                total,
            });
            if !changed {
                break;
            }
        }
        done += size;
        solved.push(current);
    }
    Tables::from_values(solved).expect("every seed count was built at its full size")
}
