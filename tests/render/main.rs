//! The pictures, decoded again: boards, rating charts, evaluation graphs.
//!
//! One test binary for the layer: each file below was its own binary, linking
//! the whole bot again.

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

mod chart;
mod eval_graph;
mod render;
