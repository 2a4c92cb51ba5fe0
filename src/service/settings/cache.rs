//! The places' settings as recently read: a command's language and its place's
//! settings come from here, so a `/move` does not read the settings row each time.
//! An entry lives [`TTL_MS`]; this process's own changes replace it at once, and
//! another process's (sharing a PostgreSQL database) are seen within that time. The
//! `/oware settings` command itself always reads the row, so a change is made
//! against what is stored.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::store::SettingsRow;

/// How long a place's settings are used without reading them again (ms).
pub(in crate::service) const TTL_MS: i64 = 30_000;

/// Each place's settings `(platform, place)` with when they were read.
#[derive(Debug, Default)]
pub(in crate::service) struct Cache(Mutex<HashMap<(String, String), (i64, SettingsRow)>>);

impl Cache {
    /// The settings read less than [`TTL_MS`] before `now`, if any.
    pub(in crate::service) fn get(
        &self,
        platform: &str,
        place: &str,
        now: i64,
    ) -> Option<SettingsRow> {
        let entries = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        entries
            .get(&(platform.to_owned(), place.to_owned()))
            .filter(|(read_at, _)| now.saturating_sub(*read_at) < TTL_MS)
            .map(|(_, row)| row.clone())
    }

    /// Keeps `row` as `place`'s settings, read (or written) at `now`.
    pub(in crate::service) fn put(&self, platform: &str, place: &str, row: SettingsRow, now: i64) {
        let mut entries = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Stale entries go when the map grows: one per place that spoke lately.
        if entries.len() >= 4096 {
            entries.retain(|_, (read_at, _)| now.saturating_sub(*read_at) < TTL_MS);
        }
        entries.insert((platform.to_owned(), place.to_owned()), (now, row));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_lives_its_time_and_a_write_replaces_it() {
        let cache = Cache::default();
        assert_eq!(cache.get("matrix", "!r", 0), None);
        let row = SettingsRow {
            version: 3,
            ..SettingsRow::default()
        };
        cache.put("matrix", "!r", row.clone(), 1_000);
        assert_eq!(cache.get("matrix", "!r", 1_000 + TTL_MS - 1), Some(row));
        assert_eq!(cache.get("matrix", "!r", 1_000 + TTL_MS), None);
        assert_eq!(cache.get("discord", "!r", 1_000), None);
        let newer = SettingsRow {
            version: 4,
            ..SettingsRow::default()
        };
        cache.put("matrix", "!r", newer.clone(), 2_000);
        assert_eq!(cache.get("matrix", "!r", 2_000), Some(newer));
    }
}
