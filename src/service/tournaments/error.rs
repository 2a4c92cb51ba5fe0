//! Why a tournament command was refused; each message says what to do instead.

/// A refused tournament command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No tournament with that number here.
    #[error("{}", crate::tr!("error-no-such-tournament", id = .0))]
    NoSuchTournament(i64),
    /// None open or running here.
    #[error("{}", crate::tr!("error-no-tournament-here"))]
    NoneHere,
    /// Joining after the start.
    #[error("{}", crate::tr!("error-tournament-closed", id = .0))]
    Closed(i64),
    /// Leaving one the author is not in.
    #[error("{}", crate::tr!("error-tournament-not-in", id = .0))]
    NotIn(i64),
    /// Leaving a finished one.
    #[error("{}", crate::tr!("error-tournament-over", id = .0))]
    Over(i64),
    /// Starting one that runs already.
    #[error("{}", crate::tr!("error-tournament-started", id = .0))]
    Started(i64),
    /// Starting someone else's.
    #[error("{}", crate::tr!("error-tournament-not-creator", id = .0))]
    NotCreator(i64),
    /// Starting with fewer than two players.
    #[error("{}", crate::tr!("error-tournament-too-few", id = .0, players = .1))]
    TooFew(i64, usize),
    /// The bot cannot play in tournaments.
    #[error("{}", crate::tr!("error-tournament-no-bots"))]
    NoBots,
    /// `rounds:` with a round-robin.
    #[error("{}", crate::tr!("error-tournament-rounds-in-round-robin"))]
    RoundsInRoundRobin,
    /// A `time:` that is not a time control.
    #[error(transparent)]
    BadTime(#[from] crate::play::clock::BadTime),
    /// Joining a round-robin that has its most players (`MAX_ROUND_ROBIN_PLAYERS`).
    #[error("{}", crate::tr!("error-tournament-full", id = .id, limit = .limit))]
    Full {
        /// The tournament.
        id: i64,
        /// Its most players.
        limit: i64,
    },
    /// Joining a Swiss that has its most players (`MAX_SWISS_PLAYERS`).
    #[error("{}", crate::tr!("error-tournament-swiss-full", id = .id, limit = .limit))]
    SwissFull {
        /// The tournament.
        id: i64,
        /// Its most players.
        limit: i64,
    },
    /// Joining while playing as many games as one player may (`MAX_ACTIVE_GAMES`).
    #[error("{}", crate::tr!("error-tournament-game-cap", id = .id, limit = .limit))]
    AtGameCap {
        /// The tournament.
        id: i64,
        /// The active-game cap.
        limit: i64,
    },
    /// A player's abort of a tournament game.
    #[error("{}", crate::tr!("error-tournament-no-abort", game = .0))]
    NoAbort(i64),
}
