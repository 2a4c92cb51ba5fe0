//! What operators watch (the web adapter serves it as `/healthz` and `/metrics`):
//! whether the database answers and the chat networks are connected, and the
//! gauges of the queues (outbox, jobs, engine).

use super::{Platform, ServiceError};
use crate::service::cases::Delivery;
use crate::store::StatusCounts;

/// The queues' gauges at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gauges {
    /// The counts `/oware status` shows: games, challenges, jobs, undelivered messages.
    pub counts: StatusCounts,
    /// How late the most overdue job is, in milliseconds (0 when none is due).
    pub job_lag_ms: i64,
    /// Engine searches running now.
    pub engine_busy: usize,
    /// Engine searches that may run at once.
    pub engine_slots: usize,
    /// Engine searches waiting for a slot (the engine's queue).
    pub engine_waiting: usize,
}

impl Delivery<'_> {
    /// Whether the database answers a query now.
    pub async fn database_reachable(&self) -> bool {
        self.core.store.jobs().earliest_job().await.is_ok()
    }

    /// Whether `platform` is connected: its adapter said it connected, and has not
    /// said since that it cannot reach it. The console is connected from the start.
    #[must_use]
    pub fn network_connected(&self, platform: Platform) -> bool {
        self.core.networks.connected(platform)
    }

    /// The queues' gauges.
    ///
    /// # Errors
    /// Database failures.
    pub async fn gauges(&self) -> Result<Gauges, ServiceError> {
        let now = self.core.now();
        let counts = self.core.store.pages().status_counts(now).await?;
        let earliest = self.core.store.jobs().earliest_job().await?;
        Ok(Gauges {
            counts,
            job_lag_ms: earliest.map_or(0, |due| (now - due).max(0)),
            engine_busy: self.core.engine_slots.busy(),
            engine_slots: self.core.engine_slots.size(),
            engine_waiting: self.core.engine_slots.waiting(),
        })
    }
}
