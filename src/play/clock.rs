//! Time controls, as pure arithmetic on Unix milliseconds: parsing `time:3d`,
//! `time:5+3` and `time:none`, the clocks after a move, each turn's deadline and the
//! reminders of a correspondence game, and the game's [`Speed`] (which rating it
//! counts for). Nothing here sleeps or reads the time: the
//! service passes `now` in, so the same code runs under tokio's paused time in tests.

use std::fmt;

use super::when::{span, DAY, HOUR, MINUTE, SECOND};

use crate::rules::Side;

mod parse;
mod speed;
pub use parse::{BadTime, BadTimeWhy};
pub use speed::{BadSpeed, Speed};

/// The shortest correspondence deadline.
pub const MIN_PER_MOVE_MS: i64 = 15_000;
/// The longest correspondence deadline.
pub const MAX_PER_MOVE_MS: i64 = 30 * DAY;
/// The longest live clock: 3 hours each.
pub(super) const MAX_LIVE_BASE_MS: i64 = 180 * MINUTE;
/// The largest live increment: 60 s a move.
pub(super) const MAX_INCREMENT_MS: i64 = 60 * SECOND;
/// A reminder is also sent this long before a correspondence deadline.
pub const LAST_REMINDER_BEFORE_MS: i64 = HOUR;

/// How long players may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock (casual games only).
    None,
    /// Correspondence: each move must be made within `per_move_ms`, renewed every move.
    Correspondence {
        /// The time for each move, in milliseconds.
        per_move_ms: i64,
    },
    /// A live Fischer clock: `base_ms` each, plus `increment_ms` after every move.
    Live {
        /// Each side's starting time.
        base_ms: i64,
        /// Added to the mover's clock after each of their moves.
        increment_ms: i64,
    },
}

impl Default for TimeControl {
    /// Three days a move: the default between people.
    fn default() -> TimeControl {
        TimeControl::Correspondence {
            per_move_ms: 3 * DAY,
        }
    }
}

impl fmt::Display for TimeControl {
    /// The canonical form, as stored and as typed: `none`, `3d`, `90m`, `5+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Correspondence { per_move_ms } => {
                let (amount, unit) = [(DAY, "d"), (HOUR, "h"), (MINUTE, "m")]
                    .into_iter()
                    .find(|(unit, _)| per_move_ms % unit == 0)
                    .map_or((per_move_ms / SECOND, "s"), |(ms, u)| (per_move_ms / ms, u));
                write!(f, "{amount}{unit}")
            }
            TimeControl::Live {
                base_ms,
                increment_ms,
            } => write!(f, "{}+{}", base_ms / MINUTE, increment_ms / SECOND),
        }
    }
}

impl TimeControl {
    /// In words, for the start of a game: `3 days a move`, `a live clock of 5 minutes
    /// each plus 3 s a move`, `no clock`.
    #[must_use]
    pub fn describe(self, lang: &crate::i18n::Language) -> String {
        match self {
            TimeControl::None => crate::tr!(lang, "clock-none"),
            TimeControl::Correspondence { per_move_ms } => {
                crate::tr!(lang, "clock-per-move", span = span(lang, per_move_ms))
            }
            TimeControl::Live {
                base_ms,
                increment_ms,
            } => crate::tr!(
                lang,
                "clock-live",
                base = span(lang, base_ms),
                increment = increment_ms / SECOND
            ),
        }
    }

    /// The time a player has for a move at the start: the correspondence deadline,
    /// or the live clock's starting time (0 without a clock).
    #[must_use]
    pub fn per_move_or_base(self) -> i64 {
        match self {
            TimeControl::None => 0,
            TimeControl::Correspondence { per_move_ms } => per_move_ms,
            TimeControl::Live { base_ms, .. } => base_ms,
        }
    }

    /// Whether the game has a clock at all.
    #[must_use]
    pub fn is_timed(self) -> bool {
        self != TimeControl::None
    }

    /// The clocks at the start of the game, South to move at `now`.
    #[must_use]
    pub fn start(self, now: i64) -> Clocks {
        let base = match self {
            TimeControl::Live { base_ms, .. } => base_ms,
            _ => 0,
        };
        Clocks {
            left_ms: [base, base],
            turn_started_at: now,
        }
    }

    /// The clocks after `mover` moved at `now`: a live clock loses the time used and
    /// gains the increment; the next turn starts now.
    #[must_use]
    pub fn after_move(self, clocks: Clocks, mover: Side, now: i64) -> Clocks {
        let mut left_ms = clocks.left_ms;
        if let TimeControl::Live { increment_ms, .. } = self {
            let used = now.saturating_sub(clocks.turn_started_at).max(0);
            let left = &mut left_ms[mover.index()];
            *left = left
                .saturating_sub(used)
                .max(0)
                .saturating_add(increment_ms);
        }
        Clocks {
            left_ms,
            turn_started_at: now,
        }
    }

    /// When `to_move` loses on time, or `None` without a clock.
    #[must_use]
    pub fn deadline(self, clocks: Clocks, to_move: Side) -> Option<i64> {
        match self {
            TimeControl::None => None,
            TimeControl::Correspondence { per_move_ms } => {
                Some(clocks.turn_started_at.saturating_add(per_move_ms))
            }
            TimeControl::Live { .. } => Some(
                clocks
                    .turn_started_at
                    .saturating_add(clocks.left_ms[to_move.index()]),
            ),
        }
    }

    /// When to remind the player to move in a correspondence game: at half time,
    /// and [`LAST_REMINDER_BEFORE_MS`] before the deadline when that is later. Live
    /// games and games without a clock have none.
    #[must_use]
    pub fn reminders(self, clocks: Clocks) -> Vec<i64> {
        let TimeControl::Correspondence { per_move_ms } = self else {
            return Vec::new();
        };
        let start = clocks.turn_started_at;
        let half = start.saturating_add(per_move_ms / 2);
        let last = start.saturating_add(per_move_ms - LAST_REMINDER_BEFORE_MS);
        let mut at = vec![half];
        if last > half {
            at.push(last);
        }
        at
    }
}

/// Both sides' clocks at the start of the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Live clocks: each side's time left when the turn started, `[South, North]`.
    /// Zero for other time controls.
    pub left_ms: [i64; 2],
    /// When the side to move began its turn (Unix ms).
    pub turn_started_at: i64,
}

impl Clocks {
    /// `side`'s time left at `now`, when it is `to_move`'s turn.
    #[must_use]
    pub fn left_at(self, side: Side, to_move: Option<Side>, now: i64) -> i64 {
        let left = self.left_ms[side.index()];
        if to_move == Some(side) {
            left.saturating_sub(now.saturating_sub(self.turn_started_at).max(0))
                .max(0)
        } else {
            left
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn time_controls_parse_and_print_canonically() {
        assert_eq!(tc("3d"), TimeControl::default());
        assert_eq!(tc("12h").to_string(), "12h");
        assert_eq!(tc("30m").to_string(), "30m");
        assert_eq!(tc("90M").to_string(), "90m");
        assert_eq!(tc("15s").to_string(), "15s");
        assert_eq!(tc("30d").to_string(), "30d");
        assert_eq!(tc("5+3").to_string(), "5+3");
        assert_eq!(tc("none"), TimeControl::None);
        for form in ["3d", "12h", "30m", "15s", "5+3", "1+0", "none"] {
            assert_eq!(tc(form).to_string().parse::<TimeControl>(), Ok(tc(form)));
        }
        assert_eq!(tc("48h").to_string(), "2d");
    }

    #[test]
    fn correspondence_deadlines_renew_every_move() {
        let tc = tc("1d");
        let clocks = tc.start(1000);
        assert_eq!(tc.deadline(clocks, Side::South), Some(1000 + DAY));
        let after = tc.after_move(clocks, Side::South, 5000);
        assert_eq!(tc.deadline(after, Side::North), Some(5000 + DAY));
        assert_eq!(tc.reminders(after), vec![5000 + DAY / 2, 5000 + DAY - HOUR]);
        // Too short for a separate last-hour reminder: only half time.
        let short = TimeControl::Correspondence {
            per_move_ms: 2 * HOUR,
        };
        assert_eq!(short.reminders(short.start(0)), vec![HOUR]);
    }

    #[test]
    fn live_clocks_lose_the_time_used_and_gain_the_increment() {
        let tc = tc("5+3");
        let clocks = tc.start(0);
        assert_eq!(tc.deadline(clocks, Side::South), Some(5 * MINUTE));
        // South thinks 10 s: 4:50 + 3 s.
        let after = tc.after_move(clocks, Side::South, 10_000);
        assert_eq!(after.left_ms, [5 * MINUTE - 10_000 + 3000, 5 * MINUTE]);
        assert_eq!(tc.deadline(after, Side::North), Some(10_000 + 5 * MINUTE));
        assert_eq!(
            after.left_at(Side::North, Some(Side::North), 70_000),
            4 * MINUTE
        );
        assert_eq!(
            after.left_at(Side::South, Some(Side::North), 70_000),
            293_000
        );
        assert!(tc.reminders(after).is_empty());
    }

    #[test]
    fn time_controls_describe_themselves() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(
            tc("5+3").describe(lang),
            "a live clock of 5 min each plus 3 s a move"
        );
        assert_eq!(tc("3d").describe(lang), "3 days a move");
    }
}
