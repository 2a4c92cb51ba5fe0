//! The inbox: the incoming events already handled, so that an event a platform
//! delivers again (a Matrix sync replayed after a crash) changes nothing.
//!
//! A command's event is recorded in the transaction that stores the command's
//! effect. The event id reaches those transactions without passing through every
//! store call: the service runs the command inside [`scope`], and each effect
//! transaction calls [`claim`] first. A claim that finds the event recorded by an
//! earlier handling fails with [`StoreError::Replayed`] and the transaction rolls
//! back; a second effect transaction of the same command (a challenge, then its
//! game) finds its own claim and goes on.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};

use sqlx::AnyConnection;

use super::{now_ms, Store, StoreError};

/// The event being handled by the current task.
#[derive(Debug)]
struct Event {
    platform: String,
    event_id: String,
    /// Whether this handling inserted the event's row (in a transaction that may
    /// have rolled back since).
    claimed: AtomicBool,
}

tokio::task_local! {
    static EVENT: Event;
}

/// Runs `future` as the handling of event `event_id` on `platform`: the effect
/// transactions it runs record the event, or fail with [`StoreError::Replayed`]
/// if it was handled before. Returns the future's output and whether one of its
/// transactions recorded the event (it may have rolled back since).
pub async fn scope<F: Future>(platform: &str, event_id: &str, future: F) -> (F::Output, bool) {
    let event = Event {
        platform: platform.to_owned(),
        event_id: event_id.to_owned(),
        claimed: AtomicBool::new(false),
    };
    EVENT
        .scope(event, async {
            let output = future.await;
            (output, EVENT.with(|e| e.claimed.load(Ordering::Relaxed)))
        })
        .await
}

/// Records the event in [`scope`], if any, in an effect transaction (call it first
/// thing, before the effect's writes).
///
/// # Errors
/// [`StoreError::Replayed`] when an earlier handling recorded the event: roll back.
/// Database failures.
pub(super) async fn claim(conn: &mut AnyConnection) -> Result<(), StoreError> {
    let Ok((platform, event_id, claimed)) = EVENT.try_with(|e| {
        (
            e.platform.clone(),
            e.event_id.clone(),
            e.claimed.load(Ordering::Relaxed),
        )
    }) else {
        return Ok(()); // not a command's event: a job, a tool, a test
    };
    let inserted = sqlx::query(
        "INSERT INTO inbox (platform, event_id, handled_at) VALUES ($1, $2, $3)
         ON CONFLICT (platform, event_id) DO NOTHING",
    )
    .bind(&platform)
    .bind(&event_id)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 1 {
        let _ = EVENT.try_with(|e| e.claimed.store(true, Ordering::Relaxed));
        Ok(())
    } else if claimed {
        Ok(()) // this command's own earlier transaction
    } else {
        Err(StoreError::Replayed)
    }
}

/// How long a handled event is remembered. A platform redelivers only events after
/// the position it last saved (Matrix: the sync token, saved after every batch), so
/// a month covers any crash and downtime; older rows are dropped at start-up.
const KEEP_MS: i64 = 30 * 24 * 3600 * 1000;

/// Drops the events handled longer than [`KEEP_MS`] ago.
pub(super) async fn forget_old(writer: &sqlx::AnyPool) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM inbox WHERE handled_at < $1")
        .bind(now_ms().saturating_sub(KEEP_MS))
        .execute(writer)
        .await?;
    Ok(())
}

impl Store {
    /// Whether event `event_id` on `platform` was handled already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn event_handled(&self, platform: &str, event_id: &str) -> Result<bool, StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM inbox WHERE platform = $1 AND event_id = $2")
                .bind(platform)
                .bind(event_id)
                .fetch_optional(&self.reader)
                .await?;
        Ok(found.is_some())
    }

    /// Records that event `event_id` on `platform` was handled, for a command
    /// without an effect, once it is answered. Returns `false`, changing nothing,
    /// if it was recorded already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_event(&self, platform: &str, event_id: &str) -> Result<bool, StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO inbox (platform, event_id, handled_at) VALUES ($1, $2, $3)
             ON CONFLICT (platform, event_id) DO NOTHING",
        )
        .bind(platform)
        .bind(event_id)
        .bind(now_ms())
        .execute(&self.writer)
        .await?
        .rows_affected();
        Ok(inserted == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn store() -> (Store, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("inbox.db");
        let store = Store::open(url.to_str().expect("utf-8"))
            .await
            .expect("opens");
        (store, dir)
    }

    async fn claim_once(store: &Store) -> Result<(), StoreError> {
        let mut tx = store.begin_write().await?;
        claim(&mut tx).await?;
        tx.commit().await?;
        Ok(())
    }

    #[tokio::test]
    async fn a_claim_outside_a_scope_records_nothing() {
        let (store, _dir) = store().await;
        claim_once(&store).await.expect("no event, no claim");
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM inbox")
            .fetch_one(&store.reader)
            .await
            .expect("counts");
        assert_eq!(rows, 0);
    }

    #[tokio::test]
    async fn an_event_is_claimed_once_per_handling() {
        let (store, _dir) = store().await;
        let (first, claimed) = scope("matrix", "$a", async {
            claim_once(&store).await?;
            // A second effect transaction of the same command.
            claim_once(&store).await
        })
        .await;
        assert!(first.is_ok() && claimed, "{first:?}");
        assert!(store.event_handled("matrix", "$a").await.expect("reads"));
        assert!(!store.event_handled("discord", "$a").await.expect("reads"));

        let (again, claimed) = scope("matrix", "$a", claim_once(&store)).await;
        assert!(
            matches!(again, Err(StoreError::Replayed)) && !claimed,
            "{again:?}"
        );
        let (other, claimed) = scope("matrix", "$b", claim_once(&store)).await;
        assert!(other.is_ok() && claimed, "{other:?}");
    }

    #[tokio::test]
    async fn a_rolled_back_claim_leaves_the_event_unhandled() {
        let (store, _dir) = store().await;
        let (rolled_back, claimed) = scope("matrix", "$c", async {
            let mut tx = store.begin_write().await?;
            claim(&mut tx).await?;
            tx.rollback().await?;
            Ok::<_, StoreError>(())
        })
        .await;
        assert!(rolled_back.is_ok() && claimed);
        assert!(!store.event_handled("matrix", "$c").await.expect("reads"));
        assert!(store.record_event("matrix", "$c").await.expect("records"));
        assert!(!store.record_event("matrix", "$c").await.expect("once"));
        assert!(store.event_handled("matrix", "$c").await.expect("reads"));
    }
}
