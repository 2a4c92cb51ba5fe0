//! The outbox deliverer: sends the messages the bot speaks unprompted (an engine
//! move, a timeout, a reminder, an expired challenge) from the service's outbox,
//! oldest first, and marks each sent.
//!
//! Delivery is at least once: a message is marked sent only after all its events
//! went out, so a crash in between sends it again after the restart. Each event's
//! transaction id is derived from the outbox row id (`oware-outbox-{id}-text`, …)
//! and the bot keeps its login across restarts, so the homeserver answers the
//! re-send with the event it already has: the players see the message once.
//!
//! Failures: every send has a timeout, rooms are served concurrently, and a room
//! whose message failed backs off (the service keeps the backoff with the message,
//! for 24 hours) while the others go on. A permanent refusal (the bot is not in the
//! room, or may not post there) makes the message dead at once.

use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::{self, StreamExt};
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, UserId};
use tokio::sync::watch;

use super::direct::Direct;
use super::outgoing::Spot;
use super::send::{SendError, Sender, Txn};
use super::turns::Turns;
use super::{login, Files, MatrixConfig};
use crate::chat::{ChatService, Receipt};
use crate::service::{DeliveryFailure, Outgoing, Platform};

/// The longest the deliverer sleeps when nothing new arrives and no room is due for
/// a retry sooner.
const RETRY: Duration = Duration::from_secs(60);
/// How long one message (its images and text) may take to send before it counts as
/// failed: a hung connection delays only its room.
const SEND_TIMEOUT: Duration = Duration::from_secs(30);
/// Rooms served at once in a round.
const CONCURRENT: usize = 8;

/// Delivers the Matrix messages of the service's outbox.
pub struct Deliverer<S> {
    sender: Sender<S>,
    service: Arc<S>,
    /// A message is sent in its room's turn; a command holds that turn while it is
    /// handled and answered, so an answer goes out before the unprompted messages
    /// it caused (the human's move before the engine's reply).
    turns: Arc<Turns>,
    /// The direct rooms, for the messages that go to one person.
    direct: Arc<Direct<S>>,
}

impl<S: ChatService> Deliverer<S> {
    pub(super) fn new(
        sender: Sender<S>,
        service: Arc<S>,
        turns: Arc<Turns>,
        direct: Arc<Direct<S>>,
    ) -> Deliverer<S> {
        Deliverer {
            sender,
            service,
            turns,
            direct,
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
        let sender = Sender::new(client.clone(), Arc::clone(&service));
        let direct = Arc::new(Direct::new(client, Arc::clone(&service), sender.clone()));
        Ok(Deliverer::new(sender, service, Arc::default(), direct))
    }

    /// Delivers until `stop` turns true: a round of every pending message, then a
    /// wait for a new one, or for a room that failed to be due again (at most
    /// [`RETRY`]). A message being sent when `stop` comes is finished first.
    pub(super) async fn run(&self, mut stop: watch::Receiver<bool>) {
        let mut changes = self.service.outbox_watch();
        while !*stop.borrow() {
            changes.borrow_and_update();
            if self.round(&stop).await {
                continue; // more may be waiting than one round takes
            }
            let wait = self
                .service
                .next_retry(Platform::Matrix)
                .await
                .map_or(RETRY, |due| due.clamp(Duration::from_millis(50), RETRY));
            tokio::select! {
                _ = changes.changed() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stop.changed() => {}
            }
        }
    }

    /// Sends every pending message once, or until `stop`; whether any was delivered
    /// and none failed. Rooms are served concurrently, each in order; a room whose
    /// message fails backs off (the service keeps when it is due again) and its later
    /// messages wait behind it.
    async fn round(&self, stop: &watch::Receiver<bool>) -> bool {
        let mut rooms: Vec<Vec<Outgoing>> = Vec::new();
        for message in self.service.unsent(Platform::Matrix, None).await {
            match rooms
                .iter_mut()
                .find(|room| room[0].place.channel == message.place.channel)
            {
                Some(room) => room.push(message),
                None => rooms.push(vec![message]),
            }
        }
        let done: Vec<(bool, bool)> = stream::iter(rooms)
            .map(|room| self.deliver_room(room, stop))
            .buffer_unordered(CONCURRENT)
            .collect()
            .await;
        done.iter().any(|(sent, _)| *sent) && !done.iter().any(|(_, failed)| *failed)
    }

    /// Sends one room's messages in order, each in the room's turn, until one fails
    /// for a reason that may pass: (whether any was sent, whether any failed).
    async fn deliver_room(
        &self,
        messages: Vec<Outgoing>,
        stop: &watch::Receiver<bool>,
    ) -> (bool, bool) {
        let (mut sent_any, mut failed_any) = (false, false);
        for message in messages {
            if *stop.borrow() {
                break;
            }
            let sent = {
                let _turn = self.turns.take(&message.place.channel).await;
                if let (Some(game), Some(ply)) = (message.reply.game, message.reply.until_ply) {
                    // A move was made while this waited for the room's turn.
                    if !self.service.still_at(game, ply).await {
                        self.service.receipt(Receipt::Sent(message.id)).await;
                        continue;
                    }
                }
                let sending = self.send(&message.reply.language, &message);
                match tokio::time::timeout(SEND_TIMEOUT, sending).await {
                    Ok(sent) => sent.map_err(|e| failure(&e)),
                    Err(_) => Err(DeliveryFailure::Transient(format!(
                        "no answer from the homeserver in {} s",
                        SEND_TIMEOUT.as_secs()
                    ))),
                }
            };
            match sent {
                Ok(()) => {
                    self.service.receipt(Receipt::Sent(message.id)).await;
                    sent_any = true;
                }
                Err(failure) => {
                    tracing::warn!(id = message.id, room = %message.place.channel, ?failure,
                        "matrix: delivering an outbox message failed");
                    let permanent = matches!(failure, DeliveryFailure::Permanent(_));
                    let id = message.id;
                    self.service.receipt(Receipt::Failed { id, failure }).await;
                    failed_any = true;
                    if !permanent {
                        break;
                    }
                }
            }
        }
        (sent_any, failed_any)
    }

    /// Sends `message` where it belongs without marking it sent: in its game's
    /// thread (opened now if the game has none), else in `place.thread`, else in the
    /// room; images then text, under transaction ids derived from its id. A message
    /// that archives a game's thread sends nothing (see the first lines).
    ///
    /// # Errors
    /// When the room id is invalid or any part cannot be sent; sending it again
    /// resends only what the homeserver does not have yet.
    pub async fn send(
        &self,
        lang: &crate::i18n::Language,
        message: &Outgoing,
    ) -> Result<(), SendError> {
        if message.reply.archive_thread {
            // Matrix threads cannot be archived, and saying so would not be true:
            // the thread simply stays.
            return Ok(());
        }
        let key = format!("oware-outbox-{}", message.id);
        let txn = Txn::Keyed(&key);
        let reply = &message.reply;
        if let Some(person) = &message.recipient {
            // A direct message: to the person's direct room, opened if need be.
            let user = <&UserId>::try_from(person.as_str())
                .map_err(|_| SendError::BadId { id: person.clone() })?;
            let room = self
                .direct
                .room_for(user)
                .await
                .ok_or_else(|| SendError::NoDirectRoom {
                    user: person.clone(),
                })?;
            return self.sender.reply(&room, reply, &Spot::default(), txn).await;
        }
        let room = OwnedRoomId::try_from(message.place.channel.as_str()).map_err(|_| {
            SendError::BadId {
                id: message.place.channel.clone(),
            }
        })?;
        let thread = match reply.game {
            Some(game) => Some(
                self.sender
                    .game_thread(lang, &room, game, reply, txn)
                    .await?,
            ),
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

/// Whether the homeserver will never take the message (the bot is not in the room or
/// may not post there, the room is unknown, a file is too large, the message is
/// malformed), or might later (a server error, a rate limit, no connection).
fn failure(error: &SendError) -> DeliveryFailure {
    let reason = error.to_string();
    match error {
        SendError::Send { source, .. } | SendError::Upload { source, .. } => {
            match source.client_api_error_kind() {
                Some(ErrorKind::Forbidden | ErrorKind::NotFound | ErrorKind::TooLarge) => {
                    DeliveryFailure::Permanent(reason)
                }
                _ => DeliveryFailure::Transient(reason),
            }
        }
        SendError::Mime { .. } | SendError::BadId { .. } | SendError::Content(_) => {
            DeliveryFailure::Permanent(reason)
        }
        SendError::NoDirectRoom { .. } => DeliveryFailure::Transient(reason),
    }
}
