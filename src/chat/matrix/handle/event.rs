//! A timeline event as the sync brought it, and whether it may be a command for
//! the bot (what the journal records).

use matrix_sdk::ruma::events::room::message::{MessageType, Relation};
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
};
use matrix_sdk::ruma::serde::Raw;

use super::super::incoming::command_text;
use crate::chat::text::parse_prefixed;

/// A timeline event as the sync gave it: parsed, and raw to record it and to retry
/// decrypting it.
pub struct Event {
    pub(super) parsed: AnySyncTimelineEvent,
    pub(super) raw: Raw<AnySyncTimelineEvent>,
}

impl Event {
    /// The event of `raw`, if it reads as one.
    pub fn from_raw(raw: Raw<AnySyncTimelineEvent>) -> Option<Event> {
        raw.deserialize().ok().map(|parsed| Event { parsed, raw })
    }

    /// The event as received.
    pub fn raw(&self) -> &Raw<AnySyncTimelineEvent> {
        &self.raw
    }

    /// Whether it may be a command: a text message that starts like one (or that
    /// the parser refuses), or a message not decrypted yet.
    pub(super) fn may_be_command(&self) -> bool {
        match &self.parsed {
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomEncrypted(_)) => true,
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
                SyncMessageLikeEvent::Original(message),
            )) => {
                let MessageType::Text(text) = &message.content.msgtype else {
                    return false;
                };
                if matches!(message.content.relates_to, Some(Relation::Replacement(_))) {
                    return false; // edits are not new commands
                }
                let html = text.formatted.as_ref().map(|f| f.body.as_str());
                let (body, _) = command_text(&text.body, html);
                !matches!(parse_prefixed(&body), Ok(None))
            }
            _ => false,
        }
    }
}
