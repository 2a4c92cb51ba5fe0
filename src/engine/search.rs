//! The search: negamax alpha-beta with principal-variation search, iterative
//! deepening with aspiration windows, late-move reductions, a transposition table
//! kept between searches, move ordering (table move, captures, killers,
//! history), a time budget and a node limit, and the endgame tables
//! at the leaves.
//!
//! Values are in hundredths of a seed for the side to move. A finished game is worth
//! its final seed difference plus [`WIN`] for the winner (minus for the loser), so
//! any win beats any unfinished position.
//!
//! The repetition ending is applied along the searched line exactly as [`Game`]
//! applies it: a move without a capture that reaches a position seen since the last
//! capture ends the game with each side taking its own row. Transposition-table
//! values ignore the history that led to a position (the usual compromise).

use std::time::Instant;

use super::eval::{evaluate, Weights, SEED};
use super::ordering::Ordering;
use super::tables::Tables;
use super::tt::{Bound, Entry, Probes, Table};
use crate::rules::{Game, Pit, Position, Variant, WINNING_SCORE};

mod late_moves;
mod root;
pub(super) mod settings;
#[cfg(test)]
mod tests;

use late_moves::late_move_value;
use settings::MAX_PLY;
pub use settings::{Features, Limits, Report};

/// The bonus for a won game (the loser gets minus this).
pub const WIN: i32 = 10_000 * SEED;
const INFINITY: i32 = 2 * WIN;
/// The first aspiration window's half-width (half a seed), from this depth on.
const ASPIRATION: i32 = SEED / 2;
const ASPIRATION_DEPTH: u32 = 5;

/// A search engine: keeps its transposition table between searches.
pub struct Searcher<'t> {
    tt: Table,
    weights: Weights,
    tables: Option<&'t Tables>,
    variant: Variant,
    /// Position keys along the current line, from the last capture (the game's
    /// history included).
    path: Vec<u128>,
    /// Where the current capture-free stretch of `path` starts.
    since_capture: usize,
    order: Ordering,
    /// The parts of the search that are on (all, but for measuring them).
    features: Features,
    nodes: u64,
    next_check: u64,
    limits: Limits,
    started: Instant,
    aborted: bool,
}

/// The value of a finished game for `position`'s side to move.
#[must_use]
pub fn final_value(position: Position) -> i32 {
    let me = position.to_move();
    let diff = i32::from(position.score(me)) - i32::from(position.score(me.opponent()));
    with_outcome(diff)
}

/// A final seed difference as a search value.
fn with_outcome(diff: i32) -> i32 {
    diff * SEED + diff.signum() * WIN
}

impl<'t> Searcher<'t> {
    /// A searcher with a `2^tt_bits`-slot table, the given evaluation weights and
    /// (optionally) endgame tables.
    #[must_use]
    pub fn new(tt_bits: u32, weights: Weights, tables: Option<&'t Tables>) -> Searcher<'t> {
        Searcher {
            tt: Table::new(tt_bits),
            weights,
            tables,
            variant: Variant::Abapa,
            path: Vec::new(),
            since_capture: 0,
            order: Ordering::new(Features::ALL),
            features: Features::ALL,
            nodes: 0,
            next_check: 0,
            limits: Limits::depth(1),
            started: Instant::now(),
            aborted: false,
        }
    }

    /// Forgets the transposition table and move-ordering statistics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order = Ordering::new(self.features);
    }

    /// Gives the searcher endgame tables (or takes them away); its transposition
    /// table stays valid either way.
    pub fn use_tables(&mut self, tables: Option<&'t Tables>) {
        self.tables = tables;
    }

    /// The same searcher (its transposition table and move-ordering statistics)
    /// with `tables` instead of its own: a searcher kept between moves holds none,
    /// and each search lends it the tables of the moment (see [`super::Engine`]).
    #[must_use]
    pub fn with_tables<'u>(self, tables: Option<&'u Tables>) -> Searcher<'u> {
        Searcher {
            tt: self.tt,
            weights: self.weights,
            tables,
            variant: self.variant,
            path: self.path,
            since_capture: self.since_capture,
            order: self.order,
            features: self.features,
            nodes: self.nodes,
            next_check: self.next_check,
            limits: self.limits,
            started: self.started,
            aborted: self.aborted,
        }
    }

    /// Whether the searcher has endgame tables.
    #[must_use]
    pub fn has_tables(&self) -> bool {
        self.tables.is_some()
    }

    /// Switches parts of the search off (all are on by default), for measuring
    /// what each one is worth. Forgets the move-ordering statistics.
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
        self.order = Ordering::new(features);
    }

    /// Transposition-table lookups and hits since the searcher was made.
    #[must_use]
    pub fn tt_probes(&self) -> Probes {
        self.tt.probes()
    }

    /// Sets up the line for a search from the current position of `game`.
    fn start(&mut self, game: &Game, limits: Limits) {
        if !self.features.kept_table {
            self.tt.clear();
        }
        self.tt.new_search();
        self.variant = game.variant();
        self.path.clear();
        self.path.push(game.start().key());
        for ply in game.plies() {
            if ply.effect.captured > 0 {
                self.path.clear();
            }
            self.path.push(ply.after.key());
        }
        self.since_capture = 0;
        self.order.new_search();
        self.nodes = 0;
        self.next_check = 1024.min(limits.nodes);
        self.limits = limits;
        self.started = Instant::now();
        self.aborted = false;
    }

    /// The move the transposition table holds for `position`, if any (a best move
    /// found by an earlier search; the caller checks that it is legal).
    #[must_use]
    pub fn table_move(&self, position: Position) -> Option<Pit> {
        self.tt
            .peek(position)
            .and_then(|e| e.best)
            .and_then(|i| Pit::new(usize::from(i)))
    }

    /// Whether the budget (divided by `divisor`) is spent.
    fn out_of_time(&self, divisor: u32) -> bool {
        self.limits
            .time
            .is_some_and(|t| self.started.elapsed() >= t / divisor)
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.limits.nodes || self.out_of_time(1) {
            self.aborted = true;
        }
    }

    /// Plays `pit` from `parent` and searches the child to `depth`; the value is for
    /// the child's side to move.
    fn child(
        &mut self,
        parent: Position,
        pit: Pit,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mover = parent.to_move();
        let (child, effect) = parent.play_unchecked(pit, self.variant);
        if child.score(mover) >= WINNING_SCORE {
            self.nodes += 1;
            return final_value(child);
        }
        let key = child.key();
        if effect.captured == 0 && self.path[self.since_capture..].contains(&key) {
            self.nodes += 1;
            return final_value(child.swept());
        }
        let saved = self.since_capture;
        if effect.captured > 0 {
            self.since_capture = self.path.len();
        }
        self.path.push(key);
        let value = self.negamax(child, depth, ply, alpha, beta);
        self.path.pop();
        self.since_capture = saved;
        value
    }

    fn negamax(
        &mut self,
        position: Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            self.check_limits();
        }
        if self.aborted {
            return 0;
        }
        let legal = position.legal_moves(self.variant);
        if legal.is_empty() {
            return final_value(position.swept());
        }
        if let Some(d) = self.tables.and_then(|t| t.probe(position, self.variant)) {
            let me = position.to_move();
            let banked = i32::from(position.score(me)) - i32::from(position.score(me.opponent()));
            return with_outcome(banked + i32::from(d));
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            return evaluate(position, &self.weights);
        }
        let original_alpha = alpha;
        let entry = if self.features.table {
            self.tt.get(position)
        } else {
            None
        };
        if let Some(e) = entry {
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
        }
        let moves = self
            .order
            .order(position, ply, entry.and_then(|e| e.best), self.variant);
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for (i, &(pit, key)) in moves.as_slice().iter().enumerate() {
            let reduction = self.reduction(i, key, depth);
            let mut search = |d: u32, a: i32, b: i32| {
                let v = -self.child(position, pit, d, ply + 1, -b, -a);
                (!self.aborted).then_some(v)
            };
            let value = if i == 0 {
                search(depth - 1, alpha, beta)
            } else {
                late_move_value(depth - 1, reduction, alpha, beta, search)
            };
            let Some(value) = value else {
                return 0;
            };
            if value > best_value {
                best_value = value;
                best_move = Some(pit.index() as u8);
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                self.order.cutoff(position, pit, ply, depth, self.variant);
                break;
            }
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.features.table {
            self.tt.put(
                position,
                Entry {
                    depth: depth.min(255) as u8,
                    value: best_value,
                    bound,
                    best: best_move,
                },
            );
        }
        best_value
    }

    /// Nodes searched by the last search.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
