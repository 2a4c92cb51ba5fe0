//! Counts behind the service's caps: what one user (and everyone) has open. The
//! service asks first, for a friendly early refusal; the writes that create a
//! challenge or a game count again inside their own transaction, which is what makes
//! a cap hold when commands arrive at once.

use crate::store::words::{challenge_pending, game_active};
use crate::store::GameStore;
use sqlx::{Any, Transaction};

use super::StoreError;
use crate::platform::Platform;

/// Which cap was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// Pending challenges one player made.
    PendingChallenges,
    /// Active games one player plays.
    ActiveGames,
    /// Active games one player plays against the engine.
    EngineGamesPerUser,
    /// Active games against the engine in all.
    EngineGames,
}

/// The caps a write enforces (`None`: no cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CapLimits {
    /// Pending challenges one player made.
    pub pending_challenges: Option<i64>,
    /// Active games one player plays.
    pub active_games: Option<i64>,
    /// Active games one player plays against the engine.
    pub engine_games_per_user: Option<i64>,
    /// Active games against the engine in all.
    pub engine_games: Option<i64>,
}

/// Fails with [`StoreError::CapReached`] when `count` has reached `limit`.
fn within(cap: Cap, count: i64, limit: Option<i64>) -> Result<(), StoreError> {
    match limit {
        Some(limit) if count >= limit => Err(StoreError::CapReached { cap, limit }),
        _ => Ok(()),
    }
}

/// Inside a challenge's creation: the challenger's pending challenges.
pub(super) async fn check_new_challenge(
    tx: &mut Transaction<'_, Any>,
    challenger_id: super::PlayerId,
    now: i64,
    caps: &CapLimits,
) -> Result<(), StoreError> {
    if caps.pending_challenges.is_none() {
        return Ok(());
    }
    let pending: i64 = sqlx::query_scalar(concat!(
        "SELECT COUNT(*) FROM challenges
         WHERE challenger_id = $1 AND status = '",
        challenge_pending!(),
        "' AND expires_at > $2 AND level IS NULL"
    ))
    .bind(challenger_id)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    within(Cap::PendingChallenges, pending, caps.pending_challenges)
}

/// Inside a game's creation: each person's active games and, for a game against the
/// engine, the person's and everyone's engine games.
pub(super) async fn check_new_game(
    tx: &mut Transaction<'_, Any>,
    players: [i64; 2],
    caps: &CapLimits,
) -> Result<(), StoreError> {
    // Both seats in one statement.
    let seats: Vec<(super::Flag, i64, i64)> = sqlx::query_as(concat!(
        "SELECT p.is_bot,
                (SELECT COUNT(*) FROM games g WHERE g.status = '",
        game_active!(),
        "'
                   AND (g.south_id = p.id OR g.north_id = p.id)),
                (SELECT COUNT(*) FROM games g
                   JOIN players s ON s.id = g.south_id JOIN players n ON n.id = g.north_id
                   WHERE g.status = '",
        game_active!(),
        "' AND (g.south_id = p.id OR g.north_id = p.id)
                     AND (s.is_bot OR n.is_bot))
         FROM players p WHERE p.id IN ($1, $2)"
    ))
    .bind(players[0])
    .bind(players[1])
    .fetch_all(&mut **tx)
    .await?;
    let distinct = if players[0] == players[1] { 1 } else { 2 };
    if seats.len() != distinct {
        return Err(StoreError::Db(sqlx::Error::RowNotFound));
    }
    let engine_game = seats.iter().any(|&(is_bot, _, _)| is_bot.0);
    for &(super::Flag(is_bot), active, against_engine) in &seats {
        if is_bot {
            continue;
        }
        within(Cap::ActiveGames, active, caps.active_games)?;
        if engine_game {
            within(
                Cap::EngineGamesPerUser,
                against_engine,
                caps.engine_games_per_user,
            )?;
        }
    }
    if engine_game && caps.engine_games.is_some() {
        let total: i64 = sqlx::query_scalar(concat!(
            "SELECT COUNT(*) FROM games g
             JOIN players s ON s.id = g.south_id JOIN players n ON n.id = g.north_id
             WHERE g.status = '",
            game_active!(),
            "' AND (s.is_bot OR n.is_bot)"
        ))
        .fetch_one(&mut **tx)
        .await?;
        within(Cap::EngineGames, total, caps.engine_games)?;
    }
    Ok(())
}

impl GameStore<'_> {
    /// Pending, unexpired challenges `user_id` has made on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pending_challenges_made(
        self,
        platform: Platform,
        user_id: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(concat!(
            "SELECT COUNT(*) FROM challenges c JOIN players p ON p.id = c.challenger_id
             WHERE c.platform = $1 AND p.user_id = $2 AND c.status = '",
            challenge_pending!(),
            "'
               AND c.expires_at > $3"
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .bind(now)
        .fetch_one(&self.store.reader)
        .await?)
    }

    /// Active games `user_id` plays in on `platform`: all of them, and those against
    /// a bot.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_count(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<(i64, i64), StoreError> {
        Ok(sqlx::query_as(
            concat!("SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN s.is_bot OR n.is_bot THEN 1 ELSE 0 END), 0) AS BIGINT) FROM games g
             JOIN players s ON s.id = g.south_id
             JOIN players n ON n.id = g.north_id
             WHERE g.platform = $1 AND g.status = '", game_active!(), "'
               AND (s.user_id = $2 OR n.user_id = $2)"),
        )
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_one(&self.store.reader)
        .await?)
    }

    /// Active games against a bot, on every network.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_engine_games(self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(concat!(
            "SELECT COUNT(*) FROM games g
             JOIN players s ON s.id = g.south_id
             JOIN players n ON n.id = g.north_id
             WHERE g.status = '",
            game_active!(),
            "' AND (s.is_bot OR n.is_bot)"
        ))
        .fetch_one(&self.store.reader)
        .await?)
    }
}
