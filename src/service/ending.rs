//! A game's end and ratings: whether the game is rated (the store rates it inside
//! the transaction that ends it), and the line that tells the players
//! what happened to their ratings at the game's speed ("Live ratings: alice 1500? →
//! 1662? (+162)").

use super::{
    rating::{self, Rating, MIN_RATED_PLIES},
    Reply,
};
use crate::{
    rules::{EndReason, Game, Side},
    store::{GameRow, RatingChange},
};

/// How a finished game counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counted {
    /// Casual by choice, or against the bot: nothing to say.
    Casual,
    /// Rated, but too short to count.
    TooShort(usize),
    /// Rated: the store rates it in the transaction that ends it.
    Rated,
}

impl Counted {
    /// How `game`, which has just ended, counts. Games against the bot are never rated;
    /// rated games shorter than [`MIN_RATED_PLIES`] count as casual.
    pub(super) fn of(row: &GameRow, game: &Game) -> Counted {
        let plies = game.plies().len();
        match game.outcome() {
            _ if !row.rated || row.south.bot || row.north.bot => Counted::Casual,
            None => Counted::Casual,
            // An aborted game counts for nobody.
            Some(outcome) if outcome.reason == EndReason::Aborted => Counted::Casual,
            Some(_) if !rating::counts_for_rating(plies) => Counted::TooShort(plies),
            Some(_) => Counted::Rated,
        }
    }

    /// Whether the game changes ratings (the store rates it, with Glicko-2, in the
    /// transaction that ends it).
    pub(super) fn rated(self) -> bool {
        matches!(self, Counted::Rated)
    }

    /// Adds the ratings line to the reply that ends the game: `ratings` is what
    /// the game did to its players' ratings (`None`: nothing).
    pub(super) fn annotate(
        self,
        lang: &crate::i18n::Language,
        reply: &mut Reply,
        row: &GameRow,
        ratings: Option<[RatingChange; 2]>,
    ) {
        let note = match (self, ratings) {
            (Counted::Casual, _) => return,
            (Counted::TooShort(plies), _) => {
                crate::tr!(
                    lang,
                    "ending-too-short",
                    plies = plies,
                    min = MIN_RATED_PLIES
                )
            }
            (Counted::Rated, None) => crate::tr!(lang, "ending-same-player"),
            (Counted::Rated, Some(changes)) => {
                let parts: Vec<String> = [Side::South, Side::North]
                    .into_iter()
                    .zip(changes)
                    .map(|(side, change)| {
                        let games = u32::try_from(change.games_before).unwrap_or(u32::MAX);
                        let before = Rating::from(change.before);
                        let after = Rating::from(change.after);
                        let diff = after.rating.round() - before.rating.round();
                        crate::tr!(
                            lang,
                            "ending-rating-change",
                            name = row.name(side),
                            before = before.label(games),
                            after = after.label(games.saturating_add(1)),
                            change = format!("{}{diff:.0}", if diff >= 0.0 { "+" } else { "" }),
                        )
                    })
                    .collect();
                crate::tr!(
                    lang,
                    "ending-ratings",
                    speed = changes[0].speed.as_str(),
                    changes = crate::i18n::list(lang, &parts, crate::i18n::Joined::And)
                )
            }
        };
        reply.text.push('\n');
        reply.text.push_str(&note);
    }
}
