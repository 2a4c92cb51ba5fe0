//! Gateway and REST payloads in Discord's documented shapes. Interactions start from
//! the fixtures in `tests/fixtures/discord/` and change only ids, options and users.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};

/// The application's id (also the bot user's id).
pub const APP_ID: &str = "900000000000000009";
/// The bot user's id.
pub const BOT_ID: &str = APP_ID;
/// The server.
pub const GUILD_ID: &str = "100000000000000001";
/// The text channel games are challenged in.
pub const CHANNEL_ID: &str = "200000000000000002";

/// Another text channel of the server (its moderators' channel, say).
pub const MODS_CHANNEL_ID: &str = "200000000000000003";
/// A text channel of another server.
pub const FOREIGN_CHANNEL_ID: &str = "200000000000000099";

/// A text channel of `guild` (Get Channel).
pub fn text_channel(id: &str, guild: &str) -> Value {
    json!({
        "id": id,
        "guild_id": guild,
        "type": 0,
        "name": "general",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "parent_id": null,
        "topic": null,
        "flags": 0
    })
}

/// A Discord user object.
pub fn user(id: &str, name: &str, bot: bool) -> Value {
    json!({
        "id": id,
        "username": name.to_lowercase(),
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
        "public_flags": 0
    })
}

/// The READY event's `d`.
pub fn ready(ws_url: &str) -> Value {
    json!({
        "v": 10,
        "user": {
            "id": BOT_ID, "username": "oware-bot", "global_name": null, "discriminator": "0",
            "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0
        },
        "guilds": [{ "id": GUILD_ID, "unavailable": true }],
        "session_id": "fake-session",
        "resume_gateway_url": ws_url,
        "shard": [0, 1],
        "application": { "id": APP_ID, "flags": 0 },
        "private_channels": [],
        "relationships": [],
        "presences": []
    })
}

/// A message object as REST returns it.
pub fn message(id: u64, channel: &str, content: &str) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel,
        "author": user(BOT_ID, "oware-bot", true),
        "content": content,
        "timestamp": "2025-03-01T12:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "application_id": APP_ID,
        "webhook_id": APP_ID
    })
}

/// A public thread channel object, as "Start Thread from Message" returns it.
/// The direct-message channel `id` with user `recipient` (Create DM's answer).
pub fn dm_channel(id: u64, recipient: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [user(recipient, "someone", false)]
    })
}

pub fn thread(id: u64, parent: &str, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": GUILD_ID,
        "parent_id": parent,
        "owner_id": BOT_ID,
        "type": 11,
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false, "auto_archive_duration": 1440, "locked": false,
            "archive_timestamp": "2025-03-01T12:00:00.000000+00:00",
            "create_timestamp": "2025-03-01T12:00:00.000000+00:00"
        }
    })
}

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

static NEXT: AtomicU64 = AtomicU64::new(1_210_000_000_000_000_000);

/// A fresh interaction id and token.
fn fresh(payload: &mut Value) -> String {
    let id = NEXT.fetch_add(1, Ordering::SeqCst).to_string();
    payload["id"] = json!(id);
    payload["token"] = json!(format!("token-{id}"));
    id
}

fn set_author(payload: &mut Value, author: &Value) {
    payload["member"]["user"] = author.clone();
}

/// Where an interaction happens: the text channel, or a thread in it.
pub fn in_thread(payload: &mut Value, thread: &str) {
    payload["channel_id"] = json!(thread);
    payload["channel"] = json!({
        "id": thread, "type": 11, "guild_id": GUILD_ID, "name": "Oware",
        "parent_id": CHANNEL_ID, "permissions": "2248473465835073", "flags": 0
    });
}

/// `/oware <sub> options…` by `author`; `users` are resolved (for user options).
pub fn oware(author: &Value, sub: &str, options: Value, users: &[Value]) -> Value {
    let mut p = fixture("slash_play.json");
    fresh(&mut p);
    set_author(&mut p, author);
    p["data"]["options"] = json!([{ "name": sub, "type": 1, "options": options }]);
    let resolved: serde_json::Map<String, Value> = users
        .iter()
        .map(|u| (u["id"].as_str().unwrap().to_owned(), u.clone()))
        .collect();
    p["data"]["resolved"] = json!({ "users": resolved });
    p
}

/// `/oware <group> <sub> …options` by `author` (a subcommand of a group, such as
/// `/oware settings me`).
pub fn oware_group(author: &Value, group: &str, sub: &str, options: Value) -> Value {
    let mut p = oware(author, group, json!([]), &[]);
    p["data"]["options"] = json!([{
        "name": group,
        "type": 2,
        "options": [{ "name": sub, "type": 1, "options": options }],
    }]);
    p
}

/// `/move pit:<pit>` by `author`.
pub fn slash_move(author: &Value, pit: &str) -> Value {
    let mut p = fixture("slash_play.json");
    fresh(&mut p);
    set_author(&mut p, author);
    p["data"]["name"] = json!("move");
    p["data"]["id"] = json!("1000000000000000002");
    p["data"]["options"] = json!([{ "name": "pit", "type": 3, "value": pit }]);
    p["data"]["resolved"] = json!({});
    p
}

/// An autocomplete request for `/move pit` with `typed` so far, by `author`.
pub fn autocomplete_move(author: &Value, typed: &str) -> Value {
    let mut p = fixture("autocomplete_move.json");
    fresh(&mut p);
    set_author(&mut p, author);
    p["data"]["options"] = json!([{ "name": "pit", "type": 3, "value": typed, "focused": true }]);
    p
}

/// A press of the button `custom_id` by `author` (on a message in the text channel).
pub fn button(author: &Value, custom_id: &str) -> Value {
    let mut p = fixture("button_move.json");
    fresh(&mut p);
    set_author(&mut p, author);
    p["data"]["custom_id"] = json!(custom_id);
    p["channel_id"] = json!(CHANNEL_ID);
    p["channel"] = fixture("slash_play.json")["channel"].clone();
    p["message"]["channel_id"] = json!(CHANNEL_ID);
    p
}

/// The token of an interaction payload (its webhook and callback paths contain it).
pub fn token(payload: &Value) -> String {
    payload["token"].as_str().unwrap().to_owned()
}
