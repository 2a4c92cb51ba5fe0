//! The outbox deliverer: sends the messages the bot speaks unprompted (an engine
//! move, a timeout, a reminder, an expired challenge) from the service's outbox,
//! oldest first, and marks each sent.
//!
//! Delivery is at least once: a message is marked sent only after all its events
//! went out, so a crash in between sends it again after the restart. Each event's
//! transaction id is derived from the outbox row id (`oware-outbox-{id}-text`, …)
//! and the bot keeps its login across restarts, so the homeserver answers the
//! re-send with the event it already has: the players see the message once.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};
use tokio::sync::watch;

use super::outgoing::Spot;
use super::rooms::Turns;
use super::send::{SendError, Sender, Txn};
use super::{login, Files, MatrixConfig};
use crate::chat::{ChatService, Receipt};
use crate::service::{Outgoing, Platform};

/// How long to wait before retrying failed deliveries when nothing new arrives.
const RETRY: Duration = Duration::from_secs(30);

/// Delivers the Matrix messages of the service's outbox.
pub struct Deliverer<S> {
    sender: Sender<S>,
    service: Arc<S>,
    /// A message is sent in its room's turn; a command holds that turn while it is
    /// handled and answered, so an answer goes out before the unprompted messages
    /// it caused (the human's move before the engine's reply).
    turns: Arc<Turns>,
}

impl<S: ChatService> Deliverer<S> {
    pub(super) fn new(sender: Sender<S>, service: Arc<S>, turns: Arc<Turns>) -> Deliverer<S> {
        Deliverer {
            sender,
            service,
            turns,
        }
    }

    /// A deliverer on its own login, the bot's saved one from `cfg.store_dir` (as
    /// [`run_until`](super::run_until) logs in), for tools and tests that deliver
    /// outside the bot.
    ///
    /// # Errors
    /// When the store directory cannot be used or login fails.
    pub async fn connect(service: Arc<S>, cfg: &MatrixConfig) -> anyhow::Result<Deliverer<S>> {
        let store = Files::open(&cfg.store_dir)?;
        let client = login::connect(cfg, &store).await?;
        let sender = Sender::new(client, Arc::clone(&service));
        Ok(Deliverer::new(sender, service, Arc::default()))
    }

    /// Delivers until `stop` turns true: a round of every pending message, then a
    /// wait for a new one (or [`RETRY`] for failed ones). A message being sent when
    /// `stop` comes is finished first.
    pub(super) async fn run(&self, mut stop: watch::Receiver<bool>) {
        let mut changes = self.service.outbox_watch();
        // Rooms where a delivery failed, and when: their messages wait [`RETRY`], so
        // a room that refuses does not use up its attempts while others are busy.
        let mut failed: HashMap<String, Instant> = HashMap::new();
        while !*stop.borrow() {
            changes.borrow_and_update();
            failed.retain(|_, at| at.elapsed() < RETRY);
            if self.round(&stop, &mut failed).await {
                continue; // more may be waiting than one round takes
            }
            tokio::select! {
                _ = changes.changed() => {}
                () = tokio::time::sleep(RETRY) => {}
                _ = stop.changed() => {}
            }
        }
    }

    /// Sends every pending message once, or until `stop`; whether any was
    /// delivered. Messages to a room in `failed` wait (to keep their order); a
    /// failure adds its room.
    async fn round(
        &self,
        stop: &watch::Receiver<bool>,
        failed: &mut HashMap<String, Instant>,
    ) -> bool {
        let mut delivered = false;
        for message in self.service.unsent(Platform::Matrix, None).await {
            if *stop.borrow() {
                break;
            }
            if failed.contains_key(&message.place.channel) {
                continue;
            }
            let sent = {
                let _turn = self.turns.take(&message.place.channel).await;
                let language = message.reply.language.clone();
                crate::i18n::in_language(language, self.send(&message)).await
            };
            match sent {
                Ok(()) => {
                    self.service.receipt(Receipt::Sent(message.id)).await;
                    delivered = true;
                }
                Err(e) => {
                    tracing::warn!(id = message.id, room = %message.place.channel, error = %e,
                        "matrix: delivering an outbox message failed; will retry");
                    self.service.receipt(Receipt::Failed(message.id)).await;
                    failed.insert(message.place.channel.clone(), Instant::now());
                }
            }
        }
        delivered
    }

    /// Sends `message` where it belongs without marking it sent: in its game's
    /// thread (opened now if the game has none), else in `place.thread`, else in the
    /// room; images then text, under transaction ids derived from its id. A message
    /// that archives a game's thread sends nothing (see the first lines).
    ///
    /// # Errors
    /// When the room id is invalid or any part cannot be sent; sending it again
    /// resends only what the homeserver does not have yet.
    pub async fn send(&self, message: &Outgoing) -> Result<(), SendError> {
        if message.reply.archive_thread {
            // Matrix threads cannot be archived, and saying so would not be true:
            // the thread simply stays.
            return Ok(());
        }
        let room = OwnedRoomId::try_from(message.place.channel.as_str()).map_err(|_| {
            SendError::BadId {
                id: message.place.channel.clone(),
            }
        })?;
        let key = format!("oware-outbox-{}", message.id);
        let txn = Txn::Keyed(&key);
        let reply = &message.reply;
        let thread = match reply.game {
            Some(game) => Some(self.sender.game_thread(&room, game, reply, txn).await?),
            None => message
                .place
                .thread
                .as_deref()
                .and_then(|t| OwnedEventId::try_from(t).ok()),
        };
        let spot = Spot {
            thread,
            reply_to: None,
        };
        // The message it replaces went out before this one's turn came.
        let original = match &message.edits {
            Some(anchor) => self
                .service
                .anchored(Platform::Matrix, anchor.clone())
                .await
                .and_then(|e| OwnedEventId::try_from(e).ok()),
            None => None,
        };
        match original {
            Some(original) => self.sender.edit(&room, original, reply, &spot, txn).await,
            None => self.sender.reply(&room, reply, &spot, txn).await,
        }
    }
}
