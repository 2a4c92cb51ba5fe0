//! The Discord part of the configuration: the token, the one server to register the
//! commands in, a REST proxy, and the shards this process runs.

use crate::config::{Config, ConfigError, Secret};
use crate::service::Shards;

/// What the Discord adapter needs to start: the Discord part of [`Config`].
#[derive(Clone, Debug)]
pub struct DiscordConfig {
    /// `DISCORD_TOKEN`: the bot token (its `Debug` prints `***`).
    pub token: Secret,
    /// `DISCORD_GUILD_ID`: register the commands in this one server only (instant),
    /// instead of globally.
    pub guild_id: Option<u64>,
    /// `DISCORD_HTTP_PROXY`: send every REST call to this base URL instead of
    /// `https://discord.com` (an HTTP proxy such as twilight-http-proxy, or a test fake).
    pub http_proxy: Option<String>,
    /// `DISCORD_SHARDS` / `DISCORD_SHARD_RANGE`: the shards this process runs, of
    /// how many; `None`: all of Discord's recommended count.
    pub shards: Option<Shards>,
}

impl DiscordConfig {
    /// Whether this process registers the slash commands: the one that runs shard 0
    /// (so that several processes do not all register them).
    #[must_use]
    pub fn registers_commands(&self) -> bool {
        self.shards.as_ref().is_none_or(|s| s.range.contains(&0))
    }
}

impl DiscordConfig {
    /// The Discord settings of `config`, or `None` when no token is set (Discord is
    /// not configured).
    #[must_use]
    pub fn from_config(config: &Config) -> Option<DiscordConfig> {
        Some(DiscordConfig {
            token: config.discord.token.clone()?,
            // Snowflakes are never 0 (and serenity's ids panic on it).
            guild_id: config.discord.guild_id.filter(|id| *id != 0),
            http_proxy: config.discord.http_proxy.clone(),
            shards: config.discord.shards.clone(),
        })
    }

    /// Reads `.env` and the environment (see [`Config::from_env`]); `Ok(None)` when
    /// `DISCORD_TOKEN` is not set.
    ///
    /// # Errors
    /// A variable whose value cannot be used, e.g. a `DISCORD_GUILD_ID` that is not a
    /// number.
    pub fn from_env() -> Result<Option<DiscordConfig>, ConfigError> {
        Ok(Self::from_config(&Config::from_env()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Config {
        Config::from_lookup(|name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        })
        .unwrap()
    }

    #[test]
    fn discord_runs_only_with_a_token() {
        assert!(DiscordConfig::from_config(&config(&[])).is_none());
        let cfg = DiscordConfig::from_config(&config(&[
            ("DISCORD_TOKEN", "sekrit"),
            ("DISCORD_GUILD_ID", "123"),
            ("DISCORD_HTTP_PROXY", "http://127.0.0.1:9"),
        ]))
        .unwrap();
        assert_eq!(cfg.token.expose(), "sekrit");
        assert_eq!(cfg.guild_id, Some(123));
        assert_eq!(cfg.http_proxy.as_deref(), Some("http://127.0.0.1:9"));
        let zero = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "0")]);
        assert_eq!(DiscordConfig::from_config(&zero).unwrap().guild_id, None);
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let cfg =
            DiscordConfig::from_config(&config(&[("DISCORD_TOKEN", "sekrit-token")])).unwrap();
        let shown = format!("{cfg:?}");
        assert!(!shown.contains("sekrit"), "{shown}");
    }
}
