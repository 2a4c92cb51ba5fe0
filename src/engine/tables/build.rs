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

/// One seed count's moves, precomputed so that each sweep is only table look-ups:
/// for every board (in rank order) the best value of its exits (captures and the
/// final sweep; `i8::MIN` if none) and the ranks of its capture-free children.
struct Graph {
    exit: Vec<i8>,
    degree: Vec<u8>,
    children: Vec<u32>,
}

/// Precomputes the moves of every board with `n` seeds, given the solved tables for
/// fewer seeds.
fn graph(n: usize, solved: &[Vec<i8>], mut tick: impl FnMut(u64)) -> Graph {
    let size = index::count(n) as usize;
    let mut g = Graph {
        exit: Vec::with_capacity(size),
        degree: Vec::with_capacity(size),
        children: Vec::with_capacity(size * 4),
    };
    let mut board = [0u8; 12];
    board[11] = n as u8;
    loop {
        let position = position_of(board);
        let moves = position.legal_moves(Variant::Abapa);
        let mut exit = i8::MIN;
        let mut degree = 0u8;
        if moves.is_empty() {
            // No move (or no feeding move): each side takes its own row.
            let own: i32 = board[..6].iter().map(|&s| i32::from(s)).sum();
            let other: i32 = board[6..].iter().map(|&s| i32::from(s)).sum();
            exit = (own - other) as i8;
        }
        for pit in moves {
            let (child, effect) = position.play_unchecked(pit, Variant::Abapa);
            let child_board = mover_board(child);
            let r = index::rank(&child_board);
            if effect.captured > 0 {
                let left = n - usize::from(effect.captured);
                exit = exit.max(effect.captured as i8 - solved[left][r as usize]);
            } else {
                g.children.push(r as u32);
                degree += 1;
            }
        }
        g.exit.push(exit);
        g.degree.push(degree);
        if g.exit.len() % (1 << 20) == 0 {
            tick(g.exit.len() as u64);
        }
        if !index::next(&mut board) {
            break;
        }
    }
    g
}

/// One Gauss–Seidel sweep, forwards or backwards; whether any value changed.
fn sweep(g: &Graph, values: &mut [i8], forwards: bool) -> bool {
    let mut changed = false;
    let mut update = |r: usize, children: &[u32], values: &mut [i8]| {
        let best = children
            .iter()
            .map(|&c| -values[c as usize])
            .fold(g.exit[r], i8::max);
        if values[r] != best {
            values[r] = best;
            changed = true;
        }
    };
    if forwards {
        let mut at = 0;
        for r in 0..values.len() {
            let d = usize::from(g.degree[r]);
            update(r, &g.children[at..at + d], values);
            at += d;
        }
    } else {
        let mut at = g.children.len();
        for r in (0..values.len()).rev() {
            let d = usize::from(g.degree[r]);
            at -= d;
            update(r, &g.children[at..at + d], values);
        }
    }
    changed
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
        let g = graph(n, &solved, |k| {
            progress(Progress {
                seeds: n,
                sweep: 0,
                done: done + k,
                total,
            });
        });
        // Boards without capture-free moves are final at once; the rest start at 0.
        let mut values: Vec<i8> = g
            .exit
            .iter()
            .zip(&g.degree)
            .map(|(&e, &d)| if d == 0 { e } else { 0 })
            .collect();
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let changed = sweep(&g, &mut values, sweeps % 2 == 1);
            progress(Progress {
                seeds: n,
                sweep: sweeps,
                done: done + size,
                total,
            });
            if !changed {
                break;
            }
        }
        done += size;
        solved.push(values);
    }
    Tables::from_values(solved).expect("every seed count was built at its full size")
}
