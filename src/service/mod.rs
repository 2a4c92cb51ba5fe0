//! The platform-neutral heart of the bot: a [`Command`] in, a [`Reply`] out.
//! Challenges, turns, advice, ratings and history live here; the service never
//! knows which chat platform it serves.

pub mod advice;
mod command;
pub mod rating;
mod reply;

pub use command::{
    Action, ChallengeOptions, Command, First, GameRef, Level, Place, Platform, User,
};
pub use reply::{Attachment, Button, ButtonAction, Reply};
