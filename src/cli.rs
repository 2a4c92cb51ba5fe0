//! The command line: every subcommand of the `oware-bot` binary.

pub mod arena;
pub mod backup;
pub mod book;
pub mod console;
pub mod engine;
pub mod health;
pub mod migrate;
pub mod perft;
pub mod render;
pub mod replay;
pub mod run;
pub mod tables;
pub mod tune;

use clap::{Parser, Subcommand};

use std::sync::Arc;

use crate::engine::{Engine, Level};
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
    /// Build or check the opening book.
    Book(book::BookArgs),
    /// Fit the evaluation weights to self-play results (Texel's method).
    Tune(tune::TuneArgs),
    /// Copy all data into another, empty database (SQLite or PostgreSQL, either way).
    ///
    /// Copies every table in one transaction, then checks that every table's row
    /// count matches the source's and that every game replays from its moves:
    /// `oware-bot migrate-data --from sqlite://oware.db --to
    /// postgres://user:password@host/db`.
    MigrateData(migrate::MigrateDataArgs),
    /// Copy the SQLite database into a new file, consistently, while the bot runs:
    /// `oware-bot backup oware-2024-05-01.db`. For PostgreSQL use `pg_dump`.
    Backup(backup::BackupArgs),
    /// Exit 0 when the bot on this database is running (its heartbeat is recent),
    /// 1 otherwise: for a container's health check.
    Health(health::HealthArgs),
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

/// The tables the bot builds by itself, smallest first, when it has none as large:
/// the 15-seed ones take seconds (17 MB on disk) and the hard level plays them at
/// once; the 20-seed ones take about 2 minutes of one core, 226 MB on disk and
/// [`build_memory`]`(20)` of memory while building, and replace them when ready.
pub const AUTO_TABLE_SEEDS: [usize; 2] = [15, 20];
/// `off` (or `0`, `no`) keeps the bot from building tables by itself; a number of
/// seeds (e.g. `15`) caps what it builds.
pub const AUTOBUILD_VAR: &str = "OWARE_TABLES_AUTOBUILD";

/// The most memory building the tables up to `seeds` takes, in bytes (measured:
/// see `docs/engine.md`): the largest seed count's move graph dominates.
#[must_use]
pub fn build_memory(seeds: usize) -> u64 {
    use crate::engine::tables::index::count;
    let values: u64 = (0..=seeds).map(count).sum();
    values + count(seeds) * GRAPH_BYTES_PER_BOARD
}

/// Bytes of move graph per board of the seed count being solved: building 17 seeds
/// peaked at 871 MB, 38 bytes per board besides the values; 48 leaves room for
/// the vectors' growth. So 20 seeds ask for about 4.3 GB free.
const GRAPH_BYTES_PER_BOARD: u64 = 48;

/// Gives the bot's engine its endgame tables: the file named by `$OWARE_TABLES` or
/// the largest one found in the working directory. Then, unless `$OWARE_TABLES`
/// names a file or `OWARE_TABLES_AUTOBUILD=off`, builds the larger
/// [`AUTO_TABLE_SEEDS`] tables it lacks on a background thread (progress in the
/// log), saves them in the working directory and hands each to the hard level as it
/// is ready. A build that needs more memory than the machine has free is skipped
/// with a warning that says how to build it elsewhere.
pub fn tables_for_the_bot(engine: &Arc<Engine>) -> Option<std::thread::JoinHandle<()>> {
    let loaded = load_tables();
    let have = loaded.as_ref().map_or(0, crate::engine::Tables::max_seeds);
    if let Some(tables) = loaded {
        engine.install_tables(tables);
    }
    if std::env::var_os(crate::engine::table_file::ENV_VAR).is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let cap = match std::env::var(AUTOBUILD_VAR) {
        Err(_) => usize::MAX,
        Ok(v) => match v.trim().to_ascii_lowercase().as_str() {
            "off" | "0" | "no" => return None,
            "" | "on" | "yes" => usize::MAX,
            n => match n.parse::<usize>() {
                Ok(n) => n.min(crate::engine::tables::index::MAX_SEEDS),
                Err(_) => {
                    tracing::warn!(
                        value = %v,
                        "{AUTOBUILD_VAR} is `off` or a number of seeds; building the default tables"
                    );
                    usize::MAX
                }
            },
        },
    };
    let stages = autobuild_stages(have, cap);
    if stages.is_empty() {
        return None;
    }
    build_tables_in_background(std::path::PathBuf::from("."), stages, Arc::clone(engine))
}

/// The seed counts to build, smallest first, when the largest tables at hand have
/// `have` seeds and the owner allows at most `cap`.
#[must_use]
pub fn autobuild_stages(have: usize, cap: usize) -> Vec<usize> {
    let mut stages: Vec<usize> = AUTO_TABLE_SEEDS
        .iter()
        .map(|&n| n.min(cap))
        .filter(|&n| n > have)
        .collect();
    stages.dedup();
    stages
}

/// Builds the tables for each of `stages` (seed counts, smallest first) on a
/// background thread, saves each as `oware-tables-N.bin` in `dir` and installs it
/// in `engine`. A stage that needs more memory than is free is skipped, and so
/// are the larger ones after it. `None` if the thread cannot be started.
pub fn build_tables_in_background(
    dir: std::path::PathBuf,
    stages: Vec<usize>,
    engine: Arc<Engine>,
) -> Option<std::thread::JoinHandle<()>> {
    let spawned = std::thread::Builder::new()
        .name("endgame-tables".to_owned())
        .spawn(move || {
            for seeds in stages {
                let needed = build_memory(seeds);
                if let Some(free) = available_memory().filter(|&free| free < needed) {
                    tracing::warn!(
                        seeds,
                        needed_mb = needed >> 20,
                        free_mb = free >> 20,
                        "not enough free memory to build these endgame tables here: build them \
                         on a larger machine with `oware-bot tables build --seeds {seeds}` and \
                         copy the file beside the bot"
                    );
                    break;
                }
                build_and_install(
                    &dir.join(crate::engine::table_file::default_path(seeds)),
                    seeds,
                    &engine,
                );
            }
        });
    match spawned {
        Ok(handle) => Some(handle),
        Err(e) => {
            tracing::warn!(error = %e, "could not start building the endgame tables");
            None
        }
    }
}

/// Builds the tables up to `seeds`, saves them at `path` and installs them in
/// `engine`.
fn build_and_install(path: &std::path::Path, seeds: usize, engine: &Engine) {
    use crate::engine::tables;
    tracing::info!(seeds, "building endgame tables in the background");
    let started = std::time::Instant::now();
    let total: u64 = (0..=seeds).map(tables::index::count).sum();
    let mut logged = 0;
    let built = tables::build(seeds, |p| {
        let percent = p.done.saturating_mul(100) / total.max(1);
        if percent >= logged + 25 {
            logged = percent;
            tracing::info!(seeds, percent, "building endgame tables");
        }
    });
    if let Err(e) = crate::engine::table_file::save(&built, path) {
        tracing::warn!("{e}; the tables are used until the bot stops");
    }
    engine.install_tables(built);
    tracing::info!(
        seeds,
        path = %path.display(),
        elapsed = ?started.elapsed(),
        "endgame tables ready: the hard level plays them from now on"
    );
}

/// The memory the system can give without swapping (`MemAvailable` on Linux);
/// `None` where it cannot be read, and then builds go ahead.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
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
