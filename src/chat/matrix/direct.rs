//! Secrets: what only the author may see (a `/oware link` code, the answer to the
//! daily puzzle) goes to a direct chat with them, never to a shared room, and a
//! one-line pointer says so in place. The bot opens that chat on first need as a
//! real direct chat (`is_direct`, recorded in the bot's `m.direct`), records it
//! with the service and reuses it; if it cannot open one, it says so in place and
//! shows nothing of the secret. Everything else that is private to its author is
//! answered in place, as a reply to the command (see `handle`).

use std::sync::Arc;

use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::StateEventType;
use matrix_sdk::ruma::{OwnedRoomId, RoomId, TransactionId, UserId};
use matrix_sdk::{Client, Room};

use super::outgoing::{short_message, Spot};
use super::send::{Sender, Txn};
use crate::chat::{ChatService, Receipt};
use crate::service::{Platform, Reply};

/// Said in the shared room when no direct-message room can be opened.
pub fn no_dm(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "matrix-no-dm")
}

/// Opens and finds direct-message rooms.
pub struct Direct<S> {
    client: Client,
    service: Arc<S>,
    sender: Sender<S>,
    /// Held while a room is opened, so that two commands at once open one.
    opening: tokio::sync::Mutex<()>,
}

impl<S: ChatService> Direct<S> {
    /// Private replies through `client`, rooms recorded with `service`.
    pub fn new(client: Client, service: Arc<S>, sender: Sender<S>) -> Direct<S> {
        Direct {
            client,
            service,
            sender,
            opening: tokio::sync::Mutex::new(()),
        }
    }

    /// Whether `room` is private to `user` and the bot already: their recorded
    /// direct room, or a direct chat (`m.direct`) that only the two of them are in
    /// and nobody may join. A public room is never private, whatever its size.
    pub async fn is_private(&self, room: &Room, user: &UserId) -> bool {
        if self.recorded(user).await.as_deref() == Some(room.room_id()) {
            return true;
        }
        room.active_members_count() == 2
            && room.is_public() == Some(false)
            && room.is_direct().await.unwrap_or(false)
    }

    /// Sends `reply` to `user`'s direct room (opening one if needed, or again if
    /// the recorded one no longer works) and says so in `room` at `spot`; when
    /// none can be opened, says that instead, without the reply's content.
    pub async fn send(
        &self,
        lang: &crate::i18n::Language,
        room: &Room,
        user: &UserId,
        reply: &Reply,
        spot: &Spot,
    ) {
        let mut pointer = no_dm(lang);
        for fresh in [false, true] {
            let Some(dm) = self.room_with(user, fresh).await else {
                break;
            };
            let key = TransactionId::new();
            let sent = self
                .sender
                .reply(&dm, reply, &Spot::default(), Txn::Keyed(key.as_str()))
                .await;
            match sent {
                Ok(()) => {
                    pointer = crate::tr!(lang, "matrix-sent-dm");
                    break;
                }
                Err(e) => tracing::warn!(room = %dm, error = %e, "matrix: a private reply failed"),
            }
        }
        let sent = self
            .sender
            .event(
                room.room_id(),
                &short_message(&pointer, spot),
                TransactionId::new(),
            )
            .await;
        if let Err(e) = sent {
            tracing::warn!(room = %room.room_id(), error = %e, "matrix: sending failed");
        }
    }

    /// The direct room with `user` for a message the bot sends unprompted: the
    /// recorded one while they are still in it, else a new one. `None` if none can
    /// be opened.
    pub async fn room_for(&self, user: &UserId) -> Option<OwnedRoomId> {
        self.room_with(user, false).await
    }

    /// The direct room with `user`: the recorded one while they are still in it
    /// (unless `fresh`), else a new one, recorded. `None` if none can be opened.
    async fn room_with(&self, user: &UserId, fresh: bool) -> Option<OwnedRoomId> {
        let _one = self.opening.lock().await;
        if !fresh {
            if let Some(room) = self.recorded(user).await {
                if self.still_in(&room, user).await {
                    return Some(room);
                }
            }
        }
        match self.client.create_dm(user).await {
            Ok(room) => {
                let id = room.room_id().to_owned();
                tracing::info!(room = %id, %user, "matrix: opened a direct room");
                self.service
                    .receipt(Receipt::DirectRoom {
                        platform: Platform::Matrix,
                        user: user.to_string(),
                        room: id.to_string(),
                    })
                    .await;
                Some(id)
            }
            Err(e) => {
                tracing::warn!(%user, error = %e, "matrix: cannot open a direct room");
                None
            }
        }
    }

    async fn recorded(&self, user: &UserId) -> Option<OwnedRoomId> {
        let room = self
            .service
            .dm_room(Platform::Matrix, user.to_string())
            .await?;
        OwnedRoomId::try_from(room).ok()
    }

    /// Whether `user` is still in (or invited to) `room`; `true` when the
    /// homeserver cannot say (a send that then fails opens a new room).
    async fn still_in(&self, room: &RoomId, user: &UserId) -> bool {
        let request = get_state_event_for_key::v3::Request::new(
            room.to_owned(),
            StateEventType::RoomMember,
            user.to_string(),
        );
        match self.client.send(request).await {
            Ok(response) => {
                let content: serde_json::Value =
                    serde_json::from_str(response.event_or_content.get()).unwrap_or_default();
                matches!(content["membership"].as_str(), Some("join" | "invite"))
            }
            Err(e) if e.as_client_api_error().is_some() => false, // no such member
            Err(_) => true,
        }
    }
}
