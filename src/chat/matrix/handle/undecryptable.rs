//! Encrypted messages that cannot be read yet. In an encrypted room the SDK
//! decrypts messages during the sync; a message it cannot decrypt yet (its room key has not arrived) makes the SDK ask the
//! sender's devices for the key; the room waits [`KEY_WAIT`] for it, retrying, and
//! if the message still cannot be read it says once per room and run what the
//! player can do. The bot never answers its own messages, so that reply cannot
//! start a loop.

use std::time::Duration;

use matrix_sdk::ruma::events::room::encrypted::OriginalSyncRoomEncryptedEvent;
use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::Room;

use super::super::outgoing::{short_message, Spot};
use super::Bot;
use crate::chat::ChatService;

/// How long a message that cannot be decrypted waits for its key.
pub const KEY_WAIT: Duration = Duration::from_secs(10);
/// How often decryption is retried meanwhile.
const KEY_RETRY: Duration = Duration::from_millis(500);

impl<S: ChatService> Bot<S> {
    /// Retries decrypting `raw` for up to [`KEY_WAIT`] while its key is requested
    /// (the SDK sends the request with the next sync); the event once readable.
    pub(super) async fn decrypt_late(
        &self,
        room: &Room,
        raw: &Raw<AnySyncTimelineEvent>,
    ) -> Option<AnySyncTimelineEvent> {
        let encrypted = raw.cast_ref_unchecked::<OriginalSyncRoomEncryptedEvent>();
        let deadline = tokio::time::Instant::now() + KEY_WAIT;
        while tokio::time::Instant::now() < deadline {
            tokio::time::sleep(KEY_RETRY).await;
            match room.decrypt_event(encrypted, None).await {
                Ok(event) if event.encryption_info().is_some() => {
                    return event.raw().deserialize().ok();
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot decrypt");
                    return None;
                }
            }
        }
        tracing::info!(room = %room.room_id(), "matrix: a message stayed undecryptable");
        None
    }

    /// Says once per room and run that a message could not be decrypted and what
    /// the player can do.
    pub(super) async fn tell_undecryptable(&self, room: &Room) {
        let first = self
            .warned
            .lock()
            .map(|mut warned| warned.insert(room.room_id().to_owned()))
            .unwrap_or(false);
        if first {
            let place = crate::service::Place {
                platform: crate::service::Platform::Matrix,
                space: None,
                channel: room.room_id().to_string(),
                thread: None,
            };
            let language = self.service.language(place).await;
            let text = crate::i18n::with_language(language, || crate::tr!("matrix-undecryptable"));
            self.send(room, short_message(&text, &Spot::default()))
                .await;
        }
    }
}
