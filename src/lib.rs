//! oware-bot: play Oware (abapa rules) in Discord servers, Matrix rooms and a local
//! console chat.
//!
//! Layers, each a folder: [`rules`] (pure rules core), [`engine`] (pure search and
//! perft), [`render`] (board PNGs, alt text, replay GIFs, rating charts), [`service`]
//! (commands in, replies out), [`store`] (the only SQL), [`chat`] (the adapters),
//! [`platform`] (the chat networks, a value every layer shares),
//! [`cli`] (the command line), [`config`] (the environment), [`web`] (the read-only
//! web pages, an adapter like [`chat`]).

pub mod chat;
pub mod cli;
pub mod config;
pub mod engine;
pub mod i18n;
pub mod platform;
pub mod play;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod web;
