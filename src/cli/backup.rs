//! `oware-bot backup FILE`: a consistent copy of the bot's SQLite database, made
//! while the bot runs (see `store::backup`). Restoring is copying the file back
//! while the bot is stopped (README, "Backups"). PostgreSQL is backed up with
//! `pg_dump`: the command says so and fails.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::config::Config;
use crate::store::backup_sqlite;

/// `oware-bot backup FILE [--db URL]`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new file to write the copy to; an existing file is never overwritten.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The database to copy (default: `DATABASE_URL`).
    #[arg(long)]
    pub db: Option<String>,
}

/// Copies the database into `args.file` and prints what the copy holds.
///
/// # Errors
/// The file exists, the database is PostgreSQL (the message says how to use
/// `pg_dump`), or the copy cannot be made or does not check out.
pub fn run(args: &BackupArgs, config: &Config, out: &mut impl Write) -> anyhow::Result<()> {
    let url = args.db.as_deref().unwrap_or(&config.database_url);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let summary = runtime.block_on(backup_sqlite(url, &args.file))?;
    writeln!(
        out,
        "backed up {} games and {} players into {} ({} KiB); to restore it, stop the bot, \
         copy the file over its database (or point DATABASE_URL at it) and start the bot",
        summary.games,
        summary.players,
        args.file.display(),
        summary.bytes.div_ceil(1024)
    )?;
    Ok(())
}
