//! Why a tournament command was refused; each message says what to do instead.

/// A refused tournament command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(&crate::i18n::Language::english()))]
pub enum TournamentError {
    /// No tournament with that number here.
    NoSuchTournament(crate::store::TournamentId),
    /// None open or running here.
    NoneHere,
    /// Joining after the start.
    Closed(crate::store::TournamentId),
    /// Leaving one the author is not in.
    NotIn(crate::store::TournamentId),
    /// Leaving a finished one.
    Over(crate::store::TournamentId),
    /// Starting one that runs already.
    Started(crate::store::TournamentId),
    /// Starting someone else's.
    NotCreator(crate::store::TournamentId),
    /// Starting with fewer than two players.
    TooFew(crate::store::TournamentId, usize),
    /// The bot cannot play in tournaments.
    NoBots,
    /// `rounds:` with a round-robin.
    RoundsInRoundRobin,
    /// A `time:` that is not a time control.
    #[error(transparent)]
    BadTime(#[from] crate::play::clock::BadTime),
    /// Joining a round-robin that has its most players (`MAX_ROUND_ROBIN_PLAYERS`).
    Full {
        /// The tournament.
        id: crate::store::TournamentId,
        /// Its most players.
        limit: i64,
    },
    /// Joining a Swiss that has its most players (`MAX_SWISS_PLAYERS`).
    SwissFull {
        /// The tournament.
        id: crate::store::TournamentId,
        /// Its most players.
        limit: i64,
    },
    /// Joining while playing as many games as one player may (`MAX_ACTIVE_GAMES`).
    AtGameCap {
        /// The tournament.
        id: crate::store::TournamentId,
        /// The active-game cap.
        limit: i64,
    },
    /// A player's abort of a tournament game.
    NoAbort(crate::store::GameId),
}

impl TournamentError {
    /// What went wrong and what to do instead, in `lang` (its `Display` is the
    /// English, for logs).
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            TournamentError::NoSuchTournament(f0) => {
                crate::tr!(lang, "error-no-such-tournament", id = f0)
            }
            TournamentError::NoneHere => crate::tr!(lang, "error-no-tournament-here"),
            TournamentError::Closed(f0) => crate::tr!(lang, "error-tournament-closed", id = f0),
            TournamentError::NotIn(f0) => crate::tr!(lang, "error-tournament-not-in", id = f0),
            TournamentError::Over(f0) => crate::tr!(lang, "error-tournament-over", id = f0),
            TournamentError::Started(f0) => crate::tr!(lang, "error-tournament-started", id = f0),
            TournamentError::NotCreator(f0) => {
                crate::tr!(lang, "error-tournament-not-creator", id = f0)
            }
            TournamentError::TooFew(f0, f1) => {
                crate::tr!(lang, "error-tournament-too-few", id = f0, players = f1)
            }
            TournamentError::NoBots => crate::tr!(lang, "error-tournament-no-bots"),
            TournamentError::RoundsInRoundRobin => {
                crate::tr!(lang, "error-tournament-rounds-in-round-robin")
            }
            TournamentError::BadTime(f0) => f0.words(lang),
            TournamentError::Full { id, limit } => {
                crate::tr!(lang, "error-tournament-full", id = id, limit = limit)
            }
            TournamentError::SwissFull { id, limit } => {
                crate::tr!(lang, "error-tournament-swiss-full", id = id, limit = limit)
            }
            TournamentError::AtGameCap { id, limit } => {
                crate::tr!(lang, "error-tournament-game-cap", id = id, limit = limit)
            }
            TournamentError::NoAbort(f0) => {
                crate::tr!(lang, "error-tournament-no-abort", game = f0)
            }
        }
    }
}
