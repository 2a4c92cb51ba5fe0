//! Delivery bookkeeping of the outbox, kept as a mail server keeps its queue:
//! - a message is sent, or it fails. A failure backs off its **destination** (the
//!   platform's channel or room) with exponential backoff and jitter, so the
//!   destination's later messages wait behind it (their order is kept) while other
//!   destinations go on;
//! - a message is retried for [`RETRY_PERIOD_MS`] (24 hours) from when it was
//!   queued, then it is **dead**: kept with its last error, counted by
//!   `/oware admin status`, and re-queued by `/oware admin redeliver`;
//! - a permanent failure (the channel is gone, the bot has no access) makes it dead at
//!   once.
//!
//! A message is never marked sent unless it was.

use super::moderation::insert_audit;
use super::{Claim, NewAudit, StoreError, Unique};
use crate::platform::Platform;
use crate::store::OutboxStore;

/// How long a message is retried, from when it was queued (or re-queued).
pub const RETRY_PERIOD_MS: i64 = 24 * 60 * 60 * 1000;
/// The wait after a destination's first failure; it doubles with each failure.
const FIRST_BACKOFF_MS: i64 = 1_000;
/// The longest wait between two tries of one destination.
pub const MAX_BACKOFF_MS: i64 = 60_000;

/// Why a delivery failed, as the adapter judged the platform's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeliveryFailure {
    /// It may work later: a server error, a timeout, no connection, a rate limit.
    Transient(String),
    /// It never will: the channel or room is gone, or the bot may not post there.
    Permanent(String),
}

impl DeliveryFailure {
    /// What went wrong, as recorded.
    #[must_use]
    pub fn reason(&self) -> &str {
        match self {
            DeliveryFailure::Transient(reason) | DeliveryFailure::Permanent(reason) => reason,
        }
    }
}

/// What becomes of a message whose delivery failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retry {
    /// Its destination is tried again at this time (Unix ms).
    At(i64),
    /// It is dead: permanently undeliverable, or failing for the whole retry period.
    Dead,
}

/// The wait before the next try of a destination that failed `failures` times in a
/// row (at least 1), given `jitter` in `0.0..1.0`: "equal jitter", half the
/// exponential delay plus a random part of the other half, so destinations that
/// failed together do not all come back at the same moment.
#[must_use]
pub fn backoff_ms(failures: i64, jitter: f64) -> i64 {
    let doublings = u32::try_from((failures - 1).clamp(0, 20)).unwrap_or(20);
    let delay = FIRST_BACKOFF_MS
        .saturating_mul(1_i64 << doublings)
        .min(MAX_BACKOFF_MS);
    let half = delay / 2;
    // A fraction of at most a minute in ms: exact in f64, and the product fits.
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let random = (half as f64 * jitter.clamp(0.0, 1.0)) as i64;
    half + random
}

impl OutboxStore<'_> {
    /// Marks message `id` delivered, and clears its destination's backoff.
    ///
    /// # Errors
    /// Database failures.
    pub async fn mark_sent(self, id: i64, now: i64) -> Result<(), StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Delivery)).await?;
        sqlx::query("UPDATE outbox SET sent_at = $1 WHERE id = $2 AND sent_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "DELETE FROM delivery_backoff
             WHERE EXISTS (SELECT 1 FROM outbox o WHERE o.id = $1
                             AND o.platform = delivery_backoff.platform
                             AND o.channel = delivery_backoff.channel)",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records a failed delivery of message `id` at `now`: it is dead if the failure
    /// is permanent or its retry period is over, else its destination backs off
    /// (`jitter` in `0.0..1.0`, see [`backoff_ms`]). A message already sent or dead
    /// stays as it is ([`Retry::Dead`] for a dead one).
    ///
    /// # Errors
    /// Database failures.
    pub async fn delivery_failed(
        self,
        id: i64,
        failure: &DeliveryFailure,
        now: i64,
        jitter: f64,
    ) -> Result<Retry, StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Delivery)).await?;
        let permanent = matches!(failure, DeliveryFailure::Permanent(_));
        let row: Option<(String, String, Option<i64>)> = sqlx::query_as(
            "UPDATE outbox SET attempts = attempts + 1, failure = $2,
                    dead_at = CASE WHEN $3 OR $4 - COALESCE(requeued_at, created_at) >= $5
                                   THEN $4 END
             WHERE id = $1 AND sent_at IS NULL AND dead_at IS NULL
             RETURNING platform, channel, dead_at",
        )
        .bind(id)
        .bind(failure.reason())
        .bind(permanent)
        .bind(now)
        .bind(RETRY_PERIOD_MS)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((platform, channel, None)) = row else {
            tx.commit().await?;
            return Ok(Retry::Dead);
        };
        let failures: i64 = sqlx::query_scalar(
            "SELECT failures FROM delivery_backoff WHERE platform = $1 AND channel = $2",
        )
        .bind(&platform)
        .bind(&channel)
        .fetch_optional(&mut *tx)
        .await?
        .unwrap_or(0)
            + 1;
        let retry_at = now + backoff_ms(failures, jitter);
        sqlx::query(
            "INSERT INTO delivery_backoff (platform, channel, failures, retry_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, channel)
             DO UPDATE SET failures = excluded.failures, retry_at = excluded.retry_at",
        )
        .bind(&platform)
        .bind(&channel)
        .bind(failures)
        .bind(retry_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Retry::At(retry_at))
    }

    /// Makes every undelivered message to `channel` of `platform` dead at `now`: the
    /// bot can no longer post there. Returns how many.
    ///
    /// # Errors
    /// Database failures.
    pub async fn destination_gone(
        self,
        platform: Platform,
        channel: &str,
        now: i64,
    ) -> Result<u64, StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Delivery)).await?;
        let dropped = sqlx::query(
            "UPDATE outbox SET dead_at = $3, failure = 'the bot is no longer there'
             WHERE platform = $1 AND channel = $2 AND sent_at IS NULL AND dead_at IS NULL",
        )
        .bind(platform.as_str())
        .bind(channel)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query("DELETE FROM delivery_backoff WHERE platform = $1 AND channel = $2")
            .bind(platform.as_str())
            .bind(channel)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(dropped)
    }

    /// When the next destination of `platform` that backs off may be tried again
    /// (Unix ms), if one does.
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_retry(self, platform: Platform) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT MIN(retry_at) FROM delivery_backoff WHERE platform = $1")
                .bind(platform.as_str())
                .fetch_one(&self.store.reader)
                .await?,
        )
    }

    /// Re-queues the dead messages of the place `audit` names (its platform, and the
    /// server, else the channel or room), each retried for a new period, its
    /// destination at once; records `audit` in the same transaction, its reason the
    /// count (worded when the log is read). Returns how many; with none, writes
    /// nothing.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] for a command handled before. Database failures.
    pub async fn redeliver(
        self,
        claim: Claim<'_>,
        audit: &NewAudit,
        now: i64,
    ) -> Result<u64, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let requeued = sqlx::query(
            "UPDATE outbox SET dead_at = NULL, attempts = 0, requeued_at = $3
             WHERE platform = $1 AND COALESCE(space, channel) = $2
               AND sent_at IS NULL AND dead_at IS NOT NULL",
        )
        .bind(audit.platform.as_str())
        .bind(&audit.place)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if requeued == 0 {
            tx.rollback().await?;
            return Ok(0);
        }
        sqlx::query(
            "DELETE FROM delivery_backoff
             WHERE platform = $1 AND channel IN
               (SELECT channel FROM outbox
                WHERE platform = $1 AND COALESCE(space, channel) = $2 AND requeued_at = $3)",
        )
        .bind(audit.platform.as_str())
        .bind(&audit.place)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let audit = NewAudit {
            reason: Some(requeued.to_string()),
            ..audit.clone()
        };
        insert_audit(&mut tx, &audit, now).await?;
        tx.commit().await?;
        Ok(requeued)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_from_a_second_up_to_a_minute_with_half_of_it_random() {
        assert_eq!(backoff_ms(1, 0.0), 500);
        assert_eq!(backoff_ms(1, 1.0), 1_000);
        assert_eq!(backoff_ms(2, 0.0), 1_000);
        assert_eq!(backoff_ms(4, 0.5), 6_000);
        assert_eq!(backoff_ms(7, 1.0), MAX_BACKOFF_MS);
        assert_eq!(backoff_ms(500, 0.0), MAX_BACKOFF_MS / 2);
        assert_eq!(backoff_ms(0, 1.0), 1_000, "a first failure at the least");
        for failures in 1..40 {
            let low = backoff_ms(failures, 0.0);
            let high = backoff_ms(failures, 0.999);
            assert!(low <= high && high <= MAX_BACKOFF_MS, "{failures}");
            assert!(backoff_ms(failures + 1, 0.0) >= low, "never shorter");
        }
    }
}
