//! The rooms the bot is in: it joins the rooms it is invited to, off the sync loop
//! (each join its own task, [`JOINS_AT_ONCE`] at a time, given up after
//! [`JOIN_TIMEOUT`]), so an invite from a server that never answers delays no room's
//! commands; and it forgets a room it left (kicked, banned or gone), whose
//! undelivered messages the service then gives up.
//!
//! Not every invite: any federated user can invite the bot, and each room costs sync
//! size, key sharing and room state. [`decide`] declines an invite once the bot is in
//! [`InvitePolicy::most_rooms`] rooms (`MATRIX_MAX_ROOMS`), or from an inviter whose
//! homeserver is not in [`InvitePolicy::servers`] when that list is set
//! (`MATRIX_INVITE_SERVERS`); a declined invite is rejected and logged with why.

use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use matrix_sdk::sync::SyncResponse;

use super::Bot;
use crate::chat::{ChatService, Receipt};
use crate::service::Platform;

/// Invites joined at once, off the sync loop.
pub(super) const JOINS_AT_ONCE: usize = 4;

/// Which invites the bot accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvitePolicy {
    /// The most rooms the bot is in (`MATRIX_MAX_ROOMS`, default
    /// [`InvitePolicy::DEFAULT_MOST_ROOMS`]); an invite beyond is declined.
    pub most_rooms: usize,
    /// The homeservers whose users may invite the bot (`MATRIX_INVITE_SERVERS`, as
    /// `example.org`); empty: all.
    pub servers: Vec<String>,
}

impl InvitePolicy {
    /// The default of [`InvitePolicy::most_rooms`].
    pub const DEFAULT_MOST_ROOMS: usize = crate::config::DEFAULT_MATRIX_MAX_ROOMS;
}

impl Default for InvitePolicy {
    fn default() -> InvitePolicy {
        InvitePolicy {
            most_rooms: InvitePolicy::DEFAULT_MOST_ROOMS,
            servers: Vec::new(),
        }
    }
}

/// Why an invite is declined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Declined {
    /// The bot is in as many rooms as it may be.
    #[error("the bot is in {rooms} rooms, the most MATRIX_MAX_ROOMS ({most}) allows")]
    Full {
        /// The rooms it is in (or joining).
        rooms: usize,
        /// The cap.
        most: usize,
    },
    /// The inviter's homeserver is not on the allow-list.
    #[error("the inviter's homeserver {server} is not in MATRIX_INVITE_SERVERS")]
    Server {
        /// Their homeserver (empty when unknown).
        server: String,
    },
}

/// Whether to join a room the bot is invited to by a user of `inviter_server`
/// (`None`: unknown), while it is in (or joining) `rooms` rooms.
///
/// # Errors
/// [`Declined`] says why not.
pub fn decide(
    policy: &InvitePolicy,
    inviter_server: Option<&str>,
    rooms: usize,
) -> Result<(), Declined> {
    if !policy.servers.is_empty() {
        let server = inviter_server.unwrap_or_default();
        if !policy
            .servers
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(server))
        {
            return Err(Declined::Server {
                server: server.to_owned(),
            });
        }
    }
    if rooms >= policy.most_rooms {
        return Err(Declined::Full {
            rooms,
            most: policy.most_rooms,
        });
    }
    Ok(())
}
/// How long one invite's join (with its retries) may take.
const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

impl<S: ChatService> Bot<S> {
    /// Joins the rooms the batch invites the bot to, or declines them (see
    /// [`decide`]), off the sync loop: each is its own task (at most
    /// [`JOINS_AT_ONCE`] at a time, each given up after [`JOIN_TIMEOUT`]), so an
    /// invite from a server that never answers delays no room's commands.
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
                if tokio::time::timeout(JOIN_TIMEOUT, bot.answer_invite(&room_id))
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

    /// Joins `room_id`, or declines its invite (logged with why).
    async fn answer_invite(&self, room_id: &RoomId) {
        let room = self.client.get_room(room_id);
        let inviter = match &room {
            Some(room) => room.invite_details().await.ok().map(|i| i.inviter_id),
            None => None,
        };
        // The rooms joined, and those being joined besides this one.
        let joining = self
            .joining
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
            .saturating_sub(1);
        let rooms = self.client.joined_rooms().len() + joining;
        let server = inviter.as_ref().map(|user| user.server_name().as_str());
        match decide(&self.invites, server, rooms) {
            Ok(()) => self.join(room_id).await,
            Err(why) => {
                tracing::warn!(%room_id, inviter = ?inviter, reason = %why, "matrix: invite declined");
                if let Some(room) = room {
                    if let Err(e) = room.leave().await {
                        tracing::warn!(%room_id, error = %e, "matrix: cannot reject the invite");
                    }
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(most_rooms: usize, servers: &[&str]) -> InvitePolicy {
        InvitePolicy {
            most_rooms,
            servers: servers.iter().map(|&s| s.to_owned()).collect(),
        }
    }

    #[test]
    fn invites_are_joined_up_to_the_cap_then_declined() {
        let open = InvitePolicy::default();
        assert_eq!(open.most_rooms, 500);
        assert_eq!(decide(&open, Some("evil.example"), 0), Ok(()));
        assert_eq!(decide(&open, None, 499), Ok(()));
        assert_eq!(
            decide(&open, Some("example.org"), 500),
            Err(Declined::Full {
                rooms: 500,
                most: 500
            })
        );
        assert!(decide(&open, Some("example.org"), 10_000).is_err());
    }

    #[test]
    fn only_the_listed_homeservers_invite_when_a_list_is_set() {
        let listed = policy(3, &["example.org", "Friends.example"]);
        assert_eq!(decide(&listed, Some("example.org"), 0), Ok(()));
        assert_eq!(decide(&listed, Some("friends.EXAMPLE"), 2), Ok(()));
        assert_eq!(
            decide(&listed, Some("evil.example"), 0),
            Err(Declined::Server {
                server: "evil.example".into()
            })
        );
        // A server that merely ends like a listed one is another server.
        assert!(decide(&listed, Some("notexample.org"), 0).is_err());
        // An inviter not known is not from a listed server.
        assert!(decide(&listed, None, 0).is_err());
        // The cap holds for listed servers too.
        assert!(matches!(
            decide(&listed, Some("example.org"), 3),
            Err(Declined::Full { .. })
        ));
    }

    #[test]
    fn the_reasons_name_the_setting_to_change() {
        let full = Declined::Full { rooms: 9, most: 9 }.to_string();
        assert!(full.contains("MATRIX_MAX_ROOMS"), "{full}");
        let server = Declined::Server {
            server: "evil.example".into(),
        }
        .to_string();
        assert!(
            server.contains("evil.example") && server.contains("MATRIX_INVITE_SERVERS"),
            "{server}"
        );
    }
}
