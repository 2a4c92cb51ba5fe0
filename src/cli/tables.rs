//! `oware-bot tables build [--seeds N] [--out PATH]`: builds the endgame tables once
//! and saves them where the engine finds them.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::engine::{table_file, tables};

/// Arguments of `oware-bot tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    /// What to do with the tables.
    #[command(subcommand)]
    pub action: TablesAction,
}

/// The `tables` subcommands.
#[derive(Debug, Subcommand)]
pub enum TablesAction {
    /// Build the tables for every board with at most N seeds and save them.
    Build {
        /// The most seeds on the board (20 takes ~226 MB and a while; 15 is quick).
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(0..=24))]
        seeds: u8,
        /// Where to write them (default `oware-tables-N.bin`).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Load a table file, check it, and say what it holds.
    Check {
        /// The file (default: `$OWARE_TABLES` or the largest `oware-tables-N.bin`).
        path: Option<PathBuf>,
    },
}

/// Runs the command, printing to `out`.
///
/// # Errors
/// When the tables cannot be written or read, or `out` cannot be written.
pub fn run(args: &TablesArgs, out: &mut impl Write) -> anyhow::Result<()> {
    match &args.action {
        TablesAction::Build { seeds, out: path } => {
            let seeds = usize::from(*seeds);
            let path = path
                .clone()
                .unwrap_or_else(|| table_file::default_path(seeds));
            let started = Instant::now();
            let total: u64 = (0..=seeds).map(tables::index::count).sum();
            let bar = ProgressBar::new(total).with_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {pos}/{len} positions {msg}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            // Per seed count: (sweeps, seconds), for the summary.
            let mut per_count: Vec<(u32, f64)> = Vec::new();
            let mut count_started = Instant::now();
            let built = tables::build(seeds, |p| {
                if p.seeds == per_count.len() {
                    per_count.push((0, 0.0));
                    count_started = Instant::now();
                }
                per_count[p.seeds] = (p.sweep, count_started.elapsed().as_secs_f64());
                bar.set_position(p.done);
                bar.set_message(format!("({} seeds, sweep {})", p.seeds, p.sweep));
            });
            bar.finish();
            for (n, (sweeps, secs)) in per_count.iter().enumerate() {
                writeln!(
                    out,
                    "{n:>2} seeds: {:>11} positions, {sweeps:>3} sweeps, {secs:>7.1} s",
                    tables::index::count(n)
                )?;
            }
            table_file::save(&built, &path)?;
            writeln!(
                out,
                "built tables up to {seeds} seeds ({total} positions) in {:.1?}; saved to {}",
                started.elapsed(),
                path.display()
            )?;
        }
        TablesAction::Check { path } => {
            let path = match path {
                Some(p) => p.clone(),
                None => table_file::find().ok_or_else(|| {
                    anyhow::anyhow!("no table file: set OWARE_TABLES or build one")
                })?,
            };
            let started = Instant::now();
            let t = table_file::load(&path)?;
            writeln!(
                out,
                "{}: tables up to {} seeds, checksum good, loaded in {:.1?}",
                path.display(),
                t.max_seeds(),
                started.elapsed()
            )?;
        }
    }
    Ok(())
}
