//! Retention: what the bot no longer needs is deleted, a small batch per
//! transaction so no batch holds the write lock long (the service runs it, see
//! `service::retention`):
//! - outbox messages **sent** before a cut-off: a sent message is never read again
//!   (edits go through `anchors`, a table of their own). Unsent messages wait for
//!   delivery and dead ones for `/oware admin redeliver`: never deleted;
//! - inbox events handled before a cut-off: an event is remembered only as long as a
//!   platform may deliver it again (see `inbox`), which the cut-off must outlast.

use super::claim::{Claim, Unique};
use super::{Store, StoreError};

impl Store {
    /// Deletes at most `batch` outbox messages sent before `before` (Unix ms),
    /// oldest first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_sent_messages(&self, before: i64, batch: i64) -> Result<u64, StoreError> {
        let mut tx = self.write(Claim::Unique(Unique::Upkeep)).await?;
        let deleted = sqlx::query(
            "DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox WHERE sent_at < $1 ORDER BY sent_at LIMIT $2)",
        )
        .bind(before)
        .bind(batch)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(deleted)
    }

    /// Deletes at most `batch` inbox events handled before `before` (Unix ms),
    /// oldest first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_handled_events(&self, before: i64, batch: i64) -> Result<u64, StoreError> {
        let mut tx = self.write(Claim::Unique(Unique::Upkeep)).await?;
        let deleted = sqlx::query(
            "DELETE FROM inbox WHERE (platform, event_id) IN (
                 SELECT platform, event_id FROM inbox WHERE handled_at < $1
                 ORDER BY handled_at LIMIT $2)",
        )
        .bind(before)
        .bind(batch)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(deleted)
    }
}
