//! The engine's slots: searches (moves, draw and end proposals) run at most one per
//! engine thread; the others wait for a slot, and how many wait is the engine's
//! queue that `/metrics` exports.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::ServiceError;

/// The slots of the engine's searches, and the searches waiting for one.
#[derive(Debug)]
pub(super) struct EnginePool {
    slots: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
}

/// Counts one search as waiting while it lives (a waiter dropped before its slot
/// came, such as a cancelled command, stops counting too).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn start(count: &'a AtomicUsize) -> Waiting<'a> {
        count.fetch_add(1, Ordering::Relaxed);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl EnginePool {
    /// `size` slots (at least one).
    pub(super) fn new(size: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
        }
    }

    /// A slot, once one is free; the search runs while the permit is held.
    ///
    /// # Errors
    /// The pool was closed (never, while the service lives).
    pub(super) async fn slot(&self) -> Result<OwnedSemaphorePermit, ServiceError> {
        if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
            return Ok(permit);
        }
        let _waiting = Waiting::start(&self.waiting);
        Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(|e| ServiceError::Internal(format!("engine pool: {e}")))
    }

    /// Searches that may run at once.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// Searches running now.
    pub(super) fn busy(&self) -> usize {
        self.size.saturating_sub(self.slots.available_permits())
    }

    /// Searches waiting for a slot now.
    pub(super) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Whether every slot is taken (a new search would wait).
    pub(super) fn all_busy(&self) -> bool {
        self.slots.available_permits() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn searches_waiting_for_a_slot_are_counted_until_they_get_one_or_give_up() {
        let pool = Arc::new(EnginePool::new(1));
        let first = pool.slot().await.expect("a free slot");
        assert_eq!((pool.busy(), pool.waiting()), (1, 0));
        assert!(pool.all_busy());
        let waiter = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.slot().await.map(drop) })
        };
        let cancelled = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.slot().await.map(drop) })
        };
        while pool.waiting() < 2 {
            tokio::task::yield_now().await;
        }
        cancelled.abort();
        let _ = cancelled.await;
        assert_eq!(pool.waiting(), 1, "a cancelled search waits no more");
        drop(first);
        waiter
            .await
            .expect("the waiter ran")
            .expect("it got the slot");
        assert_eq!((pool.busy(), pool.waiting()), (0, 0));
        assert_eq!(pool.size(), 1);
    }
}
