//! The real `oware-bot` binary: the console, the engine and render tools, data
//! migration, backups, replays, restarts after SIGKILL, table building.
//!
//! One test binary for the layer: each file below was its own binary, linking
//! the whole bot again.

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/mod.rs"]
mod support;

mod backup;
mod console;
mod console_french;
mod engine_cli;
mod first_start;
mod migrate_data;
mod render_cli;
mod replay_cli;
mod restart;
mod tables_autobuild;
mod tournament_console;
