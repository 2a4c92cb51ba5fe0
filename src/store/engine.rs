//! What the engine opponent needs from the database: a game's engine level, kept on
//! the challenge the game was started from.

use super::StoreError;
use crate::play::level::Level;
use crate::store::GameStore;

impl GameStore<'_> {
    /// The engine level of a game against the bot, or
    /// `None` for a game between people.
    ///
    /// # Errors
    /// Database failures.
    pub async fn engine_level(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Option<Level>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT level FROM challenges WHERE game_id = $1 AND level IS NOT NULL LIMIT 1",
        )
        .bind(game_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }
}
