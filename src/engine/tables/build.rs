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
/// final sweep; `i8::MIN` if none), the ranks of its capture-free children, and the
/// reverse: the boards that reach it without a capture.
struct Graph {
    exit: Vec<i8>,
    /// `children[first[r]..first[r + 1]]` are board `r`'s capture-free children.
    first: Vec<u32>,
    children: Vec<u32>,
    /// `parents[parent_first[r]..parent_first[r + 1]]` reach board `r`.
    parent_first: Vec<u32>,
    parents: Vec<u32>,
}

impl Graph {
    fn children(&self, r: usize) -> &[u32] {
        &self.children[self.first[r] as usize..self.first[r + 1] as usize]
    }

    fn parents(&self, r: usize) -> &[u32] {
        &self.parents[self.parent_first[r] as usize..self.parent_first[r + 1] as usize]
    }
}

/// Precomputes the moves of every board with `n` seeds, given the solved tables for
/// fewer seeds.
fn graph(n: usize, solved: &[Vec<i8>], mut tick: impl FnMut(u64)) -> Graph {
    let size = index::count(n) as usize;
    let mut exits = Vec::with_capacity(size);
    let mut first = Vec::with_capacity(size + 1);
    let mut children = Vec::with_capacity(size * 4);
    let mut board = [0u8; 12];
    board[11] = n as u8;
    loop {
        first.push(children.len() as u32);
        let position = position_of(board);
        let moves = position.legal_moves(Variant::Abapa);
        let mut exit = i8::MIN;
        if moves.is_empty() {
            // No move (or no feeding move): each side takes its own row.
            let own: i32 = board[..6].iter().map(|&s| i32::from(s)).sum();
            let other: i32 = board[6..].iter().map(|&s| i32::from(s)).sum();
            exit = (own - other) as i8;
        }
        for pit in moves {
            let (child, effect) = position.play_unchecked(pit, Variant::Abapa);
            let r = index::rank(&mover_board(child));
            if effect.captured > 0 {
                let left = n - usize::from(effect.captured);
                exit = exit.max(effect.captured as i8 - solved[left][r as usize]);
            } else {
                children.push(r as u32);
            }
        }
        exits.push(exit);
        if exits.len() % (1 << 20) == 0 {
            tick(exits.len() as u64);
        }
        if !index::next(&mut board) {
            break;
        }
    }
    first.push(children.len() as u32);
    // The reverse edges, by counting sort.
    let mut parent_first = vec![0u32; size + 1];
    for &c in &children {
        parent_first[c as usize + 1] += 1;
    }
    for r in 0..size {
        parent_first[r + 1] += parent_first[r];
    }
    let mut fill = parent_first.clone();
    let mut parents = vec![0u32; children.len()];
    for r in 0..size {
        for &c in &children[first[r] as usize..first[r + 1] as usize] {
            parents[fill[c as usize] as usize] = r as u32;
            fill[c as usize] += 1;
        }
    }
    Graph {
        exit: exits,
        first,
        children,
        parent_first,
        parents,
    }
}

/// One Gauss–Seidel sweep, forwards or backwards, over the boards marked dirty (the
/// others' children have not changed since they were last computed, so they would
/// keep their values); marks the parents of every board that changes. Whether any
/// value changed.
fn sweep(g: &Graph, values: &mut [i8], dirty: &mut [u64], forwards: bool) -> bool {
    let mut changed = false;
    let words = dirty.len();
    for k in 0..words {
        let w = if forwards { k } else { words - 1 - k };
        // Boards marked while this word is being worked on are taken next sweep.
        let mut bits = std::mem::take(&mut dirty[w]);
        while bits != 0 {
            let bit = if forwards {
                bits.trailing_zeros()
            } else {
                63 - bits.leading_zeros()
            };
            bits &= !(1u64 << bit);
            let r = w * 64 + bit as usize;
            let best = g
                .children(r)
                .iter()
                .map(|&c| -values[c as usize])
                .fold(g.exit[r], i8::max);
            if values[r] != best {
                values[r] = best;
                changed = true;
                for &p in g.parents(r) {
                    dirty[p as usize / 64] |= 1 << (p % 64);
                }
            }
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
        // Boards without capture-free moves are final at once; the rest start at 0
        // and are all computed in the first sweep.
        let mut values: Vec<i8> = (0..size as usize)
            .map(|r| {
                if g.children(r).is_empty() {
                    g.exit[r]
                } else {
                    0
                }
            })
            .collect();
        let mut dirty = vec![0u64; (size as usize).div_ceil(64)];
        for r in 0..size as usize {
            if !g.children(r).is_empty() {
                dirty[r / 64] |= 1 << (r % 64);
            }
        }
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let changed = sweep(&g, &mut values, &mut dirty, sweeps % 2 == 1);
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
