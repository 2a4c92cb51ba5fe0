//! The core every use case shares (see [`Core`]).

use std::{sync::Arc, time::Duration};

use tokio::sync::{watch, Semaphore};

mod background;
mod bots;
mod seen;
mod web_pictures;

pub(super) use background::Background;
pub(super) use bots::BotUsers;
pub(super) use seen::Seen;
pub(super) use web_pictures::WebPictures;

use super::ServiceConfig;
use super::{engine_pool::EnginePool, limits::Rates, networks::Networks, settings::cache::Cache};
use crate::store::Store;

/// The service's clock: Unix milliseconds that follow tokio's time, so tests can
/// pause and advance it (in production it is the wall clock from start-up on).
#[derive(Clone, Copy, Debug)]
pub(super) struct TimeSource {
    base_ms: i64,
    start: tokio::time::Instant,
}

impl TimeSource {
    pub(super) fn new() -> TimeSource {
        TimeSource {
            base_ms: crate::store::now_ms(),
            start: tokio::time::Instant::now(),
        }
    }

    pub(super) fn now(self) -> i64 {
        let elapsed = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.base_ms.saturating_add(elapsed)
    }

    /// The instant of tokio's clock at which this clock reads `ms`, so a sleep until
    /// then holds however long the caller took between reading the time and sleeping.
    pub(super) fn instant_at(self, ms: i64) -> tokio::time::Instant {
        let after = u64::try_from(ms.saturating_sub(self.base_ms)).unwrap_or(0);
        self.start + Duration::from_millis(after)
    }
}

/// The games changed that a live page has not read yet, at most.
pub(super) const GAME_CHANGES: usize = 256;

/// What every use case shares: the store, the clock, the wake-ups, the slots that
/// bound the heavy work, and the caches. Built once by [`Service::with_engine`] and
/// shared as `Arc<Core>`; a use case borrows it (see `cases.rs`).
#[derive(Debug)]
pub(super) struct Core {
    pub(super) store: Store,
    /// The store as the web pages read it ([`Store::for_pages`]).
    pub(super) page_reads: Store,
    pub(super) config: ServiceConfig,
    pub(super) bots: BotUsers,
    pub(super) time: TimeSource,
    /// Bumped whenever a job is written: wakes the scheduler.
    pub(super) jobs_changed: watch::Sender<u64>,
    /// Bumped whenever an outbox message is written: wakes the deliverers.
    pub(super) outbox_changed: watch::Sender<u64>,
    /// The games this process just moved or ended: their live pages read them now
    /// instead of at their next poll. Bounded ([`GAME_CHANGES`]); a reader that
    /// falls behind skips to the latest and its polls catch up.
    pub(super) games_changed: tokio::sync::broadcast::Sender<crate::store::GameId>,
    /// Engine searches running at once, and those waiting for a slot.
    pub(super) engine_slots: EnginePool,
    /// Heavy renders (replay GIFs, charts) running at once.
    pub(super) heavy_slots: Arc<Semaphore>,
    /// Board pictures drawn at once: one per core (a burst of 200 starting games
    /// would otherwise hold 200 pictures of 6 MB in memory at once).
    pub(super) board_slots: Arc<Semaphore>,
    /// Pictures drawn for the web at once: their own slots, taken at once or not at
    /// all, so the chat's pictures never wait behind the web's.
    pub(super) web_picture_slots: Arc<Semaphore>,
    /// The engine's searches asked for from the web (a position's evaluation): its
    /// own slot, taken at once or not at all, never the chat's engine slots.
    pub(super) web_engine_slots: Arc<Semaphore>,
    /// Pictures drawn for the web, kept (see `WebPictures`).
    pub(super) web_pictures: WebPictures,
    /// Analyses running at once: one core fewer than the engine's, so live games
    /// always have a core.
    pub(super) analysis_slots: Arc<Semaphore>,
    /// Whether puzzles are being generated.
    pub(super) refilling: std::sync::atomic::AtomicBool,
    /// Each user's command rate.
    pub(super) rates: Rates,
    /// The engine: its endgame tables and kept searchers.
    pub(super) engine: Arc<crate::engine::Engine>,
    /// The places' settings as recently read.
    pub(super) settings_cache: Cache,
    /// The scheduler and what it starts (jobs, puzzle generation, change relays):
    /// stopped by [`Service::stop`] before the store closes.
    pub(super) background: Background,
    /// What the adapters reported of their networks (connected, unreachable since
    /// when, Discord's shards).
    pub(super) networks: Networks,
    /// The people known to have been shown the board's legend.
    pub(super) legend_seen: Seen,
}

impl Core {
    /// Now, in Unix milliseconds, on the service's clock (tokio's time).
    pub(super) fn now(&self) -> i64 {
        self.time.now()
    }

    /// The instant of tokio's clock at which [`Core::now`] reads `ms`.
    pub(super) fn instant_at(&self, ms: i64) -> tokio::time::Instant {
        self.time.instant_at(ms)
    }

    /// Tells the live pages that game `game` changed (a move, its end).
    pub(super) fn game_changed(&self, game: crate::store::GameId) {
        // Without a page open nobody listens: nothing to tell.
        let _ = self.games_changed.send(game);
    }

    /// Wakes the deliverers and the scheduler after a change that wrote messages or
    /// jobs.
    pub(super) fn wake(&self) {
        self.outbox_changed.send_modify(|n| *n = n.wrapping_add(1));
        self.jobs_changed.send_modify(|n| *n = n.wrapping_add(1));
    }
}
