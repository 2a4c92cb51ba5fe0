//! The inbox: the incoming events already handled, so that an event a platform
//! delivers again (a Matrix sync replayed after a crash) changes nothing.
//!
//! A command's event is recorded by the first write of the command, which claims it
//! (see [`super::claim`]). A platform redelivers only events after the position it
//! last saved (Matrix: the sync token, saved after every batch, and the commands its
//! journal still holds), so an event is remembered for the retention period
//! (`OWARE_RETENTION_DAYS`, 30 days by default, counted while the bot runs), then
//! pruned (see `retention`).

use super::StoreError;
use crate::platform::Platform;
use crate::store::OutboxStore;

impl OutboxStore<'_> {
    /// Whether event `event_id` on `platform` was handled already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn event_handled(
        self,
        platform: Platform,
        event_id: &str,
    ) -> Result<bool, StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM inbox WHERE platform = $1 AND event_id = $2")
                .bind(platform.as_str())
                .bind(event_id)
                .fetch_optional(&self.store.reader)
                .await?;
        Ok(found.is_some())
    }
}
