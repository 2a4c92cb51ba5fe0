//! `/oware status` through the real service: the bot's owners get the figures of the
//! whole bot, which follow the games, challenges, jobs and messages made; those who
//! administer a place (the platform's admins, the console's admin) get only that
//! place's figures; anyone else is told who may use it. On the console, Discord and
//! Matrix places.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::{sync::Arc, time::Duration};

use crate::support::{cmd, cmd_at, place, place_at, start_game_at, user, TempDb};
use oware_bot::service::{
    Action, Admins, ChallengeOptions, Command, DiscordShards, Owner, Place, Platform, Reply, Role,
    Service, ServiceConfig, Shards,
};

/// A service where console user `root` administers the console and Discord user
/// `owner` owns the bot (no command rate).
async fn service(db: &TempDb) -> Service {
    db.service_with(ServiceConfig {
        rates: [None; 3],
        admins: Admins {
            // The same name on each network, each named with its network.
            owners: ["discord:owner", "matrix:owner", "console:owner"]
                .map(Owner::parse)
                .to_vec(),
            console: Some("root".into()),
        },
        ..ServiceConfig::default()
    })
    .await
}

/// The value on the table row labelled `label`.
fn figure(reply: &Reply, label: &str) -> String {
    let table = reply.table.as_deref().unwrap_or_else(|| {
        panic!("a table in {reply:?}");
    });
    table
        .lines()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_else(|| panic!("no `{label}` in\n{table}"))
        .trim()
        .to_owned()
}

/// `/oware status` by the bot's owner on the console (named in another case: names
/// are ids lowercased).
async fn status(service: &Service) -> Reply {
    service.handle(cmd("Owner", Action::Status)).await
}

/// Games, pending challenges, jobs and the console's unsent messages, as shown.
fn figures(reply: &Reply) -> [String; 4] {
    [
        figure(reply, "Games in progress"),
        figure(reply, "Challenges pending"),
        figure(reply, "Jobs pending"),
        figure(reply, "Unsent, console"),
    ]
}

fn database(db: &TempDb) -> &'static str {
    if db.url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    }
}

/// A casual game without a clock: it makes no job.
fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        time: Some("none".parse().expect("a time control")),
        ..ChallengeOptions::default()
    }
}

/// Whether `reply` refuses `/oware status` and says who may use it.
fn refused_with_the_rule(reply: &Reply) -> bool {
    reply.private
        && reply.table.is_none()
        && reply.text.contains("`/oware admin status` is only for")
        && [
            "OWARE_OWNERS",
            "Manage Server",
            "power level 50",
            "OWARE_CONSOLE_ADMIN",
        ]
        .iter()
        .all(|rule| reply.text.contains(rule))
}

#[tokio::test]
async fn the_owner_sees_games_challenges_jobs_and_messages_change() {
    let db = TempDb::new();
    let service = Arc::new(service(&db).await);
    support::pause_clock();

    let empty = status(&service).await;
    assert!(empty.private, "{empty:?}");
    assert!(empty.text.contains("Status"), "{}", empty.text);
    assert_eq!(figure(&empty, "Database"), database(&db));
    assert_eq!(figure(&empty, "Discord shards"), "not running");
    assert_eq!(figures(&empty), ["0", "0", "0 (0 due now)", "0"]);
    assert_eq!(figure(&empty, "Unsent, Discord"), "0");
    assert_eq!(figure(&empty, "Unsent, Matrix"), "0");

    // A game under way, and a challenge waiting with its expiry job.
    start_game_at(&service, &place(), "alice", "bob", casual()).await;
    let challenge = cmd_at(
        &place(),
        "carol",
        Action::Play {
            opponent: user("dave"),
            options: casual(),
        },
    );
    assert!(!service.handle(challenge).await.private);
    let busy = status(&service).await;
    assert_eq!(figures(&busy), ["1", "1", "1 (0 due now)", "0"]);

    // Past the challenge's time: no longer pending, its expiry due now.
    tokio::time::advance(Duration::from_secs(601)).await;
    let due = status(&service).await;
    assert_eq!(figures(&due), ["1", "0", "1 (1 due now)", "0"]);

    // The expiry runs: the job is done and its notice waits in the outbox.
    service.ops().run_due_jobs().await;
    let ran = status(&service).await;
    assert_eq!(figures(&ran), ["1", "0", "0 (0 due now)", "1"]);
    for message in service.ops().unsent(Platform::Console, None).await {
        service.ops().mark_sent(message.id).await;
    }
    let sent = status(&service).await;
    assert_eq!(figure(&sent, "Unsent, console"), "0");
}

#[tokio::test]
async fn other_console_users_are_told_who_may_use_it() {
    let db = TempDb::new();
    let service = service(&db).await;
    let reply = service.handle(cmd("alice", Action::Status)).await;
    assert!(refused_with_the_rule(&reply), "{reply:?}");
    // The console's admin is nobody special without the setting.
    let plain = db.service().await;
    let reply = plain.handle(cmd("root", Action::Status)).await;
    assert!(refused_with_the_rule(&reply), "{reply:?}");
}

fn discord_server() -> Place {
    place_at(Platform::Discord, Some("100000000000000001"), "200")
}

fn matrix_room() -> Place {
    place_at(Platform::Matrix, None, "!room:example.org")
}

fn by(place: &Place, author: &str, role: Role) -> Command {
    cmd_at(place, author, Action::Status).with_role(role)
}

#[tokio::test]
async fn server_and_room_admins_get_the_figures_members_do_not() {
    let db = TempDb::new();
    let service = service(&db).await;
    start_game_at(&service, &discord_server(), "alice", "bob", casual()).await;
    start_game_at(
        &service,
        &matrix_room(),
        "@carol:example.org",
        "@dan:example.org",
        casual(),
    )
    .await;
    for place in [discord_server(), matrix_room()] {
        let admin = service.handle(by(&place, "erin", Role::Admin)).await;
        assert!(admin.private, "{admin:?}");
        // Only this place's game counts, and nothing of the whole bot is shown.
        assert_eq!(figure(&admin, "Games in progress"), "1", "{place:?}");
        let table = admin.table.as_deref().unwrap();
        for bot_wide in ["Database", "Discord shards", "Jobs pending"] {
            assert!(!table.contains(bot_wide), "{place:?}: {table}");
        }
        assert!(admin.text.contains("OWARE_OWNERS"), "{}", admin.text);
        let member = service.handle(by(&place, "frank", Role::Member)).await;
        assert!(refused_with_the_rule(&member), "{place:?}: {member:?}");
    }
    // Another channel of the same server counts the server's game; another server,
    // a Matrix DM room (whose every member administers it) and the console count none.
    let same_server = place_at(Platform::Discord, Some("100000000000000001"), "201");
    let admin = service.handle(by(&same_server, "erin", Role::Admin)).await;
    assert_eq!(figure(&admin, "Games in progress"), "1");
    for elsewhere in [
        place_at(Platform::Discord, Some("100000000000000002"), "200"),
        place_at(Platform::Matrix, None, "!dm:example.org"),
    ] {
        let admin = service.handle(by(&elsewhere, "erin", Role::Admin)).await;
        assert_eq!(figure(&admin, "Games in progress"), "0", "{elsewhere:?}");
        assert_eq!(figure(&admin, "Challenges pending"), "0", "{elsewhere:?}");
    }
    let console = service.handle(cmd("root", Action::Status)).await;
    assert_eq!(figure(&console, "Games in progress"), "0", "{console:?}");
    // The owner sees both.
    let owner = service
        .handle(by(&matrix_room(), "owner", Role::Member))
        .await;
    assert_eq!(figure(&owner, "Games in progress"), "2");
    assert_eq!(figure(&owner, "Database"), database(&db));
}

#[tokio::test]
async fn owners_get_the_figures_everywhere() {
    let db = TempDb::new();
    let service = service(&db).await;
    for place in [discord_server(), matrix_room(), place()] {
        // The adapter saw an ordinary member; the service knows the owner.
        let reply = service.handle(by(&place, "owner", Role::Member)).await;
        assert_eq!(figure(&reply, "Games in progress"), "0", "{place:?}");
    }
}

#[tokio::test]
async fn the_shards_are_the_ones_the_discord_adapter_runs() {
    let db = TempDb::new();
    let service = service(&db).await;
    assert_eq!(
        figure(&status(&service).await, "Discord shards"),
        "not running"
    );
    service
        .ops()
        .set_discord_shards(DiscordShards::running(None));
    assert_eq!(figure(&status(&service).await, "Discord shards"), "all");
    service
        .ops()
        .set_discord_shards(DiscordShards::running(Some(Shards {
            total: 4,
            range: 2..4,
        })));
    assert_eq!(
        figure(&status(&service).await, "Discord shards"),
        "2–3 of 4"
    );
    service.ops().set_discord_shards(DiscordShards::NotRunning);
    assert_eq!(
        figure(&status(&service).await, "Discord shards"),
        "not running"
    );
}
