//! `oware-bot tune`: Texel-style tuning of the evaluation weights. Plays self-play
//! games at a fixed depth (on every core, reproducibly), labels their quiet
//! positions with the results, fits the weights and prints them.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::engine::eval::Weights;
use crate::engine::tables::Tables;
use crate::engine::tune::{self, PlaySettings, Sample};

/// Arguments of `oware-bot tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Self-play games to play.
    #[arg(long, default_value_t = 4000)]
    pub games: u64,
    /// Search depth of every move.
    #[arg(long, default_value_t = 7)]
    pub depth: u32,
    /// Random moves at the start of each game.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Seed of the random openings: the same seed gives the same data and fit.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Gradient steps of the fit.
    #[arg(long, default_value_t = 2000)]
    pub steps: u32,
    /// Weights to play and start the fit from (default: the tuned ones).
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<Weights>,
    /// Threads playing games (default: every core). The data do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs the tuning, printing the data set and the fit to `out`.
///
/// # Errors
/// When `out` cannot be written.
pub fn run(args: &TuneArgs, tables: Option<&Tables>, out: &mut impl Write) -> anyhow::Result<()> {
    let start = args.weights.unwrap_or(Weights::TUNED);
    let settings = PlaySettings {
        depth: args.depth,
        random_plies: args.random_plies,
        seed: args.seed,
        max_plies: 400,
        weights: start,
    };
    writeln!(
        out,
        "self-play: {} games at depth {}, {} random plies, seed {}, weights {start}, tables: {}",
        args.games,
        args.depth,
        args.random_plies,
        args.seed,
        tables.map_or_else(|| "none".to_owned(), |t| format!("{} seeds", t.max_seeds()))
    )?;
    let started = Instant::now();
    let samples = play(args, &settings, tables);
    let wins = samples.iter().filter(|s| s.result == 2).count();
    let draws = samples.iter().filter(|s| s.result == 1).count();
    writeln!(
        out,
        "{} quiet positions ({wins} for the winner's side to move, {draws} from drawn games) in {:.1?}",
        samples.len(),
        started.elapsed()
    )?;
    let bar = bar(u64::from(args.steps), "fitting: step {pos}/{len}");
    let fit = tune::fit(&samples, start, args.steps, |step| {
        bar.set_position(u64::from(step))
    });
    bar.finish_and_clear();
    writeln!(
        out,
        "k = {:.4} per seed; mean squared error {:.5} with {start}, {:.5} with {}",
        fit.k, fit.before, fit.after, fit.weights
    )?;
    writeln!(
        out,
        "fitted weights (mobility, vulnerable, reach, kroo, row): {}",
        fit.weights
    )?;
    Ok(())
}

/// Plays the games on `args.threads` threads; the samples come out in game order.
fn play(args: &TuneArgs, settings: &PlaySettings, tables: Option<&Tables>) -> Vec<Sample> {
    let threads = args
        .threads
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
        .max(1);
    let bar = bar(args.games, "self-play: game {pos}/{len}, eta {eta}");
    let next = AtomicU64::new(0);
    let games: Mutex<Vec<(u64, Vec<Sample>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= args.games {
                    break;
                }
                let samples = tune::play_game(index, settings, tables);
                games
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((index, samples));
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let mut games = games
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    games.sort_by_key(|&(index, _)| index);
    games.into_iter().flat_map(|(_, s)| s).collect()
}

fn bar(len: u64, template: &str) -> ProgressBar {
    ProgressBar::new(len).with_style(
        ProgressStyle::with_template(&format!("{{elapsed_precise}} [{{bar:40}}] {template}"))
            .expect("a valid template")
            .progress_chars("=> "),
    )
}
