//! The store cut along the use cases: each view borrows the one [`Store`] (its
//! pools and transactions) and holds the queries of one use case, so a caller
//! names what it reads and writes (`store.games().game(id)`). A view is `Copy`
//! and its queries take it by value: a query's future borrows the store, never
//! the view.

use super::Store;

/// Declares a view (`$name`, borrowing the store) and the store's accessor for it.
macro_rules! views {
    ($($(#[$doc:meta])* $accessor:ident -> $name:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub struct $name<'s> {
                pub(super) store: &'s Store,
            }
        )*

        impl Store {
            $(
                $(#[$doc])*
                #[must_use]
                pub fn $accessor(&self) -> $name<'_> {
                    $name { store: self }
                }
            )*
        }
    };
}

views! {
    /// The games: their rows, moves, turns, proposals, counts and records.
    games -> GameStore;
    /// The challenges: made, matched, accepted, expired.
    challenges -> ChallengeStore;
    /// The tournaments: their entrants, rounds and boards.
    tournaments -> TournamentStore;
    /// The scheduler's jobs, and the heartbeat and downtime credited to the clocks.
    jobs -> JobStore;
    /// The messages to send, their delivery, the direct rooms, the handled events
    /// and their retention.
    outbox -> OutboxStore;
    /// The people: players, ratings, their own settings, vacations and their
    /// exported data.
    people -> PeopleStore;
    /// Moderation: bans, the audit log, linked accounts, advice, and forgetting people.
    moderation -> ModerationStore;
    /// Learning: analyses, puzzles and their attempts, lessons.
    learning -> LearningStore;
    /// What the web pages read: slugs, public games and ratings, and the status
    /// counts.
    pages -> PageStore;
    /// The web's sign-in links and sessions.
    sessions -> SessionStore;
    /// The places' settings.
    places -> PlaceStore;
}
