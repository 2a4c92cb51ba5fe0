//! Chat adapters: each turns its platform's messages into service [`Command`]s and
//! the service's [`Reply`]s back into messages. They hold no game logic.
//!
//! [`Command`]: crate::service::Command
//! [`Reply`]: crate::service::Reply

pub mod console;
