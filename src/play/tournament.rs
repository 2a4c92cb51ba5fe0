//! The pure core of tournaments (issue 16): who plays whom, and who is ahead.
//! No I/O, no `async`: rounds played go in, pairings, standings and a crosstable
//! come out. Storing tournaments and starting their games belongs to the callers.
//!
//! - [`round_robin`]: the circle (Berger) method; [`withdraw`] drops a player from
//!   the rounds still to come.
//! - [`swiss_round`]: Dutch-style Swiss pairing by a backtracking search that never
//!   repeats a pairing, or refuses with a [`PairingError`].
//! - [`standings`]: points, Buchholz, Sonneborn-Berger and seeds captured.
//! - [`crosstable`]: a fixed-width text table for posting in chat.
//!
//! Players are [`Entrant`] numbers in entry order (1 is the first to enter); the
//! numbers also break ties between equal scores when pairing. No crate on crates.io
//! was found that does Swiss pairing (the Rust tournament crates found do
//! round-robin and elimination brackets only), so the search is here, small and
//! tested.

mod crosstable;
mod record;
mod round_robin;
mod standings;
mod swiss;

pub use crosstable::crosstable;
pub use record::Record;
pub use round_robin::{round_robin, withdraw};
pub use standings::{format_half_points, format_quarter_points, standings, Standing};
pub use swiss::{swiss_round, PairingError, SwissRound, MAX_FIELD as SWISS_MAX_FIELD};

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone.
    RoundRobin,
    /// Players on equal scores meet, for a set number of rounds.
    Swiss,
}

impl Format {
    /// `round-robin` or `swiss`, as stored (the store's `format` column).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Swiss => "swiss",
        }
    }
}

impl TryFrom<String> for Format {
    type Error = String;

    fn try_from(format: String) -> Result<Format, String> {
        match format.as_str() {
            "round-robin" => Ok(Format::RoundRobin),
            "swiss" => Ok(Format::Swiss),
            other => Err(format!("tournament format `{other}`")),
        }
    }
}

/// A player's number in the tournament, in entry order (1 is the first entrant).
pub type Entrant = u32;

/// Two players meeting: South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// Plays South and moves first.
    pub south: Entrant,
    /// Plays North.
    pub north: Entrant,
}

impl Pairing {
    /// Whether `who` plays in this game.
    #[must_use]
    pub fn has(self, who: Entrant) -> bool {
        self.south == who || self.north == who
    }

    /// `who`'s opponent, when `who` plays in this game.
    #[must_use]
    pub fn opponent(self, who: Entrant) -> Option<Entrant> {
        if self.south == who {
            Some(self.north)
        } else if self.north == who {
            Some(self.south)
        } else {
            None
        }
    }
}

/// One board of a scheduled round: a game, or a player sitting out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// A game to play.
    Game(Pairing),
    /// The player sits out and scores as for a win (1 point).
    Bye(Entrant),
}

/// How a game ended. A loss on time or by forfeit is just a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// South won.
    SouthWin,
    /// North won.
    NorthWin,
    /// A draw (24 seeds each, or agreed).
    Draw,
}

/// A game played, with the seeds each side captured (the last tie-break).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who played which side.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
    /// Seeds South captured.
    pub south_captured: u32,
    /// Seeds North captured.
    pub north_captured: u32,
}

/// A round as played: its games and the players who had a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, in board order.
    pub games: Vec<GameResult>,
    /// Who sat out (and scored 1 point each).
    pub byes: Vec<Entrant>,
}

#[cfg(test)]
mod tests;
