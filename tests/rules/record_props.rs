//! Property tests for game records: random games in every variant round-trip, and
//! no text, however mangled, makes the parser panic.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::rules::{Game, GameRecord, Pit, Variant};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Abapa),
        Just(Variant::Forbidden),
        Just(Variant::CaptureAll)
    ]
}

/// A game of random legal moves; `choices` pick among the legal moves, and an
/// optional early ending by agreement or resignation.
fn random_game(variant: Variant, choices: &[u16], ending: u8) -> Game {
    let mut game = Game::new(variant);
    for &choice in choices {
        let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
        if legal.is_empty() {
            break;
        }
        let pit = legal[usize::from(choice) % legal.len()];
        game.play(pit).expect("a listed move plays");
    }
    if !game.is_over() {
        let side = game.position().to_move();
        match ending {
            1 => drop(game.end_by_agreement()),
            2 => drop(game.resign(side)),
            3 => drop(game.resign(side.opponent())),
            _ => {}
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_round_trip(
        variant in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..300),
        ending in 0u8..4,
        south in "\\PC{0,20}",
    ) {
        let game = random_game(variant, &choices, ending);
        let record = GameRecord::from_game(&game, [("South", south.as_str())])
            .expect("a game from the start");
        let text = record.to_text();
        let back = GameRecord::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.moves(), game.moves().collect::<Vec<_>>());
        prop_assert_eq!(back.outcome(), game.outcome());
        prop_assert_eq!(back.game().position(), game.position());
        prop_assert_eq!(back.tag("South"), record.tag("South"));
        prop_assert_eq!(back.to_text(), text);
    }

    /// Text made of the characters records use, in any order: refused or read,
    /// never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "[\\[\\]{}()\";A-Fa-g0-9.+*\\- \n\\\\é]{0,120}") {
        if let Ok(record) = GameRecord::parse(&text) {
            // Whatever was read writes out and reads back the same.
            let again = GameRecord::parse(&record.to_text()).expect("its own text");
            prop_assert_eq!(again.moves(), record.moves());
        }
    }

    /// A real record with one character changed: refused or read, never a panic.
    #[test]
    fn mutated_records_never_panic(
        choices in prop::collection::vec(any::<u16>(), 0..80),
        at in any::<prop::sample::Index>(),
        with in any::<char>(),
    ) {
        let game = random_game(Variant::Abapa, &choices, 0);
        let text = GameRecord::from_game(&game, [("Event", "x")]).expect("from the start").to_text();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len());
        chars[i] = with;
        let mutated: String = chars.into_iter().collect();
        if let Ok(record) = GameRecord::parse(&mutated) {
            let again = GameRecord::parse(&record.to_text()).expect("its own text");
            prop_assert_eq!(again.moves(), record.moves());
            prop_assert_eq!(again.outcome(), record.outcome());
        }
    }
}
