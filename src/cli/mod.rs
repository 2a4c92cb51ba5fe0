//! The command line: every subcommand of the `oware-bot` binary.

pub mod console;
pub mod perft;
pub mod replay;

use clap::{Parser, Subcommand};

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
}

/// Parses a variant name for clap.
pub(crate) fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: crate::rules::VariantParseError| e.to_string())
}
