//! `oware-bot perft N [--divide]`.

use std::io::Write;
use std::time::Instant;

use clap::Args;

use crate::engine::{divide, perft};
use crate::rules::{Position, Variant};

/// Arguments of `oware-bot perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Plies to look ahead.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    pub depth: u32,
    /// Print the count under each first move too.
    #[arg(long)]
    pub divide: bool,
    /// Rules variant: abapa, forbidden or capture-all.
    #[arg(long, default_value = "abapa", value_parser = super::parse_variant)]
    pub variant: Variant,
}

/// Runs the command, printing to `out`.
///
/// # Errors
/// When `out` cannot be written.
pub fn run(args: &PerftArgs, out: &mut impl Write) -> std::io::Result<()> {
    let started = Instant::now();
    let total = if args.divide {
        let parts = divide(Position::START, args.depth, args.variant);
        for (pit, count) in &parts {
            writeln!(out, "{pit}: {count}")?;
        }
        parts
            .iter()
            .map(|&(_, n)| n)
            .sum::<u64>()
            .max(u64::from(args.depth == 0))
    } else {
        perft(Position::START, args.depth, args.variant)
    };
    writeln!(out, "{total}")?;
    tracing::info!(depth = args.depth, total, elapsed = ?started.elapsed(), "perft");
    Ok(())
}
