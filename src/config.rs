//! The configuration: one typed struct read from the environment (after loading a
//! `.env` file if there is one), with each chat adapter's variables in its own part
//! ([`Discord`], [`Matrix`]). Every variable is documented in `.env.example`.
//! Secrets are wrapped in [`Secret`], whose `Debug` and `Display` print `***`, so the
//! config can be logged safely.

use std::{fmt, path::PathBuf, time::Duration};

mod discord;
mod matrix;
mod web;

pub use discord::Discord;
pub use matrix::{Matrix, DEFAULT_MATRIX_MAX_ROOMS};
pub use web::{Web, WebAddr, WebLimits, DEFAULT_WEB_ADDR};

use crate::service::{Admins, Caps, Owner, RateLimit, ServiceConfig};

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

/// A variable with a value that cannot be used, or missing (an empty `value`:
/// empty values count as unset) while others that need it are set.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.describe())]
pub struct ConfigError {
    /// The variable.
    pub name: &'static str,
    /// Its value (never a secret's).
    pub value: String,
    /// What it should be.
    pub expected: &'static str,
}

impl ConfigError {
    /// A variable that must be set because others are.
    #[must_use]
    pub fn missing(name: &'static str, expected: &'static str) -> ConfigError {
        ConfigError {
            name,
            value: String::new(),
            expected,
        }
    }

    fn describe(&self) -> String {
        let ConfigError {
            name,
            value,
            expected,
        } = self;
        if value.is_empty() {
            format!("{name} is not set: {expected}")
        } else {
            format!("{name}={value:?} is not valid: {expected}")
        }
    }
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
    /// `DISCORD_*`: the Discord adapter's variables.
    pub discord: Discord,
    /// `MATRIX_*`: the Matrix adapter's variables.
    pub matrix: Matrix,
    /// `COMMAND_BURST` and `COMMAND_RATE_PER_SEC`: each user's command rate on every
    /// network, when either is set (`COMMAND_BURST=0`: unlimited). Unset: a burst of
    /// 10 then 1 a second on Discord and Matrix, the console unlimited.
    pub command_rate: Option<Option<RateLimit>>,
    /// `MAX_PENDING_CHALLENGES`, `MAX_ACTIVE_GAMES`, `MAX_ENGINE_GAMES_PER_USER`,
    /// `MAX_ENGINE_GAMES`.
    pub caps: Caps,
    /// `OWARE_OWNERS`: the accounts (Discord ids, Matrix `@name:server`, console
    /// names, each optionally `network:id`) of the people who run the bot; they
    /// administer every place.
    pub owners: Vec<Owner>,
    /// `OWARE_CONSOLE_ADMIN`: the console user who administers the console
    /// (lowercase, as console ids are).
    pub console_admin: Option<String>,
    /// `OWARE_RETENTION_DAYS`: how long sent outbox messages and handled inbox
    /// events are kept, default 30 days.
    pub retention: Duration,
    /// `WEB_ADDR` and `WEB_PUBLIC_URL`: the web pages.
    pub web: Web,
}

/// `OWARE_OWNERS`: comma-separated user ids.
fn owners(value: Option<String>) -> Result<Vec<Owner>, ConfigError> {
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
    Ok(ids.iter().map(|id| Owner::parse(id)).collect())
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
            round_robin_players: cap("MAX_ROUND_ROBIN_PLAYERS", defaults.round_robin_players)?,
            // Swiss pairing takes no more.
            swiss_players: cap("MAX_SWISS_PLAYERS", defaults.swiss_players)?
                .min(i64::try_from(crate::play::tournament::SWISS_MAX_FIELD).unwrap_or(i64::MAX)),
            queued_reviews_per_user: cap(
                "MAX_QUEUED_REVIEWS_PER_USER",
                defaults.queued_reviews_per_user,
            )?,
            queued_reviews: cap("MAX_QUEUED_REVIEWS", defaults.queued_reviews)?,
        };
        let retention = match number(
            "OWARE_RETENTION_DAYS",
            "a whole number of days, at least 1, e.g. 30",
        )? {
            None => ServiceConfig::default().retention,
            Some(0) => {
                return Err(ConfigError {
                    name: "OWARE_RETENTION_DAYS",
                    value: "0".to_owned(),
                    expected: "at least 1 day (handled events must be remembered for as long \
                               as a platform may deliver them again), e.g. 30",
                })
            }
            Some(days) => Duration::from_secs(u64::from(days) * 24 * 3600),
        };
        Ok(Config {
            retention,
            command_rate,
            caps,
            owners: owners(get("OWARE_OWNERS"))?,
            console_admin: console_admin(get("OWARE_CONSOLE_ADMIN"))?,
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://oware.db".to_owned()),
            challenge_ttl,
            boards_dir: get("OWARE_BOARDS_DIR")
                .map_or_else(|| PathBuf::from("boards"), PathBuf::from),
            discord: Discord::read(&get)?,
            matrix: Matrix::read(&get)?,
            web: Web::read(&get)?,
        })
    }

    /// Whether Discord credentials are configured.
    #[must_use]
    pub fn discord_configured(&self) -> bool {
        self.discord.configured()
    }

    /// Whether Matrix credentials are configured.
    #[must_use]
    pub fn matrix_configured(&self) -> bool {
        self.matrix.configured()
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
            retention: self.retention,
            web_url: self.web.public_url.clone(),
            web_pictures: self.web.limits.pictures,
            admins: Admins {
                owners: self.owners.clone(),
                console: self.console_admin.clone(),
            },
            ..defaults
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
