//! Each person's own settings (`/oware settings me`): one row per user of a platform,
//! made on their first change.

use super::{Claim, StoreError};
use crate::platform::Platform;
use crate::store::PeopleStore;

/// Whose seat a person's own boards are seen from (the `board` column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// South's, as every shared board is: North's row on top (the default, `NULL`).
    #[default]
    South,
    /// Their own side's: their row at the bottom when they play North (`my-side`).
    MySide,
}

impl Orientation {
    /// The name typed and stored: `south`, `my-side`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Orientation::South => "south",
            Orientation::MySide => "my-side",
        }
    }

    /// The orientation named `name` (as typed: any case, `myside` and `mine` too).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Orientation> {
        match name.to_ascii_lowercase().as_str() {
            "south" | "default" => Some(Orientation::South),
            "my-side" | "myside" | "my_side" | "mine" => Some(Orientation::MySide),
            _ => None,
        }
    }
}

/// Whether a person is told by direct message that a game waits for their move
/// (the `notify` column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notify {
    /// No (the default, `NULL`): the game's thread says it.
    #[default]
    Off,
    /// A direct message each time a correspondence game waits for their move (`dm`).
    Dm,
}

impl Notify {
    /// The name typed and stored: `off`, `dm`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Notify::Off => "off",
            Notify::Dm => "dm",
        }
    }

    /// The choice named `name` (as typed: any case; `on` and `yes` are `dm`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Notify> {
        match name.to_ascii_lowercase().as_str() {
            "off" | "no" | "none" | "default" => Some(Notify::Off),
            "dm" | "on" | "yes" | "direct" => Some(Notify::Dm),
            _ => None,
        }
    }
}

/// The `notify` column as read with a game: a value this version does not know
/// reads as the default.
impl From<Option<String>> for Notify {
    fn from(column: Option<String>) -> Notify {
        column
            .as_deref()
            .and_then(Notify::from_name)
            .unwrap_or_default()
    }
}

/// A person's own settings; the defaults when they never changed any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserSettings {
    /// Whose seat their own boards are seen from.
    pub board: Orientation,
    /// Whether a game waiting for their move tells them by direct message.
    pub notify: Notify,
    /// The tag of the language of their own replies (`fr`), or `None` for the
    /// place's (or their client's, on Discord).
    pub language: Option<String>,
    /// Whether they have been shown the board's legend (not a setting they change:
    /// kept with them).
    pub legend_seen: bool,
}

impl PeopleStore<'_> {
    /// The own settings of `user` on `platform` (the defaults if never changed).
    ///
    /// # Errors
    /// Database failures.
    pub async fn user_settings(
        self,
        platform: Platform,
        user: &str,
    ) -> Result<UserSettings, StoreError> {
        type Row = (Option<String>, Option<String>, Option<String>, super::Flag);
        let row: Option<Row> = sqlx::query_as(
            "SELECT board, notify, language, legend_seen FROM user_settings
             WHERE platform = $1 AND user_id = $2",
        )
        .bind(platform.as_str())
        .bind(user)
        .fetch_optional(&self.store.reader)
        .await?;
        let Some((board, notify, language, legend_seen)) = row else {
            return Ok(UserSettings::default());
        };
        Ok(UserSettings {
            // A value this version does not know reads as the default.
            board: board
                .as_deref()
                .and_then(Orientation::from_name)
                .unwrap_or_default(),
            notify: notify.into(),
            language,
            legend_seen: legend_seen.into(),
        })
    }

    /// Saves `settings` as the own settings of `user` on `platform`.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before. Database failures.
    pub async fn save_user_settings(
        self,
        claim: Claim<'_>,
        platform: Platform,
        user: &str,
        settings: &UserSettings,
        now: i64,
    ) -> Result<(), StoreError> {
        let board = match settings.board {
            Orientation::South => None,
            Orientation::MySide => Some(Orientation::MySide.name()),
        };
        let notify = match settings.notify {
            Notify::Off => None,
            Notify::Dm => Some(Notify::Dm.name()),
        };
        let mut tx = self.store.write(claim).await?;
        sqlx::query(
            "INSERT INTO user_settings (platform, user_id, board, notify, language, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (platform, user_id) DO UPDATE SET
                 board = excluded.board, notify = excluded.notify,
                 language = excluded.language, updated_at = excluded.updated_at",
        )
        .bind(platform.as_str())
        .bind(user)
        .bind(board)
        .bind(notify)
        .bind(settings.language.as_deref())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records that `user` on `platform` has been shown the board's legend.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before. Database failures.
    pub async fn mark_legend_seen(
        self,
        claim: Claim<'_>,
        platform: Platform,
        user: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        mark_legend_in(&mut tx, platform, user, now).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Records in `conn` (a write transaction) that `user` on `platform` has been shown
/// the board's legend.
pub(super) async fn mark_legend_in(
    conn: &mut sqlx::AnyConnection,
    platform: Platform,
    user: &str,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO user_settings (platform, user_id, legend_seen, updated_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform, user_id) DO UPDATE SET legend_seen = excluded.legend_seen",
    )
    .bind(platform.as_str())
    .bind(user)
    .bind(true)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
