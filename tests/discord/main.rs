//! The Discord adapter: the real serenity + poise client against a fake Discord on
//! loopback, with a scripted or the real service.
//!
//! One test binary for the layer: each file below was its own binary, linking
//! the whole bot again.

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../discord_fake/mod.rs"]
mod discord_fake;

mod discord_deliver;
mod discord_fixtures;
mod discord_game;
mod discord_gateway;
mod discord_language;
mod discord_loopback;
mod discord_service;
mod discord_tournament;
