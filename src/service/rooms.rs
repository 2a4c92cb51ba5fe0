//! Where replies go: the thread an adapter opened for a game and the direct-message
//! room it opened with a user, as its receipts report them.

use super::{view, Place, Platform, ServiceError};
use crate::service::cases::Delivery;

impl Delivery<'_> {
    /// Ties `game_id` to the thread an adapter opened for it (after a reply asked for
    /// one with [`Reply::open_thread`]): later commands in that thread mean that game.
    /// The thread id is `place.thread`, or `place.channel` when the platform models
    /// threads as channels and leaves `thread` empty.
    ///
    /// # Errors
    /// [`ServiceError::NoSuchGame`] for an unknown game; database failures.
    pub async fn set_thread(
        &self,
        game_id: crate::store::GameId,
        place: &Place,
    ) -> Result<(), ServiceError> {
        let thread = place.thread.as_deref().unwrap_or(&place.channel);
        match self.core.store.games().game(game_id).await? {
            Some(row) if place.holds(row.platform, row.space.as_deref(), &row.channel) => {
                self.core.store.games().set_thread(game_id, thread).await?;
                Ok(())
            }
            _ => Err(ServiceError::NoSuchGame(game_id)),
        }
    }

    /// The direct-message room recorded for `user_id` on `platform` (where their
    /// private replies go), if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn dm_room(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<String>, ServiceError> {
        Ok(self.core.store.outbox().dm_room(platform, user_id).await?)
    }

    /// Records the direct-message room an adapter opened with `user_id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_dm_room(
        &self,
        platform: Platform,
        user_id: &str,
        room: &str,
    ) -> Result<(), ServiceError> {
        Ok(self
            .core
            .store
            .outbox()
            .set_dm_room(platform, user_id, room)
            .await?)
    }

    /// Where `game_id`'s thread is (its channel and thread id), when an adapter
    /// recorded one with `Delivery::set_thread`; `None` for an unknown game or one
    /// without a thread.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_thread(
        &self,
        game_id: crate::store::GameId,
    ) -> Result<Option<Place>, ServiceError> {
        Ok(self
            .core
            .store
            .games()
            .game(game_id)
            .await?
            .and_then(|row| view::thread_of(&row)))
    }
}
