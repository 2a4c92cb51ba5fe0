//! SQLite's WAL checkpoints, off the write path.
//!
//! In WAL mode a commit appends to the `-wal` file, and a checkpoint copies those
//! pages back into the database file and syncs both (about 5 ms here). SQLite's own
//! automatic checkpoint runs inside the commit that crosses 1,000 pages, on the one
//! writer connection: every few hundred writes one command waited for it, and so did
//! every write queued behind it (the tail of the answers at chat pace). Here every
//! [`WRITES_PER_CHECKPOINT`]th write transaction starts a passive checkpoint on a
//! reading connection, in the background: it takes no write lock, so writers go on
//! meanwhile. SQLite's automatic one stays as a backstop at a larger size
//! ([`backend`](super::backend)), for a process writing only outside transactions.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

use super::{Backend, Store};

/// Write transactions between two background checkpoints (a move's writes a few
/// pages, so some hundreds of pages each).
const WRITES_PER_CHECKPOINT: u32 = 100;

/// The writes counted since the last checkpoint, and whether one is running.
#[derive(Debug, Default)]
pub(super) struct Checkpoints {
    writes: AtomicU32,
    running: AtomicBool,
}

impl Store {
    /// Counts a write transaction on SQLite, and every
    /// [`WRITES_PER_CHECKPOINT`]th starts a passive checkpoint in the background,
    /// unless one is still running. Nothing on PostgreSQL.
    pub(super) fn count_write(&self) {
        if self.backend != Backend::Sqlite {
            return;
        }
        let counted = self.checkpoints.writes.fetch_add(1, Ordering::Relaxed) + 1;
        if counted < WRITES_PER_CHECKPOINT || self.checkpoints.running.swap(true, Ordering::AcqRel)
        {
            return;
        }
        self.checkpoints.writes.store(0, Ordering::Relaxed);
        let (reader, checkpoints) = (self.reader.clone(), Arc::clone(&self.checkpoints));
        tokio::spawn(async move {
            // PASSIVE: copies what no reader still needs, never waits for a lock.
            // A failure (the store closing, a busy lock) leaves the pages for the
            // next one.
            if let Err(err) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&reader)
                .await
            {
                tracing::debug!(error = %err, "background checkpoint skipped");
            }
            checkpoints.running.store(false, Ordering::Release);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Claim, Unique};
    use super::*;

    #[tokio::test]
    async fn writes_reach_the_database_file_without_waiting_for_sqlite() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("checkpoint.db");
        let store = Store::open(path.to_str().expect("utf-8"))
            .await
            .expect("opens");
        let size = || std::fs::metadata(&path).expect("the database file").len();
        let before = size();
        // 2 KB a write, far below SQLite's own checkpoint (thousands of pages).
        let payload = "x".repeat(2048);
        for i in 0..WRITES_PER_CHECKPOINT * 3 {
            let mut tx = store
                .write(Claim::Unique(Unique::Delivered))
                .await
                .expect("a write");
            sqlx::query("INSERT INTO inbox (platform, event_id, handled_at) VALUES ($1, $2, 0)")
                .bind(format!("test-{i}"))
                .bind(&payload)
                .execute(&mut *tx)
                .await
                .expect("inserts");
            tx.commit().await.expect("commits");
        }
        // The last background checkpoint may still be running.
        for _ in 0..500 {
            if !store.checkpoints.running.load(Ordering::Acquire) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        // At least the first checkpoint's 100 writes were copied into the file;
        // without the checkpoints they would all still be in the WAL.
        let grown = size() - before;
        assert!(
            grown >= 100 * 2048,
            "the database file grew by {grown} bytes"
        );
        store.close().await;
    }
}
