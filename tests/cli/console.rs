//! The real `oware-bot console` binary, fed a scripted game on stdin.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::{
    io::Write,
    process::{Command, Stdio},
};

use crate::support::winning_line;
use oware_bot::rules::{Game, Side, Variant};

fn run_console(script: &str, db: &std::path::Path, boards: &std::path::Path) -> (String, i32) {
    run_console_with(script, db, boards, None)
}

/// `oware-bot console` on `db`, its pictures in `boards`, its three streams piped.
fn console(db: &std::path::Path, boards: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oware-bot"));
    // The web pages stay off: tests run side by side, each on its own port or none.
    command.env("WEB_ADDR", "off");
    command
        .arg("console")
        .arg("--db")
        .arg(db)
        .arg("--out-dir")
        .arg(boards)
        .env_remove("OWARE_CONSOLE_ADMIN")
        .env_remove("OWARE_OWNERS")
        .env_remove("DATABASE_URL")
        // No endgame tables built in the background behind the test's back.
        .env("OWARE_TABLES_AUTOBUILD", "off")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// [`run_console`] with `OWARE_CONSOLE_ADMIN` set to `admin` (unset when `None`).
fn run_console_with(
    script: &str,
    db: &std::path::Path,
    boards: &std::path::Path,
    admin: Option<&str>,
) -> (String, i32) {
    let mut command = console(db, boards);
    if let Some(admin) = admin {
        command.env("OWARE_CONSOLE_ADMIN", admin);
    }
    let mut child = command.spawn().expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.trim().is_empty(), "stderr: {stderr}");
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.code().unwrap_or(-1),
    )
}

#[test]
fn a_scripted_game_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let line = winning_line();
    let mut script = String::from(
        "# a comment line\nalice: /oware play @bob\nbob: /oware accept\nnot a command line\n",
    );
    for (i, pit) in line.iter().enumerate() {
        let (author, prefix) = if i.is_multiple_of(2) {
            ("alice", "/move")
        } else {
            ("bob", "!move")
        };
        // Typed in lower case: a pit letter always means the mover's own row.
        script.push_str(&format!(
            "{author}: {prefix} {}\n",
            pit.letter().to_ascii_lowercase()
        ));
    }
    script.push_str("alice: /move a\n");
    let (out, code) = run_console(
        &script,
        &dir.path().join("game.db"),
        &dir.path().join("boards"),
    );
    assert_eq!(code, 0, "{out}");

    let game = Game::from_moves(Variant::Abapa, &line).unwrap();
    let outcome = game.outcome().unwrap();
    let winner = match outcome.winner.unwrap() {
        Side::South => "alice",
        Side::North => "bob",
    };
    let [s, n] = outcome.scores;
    let result = format!(
        "Game over: {winner} wins {}–{} (alice {s} – bob {n}; 25 seeds reached).",
        s.max(n),
        s.min(n)
    );
    assert!(out.contains(&result), "no `{result}` in:\n{out}");
    assert!(out.contains("[bot] alice challenges bob"), "{out}");
    assert!(out.contains("[bot] Type `<user>: <command>`"), "{out}");
    assert!(out.contains("[bot → alice] Game #1 is over"), "{out}");
    assert_eq!(
        out.matches("     f  e  d  c  b  a").count(),
        line.len() + 1,
        "a board after every move and the start"
    );
}

#[test]
fn refusals_go_to_the_author_and_the_database_persists() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let boards = dir.path().join("boards");
    let (out, code) = run_console(
        "alice: /oware play @bob\nbob: /oware accept\nbob: /move a\nalice: /oware frob\n\
         #lounge carol: /oware plya\nalice: /move c\n",
        &db,
        &boards,
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("[bot → bob] It is not your turn: alice (South) is to move"),
        "{out}"
    );
    assert!(
        out.contains("[bot → alice] I don't know the command `frob`"),
        "{out}"
    );
    // A refusal in another room names that room, as every answer there does.
    assert!(
        out.contains("[bot #lounge → carol] I don't know the command `plya`"),
        "{out}"
    );
    assert!(out.contains("[bot] alice played C"), "{out}");
    // Board images go to --out-dir and their paths are printed.
    let image = boards.join("oware-1-1.png");
    assert!(
        out.contains(&format!("board image: {}", image.display())),
        "{out}"
    );
    assert!(std::fs::read(&image).unwrap().starts_with(b"\x89PNG"));
    // A second run on the same file continues the game.
    let (out, code) = run_console("bob: move a\n", &db, &boards);
    assert_eq!(code, 0);
    assert!(out.contains("[bot] bob played a"), "{out}");
}

#[test]
fn the_console_admin_gets_the_status_and_others_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (out, code) = run_console_with(
        "alice: /oware play @bob\nroot: /oware status\nalice: /oware status\n",
        &dir.path().join("game.db"),
        &dir.path().join("boards"),
        Some("Root"),
    );
    assert_eq!(code, 0, "{out}");
    // The console's admin administers the console, not the bot: its room's figures.
    assert!(out.contains("[bot → root] Status of this room"), "{out}");
    assert!(out.contains("Challenges pending  1"), "{out}");
    assert!(!out.contains("Database"), "{out}");
    assert!(
        out.contains("[bot → alice] `/oware admin status` is only for"),
        "{out}"
    );
    assert!(out.contains("OWARE_CONSOLE_ADMIN"), "{out}");
}

/// Ctrl-C and SIGTERM stop the console gracefully: it exits 0, after answering.
#[test]
fn the_console_stops_gracefully_on_sigint_and_sigterm() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    for signal in ["-INT", "-TERM"] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = console(&dir.path().join("oware.db"), &dir.path().join("boards"))
            .spawn()
            .expect("the binary starts");
        // The input stays open: only the signal can end the console.
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "alice: /oware play @bob").unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines, seen) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let answered = seen
            .recv_timeout(Duration::from_secs(30))
            .expect("the challenge is answered");
        assert!(answered.contains("challenges"), "{answered}");
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(15);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "{signal}: still running");
            std::thread::sleep(Duration::from_millis(50));
        };
        drop(stdin);
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(status.success(), "{signal}: {status:?}; stderr: {stderr}");
    }
}

/// `/healthz` of a running console lists the console among its networks, connected
/// (as the README says), not an empty list.
#[test]
fn the_consoles_health_lists_the_console_as_connected() {
    use std::io::{BufRead, BufReader, Read};
    let dir = tempfile::tempdir().unwrap();
    let mut command = console(&dir.path().join("oware.db"), dir.path());
    command
        .env("WEB_ADDR", "127.0.0.1:0")
        .env("RUST_LOG", "oware_bot::web=info");
    let mut child = command.spawn().expect("the binary starts");
    // The address the pages were given, from the log.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if line.contains("serving the web pages") {
                let addr = line
                    .split("addr=")
                    .nth(1)
                    .map(|a| a.split_whitespace().next().unwrap_or("").to_owned());
                let _ = tx.send(addr);
            }
        }
    });
    let addr = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the pages start")
        .expect("an address");
    let ask = || {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            stream,
            "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    // The console reports itself connected as it starts reading: give it a moment.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut answer = ask();
    while !answer.contains("\"console\":true") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
        answer = ask();
    }
    drop(child.stdin.take());
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains("\"networks\":{\"console\":true}"),
        "{answer}"
    );
}
