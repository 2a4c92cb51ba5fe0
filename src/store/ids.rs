//! The ids of stored things, each its own type: a game's number cannot be passed
//! where a tournament's is meant. Each is stored and bound as the integer it wraps,
//! and written as that number (`#12` is `format!("#{id}")`).

use std::fmt;

/// A game's id, the number players name it by (`#12`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    sqlx::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct GameId(i64);

impl GameId {
    /// The game numbered `id`.
    #[must_use]
    pub const fn new(id: i64) -> GameId {
        GameId(id)
    }

    /// The number.
    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<GameId> for i64 {
    fn from(id: GameId) -> i64 {
        id.0
    }
}

impl std::str::FromStr for GameId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<GameId, Self::Err> {
        text.parse().map(GameId)
    }
}
