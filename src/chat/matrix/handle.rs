//! One sync batch in, messages out: joins invites, turns each new text message into
//! a service command (with the shared text parser), handled once per event id, and
//! the service's reply into Matrix messages in the right place.
//!
//! Where a reply goes: where the user looks. A refusal (the parser's or the
//! service's), help, a list and anything else private to its author answers the
//! command in place, as a reply in its thread if it was typed in one; only a
//! secret goes to the author's direct chat, with a pointer in place (see
//! `direct`). A public reply to a command given in a thread stays there; any
//! other reply about a game goes to the game's thread, which the adapter opens
//! (under a root message in the room) the first time the game is shown, whether
//! or not the service asked for one with `open_thread`: on Matrix every game is
//! played in its own thread. Every message of the bot is an `m.notice`.
//! Encrypted messages that cannot be read yet are handled in `undecryptable`.

mod event;
mod membership;
mod people;
mod undecryptable;

pub use event::Event;
pub use membership::InvitePolicy;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use matrix_sdk::ruma::events::room::member::MembershipState;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncStateEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
    SyncStateEvent,
};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, TransactionId, UserId};
use matrix_sdk::sync::SyncResponse;
use matrix_sdk::{Client, Room, RoomState};

use super::direct::Direct;
use super::fault;
use super::incoming::command_text;
use super::outgoing::{matrix_commands, Spot};
use super::send::{Sender, Txn};
use super::turns::Turns;
use crate::chat::text::parse_prefixed;
use crate::chat::{ChatService, Receipt};
use crate::service::{Action, Command, Place, Platform, Reply};

const SEND_FAILED: &str = "matrix: sending failed";

/// The adapter's state between batches: the client, the service, the sender, the
/// rooms' turns to speak shared with the outbox deliverer, the direct rooms, and
/// the rooms already told that a message could not be decrypted.
pub struct Bot<S> {
    client: Client,
    own: OwnedUserId,
    service: Arc<S>,
    sender: Sender<S>,
    turns: Arc<Turns>,
    direct: Arc<Direct<S>>,
    warned: Mutex<HashSet<OwnedRoomId>>,
    /// Each room's waits for keys (see `undecryptable`).
    key_waits: Mutex<HashMap<OwnedRoomId, undecryptable::KeyWaits>>,
    /// Rooms being joined (see `membership`).
    joining: Mutex<HashSet<OwnedRoomId>>,
    /// Joins running at once.
    join_slots: tokio::sync::Semaphore,
    /// Which invites it accepts.
    invites: InvitePolicy,
}

impl<S: ChatService> Bot<S> {
    /// Tells the service whether the homeserver can be reached (syncs go through):
    /// the time it cannot is not charged to the games' clocks.
    pub async fn reachable(&self, reachable: bool) {
        let receipt = Receipt::Reachable {
            platform: Platform::Matrix,
            reachable,
        };
        self.service.receipt(receipt).await;
    }

    /// The bot for a logged-in client.
    ///
    /// # Errors
    /// When the client is not logged in.
    pub fn new(
        client: Client,
        service: Arc<S>,
        sender: Sender<S>,
        turns: Arc<Turns>,
        invites: InvitePolicy,
    ) -> anyhow::Result<Bot<S>> {
        let own = client
            .user_id()
            .ok_or_else(|| anyhow::anyhow!("matrix client is not logged in"))?
            .to_owned();
        let direct = Arc::new(Direct::new(
            client.clone(),
            Arc::clone(&service),
            sender.clone(),
        ));
        Ok(Bot {
            client,
            own,
            service,
            sender,
            turns,
            direct,
            warned: Mutex::new(HashSet::new()),
            key_waits: Mutex::new(HashMap::new()),
            joining: Mutex::new(HashSet::new()),
            join_slots: tokio::sync::Semaphore::new(membership::JOINS_AT_ONCE),
            invites,
        })
    }

    /// Each joined room's new commands in a batch, in order: the text messages
    /// that may be commands for the bot and the messages it could not decrypt (not
    /// its own messages, nor a newly joined room's history).
    pub fn room_events(&self, response: &SyncResponse) -> Vec<(Room, Vec<Event>)> {
        let mut rooms = Vec::new();
        for (room_id, update) in &response.rooms.joined {
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            // Decrypted already when the keys were at hand.
            let events: Vec<Event> = update
                .timeline
                .events
                .iter()
                .filter_map(|e| Event::from_raw(e.raw().clone()))
                .collect();
            // A room joined in this batch comes with some history from before the
            // join: those commands were not addressed to this bot.
            let start = events
                .iter()
                .rposition(|e| self.is_own_join(&e.parsed))
                .map_or(0, |i| i + 1);
            let events: Vec<Event> = events
                .into_iter()
                .skip(start)
                .filter(|e| e.parsed.sender() != self.own && e.may_be_command())
                .collect();
            if !events.is_empty() {
                rooms.push((room, events));
            }
        }
        rooms
    }

    /// Handles one command of a room, in the room's turn to speak (the outbox
    /// deliverer waits meanwhile, so the answer to a command goes out before the
    /// messages it causes, such as an engine's reply to a move).
    pub async fn handle_event(&self, room: &Room, event: Event) {
        let parsed = match event.parsed {
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomEncrypted(_)) => {
                // Waits without the room's turn: the outbox may speak meanwhile.
                let Some(parsed) = self.decrypt_late(room, &event.raw).await else {
                    let _turn = self.turns.take(room.room_id().as_str()).await;
                    self.tell_undecryptable(room).await;
                    return;
                };
                parsed
            }
            parsed => parsed,
        };
        let _turn = self.turns.take(room.room_id().as_str()).await;
        if let AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
            SyncMessageLikeEvent::Original(message),
        )) = parsed
        {
            self.on_message(room, message).await;
        }
    }

    fn is_own_join(&self, event: &AnySyncTimelineEvent) -> bool {
        let AnySyncTimelineEvent::State(AnySyncStateEvent::RoomMember(SyncStateEvent::Original(
            member,
        ))) = event
        else {
            return false;
        };
        let was_joined = member
            .unsigned
            .prev_content
            .as_ref()
            .is_some_and(|prev| prev.membership == MembershipState::Join);
        member.state_key == self.own
            && member.content.membership == MembershipState::Join
            && !was_joined
    }

    async fn on_message(&self, room: &Room, ev: OriginalSyncRoomMessageEvent) {
        if room.state() != RoomState::Joined {
            return;
        }
        let MessageType::Text(text) = &ev.content.msgtype else {
            return;
        };
        let thread = match &ev.content.relates_to {
            Some(Relation::Thread(t)) => Some(t.event_id.clone()),
            Some(Relation::Replacement(_)) => return, // edits are not new commands
            _ => None,
        };
        let html = text.formatted.as_ref().map(|f| f.body.as_str());
        let (body, pills) = command_text(&text.body, html);
        let mut mentioned: Vec<String> = Vec::new();
        if let Some(m) = &ev.content.mentions {
            mentioned.extend(m.user_ids.iter().map(ToString::to_string));
        }
        mentioned.extend(pills.iter().map(|(id, _)| id.clone()));
        // A reply to the bot mentions it implicitly: prefer anyone else.
        mentioned.sort_by_key(|id| *id == self.own.as_str());
        mentioned.dedup();

        let refusal_spot = Spot {
            thread: thread.clone(),
            reply_to: Some(ev.event_id.clone()),
        };
        let place = Place {
            platform: Platform::Matrix,
            space: None,
            channel: room.room_id().to_string(),
            thread: thread.as_ref().map(ToString::to_string),
        };
        // Whether it is a command at all: a refusal's words are only looked up below.
        let english = crate::i18n::Language::english();
        let action = match self.understand(&english, room, &body, &mentioned).await {
            None => return,
            Some(Ok(action)) => action,
            Some(Err(_)) => {
                // The adapter's own refusal, in the author's language: looked up only
                // for it (a command's language is the service's to resolve). It is
                // answered through the service, which counts it against the
                // author's rate and answers its event once.
                let language = self
                    .service
                    .language_for(place.clone(), ev.sender.to_string())
                    .await;
                match self.understand(&language, room, &body, &mentioned).await {
                    Some(Err(hint)) => Action::Misunderstood {
                        hint: matrix_commands(&hint),
                    },
                    _ => return,
                }
            }
        };
        let author = self.user(room, ev.sender.as_str()).await;
        tracing::debug!(room = %room.room_id(), ?action, "matrix: command");
        let role = self.role(room, &ev.sender).await;
        let vouched = self.vouch(&action, room, &ev.sender).await;
        let mut command = Command::new(place, author, action).with_role(role);
        if let Some(other) = vouched {
            command = command.vouching(other);
        }
        // A move counts when it was sent, not when a stalled sync brought it.
        if let Ok(sent) = i64::try_from(u64::from(ev.origin_server_ts.0)) {
            command = command.sent_at(sent);
        }
        // Handled once per event: a batch replayed after a crash gets nothing.
        let reply = self
            .service
            .handle(command.from_event(ev.event_id.as_str()))
            .await;
        if reply.is_empty() {
            return;
        }
        self.deliver(room, reply, refusal_spot, &ev.sender).await;
        fault::point(fault::AFTER_EFFECT_BEFORE_STRUCK_OUT);
    }

    /// The direct rooms, shared with the outbox deliverer (one opening at a time).
    pub(super) fn direct(&self) -> Arc<Direct<S>> {
        Arc::clone(&self.direct)
    }

    /// Sends a reply where it belongs: a secret to the author's direct room with a
    /// pointer in place (in place when this room is already private to them); any
    /// other private reply in place, as a reply to the command; a reply to a
    /// command given in a thread in that thread; any other reply about a game in
    /// the game's thread (opened now if it has none, or when the service asks).
    async fn deliver(&self, room: &Room, reply: Reply, refusal_spot: Spot, author: &UserId) {
        let lang = &reply.language;
        if reply.secret && !self.direct.is_private(room, author).await {
            self.direct
                .send(lang, room, author, &reply, &refusal_spot)
                .await;
            return;
        }
        let spot = if reply.private {
            refusal_spot
        } else if refusal_spot.thread.is_some() {
            Spot {
                thread: refusal_spot.thread,
                reply_to: None,
            }
        } else if let Some(game) = reply.game {
            let thread = self
                .sender
                .game_thread(lang, room.room_id(), game, &reply, Txn::Fresh)
                .await
                .inspect_err(|e| tracing::warn!(error = %e, %game, "{SEND_FAILED}"))
                .ok();
            Spot {
                thread,
                reply_to: None,
            }
        } else {
            Spot::default()
        };
        // A fresh reply logs its own failures and sends what it can.
        let _ = self
            .sender
            .reply(room.room_id(), &reply, &spot, Txn::Fresh)
            .await;
    }

    async fn send(&self, room: &Room, content: RoomMessageEventContent) {
        let sent = self
            .sender
            .event(room.room_id(), &content, TransactionId::new())
            .await;
        if let Err(e) = sent {
            tracing::warn!(room = %room.room_id(), error = %e, "{SEND_FAILED}");
        }
    }

    /// Turns the mentions of a parsed command into users: a typed `@bob:server`, a
    /// local `@bob` (on the bot's server), or the user a pill or `m.mentions` names.
    /// What a message says: `None` when it is not a command for the bot, else the
    /// action, or why it cannot be understood (in the language of the task).
    async fn understand(
        &self,
        lang: &crate::i18n::Language,
        room: &Room,
        body: &str,
        mentioned: &[String],
    ) -> Option<Result<Action, String>> {
        Some(match parse_prefixed(body) {
            Ok(None) => return None,
            Ok(Some(parsed)) => self.resolve(lang, room, parsed, mentioned).await,
            Err(e) => Err(e.words(lang)),
        })
    }
}
