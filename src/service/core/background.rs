//! The service's background tasks (the scheduler, the jobs it runs, puzzle
//! generation, the relay of other processes' changes) and how they stop: before the
//! store closes, so no task reaches for a closed pool.
//!
//! [`Background::stop`] cancels every task started with [`Background::spawn`]: the
//! scheduler claims no new job and gives those running a moment to finish (a job
//! cut short rolls back, and runs again after its lease), then each task is dropped
//! and awaited.

use std::future::Future;
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How long [`Background::stop`] waits for the tasks.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// The tasks and the signal that stops them.
#[derive(Debug, Default)]
pub(in crate::service) struct Background {
    tasks: TaskTracker,
    stop: CancellationToken,
    /// Whether the scheduler is still crediting the time the bot was away to the
    /// clocks: commands wait until it is done (see [`Background::credited`]).
    crediting: tokio::sync::watch::Sender<bool>,
}

impl Background {
    /// Runs `work` until it ends or the service stops.
    pub(in crate::service) fn spawn<F>(&self, work: F)
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

    /// Starts the scheduler's loop, `scheduler`: from this call on, commands wait
    /// until the time the bot was away has been credited to the clocks (a move typed
    /// at once after a restart is judged against its deadline moved later, never
    /// lost on time for the downtime).
    pub(in crate::service) fn start_scheduler<F>(&self, scheduler: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        self.crediting.send_replace(true);
        self.tasks.spawn(scheduler);
    }

    /// Marks the crediting of downtime as under way until the guard returned is
    /// dropped (also when the crediting panics: commands never wait for ever).
    pub(in crate::service) fn crediting(&self) -> Crediting<'_> {
        self.crediting.send_replace(true);
        Crediting(self)
    }

    /// Resolves once the time the bot was away has been credited to the clocks
    /// (at once when no scheduler was started: nothing is to be credited then).
    pub(in crate::service) async fn credited(&self) {
        let mut crediting = self.crediting.subscribe();
        // The sender lives as long as the service: an error cannot happen.
        let _ = crediting.wait_for(|crediting| !crediting).await;
    }

    /// Resolves once [`Background::stop`] was called.
    pub(in crate::service) async fn stopping(&self) {
        self.stop.cancelled().await;
    }

    /// Whether [`Background::stop`] was called.
    pub(in crate::service) fn is_stopping(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// Stops the tasks and waits (up to 10 s) until they have ended: call it before
    /// closing the store.
    pub(in crate::service) async fn stop(&self) {
        self.stop.cancel();
        self.tasks.close();
        if tokio::time::timeout(STOP_WAIT, self.tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                left = self.tasks.len(),
                "background tasks did not stop in time"
            );
        }
    }

    /// Tasks still running.
    pub(in crate::service) fn len(&self) -> usize {
        self.tasks.len()
    }
}

/// While it lives, the time the bot was away is being credited to the clocks and
/// commands wait (see [`Background::crediting`]).
pub(in crate::service) struct Crediting<'a>(&'a Background);

impl Drop for Crediting<'_> {
    fn drop(&mut self) {
        self.0.crediting.send_replace(false);
    }
}
