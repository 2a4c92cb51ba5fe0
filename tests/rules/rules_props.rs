//! Property tests over games reachable from the start, in every variant.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::rules::{EndReason, Game, IllegalMove, Pit, Variant, TOTAL_SEEDS};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Abapa),
        Just(Variant::Forbidden),
        Just(Variant::CaptureAll)
    ]
}

fn seeds_in(game: &Game) -> u32 {
    let p = game.position();
    p.board()
        .iter()
        .chain(&p.scores())
        .map(|&s| u32::from(s))
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random games: seeds are conserved, every listed move plays, every pit not
    /// listed is refused, and nothing panics (also for arbitrary pits tried).
    #[test]
    fn random_games_keep_the_rules(
        variant in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..250),
        probes in prop::collection::vec(0usize..12, 250),
    ) {
        let mut game = Game::new(variant);
        for (&choice, &probe) in choices.iter().zip(&probes) {
            prop_assert_eq!(seeds_in(&game), u32::from(TOTAL_SEEDS));
            let legal = game.legal_moves();
            for pit in Pit::ALL {
                let listed = legal.contains(pit);
                let mut copy = game.clone();
                prop_assert_eq!(copy.play(pit).is_ok(), listed, "{} listed={}", pit, listed);
                if listed {
                    prop_assert_eq!(seeds_in(&copy), u32::from(TOTAL_SEEDS));
                }
                // The warning beside the pits says exactly what playing it does.
                let repeats = copy
                    .outcome()
                    .filter(|o| listed && o.reason == EndReason::Repetition);
                prop_assert_eq!(game.repetition_after(pit), repeats);
            }
            // A refused move leaves the game as it was.
            let probe = Pit::ALL[probe];
            if !legal.contains(probe) {
                let before = game.position();
                prop_assert!(game.play(probe).is_err());
                prop_assert_eq!(game.position(), before);
            }
            if legal.is_empty() {
                prop_assert!(game.is_over());
                prop_assert_eq!(game.play(probe).unwrap_err(), IllegalMove::GameOver);
                break;
            }
            let pit = legal.into_iter().nth(usize::from(choice) % legal.len()).unwrap();
            game.play(pit).unwrap();
        }
        if let Some(outcome) = game.outcome() {
            prop_assert_eq!(u32::from(outcome.scores[0]) + u32::from(outcome.scores[1])
                + game.position().board().iter().map(|&s| u32::from(s)).sum::<u32>(), 48);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The bulk-counting shortcut agrees with playing the move and listing replies.
    #[test]
    fn reply_count_matches_the_replies_listed(
        variant in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut game = Game::new(variant);
        for &choice in &choices {
            let position = game.position();
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            for pit in legal {
                prop_assert_eq!(
                    position.reply_count(pit, variant),
                    position.after(pit, variant).legal_moves(variant).len()
                );
                prop_assert_eq!(position.after(pit, variant), position.play_unchecked(pit, variant).0);
            }
            let pit = legal.into_iter().nth(usize::from(choice) % legal.len()).unwrap();
            game.play(pit).unwrap();
        }
    }
}
