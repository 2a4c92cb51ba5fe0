//! Per-server settings: one row per Discord server, Matrix room or console room,
//! versioned so that two admins changing them at once cannot overwrite each other.

use crate::store::PlaceStore;
use sqlx::{any::AnyRow, FromRow, Row};

use super::{Claim, Flag, StoreError};
use crate::platform::Platform;
use crate::{
    i18n::Language,
    play::{archive::ArchiveDelay, clock::TimeControl},
};

/// The `tournaments` column when anyone may create tournaments.
const ANYONE: &str = "anyone";

/// A place's settings as stored; `None` is the built-in default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsRow {
    /// Channel ids where games may start; `None`: anywhere. (Stored as one
    /// comma-separated column: a channel id holds no comma.)
    pub channels: Option<Vec<String>>,
    /// The default time control.
    pub time_control: Option<TimeControl>,
    /// Whether games are rated by default.
    pub rated: Option<Flag>,
    /// Whether advice is on by default in casual games.
    pub advice: Option<Flag>,
    /// Whether each game gets its own thread.
    pub threads: Option<Flag>,
    /// The channel where reports are posted, if any.
    pub moderators: Option<String>,
    /// The place (`settings.place`) in which `moderators` was set from inside the
    /// channel itself; `None` for a channel set before that was checked.
    pub moderators_space: Option<String>,
    /// `moderators` when it is not the channel it was set from and the adapter
    /// checked it then (a channel of the same Discord server, a Matrix room the
    /// admin administers too); `None` otherwise.
    pub moderators_checked: Option<String>,
    /// How long a finished game's thread stays open (stored canonical: `1d`,
    /// `never`).
    pub archive_after: Option<ArchiveDelay>,
    /// Whether anyone may create tournaments (stored as `anyone`); else admins only.
    pub anyone_runs_tournaments: bool,
    /// The language of the bot's messages; `None`: English.
    pub language: Option<Language>,
    /// Who may see the place's game pages on the web; `None`: unlisted.
    pub web: Option<WebPages>,
    /// Changes so far (0: never changed).
    pub version: i64,
}

/// Who may see a place's pages on the web (`/oware settings web:…`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WebPages {
    /// Pages exist at unguessable slugs, shared only through the bot's links, and
    /// ask search engines not to index them.
    #[default]
    Unlisted,
    /// Also listed on the player and leaderboard pages.
    Public,
    /// No page at all.
    Off,
}

impl WebPages {
    /// The stored and typed word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            WebPages::Unlisted => "unlisted",
            WebPages::Public => "public",
            WebPages::Off => "off",
        }
    }
}

impl std::str::FromStr for WebPages {
    type Err = ();

    fn from_str(text: &str) -> Result<WebPages, ()> {
        match text.trim().to_lowercase().as_str() {
            "unlisted" => Ok(WebPages::Unlisted),
            "public" => Ok(WebPages::Public),
            "off" | "none" | "no" => Ok(WebPages::Off),
            _ => Err(()),
        }
    }
}

impl<'r> FromRow<'r, AnyRow> for SettingsRow {
    fn from_row(row: &'r AnyRow) -> Result<SettingsRow, sqlx::Error> {
        let flag = |column: &str| -> Result<Option<Flag>, sqlx::Error> {
            row.try_get::<Option<Flag>, _>(column)
        };
        let time: Option<String> = row.try_get("time_control")?;
        let language: Option<String> = row.try_get("language")?;
        let archive: Option<String> = row.try_get("archive_after")?;
        let tournaments: Option<String> = row.try_get("tournaments")?;
        let web: Option<String> = row.try_get("web")?;
        Ok(SettingsRow {
            channels: row.try_get::<Option<String>, _>("channels")?.map(|list| {
                list.split(',')
                    .filter(|c| !c.is_empty())
                    .map(str::to_owned)
                    .collect()
            }),
            // A value this version cannot read is the default, as if never set.
            time_control: time.and_then(|t| t.parse().ok()),
            rated: flag("rated")?,
            advice: flag("advice")?,
            threads: flag("threads")?,
            moderators: row.try_get("moderators")?,
            moderators_space: row.try_get("moderators_space")?,
            moderators_checked: row.try_get("moderators_checked")?,
            archive_after: archive.and_then(|a| a.parse().ok()),
            anyone_runs_tournaments: tournaments.as_deref() == Some(ANYONE),
            language: language.as_deref().and_then(Language::from_tag),
            web: web.and_then(|w| w.parse().ok()),
            version: row.try_get("version")?,
        })
    }
}

impl PlaceStore<'_> {
    /// The settings of `place` on `platform` (all defaults if never changed).
    ///
    /// # Errors
    /// Database failures.
    pub async fn settings(
        self,
        platform: Platform,
        place: &str,
    ) -> Result<SettingsRow, StoreError> {
        Ok(self
            .stored_settings(platform, place)
            .await?
            .unwrap_or_default())
    }

    /// The settings stored for `place` on `platform`, or `None` when it has none
    /// (it never changed one, or is no place at all).
    ///
    /// # Errors
    /// Database failures.
    pub async fn stored_settings(
        self,
        platform: Platform,
        place: &str,
    ) -> Result<Option<SettingsRow>, StoreError> {
        let row: Option<SettingsRow> = sqlx::query_as(
            "SELECT channels, time_control, rated, advice, threads, moderators,
                    moderators_space, moderators_checked, archive_after, tournaments,
                    language, web, version
             FROM settings WHERE platform = $1 AND place = $2",
        )
        .bind(platform.as_str())
        .bind(place)
        .fetch_optional(&self.store.reader)
        .await?;
        Ok(row)
    }

    /// Saves `settings` for `place` if they are still at `settings.version` (as read
    /// before the change); whether they were (otherwise nothing changes: another
    /// admin changed them meanwhile).
    ///
    /// # Errors
    /// Database failures.
    pub async fn save_settings(
        self,
        claim: Claim<'_>,
        platform: Platform,
        place: &str,
        settings: &SettingsRow,
        by: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let saved = sqlx::query(
            "INSERT INTO settings (platform, place, channels, time_control, rated, advice,
                                   threads, moderators, moderators_space, archive_after,
                                   tournaments, language, web, version, updated_by,
                                   updated_at, moderators_checked)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $11, $15, $12, $13, $14, $16, $8 + 1, $9,
                     $10, $17)
             ON CONFLICT (platform, place) DO UPDATE SET
                 channels = excluded.channels, time_control = excluded.time_control,
                 rated = excluded.rated, advice = excluded.advice,
                 threads = excluded.threads, moderators = excluded.moderators,
                 moderators_space = excluded.moderators_space,
                 moderators_checked = excluded.moderators_checked,
                 archive_after = excluded.archive_after, tournaments = excluded.tournaments,
                 language = excluded.language, web = excluded.web,
                 version = excluded.version, updated_by = excluded.updated_by,
                 updated_at = excluded.updated_at
             WHERE settings.version = $8",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(settings.channels.as_ref().map(|ids| ids.join(",")))
        .bind(settings.time_control.map(|t| t.to_string()))
        .bind(settings.rated.map(bool::from))
        .bind(settings.advice.map(bool::from))
        .bind(settings.threads.map(bool::from))
        .bind(settings.version)
        .bind(by)
        .bind(now)
        .bind(&settings.moderators)
        .bind(settings.archive_after.map(|a| a.to_string()))
        .bind(settings.anyone_runs_tournaments.then_some(ANYONE))
        .bind(settings.language.as_ref().map(Language::tag))
        .bind(&settings.moderators_space)
        .bind(settings.web.map(WebPages::as_str))
        .bind(&settings.moderators_checked)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        // A first save races another first save: the insert of the loser conflicts
        // and its update's version check fails, as it should.
        tx.commit().await?;
        Ok(saved)
    }
}
