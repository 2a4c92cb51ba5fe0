//! The real `oware-bot console` binary killed with SIGKILL at the worst moments and
//! started again on the same database: the engine's interrupted move is made after
//! the restart, exactly once; a deadline that passed while the bot was down is
//! announced once after it; a move typed at once after the restart is judged
//! against the deadline the downtime moved later, never lost on time for it.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::{
    io::{BufRead, BufReader, Read, Write},
    path::Path,
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

fn console(db: &Path, boards: &Path, stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .env("WEB_ADDR", "off")
        .arg("console")
        .arg("--db")
        .arg(db)
        .arg("--out-dir")
        .arg(boards)
        .env_remove("DATABASE_URL")
        // No endgame tables built in the background behind the test's back.
        .env("OWARE_TABLES_AUTOBUILD", "off")
        .env("RUST_LOG", "warn")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts")
}

/// Feeds `script` to a console and reads its output until a line contains `until`;
/// then kills it with SIGKILL. Returns what it printed.
fn kill_after(db: &Path, boards: &Path, script: &str, until: &str) -> String {
    let mut child = console(db, boards, Stdio::piped());
    // Keep stdin open: the console must not reach the end of its input.
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(script.as_bytes())
        .expect("write the script");
    stdin.flush().expect("flush");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no line with {until:?} in:\n{seen}"));
        seen.push_str(&line);
        seen.push('\n');
        if line.contains(until) {
            break;
        }
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    drop(stdin);
    seen
}

/// Starts a console on `db` with no input: it resumes what is due, prints it, and
/// exits on its own.
fn restart(db: &Path, boards: &Path) -> String {
    let mut child = console(db, boards, Stdio::null());
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read the output");
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status}: {out}");
    out
}

/// Starts a console on `db` and types `script` at once, as a player who was waiting
/// for the bot to come back; returns what it printed until it exits at the end of
/// the input.
fn restart_typing(db: &Path, boards: &Path, script: &str) -> String {
    let mut child = console(db, boards, Stdio::piped());
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(script.as_bytes())
        .expect("write the script");
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read the output");
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status}: {out}");
    out
}

/// `(ply, moves stored, whether it is active)` of game 1, read with the library's store.
fn game_state(db: &Path) -> (i64, usize, bool) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let store = oware_bot::store::Store::open(&db.display().to_string())
            .await
            .expect("the store opens");
        let row = store
            .games()
            .game(oware_bot::service::GameId::new(1))
            .await
            .expect("read")
            .expect("game 1");
        let moves = store
            .games()
            .moves(oware_bot::service::GameId::new(1))
            .await
            .expect("moves")
            .len();
        store.close().await;
        (row.ply, moves, row.is_active())
    })
}

#[test]
fn killed_while_the_engine_thinks_it_moves_after_the_restart_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("oware.db"), dir.path().join("boards"));
    // The hard level thinks for 2 s: the kill lands in the middle of its search.
    let before = kill_after(
        &db,
        &boards,
        "alice: /oware play @oware-bot level:hard\nalice: /move c\n",
        "is thinking",
    );
    assert!(before.contains("alice played C"), "{before}");
    assert!(!before.contains("oware-bot played"), "{before}");
    assert_eq!(game_state(&db).0, 1, "killed before the engine moved");

    let started = Instant::now();
    let after = restart(&db, &boards);
    assert_eq!(
        after.matches("oware-bot played").count(),
        1,
        "the engine's move is announced once:\n{after}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the engine moved within seconds of the restart ({:?})",
        started.elapsed()
    );
    let (ply, moves, active) = game_state(&db);
    assert_eq!((ply, moves, active), (2, 2, true));

    // A second restart has nothing left to do.
    let again = restart(&db, &boards);
    assert!(!again.contains("played"), "{again}");
    assert_eq!(game_state(&db).0, 2);
}

#[test]
fn a_deadline_that_passed_while_down_is_announced_once_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("oware.db"), dir.path().join("boards"));
    let script = "alice: /oware play @bob time:15s\nbob: /oware accept\nalice: /move c\n\
                  bob: /move a\n";
    let before = kill_after(&db, &boards, script, "bob played a");
    assert!(before.contains("15 s a move"), "{before}");
    // Down for longer than alice's 15 s.
    std::thread::sleep(Duration::from_secs(16));
    let after = restart(&db, &boards);
    assert_eq!(
        after.matches("ran out of time").count(),
        1,
        "announced once:\n{after}"
    );
    assert!(after.contains("bob wins on time"), "{after}");
    let (_, _, active) = game_state(&db);
    assert!(!active, "the game is over");
    let again = restart(&db, &boards);
    assert!(!again.contains("ran out of time"), "{again}");
}

#[test]
fn a_move_typed_at_once_after_the_restart_is_played_not_lost_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("oware.db"), dir.path().join("boards"));
    let script = "alice: /oware play @bob time:15s\nbob: /oware accept\nalice: /move c\n\
                  bob: /move a\n";
    let before = kill_after(&db, &boards, script, "bob played a");
    assert!(before.contains("15 s a move"), "{before}");
    // Down for longer than alice's 15 s, and long enough to be credited to the clocks
    // (over 30 s: a shorter stop is a restart, not an outage); her move is the first
    // line read after it.
    std::thread::sleep(Duration::from_secs(32));
    let after = restart_typing(&db, &boards, "alice: /move d\n");
    assert!(!after.contains("Too late"), "{after}");
    assert!(!after.contains("ran out of time"), "{after}");
    assert!(after.contains("alice played D"), "{after}");
    let (ply, moves, active) = game_state(&db);
    assert_eq!((ply, moves, active), (3, 3, true), "{after}");
}
