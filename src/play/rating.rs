//! Ratings: Glicko-2 through the `skillratings` crate, and the rules for which games
//! count and which ratings are still provisional. Pure functions; the store keeps the
//! numbers.
//!
//! The service rates each game as soon as it ends, as a rating period of its own
//! ([`update`], skillratings' `glicko2`). Glickman's paper rates a batch of games in
//! one period; [`rate_period`] (skillratings' `glicko2_rating_period`) does that, and
//! it is what reproduces the paper's worked example. Both use τ = 0.5 and a
//! convergence tolerance of 10⁻⁶, the values of that example.

use skillratings::{
    glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating},
    Outcomes,
};

use crate::rules::Side;

/// A rated game needs at least this many plies (moves by either side) to count, so
/// that an early resignation or an abandoned opening does not move ratings.
pub const MIN_RATED_PLIES: usize = 10;

/// A rating whose deviation is above this is provisional. 110 is the threshold
/// Lichess uses for its Glicko-2 ratings (shown with a `?`); a new player starts at 350.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player with fewer rated games than this is provisional whatever the deviation.
pub const PROVISIONAL_GAMES: u32 = 5;

/// A player's Glicko-2 rating on the familiar scale (1500 is the starting average).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating itself.
    pub rating: f64,
    /// The rating deviation (RD): how uncertain the rating is.
    pub deviation: f64,
    /// The volatility (σ): how erratic the player's results are.
    pub volatility: f64,
}

impl Rating {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's suggestions).
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The rating rounded for display, `?` marking a provisional one: `1464?`.
    #[must_use]
    pub fn label(self, rated_games: u32) -> String {
        let mark = if is_provisional(self, rated_games) {
            "?"
        } else {
            ""
        };
        format!("{:.0}{mark}", self.rating)
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

fn to_glicko(r: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from_glicko(r: Glicko2Rating) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// A game's result from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// A draw.
    Draw,
}

impl GameResult {
    /// The result for the player of `side`, given the winner (`None` for a draw).
    #[must_use]
    pub fn for_side(winner: Option<Side>, side: Side) -> GameResult {
        match winner {
            None => GameResult::Draw,
            Some(w) if w == side => GameResult::Win,
            Some(_) => GameResult::Loss,
        }
    }

    const fn outcome(self) -> Outcomes {
        match self {
            GameResult::Win => Outcomes::WIN,
            GameResult::Loss => Outcomes::LOSS,
            GameResult::Draw => Outcomes::DRAW,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: 0.5,
        convergence_tolerance: 0.000_001,
    }
}

/// Both players' new ratings after one game; `result` is from `a`'s point of view.
/// The game is rated as a rating period of its own.
#[must_use]
pub fn update(a: Rating, b: Rating, result: GameResult) -> (Rating, Rating) {
    let (a, b) = glicko2(&to_glicko(a), &to_glicko(b), &result.outcome(), &config());
    (from_glicko(a), from_glicko(b))
}

/// A player's new rating after a rating period of several games, each given as the
/// opponent's rating (at the start of the period) and the player's result. With no
/// games, only the deviation grows.
#[must_use]
pub fn rate_period(player: Rating, games: &[(Rating, GameResult)]) -> Rating {
    let games: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, result)| (to_glicko(opponent), result.outcome()))
        .collect();
    from_glicko(glicko2_rating_period(&to_glicko(player), &games, &config()))
}

/// Whether a rating is still provisional: its deviation is above
/// [`PROVISIONAL_DEVIATION`] or the player has fewer than [`PROVISIONAL_GAMES`] rated
/// games.
#[must_use]
pub fn is_provisional(rating: Rating, rated_games: u32) -> bool {
    rating.deviation > PROVISIONAL_DEVIATION || rated_games < PROVISIONAL_GAMES
}

/// Whether a finished rated game counts for ratings: it lasted at least
/// [`MIN_RATED_PLIES`] plies.
#[must_use]
pub const fn counts_for_rating(plies: usize) -> bool {
    plies >= MIN_RATED_PLIES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64, tolerance: f64) -> bool {
        (got - want).abs() <= tolerance
    }

    fn assert_rating(got: Rating, want: (f64, f64, f64), tolerance: (f64, f64, f64)) {
        assert!(
            close(got.rating, want.0, tolerance.0)
                && close(got.deviation, want.1, tolerance.1)
                && close(got.volatility, want.2, tolerance.2),
            "got {got:?}, want {want:?}"
        );
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf):
    /// 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300 in one period.
    /// The paper gives r' = 1464.06, RD' = 151.52, σ' = 0.05999 (it rounds as it goes).
    #[test]
    fn reproduces_the_papers_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let new = rate_period(
            player,
            &[
                (opponent(1400.0, 30.0), GameResult::Win),
                (opponent(1550.0, 100.0), GameResult::Loss),
                (opponent(1700.0, 300.0), GameResult::Loss),
            ],
        );
        assert_rating(new, (1464.06, 151.52, 0.05999), (0.02, 0.01, 0.00001));
    }

    /// One game rated as its own period. The expected values come from a separate
    /// implementation of the paper's steps 1–8 (a short Python script, unrounded), not
    /// from skillratings.
    #[test]
    fn one_game_updates_both_players() {
        let (winner, loser) = update(Rating::NEW, Rating::NEW, GameResult::Win);
        assert_rating(winner, (1662.3109, 290.3190, 0.0599997), (1e-3, 1e-3, 1e-6));
        assert_rating(loser, (1337.6891, 290.3190, 0.0599997), (1e-3, 1e-3, 1e-6));

        let strong = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.05,
        };
        let unsure = Rating {
            rating: 1450.0,
            deviation: 200.0,
            volatility: 0.07,
        };
        let (a, b) = update(strong, unsure, GameResult::Draw);
        assert_rating(a, (1691.6898, 79.4057, 0.0499994), (1e-3, 1e-3, 1e-6));
        assert_rating(b, (1506.3054, 182.9920, 0.0699986), (1e-3, 1e-3, 1e-6));
        // The same game as two one-game periods gives the same numbers.
        assert_eq!(rate_period(strong, &[(unsure, GameResult::Draw)]), a);
        assert_eq!(rate_period(unsure, &[(strong, GameResult::Draw)]), b);
    }

    #[test]
    fn an_empty_period_only_widens_the_deviation() {
        let player = Rating {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let new = rate_period(player, &[]);
        assert_eq!(new.rating, 1600.0);
        assert!(new.deviation > 60.0 && new.deviation < 61.0, "{new:?}");
    }

    #[test]
    fn results_follow_the_winner() {
        assert_eq!(
            GameResult::for_side(Some(Side::South), Side::South),
            GameResult::Win
        );
        assert_eq!(
            GameResult::for_side(Some(Side::South), Side::North),
            GameResult::Loss
        );
        assert_eq!(GameResult::for_side(None, Side::North), GameResult::Draw);
    }

    #[test]
    fn new_and_uncertain_ratings_are_provisional() {
        assert!(is_provisional(Rating::NEW, 0));
        assert_eq!(Rating::default().label(0), "1500?");
        let settled = Rating {
            rating: 1612.4,
            deviation: 80.0,
            volatility: 0.06,
        };
        assert!(is_provisional(settled, PROVISIONAL_GAMES - 1));
        assert!(!is_provisional(settled, PROVISIONAL_GAMES));
        assert_eq!(settled.label(20), "1612");
        let uncertain = Rating {
            deviation: PROVISIONAL_DEVIATION + 0.5,
            ..settled
        };
        assert!(is_provisional(uncertain, 100));
        // A new player becomes settled after enough games.
        let mut me = Rating::NEW;
        let mut games = 0;
        while is_provisional(me, games) {
            me = update(
                me,
                Rating {
                    deviation: 60.0,
                    ..Rating::NEW
                },
                GameResult::Draw,
            )
            .0;
            games += 1;
            assert!(games < 100, "the deviation shrinks");
        }
        assert!(games >= PROVISIONAL_GAMES);
    }

    #[test]
    fn short_games_do_not_count() {
        assert!(!counts_for_rating(0));
        assert!(!counts_for_rating(MIN_RATED_PLIES - 1));
        assert!(counts_for_rating(MIN_RATED_PLIES));
        assert!(counts_for_rating(300));
    }
}
