//! Challenges as stored: pending until accepted (which creates the game in the same
//! transaction), declined, cancelled or expired; and the queries that find them. The
//! writes are in `matching`.

use crate::store::words::{
    challenge_accepted, challenge_cancelled, challenge_declined, challenge_expired,
    challenge_pending,
};
use crate::store::ChallengeStore;
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::{counts::CapLimits, StoreError};
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
            ChallengeStatus::Pending => challenge_pending!(),
            ChallengeStatus::Accepted => challenge_accepted!(),
            ChallengeStatus::Declined => challenge_declined!(),
            ChallengeStatus::Cancelled => challenge_cancelled!(),
            ChallengeStatus::Expired => challenge_expired!(),
        }
    }
}

impl TryFrom<String> for ChallengeStatus {
    type Error = String;

    fn try_from(status: String) -> Result<ChallengeStatus, String> {
        Ok(match status.as_str() {
            challenge_pending!() => ChallengeStatus::Pending,
            challenge_accepted!() => ChallengeStatus::Accepted,
            challenge_declined!() => ChallengeStatus::Declined,
            challenge_cancelled!() => ChallengeStatus::Cancelled,
            challenge_expired!() => ChallengeStatus::Expired,
            other => return Err(format!("challenge status `{other}`")),
        })
    }
}

/// A challenge as stored, with both players' ids and names.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct ChallengeRow {
    /// The challenge id.
    pub id: super::ChallengeId,
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
    pub challenger_id: super::PlayerId,
    /// The challenger's platform user id.
    pub challenger_user: String,
    /// The challenger's display name.
    pub challenger_name: String,
    /// The challenged player; nobody for an open challenge not accepted yet.
    #[sqlx(flatten)]
    pub opponent: Challenged,
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
    pub game_id: Option<crate::store::GameId>,
    /// When it was made (Unix ms).
    pub created_at: i64,
    /// When it expires (Unix ms).
    pub expires_at: i64,
}

/// A player a challenge names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitee {
    /// Their player row id.
    pub id: super::PlayerId,
    /// Their platform user id.
    pub user: String,
    /// Their display name.
    pub name: String,
}

/// Who a challenge challenges: a player, or (`None`) anyone at its place, for an
/// open challenge until it is accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Challenged(pub Option<Invitee>);

impl Challenged {
    /// The challenged player's user id, if the challenge names one.
    #[must_use]
    pub fn user(&self) -> Option<&str> {
        self.0.as_ref().map(|p| p.user.as_str())
    }

    /// Whether `user_id` is the player challenged.
    #[must_use]
    pub fn is(&self, user_id: &str) -> bool {
        self.user() == Some(user_id)
    }
}

impl<'r> FromRow<'r, AnyRow> for Challenged {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<Challenged> {
        let id: Option<super::PlayerId> = row.try_get("opponent_id")?;
        let user: Option<String> = row.try_get("opponent_user")?;
        let name: Option<String> = row.try_get("opponent_name")?;
        Ok(Challenged(match (id, user, name) {
            (Some(id), Some(user), Some(name)) => Some(Invitee { id, user, name }),
            _ => None,
        }))
    }
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
    pub challenger_id: super::PlayerId,
    /// The challenged player's row id; `None` for an open challenge.
    pub opponent_id: Option<super::PlayerId>,
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
         LEFT JOIN players b ON b.id = c.opponent_id "
    };
}

impl ChallengeStore<'_> {
    /// One challenge by id, whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn challenge(
        self,
        id: crate::store::ChallengeId,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(
            sqlx::query_as(concat!(select_challenge!(), "WHERE c.id = $1"))
                .bind(id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// Pending, unexpired challenges a user made or received on their network, oldest
    /// first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pending_challenges_of(
        self,
        platform: Platform,
        user_id: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            concat!(
                "WHERE c.platform = $1 AND c.status = '",
                challenge_pending!(),
                "' AND c.expires_at > $3
               AND (a.user_id = $2 OR b.user_id = $2)
             ORDER BY c.id"
            )
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .bind(now)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// The latest challenge to `user_id` on `platform` (not a game against the
    /// engine), whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_challenge_for(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            "WHERE c.platform = $1 AND b.user_id = $2 AND c.level IS NULL
             ORDER BY c.id DESC LIMIT 1"
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Pending, unexpired open challenges at a place, oldest first: on a server
    /// (`space`), in any of its channels; else in `channel`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_challenges_at(
        self,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            concat!(
                "WHERE c.platform = $1 AND c.opponent_id IS NULL AND c.status = '",
                challenge_pending!(),
                "'
               AND c.expires_at > $4 AND c.space IS NOT DISTINCT FROM $2
               AND ($2 IS NOT NULL OR c.channel = $3)
             ORDER BY c.id"
            )
        ))
        .bind(platform.as_str())
        .bind(space)
        .bind(channel)
        .bind(now)
        .fetch_all(&self.store.reader)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;
    use std::time::Duration;

    use super::super::backend::Backend;
    use super::*;

    /// Migration 21 rebuilds `challenges` (SQLite cannot drop a NOT NULL) while jobs
    /// refer to it: a pending challenge and its expiry job come through.
    #[tokio::test]
    async fn the_open_challenges_migration_keeps_pending_challenges_and_their_jobs() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let backend = Backend::of_url(&url);
        let pool = backend
            .pool(1, Duration::from_secs(5))
            .connect_with(backend.options(&url).expect("options"))
            .await
            .expect("opens");
        let mut before = sqlx::migrate!("./migrations/sqlite");
        let all = before.migrations.to_vec();
        before.migrations = Cow::Owned(all.into_iter().filter(|m| m.version < 21).collect());
        before.run(&pool).await.expect("migrations 1 to 20");
        for sql in [
            "INSERT INTO players (platform, user_id, name, created_at, updated_at)
             VALUES ('console', 'alice', 'alice', 0, 0), ('console', 'bob', 'bob', 0, 0)",
            "INSERT INTO challenges (platform, channel, challenger_id, opponent_id, first,
                 rated, variant, advice, created_at, expires_at, updated_at)
             VALUES ('console', 'console', 1, 2, 'challenger', 1, 'abapa', 0, 0,
                 9999999999999, 0)",
            "INSERT INTO jobs (kind, challenge_id, due_at, created_at)
             VALUES ('challenge_expiry', 1, 9999999999999, 0)",
        ] {
            sqlx::query(sql).execute(&pool).await.expect("old rows");
        }
        pool.close().await;
        let store = crate::store::Store::open(&url)
            .await
            .expect("migrates to the end");
        let c = store
            .challenges()
            .challenge(crate::store::ChallengeId::new(1))
            .await
            .expect("reads")
            .expect("kept");
        assert_eq!(c.opponent.user(), Some("bob"));
        assert_eq!(c.status, ChallengeStatus::Pending);
        let jobs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE challenge_id = 1")
            .fetch_one(&store.reader)
            .await
            .expect("counts");
        assert_eq!(jobs, 1);
    }
}
