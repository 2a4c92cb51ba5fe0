//! The engine subcommands through the real binary: the line protocol, building and
//! checking a (tiny) table file, a short arena match.

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
