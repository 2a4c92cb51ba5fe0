//! What `/oware tournament …` asks for, as the adapters build it.

use crate::play::tournament::Format;

/// `/oware tournament …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// `/oware tournament` alone: this place's tournaments and how to use them.
    Overview,
    /// Create one, open for players to join.
    Create(TournamentOptions),
    /// Join one (the open one here when `None`).
    Join(Option<crate::store::TournamentId>),
    /// Leave one: before the start, or withdraw from the rounds to come.
    Leave(Option<crate::store::TournamentId>),
    /// Start one: its creator or an admin.
    Start(Option<crate::store::TournamentId>),
    /// Its standings, as a picture and text.
    Standings(Option<crate::store::TournamentId>),
}

/// `/oware tournament create`'s options; `None` takes the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentOptions {
    /// Its name.
    pub name: String,
    /// Round-robin or Swiss (default: Swiss when `rounds` is given, else round-robin).
    pub format: Option<Format>,
    /// Swiss: how many rounds.
    pub rounds: Option<u32>,
    /// Round-robin: meet twice, colours swapped.
    pub double: bool,
    /// The games' time control as typed (default: the server's, else 3 days a move).
    pub time: Option<String>,
    /// Whether the games are rated (default: the server's, else yes).
    pub rated: Option<bool>,
}
