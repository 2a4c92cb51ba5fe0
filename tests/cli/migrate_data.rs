//! `oware-bot migrate-data` through the real binary: a source SQLite database filled
//! through the service (finished, rated and active games, advice, linked accounts, a
//! pending challenge) is copied to PostgreSQL and back, and to SQLite; the copies hold
//! the same rows, games and leaderboard, new games follow on, and a target that is not
//! empty or a source at other migrations is refused. PostgreSQL comes from
//! `tools/postgres.sh` (`OWARE_TEST_POSTGRES_URL`); without it those tests are
//! skipped, except in CI, which starts one.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use crate::support::{
    cmd_at, place, place_at, play, play_plies, postgres_database, rated_win, start_game_at,
    state::Inspector, timed, winning_line,
};
use oware_bot::{
    rules::{Game, Variant},
    service::{Action, ChallengeOptions, LinkCode, Place, Platform, Service, ServiceConfig, Speed},
    store::{GameRow, MoveRow, RatingRow, Scope, Store},
};

fn service(store: Store) -> Service {
    Service::new(
        store,
        ServiceConfig {
            rates: [None; 3],
            ..ServiceConfig::default()
        },
    )
}

fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    }
}

/// A fresh PostgreSQL database, or `None` (the test is skipped) without a server.
fn postgres() -> Option<String> {
    if std::env::var_os("OWARE_TEST_POSTGRES_URL").is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run PostgreSQL (tools/postgres.sh start DIR)"
        );
        println!("SKIPPED: no OWARE_TEST_POSTGRES_URL (tools/postgres.sh)");
        return None;
    }
    Some(postgres_database())
}

/// An SQLite database in `dir` with some of everything, made through the service.
async fn filled_source(dir: &Path) -> String {
    let url = format!("sqlite://{}", dir.join("old.db").display());
    let store = Store::open(&url).await.expect("the source opens");
    let service = service(store.clone());
    let console = place();
    let discord = place_at(Platform::Discord, Some("guild"), "general");
    // Ally asks for a link code before Alice first plays: when Alice redeems it,
    // Ally's earlier row points at Alice's later one (a forward self-reference).
    let reply = service
        .handle(cmd_at(
            &discord,
            "ally",
            Action::Link {
                code: None,
                confirmed: false,
            },
        ))
        .await;
    let code = reply.text.split('`').nth(1).expect("a code").to_owned();
    // Rated, won on resignation: ratings and rating history, at correspondence
    // pace, and a live game rated apart.
    rated_win(&service, &console, "alice", "bob").await;
    let live = start_game_at(&service, &console, "bob", "carol", timed("5+3")).await;
    play_plies(&service, &console, live, ["bob", "carol"], 10).await;
    let resign = Action::Resign {
        game: Some(live),
        confirmed: true,
    };
    let reply = service.handle(cmd_at(&console, "carol", resign)).await;
    assert!(reply.text.contains("Live ratings:"), "{}", reply.text);
    let linked = service
        .handle(cmd_at(
            &console,
            "alice",
            Action::Link {
                code: Some(LinkCode::new(code)),
                confirmed: true,
            },
        ))
        .await;
    assert!(linked.text.starts_with("Linked:"), "{}", linked.text);
    // Casual, won by reaching 25 seeds.
    let won = start_game_at(&service, &console, "carol", "dave", casual()).await;
    for (i, pit) in winning_line().into_iter().enumerate() {
        let author = if i % 2 == 0 { "carol" } else { "dave" };
        let move_ = Action::Move {
            pit: oware_bot::rules::Typed::of(pit),
            game: Some(won),
            ply: None,
        };
        let reply = service.handle(cmd_at(&console, author, move_)).await;
        assert!(!reply.private, "{}", reply.text);
    }
    // Active games, one with onlookers' advice in its thread.
    let active = start_game_at(&service, &discord, "erin", "frank", casual()).await;
    play_plies(&service, &discord, active, ["erin", "frank"], 5).await;
    let thread = Place {
        thread: Some("thread-7".to_owned()),
        ..discord.clone()
    };
    service
        .ops()
        .set_thread(active, &thread)
        .await
        .expect("a thread");
    let mut local = Game::new(Variant::Abapa);
    for _ in 0..5 {
        let pit = local.legal_moves().into_iter().next().expect("a move");
        local.play(pit).expect("legal");
    }
    let pit = local.legal_moves().into_iter().last().expect("a move");
    let advice = Action::Advise {
        pit: oware_bot::rules::Typed::of(pit),
        game: None,
    };
    let reply = service.handle(cmd_at(&thread, "gina", advice)).await;
    assert!(reply.text.contains("Onlookers suggest"), "{}", reply.text);
    let second = start_game_at(&service, &console, "bob", "carol", casual()).await;
    play_plies(&service, &console, second, ["bob", "carol"], 2).await;
    // A pending challenge.
    let reply = service.handle(cmd_at(&console, "dave", play("erin"))).await;
    assert!(!reply.private, "{}", reply.text);
    store.close().await;
    url
}

/// Runs `oware-bot migrate-data --from … --to …`.
fn migrate(from: &str, to: &str, dir: &Path) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .args(["migrate-data", "--from", from, "--to", to])
        .current_dir(dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the binary runs")
}

fn text(output: &Output) -> String {
    format!(
        "status {}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// What a database shows: row counts, every game with its moves, the leaderboard and
/// the service's global leaderboard reply.
#[derive(Debug, PartialEq)]
struct Shown {
    counts: BTreeMap<String, i64>,
    games: Vec<(GameRow, Vec<MoveRow>)>,
    /// The global leaderboard at each speed, correspondence first.
    leaderboards: Vec<(Vec<RatingRow>, i64)>,
    reply: String,
}

async fn shown(url: &str) -> Shown {
    let store = Store::open(url).await.expect("the database opens");
    let mut games = Vec::new();
    for id in store.game_ids().await.unwrap() {
        let row = store.games().game(id).await.unwrap().expect("the game");
        games.push((row, store.games().moves(id).await.unwrap()));
    }
    let shown = Shown {
        counts: store.row_counts().await.unwrap(),
        games,
        leaderboards: {
            let mut boards = Vec::new();
            for speed in Speed::ALL {
                boards.push(
                    store
                        .people()
                        .leaderboard(Scope::Global, speed, 50, 0)
                        .await
                        .unwrap(),
                );
            }
            boards
        },
        reply: service(store.clone())
            .handle(cmd_at(
                &place(),
                "alice",
                Action::Leaderboard {
                    global: true,
                    page: 1,
                    speed: None,
                },
            ))
            .await
            .text,
    };
    store.close().await;
    shown
}

/// Every SQLite table's rows, sorted (a copy inserts in key order, not the source's),
/// and the players with their identities.
async fn contents(url: &str) -> (BTreeMap<String, Vec<String>>, Vec<String>) {
    let inspector = Inspector::open(url).await;
    let state = inspector.state().await;
    let tables = state
        .tables
        .into_iter()
        .map(|(table, json)| {
            let rows: Vec<serde_json::Value> = serde_json::from_str(&json).expect("JSON rows");
            let mut rows: Vec<String> = rows.iter().map(ToString::to_string).collect();
            rows.sort();
            (table, rows)
        })
        .collect();
    let players = state.players.iter().map(|p| format!("{p:?}")).collect();
    (tables, players)
}

#[tokio::test]
async fn sqlite_to_postgres_and_back_keeps_everything_and_new_games_follow() {
    let Some(pg) = postgres() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a directory");
    let source = filled_source(dir.path()).await;
    let before = shown(&source).await;
    assert!(before.counts["rating_history"] >= 2 && before.counts["advice"] == 1);
    assert_eq!(before.games.len(), 5);

    let output = migrate(&source, &pg, dir.path());
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("replayed 5 games"), "{}", text(&output));
    assert!(stdout.contains("every game replays"), "{}", text(&output));
    assert_eq!(
        shown(&pg).await,
        before,
        "the PostgreSQL copy shows the same"
    );

    // And back to a new SQLite file: every row as it was.
    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let output = migrate(&pg, &back, dir.path());
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(contents(&back).await, contents(&source).await);

    // A second copy into the same database is refused, and changes nothing.
    let output = migrate(&source, &pg, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the target database is not empty") && stderr.contains("5 game(s)"),
        "{}",
        text(&output)
    );

    // New players and games get fresh ids (the sequences were moved on).
    let store = Store::open(&pg).await.expect("the copy opens");
    let service = service(store.clone());
    let here = place();
    let game = start_game_at(&service, &here, "nora", "omar", casual()).await;
    assert!(game > before.games.iter().map(|(g, _)| g.id).max().unwrap());
    play_plies(&service, &here, game, ["nora", "omar"], 3).await;
    let reply = service
        .handle(cmd_at(&here, "nora", Action::Games))
        .await
        .text;
    assert!(reply.contains(&format!("#{game}")), "{reply}");
    let nora = store
        .people()
        .identity_of(Platform::Console, "nora")
        .await
        .unwrap();
    let players = before.counts["players"];
    assert!(
        nora.is_some_and(|id| id > oware_bot::service::IdentityId::new(players)),
        "{nora:?}"
    );
}

#[tokio::test]
async fn sqlite_to_sqlite_copies_every_row_and_refuses_a_target_that_is_not_empty() {
    let dir = tempfile::tempdir().expect("a directory");
    let source = filled_source(dir.path()).await;
    let target = format!("sqlite://{}", dir.path().join("new.db").display());
    let output = migrate(&source, &target, dir.path());
    assert!(output.status.success(), "{}", text(&output));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("replayed 5 games"),
        "{}",
        text(&output)
    );
    assert_eq!(contents(&target).await, contents(&source).await);
    assert_eq!(shown(&target).await, shown(&source).await);

    let output = migrate(&source, &target, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the target database is not empty")
            && stderr.contains("only copies into an empty database"),
        "{}",
        text(&output)
    );
    assert_eq!(contents(&target).await, contents(&source).await);

    // A player alone makes a target not empty.
    let lone = format!("sqlite://{}", dir.path().join("lone.db").display());
    let store = Store::open(&lone).await.unwrap();
    store
        .people()
        .upsert_player(Platform::Console, "zoe", "Zoe", false)
        .await
        .unwrap();
    store.close().await;
    let output = migrate(&source, &lone, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("holds 1 player(s) and 0 game(s)"),
        "{}",
        text(&output)
    );
}

#[tokio::test]
async fn a_source_at_other_migrations_or_missing_is_refused() {
    let dir = tempfile::tempdir().expect("a directory");
    let source = filled_source(dir.path()).await;
    // As if a newer oware-bot had written the source.
    let pool = sqlx::SqlitePool::connect(&source).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (9999, 'from the future', 1, x'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let target = format!("sqlite://{}", dir.path().join("new.db").display());
    let output = migrate(&source, &target, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("only in the source: 9999; only in the target: none")
            && stderr.contains("newer oware-bot"),
        "{}",
        text(&output)
    );
    let copy = Store::open(&target).await.unwrap();
    assert_eq!(copy.row_counts().await.unwrap()["players"], 0);
    copy.close().await;

    // A copy that does not replay (here a stored board changed by hand) is reported
    // with the game and the move; a move whose stored pit is no pit (changed by hand
    // too) is reported as its game's problem, and the check goes on to the others.
    let pool = sqlx::SqlitePool::connect(&source).await.unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 9999")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("UPDATE moves SET board_after = '0,0,0,0,0,0,0,0,0,0,0,48' WHERE ply = 3")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("UPDATE moves SET pit = 'x' WHERE game_id = 3 AND ply = 2")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let output = migrate(&source, &target, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the copy in sqlite://")
            && stderr.contains("game #1: after move 3 the replay has board")
            && stderr.contains("but 0,0,0,0,0,0,0,0,0,0,0,48 and")
            && stderr.contains("game #3: its moves cannot be read back: a move's `pit`"),
        "{}",
        text(&output)
    );

    // A mistyped source is an error, not a new empty database.
    let missing = dir.path().join("missing.db");
    let output = migrate(&missing.display().to_string(), &target, dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    assert!(!missing.exists());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("cannot open the database"),
        "{}",
        text(&output)
    );
}
