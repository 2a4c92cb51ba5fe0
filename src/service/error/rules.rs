//! The rules' refusals of a move in the player's words: a move the rules forbid,
//! with the moves that are legal.

use crate::{
    i18n::{list, Joined},
    rules::{IllegalMove, Moves},
    service::view::side_name,
};

/// The legal pits in words: "A, B and C" (all of them are legal), "D or E" (play
/// one of them).
fn pits(lang: &crate::i18n::Language, legal: Moves, joined: Joined) -> String {
    let letters: Vec<String> = legal.into_iter().map(|p| p.to_string()).collect();
    list(lang, &letters, joined)
}

/// Why the rules forbid a move.
pub(super) fn illegal_text(lang: &crate::i18n::Language, error: &IllegalMove) -> String {
    match *error {
        IllegalMove::GameOver => crate::tr!(lang, "error-illegal-game-over"),
        IllegalMove::NotYourRow { pit, side, legal } => crate::tr!(
            lang,
            "error-illegal-not-your-row",
            pit = pit,
            owner = side_name(lang, pit.owner()),
            side = side_name(lang, side),
            legal = pits(lang, legal, Joined::And)
        ),
        IllegalMove::EmptyPit {
            pit,
            legal,
            must_feed: false,
        } => crate::tr!(
            lang,
            "error-illegal-empty-pit",
            pit = pit,
            legal = pits(lang, legal, Joined::And)
        ),
        IllegalMove::EmptyPit {
            pit,
            legal,
            must_feed: true,
        } => crate::tr!(
            lang,
            "error-illegal-empty-pit-must-feed",
            pit = pit,
            legal = pits(lang, legal, Joined::And)
        ),
        IllegalMove::MustFeed { pit, legal } => crate::tr!(
            lang,
            "error-illegal-must-feed",
            opponent = side_name(lang, pit.owner().opponent()),
            pit = pit,
            legal = pits(lang, legal, Joined::Or)
        ),
        IllegalMove::GrandSlamForbidden { pit, legal } => crate::tr!(
            lang,
            "error-illegal-grand-slam",
            pit = pit,
            opponent = side_name(lang, pit.owner().opponent()),
            legal = pits(lang, legal, Joined::Or)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::ServiceError;
    use super::*;

    #[test]
    fn the_rules_refusals_read_as_the_rules_word_them() {
        use crate::rules::{Moves, Pit, Side};
        let pit = Pit::of(Side::North, 2);
        let legal = Moves::from_bits(0b11);
        for illegal in [
            IllegalMove::GameOver,
            IllegalMove::NotYourRow {
                pit,
                side: Side::South,
                legal,
            },
            IllegalMove::EmptyPit {
                pit,
                legal,
                must_feed: false,
            },
            IllegalMove::EmptyPit {
                pit,
                legal,
                must_feed: true,
            },
            IllegalMove::MustFeed { pit, legal },
            IllegalMove::GrandSlamForbidden { pit, legal },
        ] {
            assert_eq!(
                ServiceError::Illegal(illegal).to_string(),
                format!("That move is not allowed: {illegal}.")
            );
        }
    }
}
