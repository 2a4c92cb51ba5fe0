//! Rendering.

pub mod chart;
