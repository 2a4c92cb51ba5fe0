//! The service's background work (the scheduler, the jobs it runs, puzzle
//! generation, the relay of other processes' changes) and how it stops: before the
//! store closes, so no task reaches for a closed pool.
//!
//! [`Service::stop`] cancels every task started with `Core::spawn_background`:
//! the scheduler claims no new job and gives those running a moment to finish (a
//! job cut short rolls back, and runs again after its lease), then each task is
//! dropped and awaited.

use crate::service::scheduler::Scheduler;
use std::future::Future;
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How long the scheduler lets the jobs it runs finish when the service stops.
pub(super) const JOB_GRACE: Duration = Duration::from_secs(5);

/// While it lives, the time the bot was away is being credited to the clocks and
/// commands wait (see [`Service::crediting`]).
pub(super) struct Crediting<'a>(&'a super::core::Core);

impl Drop for Crediting<'_> {
    fn drop(&mut self) {
        self.0.background.crediting.send_replace(false);
    }
}

/// How long [`Service::stop`] waits for the background tasks.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// The tasks and the signal that stops them.
#[derive(Debug, Default)]
pub(super) struct Background {
    tasks: TaskTracker,
    stop: CancellationToken,
    /// Whether the scheduler is still crediting the time the bot was away to the
    /// clocks: commands wait until it is done (see [`Service::started`]).
    crediting: tokio::sync::watch::Sender<bool>,
}

impl Background {
    /// Runs `work` until it ends or the service stops.
    pub(super) fn spawn<F>(&self, work: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let stop = self.stop.clone();
        self.tasks.spawn(async move {
            tokio::select! {
                () = stop.cancelled() => {}
                () = work => {}
            }
        });
    }
}

impl Scheduler<'_> {
    /// Starts the scheduler (see [`Service::run_scheduler`]) as a background task:
    /// once per process. It stops itself when [`Service::stop`] is called.
    ///
    /// From this call on, commands wait until the time the bot was away has been
    /// credited to the clocks: a move typed at once after a restart is judged
    /// against its deadline moved later, never lost on time for the downtime.
    pub(in crate::service) fn start_scheduler(&self) {
        self.core.background.crediting.send_replace(true);
        self.core
            .background
            .tasks
            .spawn(Scheduler::run_scheduler(std::sync::Arc::clone(self.core)));
    }

    /// Marks the crediting of downtime as under way until the guard returned is
    /// dropped (also when the crediting panics: commands never wait for ever).
    pub(super) fn crediting(&self) -> Crediting<'_> {
        self.core.background.crediting.send_replace(true);
        Crediting(self.core)
    }

    /// Resolves once the time the bot was away has been credited to the clocks
    /// (at once when no scheduler was started: nothing is to be credited then).
    pub(super) async fn downtime_credited(&self) {
        let mut crediting = self.core.background.crediting.subscribe();
        // The sender lives as long as the service: an error cannot happen.
        let _ = crediting.wait_for(|crediting| !crediting).await;
    }

    /// Resolves once [`Service::stop`] was called.
    pub(super) async fn stopping(&self) {
        self.core.background.stop.cancelled().await;
    }

    /// Whether [`Service::stop`] was called.
    pub(super) fn is_stopping(&self) -> bool {
        self.core.background.stop.is_cancelled()
    }

    /// Stops the background tasks and waits (up to 10 s) until they have ended: call
    /// it before closing the store.
    pub async fn stop(&self) {
        self.core.background.stop.cancel();
        self.core.background.tasks.close();
        if tokio::time::timeout(STOP_WAIT, self.core.background.tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                left = self.core.background.tasks.len(),
                "background tasks did not stop in time"
            );
        }
    }

    /// Background tasks still running.
    #[must_use]
    pub fn background_tasks(&self) -> usize {
        self.core.background.tasks.len()
    }
}
