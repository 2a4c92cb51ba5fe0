//! Times and durations in words: `3 days`, `4:57`, `2026-11-27 10:05 UTC`. Pure
//! formatting of Unix milliseconds for replies and pictures.

/// A second, in milliseconds.
pub const SECOND: i64 = 1000;
/// A minute, in milliseconds.
pub const MINUTE: i64 = 60 * SECOND;
/// An hour, in milliseconds.
pub const HOUR: i64 = 60 * MINUTE;
/// A day, in milliseconds.
pub const DAY: i64 = 24 * HOUR;

/// A duration in words, largest units first, at most two of them: `3 days`,
/// `2 h 5 min`, `45 s`.
#[must_use]
pub fn span(ms: i64) -> String {
    let ms = ms.max(0);
    let mut parts = Vec::new();
    let mut rest = ms;
    for unit in [DAY, HOUR, MINUTE, SECOND] {
        let n = rest / unit;
        if n > 0 && parts.len() < 2 {
            parts.push(amount(n, unit));
            rest -= n * unit;
        }
    }
    match parts.as_slice() {
        [] => amount(0, SECOND),
        [one] => one.clone(),
        [first, second, ..] => crate::tr!("when-two-units", first = first, second = second),
    }
}

/// `n` of `unit` in words: `3 days`, `2 h`, `5 min`, `45 s`.
fn amount(n: i64, unit: i64) -> String {
    match unit {
        DAY => crate::tr!("when-days", n = n),
        HOUR => crate::tr!("when-hours", n = n),
        MINUTE => crate::tr!("when-minutes", n = n),
        _ => crate::tr!("when-seconds", n = n),
    }
}

/// A live clock reading: `4:57`, `1:02:03`, or `0:09.5` under ten seconds.
#[must_use]
pub fn clock_face(ms: i64) -> String {
    let ms = ms.max(0);
    let secs = ms / SECOND;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if secs < 10 {
        format!("{m}:{s:02}.{}", ms % SECOND / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

/// A Unix-milliseconds time as `2026-11-27 10:05 UTC`.
pub fn utc_time(ms: i64) -> String {
    let (year, month, day) = date(ms);
    let minutes = ms.rem_euclid(86_400_000) / 60_000;
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

/// A deadline at `at`, seen at `now`: to the minute (`2026-11-22 10:05 UTC`), or to
/// the second when it is less than an hour away (`2026-11-22 10:05:30 UTC`), so a
/// 15-second deadline is not shown as a minute that has already begun.
#[must_use]
pub fn deadline(at: i64, now: i64) -> String {
    if at - now >= 3_600_000 {
        return utc_time(at);
    }
    let (year, month, day) = date(at);
    let seconds = at.rem_euclid(86_400_000) / 1000;
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// A Unix-milliseconds time as a UTC calendar date `(year, month, day)`.
pub fn date(ms: i64) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil algorithm.
    let days = ms.div_euclid(86_400_000) + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_clock_faces_read_naturally() {
        assert_eq!(span(3 * DAY), "3 days");
        assert_eq!(span(DAY + 2 * HOUR + 5 * MINUTE), "1 day 2 h");
        assert_eq!(span(2 * HOUR + 5 * MINUTE), "2 h 5 min");
        assert_eq!(span(45 * SECOND), "45 s");
        assert_eq!(span(0), "0 s");
        assert_eq!(clock_face(297_000), "4:57");
        assert_eq!(clock_face(3_723_000), "1:02:03");
        assert_eq!(clock_face(9_500), "0:09.5");
        assert_eq!(clock_face(-5), "0:00.0");
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date(0), (1970, 1, 1));
        assert_eq!(date(951_782_400_000), (2000, 2, 29));
        assert_eq!(date(1_795_305_600_000 - 1), (2026, 11, 21));
        assert_eq!(date(1_795_305_600_000), (2026, 11, 22));
        assert_eq!(
            utc_time(1_795_305_600_000 + 10 * 3_600_000 + 5 * 60_000 + 59_999),
            "2026-11-22 10:05 UTC"
        );
    }

    #[test]
    fn a_near_deadline_is_shown_to_the_second() {
        let at = 1_795_305_600_000 + 10 * 3_600_000 + 5 * 60_000 + 30_000;
        assert_eq!(deadline(at, at - 15_000), "2026-11-22 10:05:30 UTC");
        assert_eq!(deadline(at, at - 3_600_000), "2026-11-22 10:05 UTC");
    }
}
