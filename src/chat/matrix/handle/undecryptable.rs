//! Encrypted messages that cannot be read yet. In an encrypted room the SDK
//! decrypts messages during the sync; a message it cannot decrypt yet (its room key has not arrived) makes the SDK ask the
//! sender's devices for the key; the room waits [`KEY_WAIT`] for it, retrying, and
//! if the message still cannot be read it says once per room and run what the
//! player can do. The bot never answers its own messages, so that reply cannot
//! start a loop.
//!
//! A room's waits are bounded: at most [`ROOM_KEY_BUDGET`] in any minute. A room
//! flooded with messages nobody can decrypt (a stranger's invite) is over its share
//! quickly; its further ones are tried once and dropped, and the room does not hold
//! up the sync batches the other rooms are in.

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
/// The most one room waits for keys in a minute.
pub const ROOM_KEY_BUDGET: Duration = Duration::from_secs(15);
/// The window of [`ROOM_KEY_BUDGET`].
const BUDGET_WINDOW: Duration = Duration::from_secs(60);

/// One room's key waits in the current window: when it began, and how long they
/// took.
#[derive(Clone, Copy, Debug)]
pub struct KeyWaits {
    since: tokio::time::Instant,
    spent: Duration,
}

impl KeyWaits {
    /// How long the room may still wait now (zero: over its share), starting a new
    /// window when the last one is over.
    fn left(&mut self, now: tokio::time::Instant) -> Duration {
        if now.duration_since(self.since) >= BUDGET_WINDOW {
            *self = KeyWaits {
                since: now,
                spent: Duration::ZERO,
            };
        }
        ROOM_KEY_BUDGET.saturating_sub(self.spent)
    }
}

impl<S: ChatService> Bot<S> {
    /// Retries decrypting `raw` for up to [`KEY_WAIT`] while its key is requested
    /// (the SDK sends the request with the next sync); the event once readable.
    pub(super) async fn decrypt_late(
        &self,
        room: &Room,
        raw: &Raw<AnySyncTimelineEvent>,
    ) -> Option<AnySyncTimelineEvent> {
        let encrypted = raw.cast_ref_unchecked::<OriginalSyncRoomEncryptedEvent>();
        let started = tokio::time::Instant::now();
        let allowed = {
            let mut waits = self
                .key_waits
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            waits
                .entry(room.room_id().to_owned())
                .or_insert(KeyWaits {
                    since: started,
                    spent: Duration::ZERO,
                })
                .left(started)
                .min(KEY_WAIT)
        };
        if allowed.is_zero() {
            tracing::debug!(room = %room.room_id(), "matrix: over its key-wait share; not waiting");
        }
        let found = self.wait_for_key(room, encrypted, started + allowed).await;
        let mut waits = self
            .key_waits
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(waits) = waits.get_mut(room.room_id()) {
            waits.spent += started.elapsed();
        }
        found
    }

    /// Retries decrypting until `deadline` (once at least).
    async fn wait_for_key(
        &self,
        room: &Room,
        encrypted: &Raw<OriginalSyncRoomEncryptedEvent>,
        deadline: tokio::time::Instant,
    ) -> Option<AnySyncTimelineEvent> {
        loop {
            if tokio::time::Instant::now() >= deadline {
                // Over its share: one try, no wait.
                return match room.decrypt_event(encrypted, None).await {
                    Ok(event) if event.encryption_info().is_some() => {
                        event.raw().deserialize().ok()
                    }
                    _ => {
                        tracing::info!(room = %room.room_id(), "matrix: a message stayed undecryptable");
                        None
                    }
                };
            }
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
            let text = crate::tr!(&language, "matrix-undecryptable");
            self.send(room, short_message(&text, &Spot::default()))
                .await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_waits_for_keys_at_most_its_share_in_a_minute() {
        let t0 = tokio::time::Instant::now();
        let mut waits = KeyWaits {
            since: t0,
            spent: Duration::ZERO,
        };
        assert_eq!(waits.left(t0), ROOM_KEY_BUDGET);
        waits.spent = Duration::from_secs(14);
        assert_eq!(
            waits.left(t0 + Duration::from_secs(10)),
            Duration::from_secs(1)
        );
        waits.spent = Duration::from_secs(20);
        assert_eq!(waits.left(t0 + Duration::from_secs(30)), Duration::ZERO);
        // A new minute, a new share.
        assert_eq!(waits.left(t0 + Duration::from_secs(61)), ROOM_KEY_BUDGET);
        assert_eq!(waits.spent, Duration::ZERO);
    }
}
