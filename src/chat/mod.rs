//! Chat adapters: each translates its platform's events into
//! [`Command`](crate::service::Command)s and the service's
//! [`Reply`](crate::service::Reply)s into platform messages, and delivers the
//! service's unprompted messages (the outbox). No game logic lives here.

pub mod console;
pub mod matrix;

pub mod discord;

/// What an adapter needs from the service (defined by the service, which owns its
/// ports).
pub use crate::service::ChatService;
