//! The service through its commands, on a real SQLite file (or PostgreSQL with
//! `OWARE_TEST_DATABASE=postgres`): games, challenges, clocks, jobs, exactly-once,
//! moderation, ratings, settings, tournaments, and the text and Discord paths fuzzed.
//!
//! One test binary for the layer: each file below was its own binary, linking
//! the whole bot again.

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../support/mod.rs"]
mod support;

mod advice;
mod archive;
mod authority;
mod busy;
mod caps;
mod challenges;
mod clocks;
mod coach;
mod delivery;
mod downtime;
mod draws;
mod engine_games;
mod export;
mod forget;
mod fuzz_discord;
mod fuzz_matrix;
mod games;
mod inbox;
mod languages;
mod lessons;
mod listing;
mod moderation;
mod my_settings;
mod notify;
mod open_challenges;
mod page_links;
mod pseudo;
mod ratings;
mod replies;
mod retention;
mod schemas;
mod scope;
mod service_props;
mod settings;
mod shared_db;
mod social;
mod speeds;
mod status;
mod stopping;
mod takebacks;
mod tournament;
mod vacation;
mod web_signin;
