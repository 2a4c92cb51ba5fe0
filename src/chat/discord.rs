//! The Discord adapter (serenity + poise): registers the slash commands, turns each
//! slash command and button press into exactly one [`Command`](crate::service::Command)
//! for the service, and sends the service's [`Reply`](crate::service::Reply) back as
//! a message with the board PNG, buttons and, for a new game, its own thread.
//!
//! It only translates: [`translate`] (Discord → `Command`), [`options`] (the parsed
//! slash-command options) and [`message`] (`Reply` → Discord message) are pure;
//! [`respond`] does the sending; the commands in [`commands`] are one-liners;
//! [`deliver`] posts what the bot says unprompted (the service's outbox). Reconnects
//! are serenity's; failed sends are logged.

pub mod accounts;
pub mod admin;
pub mod commands;
mod config;
pub mod deliver;
pub mod localize;
pub mod markdown;
pub mod message;
pub mod options;
mod reachable;
pub mod records;
pub mod respond;
pub mod settings;
pub mod tournament;
pub mod translate;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::chat::{ChatService, Receipt};
pub use config::DiscordConfig;

use crate::service::{DiscordShards, Platform};

/// The adapter's errors.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// A Discord API or gateway call failed (boxed: serenity's error is large).
    #[error("Discord: {0}")]
    Serenity(Box<serenity::Error>),
    /// A stored place names a channel that is not a Discord channel id.
    #[error("`{0}` is not a Discord channel id")]
    NotAChannel(String),
}

impl From<serenity::Error> for DiscordError {
    fn from(error: serenity::Error) -> DiscordError {
        DiscordError::Serenity(Box::new(error))
    }
}

/// How long a graceful stop waits for the commands in hand.
const IN_HAND_DEADLINE: Duration = Duration::from_secs(20);

/// poise's error type for this bot.
pub type Error = DiscordError;
/// poise's context for this bot's commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and event handler shares.
pub struct Data {
    service: Arc<dyn ChatService>,
    /// The commands being handled and answered: a graceful stop waits for them.
    in_hand: tokio_util::task::TaskTracker,
    /// Channels already told that a thread could not be opened there.
    thread_notes: Mutex<HashSet<u64>>,
}

impl Data {
    fn new(service: Arc<dyn ChatService>) -> Data {
        Data {
            service,
            in_hand: tokio_util::task::TaskTracker::new(),
            thread_notes: Mutex::new(HashSet::new()),
        }
    }

    /// True the first time it is asked for `channel`: whether to add the "no thread"
    /// note to a message there.
    fn first_thread_note(&self, channel: u64) -> bool {
        // A poisoned lock only means another task panicked mid-insert: the set is
        // still usable.
        let mut notes = self
            .thread_notes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        notes.insert(channel)
    }
}

/// Interactions need no gateway intents: the bot reads no messages, members or
/// presences, so it asks for none (in particular no message-content intent).
#[must_use]
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::empty()
}

/// Connects to Discord and serves `service` until the connection ends for good.
/// Commands are registered in `cfg.guild_id` when set, else globally.
///
/// # Errors
/// Start-up failures (the client cannot be built, the token is refused, the gateway
/// closes for good).
pub async fn run(service: Arc<impl ChatService>, cfg: DiscordConfig) -> anyhow::Result<()> {
    run_until(service, cfg, crate::chat::terminated()).await
}

/// [`run`] until `shutdown` completes, then closes every shard's connection and
/// returns (best effort: interactions already received are answered by the tasks
/// serenity runs them on only while the process lives).
///
/// # Errors
/// As [`run`].
pub async fn run_until(
    service: Arc<impl ChatService>,
    cfg: DiscordConfig,
    shutdown: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(cfg.token.expose());
    if let Some(proxy) = &cfg.http_proxy {
        // A proxy rate-limits for us (twilight-http-proxy), or is a loopback fake.
        http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
    }
    // `GuildId::new` panics on 0, which is never a real server.
    let guild = cfg
        .guild_id
        .and_then(std::num::NonZeroU64::new)
        .map(serenity::GuildId::from);
    // The deliverer starts once the client is ready (it needs the client's `Http`) and
    // stops with it.
    let (http_ready, on_ready) = tokio::sync::oneshot::channel::<Arc<serenity::Http>>();
    let deliverer = {
        let service = Arc::clone(&service);
        let shards = cfg.shards.clone();
        async move {
            match on_ready.await {
                Ok(http) => deliver::run(http, service, shards).await,
                // Setup never ran: the client stops on its own.
                Err(_) => std::future::pending().await,
            }
        }
    };
    // Told which shards this process runs, for `/oware status`.
    let reporter = Arc::clone(&service);
    let watched: Arc<dyn ChatService> = Arc::clone(&service) as Arc<dyn ChatService>;
    let data = Data::new(service);
    let in_hand = data.in_hand.clone();
    let registers = cfg.registers_commands();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: localize::localized(commands::all()),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(respond::on_event(framework, event)),
            ..Default::default()
        })
        // Owners matter only for owner-only commands; this bot has none.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(bot = %ready.user.name, "connected to Discord");
                // Challenging this account means a game against the engine.
                let user = ready.user.id.get().to_string();
                data.service
                    .receipt(Receipt::BotAccount {
                        platform: Platform::Discord,
                        user,
                    })
                    .await;
                let commands = &framework.options().commands;
                let registered = match (registers, guild) {
                    // Another process runs shard 0 and registers them.
                    (false, _) => Ok(()),
                    (true, Some(guild)) => {
                        poise::builtins::register_in_guild(ctx, commands, guild).await
                    }
                    (true, None) => poise::builtins::register_globally(ctx, commands).await,
                };
                if let Err(e) = registered {
                    tracing::error!(error = %e, "could not register the slash commands");
                }
                if http_ready.send(Arc::clone(&ctx.http)).is_err() {
                    tracing::error!("the outbox deliverer is gone: unprompted messages wait");
                }
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), intents())
        .framework(framework)
        .await?;
    let shards = Arc::clone(&client.shard_manager);
    let watcher = reachable::watch(Arc::clone(&shards), watched);
    let stopping = async {
        shutdown.await;
        tracing::info!("Discord: closing the gateway connections");
        shards.shutdown_all().await;
        // `start` returns once the shards are down.
        std::future::pending::<()>().await;
    };
    let started = async {
        match &cfg.shards {
            Some(shards) => {
                tracing::info!(range = ?shards.range, total = shards.total, "Discord: starting shards");
                // serenity 0.12 reads the range's end as the last shard (inclusive:
                // `0..1` would start shards 0 and 1), so pass the last one we run.
                let last = shards.range.end.saturating_sub(1).max(shards.range.start);
                client
                    .start_shard_range(shards.range.start..last, shards.total)
                    .await
            }
            None => client.start_autosharded().await,
        }
    };
    reporter
        .receipt(Receipt::DiscordShards(DiscordShards::running(
            cfg.shards.clone(),
        )))
        .await;
    let ended = tokio::select! {
        started = started => started.map_err(anyhow::Error::from),
        () = deliverer => Ok(()),
        () = watcher => Ok(()),
        () = stopping => Ok(()),
    };
    // No new interaction comes once the shards are down; those in hand are answered
    // before the service and the store stop.
    in_hand.close();
    if !in_hand.is_empty() {
        tracing::info!(
            commands = in_hand.len(),
            "Discord: finishing the commands in hand"
        );
    }
    if tokio::time::timeout(IN_HAND_DEADLINE, in_hand.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            commands = in_hand.len(),
            "Discord: commands still in hand at the stop"
        );
    }
    reporter
        .receipt(Receipt::DiscordShards(DiscordShards::NotRunning))
        .await;
    ended
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
        }
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!(error = %error, "Discord set-up failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "could not report an error to the user");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::BoxFuture;
    use crate::service::{Command, Place, Reply, User};

    #[test]
    fn thread_note_is_given_once_per_channel() {
        struct Nothing;
        impl ChatService for Nothing {
            fn handle(&self, _: Command) -> BoxFuture<'_, Reply> {
                Box::pin(async { Reply::default() })
            }
            fn receipt(&self, _: Receipt) -> BoxFuture<'_, ()> {
                Box::pin(async {})
            }
            fn move_choices(&self, _: Place, _: User) -> BoxFuture<'_, Vec<char>> {
                Box::pin(async { Vec::new() })
            }
            fn language(&self, _: Place) -> BoxFuture<'_, crate::i18n::Language> {
                Box::pin(async { crate::i18n::Language::english() })
            }
            fn dm_room(&self, _: Platform, _: String) -> BoxFuture<'_, Option<String>> {
                Box::pin(async { None })
            }
            fn anchored(&self, _: Platform, _: String) -> BoxFuture<'_, Option<String>> {
                Box::pin(async { None })
            }
            fn unsent(
                &self,
                _: Platform,
                _: Option<crate::service::Shards>,
            ) -> BoxFuture<'_, Vec<crate::service::Outgoing>> {
                Box::pin(async { Vec::new() })
            }
            fn next_retry(&self, _: Platform) -> BoxFuture<'_, Option<std::time::Duration>> {
                Box::pin(async { None })
            }
            fn outbox_watch(&self) -> tokio::sync::watch::Receiver<u64> {
                tokio::sync::watch::Sender::new(0).subscribe()
            }

            fn still_at(&self, _game: crate::service::GameId, _ply: i64) -> BoxFuture<'_, bool> {
                Box::pin(async { true })
            }
        }
        let data = Data::new(Arc::new(Nothing));
        assert!(data.first_thread_note(5));
        assert!(!data.first_thread_note(5));
        assert!(data.first_thread_note(6));
    }
}
