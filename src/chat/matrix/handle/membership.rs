//! The rooms the bot is in: it joins every room it is invited to, off the sync loop
//! (each join its own task, [`JOINS_AT_ONCE`] at a time, given up after
//! [`JOIN_TIMEOUT`]), so an invite from a server that never answers delays no room's
//! commands; and it forgets a room it left (kicked, banned or gone), whose
//! undelivered messages the service then gives up.

use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use matrix_sdk::sync::SyncResponse;

use super::Bot;
use crate::chat::{ChatService, Receipt};
use crate::service::Platform;

/// Invites joined at once, off the sync loop.
pub(super) const JOINS_AT_ONCE: usize = 4;
/// How long one invite's join (with its retries) may take.
const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

impl<S: ChatService> Bot<S> {
    /// Joins every room the batch invites the bot to, off the sync loop: each join
    /// is its own task (at most [`JOINS_AT_ONCE`] at a time, each given up after
    /// [`JOIN_TIMEOUT`]), so an invite from a server that never answers delays no
    /// room's commands.
    pub fn join_invites(self: &Arc<Self>, response: &SyncResponse) {
        for room_id in response.rooms.invited.keys() {
            let fresh = self
                .joining
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(room_id.clone());
            if !fresh {
                continue; // already being joined
            }
            let bot = Arc::clone(self);
            let room_id = room_id.clone();
            tokio::spawn(async move {
                let _slot = bot.join_slots.acquire().await;
                if tokio::time::timeout(JOIN_TIMEOUT, bot.join(&room_id))
                    .await
                    .is_err()
                {
                    tracing::warn!(%room_id, "matrix: joining took too long; given up");
                }
                bot.joining
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .remove(&room_id);
            });
        }
    }

    async fn join(&self, room_id: &RoomId) {
        // Synapse sometimes refuses a join right after the invite; retry briefly.
        for attempt in 0..4u32 {
            match self.client.join_room_by_id(room_id).await {
                Ok(_) => {
                    tracing::info!(%room_id, "matrix: joined");
                    return;
                }
                Err(e) => {
                    tracing::warn!(%room_id, error = %e, attempt, "matrix: join failed");
                    tokio::time::sleep(Duration::from_millis(500 << attempt)).await;
                }
            }
        }
    }

    /// Forgets the rooms the bot left in this batch (kicked, banned or gone): their
    /// turns and warnings go, and their undelivered messages are dead (the bot can
    /// no longer post there).
    pub async fn forget_left(&self, response: &SyncResponse) -> Vec<OwnedRoomId> {
        let left: Vec<OwnedRoomId> = response.rooms.left.keys().cloned().collect();
        for room_id in &left {
            tracing::info!(%room_id, "matrix: no longer in the room; forgetting it");
            self.turns.forget(room_id.as_str());
            self.warned
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(room_id);
            self.key_waits
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(room_id);
            let receipt = Receipt::Left {
                platform: Platform::Matrix,
                channel: room_id.to_string(),
            };
            self.service.receipt(receipt).await;
        }
        left
    }
}
