//! Move ordering: the transposition-table move, then captures (largest first), then
//! killer moves (quiet moves that refuted a sibling line), then by history (how
//! often a pit's move caused a cut-off, deeper cut-offs counting more).
//!
//! Counter-moves (the quiet move that last refuted the opponent's previous move,
//! ordered after the killers) were tried and dropped: in self-play they scored
//! 49.2% over 200 games, and kept out of the reductions they cost 19% more nodes
//! at depth 16 (docs/engine.md).

use super::search::settings::{Features, MAX_PLY};
use crate::rules::{Pit, Position, Variant};

/// Killer and history tables.
pub(super) struct Ordering {
    killers: [[Option<u8>; 2]; MAX_PLY],
    history: [[u32; 12]; 2],
    /// Whether history orders moves (it does, but for measuring).
    use_history: bool,
}

/// Ordering keys at or above this are not reduced by late-move reductions: the
/// table move, captures and killers.
pub(super) const NOT_LATE: u32 = 1 << 27;

impl Ordering {
    pub(super) fn new(features: Features) -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 12]; 2],
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

    /// The moves of `position` in search order.
    pub(super) fn order(
        &self,
        position: Position,
        ply: usize,
        tt_move: Option<u8>,
        variant: Variant,
    ) -> MoveList {
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

    /// Remembers a quiet move that refuted a line.
    pub(super) fn cutoff(
        &mut self,
        position: Position,
        pit: Pit,
        ply: usize,
        depth: u32,
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
