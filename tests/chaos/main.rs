//! The chaos suite: the real bot binary (`oware-bot run`) with faults injected
//! between it and its peers on loopback, each scenario asserting that nothing is
//! lost and nothing is doubled. Each prints its figures (delivered, doubled, lost,
//! answer p99, time to recover).
//!
//! Scenarios: Discord's API failing for two minutes (`discord_outage`), a stop with
//! commands in hand (`discord_stop`), the bot down past a deadline (`downtime`), the
//! database locked for 10 s (`db_busy`).
//!
//! One test binary for the suite (it links the whole bot once).

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../discord_fake/mod.rs"]
mod discord_fake;

mod db_busy;
mod discord_outage;
mod discord_stop;
mod downtime;
mod players;
