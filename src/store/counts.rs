//! Counts behind the service's caps: what one user (and everyone) has open.

use super::{Store, StoreError};

impl Store {
    /// Pending, unexpired challenges `user_id` has made on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pending_challenges_made(
        &self,
        platform: &str,
        user_id: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM challenges c JOIN players p ON p.id = c.challenger_id
             WHERE c.platform = ?1 AND p.user_id = ?2 AND c.status = 'pending'
               AND c.expires_at > ?3",
        )
        .bind(platform)
        .bind(user_id)
        .bind(now)
        .fetch_one(&self.reader)
        .await?)
    }

    /// Active games `user_id` plays in on `platform`: all of them, and those against
    /// a bot.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_count(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<(i64, i64), StoreError> {
        Ok(sqlx::query_as(
            "SELECT COUNT(*), COALESCE(SUM(s.is_bot OR n.is_bot), 0) FROM games g
             JOIN players s ON s.id = g.south_id
             JOIN players n ON n.id = g.north_id
             WHERE g.platform = ?1 AND g.status = 'active'
               AND (s.user_id = ?2 OR n.user_id = ?2)",
        )
        .bind(platform)
        .bind(user_id)
        .fetch_one(&self.reader)
        .await?)
    }

    /// Active games against a bot, on every network.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_engine_games(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM games g
             JOIN players s ON s.id = g.south_id
             JOIN players n ON n.id = g.north_id
             WHERE g.status = 'active' AND (s.is_bot OR n.is_bot)",
        )
        .fetch_one(&self.reader)
        .await?)
    }
}
