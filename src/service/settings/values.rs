//! The values of `/oware settings`: the keys and what each takes, and checking and
//! storing a change canonically (the table that shows them is in `table`).

use super::super::{Place, ServiceError};
use super::scope;
use crate::{
    i18n::Language,
    store::{Flag, SettingsRow},
};

/// The keys `/oware settings key:value` takes (see [`describe_key`]).
pub const KEYS: &[&str] = &[
    "channels",
    "time",
    "rated",
    "advice",
    "threads",
    "moderators",
    "archive",
    "tournaments",
    "language",
    "web",
];

/// What setting `key` (one of [`KEYS`]) is, and the values it takes, in words.
#[must_use]
pub fn describe_key(lang: &crate::i18n::Language, key: &str) -> Option<String> {
    Some(match key {
        "channels" => crate::tr!(lang, "settings-key-channels"),
        "time" => crate::tr!(lang, "settings-key-time"),
        "rated" => crate::tr!(lang, "settings-key-rated"),
        "advice" => crate::tr!(lang, "settings-key-advice"),
        "threads" => crate::tr!(lang, "settings-key-threads"),
        "moderators" => crate::tr!(lang, "settings-key-moderators"),
        "archive" => crate::tr!(lang, "settings-key-archive"),
        "tournaments" => crate::tr!(lang, "settings-key-tournaments"),
        "language" => crate::tr!(lang, "settings-key-language"),
        "web" => crate::tr!(lang, "settings-key-web"),
        _ => return None,
    })
}

/// A yes/no/default value.
fn flag(
    lang: &crate::i18n::Language,
    key: &str,
    value: &str,
) -> Result<Option<Flag>, ServiceError> {
    match value.to_lowercase().as_str() {
        "yes" | "on" | "true" => Ok(Some(Flag(true))),
        "no" | "off" | "false" => Ok(Some(Flag(false))),
        "default" => Ok(None),
        _ => Err(bad(lang, key, value)),
    }
}

fn bad(lang: &crate::i18n::Language, key: &str, value: &str) -> ServiceError {
    let expected = describe_key(lang, key).unwrap_or_default();
    ServiceError::BadSetting(crate::tr!(
        lang,
        "settings-bad-value",
        key = key,
        value = value,
        expected = expected
    ))
}

/// Applies `changes` (`key`, `value`) made at `place` to `row`; `vouched`: the
/// other channels the adapter checked (see [`super::super::Command::vouched`]).
pub(super) fn apply(
    lang: &crate::i18n::Language,
    row: &mut SettingsRow,
    place: &Place,
    vouched: &[String],
    changes: &[(String, String)],
) -> Result<(), ServiceError> {
    for (key, value) in changes {
        let key = key.to_lowercase();
        match key.as_str() {
            "channels" | "channel" => {
                row.channels = match value.to_lowercase().as_str() {
                    "anywhere" | "any" | "all" => None,
                    "here" => Some(vec![place.channel.clone()]),
                    _ => {
                        let ids: Vec<String> = value
                            .split(',')
                            .map(|c| {
                                c.trim()
                                    .trim_start_matches("<#")
                                    .trim_start_matches('#')
                                    .trim_end_matches('>')
                                    .to_owned()
                            })
                            .collect();
                        if ids
                            .iter()
                            .any(|c| c.is_empty() || c.contains(char::is_whitespace))
                        {
                            return Err(bad(lang, "channels", value));
                        }
                        Some(ids)
                    }
                };
            }
            "time" => {
                row.time_control = if value.eq_ignore_ascii_case("default") {
                    None
                } else {
                    Some(value.parse().map_err(|_| bad(lang, "time", value))?)
                };
            }
            "moderators" => {
                // The channel the admin is in, or one the adapter checked: a channel
                // of this Discord server, a Matrix room the admin administers too.
                // Reports check the place again.
                row.moderators = match value.to_lowercase().as_str() {
                    "none" | "off" | "no" => None,
                    "here" => Some(place.channel.clone()),
                    _ => {
                        let id = value
                            .trim()
                            .trim_start_matches("<#")
                            .trim_start_matches('#')
                            .trim_end_matches('>');
                        if id.is_empty() || id.contains([',', ' ']) {
                            return Err(bad(lang, "moderators", value));
                        }
                        if id != place.channel && !vouched.iter().any(|v| v == id) {
                            return Err(ServiceError::BadSetting(crate::tr!(
                                lang,
                                "settings-moderators-elsewhere"
                            )));
                        }
                        Some(id.to_owned())
                    }
                };
                row.moderators_space = row.moderators.as_ref().map(|_| scope(place).to_owned());
                row.moderators_checked = row
                    .moderators
                    .clone()
                    .filter(|channel| *channel != place.channel);
            }
            "archive" => {
                row.archive_after = if value.trim().eq_ignore_ascii_case("default") {
                    None
                } else {
                    Some(value.parse().map_err(|()| bad(lang, "archive", value))?)
                };
            }
            "language" => {
                row.language = match value.trim() {
                    "default" => None,
                    tag => Some(Language::from_tag(tag).ok_or_else(|| {
                        ServiceError::BadSetting(crate::tr!(
                            lang,
                            "settings-bad-language",
                            value = value,
                            languages = Language::available().join(", ")
                        ))
                    })?),
                };
            }
            "tournaments" => {
                row.anyone_runs_tournaments = match value.trim().to_lowercase().as_str() {
                    "anyone" | "everyone" | "all" => true,
                    "admins" | "admin" | "default" => false,
                    _ => return Err(bad(lang, "tournaments", value)),
                };
            }
            "web" => {
                row.web = match value.trim().to_lowercase().as_str() {
                    "default" => None,
                    word => Some(word.parse().map_err(|()| bad(lang, "web", value))?),
                };
            }
            "rated" => row.rated = flag(lang, "rated", value)?,
            "advice" => row.advice = flag(lang, "advice", value)?,
            "threads" => row.threads = flag(lang, "threads", value)?,
            _ => {
                return Err(ServiceError::BadSetting(crate::tr!(
                    lang,
                    "settings-no-such-key",
                    key = key,
                    keys = KEYS.join(", ")
                )));
            }
        }
    }
    let time = row.time_control;
    if row.rated == Some(Flag(true)) && time.is_some_and(|t| !t.is_timed()) {
        return Err(ServiceError::BadSetting(crate::tr!(
            lang,
            "settings-rated-needs-clock"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::super::when;
    use super::super::Settings;
    use super::*;
    use crate::platform::Platform;
    use crate::play::archive::ArchiveDelay;
    use crate::store::WebPages;

    fn place() -> Place {
        Place {
            platform: Platform::Discord,
            space: Some("1".into()),
            channel: "20".into(),
            thread: None,
        }
    }

    fn changes(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn changes_are_checked_and_kept_canonical() {
        let lang = &crate::i18n::Language::english();
        let mut row = SettingsRow::default();
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("channels", "<#30>,#40"), ("time", "1D"), ("rated", "no")]),
        )
        .unwrap();
        let settings = Settings { row: row.clone() };
        assert_eq!(
            settings.channels(),
            Some(&["30".to_owned(), "40".to_owned()][..])
        );
        assert_eq!(
            settings.time().map(|t| t.to_string()),
            Some("1d".to_owned())
        );
        assert_eq!(settings.rated(), Some(false));
        assert!(!settings.allows(&place()));
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("channels", "here")]),
        )
        .unwrap();
        assert!(Settings { row: row.clone() }.allows(&place()));
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("channels", "anywhere")]),
        )
        .unwrap();
        assert_eq!(Settings { row: row.clone() }.channels(), None);
        for (key, value) in [("rated", "maybe"), ("time", "soon"), ("colour", "red")] {
            let err = apply(lang, &mut row, &place(), &[], &changes(&[(key, value)])).unwrap_err();
            assert!(err.to_string().contains(key), "{err}");
        }
        let err = apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("time", "none"), ("rated", "yes")]),
        )
        .unwrap_err();
        assert!(err.to_string().contains("need a clock"), "{err}");
    }

    #[test]
    fn another_moderators_channel_only_when_the_adapter_vouched_for_it() {
        let lang = &crate::i18n::Language::english();
        let mut row = SettingsRow::default();
        let other = changes(&[("moderators", "<#77>")]);
        let err = apply(lang, &mut row, &place(), &[], &other).unwrap_err();
        assert!(err.to_string().contains("moderators:here"), "{err}");
        apply(lang, &mut row, &place(), &["77".to_owned()], &other).unwrap();
        assert_eq!(row.moderators.as_deref(), Some("77"));
        assert_eq!(row.moderators_checked.as_deref(), Some("77"));
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("moderators", "here")]),
        )
        .unwrap();
        assert_eq!(row.moderators_checked, None, "here needs no check");
    }

    #[test]
    fn threads_are_archived_after_a_day_unless_the_server_says() {
        let lang = &crate::i18n::Language::english();
        let mut row = SettingsRow::default();
        assert_eq!(
            Settings { row: row.clone() }.archive(),
            ArchiveDelay::After(when::DAY)
        );
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("archive", "12H")]),
        )
        .unwrap();
        assert_eq!(
            row.archive_after,
            Some(ArchiveDelay::After(12 * when::HOUR))
        );
        assert_eq!(
            Settings { row: row.clone() }.archive(),
            ArchiveDelay::After(12 * when::HOUR)
        );
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("archive", "never")]),
        )
        .unwrap();
        assert_eq!(Settings { row: row.clone() }.archive(), ArchiveDelay::Never);
        let err = apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("archive", "soon")]),
        )
        .unwrap_err();
        assert!(err.to_string().contains("`archive` is how long"), "{err}");
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("archive", "default")]),
        )
        .unwrap();
        assert_eq!(row.archive_after, None);
    }

    #[test]
    fn web_pages_are_unlisted_unless_the_server_says() {
        let lang = &crate::i18n::Language::english();
        let mut row = SettingsRow::default();
        assert_eq!(Settings { row: row.clone() }.web(), WebPages::Unlisted);
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("web", "Public")]),
        )
        .unwrap();
        assert_eq!(Settings { row: row.clone() }.web(), WebPages::Public);
        apply(lang, &mut row, &place(), &[], &changes(&[("web", "off")])).unwrap();
        assert_eq!(Settings { row: row.clone() }.web(), WebPages::Off);
        let err = apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("web", "secret")]),
        )
        .unwrap_err();
        assert!(err.to_string().contains("`web`"), "{err}");
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("web", "default")]),
        )
        .unwrap();
        assert_eq!(row.web, None);
    }

    #[test]
    fn threads_are_on_unless_turned_off() {
        let lang = &crate::i18n::Language::english();
        let mut row = SettingsRow::default();
        assert!(Settings { row: row.clone() }.threads());
        apply(
            lang,
            &mut row,
            &place(),
            &[],
            &changes(&[("threads", "off")]),
        )
        .unwrap();
        assert!(!Settings { row }.threads());
    }
}
