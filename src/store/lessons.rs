//! The beginner's lessons each person has solved (`/oware learn`).

use super::{Claim, StoreError};
use crate::platform::Platform;
use crate::store::LearningStore;

impl LearningStore<'_> {
    /// The lessons `user` on `platform` has solved, in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn lessons_done(self, platform: Platform, user: &str) -> Result<Vec<u8>, StoreError> {
        let done: Vec<i64> = sqlx::query_scalar(
            "SELECT lesson FROM lessons_done WHERE platform = $1 AND user_id = $2
             ORDER BY lesson",
        )
        .bind(platform.as_str())
        .bind(user)
        .fetch_all(&self.store.reader)
        .await?;
        Ok(done
            .into_iter()
            .filter_map(|lesson| u8::try_from(lesson).ok())
            .collect())
    }

    /// Records that `user` on `platform` solved `lesson` (once: solving it again
    /// changes nothing).
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before. Database failures.
    pub async fn record_lesson(
        self,
        claim: Claim<'_>,
        platform: Platform,
        user: &str,
        lesson: u8,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        sqlx::query(
            "INSERT INTO lessons_done (platform, user_id, lesson, solved_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, user_id, lesson) DO NOTHING",
        )
        .bind(platform.as_str())
        .bind(user)
        .bind(i64::from(lesson))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
