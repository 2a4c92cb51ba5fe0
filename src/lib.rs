//! oware-bot: play Oware (abapa rules) in Discord servers, Matrix rooms and a local
//! console chat.
//!
//! Layers, each a folder: [`rules`] (pure rules core), [`engine`] (pure search and
//! perft), [`render`] (board PNGs, alt text, replay GIFs), [`cli`] (the command-line
//! tools that are not chat).

pub mod cli;
pub mod engine;
pub mod render;
pub mod rules;
