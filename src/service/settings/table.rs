//! The table `/oware settings` shows: each key and its value (or its default) in
//! the reader's language, lined up.

use std::fmt::Write as _;

use super::super::when;
use super::Settings;
use crate::play::archive::ArchiveDelay;
use crate::store::WebPages;

/// The settings as a two-column table.
pub(super) fn table(lang: &crate::i18n::Language, settings: &Settings) -> String {
    let yes_no = |v: Option<bool>, default: String| match v {
        Some(true) => crate::tr!(lang, "settings-yes"),
        Some(false) => crate::tr!(lang, "settings-no"),
        None => crate::tr!(lang, "settings-default", default = default),
    };
    let mut out = String::new();
    let channels = settings.channels().map_or_else(
        || crate::tr!(lang, "settings-anywhere"),
        |list| {
            // A code block cannot link a channel: each shows as its id.
            list.join(", ")
        },
    );
    let rows = [
        ("channels", channels),
        (
            "time",
            settings.time().map_or_else(
                || crate::tr!(lang, "settings-time-default"),
                |t| t.describe(lang),
            ),
        ),
        (
            "rated",
            yes_no(settings.rated(), crate::tr!(lang, "settings-rated-default")),
        ),
        (
            "advice",
            yes_no(
                settings.advice(),
                crate::tr!(lang, "settings-advice-default"),
            ),
        ),
        (
            "threads",
            if settings.threads() {
                crate::tr!(lang, "settings-yes")
            } else {
                crate::tr!(lang, "settings-no")
            },
        ),
        (
            "moderators",
            settings.moderators().map_or_else(
                || crate::tr!(lang, "settings-moderators-none"),
                str::to_owned,
            ),
        ),
        ("language", settings.language().tag()),
        (
            "tournaments",
            if settings.anyone_runs_tournaments() {
                crate::tr!(lang, "settings-tournaments-anyone")
            } else {
                crate::tr!(lang, "settings-tournaments-admins")
            },
        ),
        (
            "web",
            match settings.web() {
                WebPages::Unlisted => crate::tr!(lang, "settings-web-unlisted"),
                WebPages::Public => crate::tr!(lang, "settings-web-public"),
                WebPages::Off => crate::tr!(lang, "settings-web-off"),
            },
        ),
        (
            "archive",
            match settings.archive() {
                ArchiveDelay::Never => crate::tr!(lang, "settings-archive-never"),
                ArchiveDelay::After(ms) if settings.row.archive_after.is_some() => {
                    crate::tr!(lang, "settings-archive-after", span = when::span(lang, ms))
                }
                ArchiveDelay::After(ms) => {
                    let after =
                        crate::tr!(lang, "settings-archive-after", span = when::span(lang, ms));
                    crate::tr!(lang, "settings-default", default = after)
                }
            },
        ),
    ];
    // The values line up one space after the longest key.
    let width = rows.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    for (key, value) in rows {
        let _ = writeln!(out, "{key:<width$} {value}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lines_every_value_up_after_the_longest_key() {
        let lang = &crate::i18n::Language::english();
        let shown = table(lang, &Settings::default());
        let starts: Vec<usize> = shown
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .map(|line| line.len() - line.split_once(' ').unwrap().1.trim_start().len())
            .collect();
        assert!(starts.len() >= 9, "{shown}");
        assert!(starts.iter().all(|&s| s == starts[0]), "{shown}");
        assert!(shown.contains("tournaments admins"), "{shown}");
    }
}
