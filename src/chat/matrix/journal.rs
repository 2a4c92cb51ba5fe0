//! The commands received and not yet handled, kept durably in
//! `MATRIX_STORE_DIR/journal.sqlite3`. The sync loop records each batch's
//! commands here, in one transaction, and only then saves the batch's sync token:
//! so it never waits for a room to finish, and a crash loses nothing (a restart
//! hands the journal's commands to their rooms again, before the first sync).
//! Each room takes its commands in the order received and strikes each one out
//! once handled; the service's inbox makes a command handled twice (it was struck
//! out by a crash just too late) change nothing.
//!
//! A command stays here only until it is handled: seconds, unless the bot stops
//! meanwhile.

use std::path::Path;
use std::str::FromStr;

use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};
use sqlx::Row;

/// The journal's file in the adapter's directory.
const FILE: &str = "journal.sqlite3";

/// One recorded command: its place in the journal, its room and the event.
#[derive(Debug)]
pub struct Recorded {
    pub seq: i64,
    pub room: OwnedRoomId,
    pub raw: Raw<AnySyncTimelineEvent>,
}

/// The journal of received commands.
#[derive(Clone, Debug)]
pub struct Journal {
    pool: SqlitePool,
}

impl Journal {
    /// Opens (and creates) the journal in `dir`.
    ///
    /// # Errors
    /// When the file cannot be opened or created.
    pub async fn open(dir: &Path) -> Result<Journal, sqlx::Error> {
        let url = format!("sqlite://{}", dir.join(FILE).display());
        let options = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(std::time::Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await?;
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS received (
                 seq INTEGER PRIMARY KEY AUTOINCREMENT,
                 room TEXT NOT NULL,
                 event TEXT NOT NULL
             )",
        )
        .execute(&pool)
        .await?;
        Ok(Journal { pool })
    }

    /// Records each room's commands, in order, in one transaction; their
    /// sequence numbers, room by room.
    ///
    /// # Errors
    /// When the journal cannot be written: then nothing is recorded.
    pub async fn record<'a>(
        &self,
        rooms: Vec<(&'a RoomId, Vec<&'a Raw<AnySyncTimelineEvent>>)>,
    ) -> Result<Vec<Vec<i64>>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let mut seqs = Vec::new();
        for (room, events) in rooms {
            let mut room_seqs = Vec::with_capacity(events.len());
            for raw in events {
                let seq: i64 = sqlx::query_scalar(
                    "INSERT INTO received (room, event) VALUES (?, ?) RETURNING seq",
                )
                .bind(room.as_str())
                .bind(raw.json().get())
                .fetch_one(&mut *tx)
                .await?;
                room_seqs.push(seq);
            }
            seqs.push(room_seqs);
        }
        tx.commit().await?;
        Ok(seqs)
    }

    /// Strikes out a handled command.
    ///
    /// # Errors
    /// When the journal cannot be written: the command is handled again (and
    /// changes nothing) after a restart.
    pub async fn done(&self, seq: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM received WHERE seq = ?")
            .bind(seq)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Strikes out every command of `room` (the bot left it).
    ///
    /// # Errors
    /// When the journal cannot be written.
    pub async fn forget_room(&self, room: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM received WHERE room = ?")
            .bind(room)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The commands not handled yet, in the order received. A row that no longer
    /// reads as an event is struck out.
    ///
    /// # Errors
    /// When the journal cannot be read.
    pub async fn pending(&self) -> Result<Vec<Recorded>, sqlx::Error> {
        let rows = sqlx::query("SELECT seq, room, event FROM received ORDER BY seq")
            .fetch_all(&self.pool)
            .await?;
        let mut pending = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.try_get("seq")?;
            let room: String = row.try_get("room")?;
            let event: String = row.try_get("event")?;
            let parsed = OwnedRoomId::try_from(room)
                .ok()
                .and_then(|room| Raw::from_json_string(event).ok().map(|raw| (room, raw)));
            match parsed {
                Some((room, raw)) => pending.push(Recorded { seq, room, raw }),
                None => {
                    tracing::warn!(seq, "matrix: an unreadable journal entry; dropped");
                    self.done(seq).await?;
                }
            }
        }
        Ok(pending)
    }

    /// Closes the file.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(body: &str) -> Raw<AnySyncTimelineEvent> {
        Raw::from_json_string(format!(
            r#"{{"type":"m.room.message","event_id":"$e{body}","sender":"@a:x",
                "origin_server_ts":1,"content":{{"msgtype":"m.text","body":"{body}"}}}}"#
        ))
        .expect("json")
    }

    #[tokio::test]
    async fn recorded_commands_survive_a_reopen_in_order_until_struck_out() {
        let dir = tempfile::tempdir().expect("temp dir");
        let journal = Journal::open(dir.path()).await.expect("opens");
        let a: OwnedRoomId = "!a:x".try_into().expect("room id");
        let b: OwnedRoomId = "!b:x".try_into().expect("room id");
        let (one, two, three) = (raw("one"), raw("two"), raw("three"));
        let seqs = journal
            .record(vec![
                (a.as_ref(), vec![&one, &two]),
                (b.as_ref(), vec![&three]),
            ])
            .await
            .expect("records");
        assert_eq!(seqs.len(), 2);
        assert_eq!(seqs[0].len(), 2);
        assert!(seqs[0][0] < seqs[0][1] && seqs[0][1] < seqs[1][0]);
        journal.done(seqs[0][0]).await.expect("strikes out");
        journal.close().await;

        let journal = Journal::open(dir.path()).await.expect("reopens");
        let pending = journal.pending().await.expect("reads");
        let shown: Vec<(String, String)> = pending
            .iter()
            .map(|r| (r.room.to_string(), r.raw.json().get().to_owned()))
            .collect();
        assert_eq!(shown.len(), 2);
        assert_eq!(shown[0].0, "!a:x");
        assert!(shown[0].1.contains("\"two\""));
        assert_eq!(shown[1].0, "!b:x");
        journal.forget_room("!b:x").await.expect("forgets");
        assert_eq!(journal.pending().await.expect("reads").len(), 1);
        journal.close().await;
    }

    #[tokio::test]
    async fn sequence_numbers_are_never_reused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let journal = Journal::open(dir.path()).await.expect("opens");
        let a: OwnedRoomId = "!a:x".try_into().expect("room id");
        let one = raw("one");
        let first = journal
            .record(vec![(a.as_ref(), vec![&one])])
            .await
            .expect("records")[0][0];
        journal.done(first).await.expect("strikes out");
        let second = journal
            .record(vec![(a.as_ref(), vec![&one])])
            .await
            .expect("records")[0][0];
        assert!(second > first);
        journal.close().await;
    }
}
