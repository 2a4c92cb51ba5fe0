//! A whole console game in French, challenge to result, against its transcript
//! (`tests/fixtures/console_fr.txt`): the room is set to French by the console's
//! admin, and the players type French command words.
//!
//! `OWARE_UPDATE_TRANSCRIPT=1` writes the transcript anew from this run, to review.

use std::{
    io::Write,
    process::{Command, Stdio},
};

const SCRIPT: &str = "\
alice: /oware réglages language:fr
alice: /oware jouer @bob rated:no time:none
bob: /oware accepter
alice: /coup c
bob: /coup c
alice: /coup q
alice: /coup b
bob: coup e
alice: /oware nulle
bob: /oware nulle refuser
alice: /coup f
bob: /oware abandonner
bob: /oware abandonner #1 confirm
alice: /oware parties
";

/// The console's output for `script`, its temporary directory shown as `<dir>`.
fn run(script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .arg("console")
        .arg("--db")
        .arg(dir.path().join("game.db"))
        .arg("--out-dir")
        .arg(dir.path().join("boards"))
        .env("OWARE_CONSOLE_ADMIN", "alice")
        .env_remove("OWARE_OWNERS")
        .env_remove("DATABASE_URL")
        .env("OWARE_TABLES_AUTOBUILD", "off")
        .env("WEB_ADDR", "off")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .replace(&dir.path().display().to_string(), "<dir>")
}

#[test]
fn a_whole_console_game_in_french_reads_as_its_transcript() {
    let out = run(SCRIPT);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/console_fr.txt");
    if std::env::var_os("OWARE_UPDATE_TRANSCRIPT").is_some() {
        std::fs::write(path, &out).unwrap();
    }
    let expected = std::fs::read_to_string(path).expect("the transcript");
    let (got, want): (Vec<&str>, Vec<&str>) = (out.lines().collect(), expected.lines().collect());
    for (number, (got, want)) in got.iter().zip(&want).enumerate() {
        assert_eq!(got, want, "line {} of console_fr.txt", number + 1);
    }
    assert_eq!(got.len(), want.len(), "the transcript's length:\n{out}");
}

#[test]
fn a_personal_language_answers_even_what_the_console_cannot_read() {
    let out = run("bob: /oware settings me language:fr\nbob: /oware jouerr @alice\nalice: /oware jouerr @bob\n");
    assert!(out.contains("[bot → bob] Vos réglages ont changé"), "{out}");
    assert!(
        out.contains("[bot → bob] Je ne connais pas la commande `jouerr`. Vouliez-vous dire `/oware jouer`\u{202F}?"),
        "{out}"
    );
    assert!(
        out.contains(
            "[bot → alice] I don't know the command `jouerr`. Did you mean `/oware jouer`?"
        ),
        "{out}"
    );
}
