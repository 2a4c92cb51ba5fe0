//! Rooms are independent: each room's events are handled on a task of its own, in
//! order within the room, so a slow command in one room never delays another.
//! A sync batch counts as handled (its token may be saved) once every room's
//! share of it is; later batches go on meanwhile.
//!
//! Each room also has a turn to speak: a command holds its room's turn while it is
//! handled and answered, and the outbox deliverer takes it for each message, so
//! an answer goes out before the messages it caused (the human's move before the
//! engine's reply) without one room waiting for another.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use matrix_sdk::ruma::OwnedRoomId;
use matrix_sdk::Room;
use tokio::sync::{mpsc, oneshot, OwnedMutexGuard};
use tokio::task::JoinSet;

use super::handle::{Bot, Event};
use crate::chat::ChatService;

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

/// One room's share of a sync batch.
struct Job {
    room: Room,
    events: Vec<Event>,
    done: oneshot::Sender<()>,
}

/// The rooms' tasks, started on a room's first event.
pub struct Rooms<S> {
    bot: Arc<Bot<S>>,
    queues: HashMap<OwnedRoomId, mpsc::UnboundedSender<Job>>,
    tasks: JoinSet<()>,
}

impl<S: ChatService> Rooms<S> {
    /// No room tasks yet.
    pub fn new(bot: Arc<Bot<S>>) -> Rooms<S> {
        Rooms {
            bot,
            queues: HashMap::new(),
            tasks: JoinSet::new(),
        }
    }

    /// Queues `events` of `room` behind the room's earlier ones; the receiver
    /// completes once they are handled (or their task died: a command that panics
    /// is not handled again).
    pub fn dispatch(&mut self, room: Room, events: Vec<Event>) -> oneshot::Receiver<()> {
        let (done, handled) = oneshot::channel();
        let mut job = Job { room, events, done };
        let id = job.room.room_id().to_owned();
        if let Some(queue) = self.queues.get(&id) {
            match queue.send(job) {
                Ok(()) => return handled,
                // The room's task panicked: start another.
                Err(mpsc::error::SendError(back)) => job = back,
            }
        }
        let (queue, mut jobs) = mpsc::unbounded_channel::<Job>();
        let bot = Arc::clone(&self.bot);
        self.tasks.spawn(async move {
            while let Some(job) = jobs.recv().await {
                bot.handle_room(&job.room, job.events).await;
                let _ = job.done.send(());
            }
        });
        // The receiver lives in the task just spawned.
        let _ = queue.send(job);
        self.queues.insert(id, queue);
        handled
    }

    /// Forgets `room` (the bot left it): its task ends once its queued events are
    /// done.
    pub fn forget(&mut self, room: &matrix_sdk::ruma::RoomId) {
        self.queues.remove(room);
    }

    /// Stops every room's task, finished or not.
    pub fn abort(&mut self) {
        self.queues.clear();
        self.tasks.abort_all();
    }
}
