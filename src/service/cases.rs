//! The use cases, wired in one place: each is a `Copy` view over the shared
//! [`Core`], built where it is needed (`Play::new(core)`), holding nothing of its
//! own. Their methods live in the use case's files; a call into another use case
//! names it, so each dependency shows as an import.
//!
//! They depend one way, each only on those below it (a call upward is a defect):
//!
//! ```text
//! Dispatch, Scheduler        commands in; jobs due
//! Pages, Delivery            the web's read model; the outbox and the networks
//! Tournaments
//! Challenges
//! Moderation
//! Play
//! Learning
//! Records
//! Links, Pictures, Sessions  (Sessions: web sign-ins and sessions)
//! Preferences
//! Games                      finding and loading games
//! ```

use std::sync::Arc;

use super::core::Core;

macro_rules! use_case {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(in crate::service) struct $name<'c> {
            pub(in crate::service) core: &'c Arc<Core>,
        }

        impl<'c> $name<'c> {
            pub(in crate::service) fn new(core: &'c Arc<Core>) -> $name<'c> {
                $name { core }
            }
        }
    };
}

use_case! {
    /// Dispatch: a command's language, rate and exactly-once, and the use case its action names.
    Dispatch
}

use_case! {
    /// The scheduler: the jobs it runs, the background tasks and how they stop, retention.
    Scheduler
}

use_case! {
    /// Pages: the web's read model (game, place, player and puzzle pages).
    Pages
}

use_case! {
    /// Delivery: the outbox the adapters drain, the rooms and threads messages go
    /// to, and what the networks report.
    Delivery
}

use_case! {
    /// Tournaments: created, joined, started, their rounds and standings.
    Tournaments
}

use_case! {
    /// Challenges: made, accepted, declined, cancelled, within the caps.
    Challenges
}

use_case! {
    /// Moderation: admins, bans, adjudications, reports, the audit log, and each
    /// person's own data (links, export, forget-me).
    Moderation
}

use_case! {
    /// Play: moves and their effects, endings and aborts, draws and takebacks,
    /// the onlookers' advice, the engine's moves.
    Play
}

use_case! {
    /// Learning: analyses of finished games, puzzles and lessons.
    Learning
}

use_case! {
    /// Records: ratings, the leaderboard, stats, history, replays and the archive of
    /// finished games.
    Records
}

use_case! {
    /// Links: the addresses of the web pages that messages carry, when the bot has
    /// a public address and the place shows its pages.
    Links
}

use_case! {
    /// Sessions: the one-time links that sign a person in to the web pages from
    /// chat, and the sessions they start.
    Sessions
}

use_case! {
    /// The use case that draws: every picture the bot makes runs through here.
    Pictures
}

use_case! {
    /// Settings: a place's, a person's own, and vacations.
    Preferences
}

use_case! {
    /// Finding the games a command names, and loading them.
    Games
}
