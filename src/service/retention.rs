//! Retention: sent and dead outbox messages, anchors and handled inbox events older
//! than `OWARE_RETENTION_DAYS` (30 by default), and link codes once expired, are
//! deleted, at start-up and every hour, a small batch per transaction so the
//! commands' writes pass in between (see `store::retention`: unsent messages are
//! always kept). A forget's clean-up that a stop interrupted is finished first.
//!
//! The inbox must remember an event for as long as a platform may deliver it again.
//! Matrix redelivers only what it delivered after its last saved sync token, and the
//! adapter's journal what it had not finished handling: both come back at the next
//! start. So the inbox's window is counted while the bot runs: at a start after a
//! long stop, the time the bot was away is added to it, and events handled just
//! before the stop outlive a stop longer than the retention period.

use crate::service::cases::Moderation;
use crate::service::cases::Scheduler;
use std::sync::Arc;
use std::time::Duration;

/// How often the pruning runs.
pub(super) const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// Rows deleted per transaction: a few milliseconds of the write lock.
const BATCH: i64 = 500;

/// What one pruning deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Sent outbox messages.
    pub messages: u64,
    /// Handled inbox events.
    pub events: u64,
    /// Dead outbox messages.
    pub dead: u64,
    /// Anchors of messages to edit.
    pub anchors: u64,
    /// Expired link codes.
    pub link_codes: u64,
}

impl Scheduler<'_> {
    /// Deletes the outbox messages sent, and the inbox events handled, longer ago
    /// than the retention period; inbox events are kept `away_ms` longer (the time
    /// the bot was stopped before this start). Returns how many of each, also
    /// logged. The scheduler runs it every hour (see `Scheduler::run_scheduler`);
    /// tests that drive time themselves call it directly.
    pub async fn prune_old(&self, away_ms: i64) -> Pruned {
        // A forget's clean-up that a stop interrupted is finished first.
        Moderation::new(self.core).scrub_forgotten().await;
        let keep = i64::try_from(self.core.config.retention.as_millis()).unwrap_or(i64::MAX);
        let sent_before = self.core.now().saturating_sub(keep);
        let handled_before = sent_before.saturating_sub(away_ms.max(0));
        let mut pruned = Pruned::default();
        let now = self.core.now();
        let steps = [
            (
                drain(|| {
                    self.core
                        .store
                        .outbox()
                        .prune_sent_messages(sent_before, BATCH)
                })
                .await,
                &mut pruned.messages,
                "sent outbox messages",
            ),
            (
                drain(|| {
                    self.core
                        .store
                        .outbox()
                        .prune_handled_events(handled_before, BATCH)
                })
                .await,
                &mut pruned.events,
                "handled inbox events",
            ),
            (
                drain(|| {
                    self.core
                        .store
                        .outbox()
                        .prune_dead_messages(sent_before, BATCH)
                })
                .await,
                &mut pruned.dead,
                "dead outbox messages",
            ),
            (
                drain(|| self.core.store.outbox().prune_anchors(sent_before, BATCH)).await,
                &mut pruned.anchors,
                "anchors",
            ),
            (
                drain(|| self.core.store.outbox().prune_link_codes(now, BATCH)).await,
                &mut pruned.link_codes,
                "expired link codes",
            ),
        ];
        for (result, count, what) in steps {
            match result {
                Ok(n) => *count = n,
                Err(err) => tracing::error!(error = %err, "cannot prune the {what}"),
            }
        }
        let days = self.core.config.retention.as_secs() / (24 * 3600);
        if pruned == Pruned::default() {
            tracing::debug!(retention_days = days, "nothing to prune");
        } else {
            tracing::info!(
                messages = pruned.messages,
                events = pruned.events,
                dead = pruned.dead,
                anchors = pruned.anchors,
                link_codes = pruned.link_codes,
                retention_days = days,
                "pruned what is past the retention period"
            );
        }
        pruned
    }

    /// Prunes now, then every [`PRUNE_EVERY`], until the service stops; `away_ms`
    /// as in `Scheduler::prune_old`.
    pub(super) async fn prune_periodically(core: Arc<super::core::Core>, away_ms: i64) {
        loop {
            Scheduler::new(&core).prune_old(away_ms).await;
            tokio::time::sleep(PRUNE_EVERY).await;
        }
    }
}

/// Runs `batch` until it deletes less than a full batch; returns the total. Yields
/// between batches, so the writes waiting for the lock go first.
async fn drain<F, Fut>(mut batch: F) -> Result<u64, crate::store::StoreError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<u64, crate::store::StoreError>>,
{
    let mut total = 0;
    loop {
        let deleted = batch().await?;
        total += deleted;
        if deleted < BATCH.unsigned_abs() {
            return Ok(total);
        }
        tokio::task::yield_now().await;
    }
}
