//! Retention: what the bot no longer needs is deleted, a small batch per
//! transaction so no batch holds the write lock long (the service runs it, see
//! `service::retention`):
//! - outbox messages **sent** before a cut-off: a sent message is never read again
//!   (edits go through `anchors`, a table of their own). Unsent messages wait for
//!   delivery: never deleted;
//! - outbox messages **dead** before the same cut-off: `/oware admin redeliver` may
//!   send them again during the retention period, not after;
//! - anchors (`analysis-<game>-<ms>-<user id>`: the platform id of a message a
//!   later one replaces) recorded before the cut-off: the review that completes one
//!   comes within minutes;
//! - link codes once expired (10 minutes by default; used or not): a code is
//!   only kept while it can be typed;
//! - inbox events handled before a cut-off: an event is remembered only as long as a
//!   platform may deliver it again (see `inbox`), which the cut-off must outlast.

use super::claim::{Claim, Unique};
use super::StoreError;
use crate::store::OutboxStore;

impl OutboxStore<'_> {
    /// Deletes at most `batch` outbox messages sent before `before` (Unix ms),
    /// oldest first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_sent_messages(self, before: i64, batch: i64) -> Result<u64, StoreError> {
        self.prune(
            "DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox WHERE sent_at < $1 ORDER BY sent_at LIMIT $2)",
            before,
            batch,
        )
        .await
    }

    /// Deletes at most `batch` inbox events handled before `before` (Unix ms),
    /// oldest first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_handled_events(self, before: i64, batch: i64) -> Result<u64, StoreError> {
        self.prune(
            "DELETE FROM inbox WHERE (platform, event_id) IN (
                 SELECT platform, event_id FROM inbox WHERE handled_at < $1
                 ORDER BY handled_at LIMIT $2)",
            before,
            batch,
        )
        .await
    }

    /// Deletes at most `batch` outbox messages dead since before `before` (Unix
    /// ms), oldest first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_dead_messages(self, before: i64, batch: i64) -> Result<u64, StoreError> {
        self.prune(
            "DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox WHERE dead_at < $1 ORDER BY dead_at LIMIT $2)",
            before,
            batch,
        )
        .await
    }

    /// Deletes at most `batch` anchors recorded before `before` (Unix ms), oldest
    /// first, in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_anchors(self, before: i64, batch: i64) -> Result<u64, StoreError> {
        self.prune(
            "DELETE FROM anchors WHERE (platform, anchor) IN (
                 SELECT platform, anchor FROM anchors WHERE created_at < $1
                 ORDER BY created_at LIMIT $2)",
            before,
            batch,
        )
        .await
    }

    /// Deletes at most `batch` link codes expired at `now` (Unix ms), used or not,
    /// in one transaction; returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prune_link_codes(self, now: i64, batch: i64) -> Result<u64, StoreError> {
        self.prune(
            "DELETE FROM link_codes WHERE code IN (
                 SELECT code FROM link_codes WHERE expires_at <= $1
                 ORDER BY expires_at LIMIT $2)",
            now,
            batch,
        )
        .await
    }

    /// Runs one pruning statement (`$1` the cut-off, `$2` the batch) in its own
    /// transaction.
    async fn prune(self, sql: &'static str, cut_off: i64, batch: i64) -> Result<u64, StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        let deleted = sqlx::query(sql)
            .bind(cut_off)
            .bind(batch)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(deleted)
    }
}
