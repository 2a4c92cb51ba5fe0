//! Why a tournament command was refused; each message says what to do instead.

/// A refused tournament command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No tournament with that number here.
    #[error(
        "There is no tournament T{0} on this server. `/oware tournament` lists the ones here."
    )]
    NoSuchTournament(i64),
    /// None open or running here.
    #[error(
        "There is no tournament to join or follow here. An admin creates one with \
         `/oware tournament create My Cup format:swiss rounds:3`."
    )]
    NoneHere,
    /// Joining after the start.
    #[error(
        "Tournament T{0} has started, so it takes no more players. Ask its creator to \
         make the next one."
    )]
    Closed(i64),
    /// Leaving one the author is not in.
    #[error("You are not playing in tournament T{0}; nothing to leave.")]
    NotIn(i64),
    /// Leaving a finished one.
    #[error("Tournament T{0} is over; `/oware tournament standings T{0}` shows how it ended.")]
    Over(i64),
    /// Starting one that runs already.
    #[error(
        "Tournament T{0} has started already. `/oware tournament standings T{0}` shows \
         where it stands."
    )]
    Started(i64),
    /// Starting someone else's.
    #[error("Only the creator of tournament T{0} or a server admin can start it.")]
    NotCreator(i64),
    /// Starting with fewer than two players.
    #[error(
        "Tournament T{0} has {1} player(s); it needs at least 2. Players join with \
         `/oware tournament join T{0}`."
    )]
    TooFew(i64, usize),
    /// The bot cannot play in tournaments.
    #[error("Bots cannot play in tournaments; people only.")]
    NoBots,
    /// `rounds:` with a round-robin.
    #[error(
        "A round-robin has as many rounds as it needs for everyone to meet; leave out \
         `rounds:`, or use `format:swiss rounds:N`."
    )]
    RoundsInRoundRobin,
    /// A `time:` that is not a time control.
    #[error(transparent)]
    BadTime(#[from] crate::service::clock::BadTime),
    /// A player's abort of a tournament game.
    #[error(
        "Game #{0} is a tournament game: it cannot be aborted. Play it, resign it, or ask \
         a server admin (`/oware admin abort`)."
    )]
    NoAbort(i64),
}
