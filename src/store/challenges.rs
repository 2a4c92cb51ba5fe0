//! Challenges as stored: pending until accepted (which creates the game in the same
//! transaction), declined, cancelled or expired; and the queries that find them. The
//! writes are in `matching`.

use sqlx::FromRow;

use super::{counts::CapLimits, Store, StoreError};
use crate::platform::Platform;
use crate::play::{clock::TimeControl, level::Level, start::First};
use crate::rules::Variant;

/// Where a challenge stands (its `status` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Pending,
    /// Accepted: a game started.
    Accepted,
    /// Declined by the one challenged.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered in time.
    Expired,
}

impl ChallengeStatus {
    /// The `status` column.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }
}

impl TryFrom<String> for ChallengeStatus {
    type Error = String;

    fn try_from(status: String) -> Result<ChallengeStatus, String> {
        Ok(match status.as_str() {
            "pending" => ChallengeStatus::Pending,
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "cancelled" => ChallengeStatus::Cancelled,
            "expired" => ChallengeStatus::Expired,
            other => return Err(format!("challenge status `{other}`")),
        })
    }
}

/// A challenge as stored, with both players' ids and names.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct ChallengeRow {
    /// The challenge id.
    pub id: i64,
    /// The chat network.
    #[sqlx(try_from = "String")]
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// Where it was made.
    pub channel: String,
    /// The thread it was made in, if any.
    pub thread: Option<String>,
    /// The challenger's player row id.
    pub challenger_id: i64,
    /// The challenger's platform user id.
    pub challenger_user: String,
    /// The challenger's display name.
    pub challenger_name: String,
    /// The challenged player's row id.
    pub opponent_id: i64,
    /// The challenged player's platform user id.
    pub opponent_user: String,
    /// The challenged player's display name.
    pub opponent_name: String,
    /// `challenger`, `opponent` or `random`.
    #[sqlx(try_from = "String")]
    pub first: First,
    /// Rated or casual.
    #[sqlx(try_from = "super::Flag")]
    pub rated: bool,
    /// The rules variant.
    #[sqlx(try_from = "String")]
    pub variant: Variant,
    /// Whether onlookers may advise.
    #[sqlx(try_from = "super::Flag")]
    pub advice: bool,
    /// The engine level, for games against the bot.
    pub level: Option<Level>,
    /// The time control.
    #[sqlx(try_from = "String")]
    pub time_control: TimeControl,
    /// Whether the player to move is reminded (correspondence games).
    #[sqlx(try_from = "super::Flag")]
    pub reminders: bool,
    /// Open, or how it closed.
    #[sqlx(try_from = "String")]
    pub status: ChallengeStatus,
    /// The game it became, once accepted.
    pub game_id: Option<i64>,
    /// When it was made (Unix ms).
    pub created_at: i64,
    /// When it expires (Unix ms).
    pub expires_at: i64,
}

/// A challenge to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// The chat network.
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// Where it was made.
    pub channel: String,
    /// The thread it was made in, if any.
    pub thread: Option<String>,
    /// The challenger's player row id.
    pub challenger_id: i64,
    /// The challenged player's row id.
    pub opponent_id: i64,
    /// `challenger`, `opponent` or `random`.
    pub first: First,
    /// Rated or casual.
    pub rated: bool,
    /// The rules variant's name.
    pub variant: Variant,
    /// Whether onlookers may advise.
    pub advice: bool,
    /// The engine level, for games against the bot.
    pub level: Option<Level>,
    /// The time control.
    pub time_control: TimeControl,
    /// Whether the player to move is reminded (correspondence games).
    pub reminders: bool,
    /// When it expires (Unix ms). A challenge to a person gets a `challenge_expiry`
    /// job then.
    pub expires_at: i64,
    /// The caps its creation (and the game's, for one against the engine) enforces.
    pub caps: CapLimits,
}

macro_rules! select_challenge {
    () => {
        "SELECT c.id, c.platform, c.space, c.channel, c.thread,
                c.challenger_id, a.user_id AS challenger_user, a.name AS challenger_name,
                c.opponent_id, b.user_id AS opponent_user, b.name AS opponent_name,
                c.first, c.rated, c.variant, c.advice, c.level, c.time_control, c.reminders,
                c.status, c.game_id,
                c.created_at, c.expires_at
         FROM challenges c
         JOIN players a ON a.id = c.challenger_id
         JOIN players b ON b.id = c.opponent_id "
    };
}

impl Store {
    /// One challenge by id, whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(
            sqlx::query_as(concat!(select_challenge!(), "WHERE c.id = $1"))
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    /// Pending, unexpired challenges a user made or received on their network, oldest
    /// first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pending_challenges_of(
        &self,
        platform: &str,
        user_id: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            "WHERE c.platform = $1 AND c.status = 'pending' AND c.expires_at > $3
               AND (a.user_id = $2 OR b.user_id = $2)
             ORDER BY c.id"
        ))
        .bind(platform)
        .bind(user_id)
        .bind(now)
        .fetch_all(&self.reader)
        .await?)
    }

    /// The latest challenge to `user_id` on `platform` (not a game against the
    /// engine), whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_challenge_for(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            "WHERE c.platform = $1 AND b.user_id = $2 AND c.level IS NULL
             ORDER BY c.id DESC LIMIT 1"
        ))
        .bind(platform)
        .bind(user_id)
        .fetch_optional(&self.reader)
        .await?)
    }
}
