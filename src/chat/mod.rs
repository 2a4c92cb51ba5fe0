//! Chat adapters: each translates its platform's events into [`Command`]s and the
//! service's [`Reply`]s into platform messages. No game logic lives here.

pub mod console;

pub mod discord;

use std::future::Future;

use crate::service::{Command, Place, Platform, Reply, User};

/// What an adapter needs from the service. `Service` implements it; adapter tests can
/// use a small fake.
pub trait ChatService: Send + Sync + 'static {
    /// Handles one command. Never fails: refusals and errors are replies.
    fn handle(&self, cmd: Command) -> impl Future<Output = Reply> + Send;

    /// Records the thread an adapter opened for a game (after a reply with
    /// `open_thread`), so later commands in that thread mean that game.
    fn set_thread(&self, game: i64, thread: Place) -> impl Future<Output = ()> + Send;

    /// The pits (canonical letters) `author` may sow from now in the game a command
    /// at `place` would mean: for autocomplete and pit buttons. Empty when none.
    fn move_choices(&self, place: Place, author: User) -> impl Future<Output = Vec<char>> + Send;

    /// Tells the service that `user_id` is this bot's own account on `platform`, so
    /// that challenging it starts a game against the engine. Adapters call it once
    /// they know their account (Discord: on READY). Fakes may ignore it.
    fn register_bot_user(&self, platform: Platform, user_id: &str) {
        let _ = (platform, user_id);
    }
}
