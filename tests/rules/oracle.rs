//! Every ply of the 600 oracle games (an independent implementation, OpenSpiel)
//! replayed through the rules core and compared field by field, with the two
//! adjustments the oracle's README names (no sweep at 25; repetition as ours).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::common::{bytes, oracle_games};
use oware_bot::rules::{EndReason, Game, IllegalMove, Pit, Position, Side, Variant};
use serde_json::Value;

/// Our state after a ply, in the oracle's terms.
#[derive(Debug, PartialEq)]
struct State {
    b: [u8; 12],
    s: [u8; 2],
    t: Option<char>,
    l: String,
    o: bool,
    lap: bool,
    cap: u64,
    pits: u64,
    gs: bool,
    feed: bool,
}

fn ours(game: &Game) -> State {
    let ply = game.plies().last().expect("a ply was played");
    let over = game.is_over();
    State {
        b: ply.after.board(),
        s: ply.after.scores(),
        t: game.to_move().map(Side::letter),
        l: game.legal_moves().letters(),
        o: over,
        lap: ply.effect.lap,
        cap: u64::from(ply.effect.captured),
        pits: ply.effect.captured_pits.len() as u64,
        gs: ply.effect.grand_slam,
        feed: !over && ply.after.must_feed(),
    }
}

fn theirs(ply: &Value, end: &Value, last: bool) -> State {
    let flag = |k: &str| ply.get(k).and_then(Value::as_bool).unwrap_or(false);
    let num = |k: &str| ply.get(k).and_then(Value::as_u64).unwrap_or(0);
    let score_end = last && end["reason"] == "score_25";
    State {
        // OpenSpiel sweeps the board at 25; abapa leaves it as it stands.
        b: bytes(if score_end {
            &end["board_before_sweep"]
        } else {
            &ply["b"]
        }),
        s: bytes(if score_end {
            &end["scores_abapa"]
        } else {
            &ply["s"]
        }),
        t: ply["t"].as_str().and_then(|t| t.chars().next()),
        l: ply["l"].as_str().expect("l is a string").to_owned(),
        o: ply["o"].as_bool().expect("o is a bool"),
        lap: flag("lap"),
        cap: num("cap"),
        pits: num("pits"),
        gs: flag("gs"),
        feed: flag("feed"),
    }
}

/// Every pit that is not a legal move must be refused, with the right reason.
fn check_refusals(game: &Game, id: &Value, ply: usize) {
    let position = game.position();
    let legal = game.legal_moves();
    for pit in Pit::ALL {
        let result = game.check(pit);
        if legal.contains(pit) {
            assert_eq!(result, Ok(()), "game {id} ply {ply}: {pit} is legal");
            continue;
        }
        let err = result.expect_err("an unlisted pit is refused");
        let expected_kind = if game.is_over() {
            "over"
        } else if pit.owner() != position.to_move() {
            "row"
        } else if position.seeds(pit) == 0 {
            "empty"
        } else {
            "feed"
        };
        let kind = match err {
            IllegalMove::GameOver => "over",
            IllegalMove::NotYourRow { .. } => "row",
            IllegalMove::EmptyPit { .. } => "empty",
            IllegalMove::MustFeed { legal: l, .. } => {
                assert_eq!(
                    l, legal,
                    "game {id} ply {ply}: the refusal lists the legal pits"
                );
                "feed"
            }
            IllegalMove::GrandSlamForbidden { .. } => "slam",
        };
        assert_eq!(
            kind, expected_kind,
            "game {id} ply {ply}: refusing {pit}: {err}"
        );
    }
}

#[test]
fn every_oracle_ply_matches() {
    let mut plies_checked = 0;
    for g in oracle_games() {
        let id = &g["id"];
        let start = &g["start"];
        let mut game = Game::new(Variant::Abapa);
        assert_eq!(game.position(), Position::START);
        assert_eq!(bytes::<12>(&start["b"]), Position::START.board());
        assert_eq!(game.legal_moves().letters(), start["l"].as_str().unwrap());
        let plies = g["plies"].as_array().expect("plies");
        for (i, ply) in plies.iter().enumerate() {
            check_refusals(&game, id, i);
            let letter = ply["m"].as_str().and_then(|m| m.chars().next()).unwrap();
            let pit = Pit::from_letter(letter).expect("a pit letter");
            if let Err(e) = game.play(pit) {
                panic!(
                    "game {id} ply {}: {letter} refused: {e}\nstate: {ply}",
                    i + 1
                );
            }
            let last = i + 1 == plies.len();
            let (got, want) = (ours(&game), theirs(ply, &g["end"], last));
            assert_eq!(
                got,
                want,
                "game {id} ply {}: ours (left) vs oracle (right)",
                i + 1
            );
            plies_checked += 1;
        }
        check_refusals(&game, id, plies.len());
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("game {id} is over"));
        let end = &g["end"];
        assert_eq!(
            outcome.reason.as_str(),
            end["reason"].as_str().unwrap(),
            "game {id}"
        );
        assert_eq!(
            outcome.result_str(),
            end["result"].as_str().unwrap(),
            "game {id}"
        );
        assert_eq!(
            outcome.scores,
            bytes::<2>(&end["scores_abapa"]),
            "game {id}"
        );
        if outcome.reason == EndReason::Repetition {
            assert_eq!(
                game.position().board(),
                [0; 12],
                "game {id}: rows are taken"
            );
        }
    }
    assert_eq!(
        plies_checked, 56_758,
        "every ply of the fixture was compared"
    );
}
