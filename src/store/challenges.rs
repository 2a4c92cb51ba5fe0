//! Challenges: pending until accepted (which creates the game in the same
//! transaction), declined, cancelled or expired. Expiry is stored, so it survives
//! restarts; it is applied lazily by [`Store::expire_challenges`].

use sqlx::FromRow;

use super::{now_ms, NewGame, Store, StoreError};

/// A challenge as stored, with both players' ids and names.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct ChallengeRow {
    /// The challenge id.
    pub id: i64,
    /// `console`, `discord` or `matrix`.
    pub platform: String,
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
    pub first: String,
    /// Rated or casual.
    pub rated: bool,
    /// The rules variant's name.
    pub variant: String,
    /// Whether onlookers may advise.
    pub advice: bool,
    /// The engine level, for games against the bot.
    pub level: Option<String>,
    /// `pending`, `accepted`, `declined`, `cancelled` or `expired`.
    pub status: String,
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
    /// `console`, `discord` or `matrix`.
    pub platform: String,
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
    pub first: &'static str,
    /// Rated or casual.
    pub rated: bool,
    /// The rules variant's name.
    pub variant: &'static str,
    /// Whether onlookers may advise.
    pub advice: bool,
    /// The engine level, for games against the bot.
    pub level: Option<&'static str>,
    /// When it expires (Unix ms).
    pub expires_at: i64,
}

macro_rules! select_challenge {
    () => {
        "SELECT c.id, c.platform, c.space, c.channel, c.thread,
                c.challenger_id, a.user_id AS challenger_user, a.name AS challenger_name,
                c.opponent_id, b.user_id AS opponent_user, b.name AS opponent_name,
                c.first, c.rated, c.variant, c.advice, c.level, c.status, c.game_id,
                c.created_at, c.expires_at
         FROM challenges c
         JOIN players a ON a.id = c.challenger_id
         JOIN players b ON b.id = c.opponent_id "
    };
}

impl Store {
    /// Marks every pending challenge whose time is up as expired; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenges(&self, now: i64) -> Result<u64, StoreError> {
        Ok(sqlx::query(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE status = 'pending' AND expires_at <= ?1",
        )
        .bind(now)
        .execute(&self.writer)
        .await?
        .rows_affected())
    }

    /// Stores a pending challenge and returns its id.
    ///
    /// # Errors
    /// [`StoreError::DuplicateChallenge`] if the challenger already has a pending
    /// challenge to this opponent; database failures.
    pub async fn create_challenge(&self, new: &NewChallenge) -> Result<i64, StoreError> {
        let now = now_ms();
        sqlx::query_scalar(
            "INSERT INTO challenges (platform, space, channel, thread, challenger_id,
                 opponent_id, first, rated, variant, advice, level, status, created_at,
                 expires_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)
             RETURNING id",
        )
        .bind(&new.platform)
        .bind(&new.space)
        .bind(&new.channel)
        .bind(&new.thread)
        .bind(new.challenger_id)
        .bind(new.opponent_id)
        .bind(new.first)
        .bind(new.rated)
        .bind(new.variant)
        .bind(new.advice)
        .bind(new.level)
        .bind(now)
        .bind(new.expires_at)
        .bind(now)
        .fetch_one(&self.writer)
        .await
        .map_err(|e| match e {
            sqlx::Error::Database(ref db) if db.is_unique_violation() => {
                StoreError::DuplicateChallenge
            }
            e => StoreError::Db(e),
        })
    }

    /// One challenge by id, whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(
            sqlx::query_as(concat!(select_challenge!(), "WHERE c.id = ?"))
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    /// Pending challenges a user made or received on their network, oldest first.
    /// Call [`Store::expire_challenges`] first to leave out the stale ones.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pending_challenges_of(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_challenge!(),
            "WHERE c.platform = ?1 AND c.status = 'pending'
               AND (a.user_id = ?2 OR b.user_id = ?2)
             ORDER BY c.id"
        ))
        .bind(platform)
        .bind(user_id)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Moves a pending, unexpired challenge to `status` (`declined` or `cancelled`).
    /// Returns `false` if it was no longer pending.
    ///
    /// # Errors
    /// Database failures.
    pub async fn close_challenge(&self, id: i64, status: &str) -> Result<bool, StoreError> {
        let now = now_ms();
        let updated = sqlx::query(
            "UPDATE challenges SET status = ?, updated_at = ?
             WHERE id = ? AND status = 'pending' AND expires_at > ?",
        )
        .bind(status)
        .bind(now)
        .bind(id)
        .bind(now)
        .execute(&self.writer)
        .await?
        .rows_affected();
        Ok(updated == 1)
    }

    /// Accepts a pending, unexpired challenge and creates its game in one transaction.
    /// Returns the new game's id, or `None` if the challenge was no longer pending
    /// (accepted twice at once, declined, cancelled or expired meanwhile).
    ///
    /// # Errors
    /// Database failures.
    pub async fn accept_challenge(
        &self,
        challenge: &ChallengeRow,
        game: &NewGame,
    ) -> Result<Option<i64>, StoreError> {
        let now = now_ms();
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE challenges SET status = 'accepted', updated_at = ?1
             WHERE id = ?2 AND status = 'pending' AND expires_at > ?1",
        )
        .bind(now)
        .bind(challenge.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let game_id: i64 = sqlx::query_scalar(
            "INSERT INTO games (platform, space, channel, thread, south_id, north_id, variant,
                 rated, advice, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING id",
        )
        .bind(&challenge.platform)
        .bind(&challenge.space)
        .bind(&challenge.channel)
        .bind(&challenge.thread)
        .bind(game.south_id)
        .bind(game.north_id)
        .bind(&challenge.variant)
        .bind(challenge.rated)
        .bind(challenge.advice)
        .bind(now)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ?")
            .bind(game_id)
            .bind(challenge.id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(game_id))
    }
}
