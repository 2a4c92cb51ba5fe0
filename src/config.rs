//! The configuration: one typed struct read from the environment (after loading a
//! `.env` file if there is one). Every variable is documented in `.env.example`.
//! Secrets are wrapped in [`Secret`], whose `Debug` and `Display` print `***`, so the
//! config can be logged safely.

use std::{fmt, path::PathBuf, time::Duration};

use crate::service::{Admins, Caps, RateLimit, ServiceConfig};

/// A secret (token, password): printing it shows `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret.
    #[must_use]
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The secret itself, for handing to the client library that needs it.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// A variable with a value that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{name}={value:?} is not valid: {expected}")]
pub struct ConfigError {
    /// The variable.
    pub name: &'static str,
    /// Its value (never a secret's).
    pub value: String,
    /// What it should be.
    pub expected: &'static str,
}

pub use crate::service::Shards;

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

/// Everything configurable, from the environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// `DATABASE_URL`: the SQLite database, default `sqlite://oware.db`.
    pub database_url: String,
    /// `CHALLENGE_TTL_SECS`: how long a challenge waits, default 600.
    pub challenge_ttl: Duration,
    /// `OWARE_BOARDS_DIR`: where the console writes board images, default `./boards`.
    pub boards_dir: PathBuf,
    /// `DISCORD_TOKEN`: Discord runs when set.
    pub discord_token: Option<Secret>,
    /// `DISCORD_GUILD_ID`: register slash commands in this one server only.
    pub discord_guild_id: Option<u64>,
    /// `DISCORD_HTTP_PROXY`: send Discord REST calls through this base URL.
    pub discord_http_proxy: Option<String>,
    /// `DISCORD_SHARDS` and `DISCORD_SHARD_RANGE`: the total number of shards and
    /// the ones this process runs (`0..2`: shards 0 and 1). Unset: one process with
    /// Discord's recommended count.
    pub discord_shards: Option<Shards>,
    /// `MATRIX_HOMESERVER`: Matrix runs when set (with a user and a password or token).
    pub matrix_homeserver: Option<String>,
    /// `MATRIX_USER`: the bot's Matrix user, e.g. `@oware:example.org`.
    pub matrix_user: Option<String>,
    /// `MATRIX_PASSWORD`: to log in with.
    pub matrix_password: Option<Secret>,
    /// `MATRIX_ACCESS_TOKEN`: to restore a session with, instead of a password.
    pub matrix_access_token: Option<Secret>,
    /// `MATRIX_STORE_DIR`: where the Matrix session, sync token and the SDK's
    /// SQLite stores (encryption keys, room state) are kept.
    pub matrix_store_dir: Option<PathBuf>,
    /// `MATRIX_STORE_PASSPHRASE`: encrypts the SDK's SQLite stores at rest.
    pub matrix_store_passphrase: Option<Secret>,
    /// `MATRIX_ENABLED` (default `true`): `false` keeps Matrix off in this process
    /// even when its credentials are set, for all processes but one sharing a
    /// database (one sync stream per account).
    pub matrix_enabled: bool,
    /// `COMMAND_BURST` and `COMMAND_RATE_PER_SEC`: each user's command rate on every
    /// network, when either is set (`COMMAND_BURST=0`: unlimited). Unset: a burst of
    /// 10 then 1 a second on Discord and Matrix, the console unlimited.
    pub command_rate: Option<Option<RateLimit>>,
    /// `MAX_PENDING_CHALLENGES`, `MAX_ACTIVE_GAMES`, `MAX_ENGINE_GAMES_PER_USER`,
    /// `MAX_ENGINE_GAMES`.
    pub caps: Caps,
    /// `OWARE_OWNERS`: the user ids (Discord ids, Matrix `@name:server`, console
    /// names) of the people who run the bot; they administer every place.
    pub owners: Vec<String>,
    /// `OWARE_CONSOLE_ADMIN`: the console user who administers the console
    /// (lowercase, as console ids are).
    pub console_admin: Option<String>,
}

/// `OWARE_OWNERS`: comma-separated user ids.
fn owners(value: Option<String>) -> Result<Vec<String>, ConfigError> {
    let Some(text) = value else {
        return Ok(Vec::new());
    };
    let ids: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    if ids.iter().any(|id| id.contains(char::is_whitespace)) {
        return Err(ConfigError {
            name: "OWARE_OWNERS",
            value: text,
            expected: "user ids separated by commas, e.g. 123456789012345678,@me:example.org",
        });
    }
    Ok(ids)
}

/// `OWARE_CONSOLE_ADMIN`: one console name (an `@` before it is allowed).
fn console_admin(value: Option<String>) -> Result<Option<String>, ConfigError> {
    let Some(text) = value else {
        return Ok(None);
    };
    let name = text.trim().trim_start_matches('@');
    let valid = !name.is_empty()
        && name.chars().count() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !valid {
        return Err(ConfigError {
            name: "OWARE_CONSOLE_ADMIN",
            value: text,
            expected: "a console user name: one word of at most 32 letters, digits and -_.",
        });
    }
    Ok(Some(name.to_lowercase()))
}

impl Config {
    /// Loads `.env` (if present) into the environment, then reads the configuration.
    ///
    /// # Errors
    /// A variable whose value cannot be used.
    pub fn from_env() -> Result<Config, ConfigError> {
        dotenvy::dotenv().ok();
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup` (the environment, or a map in tests).
    /// Empty values count as unset.
    ///
    /// # Errors
    /// A variable whose value cannot be used.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let challenge_ttl = match get("CHALLENGE_TTL_SECS") {
            None => Duration::from_secs(600),
            Some(v) => Duration::from_secs(v.trim().parse().map_err(|_| ConfigError {
                name: "CHALLENGE_TTL_SECS",
                value: v.clone(),
                expected: "a whole number of seconds, e.g. 600",
            })?),
        };
        let discord_guild_id = match get("DISCORD_GUILD_ID") {
            None => None,
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError {
                name: "DISCORD_GUILD_ID",
                value: v.clone(),
                expected: "a server (guild) id, a number",
            })?),
        };
        let discord_shards = shards(get("DISCORD_SHARDS"), get("DISCORD_SHARD_RANGE"))?;
        let number =
            |name: &'static str, expected: &'static str| -> Result<Option<u32>, ConfigError> {
                get(name)
                    .map(|v| {
                        v.trim().parse::<u32>().map_err(|_| ConfigError {
                            name,
                            value: v.clone(),
                            expected,
                        })
                    })
                    .transpose()
            };
        let burst = number(
            "COMMAND_BURST",
            "a whole number of commands, e.g. 10 (0: unlimited)",
        )?;
        let rate = number(
            "COMMAND_RATE_PER_SEC",
            "a whole number of commands a second, e.g. 1",
        )?;
        let command_rate = match (burst, rate) {
            (None, None) => None,
            (Some(0), _) => Some(None),
            (burst, rate) => Some(Some(RateLimit {
                burst: burst.unwrap_or(RateLimit::CHAT.burst),
                per_second: rate.unwrap_or(RateLimit::CHAT.per_second).max(1),
            })),
        };
        let defaults = Caps::default();
        let cap = |name, default: i64| -> Result<i64, ConfigError> {
            Ok(number(name, "a whole number, e.g. 5")?.map_or(default, i64::from))
        };
        let caps = Caps {
            pending_challenges: cap("MAX_PENDING_CHALLENGES", defaults.pending_challenges)?,
            active_games: cap("MAX_ACTIVE_GAMES", defaults.active_games)?,
            engine_games_per_user: cap(
                "MAX_ENGINE_GAMES_PER_USER",
                defaults.engine_games_per_user,
            )?,
            engine_games: cap("MAX_ENGINE_GAMES", defaults.engine_games)?,
        };
        Ok(Config {
            command_rate,
            caps,
            owners: owners(get("OWARE_OWNERS"))?,
            console_admin: console_admin(get("OWARE_CONSOLE_ADMIN"))?,
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://oware.db".to_owned()),
            challenge_ttl,
            boards_dir: get("OWARE_BOARDS_DIR")
                .map_or_else(|| PathBuf::from("boards"), PathBuf::from),
            discord_token: get("DISCORD_TOKEN").map(Secret),
            discord_guild_id,
            discord_http_proxy: get("DISCORD_HTTP_PROXY"),
            discord_shards,
            matrix_homeserver: get("MATRIX_HOMESERVER"),
            matrix_user: get("MATRIX_USER"),
            matrix_password: get("MATRIX_PASSWORD").map(Secret),
            matrix_access_token: get("MATRIX_ACCESS_TOKEN").map(Secret),
            matrix_store_dir: get("MATRIX_STORE_DIR").map(PathBuf::from),
            matrix_store_passphrase: get("MATRIX_STORE_PASSPHRASE").map(Secret),
            matrix_enabled: match get("MATRIX_ENABLED").as_deref().map(str::trim) {
                None | Some("true" | "yes" | "on" | "1") => true,
                Some("false" | "no" | "off" | "0") => false,
                Some(other) => {
                    return Err(ConfigError {
                        name: "MATRIX_ENABLED",
                        value: other.to_owned(),
                        expected: "true or false",
                    })
                }
            },
        })
    }

    /// Whether Discord credentials are configured.
    #[must_use]
    pub fn discord_configured(&self) -> bool {
        self.discord_token.is_some()
    }

    /// Whether Matrix credentials are configured.
    #[must_use]
    pub fn matrix_configured(&self) -> bool {
        self.matrix_enabled
            && self.matrix_homeserver.is_some()
            && self.matrix_user.is_some()
            && (self.matrix_password.is_some() || self.matrix_access_token.is_some())
    }

    /// The service's part of the configuration.
    #[must_use]
    pub fn service(&self) -> ServiceConfig {
        let defaults = ServiceConfig::default();
        ServiceConfig {
            challenge_ttl: self.challenge_ttl,
            rates: match self.command_rate {
                Some(rate) => [rate; 3],
                None => defaults.rates,
            },
            caps: self.caps,
            admins: Admins {
                owners: self.owners.clone(),
                console: self.console_admin.clone(),
            },
            ..defaults
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn from(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn debug_never_prints_a_secret() {
        let config = from(&[
            ("DISCORD_TOKEN", "discord-token-xyz"),
            ("MATRIX_PASSWORD", "matrix-password-xyz"),
            ("MATRIX_ACCESS_TOKEN", "matrix-access-xyz"),
            ("MATRIX_STORE_PASSPHRASE", "matrix-passphrase-xyz"),
            ("MATRIX_HOMESERVER", "http://127.0.0.1:8008"),
            ("MATRIX_USER", "@oware:localhost"),
        ])
        .unwrap();
        let shown = format!("{config:?} {config:#?}");
        for secret in [
            "discord-token-xyz",
            "matrix-password-xyz",
            "matrix-access-xyz",
            "matrix-passphrase-xyz",
        ] {
            assert!(!shown.contains(secret), "{secret} leaked: {shown}");
        }
        assert!(shown.contains("***"));
        assert_eq!(
            config.discord_token.as_ref().map(Secret::expose),
            Some("discord-token-xyz")
        );
        assert_eq!(
            config
                .matrix_password
                .as_ref()
                .map(|s| s.to_string())
                .as_deref(),
            Some("***")
        );
        assert!(config.discord_configured() && config.matrix_configured());
    }

    #[test]
    fn defaults_and_bad_values() {
        let config = from(&[("DATABASE_URL", "")]).unwrap();
        assert_eq!(config.database_url, "sqlite://oware.db");
        assert_eq!(config.challenge_ttl, Duration::from_secs(600));
        assert_eq!(config.boards_dir, PathBuf::from("boards"));
        assert!(!config.discord_configured() && !config.matrix_configured());
        let config = from(&[("CHALLENGE_TTL_SECS", "30"), ("DISCORD_GUILD_ID", "42")]).unwrap();
        assert_eq!(config.service().challenge_ttl, Duration::from_secs(30));
        assert_eq!(config.discord_guild_id, Some(42));
        let err = from(&[("CHALLENGE_TTL_SECS", "soon")]).unwrap_err();
        assert!(err.to_string().contains("CHALLENGE_TTL_SECS"), "{err}");
    }

    #[test]
    fn matrix_can_be_kept_off_in_a_process_that_has_its_credentials() {
        let creds = [
            ("MATRIX_HOMESERVER", "https://matrix.example.org"),
            ("MATRIX_USER", "@oware:example.org"),
            ("MATRIX_PASSWORD", "pw"),
        ];
        assert!(from(&creds).unwrap().matrix_configured());
        let mut off = creds.to_vec();
        off.push(("MATRIX_ENABLED", "false"));
        assert!(!from(&off).unwrap().matrix_configured());
        let mut bad = creds.to_vec();
        bad.push(("MATRIX_ENABLED", "maybe"));
        let err = from(&bad).unwrap_err();
        assert!(err.to_string().contains("MATRIX_ENABLED"), "{err}");
    }

    #[test]
    fn discord_shards_are_a_total_and_a_range_within_it() {
        assert_eq!(from(&[]).unwrap().discord_shards, None);
        let all = from(&[("DISCORD_SHARDS", "4")]).unwrap().discord_shards;
        assert_eq!(
            all,
            Some(Shards {
                total: 4,
                range: 0..4
            })
        );
        let some = from(&[("DISCORD_SHARDS", "4"), ("DISCORD_SHARD_RANGE", " 2..4 ")])
            .unwrap()
            .discord_shards;
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

    #[test]
    fn command_rates_and_caps() {
        let chat = Some(RateLimit::CHAT);
        // Unset: the chat networks are limited, the console is not.
        assert_eq!(from(&[]).unwrap().service().rates, [None, chat, chat]);
        let set = from(&[("COMMAND_BURST", "3"), ("COMMAND_RATE_PER_SEC", "2")]).unwrap();
        let limit = Some(RateLimit {
            burst: 3,
            per_second: 2,
        });
        assert_eq!(set.service().rates, [limit, limit, limit]);
        let unlimited = from(&[("COMMAND_BURST", "0")]).unwrap();
        assert_eq!(unlimited.service().rates, [None, None, None]);
        let caps = from(&[("MAX_ACTIVE_GAMES", "7"), ("MAX_ENGINE_GAMES", "1")]).unwrap();
        assert_eq!(caps.service().caps.active_games, 7);
        assert_eq!(caps.service().caps.engine_games, 1);
        assert_eq!(caps.service().caps.pending_challenges, 5);
        let err = from(&[("MAX_ACTIVE_GAMES", "-1")]).unwrap_err();
        assert!(err.to_string().contains("MAX_ACTIVE_GAMES"), "{err}");
    }

    #[test]
    fn owners_and_the_console_admin() {
        let unset = from(&[]).unwrap().service().admins;
        assert_eq!(unset, Admins::default());
        let set = from(&[
            (
                "OWARE_OWNERS",
                " 123456789012345678, @me:example.org ,,root ",
            ),
            ("OWARE_CONSOLE_ADMIN", " @Alice "),
        ])
        .unwrap();
        assert_eq!(
            set.service().admins,
            Admins {
                owners: vec![
                    "123456789012345678".into(),
                    "@me:example.org".into(),
                    "root".into()
                ],
                console: Some("alice".into()),
            }
        );
        for (name, value) in [
            ("OWARE_OWNERS", "123, two words"),
            ("OWARE_CONSOLE_ADMIN", "two words"),
            ("OWARE_CONSOLE_ADMIN", "@"),
        ] {
            let err = from(&[(name, value)]).unwrap_err();
            assert!(err.to_string().contains(name), "{err}");
        }
    }
}
