//! The root of the search: iterative deepening with aspiration windows (the hard
//! level's [`Searcher::search`]), and every root move scored with a full window
//! (the easier levels and the analysis). The tree below the root is in the parent
//! module.

use std::time::Duration;

use super::late_moves::late_move_value;
use super::{Limits, Report, Searcher, ASPIRATION, ASPIRATION_DEPTH, INFINITY, WIN};
use crate::engine::eval::SEED;
use crate::rules::{Game, Pit, Position};

impl Searcher<'_> {
    /// Searches the current position of `game` by iterative deepening, calling
    /// `report` after every finished iteration. Returns the last report, or `None`
    /// when the game is over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        mut report: impl FnMut(&Report),
    ) -> Option<Report> {
        let legal = game.legal_moves();
        let first = legal.into_iter().next()?;
        self.start(game, limits);
        let root = game.position();
        let mut best = Report {
            depth: 0,
            best: first,
            value: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        for depth in 1..=limits.depth.max(1) {
            let (value, mv) = self.aspirated(root, depth, best.best, best.value);
            if self.aborted {
                // A move that finished this iteration ahead of the old best is better.
                if let Some((value, pit)) = mv {
                    best.best = pit;
                    best.value = value;
                }
                break;
            }
            if let Some(pit) = mv {
                best = Report {
                    depth,
                    best: pit.1,
                    value,
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                };
                report(&best);
            }
            if legal.len() == 1 || value.abs() >= WIN || self.out_of_time(2) {
                break;
            }
        }
        best.nodes = self.nodes;
        best.elapsed = self.started.elapsed();
        Some(best)
    }

    /// The values of every legal move of `game`, each searched with a full window to
    /// `depth` (for the levels that choose among moves with noise).
    pub fn score_moves(&mut self, game: &Game, depth: u32) -> Vec<(Pit, i32)> {
        self.start(game, Limits::depth(depth));
        let root = game.position();
        game.legal_moves()
            .into_iter()
            .map(|pit| {
                let value = -self.child(root, pit, depth, 1, -INFINITY, INFINITY);
                (pit, value)
            })
            .collect()
    }

    /// The values of every legal move of `game` (in ascending pit order), each
    /// searched with a full window to `depth` plies counting the move itself (as
    /// [`Searcher::search`] counts depth), stopping after about `nodes` nodes: `None`
    /// when the limit cut the round short (its values would be partial). Node-limited,
    /// so reproducible: the same calls on the same searcher give the same values.
    pub fn score_moves_within(
        &mut self,
        game: &Game,
        depth: u32,
        nodes: u64,
    ) -> Option<Vec<(Pit, i32)>> {
        let limits = Limits {
            depth: depth.max(1),
            nodes,
            time: None,
        };
        self.start(game, limits);
        let root = game.position();
        let mut values = Vec::with_capacity(6);
        for pit in game.legal_moves() {
            let value = -self.child(root, pit, limits.depth - 1, 1, -INFINITY, INFINITY);
            if self.aborted {
                return None;
            }
            values.push((pit, value));
        }
        Some(values)
    }

    /// One root iteration within an aspiration window around the last iteration's
    /// value, widened (doubling) on each side the value falls outside.
    fn aspirated(
        &mut self,
        root: Position,
        depth: u32,
        previous: Pit,
        guess: i32,
    ) -> (i32, Option<(i32, Pit)>) {
        if depth < ASPIRATION_DEPTH || guess.abs() >= WIN || !self.features.aspiration {
            return self.root(root, depth, previous, -INFINITY, INFINITY);
        }
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let (value, mv) = self.root(root, depth, previous, alpha, beta);
            if self.aborted {
                return (value, mv);
            }
            delta *= 2;
            if value <= alpha && alpha > -INFINITY {
                alpha = if delta > 8 * SEED {
                    -INFINITY
                } else {
                    value - delta
                };
            } else if value >= beta && beta < INFINITY {
                beta = if delta > 8 * SEED {
                    INFINITY
                } else {
                    value + delta
                };
            } else {
                return (value, mv);
            }
        }
    }

    /// One root iteration in the window `alpha..beta`: the value and the best move
    /// (with its value, for an aborted iteration: the best move that was searched
    /// to the end; none when every move failed low).
    fn root(
        &mut self,
        root: Position,
        depth: u32,
        previous: Pit,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<(i32, Pit)>) {
        let moves = self
            .order
            .order(root, 0, Some(previous.index() as u8), self.variant);
        let mut best: Option<(i32, Pit)> = None;
        for (i, &(pit, _)) in moves.as_slice().iter().enumerate() {
            let mut search = |d: u32, a: i32, b: i32| {
                let v = -self.child(root, pit, d, 1, -b, -a);
                (!self.aborted).then_some(v)
            };
            let value = if i == 0 {
                search(depth - 1, alpha, beta)
            } else {
                late_move_value(depth - 1, 0, alpha, beta, search)
            };
            let Some(value) = value else {
                break;
            };
            if value > alpha {
                alpha = value;
                best = Some((value, pit));
                if alpha >= beta {
                    break;
                }
            }
        }
        (alpha, best)
    }
}
