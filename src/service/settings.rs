//! `/oware settings`: a server's own defaults, shown to anyone and changed by those
//! who administer the place (see [`super::Role`]). A Discord server, a Matrix room
//! or a console room has one set; they apply to games challenged after the change.
//! A person's own settings are `settings/me.rs`. The languages are read here too:
//! a reply's (`language_of`: its author's own choice, their client's, else the
//! place's), a place's and a person's.

pub(super) mod cache;
mod me;
mod table;
mod values;

use crate::service::cases::Preferences;
use table::table;
use values::apply;
pub use values::KEYS;

use super::{clock::TimeControl, Command, Place, Reply, ServiceError};
use crate::{
    i18n::Language,
    platform::Platform,
    play::archive::ArchiveDelay,
    store::{SettingsRow, WebPages},
};

impl Preferences<'_> {
    /// The language of the replies to `cmd`: its author's own choice (`/oware
    /// settings me language:`), else their client's when the bot has it (Discord's
    /// interaction locale), else the place's.
    pub(in crate::service) async fn language_of(&self, cmd: &Command) -> crate::i18n::Language {
        if let Some(language) = self
            .personal_language(cmd.place.platform, &cmd.author.id)
            .await
        {
            return language;
        }
        if let Some(language) = cmd
            .locale
            .as_deref()
            .and_then(crate::i18n::Language::from_locale)
        {
            return language;
        }
        self.language_at(cmd.place.platform, scope(&cmd.place))
            .await
    }

    /// The language `user` chose for themselves on `platform`, if any (and if the
    /// bot still has it).
    pub(in crate::service) async fn personal_language(
        &self,
        platform: Platform,
        user: &str,
    ) -> Option<crate::i18n::Language> {
        match self.core.store.people().user_settings(platform, user).await {
            Ok(own) => own
                .language
                .as_deref()
                .and_then(crate::i18n::Language::from_tag),
            Err(err) => {
                tracing::warn!(error = %err, "cannot read a person's language");
                None
            }
        }
    }

    /// The language of the bot's messages at `place` on `platform` (English when the
    /// settings cannot be read).
    pub(in crate::service) async fn language_at(
        &self,
        platform: Platform,
        place: &str,
    ) -> crate::i18n::Language {
        match self.settings_at(platform, place).await {
            Ok(row) => Settings::from_row(row).language(),
            Err(err) => {
                tracing::warn!(error = %err, "cannot read a place's language; using English");
                crate::i18n::Language::english()
            }
        }
    }
}

/// A place's settings, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    row: SettingsRow,
}

impl Settings {
    /// The settings stored as `row`.
    pub(super) fn from_row(row: SettingsRow) -> Settings {
        Settings { row }
    }

    /// The channels where games may start (`None`: anywhere).
    pub fn channels(&self) -> Option<&[String]> {
        self.row.channels.as_deref()
    }

    /// The default time control, if the server set one.
    pub fn time(&self) -> Option<TimeControl> {
        self.row.time_control
    }

    /// Whether games are rated by default, if the server said.
    pub fn rated(&self) -> Option<bool> {
        self.row.rated.map(bool::from)
    }

    /// Whether advice is on by default in casual games, if the server said.
    pub fn advice(&self) -> Option<bool> {
        self.row.advice.map(bool::from)
    }

    /// Whether each game gets its own thread (yes unless the server said no).
    pub fn threads(&self) -> bool {
        self.row.threads.is_none_or(bool::from)
    }

    /// The channel where reports are posted, if the server set one.
    pub fn moderators(&self) -> Option<&str> {
        self.row.moderators.as_deref()
    }

    /// Where a report made at `place` may be posted: the moderators' channel, if it
    /// was set in this place's own settings from inside the channel (`here`) or
    /// checked by the adapter then (see [`crate::store::SettingsRow::moderators_checked`]):
    /// on a network without servers, this room or the checked one. `Err(())`: a
    /// channel is set but fails that check (set before it was made).
    #[allow(clippy::result_unit_err)]
    pub fn moderators_at(&self, place: &Place) -> Result<Option<&str>, ()> {
        let Some(channel) = self.moderators() else {
            return Ok(None);
        };
        let same_place = self.row.moderators_space.as_deref() == Some(scope(place));
        let same_room = place.space.is_some()
            || channel == place.channel
            || self.row.moderators_checked.as_deref() == Some(channel);
        if same_place && same_room {
            Ok(Some(channel))
        } else {
            Err(())
        }
    }

    /// How long a finished game's thread stays open before it is archived (a day
    /// unless the server said).
    pub fn archive(&self) -> ArchiveDelay {
        self.row.archive_after.unwrap_or_default()
    }

    /// The language of the bot's messages here (English unless the server chose).
    pub fn language(&self) -> Language {
        self.row.language.clone().unwrap_or_default()
    }

    /// Whether anyone (not only admins) may create tournaments here.
    pub fn anyone_runs_tournaments(&self) -> bool {
        self.row.anyone_runs_tournaments
    }

    /// Who may see this place's game pages on the web (unlisted unless the server
    /// chose).
    pub fn web(&self) -> WebPages {
        self.row.web.unwrap_or_default()
    }

    /// Whether a game may start at `place`.
    pub fn allows(&self, place: &Place) -> bool {
        self.channels()
            .is_none_or(|channels| channels.contains(&place.channel))
    }
}

/// The settings' key for `place`: the Discord server, else the room (Matrix, the
/// console, a Discord direct message).
pub(super) fn scope(place: &Place) -> &str {
    place.space.as_deref().unwrap_or(&place.channel)
}

impl Preferences<'_> {
    /// The settings that apply at `place`.
    pub(super) async fn place_settings(&self, place: &Place) -> Result<Settings, ServiceError> {
        let row = self.settings_at(place.platform, scope(place)).await?;
        Ok(Settings { row })
    }

    /// The settings of `place` on `platform`, as read within the last
    /// [`cache::TTL_MS`] (see `settings/cache.rs`).
    pub(super) async fn settings_at(
        &self,
        platform: Platform,
        place: &str,
    ) -> Result<SettingsRow, ServiceError> {
        let now = self.core.now();
        if let Some(row) = self.core.settings_cache.get(platform, place, now) {
            return Ok(row);
        }
        let row = self.core.store.places().settings(platform, place).await?;
        self.core
            .settings_cache
            .put(platform, place, row.clone(), now);
        Ok(row)
    }

    /// The settings stored for `place` on `platform`, for a web address that names
    /// it: from the cache when a command or an earlier read kept them, else read,
    /// and kept only when the place has stored settings. An address naming no place
    /// leaves nothing behind.
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn stored_settings_at(
        &self,
        platform: Platform,
        place: &str,
    ) -> Result<Option<SettingsRow>, ServiceError> {
        let now = self.core.now();
        if let Some(row) = self.core.settings_cache.get(platform, place, now) {
            return Ok(Some(row));
        }
        let row = self
            .core
            .store
            .places()
            .stored_settings(platform, place)
            .await?;
        if let Some(row) = &row {
            self.core
                .settings_cache
                .put(platform, place, row.clone(), now);
        }
        Ok(row)
    }

    /// How many places' settings are kept in memory (see `settings/cache.rs`).
    #[must_use]
    pub fn settings_cached(&self) -> u64 {
        self.core.settings_cache.len()
    }

    /// Refuses to start a game at `place` if its settings keep games elsewhere.
    pub(super) fn check_channel(settings: &Settings, place: &Place) -> Result<(), ServiceError> {
        if settings.allows(place) {
            return Ok(());
        }
        let channels = settings.channels().unwrap_or_default().to_vec();
        Err(ServiceError::ChannelNotAllowed(channels))
    }

    /// `/oware settings [key:value …]`.
    pub(super) async fn settings(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        changes: &[(String, String)],
    ) -> Result<Reply, ServiceError> {
        // The row as stored: a change is saved against its version.
        let (platform, place) = (cmd.place.platform, scope(&cmd.place));
        let mut settings = Settings {
            row: self.core.store.places().settings(platform, place).await?,
        };
        self.core
            .settings_cache
            .put(platform, place, settings.row.clone(), self.core.now());
        if changes.is_empty() {
            let mut reply = Reply::private(crate::tr!(lang, "settings-shown"));
            reply.table = Some(table(lang, &settings));
            return Ok(reply);
        }
        super::authority::judge(
            super::authority::Deed::ChangePlaceSettings,
            cmd.role,
            super::authority::Target::Place { open: false },
        )
        .map_err(|_| ServiceError::NotAdmin("/oware settings key:value"))?;
        apply(lang, &mut settings.row, &cmd.place, &cmd.vouched, changes)?;
        let saved = self
            .core
            .store
            .places()
            .save_settings(
                cmd.claim(),
                cmd.place.platform,
                scope(&cmd.place),
                &settings.row,
                &cmd.author.id,
                self.core.now(),
            )
            .await?;
        if !saved {
            return Err(ServiceError::SettingsChanged);
        }
        settings.row.version += 1;
        self.core
            .settings_cache
            .put(platform, place, settings.row.clone(), self.core.now());
        let changed: Vec<String> = changes.iter().map(|(k, v)| format!("`{k}:{v}`")).collect();
        // The answer is already in the new language.
        let language = settings.language();
        let lang = &language;
        let mut text = crate::tr!(lang, "settings-changed", changes = changed.join(", "));
        if changes.iter().any(|(key, _)| key == "language") {
            let line = crate::tr!(
                lang,
                "language-changed",
                language = crate::tr!(lang, "language-name")
            );
            text = format!("{text}\n{line}");
        }
        let mut reply = Reply::private(text);
        reply.table = Some(table(lang, &settings));
        Ok(reply)
    }
}
