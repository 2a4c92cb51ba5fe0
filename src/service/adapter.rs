//! The port the chat adapters use: [`ChatService`], which [`Service`] implements and
//! adapter tests can fake. The service owns it; `chat/` only uses it.

use std::future::Future;

use tokio::sync::watch;

use super::{Command, DiscordShards, Outgoing, Place, Platform, Reply, Service, Shards, User};

/// What an adapter needs from the service. `Service` implements it; adapter tests can
/// use a small fake (the outbox methods have empty defaults).
pub trait ChatService: Send + Sync + 'static {
    /// Handles one command. Never fails: refusals and errors are replies.
    fn handle(&self, cmd: Command) -> impl Future<Output = Reply> + Send;

    /// Handles the command carried by incoming event `event_id` (the platform's id
    /// for it), exactly once: an event handled before (redelivered after a crash)
    /// gets an empty reply and changes nothing. The default just handles it.
    fn handle_event(&self, event_id: &str, cmd: Command) -> impl Future<Output = Reply> + Send {
        let _ = event_id;
        self.handle(cmd)
    }

    /// The language of the bot's messages at `place` (its server's or room's
    /// setting), for the words an adapter adds itself. The default is English.
    fn language(&self, place: &Place) -> impl Future<Output = crate::i18n::Language> + Send {
        let _ = place;
        async { crate::i18n::Language::english() }
    }

    /// Records the thread an adapter opened for a game (after a reply with
    /// `open_thread`), so later commands in that thread mean that game.
    fn set_thread(&self, game: i64, thread: Place) -> impl Future<Output = ()> + Send;

    /// Where game `game`'s thread is (channel and thread id) once an adapter recorded
    /// it with [`ChatService::set_thread`], so replies and messages about the game go
    /// there. The default knows no threads.
    fn game_thread(&self, game: i64) -> impl Future<Output = Option<Place>> + Send {
        let _ = game;
        async { None }
    }

    /// The pits (canonical letters) `author` may sow from now in the game a command
    /// at `place` would mean: for autocomplete and pit buttons. Empty when none.
    fn move_choices(&self, place: Place, author: User) -> impl Future<Output = Vec<char>> + Send;

    /// Tells the service that `user_id` is this bot's own account on `platform`, so
    /// that challenging it starts a game against the engine. Adapters call it once
    /// they know their account (Discord: on READY). Fakes may ignore it.
    fn register_bot_user(&self, platform: Platform, user_id: &str) {
        let _ = (platform, user_id);
    }

    /// Tells the service which Discord shards this process runs (for `/oware
    /// status`): the Discord adapter calls it when it starts and when it stops.
    /// Fakes may ignore it.
    fn set_discord_shards(&self, shards: DiscordShards) {
        let _ = shards;
    }

    /// The direct-message room the adapter opened with `user_id` before (recorded
    /// with [`ChatService::set_dm_room`]), where that user's private replies go.
    /// The default remembers none.
    fn dm_room(
        &self,
        platform: Platform,
        user_id: String,
    ) -> impl Future<Output = Option<String>> + Send {
        let _ = (platform, user_id);
        async { None }
    }

    /// Records the direct-message room opened with `user_id`.
    fn set_dm_room(
        &self,
        platform: Platform,
        user_id: String,
        room: String,
    ) -> impl Future<Output = ()> + Send {
        let _ = (platform, user_id, room);
        async {}
    }

    /// Messages for `platform` that the bot sends unprompted (an engine move, a
    /// timeout, a reminder, an expired challenge), oldest first, boards rendered.
    /// Deliver each where its [`Outgoing::place`] says, then [`ChatService::mark_sent`].
    fn unsent(&self, platform: Platform) -> impl Future<Output = Vec<Outgoing>> + Send {
        let _ = platform;
        async { Vec::new() }
    }

    /// [`ChatService::unsent`], only the messages of the servers on `shards`.
    fn unsent_of(
        &self,
        platform: Platform,
        shards: Shards,
    ) -> impl Future<Output = Vec<Outgoing>> + Send {
        let _ = shards;
        self.unsent(platform)
    }

    /// Records that message `id` was delivered.
    fn mark_sent(&self, id: i64) -> impl Future<Output = ()> + Send {
        let _ = id;
        async {}
    }

    /// The platform's id of the message recorded with [`ChatService::set_anchor`]
    /// for `anchor`, if any. The default knows none.
    fn anchored(
        &self,
        platform: Platform,
        anchor: String,
    ) -> impl Future<Output = Option<String>> + Send {
        let _ = (platform, anchor);
        async { None }
    }

    /// Records the platform's id of a sent reply that carried [`Reply::anchor`], so
    /// the message that completes it (an [`Outgoing`] with `edits`) can replace it.
    /// Adapters that cannot edit messages need not call it.
    fn set_anchor(
        &self,
        platform: Platform,
        anchor: String,
        message_id: String,
    ) -> impl Future<Output = ()> + Send {
        let _ = (platform, anchor, message_id);
        async {}
    }

    /// Records that delivering message `id` failed (it is retried a few times).
    fn delivery_failed(&self, id: i64) -> impl Future<Output = ()> + Send {
        let _ = id;
        async {}
    }

    /// Changes whenever a new message is waiting: a deliverer waits on it between
    /// rounds. The default never changes.
    fn outbox_watch(&self) -> watch::Receiver<u64> {
        watch::Sender::new(0).subscribe()
    }
}

impl ChatService for Service {
    fn handle(&self, cmd: Command) -> impl Future<Output = Reply> + Send {
        Service::handle(self, cmd)
    }

    fn handle_event(&self, event_id: &str, cmd: Command) -> impl Future<Output = Reply> + Send {
        Service::handle_event(self, event_id, cmd)
    }

    async fn dm_room(&self, platform: Platform, user_id: String) -> Option<String> {
        Service::dm_room(self, platform, &user_id)
            .await
            .inspect_err(|err| tracing::error!(error = %err, "could not read a DM room"))
            .ok()
            .flatten()
    }

    async fn set_dm_room(&self, platform: Platform, user_id: String, room: String) {
        if let Err(err) = Service::set_dm_room(self, platform, &user_id, &room).await {
            tracing::error!(error = %err, "could not record a DM room");
        }
    }

    async fn language(&self, place: &Place) -> crate::i18n::Language {
        self.language_at(place.platform.as_str(), super::settings::scope(place))
            .await
    }

    async fn set_thread(&self, game: i64, thread: Place) {
        if let Err(err) = Service::set_thread(self, game, &thread).await {
            tracing::error!(game, error = %err, "could not record the game's thread");
        }
    }

    async fn game_thread(&self, game: i64) -> Option<Place> {
        Service::game_thread(self, game)
            .await
            .inspect_err(
                |err| tracing::error!(game, error = %err, "could not read the game's thread"),
            )
            .ok()
            .flatten()
    }

    fn move_choices(&self, place: Place, author: User) -> impl Future<Output = Vec<char>> + Send {
        Service::move_choices(self, place, author)
    }

    fn register_bot_user(&self, platform: Platform, user_id: &str) {
        Service::register_bot_user(self, platform, user_id);
    }

    fn set_discord_shards(&self, shards: DiscordShards) {
        Service::set_discord_shards(self, shards);
    }

    fn unsent(&self, platform: Platform) -> impl Future<Output = Vec<Outgoing>> + Send {
        Service::unsent(self, platform)
    }

    async fn unsent_of(&self, platform: Platform, shards: Shards) -> Vec<Outgoing> {
        Service::unsent_of(self, platform, Some(&shards)).await
    }

    fn mark_sent(&self, id: i64) -> impl Future<Output = ()> + Send {
        Service::mark_sent(self, id)
    }

    fn delivery_failed(&self, id: i64) -> impl Future<Output = ()> + Send {
        Service::delivery_failed(self, id)
    }

    async fn anchored(&self, platform: Platform, anchor: String) -> Option<String> {
        Service::anchored(self, platform, &anchor).await
    }

    async fn set_anchor(&self, platform: Platform, anchor: String, message_id: String) {
        Service::set_anchor(self, platform, &anchor, &message_id).await;
    }

    fn outbox_watch(&self) -> watch::Receiver<u64> {
        Service::outbox_watch(self)
    }
}
