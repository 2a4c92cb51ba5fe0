//! Challenges: pending until accepted (which creates the game in the same
//! transaction), declined, cancelled or expired. Expiry is a stored job, so it
//! survives restarts and is announced once ([`Store::expire_challenge`]).

use sqlx::{FromRow, Sqlite, Transaction};

use super::{
    counts::{self, CapLimits},
    inbox,
    jobs::{self, Effects},
    NewGame, Store, StoreError,
};

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
    /// The time control, canonical (`none`, `3d`, `5+3`).
    pub time_control: String,
    /// Whether the player to move is reminded (correspondence games).
    pub reminders: bool,
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
    /// The time control, canonical (`none`, `3d`, `5+3`).
    pub time_control: String,
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
    /// Marks challenge `id` expired if it is still pending and its time is up, with
    /// the announcement in `effects`, and drops its expiry job, in one transaction.
    /// Returns whether it expired now.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenge(
        &self,
        id: i64,
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE id = ?2 AND status = 'pending' AND expires_at <= ?1",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 1 {
            jobs::apply(&mut tx, None, effects, now).await?;
        }
        sqlx::query("DELETE FROM jobs WHERE challenge_id = ? AND kind = 'challenge_expiry'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(updated == 1)
    }

    /// Stores a pending challenge and returns its id.
    ///
    /// # Errors
    /// [`StoreError::DuplicateChallenge`] if the challenger already has a pending
    /// challenge to this opponent; database failures.
    pub async fn create_challenge(&self, new: &NewChallenge, now: i64) -> Result<i64, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        inbox::claim(&mut tx).await?;
        if new.level.is_none() {
            counts::check_new_challenge(&mut tx, new.challenger_id, now, &new.caps).await?;
        }
        let id = insert_challenge(&mut tx, new, now).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Starts a game against the engine: stores the challenge `new` already
    /// accepted and its game, with the game's `effects`, in one transaction (a
    /// command handled twice cannot leave a challenge without its game). Returns the
    /// game's id.
    ///
    /// # Errors
    /// [`StoreError::DuplicateChallenge`] as [`Store::create_challenge`]; database
    /// failures.
    pub async fn start_engine_game(
        &self,
        new: &NewChallenge,
        game: &NewGame,
        effects: &Effects,
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        inbox::claim(&mut tx).await?;
        counts::check_new_game(&mut tx, [game.south_id, game.north_id], &game.caps).await?;
        let challenge = insert_challenge(&mut tx, new, now).await?;
        let game_id = accept(&mut tx, challenge, game, effects, now)
            .await?
            // The challenge was made pending and unexpired just above.
            .ok_or(StoreError::Db(sqlx::Error::RowNotFound))?;
        tx.commit().await?;
        Ok(game_id)
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
            "WHERE c.platform = ?1 AND c.status = 'pending' AND c.expires_at > ?3
               AND (a.user_id = ?2 OR b.user_id = ?2)
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
            "WHERE c.platform = ? AND b.user_id = ? AND c.level IS NULL
             ORDER BY c.id DESC LIMIT 1"
        ))
        .bind(platform)
        .bind(user_id)
        .fetch_optional(&self.reader)
        .await?)
    }

    /// Moves a pending, unexpired challenge to `status` (`declined` or `cancelled`).
    /// Returns `false` if it was no longer pending.
    ///
    /// # Errors
    /// Database failures.
    pub async fn close_challenge(
        &self,
        id: i64,
        status: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        inbox::claim(&mut tx).await?;
        let updated = sqlx::query(
            "UPDATE challenges SET status = ?, updated_at = ?
             WHERE id = ? AND status = 'pending' AND expires_at > ?",
        )
        .bind(status)
        .bind(now)
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query("DELETE FROM jobs WHERE challenge_id = ? AND kind = 'challenge_expiry'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(updated == 1)
    }

    /// Accepts a pending, unexpired challenge and creates its game in one transaction,
    /// with the game's `effects` (its clocks, first jobs and messages). Returns the new
    /// game's id, or `None` if the challenge was no longer pending (accepted twice at
    /// once, declined, cancelled or expired meanwhile).
    ///
    /// # Errors
    /// Database failures.
    pub async fn accept_challenge(
        &self,
        challenge: &ChallengeRow,
        game: &NewGame,
        effects: &Effects,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        inbox::claim(&mut tx).await?;
        counts::check_new_game(&mut tx, [game.south_id, game.north_id], &game.caps).await?;
        let Some(game_id) = accept(&mut tx, challenge.id, game, effects, now).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        tx.commit().await?;
        Ok(Some(game_id))
    }
}

/// Inserts a pending challenge (with its expiry job for a challenge to a person).
async fn insert_challenge(
    tx: &mut Transaction<'_, Sqlite>,
    new: &NewChallenge,
    now: i64,
) -> Result<i64, StoreError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (platform, space, channel, thread, challenger_id,
             opponent_id, first, rated, variant, advice, level, time_control, reminders,
             status, created_at, expires_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)
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
    .bind(&new.time_control)
    .bind(new.reminders)
    .bind(now)
    .bind(new.expires_at)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match e {
        sqlx::Error::Database(ref db) if db.is_unique_violation() => StoreError::DuplicateChallenge,
        e => StoreError::Db(e),
    })?;
    if new.level.is_none() {
        sqlx::query(
            "INSERT INTO jobs (kind, challenge_id, due_at, created_at)
             VALUES ('challenge_expiry', ?, ?, ?)",
        )
        .bind(id)
        .bind(new.expires_at)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(id)
}

/// Accepts pending, unexpired challenge `id` and creates its game (with the
/// challenge's place and options) and the game's `effects`. `None`, having changed
/// nothing, if the challenge was no longer pending.
async fn accept(
    tx: &mut Transaction<'_, Sqlite>,
    id: i64,
    game: &NewGame,
    effects: &Effects,
    now: i64,
) -> Result<Option<i64>, StoreError> {
    let updated = sqlx::query(
        "UPDATE challenges SET status = 'accepted', updated_at = ?1
         WHERE id = ?2 AND status = 'pending' AND expires_at > ?1",
    )
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Ok(None);
    }
    let game_id: i64 = sqlx::query_scalar(
        "INSERT INTO games (platform, space, channel, thread, south_id, north_id, variant,
             rated, advice, time_control, reminders, created_at, updated_at)
         SELECT platform, space, channel, thread, ?, ?, variant,
             rated, advice, time_control, reminders, ?, ?
         FROM challenges WHERE id = ?
         RETURNING id",
    )
    .bind(game.south_id)
    .bind(game.north_id)
    .bind(now)
    .bind(now)
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ?")
        .bind(game_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM jobs WHERE challenge_id = ? AND kind = 'challenge_expiry'")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    jobs::apply(tx, Some((game_id, 0)), effects, now).await?;
    Ok(Some(game_id))
}
