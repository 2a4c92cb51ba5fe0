//! What a write acts on, claimed in the write's own transaction: the only way to open
//! a write.
//!
//! Every write takes a [`Claim`] and claims it first thing, inside its transaction
//! ([`Store::write`]; a move sent to PostgreSQL as one statement claims in that
//! statement, see `turns/one_request.rs`), so exactly-once is a property of the write
//! API rather than a habit of its callers:
//! - a command from a platform event that may come again (a Matrix sync replayed
//!   after a crash) records the [`Event`] in the inbox; a write that finds it
//!   recorded by an earlier handling fails with [`StoreError::Replayed`] and rolls
//!   back. A second write of the same command (a challenge, then its game) finds its
//!   own claim and goes on;
//! - a job's work deletes the job's row; a write that finds it gone (another runner
//!   did it after the lease lapsed, or a change to its game dropped it) fails with
//!   [`StoreError::Replayed`];
//! - a write with nothing to claim says why, as a [`Unique`].

use std::sync::{
    atomic::{AtomicBool, Ordering},
    Arc,
};

use sqlx::{Any, AnyConnection, Transaction};

use super::{now_ms, Store, StoreError};
use crate::platform::Platform;

/// An incoming platform event being handled (a Matrix event id): what a command's
/// writes claim. Clones share whether one of them claimed it.
#[derive(Clone, Debug)]
pub struct Event {
    platform: Platform,
    id: String,
    /// Whether a write of this handling inserted the event's inbox row (in a
    /// transaction that may have rolled back since).
    claimed: Arc<AtomicBool>,
}

impl PartialEq for Event {
    fn eq(&self, other: &Event) -> bool {
        self.platform == other.platform && self.id == other.id
    }
}

impl Eq for Event {}

impl Event {
    /// Event `id` on `platform`, not claimed yet.
    #[must_use]
    pub fn new(platform: Platform, id: &str) -> Event {
        Event {
            platform,
            id: id.to_owned(),
            claimed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The platform.
    #[must_use]
    pub fn platform(&self) -> Platform {
        self.platform
    }

    /// The platform's id for the event.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Notes that a write of this handling recorded the event.
    pub(super) fn mark_claimed(&self) {
        self.claimed.store(true, Ordering::Relaxed);
    }

    /// Whether a write of this handling recorded the event (it may have rolled back
    /// since).
    #[must_use]
    pub fn was_claimed(&self) -> bool {
        self.claimed.load(Ordering::Relaxed)
    }
}

/// Why a write has nothing to claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unique {
    /// A command the platform delivers once: a Discord interaction, a console line.
    Delivered,
    /// The bot's own upkeep, run once by construction: start-up repairs, the puzzle
    /// supply, the copy tool.
    Upkeep,
    /// An outbox message's delivery recorded (sent, failed, re-queued): sending is
    /// idempotent on every platform (keyed by the message id), so recording it twice
    /// changes nothing.
    Delivery,
    /// A web session's own change (signing in, signing out): a sign-in token is
    /// spent in the write that starts the session, so it cannot start two.
    WebSession,
}

/// What a write acts on (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim<'a> {
    /// A command from an event that may be delivered again.
    Event(&'a Event),
    /// Job `id`'s work.
    Job(i64),
    /// Nothing that can come twice, for the reason given.
    Unique(Unique),
}

impl Claim<'_> {
    /// Claims `self` inside `tx`.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when it was claimed before: roll back. Database
    /// failures.
    async fn take(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        match *self {
            Claim::Event(event) => {
                let inserted = insert_event(conn, event.platform, &event.id).await?;
                if inserted {
                    event.claimed.store(true, Ordering::Relaxed);
                    Ok(())
                } else if event.was_claimed() {
                    Ok(()) // this command's own earlier write
                } else {
                    Err(StoreError::Replayed)
                }
            }
            Claim::Job(id) => {
                let deleted = sqlx::query("DELETE FROM jobs WHERE id = $1")
                    .bind(id)
                    .execute(conn)
                    .await?
                    .rows_affected();
                if deleted == 1 {
                    Ok(())
                } else {
                    Err(StoreError::Replayed)
                }
            }
            Claim::Unique(_) => Ok(()),
        }
    }
}

/// Inserts event `id` on `platform` into the inbox; `false` if it was there.
async fn insert_event(
    conn: &mut AnyConnection,
    platform: Platform,
    id: &str,
) -> Result<bool, StoreError> {
    let inserted = sqlx::query(
        "INSERT INTO inbox (platform, event_id, handled_at) VALUES ($1, $2, $3)
         ON CONFLICT (platform, event_id) DO NOTHING",
    )
    .bind(platform.as_str())
    .bind(id)
    .bind(now_ms())
    .execute(conn)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}

impl Store {
    /// Opens a write transaction and claims `claim` in it: the only way to write.
    /// IMMEDIATE on SQLite takes the write lock first, so concurrent writers queue on
    /// the busy timeout instead of failing to upgrade a read snapshot.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before (nothing was
    /// written). Database failures.
    pub(super) async fn write(
        &self,
        claim: Claim<'_>,
    ) -> Result<Transaction<'static, Any>, StoreError> {
        let mut tx = self.backend.begin_write(&self.writer).await?;
        self.count_write();
        claim.take(&mut tx).await?;
        Ok(tx)
    }

    /// Records `event` as handled, for a command without a write, once it is
    /// answered. Returns `false`, changing nothing, if it was recorded already (by
    /// this handling's own write, or by another).
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_event(&self, event: &Event) -> Result<bool, StoreError> {
        let mut conn = self.writer.acquire().await?;
        insert_event(&mut conn, event.platform, &event.id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn store() -> (Store, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("claim.db");
        let store = Store::open(url.to_str().expect("utf-8"))
            .await
            .expect("opens");
        (store, dir)
    }

    async fn write_once(store: &Store, claim: Claim<'_>) -> Result<(), StoreError> {
        let tx = store.write(claim).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn count(store: &Store, query: &'static str) -> i64 {
        sqlx::query_scalar(query)
            .fetch_one(&store.reader)
            .await
            .expect("counts")
    }

    #[tokio::test]
    async fn a_unique_write_records_nothing() {
        let (store, _dir) = store().await;
        write_once(&store, Claim::Unique(Unique::Delivered))
            .await
            .expect("nothing to claim");
        write_once(&store, Claim::Unique(Unique::Delivered))
            .await
            .expect("nothing to claim, twice");
        assert_eq!(count(&store, "SELECT count(*) FROM inbox").await, 0);
    }

    #[tokio::test]
    async fn an_event_is_claimed_once_per_handling() {
        let (store, _dir) = store().await;
        let event = Event::new(Platform::Matrix, "$a");
        write_once(&store, Claim::Event(&event))
            .await
            .expect("first write");
        // A second write of the same command.
        write_once(&store, Claim::Event(&event))
            .await
            .expect("same handling");
        assert!(event.was_claimed());
        assert!(store
            .outbox()
            .event_handled(Platform::Matrix, "$a")
            .await
            .expect("reads"));
        assert!(!store
            .outbox()
            .event_handled(Platform::Discord, "$a")
            .await
            .expect("reads"));

        let again = Event::new(Platform::Matrix, "$a");
        let replay = write_once(&store, Claim::Event(&again)).await;
        assert!(matches!(replay, Err(StoreError::Replayed)), "{replay:?}");
        assert!(!again.was_claimed());
        let other = Event::new(Platform::Matrix, "$b");
        write_once(&store, Claim::Event(&other))
            .await
            .expect("another event");
        assert!(other.was_claimed());
    }

    #[tokio::test]
    async fn a_rolled_back_claim_leaves_the_event_unhandled() {
        let (store, _dir) = store().await;
        let event = Event::new(Platform::Matrix, "$c");
        let tx = store.write(Claim::Event(&event)).await.expect("claims");
        tx.rollback().await.expect("rolls back");
        assert!(event.was_claimed());
        assert!(!store
            .outbox()
            .event_handled(Platform::Matrix, "$c")
            .await
            .expect("reads"));
        assert!(store.record_event(&event).await.expect("records"));
        assert!(!store.record_event(&event).await.expect("once"));
        assert!(store
            .outbox()
            .event_handled(Platform::Matrix, "$c")
            .await
            .expect("reads"));
    }

    #[tokio::test]
    async fn a_job_is_claimed_once() {
        let (store, _dir) = store().await;
        let job = super::super::NewJob {
            kind: super::super::JobKind::Reminder,
            game_id: None,
            challenge_id: None,
            due_at: 0,
            request: None,
        };
        store
            .jobs()
            .schedule(None, &[job], 0)
            .await
            .expect("schedules");
        let id: i64 = sqlx::query_scalar("SELECT id FROM jobs")
            .fetch_one(&store.reader)
            .await
            .expect("reads");
        write_once(&store, Claim::Job(id))
            .await
            .expect("first runner");
        assert_eq!(
            count(&store, "SELECT count(*) FROM jobs").await,
            0,
            "the claim took the job"
        );
        let twice = write_once(&store, Claim::Job(id)).await;
        assert!(matches!(twice, Err(StoreError::Replayed)), "{twice:?}");
    }

    #[tokio::test]
    async fn a_job_id_is_never_handed_out_again() {
        let (store, _dir) = store().await;
        let job = || super::super::NewJob {
            kind: super::super::JobKind::Reminder,
            game_id: None,
            challenge_id: None,
            due_at: 0,
            request: None,
        };
        let last_id = || async {
            sqlx::query_scalar::<_, i64>("SELECT max(id) FROM jobs")
                .fetch_one(&store.reader)
                .await
                .expect("reads")
        };
        store
            .jobs()
            .schedule(None, &[job()], 0)
            .await
            .expect("schedules");
        let first = last_id().await;
        write_once(&store, Claim::Job(first)).await.expect("done");
        // The newest job was deleted: a plain INTEGER PRIMARY KEY gives its id again,
        // and a runner still holding the old job would take the new one.
        store
            .jobs()
            .schedule(None, &[job()], 0)
            .await
            .expect("schedules");
        let second = last_id().await;
        assert!(second > first, "job id {first} handed out again");
        let stale = write_once(&store, Claim::Job(first)).await;
        assert!(matches!(stale, Err(StoreError::Replayed)), "{stale:?}");
        assert_eq!(count(&store, "SELECT count(*) FROM jobs").await, 1);
    }
}
