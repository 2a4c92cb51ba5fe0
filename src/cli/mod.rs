//! The command line: every subcommand of the `oware-bot` binary.

pub mod arena;
pub mod console;
pub mod engine;
pub mod perft;
pub mod render;
pub mod replay;
pub mod tables;

use clap::{Parser, Subcommand};

use crate::engine::Level;
use crate::rules::Variant;

/// oware-bot: play Oware (abapa rules) with friends in chat.
#[derive(Debug, Parser)]
#[command(name = "oware-bot", version, about, long_about = None)]
pub struct Cli {
    /// What to do (default: `run`).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start every chat network configured in the environment; with none
    /// configured, the console chat.
    Run(console::ConsoleArgs),
    /// The local console chat: type `alice: /oware play @bob`, `bob: /move c`.
    Console(console::ConsoleArgs),
    /// Replay games read from stdin (one per line: move letters, South first) and
    /// print each as one JSON line in the oracle's format.
    Replay(replay::ReplayArgs),
    /// Count the leaf positions N plies from the start position.
    Perft(perft::PerftArgs),
    /// Draw the position after some moves as a PNG, or the whole game as an animated
    /// GIF (--replay).
    Render(render::RenderArgs),
    /// Speak the engine line protocol on stdin/stdout (`position`, `go`, `bestmove`).
    Engine(engine::EngineArgs),
    /// Play engines (levels or external commands) against each other.
    Arena(arena::ArenaArgs),
    /// Build or check the endgame tables.
    Tables(tables::TablesArgs),
}

/// Parses a variant name for clap.
pub(crate) fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: crate::rules::VariantParseError| e.to_string())
}

/// Parses a level name for clap.
pub(crate) fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: crate::engine::LevelParseError| e.to_string())
}

/// Loads the endgame tables named by `$OWARE_TABLES` or found in the working
/// directory, if any; a damaged file is reported and skipped.
#[must_use]
pub fn load_tables() -> Option<crate::engine::Tables> {
    let path = crate::engine::table_file::find()?;
    match crate::engine::table_file::load(&path) {
        Ok(t) => {
            tracing::info!(path = %path.display(), seeds = t.max_seeds(), "endgame tables loaded");
            Some(t)
        }
        Err(e) => {
            tracing::warn!("{e}");
            None
        }
    }
}
