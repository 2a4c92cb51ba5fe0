//! Helpers for the Matrix test: the environment `tools/synapse.sh` writes, the bot as
//! a stoppable task, player clients, and reading the bot's messages back.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::room::MessagesOptions;
use matrix_sdk::ruma::api::client::membership::joined_members;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContent};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, UInt};
use matrix_sdk::{Client, Room};
use oware_bot::chat::matrix::{run_until, MatrixConfig};
use oware_bot::chat::ChatService;
use oware_bot::service::Platform;
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub struct Env {
    pub homeserver: String,
    pub bot: String,
    pub bot_password: String,
    pub alice: (String, String),
    pub bob: (String, String),
}

pub fn env() -> Option<Env> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let homeserver = var("MATRIX_TEST_HOMESERVER")?;
    let need = |name: &str| var(name).unwrap_or_else(|| panic!("{name} is not set"));
    Some(Env {
        homeserver,
        bot: need("MATRIX_TEST_BOT_USER"),
        bot_password: need("MATRIX_TEST_BOT_PASSWORD"),
        alice: (
            need("MATRIX_TEST_ALICE"),
            need("MATRIX_TEST_ALICE_PASSWORD"),
        ),
        bob: (need("MATRIX_TEST_BOB"), need("MATRIX_TEST_BOB_PASSWORD")),
    })
}

/// The bot running in a task, stoppable like a process receiving Ctrl-C.
pub struct RunningBot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<anyhow::Result<()>>,
}

pub fn start_bot<S: ChatService>(service: &Arc<S>, cfg: &MatrixConfig) -> RunningBot {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(run_until(Arc::clone(service), cfg.clone(), async {
        let _ = stopped.await;
    }));
    RunningBot { stop, task }
}

impl RunningBot {
    /// Stops the bot at once, as a crash would: no command in hand finishes.
    pub async fn crash(self) {
        self.task.abort();
        let _ = self.task.await;
    }

    pub async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(Duration::from_secs(30), self.task)
            .await
            .expect("the bot stops promptly")
            .expect("the bot task does not panic");
        result.expect("the bot ran without error");
    }
}

/// A player: a client with encryption (its keys in memory, a new device per
/// login) that syncs in the background until the test's runtime ends, so it
/// receives the room keys of the bot's encrypted messages (its direct rooms are
/// encrypted, as the SDK makes them) and decrypts what it reads.
pub async fn login(env: &Env, (user, password): &(String, String)) -> Client {
    let client = Client::builder()
        .homeserver_url(&env.homeserver)
        .build()
        .await
        .expect("client builds");
    client
        .matrix_auth()
        .login_username(user, password)
        .send()
        .await
        .expect("player logs in");
    client
        .sync_once(SyncSettings::default())
        .await
        .expect("the player's first sync");
    let syncing = client.clone();
    tokio::spawn(async move {
        let settings = SyncSettings::default().timeout(Duration::from_secs(5));
        let _ = syncing.sync(settings).await;
    });
    client
}

/// Reads the room's history as a player and hands out the bot's new events.
pub struct Watch {
    pub room: Room,
    pub bot: String,
    pub seen: HashSet<String>,
}

impl Watch {
    pub async fn bot_events(&self) -> Vec<Value> {
        let mut options = MessagesOptions::backward();
        options.limit = UInt::from(100u32);
        let messages = self.room.messages(options).await.expect("reads messages");
        let mut events: Vec<Value> = messages
            .chunk
            .iter()
            .filter_map(|e| serde_json::from_str(e.raw().json().get()).ok())
            .filter(|e: &Value| e["sender"] == self.bot.as_str() && e["type"] == "m.room.message")
            .filter(|e| {
                !self
                    .seen
                    .contains(e["event_id"].as_str().unwrap_or_default())
            })
            .collect();
        events.reverse();
        for e in &events {
            // The bot's texts are notices (the spec's type for automated clients).
            let kind = &e["content"]["msgtype"];
            assert!(
                kind == "m.notice" || kind == "m.image",
                "a bot message that is not a notice: {e:#}"
            );
        }
        events
    }

    /// Waits for exactly `n` new bot events (failing if more or none arrive).
    pub async fn next(&mut self, n: usize, what: &str) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let events = self.bot_events().await;
            if events.len() >= n {
                // Let a straggler show up so "exactly n" means something.
                tokio::time::sleep(Duration::from_millis(150)).await;
                let events = self.bot_events().await;
                assert_eq!(events.len(), n, "{what}: bot sent {events:#?}");
                for e in &events {
                    self.seen
                        .insert(e["event_id"].as_str().expect("id").to_string());
                }
                return events;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: timed out; got {events:#?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits for new bot events up to the first text (a notice) and returns them.
    pub async fn until_text(&mut self, what: &str) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let events = self.bot_events().await;
            if let Some(i) = events
                .iter()
                .position(|e| e["content"]["msgtype"] == "m.notice")
            {
                let taken = events[..=i].to_vec();
                for e in &taken {
                    self.seen
                        .insert(e["event_id"].as_str().expect("id").to_string());
                }
                return taken;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: timed out; got {events:#?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn quiet(&self, for_: Duration, what: &str) {
        tokio::time::sleep(for_).await;
        let events = self.bot_events().await;
        assert!(
            events.is_empty(),
            "{what}: unexpected bot events {events:#?}"
        );
    }
}

pub async fn say(room: &Room, body: &str, thread: Option<&OwnedEventId>) -> OwnedEventId {
    let mut content = RoomMessageEventContent::text_plain(body);
    if let Some(root) = thread {
        content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    }
    room.send(content)
        .await
        .expect("player sends")
        .response
        .event_id
}

pub fn thread_root(event: &Value) -> Option<&str> {
    let rel = &event["content"]["m.relates_to"];
    (rel["rel_type"] == "m.thread")
        .then(|| rel["event_id"].as_str())
        .flatten()
}

pub fn replies_to(event: &Value) -> Option<&str> {
    event["content"]["m.relates_to"]["m.in_reply_to"]["event_id"].as_str()
}

pub fn body(event: &Value) -> &str {
    event["content"]["body"].as_str().unwrap_or_default()
}

pub fn mentions(event: &Value, user: &str) -> bool {
    let listed = event["content"]["m.mentions"]["user_ids"]
        .as_array()
        .is_some_and(|ids| ids.iter().any(|id| id == user));
    let pill = event["content"]["formatted_body"]
        .as_str()
        .is_some_and(|h| h.contains(&format!("https://matrix.to/#/{user}")));
    listed && pill
}

/// A board: an `m.image` then the text with the `<pre>` board, both in the thread.
/// A board: any `m.image`s (the service's board PNGs, alt text as the body), then
/// the text with the `<pre>` board, all in the game's thread, with at least
/// `min_images` images.
pub fn assert_board(events: &[Value], root: &str, min_images: usize, what: &str) {
    assert!(events.len() > min_images, "{what}: {events:#?}");
    let (text, pictures) = events.split_last().expect("at least the text");
    for image in pictures {
        assert_eq!(image["content"]["msgtype"], "m.image", "{what}: {image:#}");
        // Plain, or encrypted with the key in `file` (in an encrypted room).
        let url = image["content"]["url"]
            .as_str()
            .or(image["content"]["file"]["url"].as_str());
        assert!(
            url.is_some_and(|u| u.starts_with("mxc://")),
            "{what}: {image:#}"
        );
        assert!(!body(image).is_empty(), "{what}: alt text is the body");
    }
    assert_eq!(text["content"]["msgtype"], "m.notice");
    assert!(text["content"]["formatted_body"]
        .as_str()
        .is_some_and(|h| h.contains("<pre><code>")));
    for e in events {
        assert_eq!(
            thread_root(e),
            Some(root),
            "{what}: in the game's thread: {e:#}"
        );
    }
}

pub async fn wait_joined(client: &Client, room: &OwnedRoomId, user: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let joined = client
            .send(joined_members::v3::Request::new(room.clone()))
            .await
            .expect("lists members");
        if joined.joined.keys().any(|u| u.as_str() == user) {
            return;
        }
        assert!(Instant::now() < deadline, "{user} never joined");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The direct room the bot opened with `client`'s user for a private reply: waits
/// until the service records it, joins it as that user and watches it.
pub async fn dm<S: ChatService>(service: &S, client: &Client, bot: &str) -> Watch {
    let user = client.user_id().expect("logged in").to_string();
    let deadline = Instant::now() + Duration::from_secs(60);
    let id = loop {
        if let Some(id) = service.dm_room(Platform::Matrix, user.clone()).await {
            break id;
        }
        assert!(Instant::now() < deadline, "no direct room with {user}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let id = OwnedRoomId::try_from(id).expect("a room id");
    let room = client
        .join_room_by_id(&id)
        .await
        .expect("joins the direct room");
    Watch {
        room,
        bot: bot.to_string(),
        seen: HashSet::new(),
    }
}
