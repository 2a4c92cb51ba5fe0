//! Whether Discord can reach this process: its first shard to connect makes it
//! connected (as `/healthz` reports it); a shard that loses its gateway connection
//! brings no commands, so the time until it is back is not charged to the games'
//! clocks (see [`Receipt::Reachable`]).
//!
//! The shards are watched, not listened to: serenity tells a stage change only when
//! it happens while an event is read, so a connection reset and a failed resume
//! (the shard is restarted) are never told. Its shard manager's table of runners is
//! always current: a shard missing from it, or not connected, is lost.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::chat::{ChatService, Receipt};
use crate::service::Platform;

/// How often the shards are looked at: a lost gateway is told within this.
const EVERY: Duration = Duration::from_secs(1);

/// Tells the service when the first of this process's shards connects, when one
/// loses the gateway, and when the last one is connected again. Runs until dropped.
pub(super) async fn watch(shards: Arc<serenity::ShardManager>, service: Arc<dyn ChatService>) {
    let mut shards_seen = Seen::default();
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let connected: HashSet<u32> = shards
            .runners
            .lock()
            .await
            .iter()
            .filter(|(_, runner)| runner.stage == serenity::ConnectionStage::Connected)
            .map(|(id, _)| id.0)
            .collect();
        tracing::trace!(?connected, "Discord shards connected");
        let Some(reachable) = shards_seen.observe(&connected) else {
            continue;
        };
        if reachable {
            tracing::info!("Discord: the gateway is connected");
        } else {
            tracing::warn!("Discord: lost the gateway connection; the clocks wait");
        }
        let receipt = Receipt::Reachable {
            platform: Platform::Discord,
            reachable,
        };
        service.receipt(receipt).await;
    }
}

/// The shards seen connected so far, and which of them are not now.
#[derive(Default)]
struct Seen {
    ever: HashSet<u32>,
    lost: HashSet<u32>,
}

impl Seen {
    /// Records that the shards in `connected` are, and the others are not:
    /// `Some(reachable)` when Discord as a whole becomes reachable (the first shard
    /// connects), unreachable (a shard once connected is not) or reachable again
    /// (every such shard is).
    fn observe(&mut self, connected: &HashSet<u32>) -> Option<bool> {
        let first = self.ever.is_empty() && !connected.is_empty();
        let was_lost = !self.lost.is_empty();
        self.ever.extend(connected);
        self.lost = self.ever.difference(connected).copied().collect();
        match (was_lost, self.lost.is_empty()) {
            _ if first => Some(true),
            (false, false) => Some(false),
            (true, true) => Some(true),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ids: &[u32]) -> HashSet<u32> {
        ids.iter().copied().collect()
    }

    #[test]
    fn the_first_lost_shard_and_the_last_one_back_are_told() {
        let mut seen = Seen::default();
        assert_eq!(
            seen.observe(&set(&[])),
            None,
            "not yet connected: nothing lost"
        );
        assert_eq!(
            seen.observe(&set(&[0])),
            Some(true),
            "a first connect is told: Discord is connected"
        );
        assert_eq!(seen.observe(&set(&[0, 1])), None);
        assert_eq!(seen.observe(&set(&[1])), Some(false), "shard 0 is gone");
        assert_eq!(seen.observe(&set(&[])), None, "already unreachable");
        assert_eq!(seen.observe(&set(&[0])), None, "shard 1 is still away");
        assert_eq!(seen.observe(&set(&[0, 1])), Some(true));
        assert_eq!(seen.observe(&set(&[0, 1])), None);
    }
}
