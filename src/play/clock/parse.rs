//! A `time:` value as typed (`3d`, `90m`, `5+3`, `none`) into a [`TimeControl`],
//! or why it is refused, with the form meant when one is clear (`1.5h`: `90m`).

use std::str::FromStr;

use super::super::when::{DAY, HOUR, MINUTE, SECOND};
use super::{TimeControl, MAX_INCREMENT_MS, MAX_LIVE_BASE_MS, MAX_PER_MOVE_MS, MIN_PER_MOVE_MS};

/// Why a `time:` value was refused (its message names the accepted forms).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(&crate::i18n::Language::english()))]
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

impl BadTime {
    /// Why the value is refused and the forms accepted, in `lang` (its `Display` is
    /// the English, for logs).
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        crate::tr!(
            lang,
            "clock-bad-time",
            value = self.value,
            why = self.why.words(lang)
        )
    }
}

impl BadTimeWhy {
    /// What is wrong, in `lang`.
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            BadTimeWhy::Minutes => crate::tr!(lang, "clock-why-minutes"),
            BadTimeWhy::Increment => crate::tr!(lang, "clock-why-increment"),
            BadTimeWhy::LiveTooShort => crate::tr!(lang, "clock-why-live-too-short"),
            BadTimeWhy::LiveTooLong => crate::tr!(lang, "clock-why-live-too-long"),
            BadTimeWhy::NoUnit => crate::tr!(lang, "clock-why-no-unit"),
            BadTimeWhy::NotANumber => crate::tr!(lang, "clock-why-not-a-number"),
            BadTimeWhy::BadUnit => crate::tr!(lang, "clock-why-bad-unit"),
            BadTimeWhy::OneUnit(instead) => {
                crate::tr!(lang, "clock-why-one-unit", instead = instead.to_string())
            }
            BadTimeWhy::TooShort => crate::tr!(lang, "clock-why-too-short"),
            BadTimeWhy::TooLong => crate::tr!(lang, "clock-why-too-long"),
        }
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
        let unit_ms = match unit_ms(unit) {
            Some(ms) => ms,
            None => {
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

/// A unit's length: `s`, `m`, `h`, `d` and their words, in English and French
/// (`j` for *jour*, as the bot writes `3 j`).
fn unit_ms(unit: &str) -> Option<i64> {
    Some(match unit {
        "s" | "sec" | "secs" | "seconde" | "secondes" => SECOND,
        "m" | "min" | "mins" | "minute" | "minutes" => MINUTE,
        "h" | "hour" | "hours" | "heure" | "heures" => HOUR,
        "d" | "day" | "days" | "j" | "jour" | "jours" => DAY,
        _ => return None,
    })
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
        let unit = unit_ms(&rest[..letters])?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
            let said = err.why.words(&crate::i18n::Language::english());
            assert!(said.contains(why), "{bad}: {said}");
            let text = err.to_string();
            assert!(
                text.contains("time:3d") && text.contains("time:5+3") && text.contains("none"),
                "{text}"
            );
        }
    }

    #[test]
    fn french_units_are_understood_as_the_bot_writes_them() {
        for (typed, per_move_ms) in [
            ("3j", 3 * DAY),
            ("1jour", DAY),
            ("2jours", 2 * DAY),
            ("12heures", 12 * HOUR),
            ("30minutes", 30 * MINUTE),
        ] {
            assert_eq!(
                typed.parse::<TimeControl>(),
                Ok(TimeControl::Correspondence { per_move_ms }),
                "{typed}"
            );
        }
    }
}
