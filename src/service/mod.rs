//! The platform-neutral heart of the bot: a [`Command`] in, a [`Reply`] out.
//! Challenges, turns, advice, ratings and history live here; the service never
//! knows which chat platform it serves.
//!
//! [`Service`] holds no lock and no game state of its own: everything is in the
//! [`Store`], and races between commands are settled by its transactions. Share it as
//! `Arc<Service>`.

mod adapter;
pub mod advice;
mod bot;
mod challenges;
mod command;
mod ending;
mod error;
mod games;
mod link;
mod listing;
mod onlookers;
pub mod parse;
pub mod rating;
mod replay;
mod reply;
mod standings;
mod text;
mod view;

use std::time::Duration;

pub use command::{
    Action, ChallengeOptions, Command, First, GameRef, Level, Place, Platform, User,
};
pub use error::{ServiceError, GENERIC_FAILURE};
pub use reply::{Attachment, Button, ButtonAction, Reply};

use crate::store::Store;

/// The service's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceConfig {
    /// How long a challenge waits for an answer.
    pub challenge_ttl: Duration,
    /// How long a `/oware link` code stays valid.
    pub link_ttl: Duration,
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            challenge_ttl: Duration::from_secs(600),
            link_ttl: Duration::from_secs(600),
        }
    }
}

/// Plays games for every chat adapter. Cheap to share as `Arc<Service>`.
#[derive(Debug)]
pub struct Service {
    store: Store,
    config: ServiceConfig,
    bots: bot::BotUsers,
}

impl Service {
    /// A service over an opened store.
    #[must_use]
    pub fn new(store: Store, config: ServiceConfig) -> Service {
        let bots = bot::BotUsers::default();
        // The console chat's bot needs no login to know itself.
        let service = Service {
            store,
            config,
            bots,
        };
        service.register_bot_user(Platform::Console, crate::chat::console::BOT_ID);
        service
    }

    /// The store (for tools and tests that inspect it).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Handles one command. Never fails: refusals become private replies that say
    /// what to do instead; internal failures are logged and answered with
    /// [`GENERIC_FAILURE`].
    pub async fn handle(&self, cmd: Command) -> Reply {
        match self.dispatch(&cmd).await {
            Ok(reply) => reply,
            Err(err) => {
                if err.is_internal() {
                    tracing::error!(
                        error = %err,
                        platform = cmd.place.platform.as_str(),
                        channel = %cmd.place.channel,
                        action = ?cmd.action,
                        "command failed"
                    );
                }
                Reply::private(err.user_message())
            }
        }
    }

    /// Ties `game_id` to the thread an adapter opened for it (after a reply asked for
    /// one with [`Reply::open_thread`]): later commands in that thread mean that game.
    /// The thread id is `place.thread`, or `place.channel` when the platform models
    /// threads as channels and leaves `thread` empty.
    ///
    /// # Errors
    /// [`ServiceError::NoSuchGame`] for an unknown game; database failures.
    pub async fn set_thread(&self, game_id: i64, place: &Place) -> Result<(), ServiceError> {
        let thread = place.thread.as_deref().unwrap_or(&place.channel);
        match self.store.game(game_id).await? {
            Some(row) if row.platform == place.platform.as_str() => {
                self.store.set_thread(game_id, thread).await?;
                Ok(())
            }
            _ => Err(ServiceError::NoSuchGame(game_id)),
        }
    }

    async fn dispatch(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        match &cmd.action {
            Action::Play { opponent, options } => self.play(cmd, opponent, options).await,
            Action::Accept { challenge } => self.accept(cmd, *challenge).await,
            Action::Decline { challenge } => self.decline(cmd, *challenge).await,
            Action::Cancel { challenge } => self.cancel(cmd, *challenge).await,
            Action::Move { pit, game, ply } => self.play_move(cmd, pit, *game, *ply).await,
            Action::Board { game } => self.board(cmd, *game).await,
            Action::Resign { game } => self.resign(cmd, *game).await,
            Action::End { game } => self.end(cmd, *game).await,
            Action::Games => self.games(cmd).await,
            Action::Rules => Ok(Reply::private(text::RULES)),
            Action::Help => Ok(Reply::private(text::HELP)),
            Action::Advise { pit, game } => self.advise(cmd, pit, *game).await,
            Action::Leaderboard { global, page } => self.leaderboard(cmd, *global, *page).await,
            Action::Stats { user } => self.stats(cmd, user.as_ref()).await,
            Action::History { user } => self.history(cmd, user.as_ref()).await,
            Action::Replay { game } => self.replay(cmd, *game).await,
            Action::Link { code } => self.link(cmd, code.as_deref()).await,
        }
    }
}
