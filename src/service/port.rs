//! The port between the service and the chat adapters, one way: an adapter hands the
//! service a [`Command`] and gets back a [`Reply`] that says everything about where
//! it goes (its game's thread) and in which language, delivers it, and reports what
//! the platform gave back as a [`Receipt`] (the thread it opened, the message id of
//! an anchor, the outbox message sent). [`ChatService`] is small and object-safe:
//! adapters hold an `Arc<dyn ChatService>`, and their tests a small fake.

use crate::service::cases::Delivery;
use crate::service::cases::Dispatch;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::service::cases::Scheduler;
use std::{future::Future, pin::Pin, time::Duration};

use tokio::sync::watch;

use super::{
    Command, DeliveryFailure, DiscordShards, Outgoing, Place, Platform, Reply, Service, Shards,
    User,
};

/// A boxed future, as the port's methods return.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What an adapter reports once the platform has answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Receipt {
    /// It opened `thread` (the thread's place) for game `game`, as a reply with
    /// [`Reply::open_thread`] asked: later commands there mean that game.
    Thread {
        /// The game.
        game: crate::store::GameId,
        /// Where the thread is: `thread` set, or the channel for platforms whose
        /// threads are channels.
        thread: Place,
    },
    /// It posted the reply that carried [`Reply::anchor`] `anchor` as `message`, so
    /// the outbox message that completes it can replace it.
    Anchored {
        /// The platform.
        platform: Platform,
        /// The anchor.
        anchor: String,
        /// The platform's id of the posted message.
        message: String,
    },
    /// It opened direct-message room `room` with `user`.
    DirectRoom {
        /// The platform.
        platform: Platform,
        /// The user's id.
        user: String,
        /// The room's id.
        room: String,
    },
    /// It delivered outbox message `id`.
    Sent(i64),
    /// Delivering outbox message `id` failed: a transient failure is tried again
    /// later (its destination backs off), a permanent one never.
    Failed {
        /// The message.
        id: i64,
        /// What the platform answered, judged transient or permanent.
        failure: DeliveryFailure,
    },
    /// Its own account on `platform` is `user` (challenging it starts a game
    /// against the engine). Discord reports it on READY.
    BotAccount {
        /// The platform.
        platform: Platform,
        /// The account's id.
        user: String,
    },
    /// The bot is no longer in `channel` (kicked, banned, or the room is gone): its
    /// undelivered messages are dead at once (see `/oware admin status`).
    Left {
        /// The platform.
        platform: Platform,
        /// The channel or room.
        channel: String,
    },
    /// Its network can be reached (a sync went through) or not (syncs fail): the
    /// time it cannot is not charged to its games' clocks.
    Reachable {
        /// The platform.
        platform: Platform,
        /// Whether it can be reached now.
        reachable: bool,
    },
    /// The Discord shards this process runs (for `/oware status`), when the Discord
    /// adapter starts and stops.
    DiscordShards(DiscordShards),
}

/// What an adapter needs from the service. [`Service`] implements it.
pub trait ChatService: Send + Sync + 'static {
    /// Handles one command. Never fails: refusals and errors are replies, in the
    /// language of the command's place ([`Reply::language`]). A command carrying its
    /// event ([`Command::from_event`]) is handled once: an event handled before
    /// (redelivered after a crash) gets an empty reply and changes nothing.
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply>;

    /// Records what the platform gave back for a delivery.
    fn receipt(&self, receipt: Receipt) -> BoxFuture<'_, ()>;

    /// The pits (canonical letters) `author` may sow from now in the game a command
    /// at `place` would mean: for autocomplete and pit buttons. Empty when none.
    fn move_choices(&self, place: Place, author: User) -> BoxFuture<'_, Vec<char>>;

    /// The language of `place`, for the words an adapter says on its own, before
    /// there is a command (a message it cannot parse, the console's greeting).
    fn language(&self, place: Place) -> BoxFuture<'_, crate::i18n::Language>;

    /// The language of what an adapter says on its own to `user` (their platform
    /// id) at `place`: their own choice (`/oware settings me language:`), else the
    /// place's.
    fn language_for(&self, place: Place, user: String) -> BoxFuture<'_, crate::i18n::Language> {
        let _ = user;
        self.language(place)
    }

    /// The direct-message room recorded for `user` ([`Receipt::DirectRoom`]), where
    /// that user's secrets go.
    fn dm_room(&self, platform: Platform, user: String) -> BoxFuture<'_, Option<String>>;

    /// The platform's id of the message reported with [`Receipt::Anchored`] for
    /// `anchor`, if any: asked when an [`Outgoing::edits`] is sent, in the room's
    /// turn, after the anchored reply went out.
    fn anchored(&self, platform: Platform, anchor: String) -> BoxFuture<'_, Option<String>>;

    /// Messages for `platform` that the bot sends unprompted (an engine move, a
    /// timeout, a reminder, an expired challenge), oldest first, boards rendered;
    /// only those of the servers on `shards` when given. Deliver each where its
    /// [`Outgoing::place`] says, then report [`Receipt::Sent`].
    fn unsent(&self, platform: Platform, shards: Option<Shards>) -> BoxFuture<'_, Vec<Outgoing>>;

    /// How long until a destination of `platform` that failed may be tried again
    /// (zero: now), if one waits: a deliverer sleeps no longer than that.
    fn next_retry(&self, platform: Platform) -> BoxFuture<'_, Option<Duration>>;

    /// Changes whenever a new message is waiting: a deliverer waits on it between
    /// rounds.
    fn outbox_watch(&self) -> watch::Receiver<u64>;

    /// Whether `game` is still at `ply`, in progress: a message that asks for the
    /// move there ([`Reply::until_ply`]) is moot otherwise. A deliverer that waited
    /// (for a room's turn) asks before sending one, and reports it sent if moot.
    fn still_at(&self, game: crate::store::GameId, ply: i64) -> BoxFuture<'_, bool>;

    /// How long until the next scheduled job (an engine's move, a deadline) is due,
    /// zero if it is overdue; `None` when none is scheduled or it cannot be read. The
    /// console waits this long at the end of its input for the engine's answer.
    fn next_job_in(&self) -> BoxFuture<'_, Option<Duration>> {
        Box::pin(async { None })
    }
}

impl ChatService for Service {
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply> {
        Box::pin(async move { Dispatch::new(&self.core).handle(cmd).await })
    }

    fn receipt(&self, receipt: Receipt) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let failed = match &receipt {
                Receipt::Thread { game, thread } => Delivery::new(&self.core)
                    .set_thread(*game, thread)
                    .await
                    .err()
                    .map(|e| e.to_string()),
                Receipt::Anchored {
                    platform,
                    anchor,
                    message,
                } => {
                    Delivery::new(&self.core)
                        .set_anchor(*platform, anchor, message)
                        .await;
                    None
                }
                Receipt::DirectRoom {
                    platform,
                    user,
                    room,
                } => Delivery::new(&self.core)
                    .set_dm_room(*platform, user, room)
                    .await
                    .err()
                    .map(|e| e.to_string()),
                Receipt::Sent(id) => {
                    Delivery::new(&self.core).mark_sent(*id).await;
                    None
                }
                Receipt::Failed { id, failure } => {
                    Delivery::new(&self.core)
                        .delivery_failed(*id, failure.clone())
                        .await;
                    None
                }
                Receipt::BotAccount { platform, user } => {
                    Play::new(&self.core).register_bot_user(*platform, user);
                    None
                }
                Receipt::Left { platform, channel } => {
                    Delivery::new(&self.core).left(*platform, channel).await;
                    None
                }
                Receipt::Reachable {
                    platform,
                    reachable,
                } => {
                    Delivery::new(&self.core)
                        .network_reachable(*platform, *reachable)
                        .await;
                    None
                }
                Receipt::DiscordShards(shards) => {
                    Delivery::new(&self.core).set_discord_shards(shards.clone());
                    None
                }
            };
            if let Some(error) = failed {
                tracing::error!(?receipt, %error, "could not record a receipt");
            }
        })
    }

    fn move_choices(&self, place: Place, author: User) -> BoxFuture<'_, Vec<char>> {
        Box::pin(async move { Play::new(&self.core).move_choices(place, author).await })
    }

    fn language(&self, place: Place) -> BoxFuture<'_, crate::i18n::Language> {
        Box::pin(async move {
            Preferences::new(&self.core)
                .language_at(place.platform, super::settings::scope(&place))
                .await
        })
    }

    fn language_for(&self, place: Place, user: String) -> BoxFuture<'_, crate::i18n::Language> {
        Box::pin(async move {
            match Preferences::new(&self.core)
                .personal_language(place.platform, &user)
                .await
            {
                Some(language) => language,
                None => {
                    Preferences::new(&self.core)
                        .language_at(place.platform, super::settings::scope(&place))
                        .await
                }
            }
        })
    }

    fn dm_room(&self, platform: Platform, user: String) -> BoxFuture<'_, Option<String>> {
        Box::pin(async move {
            Delivery::new(&self.core)
                .dm_room(platform, &user)
                .await
                .inspect_err(|err| tracing::error!(error = %err, "could not read a DM room"))
                .ok()
                .flatten()
        })
    }

    fn anchored(&self, platform: Platform, anchor: String) -> BoxFuture<'_, Option<String>> {
        Box::pin(async move { Delivery::new(&self.core).anchored(platform, &anchor).await })
    }

    fn unsent(&self, platform: Platform, shards: Option<Shards>) -> BoxFuture<'_, Vec<Outgoing>> {
        Box::pin(async move {
            Delivery::new(&self.core)
                .unsent(platform, shards.as_ref())
                .await
        })
    }

    fn next_retry(&self, platform: Platform) -> BoxFuture<'_, Option<Duration>> {
        Box::pin(async move { Delivery::new(&self.core).next_retry(platform).await })
    }

    fn outbox_watch(&self) -> watch::Receiver<u64> {
        Delivery::new(&self.core).outbox_watch()
    }

    fn next_job_in(&self) -> BoxFuture<'_, Option<Duration>> {
        Box::pin(async move {
            match Scheduler::new(&self.core).earliest_job().await {
                Ok(due) => due
                    .map(|due| Duration::from_millis(u64::try_from(due - self.now()).unwrap_or(0))),
                Err(err) => {
                    tracing::error!(error = %err, "cannot read pending jobs");
                    None
                }
            }
        })
    }

    fn still_at(&self, game: crate::store::GameId, ply: i64) -> BoxFuture<'_, bool> {
        Box::pin(async move { Delivery::new(&self.core).still_at(game, ply).await })
    }
}
