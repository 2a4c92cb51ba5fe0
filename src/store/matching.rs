//! The writes that make, answer and expire challenges: accepting one creates its game
//! (with the game's first jobs) in the same transaction; expiry is a stored job, so it
//! survives restarts and is announced once ([`Store::expire_challenge`]). Each write
//! counts the caps and records the incoming event inside its own transaction.

use crate::store::words::{challenge_accepted, challenge_expired, challenge_pending};
use crate::store::ChallengeStore;
use sqlx::{Any, Transaction};

use crate::play::level::Level;

use super::constraint::Constraint;
use super::{
    challenges::{ChallengeRow, NewChallenge},
    counts,
    effects::{self, Effects},
    user_settings, Claim, NewGame, StoreError,
};

impl ChallengeStore<'_> {
    /// Marks challenge `id` expired if it is still pending and its time is up, with
    /// the announcement in `effects`, and drops its expiry job, in one transaction.
    /// Returns whether it expired now.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenge(
        self,
        claim: Claim<'_>,
        id: crate::store::ChallengeId,
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let updated = sqlx::query(concat!(
            "UPDATE challenges SET status = '",
            challenge_expired!(),
            "', updated_at = $1
             WHERE id = $2 AND status = '",
            challenge_pending!(),
            "' AND expires_at <= $1"
        ))
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 1 {
            effects::apply(&mut tx, None, effects, now).await?;
        }
        drop_expiry(&mut tx, id).await?;
        tx.commit().await?;
        Ok(updated == 1)
    }

    /// Stores a pending challenge with its `effects` (their messages are about it)
    /// and returns its id.
    ///
    /// # Errors
    /// [`StoreError::DuplicateChallenge`] if the challenger already has a pending
    /// challenge to this opponent; database failures.
    pub async fn create_challenge(
        self,
        claim: Claim<'_>,
        new: &NewChallenge,
        effects: &Effects,
        now: i64,
    ) -> Result<crate::store::ChallengeId, StoreError> {
        let mut tx = self.store.write(claim).await?;
        if new.level.is_none() {
            counts::check_new_challenge(&mut tx, new.challenger_id, now, &new.caps).await?;
        }
        let id = insert_challenge(&mut tx, new, now).await?;
        effects::apply_challenge(&mut tx, id, effects, now).await?;
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
        self,
        claim: Claim<'_>,
        new: &NewChallenge,
        game: &NewGame,
        effects: &Effects,
        now: i64,
    ) -> Result<super::GameId, StoreError> {
        let mut tx = self.store.write(claim).await?;
        counts::check_new_game(
            &mut tx,
            [game.south_id.get(), game.north_id.get()],
            &game.caps,
        )
        .await?;
        let challenge = insert_challenge(&mut tx, new, now).await?;
        let game_id = accept(&mut tx, challenge, None, game, effects, now)
            .await?
            // The challenge was made pending and unexpired just above.
            .ok_or(StoreError::Db(sqlx::Error::RowNotFound))?;
        if let Some(user) = &game.legend_for {
            user_settings::mark_legend_in(&mut tx, new.platform, user, now).await?;
        }
        tx.commit().await?;
        Ok(game_id)
    }

    /// Moves a pending, unexpired challenge to `status` (`declined` or `cancelled`).
    /// Returns `false` if it was no longer pending.
    ///
    /// # Errors
    /// Database failures.
    pub async fn close_challenge(
        self,
        claim: Claim<'_>,
        id: crate::store::ChallengeId,
        status: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let updated = sqlx::query(concat!(
            "UPDATE challenges SET status = $1, updated_at = $2
             WHERE id = $3 AND status = '",
            challenge_pending!(),
            "' AND expires_at > $4"
        ))
        .bind(status)
        .bind(now)
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        drop_expiry(&mut tx, id).await?;
        tx.commit().await?;
        Ok(updated == 1)
    }

    /// Accepts a pending, unexpired challenge and creates its game in one transaction,
    /// with the game's `effects` (its clocks, first jobs and messages); `taker`, the
    /// accepting player's row id, becomes the opponent of an open challenge. Returns
    /// the new game's id, or `None` if the challenge was no longer pending (accepted
    /// twice at once, declined, cancelled or expired meanwhile).
    ///
    /// # Errors
    /// Database failures.
    pub async fn accept_challenge(
        self,
        claim: Claim<'_>,
        challenge: &ChallengeRow,
        taker: crate::store::PlayerId,
        game: &NewGame,
        effects: &Effects,
        now: i64,
    ) -> Result<Option<super::GameId>, StoreError> {
        let mut tx = self.store.write(claim).await?;
        counts::check_new_game(
            &mut tx,
            [game.south_id.get(), game.north_id.get()],
            &game.caps,
        )
        .await?;
        let accepted = accept(&mut tx, challenge.id, Some(taker), game, effects, now).await?;
        let Some(game_id) = accepted else {
            tx.rollback().await?;
            return Ok(None);
        };
        if let Some(user) = &game.legend_for {
            user_settings::mark_legend_in(&mut tx, challenge.platform, user, now).await?;
        }
        tx.commit().await?;
        Ok(Some(game_id))
    }
}

/// Inserts a pending challenge (with its expiry job for a challenge to a person).
async fn insert_challenge(
    tx: &mut Transaction<'_, Any>,
    new: &NewChallenge,
    now: i64,
) -> Result<crate::store::ChallengeId, StoreError> {
    let id: super::ChallengeId = sqlx::query_scalar(concat!(
        "INSERT INTO challenges (platform, space, channel, thread, challenger_id,
             opponent_id, first, rated, variant, advice, level, time_control, reminders,
             status, created_at, expires_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '",
        challenge_pending!(),
        "', $14, $15, $16)
         RETURNING id"
    ))
    .bind(new.platform.as_str())
    .bind(&new.space)
    .bind(&new.channel)
    .bind(&new.thread)
    .bind(new.challenger_id)
    .bind(new.opponent_id)
    .bind(new.first.as_str())
    .bind(new.rated)
    .bind(new.variant.as_str())
    .bind(new.advice)
    .bind(new.level.map(Level::as_str))
    .bind(new.time_control.to_string())
    .bind(new.reminders)
    .bind(now)
    .bind(new.expires_at)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match Constraint::violated_by(&e) {
        Some(Constraint::OnePendingChallenge | Constraint::OneOpenChallenge) => {
            StoreError::DuplicateChallenge
        }
        None => StoreError::from(e),
    })?;
    if new.level.is_none() {
        sqlx::query(
            "INSERT INTO jobs (kind, challenge_id, due_at, created_at)
             VALUES ('challenge_expiry', $1, $2, $3)",
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
/// challenge's place and options, and the clocks of `effects`) and the game's
/// `effects`; `taker` becomes the opponent of an open challenge. `None`, having
/// changed nothing, if the challenge was no longer pending. Four statements: the
/// game, guarded by the challenge's state; the challenge; its expiry job; the
/// game's jobs and messages.
async fn accept(
    tx: &mut Transaction<'_, Any>,
    id: super::ChallengeId,
    taker: Option<crate::store::PlayerId>,
    game: &NewGame,
    effects: &Effects,
    now: i64,
) -> Result<Option<super::GameId>, StoreError> {
    let clock = effects.clock;
    let game_id: Option<crate::store::GameId> = sqlx::query_scalar(concat!(
        "INSERT INTO games (platform, space, channel, thread, south_id, north_id, variant,
             rated, advice, time_control, reminders, created_at, updated_at,
             south_left_ms, north_left_ms, turn_started_at, deadline_at, web_slug)
         SELECT platform, space, channel, thread, $1, $2, variant,
             rated, advice, time_control, reminders, $3, $3,
             COALESCE($6, 0), COALESCE($7, 0), $8, $9, $10
         FROM challenges
         WHERE id = $4 AND status = '",
        challenge_pending!(),
        "' AND expires_at > $3
           AND COALESCE(opponent_id, $5) IS NOT NULL
         RETURNING id"
    ))
    .bind(game.south_id)
    .bind(game.north_id)
    .bind(now)
    .bind(id)
    .bind(taker)
    .bind(clock.map(|c| c.left_ms[0]))
    .bind(clock.map(|c| c.left_ms[1]))
    .bind(clock.map(|c| c.turn_started_at))
    .bind(clock.and_then(|c| c.deadline_at))
    // Its page's slug, given with the game: reading the page never writes.
    .bind(super::web::fresh_slug())
    .fetch_optional(&mut **tx)
    .await?;
    let Some(game_id) = game_id else {
        return Ok(None);
    };
    sqlx::query(concat!(
        "UPDATE challenges SET status = '",
        challenge_accepted!(),
        "', updated_at = $1, game_id = $2,
             opponent_id = COALESCE(opponent_id, $3)
         WHERE id = $4"
    ))
    .bind(now)
    .bind(game_id)
    .bind(taker)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    drop_expiry(tx, id).await?;
    effects::apply_new(tx, game_id, effects, now).await?;
    Ok(Some(game_id))
}

/// Drops challenge `id`'s expiry job: it was answered, withdrawn or expired.
async fn drop_expiry(
    tx: &mut Transaction<'_, Any>,
    id: crate::store::ChallengeId,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM jobs WHERE challenge_id = $1 AND kind = 'challenge_expiry'")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
