//! The places' settings as recently read: a command's language and its place's
//! settings come from here, so a `/move` does not read the settings row each time.
//! An entry lives [`TTL_MS`]; this process's own changes replace it at once, and
//! another process's (sharing a PostgreSQL database) are seen within that time. The
//! `/oware settings` command itself always reads the row, so a change is made
//! against what is stored.
//!
//! Bounded by construction (mini-moka, at most [`CAPACITY`] places, the least used
//! evicted first), and it holds only places that exist: a chat place a command came
//! from, or a place with stored settings. A web address naming no such place is
//! read and answered without being kept (see `Pages::public_place`).

use std::time::Duration;

use mini_moka::sync::ConcurrentCacheExt;

use crate::platform::Platform;
use crate::store::SettingsRow;

/// How long a place's settings are used without reading them again (ms).
pub(in crate::service) const TTL_MS: i64 = 30_000;
/// Places kept at most (a few hundred bytes each).
pub(in crate::service) const CAPACITY: u64 = 10_000;

/// Each place's settings `(platform, place)` with when they were read.
pub(in crate::service) struct Cache(mini_moka::sync::Cache<(Platform, String), (i64, SettingsRow)>);

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache")
            .field("places", &self.0.entry_count())
            .finish()
    }
}

impl Default for Cache {
    fn default() -> Cache {
        Cache(
            mini_moka::sync::Cache::builder()
                .max_capacity(CAPACITY)
                // Stale entries leave by themselves; `get` also checks the service's
                // own clock, which tests move.
                .time_to_live(Duration::from_millis(TTL_MS.unsigned_abs()))
                .build(),
        )
    }
}

impl Cache {
    /// The settings read less than [`TTL_MS`] before `now`, if any.
    pub(in crate::service) fn get(
        &self,
        platform: Platform,
        place: &str,
        now: i64,
    ) -> Option<SettingsRow> {
        self.0
            .get(&(platform, place.to_owned()))
            .filter(|(read_at, _)| now.saturating_sub(*read_at) < TTL_MS)
            .map(|(_, row)| row)
    }

    /// Keeps `row` as `place`'s settings, read (or written) at `now`.
    pub(in crate::service) fn put(
        &self,
        platform: Platform,
        place: &str,
        row: SettingsRow,
        now: i64,
    ) {
        self.0.insert((platform, place.to_owned()), (now, row));
    }

    /// How many places are kept (after the cache's pending work).
    pub(in crate::service) fn len(&self) -> u64 {
        self.0.sync();
        self.0.entry_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_lives_its_time_and_a_write_replaces_it() {
        let cache = Cache::default();
        assert_eq!(cache.get(Platform::Matrix, "!r", 0), None);
        let row = SettingsRow {
            version: 3,
            ..SettingsRow::default()
        };
        cache.put(Platform::Matrix, "!r", row.clone(), 1_000);
        assert_eq!(
            cache.get(Platform::Matrix, "!r", 1_000 + TTL_MS - 1),
            Some(row)
        );
        assert_eq!(cache.get(Platform::Matrix, "!r", 1_000 + TTL_MS), None);
        assert_eq!(cache.get(Platform::Discord, "!r", 1_000), None);
        let newer = SettingsRow {
            version: 4,
            ..SettingsRow::default()
        };
        cache.put(Platform::Matrix, "!r", newer.clone(), 2_000);
        assert_eq!(cache.get(Platform::Matrix, "!r", 2_000), Some(newer));
    }

    #[test]
    fn the_cache_never_holds_more_than_its_capacity() {
        let cache = Cache::default();
        for i in 0..CAPACITY * 2 {
            cache.put(
                Platform::Matrix,
                &format!("!{i}:x"),
                SettingsRow::default(),
                0,
            );
        }
        assert!(cache.len() <= CAPACITY, "{}", cache.len());
    }
}
