//! The engine subcommands through the real binary: the line protocol, building and
//! checking a (tiny) table file, a short arena match.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::io::Write;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_oware-bot"))
}

#[test]
fn engine_speaks_the_protocol() {
    let mut child = bin()
        .args(["engine", "--level", "hard", "--movetime", "50"])
        .env_remove("OWARE_TABLES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"isready\nposition startpos moves F a\ngo nodes 5000\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("readyok"));
    assert!(text.contains("info depth 1 score "), "{text}");
    let best = text.lines().last().unwrap();
    assert!(best.starts_with("bestmove "), "{text}");
    assert!(
        "ABCDEF".contains(best.chars().last().unwrap()),
        "South moves: {best}"
    );
}

#[test]
fn tables_build_then_check() {
    let dir = std::env::temp_dir().join(format!("oware-cli-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t3.bin");
    let built = bin()
        .args(["tables", "build", "--seeds", "3", "--out"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let text = String::from_utf8(built.stdout).unwrap();
    assert!(
        text.contains("built tables up to 3 seeds (455 positions)"),
        "{text}"
    );
    let checked = bin()
        .env("OWARE_TABLES", &path)
        .args(["tables", "check"])
        .output()
        .unwrap();
    assert!(checked.status.success(), "{checked:?}");
    assert!(String::from_utf8(checked.stdout)
        .unwrap()
        .contains("checksum good"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arena_against_an_external_engine() {
    let me = env!("CARGO_BIN_EXE_oware-bot");
    let out = bin()
        .env_remove("OWARE_TABLES")
        .args(["arena", "--games", "2", "--a", "easy", "--movetime", "20"])
        .arg("--b")
        .arg(format!("cmd:{me} engine --level medium --movetime 20"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 games, A "), "{text}");
    assert!(text.contains("vs North cmd:"), "{text}");
}

#[test]
fn tune_is_reproducible_and_prints_the_fitted_weights() {
    let run = |threads: &str| {
        let out = bin()
            .env_remove("OWARE_TABLES")
            .current_dir(std::env::temp_dir())
            .args(["tune", "--games", "6", "--depth", "2", "--steps", "40"])
            .args(["--seed", "3", "--threads", threads])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert!(
        one.contains("self-play: 6 games at depth 2, 6 random plies, seed 3"),
        "{one}"
    );
    let fitted = |text: &str| {
        text.lines()
            .filter(|l| {
                l.starts_with("k = ")
                    || l.starts_with("fitted weights")
                    || l.contains("quiet positions")
            })
            .map(|l| l.split(" in ").next().unwrap_or(l).to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(fitted(&one).len(), 3, "{one}");
    // The data do not depend on the threads that played them.
    assert_eq!(fitted(&run("2")), fitted(&one));
}

#[test]
fn the_shipped_book_checks_and_a_tiny_one_builds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.bin");
    let built = bin()
        .env_remove("OWARE_TABLES")
        .current_dir(dir.path())
        .args(["book", "build", "--plies", "2", "--nodes", "2000", "--out"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let text = String::from_utf8(built.stdout).unwrap();
    assert!(text.contains("(2 plies, 2000 nodes each"), "{text}");
    for file in [
        path.clone(),
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/opening-book.bin"),
    ] {
        let checked = bin().arg("book").arg("check").arg(&file).output().unwrap();
        assert!(checked.status.success(), "{checked:?}");
        let text = String::from_utf8(checked.stdout).unwrap();
        assert!(text.contains("checksum good"), "{text}");
    }
}
