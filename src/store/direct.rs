//! Direct-message rooms: the private room the bot opened with a user, where the
//! replies only that user may see go (on Matrix; Discord has ephemeral replies).

use super::{now_ms, StoreError};
use crate::platform::Platform;
use crate::store::OutboxStore;

impl OutboxStore<'_> {
    /// The direct-message room recorded for `user_id` on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn dm_room(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT room_id FROM dm_rooms WHERE platform = $1 AND user_id = $2")
                .bind(platform.as_str())
                .bind(user_id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// Records (or replaces) the direct-message room with `user_id` on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_dm_room(
        self,
        platform: Platform,
        user_id: &str,
        room_id: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO dm_rooms (platform, user_id, room_id, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, user_id)
             DO UPDATE SET room_id = excluded.room_id, created_at = excluded.created_at",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .bind(room_id)
        .bind(now_ms())
        .execute(&self.store.writer)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_dm_room_is_remembered_per_user_and_network_and_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("dm.db");
        let store = crate::store::Store::open(url.to_str().expect("utf-8"))
            .await
            .expect("opens");
        assert_eq!(
            store
                .outbox()
                .dm_room(Platform::Matrix, "@a:x")
                .await
                .expect("reads"),
            None
        );
        store
            .outbox()
            .set_dm_room(Platform::Matrix, "@a:x", "!one:x")
            .await
            .expect("writes");
        assert_eq!(
            store
                .outbox()
                .dm_room(Platform::Matrix, "@a:x")
                .await
                .expect("reads")
                .as_deref(),
            Some("!one:x")
        );
        assert_eq!(
            store
                .outbox()
                .dm_room(Platform::Discord, "@a:x")
                .await
                .expect("reads"),
            None
        );
        store
            .outbox()
            .set_dm_room(Platform::Matrix, "@a:x", "!two:x")
            .await
            .expect("writes");
        assert_eq!(
            store
                .outbox()
                .dm_room(Platform::Matrix, "@a:x")
                .await
                .expect("reads")
                .as_deref(),
            Some("!two:x")
        );
    }
}
