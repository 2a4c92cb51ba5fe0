//! Times and durations in words: `3 days`, `4:57`, `2026-11-27 10:05 UTC` (in the
//! language it is given: `2 j 23 h`, `27 novembre 2026 à 10 h 05 UTC`). Pure
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
pub fn span(lang: &crate::i18n::Language, ms: i64) -> String {
    let ms = ms.max(0);
    let mut parts = Vec::new();
    let mut rest = ms;
    for unit in [DAY, HOUR, MINUTE, SECOND] {
        let n = rest / unit;
        if n > 0 && parts.len() < 2 {
            parts.push(amount(lang, n, unit));
            rest -= n * unit;
        }
    }
    match parts.as_slice() {
        [] => amount(lang, 0, SECOND),
        [one] => one.clone(),
        [first, second, ..] => crate::tr!(lang, "when-two-units", first = first, second = second),
    }
}

/// How far `at` is from `now`, in words: `in 2 days 3 h`, `5 min ago`.
#[must_use]
pub fn relative(lang: &crate::i18n::Language, at: i64, now: i64) -> String {
    if at >= now {
        crate::tr!(lang, "when-in", span = span(lang, at - now))
    } else {
        crate::tr!(lang, "when-ago", span = span(lang, now - at))
    }
}

/// `n` of `unit` in words: `3 days`, `2 h`, `5 min`, `45 s`.
fn amount(lang: &crate::i18n::Language, n: i64, unit: i64) -> String {
    match unit {
        DAY => crate::tr!(lang, "when-days", n = n),
        HOUR => crate::tr!(lang, "when-hours", n = n),
        MINUTE => crate::tr!(lang, "when-minutes", n = n),
        _ => crate::tr!(lang, "when-seconds", n = n),
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

/// A Unix-milliseconds time as a UTC calendar day in words of the current
/// language: `2026-11-27`, `27 novembre 2026`.
#[must_use]
pub fn day(lang: &crate::i18n::Language, ms: i64) -> String {
    let (year, month, day) = date(ms);
    crate::tr!(lang, "when-date", year = year, month = month, day = day)
}

/// A Unix-milliseconds time in `lang`: `2026-11-27 10:05 UTC`,
/// `27 novembre 2026 à 10 h 05 UTC`.
#[must_use]
pub fn utc_time(lang: &crate::i18n::Language, ms: i64) -> String {
    let minutes = ms.rem_euclid(DAY) / MINUTE;
    crate::tr!(
        lang,
        "when-utc-time",
        date = day(lang, ms),
        hour = format!("{:02}", minutes / 60),
        minute = format!("{:02}", minutes % 60),
    )
}

/// A Unix-milliseconds time as `2026-11-27T10:05:00Z`, the same in every
/// language: for files that programs read.
#[must_use]
pub fn iso_time(ms: i64) -> String {
    let (year, month, day) = date(ms);
    let seconds = ms.rem_euclid(DAY) / SECOND;
    format!(
        "{year}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// A deadline at `at`, seen at `now`: to the minute (`2026-11-22 10:05 UTC`), or to
/// the second when it is less than an hour away (`2026-11-22 10:05:30 UTC`), so a
/// 15-second deadline is not shown as a minute that has already begun.
#[must_use]
pub fn deadline(lang: &crate::i18n::Language, at: i64, now: i64) -> String {
    if at - now >= HOUR {
        return utc_time(lang, at);
    }
    let seconds = at.rem_euclid(DAY) / SECOND;
    crate::tr!(
        lang,
        "when-utc-time-seconds",
        date = day(lang, at),
        hour = format!("{:02}", seconds / 3600),
        minute = format!("{:02}", seconds / 60 % 60),
        second = format!("{:02}", seconds % 60),
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
        let lang = &crate::i18n::Language::english();
        assert_eq!(span(lang, 3 * DAY), "3 days");
        assert_eq!(span(lang, DAY + 2 * HOUR + 5 * MINUTE), "1 day 2 h");
        assert_eq!(span(lang, 2 * HOUR + 5 * MINUTE), "2 h 5 min");
        assert_eq!(span(lang, 45 * SECOND), "45 s");
        assert_eq!(span(lang, 0), "0 s");
        assert_eq!(clock_face(297_000), "4:57");
        assert_eq!(clock_face(3_723_000), "1:02:03");
        assert_eq!(clock_face(9_500), "0:09.5");
        assert_eq!(clock_face(-5), "0:00.0");
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(date(0), (1970, 1, 1));
        assert_eq!(date(951_782_400_000), (2000, 2, 29));
        assert_eq!(date(1_795_305_600_000 - 1), (2026, 11, 21));
        assert_eq!(date(1_795_305_600_000), (2026, 11, 22));
        assert_eq!(
            utc_time(
                lang,
                1_795_305_600_000 + 10 * 3_600_000 + 5 * 60_000 + 59_999
            ),
            "2026-11-22 10:05 UTC"
        );
    }

    #[test]
    fn a_near_deadline_is_shown_to_the_second() {
        let lang = &crate::i18n::Language::english();
        let at = 1_795_305_600_000 + 10 * 3_600_000 + 5 * 60_000 + 30_000;
        assert_eq!(deadline(lang, at, at - 15_000), "2026-11-22 10:05:30 UTC");
        assert_eq!(deadline(lang, at, at - 3_600_000), "2026-11-22 10:05 UTC");
        assert_eq!(iso_time(at), "2026-11-22T10:05:30Z");
    }

    #[test]
    fn french_dates_and_durations_read_as_in_french() {
        let french = &crate::i18n::Language::from_tag("fr").expect("French");
        {
            let lang = french;
            let at = 1_795_305_600_000 + 16 * HOUR + 11 * MINUTE + 6 * DAY;
            assert_eq!(utc_time(lang, at), "28 novembre 2026 à 16 h 11 UTC");
            assert_eq!(
                deadline(lang, at + 30 * SECOND, at),
                "28 novembre 2026 à 16 h 11 min 30 s UTC"
            );
            assert_eq!(day(lang, 1_795_305_600_000 + 9 * DAY), "1er décembre 2026");
            assert_eq!(span(lang, 2 * DAY + 23 * HOUR + 5 * MINUTE), "2 j 23 h");
            assert_eq!(span(lang, DAY), "1 j");
            assert_eq!(crate::i18n::decimal(lang, 3.5, 1), "3,5");
        }
        let lang = &crate::i18n::Language::english();
        assert_eq!(day(lang, 0), "1970-01-01");
        assert_eq!(crate::i18n::decimal(lang, 3.5, 1), "3.5");
    }
}
