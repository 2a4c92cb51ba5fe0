//! Game records: every oracle game survives export and import unchanged, and bad
//! records are refused with where and why.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::sync::OnceLock;

use crate::common::oracle_games;
use oware_bot::rules::{EndReason, Game, GameRecord, IllegalMove, Pit, RecordError, Side, Variant};

/// The oracle games' ids and moves, read once for all the tests here.
fn oracle_moves() -> &'static [(u64, Vec<Pit>)] {
    static MOVES: OnceLock<Vec<(u64, Vec<Pit>)>> = OnceLock::new();
    MOVES.get_or_init(|| {
        oracle_games()
            .iter()
            .map(|g| {
                let moves = g["plies"]
                    .as_array()
                    .expect("plies")
                    .iter()
                    .map(|p| {
                        let m = p["m"].as_str().and_then(|m| m.chars().next());
                        m.and_then(Pit::from_letter).expect("a pit letter")
                    })
                    .collect();
                (g["id"].as_u64().expect("an id"), moves)
            })
            .collect()
    })
}

fn tags() -> Vec<(&'static str, &'static str)> {
    vec![
        ("Event", "Oracle \"replay\" \\ test"),
        ("Site", "console"),
        ("Date", "2026.11.22"),
        ("South", "Alice"),
        ("North", "Bob"),
    ]
}

/// Export, import, and compare everything a game is.
fn round_trip(id: u64, game: &Game) -> String {
    let record = GameRecord::from_game(game, tags()).expect("a game from the start");
    let text = record.to_text();
    let back = GameRecord::parse(&text)
        .unwrap_or_else(|e| panic!("game {id}: its own record is refused: {e}\n{text}"));
    assert_eq!(back.moves(), game.moves().collect::<Vec<_>>(), "game {id}");
    assert_eq!(back.variant(), game.variant(), "game {id}");
    assert_eq!(back.outcome(), game.outcome(), "game {id}");
    assert_eq!(back.game().position(), game.position(), "game {id}");
    assert_eq!(back.tags(), record.tags(), "game {id}");
    assert_eq!(
        back.to_text(),
        text,
        "game {id}: a second export is identical"
    );
    assert!(
        text.lines().all(|l| l.chars().count() < 80),
        "game {id}: wrapped"
    );
    text
}

#[test]
fn every_oracle_game_round_trips() {
    let games = oracle_moves();
    assert_eq!(games.len(), 600);
    let mut captures_written = 0;
    for (id, moves) in games {
        let game = Game::from_moves(Variant::Abapa, moves).expect("oracle games are legal");
        assert!(game.is_over(), "game {id} is complete");
        let text = round_trip(*id, &game);
        let outcome = game.outcome().expect("over");
        let result = format!("{}-{}", outcome.scores[0], outcome.scores[1]);
        assert!(
            text.contains(&format!("[Result \"{result}\"]")),
            "game {id}"
        );
        assert!(text.trim_end().ends_with(&result), "game {id}: {text}");
        captures_written += text.matches('+').count();
        // Each `+n` is one capturing move.
        let capturing = game
            .plies()
            .iter()
            .filter(|p| p.effect.captured > 0)
            .count();
        assert_eq!(text.matches('+').count(), capturing, "game {id}");
    }
    assert!(captures_written > 1000, "the fixture is rich in captures");
}

#[test]
fn unfinished_games_and_other_variants_round_trip() {
    for (id, moves) in oracle_moves().iter().take(200) {
        // Half a game: unfinished, `*`.
        let half = Game::from_moves(Variant::Abapa, &moves[..moves.len() / 2]).expect("legal");
        let text = round_trip(*id, &half);
        assert!(text.contains("[Result \"*\"]") && text.trim_end().ends_with('*'));
        assert!(!text.contains("[Reason"));
        // The same moves under the other variants, as far as they stay legal.
        for variant in [Variant::Forbidden, Variant::CaptureAll] {
            let mut game = Game::new(variant);
            for &pit in moves {
                if game.play(pit).is_err() {
                    break;
                }
            }
            round_trip(*id, &game);
        }
    }
}

#[test]
fn agreement_and_resignation_are_kept_by_the_reason_tag() {
    let opening = "1. C d 2. B e 3. F a";
    let mut agreed = GameRecord::parse(opening).expect("legal").into_game();
    agreed.end_by_agreement().expect("not over");
    let text = round_trip(1, &agreed);
    assert!(text.contains("[Reason \"agreement\"]"), "{text}");

    let mut resigned = GameRecord::parse(opening).expect("legal").into_game();
    let outcome = resigned.resign(Side::South).expect("not over");
    assert_eq!(outcome.winner, Some(Side::North));
    let text = round_trip(2, &resigned);
    assert!(text.contains("[Reason \"south_resigned\"]"), "{text}");

    // Hand-written: North resigns after three moves; scores stand.
    let record = GameRecord::parse("[Reason \"north_resigned\"]\n1. C d 2. B 0-0").expect("valid");
    let outcome = record.outcome().expect("ended by resignation");
    assert_eq!(outcome.reason, EndReason::Resignation(Side::North));
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn an_admins_decision_is_kept_by_the_reason_tag() {
    let opening = "1. C d 2. B e 3. F a";
    let mut drawn = GameRecord::parse(opening).expect("legal").into_game();
    let outcome = drawn.adjudicate(None).expect("not over");
    assert_eq!(outcome.winner, None);
    let text = round_trip(3, &drawn);
    assert!(text.contains("[Reason \"draw_adjudicated\"]"), "{text}");

    let mut decided = GameRecord::parse(opening).expect("legal").into_game();
    decided.adjudicate(Some(Side::North)).expect("not over");
    let text = round_trip(4, &decided);
    let mut agreed = GameRecord::parse(opening).expect("legal").into_game();
    agreed.agree_draw().expect("not over");
    let agreed_text = round_trip(5, &agreed);
    assert!(
        agreed_text.contains("[Reason \"draw_agreed\"]"),
        "{agreed_text}"
    );
    assert!(text.contains("[Reason \"north_adjudicated\"]"), "{text}");
    let record = GameRecord::parse(&text).expect("valid");
    let outcome = record.outcome().expect("decided");
    assert_eq!(outcome.reason, EndReason::Adjudicated(Some(Side::North)));
    assert_eq!(outcome.winner, Some(Side::North));
    // Decided games keep the board as it stands.
    assert_eq!(outcome.scores, decided.position().scores());
}

#[test]
fn layout_comments_variations_and_missing_tags_are_accepted() {
    let plain = GameRecord::parse("1. C d 2. B e").expect("no tags at all");
    assert_eq!(plain.variant(), Variant::Abapa);
    assert_eq!(plain.tags(), &[]);
    assert_eq!(plain.outcome(), None);
    let messy = "  [Event   \"x\"]  [Variant \"Abapa\"]\n\n{before}\n1.C\t\td {South thinks}\n\
                 ; a line comment\n 2. B (2. A {a variation} f) 2... e\n*\n";
    let record = GameRecord::parse(messy).expect("valid");
    assert_eq!(record.moves(), plain.moves());
    assert_eq!(record.tag("Event").as_deref(), Some("x"));
    assert_eq!(record.tag("result").as_deref(), Some("*"));
    // Aualé writes `?` for unknown tags; they count as missing.
    let aualé = "[Variant \"?\"]\n[Result \"?\"]\n[South \"?\"]\n\n1. C";
    assert_eq!(GameRecord::parse(aualé).expect("valid").moves().len(), 1);
    // A variant tag changes the rules of the replay.
    let capture_all = GameRecord::parse("[Variant \"capture-all\"]\n1. C").expect("valid");
    assert_eq!(capture_all.variant(), Variant::CaptureAll);
}

fn refused(text: &str) -> RecordError {
    GameRecord::parse(text).expect_err("an invalid record")
}

#[test]
fn illegal_moves_are_refused_with_their_ply_and_reason() {
    let err = refused("[South \"A\"]\n\n1. C d\n2. C");
    assert!(
        matches!(
            err,
            RecordError::IllegalMove {
                ply: 3,
                line: 4,
                reason: IllegalMove::EmptyPit { .. },
                ..
            }
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.starts_with("ply 3 (line 4), C: pit C is empty"),
        "{message}"
    );
    assert!(message.contains("your legal pits are"), "{message}");

    let err = refused("1. c");
    assert!(matches!(
        err,
        RecordError::IllegalMove {
            ply: 1,
            reason: IllegalMove::NotYourRow { .. },
            ..
        }
    ));
    // Moves after the end of a game are refused too.
    let (_, moves) = &oracle_moves()[0];
    let mut text: String = moves.iter().map(|p| format!("{} ", p.letter())).collect();
    text.push('A');
    let err = refused(&text);
    assert!(
        matches!(err, RecordError::IllegalMove { reason: IllegalMove::GameOver, ply, .. } if ply == moves.len() + 1),
        "{err:?}"
    );
}

#[test]
fn capture_annotations_are_checked_against_the_replay() {
    let (_, moves) = &oracle_moves()[0];
    let game = Game::from_moves(Variant::Abapa, moves).expect("legal");
    let (i, ply) = game
        .plies()
        .iter()
        .enumerate()
        .find(|(_, p)| p.effect.captured > 0)
        .expect("the game has a capture");
    let letters: Vec<String> = moves[..=i].iter().map(|p| p.letter().to_string()).collect();
    let right = format!("{}+{}", letters.join(" "), ply.effect.captured);
    GameRecord::parse(&right).expect("the right count is accepted");
    let wrong = format!("{}+{}", letters.join(" "), ply.effect.captured + 1);
    assert_eq!(
        refused(&wrong),
        RecordError::Capture {
            ply: i + 1,
            line: 1,
            pit: ply.effect.pit,
            claimed: ply.effect.captured + 1,
            actual: ply.effect.captured,
        }
    );
    let err = refused("1. C+2");
    assert!(err.to_string().contains("remove the `+2`"), "{err}");
    GameRecord::parse("1. C+0").expect("+0 is true of a quiet move");
}

#[test]
fn malformed_records_say_what_to_write_instead() {
    assert_eq!(
        refused("1. C d 3. B"),
        RecordError::MoveNumber {
            line: 1,
            found: 3,
            expected: 2
        }
    );
    assert_eq!(
        refused("1. C\n[Event \"late\"]"),
        RecordError::TagAfterMoves { line: 2 }
    );
    assert_eq!(refused("1. C *\nd"), RecordError::AfterResult { line: 2 });
    assert!(matches!(refused("1. C x"), RecordError::BadWord { .. }));
    assert!(matches!(
        refused("[Variant \"oware\"]"),
        RecordError::Variant(_)
    ));
    assert!(refused("[Variant \"oware\"]")
        .to_string()
        .contains("choose abapa, forbidden or capture-all"));
    assert_eq!(
        refused("[Result \"win\"]"),
        RecordError::BadResult("win".into())
    );
    assert!(matches!(
        refused("[Reason \"timeout\"]"),
        RecordError::BadReason(_)
    ));
    assert_eq!(refused("[FEN \"4-4-4\"]\n1. C"), RecordError::SetUp);
    assert_eq!(
        refused("[Result \"*\"]\n1. C 0-0"),
        RecordError::ResultConflict {
            tag: "*".into(),
            movetext: "0-0".into()
        }
    );
    let err = refused("1. C d 25-17");
    assert!(matches!(err, RecordError::ResultMismatch { .. }), "{err:?}");
    assert!(
        err.to_string().contains("leave the game unfinished"),
        "{err}"
    );
    let err = refused("[Reason \"repetition\"]\n1. C");
    assert!(matches!(
        err,
        RecordError::ReasonMismatch {
            recorded: "repetition",
            ..
        }
    ));

    // A finished game marked unfinished, or with another ending, is refused.
    let (_, moves) = &oracle_moves()[0];
    let letters: String = moves.iter().map(|p| format!("{} ", p.letter())).collect();
    let err = refused(&format!("{letters}*"));
    assert!(err.to_string().contains("its moves end the game"), "{err}");
    let err = refused(&format!("[Reason \"agreement\"]\n{letters}"));
    assert!(
        matches!(
            err,
            RecordError::ReasonMismatch {
                recorded: "agreement",
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn tags_are_kept_in_order_and_derived_ones_come_from_the_game() {
    let game = Game::from_moves(Variant::Forbidden, &[]).expect("no moves");
    let given = [
        ("Round", "3"),
        ("Black Belt!", "yes"),
        ("", "dropped"),
        ("Result", "48-0"),
        ("Variant", "abapa"),
        ("Round", "4"),
    ];
    let mut record = GameRecord::from_game(&game, given).expect("from the start");
    record.set_tag("Annotator", "line one\nline \"two\"");
    let tags: Vec<(&str, &str)> = record
        .tags()
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Round", "4"),
            ("BlackBelt", "yes"),
            ("Annotator", "line one\nline \"two\"")
        ]
    );
    assert_eq!(record.tag("variant").as_deref(), Some("forbidden"));
    assert_eq!(record.tag("Result").as_deref(), Some("*"));
    assert_eq!(record.tag("Reason"), None);
    let text = record.to_text();
    assert_eq!(
        text,
        "[Round \"4\"]\n[BlackBelt \"yes\"]\n[Annotator \"line one line \\\"two\\\"\"]\n\
         [Variant \"forbidden\"]\n[Result \"*\"]\n\n*\n"
    );
    let back = GameRecord::parse(&text).expect("its own text");
    assert_eq!(
        back.tag("Annotator").as_deref(),
        Some("line one line \"two\"")
    );
    assert_eq!(back.variant(), Variant::Forbidden);
}
