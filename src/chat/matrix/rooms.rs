//! Rooms are independent: each room's commands are handled on a task of its own,
//! in the order received within the room, so a slow command in one room never
//! delays another. The sync loop does not wait for them: it records each batch's
//! commands in the journal (see `journal`), saves the token and goes on; each room
//! strikes out a command once it is handled. A room may have at most
//! [`ROOM_BACKLOG`] commands waiting: a room flooded beyond its share (by a
//! stranger) loses its excess, and no other room waits for it.
//! A command holds its room's turn to speak while it is handled and answered
//! (see `turns`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use matrix_sdk::Room;
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use super::handle::{Bot, Event};
use super::journal::Journal;
use crate::chat::ChatService;

/// The most commands one room may have waiting.
pub const ROOM_BACKLOG: usize = 500;

/// One recorded command of a room.
struct Job {
    room: Room,
    seq: i64,
    event: Event,
}

/// A room's task: its queue, and how many commands wait in it.
struct Queue {
    jobs: mpsc::UnboundedSender<Job>,
    waiting: Arc<AtomicUsize>,
}

/// The rooms' tasks, started on a room's first command.
pub struct Rooms<S> {
    bot: Arc<Bot<S>>,
    journal: Journal,
    queues: HashMap<OwnedRoomId, Queue>,
    tasks: JoinSet<()>,
}

impl<S: ChatService> Rooms<S> {
    /// No room tasks yet.
    pub fn new(bot: Arc<Bot<S>>, journal: Journal) -> Rooms<S> {
        Rooms {
            bot,
            journal,
            queues: HashMap::new(),
            tasks: JoinSet::new(),
        }
    }

    /// How many more commands `room` may have waiting.
    pub fn room_left(&self, room: &RoomId) -> usize {
        let waiting = self
            .queues
            .get(room)
            .map_or(0, |q| q.waiting.load(Ordering::Relaxed));
        ROOM_BACKLOG.saturating_sub(waiting)
    }

    /// Queues `room`'s recorded commands behind its earlier ones; each is struck
    /// out of the journal once handled (or once its task died: a command that
    /// panics is not handled again).
    pub fn dispatch(&mut self, room: &Room, commands: Vec<(i64, Event)>) {
        for (seq, event) in commands {
            let mut job = Job {
                room: room.clone(),
                seq,
                event,
            };
            loop {
                let queue = self.queue(room.room_id());
                queue.waiting.fetch_add(1, Ordering::Relaxed);
                match queue.jobs.send(job) {
                    Ok(()) => break,
                    // The room's task panicked: start another.
                    Err(mpsc::error::SendError(back)) => {
                        queue.waiting.fetch_sub(1, Ordering::Relaxed);
                        self.queues.remove(room.room_id());
                        job = back;
                    }
                }
            }
        }
    }

    fn queue(&mut self, room: &RoomId) -> &Queue {
        if !self.queues.contains_key(room) {
            let (jobs, mut queued) = mpsc::unbounded_channel::<Job>();
            let waiting = Arc::new(AtomicUsize::new(0));
            let bot = Arc::clone(&self.bot);
            let journal = self.journal.clone();
            let count = Arc::clone(&waiting);
            self.tasks.spawn(async move {
                while let Some(job) = queued.recv().await {
                    // Struck out even if handling panics: not handled again.
                    let on_panic = StrikeOutOnPanic {
                        journal: journal.clone(),
                        seq: job.seq,
                    };
                    bot.handle_event(&job.room, job.event).await;
                    drop(on_panic);
                    if let Err(e) = journal.done(job.seq).await {
                        tracing::warn!(error = %e, "matrix: could not strike out a handled command");
                    }
                    count.fetch_sub(1, Ordering::Relaxed);
                }
            });
            self.queues.insert(room.to_owned(), Queue { jobs, waiting });
        }
        &self.queues[room]
    }

    /// Forgets `room` (the bot left it): its task ends once its queued commands are
    /// done, and its commands not yet queued are struck out.
    pub async fn forget(&mut self, room: &RoomId) {
        self.queues.remove(room);
        // Rooms left earlier whose tasks have ended since: nothing is kept of them.
        while self.tasks.try_join_next().is_some() {}
        if let Err(e) = self.journal.forget_room(room.as_str()).await {
            tracing::warn!(%room, error = %e, "matrix: could not clear a room's journal");
        }
    }

    /// Lets the rooms finish their queued commands within `deadline`, then stops
    /// them; the commands left are still in the journal for the next start.
    pub async fn finish(&mut self, deadline: Duration) {
        self.queues.clear();
        let all_done = async { while self.tasks.join_next().await.is_some() {} };
        if tokio::time::timeout(deadline, all_done).await.is_err() {
            tracing::warn!(
                "matrix: commands still running at the shutdown deadline; they are handled \
                 on restart"
            );
        }
        self.tasks.abort_all();
    }
}

/// Strikes a command out of the journal if its handling panics (it is not handled
/// again); not when its task is stopped at shutdown (it is handled on restart).
struct StrikeOutOnPanic {
    journal: Journal,
    seq: i64,
}

impl Drop for StrikeOutOnPanic {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        let journal = self.journal.clone();
        let seq = self.seq;
        tokio::spawn(async move {
            if let Err(e) = journal.done(seq).await {
                tracing::warn!(seq, error = %e, "matrix: could not strike out a command");
            }
        });
    }
}
