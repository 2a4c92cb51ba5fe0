//! The store cut along the use cases: each view borrows the one [`Store`] (its
//! pools and transactions) and holds the queries of one use case, so a caller
//! names what it reads and writes (`store.games().game(id)`). A view is `Copy`
//! and its queries take it by value: a query's future borrows the store, never
//! the view.

use super::Store;

/// The games: their rows, moves, turns, proposals, counts and records.
#[derive(Clone, Copy, Debug)]
pub struct GameStore<'s> {
    pub(super) store: &'s Store,
}

/// The challenges: made, matched, accepted, expired.
#[derive(Clone, Copy, Debug)]
pub struct ChallengeStore<'s> {
    pub(super) store: &'s Store,
}

/// The tournaments: their entrants, rounds and boards.
#[derive(Clone, Copy, Debug)]
pub struct TournamentStore<'s> {
    pub(super) store: &'s Store,
}

/// The scheduler's jobs, and the heartbeat and downtime credited to the clocks.
#[derive(Clone, Copy, Debug)]
pub struct JobStore<'s> {
    pub(super) store: &'s Store,
}

/// The messages to send, their delivery, the direct rooms, the handled events and their retention.
#[derive(Clone, Copy, Debug)]
pub struct OutboxStore<'s> {
    pub(super) store: &'s Store,
}

/// The people: players, ratings, their own settings, vacations and their exported data.
#[derive(Clone, Copy, Debug)]
pub struct PeopleStore<'s> {
    pub(super) store: &'s Store,
}

/// Moderation: bans, the audit log, linked accounts, advice, and forgetting people.
#[derive(Clone, Copy, Debug)]
pub struct ModerationStore<'s> {
    pub(super) store: &'s Store,
}

/// Learning: analyses, puzzles and their attempts, lessons.
#[derive(Clone, Copy, Debug)]
pub struct LearningStore<'s> {
    pub(super) store: &'s Store,
}

/// What the web pages read: slugs, public games and ratings, and the status counts.
#[derive(Clone, Copy, Debug)]
pub struct PageStore<'s> {
    pub(super) store: &'s Store,
}

/// The places' settings.
#[derive(Clone, Copy, Debug)]
pub struct PlaceStore<'s> {
    pub(super) store: &'s Store,
}

impl Store {
    /// The games: their rows, moves, turns, proposals, counts and records.
    #[must_use]
    pub fn games(&self) -> GameStore<'_> {
        GameStore { store: self }
    }

    /// The challenges: made, matched, accepted, expired.
    #[must_use]
    pub fn challenges(&self) -> ChallengeStore<'_> {
        ChallengeStore { store: self }
    }

    /// The tournaments: their entrants, rounds and boards.
    #[must_use]
    pub fn tournaments(&self) -> TournamentStore<'_> {
        TournamentStore { store: self }
    }

    /// The scheduler's jobs, and the heartbeat and downtime credited to the clocks.
    #[must_use]
    pub fn jobs(&self) -> JobStore<'_> {
        JobStore { store: self }
    }

    /// The messages to send, their delivery, the direct rooms, the handled events and their retention.
    #[must_use]
    pub fn outbox(&self) -> OutboxStore<'_> {
        OutboxStore { store: self }
    }

    /// The people: players, ratings, their own settings, vacations and their exported data.
    #[must_use]
    pub fn people(&self) -> PeopleStore<'_> {
        PeopleStore { store: self }
    }

    /// Moderation: bans, the audit log, linked accounts, advice, and forgetting people.
    #[must_use]
    pub fn moderation(&self) -> ModerationStore<'_> {
        ModerationStore { store: self }
    }

    /// Learning: analyses, puzzles and their attempts, lessons.
    #[must_use]
    pub fn learning(&self) -> LearningStore<'_> {
        LearningStore { store: self }
    }

    /// What the web pages read: slugs, public games and ratings, and the status counts.
    #[must_use]
    pub fn pages(&self) -> PageStore<'_> {
        PageStore { store: self }
    }

    /// The places' settings.
    #[must_use]
    pub fn places(&self) -> PlaceStore<'_> {
        PlaceStore { store: self }
    }
}
