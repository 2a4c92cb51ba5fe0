//! The rules core: hand-written cases, property tests, the 600 oracle games and game records.
//!
//! One test binary for the layer: each file below was its own binary, linking
//! the whole bot again.

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../common/mod.rs"]
mod common;

mod oracle;
mod record;
mod record_props;
mod rules;
mod rules_props;
