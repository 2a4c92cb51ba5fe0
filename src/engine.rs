//! The engine layer, pure like the rules: the search that plays as the bot opponent
//! (levels, evaluation, transposition table), endgame tables, post-game analysis and
//! puzzles, and move-tree counting (perft). The only I/O is reading and writing table
//! files, kept in [`table_file`].

pub mod analysis;
pub mod book;
pub mod eval;
mod kept;
pub mod level;
mod ordering;
pub mod perft;
pub mod puzzles;
pub mod rng;
pub mod search;
pub mod table_file;
pub mod tables;
mod tt;
pub mod tune;

pub use analysis::{analyse, Analyser, Analysis, Class, PlyAnalysis};
pub use kept::Engine;
pub use level::{accepts_draw, accepts_split, choose_with, Level, LevelParseError};
pub use perft::{divide, perft};
pub use puzzles::{Goal, Puzzle};
pub use search::{Features, Limits, Report, Searcher};
pub use tables::Tables;

#[cfg(test)]
mod tests;
