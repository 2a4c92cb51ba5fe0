//! A game's end and ratings: whether the game is rated, the rater the store applies
//! inside the transaction that ends the game, and the line that tells the players
//! what happened to their ratings at the game's speed ("Live ratings: alice 1500? →
//! 1662? (+162)").

use super::{
    rating::{self, GameResult, Rating, MIN_RATED_PLIES},
    Reply,
};
use crate::{
    rules::{Game, Side},
    store::{Applied, GameRow, RatingNumbers},
};

/// How a finished game counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counted {
    /// Casual by choice, or against the bot: nothing to say.
    Casual,
    /// Rated, but too short to count.
    TooShort(usize),
    /// Rated; the winner (`None` for a draw).
    Rated(Option<Side>),
}

/// The rater handed to the store.
pub(super) type BoxedRater =
    Box<dyn Fn([Option<RatingNumbers>; 2]) -> [(RatingNumbers, RatingNumbers); 2] + Send + Sync>;

impl Counted {
    /// How `game`, which has just ended, counts. Games against the bot are never rated;
    /// rated games shorter than [`MIN_RATED_PLIES`] count as casual.
    pub(super) fn of(row: &GameRow, game: &Game) -> Counted {
        let plies = game.plies().len();
        match game.outcome() {
            _ if !row.rated || row.south.bot || row.north.bot => Counted::Casual,
            None => Counted::Casual,
            Some(_) if !rating::counts_for_rating(plies) => Counted::TooShort(plies),
            Some(outcome) => Counted::Rated(outcome.winner),
        }
    }

    /// What the store runs to rate the game, if it is rated.
    pub(super) fn rater(self) -> Option<BoxedRater> {
        let Counted::Rated(winner) = self else {
            return None;
        };
        Some(Box::new(move |current: [Option<RatingNumbers>; 2]| {
            let [south, north] = current.map(|n| n.map_or(Rating::NEW, from_numbers));
            let (s, n) = rating::update(south, north, GameResult::for_side(winner, Side::South));
            [
                (to_numbers(south), to_numbers(s)),
                (to_numbers(north), to_numbers(n)),
            ]
        }))
    }

    /// Adds the ratings line to the reply that ends the game.
    pub(super) fn annotate(
        self,
        lang: &crate::i18n::Language,
        reply: &mut Reply,
        row: &GameRow,
        applied: &Applied,
    ) {
        let note = match (self, applied.ratings) {
            (Counted::Casual, _) => return,
            (Counted::TooShort(plies), _) => {
                crate::tr!(
                    lang,
                    "ending-too-short",
                    plies = plies,
                    min = MIN_RATED_PLIES
                )
            }
            (Counted::Rated(_), None) => crate::tr!(lang, "ending-same-player"),
            (Counted::Rated(_), Some(changes)) => {
                let parts: Vec<String> = [Side::South, Side::North]
                    .into_iter()
                    .zip(changes)
                    .map(|(side, change)| {
                        let games = u32::try_from(change.games_before).unwrap_or(u32::MAX);
                        let before = from_numbers(change.before);
                        let after = from_numbers(change.after);
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

/// The stored numbers as a rating.
pub(super) fn from_numbers(n: RatingNumbers) -> Rating {
    Rating {
        rating: n.rating,
        deviation: n.deviation,
        volatility: n.volatility,
    }
}

pub(super) fn to_numbers(r: Rating) -> RatingNumbers {
    RatingNumbers {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}
