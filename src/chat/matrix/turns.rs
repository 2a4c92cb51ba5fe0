//! Each room has a turn to speak: a command holds its room's turn while it is
//! handled and answered, and the outbox deliverer takes it for each message, so an
//! answer goes out before the messages it caused (the human's move before the
//! engine's reply) without one room waiting for another.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::OwnedMutexGuard;

/// Each room's turn to speak.
#[derive(Debug, Default)]
pub struct Turns(Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>);

impl Turns {
    /// Waits for `room`'s turn; it lasts until the guard is dropped.
    pub async fn take(&self, room: &str) -> OwnedMutexGuard<()> {
        let turn = {
            // A poisoned map is still a valid map.
            let mut turns = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(turns.entry(room.to_owned()).or_default())
        };
        turn.lock_owned().await
    }

    /// Forgets `room` (the bot left it): its turn is freed once nobody holds it.
    pub fn forget(&self, room: &str) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(room);
    }
}
