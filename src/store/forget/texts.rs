//! The clean-up after a forget: the stored texts that may name the person
//! (anchors, outbox messages) are read a bounded batch at a time on a reading
//! connection, and only the rows that change are written, each batch in its own
//! short write transaction with the cursor of its `forget_scrubs` row, so the
//! writer is never held long and an interrupted clean-up resumes where it stopped.
//! What changes in a row is decided by `scrub` from ids.

use crate::store::ModerationStore;
use std::time::{Duration, Instant};

use sqlx::{Any, Transaction};

use super::scrub::{outbox_change, Change, OutboxText, People};
use crate::platform::Platform;
use crate::store::claim::{Claim, Unique};
use crate::store::StoreError;

/// Rows read per batch: each batch's write is a few milliseconds at most.
pub const SCRUB_BATCH: i64 = 200;

/// The stages of a clean-up, in order.
const ANCHORS: i64 = 0;
const OUTBOX: i64 = 1;

/// A `forget_scrubs` row.
#[derive(Clone, Debug, sqlx::FromRow)]
struct Pending {
    id: i64,
    people: String,
    stage: i64,
    after_id: i64,
    after_platform: String,
    after_key: String,
}

/// Records the clean-up of `people` in the forget's transaction.
pub(super) async fn queue_scrub(
    tx: &mut Transaction<'static, Any>,
    people: &People,
    now: i64,
) -> Result<(), StoreError> {
    // Invariant: strings, numbers and options always serialize.
    let json = serde_json::to_string(people).expect("a forget's people serialize");
    sqlx::query("INSERT INTO forget_scrubs (people, created_at) VALUES ($1, $2)")
        .bind(json)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl ModerationStore<'_> {
    /// Does the next batch of the oldest clean-up after a forget (see the module);
    /// returns whether any clean-up is left to do.
    ///
    /// # Errors
    /// Database failures; the batch is not recorded as done then, and is done again.
    pub async fn scrub_forgotten(self) -> Result<bool, StoreError> {
        Ok(self.scrub_forgotten_timed().await?.is_some())
    }

    /// [`Store::scrub_forgotten`], returning how long its write transaction held
    /// the writer (`None`: nothing was left to do). For benches.
    ///
    /// # Errors
    /// As [`Store::scrub_forgotten`].
    pub async fn scrub_forgotten_timed(self) -> Result<Option<Duration>, StoreError> {
        let pending: Option<Pending> = sqlx::query_as(
            "SELECT id, people, stage, after_id, after_platform, after_key
             FROM forget_scrubs ORDER BY id LIMIT 1",
        )
        .fetch_optional(&self.store.writer)
        .await?;
        let Some(pending) = pending else {
            return Ok(None);
        };
        let people: People = match serde_json::from_str(&pending.people) {
            Ok(people) => people,
            Err(err) => {
                // Written by this code; never expected. Dropped rather than blocking
                // every later clean-up.
                tracing::error!(id = pending.id, error = %err, "unreadable forget clean-up: dropped");
                let started = Instant::now();
                let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
                finish(&mut tx, pending.id).await?;
                tx.commit().await?;
                return Ok(Some(started.elapsed()));
            }
        };
        let held = match pending.stage {
            ANCHORS => self.scrub_anchors(&pending, &people).await?,
            _ => self.scrub_outbox(&pending, &people).await?,
        };
        Ok(Some(held))
    }

    async fn scrub_anchors(
        self,
        pending: &Pending,
        people: &People,
    ) -> Result<Duration, StoreError> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT platform, anchor FROM anchors
             WHERE platform > $1 OR (platform = $1 AND anchor > $2)
             ORDER BY platform, anchor LIMIT $3",
        )
        .bind(&pending.after_platform)
        .bind(&pending.after_key)
        .bind(SCRUB_BATCH)
        .fetch_all(&self.store.reader)
        .await?;
        let started = Instant::now();
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        for (platform, anchor) in &rows {
            // An anchor on a network this version does not know is no account's.
            let theirs = Platform::from_name(platform).and_then(|p| people.anchor(p, anchor));
            if let Some(new) = theirs {
                sqlx::query(
                    "INSERT INTO anchors (platform, anchor, message_id, created_at)
                     SELECT platform, $3, message_id, created_at FROM anchors
                     WHERE platform = $1 AND anchor = $2
                     ON CONFLICT DO NOTHING",
                )
                .bind(platform)
                .bind(anchor)
                .bind(&new)
                .execute(&mut *tx)
                .await?;
                sqlx::query("DELETE FROM anchors WHERE platform = $1 AND anchor = $2")
                    .bind(platform)
                    .bind(anchor)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        match rows.last() {
            Some((platform, anchor)) if batch_full(rows.len()) => {
                sqlx::query(
                    "UPDATE forget_scrubs SET after_platform = $1, after_key = $2 WHERE id = $3",
                )
                .bind(platform)
                .bind(anchor)
                .bind(pending.id)
                .execute(&mut *tx)
                .await?;
            }
            _ => {
                sqlx::query("UPDATE forget_scrubs SET stage = $1, after_id = 0 WHERE id = $2")
                    .bind(OUTBOX)
                    .bind(pending.id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(started.elapsed())
    }

    async fn scrub_outbox(
        self,
        pending: &Pending,
        people: &People,
    ) -> Result<Duration, StoreError> {
        let rows: Vec<OutboxText> = sqlx::query_as(
            "SELECT id, platform, space, channel, recipient, game_id, body, edits, sent_at
             FROM outbox WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind(pending.after_id)
        .bind(SCRUB_BATCH)
        .fetch_all(&self.store.reader)
        .await?;
        let needles = people.needles();
        let changes: Vec<(i64, Change)> = rows
            .iter()
            .map(|row| (row.id, outbox_change(people, &needles, row)))
            .filter(|(_, change)| *change != Change::Keep)
            .collect();
        let started = Instant::now();
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        for (id, change) in changes {
            match change {
                Change::Keep => {}
                Change::Delete => {
                    sqlx::query("DELETE FROM outbox WHERE id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                }
                Change::Rewrite { body, edits } => {
                    sqlx::query("UPDATE outbox SET body = $1, edits = $2 WHERE id = $3")
                        .bind(body)
                        .bind(edits)
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
        match rows.last() {
            Some(last) if batch_full(rows.len()) => {
                sqlx::query("UPDATE forget_scrubs SET after_id = $1 WHERE id = $2")
                    .bind(last.id)
                    .bind(pending.id)
                    .execute(&mut *tx)
                    .await?;
            }
            _ => finish(&mut tx, pending.id).await?,
        }
        tx.commit().await?;
        Ok(started.elapsed())
    }
}

/// Whether a batch read was full (so more may follow).
fn batch_full(read: usize) -> bool {
    i64::try_from(read).is_ok_and(|n| n >= SCRUB_BATCH)
}

/// The clean-up `id` is done.
async fn finish(tx: &mut Transaction<'static, Any>, id: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM forget_scrubs WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
