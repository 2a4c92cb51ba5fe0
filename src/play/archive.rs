//! How long a finished game's thread stays open before it is archived: a place's
//! `archive` setting (`/oware settings archive:1d`), stored in its canonical form.

use std::{fmt, str::FromStr};

use super::when::{DAY, HOUR, MINUTE};

/// How long a finished game's thread stays open when its server did not say.
pub const DEFAULT_DELAY_MS: i64 = DAY;
/// The shortest delay a server may set.
const MIN_DELAY_MS: i64 = MINUTE;
/// The longest delay a server may set.
const MAX_DELAY_MS: i64 = 30 * DAY;

/// How long a finished game's thread stays open before it is archived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveDelay {
    /// Threads are never archived by the bot.
    Never,
    /// Archived this many milliseconds after the game ends.
    After(i64),
}

impl Default for ArchiveDelay {
    fn default() -> ArchiveDelay {
        ArchiveDelay::After(DEFAULT_DELAY_MS)
    }
}

impl FromStr for ArchiveDelay {
    type Err = ();

    /// `never` (or `no`, `off`), or an amount with a unit: `30m`, `12h`, `1d`, from one
    /// minute to 30 days.
    fn from_str(text: &str) -> Result<ArchiveDelay, ()> {
        let value = text.trim().to_ascii_lowercase();
        if matches!(value.as_str(), "never" | "no" | "off" | "none") {
            return Ok(ArchiveDelay::Never);
        }
        let split = value.find(|c: char| !c.is_ascii_digit()).ok_or(())?;
        let (digits, unit) = value.split_at(split);
        if digits.is_empty() || digits.len() > 6 {
            return Err(());
        }
        let amount: i64 = digits.parse().map_err(drop)?;
        let unit_ms = match unit {
            "m" | "min" | "mins" | "minute" | "minutes" => MINUTE,
            "h" | "hour" | "hours" => HOUR,
            "d" | "day" | "days" => DAY,
            _ => return Err(()),
        };
        let ms = amount.saturating_mul(unit_ms);
        if (MIN_DELAY_MS..=MAX_DELAY_MS).contains(&ms) {
            Ok(ArchiveDelay::After(ms))
        } else {
            Err(())
        }
    }
}

impl fmt::Display for ArchiveDelay {
    /// The canonical form, as stored and as typed: `never`, `1d`, `12h`, `90m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ArchiveDelay::Never => f.write_str("never"),
            ArchiveDelay::After(ms) => {
                let (amount, unit) = [(DAY, "d"), (HOUR, "h")]
                    .into_iter()
                    .find(|(unit, _)| ms % unit == 0)
                    .map_or((ms / MINUTE, "m"), |(unit, u)| (ms / unit, u));
                write!(f, "{amount}{unit}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_parse_and_print_canonically() {
        for (typed, canonical) in [
            ("1h", "1h"),
            ("24h", "1d"),
            ("90min", "90m"),
            (" 2 D", "2d"),
            ("NEVER", "never"),
            ("off", "never"),
            ("1m", "1m"),
            ("30d", "30d"),
        ] {
            let typed = typed.replace(' ', "");
            let delay: ArchiveDelay = typed.parse().unwrap_or_else(|()| panic!("{typed}"));
            assert_eq!(delay.to_string(), canonical, "{typed}");
            assert_eq!(canonical.parse(), Ok(delay), "{canonical}");
        }
        for bad in ["", "soon", "1", "d", "0m", "31d", "-1h", "1w", "9999999d"] {
            assert_eq!(bad.parse::<ArchiveDelay>(), Err(()), "{bad}");
        }
        assert_eq!(ArchiveDelay::default(), ArchiveDelay::After(DAY));
    }
}
