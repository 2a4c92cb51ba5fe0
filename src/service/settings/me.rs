//! `/oware settings me`: each person's own settings, for their own replies. Anyone
//! may change theirs; they follow the person to every room of the platform.

use super::super::{Command, Reply, ServiceError};
use crate::i18n::Language;
use crate::service::cases::Preferences;
use crate::store::{Notify, Orientation, UserSettings};

/// The keys `/oware settings me key:value` takes.
const MY_KEYS: &[&str] = &["board", "notify", "language"];

/// Applies `changes` (`key`, `value`) to `settings`.
fn apply(
    lang: &crate::i18n::Language,
    settings: &mut UserSettings,
    changes: &[(String, String)],
) -> Result<(), ServiceError> {
    for (key, value) in changes {
        match key.to_lowercase().as_str() {
            "board" => {
                settings.board = Orientation::from_name(value.trim()).ok_or_else(|| {
                    ServiceError::BadSetting(crate::tr!(
                        lang,
                        "my-settings-bad-board",
                        value = value
                    ))
                })?;
            }
            "notify" => {
                settings.notify = Notify::from_name(value.trim()).ok_or_else(|| {
                    ServiceError::BadSetting(crate::tr!(
                        lang,
                        "my-settings-bad-notify",
                        value = value
                    ))
                })?;
            }
            "language" => settings.language = language(lang, value.trim())?,
            _ => {
                return Err(ServiceError::BadSetting(crate::tr!(
                    lang,
                    "my-settings-no-such-key",
                    key = key,
                    keys = MY_KEYS.join(", ")
                )));
            }
        }
    }
    Ok(())
}

/// The language tag `value` names (`None` for `default`), if the bot has it.
fn language(lang: &crate::i18n::Language, value: &str) -> Result<Option<String>, ServiceError> {
    if value.eq_ignore_ascii_case("default") {
        return Ok(None);
    }
    Language::from_tag(value)
        .map(|language| Some(language.tag()))
        .ok_or_else(|| {
            ServiceError::BadSetting(crate::tr!(
                lang,
                "my-settings-bad-language",
                value = value,
                languages = Language::available().join(", ")
            ))
        })
}

/// The settings as a two-column table.
fn table(lang: &crate::i18n::Language, settings: &UserSettings) -> String {
    let board = match settings.board {
        Orientation::South => crate::tr!(lang, "my-settings-board-south"),
        Orientation::MySide => crate::tr!(lang, "my-settings-board-my-side"),
    };
    let notify = match settings.notify {
        Notify::Off => crate::tr!(lang, "my-settings-notify-off"),
        Notify::Dm => crate::tr!(lang, "my-settings-notify-dm"),
    };
    let language = match &settings.language {
        Some(tag) => tag.clone(),
        None => crate::tr!(lang, "my-settings-language-default"),
    };
    format!("board    {board}\nnotify   {notify}\nlanguage {language}")
}

impl Preferences<'_> {
    /// `/oware settings me [key:value …]`: shows the author's own settings, or
    /// changes them. Always answered privately.
    pub(in crate::service) async fn my_settings(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        changes: &[(String, String)],
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let mut settings = self
            .core
            .store
            .people()
            .user_settings(platform, &cmd.author.id)
            .await?;
        if changes.is_empty() {
            let mut reply = Reply::private(crate::tr!(lang, "my-settings-shown"));
            reply.table = Some(table(lang, &settings));
            return Ok(reply);
        }
        apply(lang, &mut settings, changes)?;
        self.core
            .store
            .people()
            .save_user_settings(
                cmd.claim(),
                platform,
                &cmd.author.id,
                &settings,
                self.core.now(),
            )
            .await?;
        let changed: Vec<String> = changes.iter().map(|(k, v)| format!("`{k}:{v}`")).collect();
        // Said in the language just chosen, if one was.
        let chosen;
        let lang = if changes
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("language"))
        {
            chosen = self.language_of(cmd).await;
            &chosen
        } else {
            lang
        };
        let mut reply = Reply::private(crate::tr!(
            lang,
            "my-settings-changed",
            changes = changed.join(", ")
        ));
        reply.table = Some(table(lang, &settings));
        Ok(reply)
    }

    /// The seat `cmd`'s author sees their own boards of a game from, where they play
    /// `side` (`None`: onlooking): their own when they play North and chose
    /// `board:my-side`, else South's.
    pub(in crate::service) async fn own_seat(
        &self,
        cmd: &Command,
        side: Option<crate::rules::Side>,
    ) -> Result<crate::rules::Side, ServiceError> {
        use crate::rules::Side;
        if side != Some(Side::North) {
            return Ok(Side::South);
        }
        let settings = self
            .core
            .store
            .people()
            .user_settings(cmd.place.platform, &cmd.author.id)
            .await?;
        Ok(match settings.board {
            Orientation::MySide => Side::North,
            Orientation::South => Side::South,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_takes_my_side_and_south_and_nothing_else() {
        let lang = &crate::i18n::Language::english();
        let mut settings = UserSettings::default();
        apply(lang, &mut settings, &[("board".into(), "my-side".into())]).expect("my-side");
        assert_eq!(settings.board, Orientation::MySide);
        apply(lang, &mut settings, &[("Board".into(), "SOUTH".into())]).expect("south");
        assert_eq!(settings.board, Orientation::South);
        apply(lang, &mut settings, &[("notify".into(), "DM".into())]).expect("dm");
        assert_eq!(settings.notify, Notify::Dm);
        apply(lang, &mut settings, &[("notify".into(), "off".into())]).expect("off");
        assert_eq!(settings.notify, Notify::Off);
        let err = apply(lang, &mut settings, &[("notify".into(), "email".into())]).unwrap_err();
        assert!(err.to_string().contains("notify:dm"), "{err}");
        let err = apply(lang, &mut settings, &[("board".into(), "north".into())]).unwrap_err();
        assert!(err.to_string().contains("my-side"), "{err}");
        apply(lang, &mut settings, &[("language".into(), "fr".into())]).expect("fr");
        assert_eq!(settings.language.as_deref(), Some("fr"));
        apply(
            lang,
            &mut settings,
            &[("language".into(), "default".into())],
        )
        .expect("default");
        assert_eq!(settings.language, None);
        let err = apply(lang, &mut settings, &[("language".into(), "xx".into())]).unwrap_err();
        assert!(err.to_string().contains("en, fr"), "{err}");
        let err = apply(lang, &mut settings, &[("colour".into(), "red".into())]).unwrap_err();
        assert!(err.to_string().contains("language"), "{err}");
    }
}
