//! The Discord adapter's variables: its token, its test server, its REST proxy and
//! the shards this process runs.

use super::{ConfigError, Secret};
pub use crate::service::Shards;

/// `DISCORD_*`, from the environment.
#[derive(Clone, Debug)]
pub struct Discord {
    /// `DISCORD_TOKEN`: Discord runs when set.
    pub token: Option<Secret>,
    /// `DISCORD_GUILD_ID`: register slash commands in this one server only.
    pub guild_id: Option<u64>,
    /// `DISCORD_HTTP_PROXY`: send Discord REST calls through this base URL.
    pub http_proxy: Option<String>,
    /// `DISCORD_SHARDS` and `DISCORD_SHARD_RANGE`: the total number of shards and
    /// the ones this process runs (`0..2`: shards 0 and 1). Unset: one process with
    /// Discord's recommended count.
    pub shards: Option<Shards>,
}

impl Discord {
    /// Reads the variables through `get` (empty values already count as unset).
    pub(super) fn read(get: &dyn Fn(&str) -> Option<String>) -> Result<Discord, ConfigError> {
        let discord_guild_id = match get("DISCORD_GUILD_ID") {
            None => None,
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError {
                name: "DISCORD_GUILD_ID",
                value: v.clone(),
                expected: "a server (guild) id, a number",
            })?),
        };
        let discord = Discord {
            token: get("DISCORD_TOKEN").map(Secret::new),
            guild_id: discord_guild_id,
            http_proxy: get("DISCORD_HTTP_PROXY"),
            shards: shards(get("DISCORD_SHARDS"), get("DISCORD_SHARD_RANGE"))?,
        };
        // Discord settings without a token would start no Discord, silently.
        let settings =
            discord.guild_id.is_some() || discord.http_proxy.is_some() || discord.shards.is_some();
        if settings && discord.token.is_none() {
            return Err(ConfigError::missing(
                "DISCORD_TOKEN",
                "the other DISCORD_* settings are set, and Discord needs the bot's token \
                 with them (Developer Portal, Bot, Reset Token)",
            ));
        }
        Ok(discord)
    }

    /// Whether a token is set (Discord runs).
    #[must_use]
    pub fn configured(&self) -> bool {
        self.token.is_some()
    }
}

/// `DISCORD_SHARDS` and `DISCORD_SHARD_RANGE` as [`Shards`].
fn shards(total: Option<String>, range: Option<String>) -> Result<Option<Shards>, ConfigError> {
    let Some(total_text) = total else {
        return match range {
            None => Ok(None),
            Some(value) => Err(ConfigError {
                name: "DISCORD_SHARD_RANGE",
                value,
                expected: "set only with DISCORD_SHARDS (the total number of shards)",
            }),
        };
    };
    let total = total_text
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or(ConfigError {
            name: "DISCORD_SHARDS",
            value: total_text.clone(),
            expected: "the total number of shards, 1 or more",
        })?;
    let range = match range {
        None => 0..total,
        Some(text) => {
            let bad = || ConfigError {
                name: "DISCORD_SHARD_RANGE",
                value: text.clone(),
                expected:
                    "the shards this process runs, `start..end` within DISCORD_SHARDS, e.g. 0..2",
            };
            let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
            let (a, b) = (
                a.trim().parse::<u32>().map_err(|_| bad())?,
                b.trim().parse::<u32>().map_err(|_| bad())?,
            );
            if a >= b || b > total {
                return Err(bad());
            }
            a..b
        }
    };
    Ok(Some(Shards { total, range }))
}

#[cfg(test)]
mod tests {
    use super::super::tests::from;
    use super::*;

    #[test]
    fn discord_shards_are_a_total_and_a_range_within_it() {
        assert_eq!(from(&[]).unwrap().discord.shards, None);
        let all = from(&[("DISCORD_TOKEN", "t"), ("DISCORD_SHARDS", "4")])
            .unwrap()
            .discord
            .shards;
        assert_eq!(
            all,
            Some(Shards {
                total: 4,
                range: 0..4
            })
        );
        let some = from(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_SHARDS", "4"),
            ("DISCORD_SHARD_RANGE", " 2..4 "),
        ])
        .unwrap()
        .discord
        .shards;
        assert_eq!(
            some,
            Some(Shards {
                total: 4,
                range: 2..4
            })
        );
        for (shards, range) in [
            ("0", ""),
            ("two", ""),
            ("4", "3..2"),
            ("4", "2..2"),
            ("4", "0..5"),
            ("4", "1-3"),
            ("", "0..1"),
        ] {
            let err =
                from(&[("DISCORD_SHARDS", shards), ("DISCORD_SHARD_RANGE", range)]).unwrap_err();
            assert!(err.to_string().contains("DISCORD_SHARD"), "{err}");
        }
    }
}
