//! `oware-bot replay` run as a real process over all 600 oracle games: its JSON must
//! agree with the oracle's records ply for ply (with the two documented adjustments).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::oracle_games;
use serde_json::Value;

#[test]
fn replay_command_reproduces_the_oracle() {
    let games = oracle_games();
    let input: String = games
        .iter()
        .map(|g| {
            let moves: Vec<&str> = g["plies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["m"].as_str().unwrap())
                .collect();
            moves.join(" ") + "\n"
        })
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .arg("replay")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(lines.len(), games.len());

    for (g, line) in games.iter().zip(lines) {
        let ours: Value = serde_json::from_str(line).unwrap();
        let id = &g["id"];
        let (our_plies, their_plies) = (
            ours["plies"].as_array().unwrap(),
            g["plies"].as_array().unwrap(),
        );
        assert_eq!(our_plies.len(), their_plies.len(), "game {id}");
        let end = &g["end"];
        for (i, (o, t)) in our_plies.iter().zip(their_plies).enumerate() {
            let mut t = t.clone();
            if i + 1 == their_plies.len() && end["reason"] == "score_25" {
                t["b"] = end["board_before_sweep"].clone();
                t["s"] = end["scores_abapa"].clone();
            }
            assert_eq!(o, &t, "game {id} ply {}", i + 1);
        }
        assert_eq!(ours["end"]["reason"], end["reason"], "game {id}");
        assert_eq!(ours["end"]["result"], end["result"], "game {id}");
        assert_eq!(ours["end"]["scores"], end["scores_abapa"], "game {id}");
        assert!(ours.get("error").is_none());
    }
}

#[test]
fn perft_command_prints_known_counts() {
    let output = Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .args(["perft", "6", "--divide"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[0].starts_with("A: "));
    assert_eq!(lines[6], "27332");
}
