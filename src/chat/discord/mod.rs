//! The Discord adapter (serenity + poise): registers the slash commands, turns each
//! slash command and button press into exactly one [`Command`](crate::service::Command)
//! for the service, and sends the service's [`Reply`](crate::service::Reply) back as
//! a message with the board PNG, buttons and, for a new game, its own thread.
//!
//! It only translates: [`translate`] (Discord → `Command`) and [`message`]
//! (`Reply` → Discord message) are pure; [`respond`] does the sending; the commands in
//! [`commands`] are one-liners. Reconnects are serenity's; failed sends are logged.

pub mod commands;
pub mod message;
pub mod respond;
pub mod translate;

use std::collections::HashSet;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use crate::chat::ChatService;
use crate::service::{Command, Place, Reply, User};

/// The bot token. `Debug` and `Display` never show it.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// Wraps a token.
    #[must_use]
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    /// The secret itself, for the one place that sends it to Discord.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

/// What the Discord adapter needs to start.
#[derive(Clone, Debug)]
pub struct DiscordConfig {
    /// `DISCORD_TOKEN`: the bot token.
    pub token: Token,
    /// `DISCORD_GUILD_ID`: register the commands in this one server only (instant),
    /// instead of globally.
    pub guild_id: Option<u64>,
    /// `DISCORD_HTTP_PROXY`: send every REST call to this base URL instead of
    /// `https://discord.com` (an HTTP proxy such as twilight-http-proxy, or a test fake).
    pub http_proxy: Option<String>,
}

impl DiscordConfig {
    /// Reads `DISCORD_TOKEN`, `DISCORD_GUILD_ID` and `DISCORD_HTTP_PROXY`. `Ok(None)`
    /// when no token is set: Discord is not configured.
    ///
    /// # Errors
    /// [`DiscordError::BadGuildId`] when `DISCORD_GUILD_ID` is not a snowflake.
    pub fn from_env() -> Result<Option<DiscordConfig>, DiscordError> {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    /// [`DiscordConfig::from_env`] over any variable source (tests).
    ///
    /// # Errors
    /// [`DiscordError::BadGuildId`] when `DISCORD_GUILD_ID` is not a snowflake.
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<DiscordConfig>, DiscordError> {
        let set = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let Some(token) = set("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let guild_id = match set("DISCORD_GUILD_ID") {
            None => None,
            Some(id) => Some(
                id.parse::<u64>()
                    .ok()
                    .filter(|id| *id != 0)
                    .ok_or_else(|| DiscordError::BadGuildId(id.chars().take(30).collect()))?,
            ),
        };
        Ok(Some(DiscordConfig {
            token: Token::new(token),
            guild_id,
            http_proxy: set("DISCORD_HTTP_PROXY"),
        }))
    }
}

/// The adapter's errors.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// `DISCORD_GUILD_ID` is set but is not a server id.
    #[error("DISCORD_GUILD_ID must be a numeric server id, not `{0}`")]
    BadGuildId(String),
    /// A Discord API or gateway call failed (boxed: serenity's error is large).
    #[error("Discord: {0}")]
    Serenity(Box<serenity::Error>),
}

impl From<serenity::Error> for DiscordError {
    fn from(error: serenity::Error) -> DiscordError {
        DiscordError::Serenity(Box::new(error))
    }
}

/// poise's error type for this bot.
pub type Error = DiscordError;
/// poise's context for this bot's commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// [`ChatService`] made object-safe, so poise's `Data` need not be generic.
trait DynService: Send + Sync {
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply>;
    fn set_thread(&self, game: i64, thread: Place) -> BoxFuture<'_, ()>;
    fn move_choices(&self, place: Place, author: User) -> BoxFuture<'_, Vec<char>>;
}

impl<S: ChatService> DynService for S {
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply> {
        Box::pin(ChatService::handle(self, cmd))
    }
    fn set_thread(&self, game: i64, thread: Place) -> BoxFuture<'_, ()> {
        Box::pin(ChatService::set_thread(self, game, thread))
    }
    fn move_choices(&self, place: Place, author: User) -> BoxFuture<'_, Vec<char>> {
        Box::pin(ChatService::move_choices(self, place, author))
    }
}

/// What every command and event handler shares.
pub struct Data {
    service: Arc<dyn DynService>,
    /// Channels already told that a thread could not be opened there.
    thread_notes: Mutex<HashSet<u64>>,
}

impl Data {
    fn new<S: ChatService>(service: Arc<S>) -> Data {
        Data {
            service,
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
    let mut http = serenity::HttpBuilder::new(cfg.token.expose());
    if let Some(proxy) = &cfg.http_proxy {
        // A proxy rate-limits for us (twilight-http-proxy), or is a loopback fake.
        http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
    }
    let guild = cfg.guild_id.map(serenity::GuildId::new);
    let data = Data::new(service);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(respond::on_event(framework, event)),
            ..Default::default()
        })
        // Owners matter only for owner-only commands; this bot has none.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(bot = %ready.user.name, "connected to Discord");
                let commands = &framework.options().commands;
                let registered = match guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await,
                    None => poise::builtins::register_globally(ctx, commands).await,
                };
                if let Err(e) = registered {
                    tracing::error!(error = %e, "could not register the slash commands");
                }
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), intents())
        .framework(framework)
        .await?;
    client.start().await?;
    Ok(())
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

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn config_from_vars() {
        assert!(DiscordConfig::from_vars(vars(&[])).unwrap().is_none());
        assert!(DiscordConfig::from_vars(vars(&[("DISCORD_TOKEN", " ")]))
            .unwrap()
            .is_none());
        let cfg = DiscordConfig::from_vars(vars(&[
            ("DISCORD_TOKEN", "sekrit"),
            ("DISCORD_GUILD_ID", "123"),
            ("DISCORD_HTTP_PROXY", "http://127.0.0.1:9"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(cfg.token.expose(), "sekrit");
        assert_eq!(cfg.guild_id, Some(123));
        assert_eq!(cfg.http_proxy.as_deref(), Some("http://127.0.0.1:9"));
        assert!(matches!(
            DiscordConfig::from_vars(vars(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "x")])),
            Err(DiscordError::BadGuildId(_))
        ));
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let cfg = DiscordConfig {
            token: Token::new("sekrit-token"),
            guild_id: None,
            http_proxy: None,
        };
        let shown = format!("{cfg:?}");
        assert!(!shown.contains("sekrit"), "{shown}");
        assert!(shown.contains("Token(***)"));
    }

    #[test]
    fn thread_note_is_given_once_per_channel() {
        struct Nothing;
        impl ChatService for Nothing {
            async fn handle(&self, _: Command) -> Reply {
                Reply::default()
            }
            async fn set_thread(&self, _: i64, _: Place) {}
            async fn move_choices(&self, _: Place, _: User) -> Vec<char> {
                Vec::new()
            }
        }
        let data = Data::new(Arc::new(Nothing));
        assert!(data.first_thread_note(5));
        assert!(!data.first_thread_note(5));
        assert!(data.first_thread_note(6));
    }
}
