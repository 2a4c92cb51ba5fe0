//! The engine layer, pure like the rules: move-tree counting (perft) now, the search
//! that plays as the bot opponent later.

pub mod perft;

pub use perft::{divide, perft};
