//! `oware-bot book build`: builds the opening book by deep searches from the start
//! position and writes it where the build embeds it (`assets/opening-book.bin`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::engine::book::{self, Book, BuildSettings};
use crate::engine::tables::Tables;

/// Arguments of `oware-bot book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// What to do with the book.
    #[command(subcommand)]
    pub action: BookAction,
}

/// The `book` subcommands.
#[derive(Debug, Subcommand)]
pub enum BookAction {
    /// Value every position reached from the start by moves near the best, and save
    /// the book.
    Build {
        /// Positions up to this many plies from the start are valued.
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// Nodes searched for each position (node-limited, so reproducible).
        #[arg(long, default_value_t = 4_000_000)]
        nodes: u64,
        /// Moves within this many hundredths of a seed of the best lead on.
        #[arg(long, default_value_t = 100)]
        expand: i32,
        /// Where to write it.
        #[arg(long, default_value = "assets/opening-book.bin")]
        out: PathBuf,
    },
    /// Read a book file, check it, and say what it holds.
    Check {
        /// The file.
        #[arg(default_value = "assets/opening-book.bin")]
        path: PathBuf,
    },
}

/// Runs the command, printing to `out`.
///
/// # Errors
/// When the book cannot be written or read, or `out` cannot be written.
pub fn run(args: &BookArgs, tables: Option<&Tables>, out: &mut impl Write) -> anyhow::Result<()> {
    match &args.action {
        BookAction::Build {
            plies,
            nodes,
            expand,
            out: path,
        } => {
            let settings = BuildSettings {
                plies: *plies,
                nodes: *nodes,
                expand: *expand,
            };
            let started = Instant::now();
            let bar = ProgressBar::new(1).with_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] ply {msg}: {pos}/{len} positions",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            let built = book::build(settings, tables, |p| {
                bar.set_length(p.of as u64);
                bar.set_position(p.done as u64);
                bar.set_message(format!("{} ({} valued in all)", p.ply, p.total));
            });
            bar.finish_and_clear();
            let bytes = built.to_bytes();
            std::fs::write(path, &bytes)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            writeln!(
                out,
                "valued {} positions ({plies} plies, {nodes} nodes each, expanding moves within {expand}) in {:.1?}; wrote {} bytes to {}",
                built.entries().len(),
                started.elapsed(),
                bytes.len(),
                path.display()
            )?;
        }
        BookAction::Check { path } => {
            let bytes = std::fs::read(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            let book = Book::from_bytes(&bytes)?;
            let deepest = book.entries().iter().map(|e| e.depth).max().unwrap_or(0);
            let shallowest = book.entries().iter().map(|e| e.depth).min().unwrap_or(0);
            writeln!(
                out,
                "{}: {} positions searched to depth {shallowest}–{deepest}, checksum good",
                path.display(),
                book.entries().len()
            )?;
        }
    }
    Ok(())
}
