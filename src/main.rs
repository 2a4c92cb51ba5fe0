//! The `oware-bot` binary: parse the command line, set up logging, dispatch.

use std::io;

use clap::Parser;
use oware_bot::{
    cli::{self, Cli, Command},
    config::Config,
};
use tracing_subscriber::EnvFilter;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()))
        .with_writer(io::stderr)
        .init();
    let command = cli
        .command
        .unwrap_or_else(|| Command::Run(cli::console::ConsoleArgs::default()));
    if matches!(command, Command::Run(_) | Command::Console(_)) {
        // The hard level plays perfectly inside the endgame tables when they are built.
        if let Some(tables) = cli::load_tables() {
            oware_bot::engine::install_tables(tables);
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match command {
        Command::Run(args) => {
            let config = Config::from_env()?;
            if config.discord_configured() || config.matrix_configured() {
                tracing::warn!(
                    "chat network credentials are set, but this build has only the console \
                     chat; starting it"
                );
            }
            drop(out);
            cli::console::run(&args, &config)
        }
        Command::Console(args) => {
            drop(out);
            cli::console::run(&args, &Config::from_env()?)
        }
        Command::Replay(args) => cli::replay::run(&args, io::stdin().lock(), &mut out),
        Command::Perft(args) => Ok(cli::perft::run(&args, &mut out)?),
        Command::Render(args) => cli::render::run(&args, &mut out),
        Command::Engine(args) => {
            let tables = cli::load_tables();
            Ok(cli::engine::run(
                &args,
                tables.as_ref(),
                io::stdin().lock(),
                &mut out,
            )?)
        }
        Command::Arena(args) => {
            let tables = cli::load_tables();
            cli::arena::run(&args, tables.as_ref(), &mut out)
        }
        Command::Tables(args) => cli::tables::run(&args, &mut out),
    }
}
