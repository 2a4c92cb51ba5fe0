//! Time controls, as pure arithmetic on Unix milliseconds: parsing `time:3d`,
//! `time:5+3` and `time:none`, the clocks after a move, each turn's deadline and the
//! reminders of a correspondence game. Nothing here sleeps or reads the time: the
//! service passes `now` in, so the same code runs under tokio's paused time in tests.

use std::{fmt, str::FromStr};

use super::when::{span, DAY, HOUR, MINUTE, SECOND};

use crate::rules::Side;

/// The shortest correspondence deadline.
pub const MIN_PER_MOVE_MS: i64 = 15_000;
/// The longest correspondence deadline.
pub const MAX_PER_MOVE_MS: i64 = 30 * DAY;
/// The longest live clock: 3 hours each.
const MAX_LIVE_BASE_MS: i64 = 180 * MINUTE;
/// The largest live increment: 60 s a move.
const MAX_INCREMENT_MS: i64 = 60 * SECOND;
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

/// Why a `time:` value was refused (its message names the accepted forms).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::tr!("clock-bad-time", value = .value, why = .why))]
pub struct BadTime {
    /// The value as typed (shortened).
    pub value: String,
    /// What is wrong with it.
    pub why: BadTimeWhy,
}

/// What is wrong with a `time:` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadTimeWhy {
    /// `x+3`: the minutes of a live clock are not a number.
    Minutes,
    /// `5+x`: the increment is not a number of seconds.
    Increment,
    /// `0+3`: a live clock of less than a minute.
    LiveTooShort,
    /// `999+0`: a live clock over 180 minutes or 60 s a move.
    LiveTooLong,
    /// `3`: no unit.
    NoUnit,
    /// `abc`, `-3d`: no number first.
    NotANumber,
    /// `3w`: an unknown unit.
    BadUnit,
    /// `1.5h`, `2d12h`: a fraction or several units, for what one whole number
    /// and one unit says.
    OneUnit(TimeControl),
    /// Under [`MIN_PER_MOVE_MS`].
    TooShort,
    /// Over [`MAX_PER_MOVE_MS`].
    TooLong,
}

impl fmt::Display for BadTimeWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            BadTimeWhy::Minutes => crate::tr!("clock-why-minutes"),
            BadTimeWhy::Increment => crate::tr!("clock-why-increment"),
            BadTimeWhy::LiveTooShort => crate::tr!("clock-why-live-too-short"),
            BadTimeWhy::LiveTooLong => crate::tr!("clock-why-live-too-long"),
            BadTimeWhy::NoUnit => crate::tr!("clock-why-no-unit"),
            BadTimeWhy::NotANumber => crate::tr!("clock-why-not-a-number"),
            BadTimeWhy::BadUnit => crate::tr!("clock-why-bad-unit"),
            BadTimeWhy::OneUnit(instead) => {
                crate::tr!("clock-why-one-unit", instead = instead.to_string())
            }
            BadTimeWhy::TooShort => crate::tr!("clock-why-too-short"),
            BadTimeWhy::TooLong => crate::tr!("clock-why-too-long"),
        })
    }
}

impl TryFrom<String> for TimeControl {
    type Error = BadTime;

    fn try_from(text: String) -> Result<TimeControl, BadTime> {
        text.parse()
    }
}

impl FromStr for TimeControl {
    type Err = BadTime;

    fn from_str(text: &str) -> Result<TimeControl, BadTime> {
        let value = text.trim().to_ascii_lowercase();
        let bad = |why| BadTime {
            value: text.chars().take(24).collect(),
            why,
        };
        if matches!(value.as_str(), "none" | "no" | "off" | "casual") {
            return Ok(TimeControl::None);
        }
        if let Some((base, inc)) = value.split_once('+') {
            let minutes: i64 = number(base).ok_or_else(|| bad(BadTimeWhy::Minutes))?;
            let seconds: i64 = number(inc).ok_or_else(|| bad(BadTimeWhy::Increment))?;
            let base_ms = minutes.saturating_mul(MINUTE);
            let increment_ms = seconds.saturating_mul(SECOND);
            if base_ms == 0 {
                return Err(bad(BadTimeWhy::LiveTooShort));
            }
            if base_ms > MAX_LIVE_BASE_MS || increment_ms > MAX_INCREMENT_MS {
                return Err(bad(BadTimeWhy::LiveTooLong));
            }
            return Ok(TimeControl::Live {
                base_ms,
                increment_ms,
            });
        }
        let split = value
            .find(|c: char| !c.is_ascii_digit())
            .ok_or_else(|| bad(BadTimeWhy::NoUnit))?;
        let (digits, unit) = value.split_at(split);
        let amount: i64 = number(digits).ok_or_else(|| bad(BadTimeWhy::NotANumber))?;
        let unit_ms = match unit {
            "s" | "sec" | "secs" => SECOND,
            "m" | "min" | "mins" => MINUTE,
            "h" | "hour" | "hours" => HOUR,
            "d" | "day" | "days" => DAY,
            _ => {
                return Err(bad(match mixed(&value) {
                    Some(per_move_ms) if per_move_ms < MIN_PER_MOVE_MS => BadTimeWhy::TooShort,
                    Some(per_move_ms) if per_move_ms > MAX_PER_MOVE_MS => BadTimeWhy::TooLong,
                    Some(per_move_ms) => {
                        BadTimeWhy::OneUnit(TimeControl::Correspondence { per_move_ms })
                    }
                    None => BadTimeWhy::BadUnit,
                }))
            }
        };
        let per_move_ms = amount.saturating_mul(unit_ms);
        if per_move_ms < MIN_PER_MOVE_MS {
            return Err(bad(BadTimeWhy::TooShort));
        }
        if per_move_ms > MAX_PER_MOVE_MS {
            return Err(bad(BadTimeWhy::TooLong));
        }
        Ok(TimeControl::Correspondence { per_move_ms })
    }
}

/// The deadline a fraction or a sum of units means (`1.5h`, `2d12h`, `1h30m`), in
/// whole seconds; `None` when the text is not such a sum.
fn mixed(text: &str) -> Option<i64> {
    let mut total = 0.0_f64;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .filter(|&n| n > 0 && n <= 12)?;
        let amount: f64 = rest[..digits].replace(',', ".").parse().ok()?;
        rest = &rest[digits..];
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = match &rest[..letters] {
            "s" | "sec" | "secs" => SECOND,
            "m" | "min" | "mins" => MINUTE,
            "h" | "hour" | "hours" => HOUR,
            "d" | "day" | "days" => DAY,
            _ => return None,
        };
        rest = &rest[letters..];
        #[allow(clippy::cast_precision_loss)] // units are small whole numbers of ms
        let unit = unit as f64;
        total += amount * unit;
    }
    #[allow(clippy::cast_possible_truncation)] // checked finite and bounded below
    let ms = (total.is_finite() && total < 1e15).then(|| total.round() as i64)?;
    (ms % SECOND == 0).then_some(ms)
}

/// A whole number of at most 9 digits (no sign: `-3d` is refused as not a number).
fn number(text: &str) -> Option<i64> {
    let text = text.trim();
    (!text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
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
    pub fn describe(self) -> String {
        match self {
            TimeControl::None => crate::tr!("clock-none"),
            TimeControl::Correspondence { per_move_ms } => {
                crate::tr!("clock-per-move", span = span(per_move_ms))
            }
            TimeControl::Live {
                base_ms,
                increment_ms,
            } => crate::tr!(
                "clock-live",
                base = span(base_ms),
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
    fn bad_times_are_refused_with_the_accepted_forms() {
        for (bad, why) in [
            ("", "unit"),
            ("3", "unit"),
            ("0d", "shortest"),
            ("0s", "shortest"),
            ("14s", "shortest"),
            ("-3d", "number"),
            ("99999d", "longest"),
            ("31d", "longest"),
            ("3w", "unit"),
            ("1.5h", "90m"),
            ("2d12h", "60h"),
            ("1h30m", "90m"),
            ("0.5m", "30s"),
            ("1.5s", "unit"),
            ("0.1s", "unit"),
            ("40d1h", "longest"),
            ("abc", "number"),
            ("0+3", "1 minute"),
            ("5+-3", "increment"),
            ("999+0", "180+60"),
            ("99999999999999999999d", "number"),
        ] {
            let err = bad.parse::<TimeControl>().expect_err(bad);
            assert!(err.why.to_string().contains(why), "{bad}: {}", err.why);
            let text = err.to_string();
            assert!(
                text.contains("time:3d") && text.contains("time:5+3") && text.contains("none"),
                "{text}"
            );
        }
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
        assert_eq!(
            tc("5+3").describe(),
            "a live clock of 5 min each plus 3 s a move"
        );
        assert_eq!(tc("3d").describe(), "3 days a move");
    }
}
