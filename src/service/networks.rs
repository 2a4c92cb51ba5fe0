//! What the adapters report of their networks, kept in one place: which networks
//! connected, which cannot be reached now and since when, and the Discord shards
//! this process runs. Read by `/healthz`, `/oware admin status` and the clocks
//! (time a network was away is given back to its games). One short lock, never
//! held across an `.await`.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};

use super::{DiscordShards, Platform};

/// The networks as their adapters last reported them.
#[derive(Debug)]
pub(super) struct Networks(Mutex<Reported>);

#[derive(Debug)]
struct Reported {
    /// The networks whose adapter said they connected (the console from the start:
    /// it needs no connection).
    connected: HashSet<Platform>,
    /// The networks that cannot be reached now, and since when (Unix ms).
    unreachable: HashMap<Platform, i64>,
    /// The Discord shards this process runs.
    shards: DiscordShards,
}

impl Default for Networks {
    fn default() -> Networks {
        Networks(Mutex::new(Reported {
            connected: [Platform::Console].into(),
            unreachable: HashMap::new(),
            shards: DiscordShards::NotRunning,
        }))
    }
}

impl Networks {
    fn reported<T>(&self, read: impl FnOnce(&mut Reported) -> T) -> T {
        // A poisoned lock only means a thread panicked while writing: the values are
        // whole either way.
        read(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Records that `platform` is `reachable` (or not) at `now`: reachable also
    /// means connected from then on. Returns since when it was unreachable, when it
    /// comes back.
    pub(super) fn report(&self, platform: Platform, reachable: bool, now: i64) -> Option<i64> {
        self.reported(|r| {
            if reachable {
                r.connected.insert(platform);
                r.unreachable.remove(&platform)
            } else {
                r.unreachable.entry(platform).or_insert(now);
                None
            }
        })
    }

    /// Since when `platform` has been unreachable, if it is.
    pub(super) fn unreachable_since(&self, platform: Platform) -> Option<i64> {
        self.reported(|r| r.unreachable.get(&platform).copied())
    }

    /// Whether `platform` connected and can be reached now.
    pub(super) fn connected(&self, platform: Platform) -> bool {
        self.reported(|r| r.connected.contains(&platform) && !r.unreachable.contains_key(&platform))
    }

    /// Records the Discord shards this process runs.
    pub(super) fn set_discord_shards(&self, shards: DiscordShards) {
        self.reported(|r| r.shards = shards);
    }

    /// The Discord shards this process runs.
    pub(super) fn discord_shards(&self) -> DiscordShards {
        self.reported(|r| r.shards.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_counts_once_it_connected_and_while_it_is_reachable() {
        let networks = Networks::default();
        assert!(
            networks.connected(Platform::Console),
            "the console needs no connection"
        );
        assert!(!networks.connected(Platform::Matrix), "not connected yet");
        assert_eq!(networks.report(Platform::Matrix, true, 10), None);
        assert!(networks.connected(Platform::Matrix));
        assert_eq!(networks.report(Platform::Matrix, false, 20), None);
        // A second report of the same outage keeps its start.
        assert_eq!(networks.report(Platform::Matrix, false, 30), None);
        assert_eq!(networks.unreachable_since(Platform::Matrix), Some(20));
        assert!(!networks.connected(Platform::Matrix));
        assert_eq!(networks.report(Platform::Matrix, true, 40), Some(20));
        assert!(networks.connected(Platform::Matrix));
        assert_eq!(networks.unreachable_since(Platform::Matrix), None);
    }

    #[test]
    fn the_discord_shards_are_what_was_last_reported() {
        let networks = Networks::default();
        assert_eq!(networks.discord_shards(), DiscordShards::NotRunning);
        networks.set_discord_shards(DiscordShards::All);
        assert_eq!(networks.discord_shards(), DiscordShards::All);
    }
}
