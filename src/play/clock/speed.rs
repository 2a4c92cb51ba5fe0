//! A game's speed, as lichess splits ratings: live games (clocks under one day a
//! move) and correspondence games each keep their own Glicko-2 rating. Pure: the
//! speed follows from the time control alone.

use std::{fmt, str::FromStr};

use super::super::when::DAY;
use super::TimeControl;

/// Which of a player's two ratings a game counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// A live clock, or a deadline under one day a move.
    Live,
    /// One day a move or more.
    Correspondence,
}

impl Speed {
    /// Both speeds, in the order stats lists them: correspondence (the default time
    /// control, 3 days a move, is one) first.
    pub const ALL: [Speed; 2] = [Speed::Correspondence, Speed::Live];

    /// The speed a leaderboard shows when none is asked for: correspondence, the
    /// speed of the default time control.
    pub const DEFAULT: Speed = Speed::Correspondence;

    /// The canonical word, as stored and as typed: `live`, `correspondence`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Live => "live",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The other speed.
    #[must_use]
    pub fn other(self) -> Speed {
        match self {
            Speed::Live => Speed::Correspondence,
            Speed::Correspondence => Speed::Live,
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not a speed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a speed: live or correspondence")]
pub struct BadSpeed(pub String);

impl FromStr for Speed {
    type Err = BadSpeed;

    /// `live` or `correspondence` (also `corr`), in any case.
    fn from_str(text: &str) -> Result<Speed, BadSpeed> {
        match text.trim().to_ascii_lowercase().as_str() {
            "live" => Ok(Speed::Live),
            "correspondence" | "corr" => Ok(Speed::Correspondence),
            _ => Err(BadSpeed(text.chars().take(24).collect())),
        }
    }
}

impl TryFrom<String> for Speed {
    type Error = BadSpeed;

    fn try_from(text: String) -> Result<Speed, BadSpeed> {
        text.parse()
    }
}

impl TimeControl {
    /// The speed of a game with this clock: a live clock, or a deadline under one day
    /// a move, is live; one day or more is correspondence; no clock has none (such
    /// games are casual).
    #[must_use]
    pub fn speed(self) -> Option<Speed> {
        match self {
            TimeControl::None => None,
            TimeControl::Live { .. } => Some(Speed::Live),
            TimeControl::Correspondence { per_move_ms } if per_move_ms < DAY => Some(Speed::Live),
            TimeControl::Correspondence { .. } => Some(Speed::Correspondence),
        }
    }

    /// The rating a game with this clock counts for, or shows: its [`speed`], and
    /// correspondence for a game without a clock (casual today; rated only in games
    /// from before clocks existed, which were played at correspondence pace).
    ///
    /// [`speed`]: TimeControl::speed
    #[must_use]
    pub fn rating_speed(self) -> Speed {
        self.speed().unwrap_or(Speed::Correspondence)
    }

    /// Whether a vacation stops this clock: only at correspondence [`speed`] (one
    /// day a move or more). A game at live speed (a live clock, or `12h`, `30m`,
    /// `15s` a move) is played in one sitting and rated as such: it never waits.
    ///
    /// [`speed`]: TimeControl::speed
    #[must_use]
    pub fn waits_for_vacations(self) -> bool {
        self.speed() == Some(Speed::Correspondence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(text: &str) -> Option<Speed> {
        text.parse::<TimeControl>().expect("a time control").speed()
    }

    #[test]
    fn under_a_day_a_move_is_live() {
        assert_eq!(speed("5+3"), Some(Speed::Live));
        assert_eq!(speed("180+60"), Some(Speed::Live));
        assert_eq!(speed("15s"), Some(Speed::Live));
        assert_eq!(speed("30m"), Some(Speed::Live));
        assert_eq!(speed("23h"), Some(Speed::Live));
        assert_eq!(
            TimeControl::Correspondence {
                per_move_ms: DAY - 1
            }
            .speed(),
            Some(Speed::Live)
        );
    }

    #[test]
    fn only_correspondence_speed_waits_for_vacations() {
        for live in ["15s", "30m", "12h", "23h", "5+3", "none"] {
            let tc: TimeControl = live.parse().expect("a time control");
            assert!(!tc.waits_for_vacations(), "{live}");
        }
        for corr in ["1d", "3d", "30d"] {
            let tc: TimeControl = corr.parse().expect("a time control");
            assert!(tc.waits_for_vacations(), "{corr}");
        }
    }

    #[test]
    fn a_day_a_move_or_more_is_correspondence() {
        assert_eq!(speed("1d"), Some(Speed::Correspondence));
        assert_eq!(speed("24h"), Some(Speed::Correspondence));
        assert_eq!(speed("36h"), Some(Speed::Correspondence));
        assert_eq!(speed("3d"), Some(Speed::Correspondence));
        assert_eq!(speed("30d"), Some(Speed::Correspondence));
        assert_eq!(TimeControl::default().speed(), Some(Speed::Correspondence));
    }

    #[test]
    fn no_clock_has_no_speed_and_rates_as_correspondence() {
        assert_eq!(TimeControl::None.speed(), None);
        assert_eq!(TimeControl::None.rating_speed(), Speed::Correspondence);
        assert_eq!(
            TimeControl::Live {
                base_ms: 300_000,
                increment_ms: 0
            }
            .rating_speed(),
            Speed::Live
        );
    }

    #[test]
    fn speeds_parse_and_print_canonically() {
        for speed in Speed::ALL {
            assert_eq!(speed.as_str().parse(), Ok(speed));
            assert_eq!(speed.to_string(), speed.as_str());
            assert_eq!(Speed::try_from(speed.to_string()), Ok(speed));
            assert_ne!(speed.other(), speed);
        }
        assert_eq!("LIVE".parse(), Ok(Speed::Live));
        assert_eq!(" Corr ".parse(), Ok(Speed::Correspondence));
        assert_eq!("blitz".parse::<Speed>(), Err(BadSpeed("blitz".into())));
        assert_eq!(Speed::DEFAULT, Speed::Correspondence);
    }
}
