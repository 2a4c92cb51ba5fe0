//! Who is who in a room: the user a mention names, a sender's role from the room's
//! power levels, a member's display name, and whether a sender administers another
//! room they name as the moderators' room.

use std::collections::HashMap;

use matrix_sdk::ruma::UserId;
use matrix_sdk::Room;

use super::super::incoming::{mention_id, role_in};
use super::Bot;
use crate::chat::text::ParsedAction;
use crate::chat::ChatService;
use crate::service::{Action, Role, User};

impl<S: ChatService> Bot<S> {
    pub(super) async fn resolve(
        &self,
        lang: &crate::i18n::Language,
        room: &Room,
        parsed: ParsedAction,
        mentioned: &[String],
    ) -> Result<Action, String> {
        let raw = parsed.mention().map(str::to_owned);
        let mut users = HashMap::new();
        if let Some(raw) = raw {
            let id = self.user_id_for(&raw, mentioned).ok_or_else(|| {
                crate::tr!(
                    lang,
                    "matrix-who-is",
                    mention = raw.chars().take(40).collect::<String>()
                )
            })?;
            users.insert(raw, self.user(room, &id).await);
        }
        parsed.resolve(|m| {
            users
                .get(m)
                .cloned()
                .ok_or_else(|| crate::tr!(lang, "matrix-who-is-short", mention = m))
        })
    }

    fn user_id_for(&self, mention: &str, mentioned: &[String]) -> Option<String> {
        mention_id(mention, mentioned, self.own.server_name().as_str())
    }

    /// For `settings moderators:<room id>` naming another room: that room, when the
    /// bot is in it and the sender administers it too (power level 50 or more), so
    /// that the room's reports may go there. Anything else vouches for nothing (the
    /// service then refuses another room).
    pub(super) async fn vouch(
        &self,
        action: &Action,
        room: &Room,
        sender: &UserId,
    ) -> Option<String> {
        let Action::Settings { changes } = action else {
            return None;
        };
        let (_, value) = changes
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case("moderators"))?;
        let other = <&matrix_sdk::ruma::RoomId>::try_from(value.trim()).ok()?;
        if other == room.room_id() {
            return None;
        }
        let other_room = self
            .client
            .get_room(other)
            .filter(|r| r.state() == matrix_sdk::RoomState::Joined)?;
        (self.role(&other_room, sender).await >= Role::Admin).then(|| other.to_string())
    }

    /// The sender's role in the room, from the room's power levels as the sync
    /// brought them (no request); unknown power levels make a member.
    pub(super) async fn role(&self, room: &Room, sender: &UserId) -> Role {
        match room.power_levels().await {
            Ok(levels) => role_in(&levels, sender),
            Err(e) => {
                tracing::warn!(room = %room.room_id(), error = %e, "matrix: no power levels");
                Role::Member
            }
        }
    }

    pub(super) async fn user(&self, room: &Room, id: &str) -> User {
        let fallback = id.trim_start_matches('@').split(':').next().unwrap_or(id);
        let mut name = fallback.to_string();
        if let Ok(user_id) = <&UserId>::try_from(id) {
            if let Ok(Some(member)) = room.get_member_no_sync(user_id).await {
                name = member.name().to_string();
            }
        }
        User {
            id: id.to_string(),
            name,
            is_bot: id == self.own.as_str(),
        }
    }
}
