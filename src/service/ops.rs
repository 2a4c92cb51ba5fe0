//! What the command line, an operator and the test harness drive directly, beside
//! commands and the ports: the scheduler by hand, what an adapter would report,
//! retention, the background tasks. [`Service::ops`](super::Service::ops) hands it
//! out; each call goes to the use case that owns it.

use crate::service::cases::Delivery;
use crate::service::cases::Links;
use crate::service::cases::Preferences;
use crate::service::cases::Scheduler;
use std::{future::Future, sync::Arc};

use super::{core::Core, DiscordShards, Outgoing, Place, Platform, Pruned, ServiceError, Shards};
use crate::service::cases::Play;

/// The service's operating handle (see the module's documentation).
#[derive(Clone, Copy)]
pub struct Ops<'s> {
    pub(super) core: &'s Arc<Core>,
}

impl Ops<'_> {
    /// Runs every job due now, and those they make due now, until none is left;
    /// returns how many ran. For tests and tools that drive time themselves.
    pub async fn run_due_jobs(&self) -> usize {
        Scheduler::new(self.core).run_due_jobs().await
    }

    /// The scheduler's loop, to spawn (the bot starts it with
    /// [`Service::start_scheduler`](super::Service::start_scheduler)).
    pub fn scheduler(&self) -> impl Future<Output = ()> + Send + 'static {
        Scheduler::run_scheduler(Arc::clone(self.core))
    }

    /// When the earliest pending job is due (whether or not a runner holds it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn earliest_job(&self) -> Result<Option<i64>, ServiceError> {
        Scheduler::new(self.core).earliest_job().await
    }

    /// Runs `work` in the background until it ends or the service stops.
    pub fn spawn_background<F>(&self, work: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        self.core.background.spawn(work);
    }

    /// Background tasks still running.
    #[must_use]
    pub fn background_tasks(&self) -> usize {
        self.core.background.len()
    }

    /// Credits the time the bot was away to the clocks; returns the games credited.
    pub async fn credit_downtime(&self) -> usize {
        Delivery::new(self.core).credit_downtime().await
    }

    /// Deletes old sent messages and handled events (see `retention`).
    pub async fn prune_old(&self, away_ms: i64) -> Pruned {
        Scheduler::new(self.core).prune_old(away_ms).await
    }

    /// Learns that `user_id` is a bot on `platform` (as a [`super::Receipt`] would).
    pub fn register_bot_user(&self, platform: Platform, user_id: &str) {
        Play::new(self.core).register_bot_user(platform, user_id);
    }

    /// Records a game's thread (as a [`super::Receipt`] would).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_thread(
        &self,
        game_id: crate::store::GameId,
        place: &Place,
    ) -> Result<(), ServiceError> {
        Delivery::new(self.core).set_thread(game_id, place).await
    }

    /// The place of a game's thread, if it has one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_thread(
        &self,
        game_id: crate::store::GameId,
    ) -> Result<Option<Place>, ServiceError> {
        Delivery::new(self.core).game_thread(game_id).await
    }

    /// Records the message an anchor was posted as (as a [`super::Receipt`] would).
    pub async fn set_anchor(&self, platform: Platform, anchor: &str, message_id: &str) {
        Delivery::new(self.core)
            .set_anchor(platform, anchor, message_id)
            .await;
    }

    /// Records the Discord shards' state (as a [`super::Receipt`] would).
    pub fn set_discord_shards(&self, shards: DiscordShards) {
        Delivery::new(self.core).set_discord_shards(shards);
    }

    /// The messages waiting to be sent on `platform` (for `shards`, on Discord).
    pub async fn unsent(&self, platform: Platform, shards: Option<&Shards>) -> Vec<Outgoing> {
        Delivery::new(self.core).unsent(platform, shards).await
    }

    /// Marks an outbox message sent (as a [`super::Receipt`] would).
    pub async fn mark_sent(&self, id: i64) {
        Delivery::new(self.core).mark_sent(id).await;
    }

    /// The direct-message room kept for `user_id`, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn dm_room(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<String>, ServiceError> {
        Delivery::new(self.core).dm_room(platform, user_id).await
    }

    /// How many places' settings are kept in memory (see `settings/cache.rs`).
    #[must_use]
    pub fn settings_cached(&self) -> u64 {
        Preferences::new(self.core).settings_cached()
    }

    /// The address part of a game's page (`None` for a game not found).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_slug(
        &self,
        game_id: crate::store::GameId,
    ) -> Result<Option<String>, ServiceError> {
        Links::new(self.core).game_slug(game_id).await
    }

    /// The web pages' public base address, if set.
    #[must_use]
    pub fn web_url(&self) -> Option<&str> {
        self.core.config.web_url.as_deref()
    }
}
