//! Move ordering: the transposition-table move, then captures (largest first), then
//! killer moves (quiet moves that refuted a sibling line), then the counter-move (the
//! quiet move that last refuted the opponent's previous move), then by history (how
//! often a pit's move caused a cut-off, deeper cut-offs counting more).

use super::search::{Features, MAX_PLY};
use crate::rules::{Pit, Position, Variant};

/// Killer and history tables.
pub(super) struct Ordering {
    killers: [[Option<u8>; 2]; MAX_PLY],
    history: [[u32; 12]; 2],
    /// By the board index of the previous move: the quiet move that refuted it.
    counters: [Option<u8>; 12],
    /// Whether counter-moves and history order moves (both, but for measuring).
    use_counters: bool,
    use_history: bool,
}

/// Ordering keys at or above this are not reduced by late-move reductions: the
/// table move, captures, killers and the counter-move.
pub(super) const NOT_LATE: u32 = 1 << 27;

impl Ordering {
    pub(super) fn new(features: Features) -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 12]; 2],
            counters: [None; 12],
            use_counters: features.counter_moves,
            use_history: features.history,
        }
    }

    /// Forgets the killers and ages the history (a new search).
    pub(super) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for side in &mut self.history {
            for h in side.iter_mut() {
                *h /= 8;
            }
        }
    }

    /// The moves of `position` in search order; `previous` is the board index of
    /// the move that led to it, if any.
    pub(super) fn order(
        &self,
        position: Position,
        ply: usize,
        tt_move: Option<u8>,
        previous: Option<u8>,
        variant: Variant,
    ) -> MoveList {
        let counter = previous
            .filter(|_| self.use_counters)
            .and_then(|p| self.counters[usize::from(p)]);
        let side = position.to_move().index();
        let mut list = MoveList::default();
        for pit in position.legal_moves(variant) {
            let i = pit.index() as u8;
            let (_, effect) = position.play_unchecked(pit, variant);
            let key = if Some(i) == tt_move {
                u32::MAX
            } else if effect.captured > 0 {
                1 << 30 | u32::from(effect.captured) << 20
            } else if self.killers[ply][0] == Some(i) {
                1 << 29
            } else if self.killers[ply][1] == Some(i) {
                1 << 28
            } else if counter == Some(i) {
                NOT_LATE
            } else if self.use_history {
                self.history[side][pit.index()].min(NOT_LATE - 1)
            } else {
                0
            };
            list.push(pit, key);
        }
        list.sort();
        list
    }

    /// Remembers a quiet move that refuted a line (reached by `previous`).
    pub(super) fn cutoff(
        &mut self,
        position: Position,
        pit: Pit,
        ply: usize,
        depth: u32,
        previous: Option<u8>,
        variant: Variant,
    ) {
        let i = pit.index() as u8;
        if position.play_unchecked(pit, variant).1.captured > 0 {
            return;
        }
        if self.killers[ply][0] != Some(i) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(i);
        }
        if let Some(p) = previous {
            self.counters[usize::from(p)] = Some(i);
        }
        let h = &mut self.history[position.to_move().index()][pit.index()];
        *h = h.saturating_add(depth * depth);
    }
}

/// Up to six moves with ordering keys, sorted best first; no allocation.
pub(super) struct MoveList {
    moves: [(Pit, u32); 6],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            moves: [(Pit::ALL[0], 0); 6],
            len: 0,
        }
    }
}

impl MoveList {
    pub(super) fn push(&mut self, pit: Pit, key: u32) {
        self.moves[self.len] = (pit, key);
        self.len += 1;
    }

    pub(super) fn sort(&mut self) {
        self.moves[..self.len].sort_unstable_by_key(|&(_, key)| std::cmp::Reverse(key));
    }

    pub(super) fn as_slice(&self) -> &[(Pit, u32)] {
        &self.moves[..self.len]
    }
}
