//! What a search is asked (its [`Limits`] and the [`Features`] switched on) and what
//! each finished iteration reports.

use std::time::Duration;

use crate::rules::Pit;

/// The deepest line searched.
pub(in crate::engine) const MAX_PLY: usize = 128;

/// When a search must stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Stop after about this many nodes (checked every few hundred nodes).
    pub nodes: u64,
    /// Stop after this long; no new iteration starts after half of it.
    pub time: Option<Duration>,
}

impl Limits {
    /// A fixed-depth search: deterministic.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            time: None,
        }
    }

    /// A search limited by time only.
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: MAX_PLY as u32 - 8,
            nodes: u64::MAX,
            time: Some(time),
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Depth of the iteration.
    pub depth: u32,
    /// The best move.
    pub best: Pit,
    /// Its value for the side to move.
    pub value: i32,
    /// Nodes searched since the search began.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// The parts of the search that can be switched off, to measure what each is worth
/// in self-play (`oware-bot engine --without …`). All are on in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Late-move reductions.
    pub reductions: bool,
    /// Aspiration windows at the root (otherwise every iteration has a full window).
    pub aspiration: bool,
    /// The history heuristic in the move ordering (otherwise the quiet moves that
    /// are not killers are left unordered).
    pub history: bool,
    /// The transposition table kept from one search to the next (otherwise it is
    /// emptied before each search, as a fresh table would be).
    pub kept_table: bool,
    /// The transposition table at all. Without it (and without reductions) the
    /// search gives exactly the fixed-depth minimax value, which the tests check;
    /// with it, a deeper entry may answer a shallower search.
    pub table: bool,
}

impl Features {
    /// Everything on: how the bot plays.
    pub const ALL: Features = Features {
        reductions: true,
        aspiration: true,
        history: true,
        kept_table: true,
        table: true,
    };
}
