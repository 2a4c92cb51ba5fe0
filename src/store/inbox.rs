//! The inbox: the incoming events already handled, so that an event a platform
//! delivers again (a Matrix sync replayed after a crash) changes nothing.
//!
//! A command's event is recorded by the first write of the command, which claims it
//! (see [`super::claim`]).

use super::{now_ms, Store, StoreError};

/// How long a handled event is remembered. A platform redelivers only events after
/// the position it last saved (Matrix: the sync token, saved after every batch, and the commands its journal
/// still holds), so
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
}
