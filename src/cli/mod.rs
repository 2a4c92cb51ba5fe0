//! The command line: every subcommand of the `oware-bot` binary.

pub mod arena;
pub mod console;
pub mod engine;
pub mod migrate;
pub mod perft;
pub mod render;
pub mod replay;
pub mod run;
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
    /// Copy all data into another, empty database (SQLite or PostgreSQL, either way).
    ///
    /// Copies every table in one transaction, then checks that every table's row
    /// count matches the source's and that every game replays from its moves:
    /// `oware-bot migrate-data --from sqlite://oware.db --to
    /// postgres://user:password@host/db`.
    MigrateData(migrate::MigrateDataArgs),
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

/// The tables the bot builds by itself when it finds none: a few seconds of CPU.
pub const AUTO_TABLE_SEEDS: usize = 15;
/// Set to `off` (or `0`, `no`) to keep the bot from building tables by itself.
pub const AUTOBUILD_VAR: &str = "OWARE_TABLES_AUTOBUILD";

/// Gives the bot's engine its endgame tables: the file named by `$OWARE_TABLES` or
/// found in the working directory; else, unless `OWARE_TABLES_AUTOBUILD=off`, the
/// [`AUTO_TABLE_SEEDS`]-seed tables built on a background thread (progress in the log)
/// and saved in the working directory, which the hard level uses once they are ready.
/// The larger tables stay a command: `oware-bot tables build --seeds 20`.
pub fn tables_for_the_bot() -> Option<std::thread::JoinHandle<()>> {
    if let Some(tables) = load_tables() {
        crate::engine::install_tables(tables);
        return None;
    }
    let off = std::env::var(AUTOBUILD_VAR)
        .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "0" | "no"));
    if off {
        return None;
    }
    build_tables_in_background(
        crate::engine::table_file::default_path(AUTO_TABLE_SEEDS),
        AUTO_TABLE_SEEDS,
    )
}

/// Builds the tables up to `seeds` on a background thread, saves them at `path` and
/// installs them for the engine. `None` if the thread cannot be started.
pub fn build_tables_in_background(
    path: std::path::PathBuf,
    seeds: usize,
) -> Option<std::thread::JoinHandle<()>> {
    let spawned = std::thread::Builder::new()
        .name("endgame-tables".to_owned())
        .spawn(move || {
            use crate::engine::tables;
            tracing::info!(
                seeds,
                "no endgame tables found: building them in the background"
            );
            let started = std::time::Instant::now();
            let total: u64 = (0..=seeds).map(tables::index::count).sum();
            let mut logged = 0;
            let built = tables::build(seeds, |p| {
                let percent = p.done.saturating_mul(100) / total.max(1);
                if percent >= logged + 25 {
                    logged = percent;
                    tracing::info!(percent, "building endgame tables");
                }
            });
            if let Err(e) = crate::engine::table_file::save(&built, &path) {
                tracing::warn!("{e}; the tables are used until the bot stops");
            }
            crate::engine::install_tables(built);
            tracing::info!(
                seeds,
                path = %path.display(),
                elapsed = ?started.elapsed(),
                "endgame tables ready: the hard level plays them from now on"
            );
        });
    match spawned {
        Ok(handle) => Some(handle),
        Err(e) => {
            tracing::warn!(error = %e, "could not start building the endgame tables");
            None
        }
    }
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
