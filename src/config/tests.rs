//! The configuration's tests: defaults, bad values, secrets kept out of `Debug`.

use std::collections::HashMap;

use crate::service::Platform;

use super::*;

pub(super) fn from(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
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
        config.discord.token.as_ref().map(Secret::expose),
        Some("discord-token-xyz")
    );
    assert_eq!(
        config
            .matrix
            .password
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
    let config = from(&[
        ("CHALLENGE_TTL_SECS", "30"),
        ("DISCORD_TOKEN", "t"),
        ("DISCORD_GUILD_ID", "42"),
    ])
    .unwrap();
    assert_eq!(config.service().challenge_ttl, Duration::from_secs(30));
    assert_eq!(config.discord.guild_id, Some(42));
    // A server id without a token would start no Discord: refused, naming it.
    let err = from(&[("DISCORD_GUILD_ID", "42")]).unwrap_err();
    assert!(
        err.to_string().starts_with("DISCORD_TOKEN is not set"),
        "{err}"
    );
    let err = from(&[("CHALLENGE_TTL_SECS", "soon")]).unwrap_err();
    assert!(err.to_string().contains("CHALLENGE_TTL_SECS"), "{err}");
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
    assert_eq!(caps.service().caps.round_robin_players, 16);
    let round_robin = from(&[("MAX_ROUND_ROBIN_PLAYERS", "8")]).unwrap();
    assert_eq!(round_robin.service().caps.round_robin_players, 8);
    assert_eq!(caps.service().caps.swiss_players, 64);
    // More than Swiss pairing takes is held to it.
    let swiss = from(&[("MAX_SWISS_PLAYERS", "500")]).unwrap();
    assert_eq!(swiss.service().caps.swiss_players, 64);
    let swiss = from(&[("MAX_SWISS_PLAYERS", "32")]).unwrap();
    assert_eq!(swiss.service().caps.swiss_players, 32);
    assert_eq!(caps.service().caps.queued_reviews_per_user, 3);
    assert_eq!(caps.service().caps.queued_reviews, 50);
    let reviews = from(&[
        ("MAX_QUEUED_REVIEWS_PER_USER", "1"),
        ("MAX_QUEUED_REVIEWS", "10"),
    ])
    .unwrap();
    assert_eq!(reviews.service().caps.queued_reviews_per_user, 1);
    assert_eq!(reviews.service().caps.queued_reviews, 10);
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
                Owner {
                    platform: Platform::Discord,
                    id: "123456789012345678".into()
                },
                Owner {
                    platform: Platform::Matrix,
                    id: "@me:example.org".into()
                },
                Owner {
                    platform: Platform::Console,
                    id: "root".into()
                },
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

#[test]
fn retention_in_days() {
    let day = Duration::from_secs(24 * 3600);
    assert_eq!(from(&[]).unwrap().service().retention, 30 * day);
    let set = from(&[("OWARE_RETENTION_DAYS", " 7 ")]).unwrap();
    assert_eq!(set.service().retention, 7 * day);
    for value in ["0", "-3", "a month"] {
        let err = from(&[("OWARE_RETENTION_DAYS", value)]).unwrap_err();
        assert!(err.to_string().contains("OWARE_RETENTION_DAYS"), "{err}");
        assert!(err.to_string().contains("e.g. 30"), "{err}");
    }
}
