//! Putting messages into Matrix rooms: a reply's images then its text at a [`Spot`],
//! and finding or opening a game's thread. A game's thread has one home, the
//! service's games table: the service sends it with each reply about the game
//! ([`Reply::thread`]) and, when the adapter opens one, records it from a
//! [`Receipt::Thread`].
//!
//! Events go through the SDK's `Room::send`, which encrypts them in an encrypted
//! room: the room key is shared with every joined member's devices, verified or
//! not (trust on first use). The SDK keeps its room list in the SQLite state
//! store, so it knows quiet rooms after a restart too; a room it does not know (or
//! has left) gets the plain `PUT /rooms/{room}/send/{type}/{txn}` request, which
//! only an unencrypted room can read. Images in an encrypted room are encrypted
//! before upload and sent with the `file` field (what `send_attachment` does),
//! keeping the thread relation and transaction ids of the other parts.
//!
//! A reply with an anchor records its text event with [`ChatService::set_anchor`];
//! the message that completes it replaces that text with an `m.replace` edit.
//!
//! With [`Txn::Keyed`] every event has a transaction id derived from the caller's
//! key: the homeserver answers a repeated id from the same login with the first
//! event instead of posting it again, which is what makes the outbox's re-sends
//! after a crash show once (an encrypted event re-sent under the same id is
//! de-duplicated the same way: the server compares ids, not contents).

use std::sync::Arc;

use matrix_sdk::ruma::api::client::message::send_message_event;
use matrix_sdk::ruma::events::room::message::{ReplacementMetadata, RoomMessageEventContent};
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::{OwnedEventId, OwnedTransactionId, RoomId, TransactionId};
use matrix_sdk::{Client, Room, RoomState};

use super::outgoing::{image_message, short_message, text_message, Spot};
use crate::chat::{ChatService, Receipt};
use crate::service::{Attachment, Place, Platform, Reply};

/// Why a message could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The homeserver refused or could not be reached for an event, or the event
    /// could not be encrypted.
    #[error("sending to {room}: {source}")]
    Send {
        /// The room id.
        room: String,
        /// The failure.
        source: matrix_sdk::Error,
    },
    /// A file could not be uploaded to the media repository.
    #[error("uploading {file}: {source}")]
    Upload {
        /// The file name.
        file: String,
        /// The failure.
        source: matrix_sdk::Error,
    },
    /// A file's MIME type does not parse.
    #[error("{file} has an unusable MIME type")]
    Mime {
        /// The file name.
        file: String,
    },
    /// The message names a room id that is not one.
    #[error("{id} is not a room id")]
    BadId {
        /// What was given.
        id: String,
    },
    /// The event content could not be serialized.
    #[error("event content: {0}")]
    Content(#[from] serde_json::Error),
    /// No direct room with the person could be found or opened (the homeserver
    /// failed, or refused: it may agree later).
    #[error("no direct room with {user}")]
    NoDirectRoom {
        /// The person.
        user: String,
    },
}

/// Which transaction ids a message's events get.
#[derive(Clone, Copy, Debug)]
pub enum Txn<'a> {
    /// Fresh random ids: an answer sent once. A part that fails is logged and the
    /// rest still go.
    Fresh,
    /// `{key}-root`, `{key}-img-{n}`, `{key}-text`: a message that may be sent again
    /// (the outbox). Sending stops at the first failure so that a retry, whose
    /// already-sent parts the homeserver de-duplicates, keeps the parts in order.
    Keyed(&'a str),
}

impl Txn<'_> {
    fn id(self, part: &str) -> OwnedTransactionId {
        match self {
            Txn::Fresh => TransactionId::new(),
            Txn::Keyed(key) => OwnedTransactionId::from(format!("{key}-{part}")),
        }
    }
}

/// Sends for the adapter: the client and the service (for game threads).
pub struct Sender<S> {
    client: Client,
    service: Arc<S>,
}

impl<S> Clone for Sender<S> {
    fn clone(&self) -> Self {
        Sender {
            client: self.client.clone(),
            service: Arc::clone(&self.service),
        }
    }
}

impl<S: ChatService> Sender<S> {
    /// A sender over a logged-in client.
    pub fn new(client: Client, service: Arc<S>) -> Sender<S> {
        Sender { client, service }
    }

    /// Sends one event to `room` with transaction id `txn`; the event's id (for a
    /// repeated transaction id, the first event's).
    ///
    /// # Errors
    /// [`SendError::Send`] when the homeserver refuses or cannot be reached.
    pub async fn event(
        &self,
        room: &RoomId,
        content: &RoomMessageEventContent,
        txn: OwnedTransactionId,
    ) -> Result<OwnedEventId, SendError> {
        let failed = |source| SendError::Send {
            room: room.to_string(),
            source,
        };
        if let Some(joined) = self.joined(room) {
            let sent = joined
                .send(content.clone())
                .with_transaction_id(txn)
                .await
                .map_err(failed)?;
            return Ok(sent.response.event_id);
        }
        let request = send_message_event::v3::Request::new(room.to_owned(), txn, content)?;
        let response = self
            .client
            .send(request)
            .await
            .map_err(|e| failed(e.into()))?;
        Ok(response.event_id)
    }

    /// The SDK's joined room `room`, if it knows it.
    fn joined(&self, room: &RoomId) -> Option<Room> {
        self.client
            .get_room(room)
            .filter(|r| r.state() == RoomState::Joined)
    }

    /// Whether `room` is end-to-end encrypted (asking the server if the state store
    /// does not know yet).
    async fn is_encrypted(&self, room: &RoomId) -> Result<bool, SendError> {
        let Some(joined) = self.joined(room) else {
            return Ok(false);
        };
        joined
            .latest_encryption_state()
            .await
            .map(|state| state.is_encrypted())
            .map_err(|source| SendError::Send {
                room: room.to_string(),
                source,
            })
    }

    /// Sends a reply's files as `m.image`s, then its text, at `spot` in `room`.
    ///
    /// # Errors
    /// With [`Txn::Keyed`], the first part that fails (later parts are not sent).
    /// With [`Txn::Fresh`], failures are logged and `Ok` is returned.
    pub async fn reply(
        &self,
        room: &RoomId,
        reply: &Reply,
        spot: &Spot,
        txn: Txn<'_>,
    ) -> Result<(), SendError> {
        for (n, file) in reply.files.iter().enumerate() {
            let sent = self
                .image(room, file, spot, txn.id(&format!("img-{n}")))
                .await;
            settle(sent, txn)?;
        }
        if !reply.text.is_empty() || reply.board_text.is_some() {
            let sent = self
                .event(
                    room,
                    &text_message(&reply.language, reply, spot),
                    txn.id("text"),
                )
                .await;
            if let (Ok(event), Some(anchor)) = (&sent, &reply.anchor) {
                // A later message replaces this one ("analysing game #12…").
                self.service
                    .receipt(Receipt::Anchored {
                        platform: Platform::Matrix,
                        anchor: anchor.clone(),
                        message: event.to_string(),
                    })
                    .await;
            }
            settle(sent.map(drop), txn)?;
        }
        Ok(())
    }

    /// Sends a reply's files at `spot`, then its text as an edit (`m.replace`) of
    /// the bot's earlier message `original`.
    ///
    /// # Errors
    /// As [`Sender::reply`].
    pub async fn edit(
        &self,
        room: &RoomId,
        original: OwnedEventId,
        reply: &Reply,
        spot: &Spot,
        txn: Txn<'_>,
    ) -> Result<(), SendError> {
        let files = Reply {
            files: reply.files.clone(),
            ..Reply::default()
        };
        self.reply(room, &files, spot, txn).await?;
        let plain = Spot {
            thread: None,
            reply_to: None,
        };
        let content = text_message(&reply.language, reply, &plain)
            .make_replacement(ReplacementMetadata::new(original, None));
        let sent = self.event(room, &content, txn.id("edit")).await;
        settle(sent.map(drop), txn)
    }

    async fn image(
        &self,
        room: &RoomId,
        file: &Attachment,
        spot: &Spot,
        txn: OwnedTransactionId,
    ) -> Result<(), SendError> {
        let mime = file
            .mime
            .parse::<mime::Mime>()
            .map_err(|_| SendError::Mime {
                file: file.file_name.clone(),
            })?;
        let failed = |source| SendError::Upload {
            file: file.file_name.clone(),
            source,
        };
        let source = if self.is_encrypted(room).await? {
            let mut reader = std::io::Cursor::new(&file.bytes);
            let encrypted = self
                .client
                .upload_encrypted_file(&mut reader)
                .await
                .map_err(failed)?;
            MediaSource::Encrypted(Box::new(encrypted))
        } else {
            let uploaded = self
                .client
                .media()
                .upload(&mime, file.bytes.clone(), None)
                .await
                .map_err(failed)?;
            MediaSource::Plain(uploaded.content_uri)
        };
        let content = image_message(file, source, spot);
        self.event(room, &content, txn).await.map(drop)
    }

    /// The root of the thread of `reply`'s game (`game`) in `room`: the one the
    /// service recorded ([`Reply::thread`]), unless the reply opens a new thread
    /// ([`Reply::open_thread`]) or the game is played in another room; otherwise a
    /// root message (the new thread's name, or "Oware game #n") is sent to the room
    /// and reported with [`Receipt::Thread`].
    ///
    /// # Errors
    /// When the root message cannot be sent.
    pub async fn game_thread(
        &self,
        lang: &crate::i18n::Language,
        room: &RoomId,
        game: crate::service::GameId,
        reply: &Reply,
        txn: Txn<'_>,
    ) -> Result<OwnedEventId, SendError> {
        let recorded = reply
            .thread
            .as_ref()
            .filter(|place| reply.open_thread.is_none() && place.channel == room.as_str())
            .and_then(|place| OwnedEventId::try_from(place.thread.as_deref()?).ok());
        if let Some(root) = recorded {
            return Ok(root);
        }
        let name = reply.open_thread.as_deref().map_or_else(
            || crate::tr!(lang, "matrix-thread-root", game = game),
            str::to_owned,
        );
        let root_message = short_message(&format!("**{name}**"), &Spot::default());
        let root = self.event(room, &root_message, txn.id("root")).await?;
        let thread = Place {
            platform: Platform::Matrix,
            space: None,
            channel: room.to_string(),
            thread: Some(root.to_string()),
        };
        self.service.receipt(Receipt::Thread { game, thread }).await;
        Ok(root)
    }
}

/// A part's outcome: an error ends a keyed message; a fresh one logs and goes on.
fn settle(sent: Result<(), SendError>, txn: Txn<'_>) -> Result<(), SendError> {
    match (sent, txn) {
        (Err(e), Txn::Fresh) => {
            tracing::warn!(error = %e, "matrix: sending failed");
            Ok(())
        }
        (sent, _) => sent,
    }
}
