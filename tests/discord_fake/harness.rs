//! Starting the real bot against the fake, and small helpers for assertions.

use std::sync::Arc;

use oware_bot::chat::discord::{self, DiscordConfig};
use oware_bot::chat::ChatService;
use oware_bot::config::Secret;
use oware_bot::service::{Place, Platform, Shards, User};
use serde_json::Value;

use super::payloads::{self, APP_ID, CHANNEL_ID, GUILD_ID};
use super::service::Scripted;
use super::{FakeDiscord, Recorded};

/// Discord's ephemeral message flag.
pub const EPHEMERAL: u64 = 1 << 6;

/// Test logs at a level that shows what serenity drops.
pub fn init_logs() {
    // serenity reports payloads it cannot parse at debug level and drops them: show it.
    let _ = tracing_subscriber::fmt()
        .with_env_filter("info,serenity=debug,oware_bot=debug,rustls=info,hyper=info")
        .with_test_writer()
        .try_init();
}

/// A running bot: the fake Discord, the service, the bot task (stopped on drop).
pub struct Bot<S> {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// The service behind the adapter.
    pub service: Arc<S>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl<S> Drop for Bot<S> {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub async fn start_bot(guild: Option<u64>) -> Bot<Scripted> {
    start_bot_with(Scripted::new(), guild).await
}

/// Starts the bot through `discord::run` with `service`, against a new fake Discord,
/// and waits until it has connected and registered its commands.
pub async fn start_bot_with<S: ChatService>(service: Arc<S>, guild: Option<u64>) -> Bot<S> {
    init_logs();
    let fake = FakeDiscord::start().await;
    let cfg = DiscordConfig {
        token: Secret::new("fake-token-for-loopback"),
        guild_id: guild,
        http_proxy: Some(fake.rest_url.clone()),
        shards: None,
    };
    let task = tokio::spawn(discord::run(Arc::clone(&service), cfg));
    fake.wait_ready().await;
    Bot {
        fake,
        service,
        task,
    }
}

/// Starts the bot running `shards` against a new fake Discord, and waits until it
/// identified (a process without shard 0 registers no commands).
pub async fn start_sharded<S: ChatService>(service: Arc<S>, shards: Shards) -> Bot<S> {
    init_logs();
    let fake = FakeDiscord::start().await;
    let cfg = DiscordConfig {
        token: Secret::new("fake-token-for-loopback"),
        guild_id: Some(GUILD_ID.parse().expect("a guild id")),
        http_proxy: Some(fake.rest_url.clone()),
        shards: Some(shards),
    };
    let task = tokio::spawn(discord::run(Arc::clone(&service), cfg));
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while fake.identify().is_none() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot never identified"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    Bot {
        fake,
        service,
        task,
    }
}

/// A serenity `Http` client pointed at `fake`, as the adapter builds its own: for
/// driving the outbox deliverer without a gateway connection.
pub fn http_to(fake: &FakeDiscord) -> Arc<poise::serenity_prelude::Http> {
    Arc::new(
        poise::serenity_prelude::HttpBuilder::new("fake-token-for-loopback")
            .proxy(fake.rest_url.as_str())
            .ratelimiter_disabled(true)
            .build(),
    )
}

/// Alice, the challenger.
pub fn alice() -> Value {
    payloads::user("111111111111111111", "Alice", false)
}

/// Bob, the challenged.
pub fn bob() -> Value {
    payloads::user("222222222222222222", "Bob", false)
}

/// Bob as the service knows him.
pub fn bob_user() -> User {
    User {
        id: "222222222222222222".into(),
        name: "Bob".into(),
        is_bot: false,
    }
}

/// The text channel as a service place.
pub fn channel() -> Place {
    Place {
        platform: Platform::Discord,
        space: Some(GUILD_ID.into()),
        channel: CHANNEL_ID.into(),
        thread: None,
    }
}

/// Matches the interaction callback of `payload`.
pub fn is_callback(payload: &Value) -> impl Fn(&Recorded) -> bool {
    let path = format!(
        "/api/v10/interactions/{}/{}/callback",
        payload["id"].as_str().unwrap(),
        payloads::token(payload)
    );
    move |r| r.method == "POST" && r.path == path
}

/// Matches webhook calls (`@original`, follow-ups) of `payload` with `method`.
pub fn is_webhook(payload: &Value, method: &'static str) -> impl Fn(&Recorded) -> bool {
    let prefix = format!("/api/v10/webhooks/{APP_ID}/{}", payloads::token(payload));
    move |r| r.method == method && r.path.starts_with(&prefix)
}

/// The interaction's one callback (waits for it, and checks there is exactly one).
pub async fn callback(fake: &FakeDiscord, payload: &Value) -> Recorded {
    let found = fake.wait_for(1, is_callback(payload)).await;
    assert_eq!(found.len(), 1, "an interaction is answered once");
    found.into_iter().next().unwrap()
}

/// The custom ids of action rows, row by row.
pub fn custom_ids(components: &Value) -> Vec<Vec<String>> {
    components
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| {
                    row["components"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| b["custom_id"].as_str().unwrap().to_owned())
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The SQLite database of [`real_service`] in `dir`.
pub fn database_url(dir: &std::path::Path) -> String {
    format!("sqlite://{}", dir.join("oware.db").display())
}

/// A fresh SQLite file (the directory lives as long as this) and the store open on it.
pub struct RealDb {
    pub dir: tempfile::TempDir,
    /// The store the service works on (a clone, sharing its pools), for tests that
    /// look into the database.
    pub store: oware_bot::store::Store,
}

/// The real service on a fresh SQLite file, with no rate limits.
pub async fn real_service() -> (RealDb, Arc<oware_bot::service::Service>) {
    use oware_bot::service::{Service, ServiceConfig};
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = oware_bot::store::Store::open(&database_url(dir.path()))
        .await
        .expect("the store opens");
    let config = ServiceConfig {
        rates: [None; 3],
        ..ServiceConfig::default()
    };
    let service = Arc::new(Service::new(store.clone(), config));
    (RealDb { dir, store }, service)
}
