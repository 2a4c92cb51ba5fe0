//! `oware-bot backup FILE` through the real binary: a backup made while games are
//! being played on the same database is a consistent snapshot (every game's moves
//! match its row), holds every game and rating made before it began, and opens as a
//! fresh bot in which a game in progress goes on. An existing file and a PostgreSQL
//! database are refused, saying what to do instead.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::service::GameId;
use std::path::Path;
use std::process::Output;
use std::sync::{
    atomic::{AtomicBool, AtomicUsize, Ordering},
    Arc,
};

use crate::support::{
    cmd_at, first_legal_pit, place, play_plies, rated_win, start_game_at, TempDb,
};
use oware_bot::{
    service::{Action, ChallengeOptions, Service, ServiceConfig, Speed},
    store::{GameState, RatingRow, Scope, Store},
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

/// Runs `oware-bot backup FILE --db URL` in `dir`.
fn backup(file: &Path, db: &str, dir: &Path) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .arg("backup")
        .arg(file)
        .args(["--db", db])
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

async fn leaderboards(store: &Store) -> Vec<(Vec<RatingRow>, i64)> {
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
}

/// Plays the next move of `game` (the first legal pit, by the player to move), on
/// `service` over `store`.
async fn next_move(service: &Service, store: &Store, game: GameId) -> oware_bot::service::Reply {
    let row = store.games().game(game).await.unwrap().expect("the game");
    let author = if row.ply % 2 == 0 {
        row.south.user.clone()
    } else {
        row.north.user.clone()
    };
    let action = Action::Move {
        pit: first_legal_pit(&row).parse().expect("a pit letter"),
        game: Some(game),
        ply: None,
    };
    service.handle(cmd_at(&place(), &author, action)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_opens_as_a_bot_with_every_game_and_rating() {
    let db = TempDb::new();
    if !db.url.starts_with("sqlite:") {
        println!("SKIPPED: backups are of SQLite databases");
        return;
    }
    let console = place();
    let source_store = Store::open(&db.url).await.unwrap();
    let source = Arc::new(service(source_store.clone()));
    rated_win(&source, &console, "alice", "bob").await;
    rated_win(&source, &console, "carol", "dave").await;
    let waiting = start_game_at(&source, &console, "erin", "frank", casual()).await;
    play_plies(&source, &console, waiting, ["erin", "frank"], 3).await;
    let before_ids = source_store.game_ids().await.unwrap();
    let before_boards = leaderboards(&source_store).await;

    // Games go on while the backup runs: new casual games, a move at a time.
    let stop = Arc::new(AtomicBool::new(false));
    let moves = Arc::new(AtomicUsize::new(0));
    let player = {
        let (source, source_store) = (Arc::clone(&source), source_store.clone());
        let (stop, moves) = (Arc::clone(&stop), Arc::clone(&moves));
        tokio::spawn(async move {
            let mut round = 0;
            while !stop.load(Ordering::Relaxed) {
                let (south, north) = (format!("s{round}"), format!("n{round}"));
                let game = start_game_at(&source, &place(), &south, &north, casual()).await;
                for _ in 0..8 {
                    let reply = next_move(&source, &source_store, game).await;
                    assert!(!reply.private, "{}", reply.text);
                    moves.fetch_add(1, Ordering::Relaxed);
                }
                round += 1;
            }
        })
    };
    while moves.load(Ordering::Relaxed) < 4 {
        tokio::task::yield_now().await;
    }
    let file = db.dir.path().join("copy.db");
    let (file_arg, url, dir) = (file.clone(), db.url.clone(), db.dir.path().to_owned());
    let moves_at_start = moves.load(Ordering::Relaxed);
    let output = tokio::task::spawn_blocking(move || backup(&file_arg, &url, &dir))
        .await
        .unwrap();
    let moves_during = moves.load(Ordering::Relaxed) - moves_at_start;
    stop.store(true, Ordering::Relaxed);
    player.await.unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains("backed up") && said.contains("restore"),
        "{said}"
    );
    println!("{moves_during} moves were played while the backup ran");

    // Restored into a fresh bot: the copy's file, opened as the bot opens it.
    let copy_store = Store::open(&format!("sqlite://{}", file.display()))
        .await
        .unwrap();
    let copy = service(copy_store.clone());
    let copied_ids = copy_store.game_ids().await.unwrap();
    for id in &before_ids {
        assert!(
            copied_ids.contains(id),
            "game {id} is missing from the copy"
        );
    }
    for id in &copied_ids {
        // A snapshot: each game's row and its moves agree, however the writes fell.
        let row = copy_store
            .games()
            .game(GameId::new((*id).get()))
            .await
            .unwrap()
            .unwrap();
        let moves = copy_store
            .games()
            .moves(GameId::new((*id).get()))
            .await
            .unwrap();
        assert_eq!(row.ply, i64::try_from(moves.len()).unwrap(), "game {id}");
        let original = source_store
            .games()
            .game(GameId::new((*id).get()))
            .await
            .unwrap()
            .unwrap();
        if matches!(original.state, GameState::Over(_)) && before_ids.contains(id) {
            assert_eq!(row, original, "finished game {id}");
        }
    }
    assert_eq!(leaderboards(&copy_store).await, before_boards);

    // Games in progress go on in the copy: the one left waiting, and the newest.
    let reply = next_move(&copy, &copy_store, waiting).await;
    assert!(!reply.private, "{}", reply.text);
    let newest = *copied_ids.last().unwrap();
    let row = copy_store.games().game(newest).await.unwrap().unwrap();
    if row.state == GameState::Active {
        let reply = next_move(&copy, &copy_store, newest).await;
        assert!(!reply.private, "{}", reply.text);
    }
    let row = copy_store.games().game(waiting).await.unwrap().unwrap();
    assert_eq!(row.ply, 4);
    copy_store.close().await;
    source_store.close().await;
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("oware.db");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = Store::open(db.to_str().unwrap()).await.unwrap();
        store.close().await;
    });
    let file = dir.path().join("old-backup.db");
    std::fs::write(&file, b"precious").unwrap();
    let output = backup(&file, &format!("sqlite://{}", db.display()), dir.path());
    assert!(!output.status.success(), "{}", text(&output));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("exists already") && said.contains("Name a new file"),
        "{said}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"precious");

    // A missing database is not created empty and backed up.
    let missing = dir.path().join("typo.db");
    let output = backup(
        &dir.path().join("new.db"),
        &format!("sqlite://{}", missing.display()),
        dir.path(),
    );
    assert!(!output.status.success(), "{}", text(&output));
    assert!(!missing.exists() && !dir.path().join("new.db").exists());
}

#[test]
fn postgres_is_backed_up_with_pg_dump() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("copy.db");
    let output = backup(
        &file,
        "postgres://oware:hunter2@db.example/oware",
        dir.path(),
    );
    assert!(!output.status.success(), "{}", text(&output));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("pg_dump") && said.contains("pg_restore"),
        "{said}"
    );
    assert!(!said.contains("hunter2"), "the password leaked: {said}");
    assert!(!file.exists());
}
