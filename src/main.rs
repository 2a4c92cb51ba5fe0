//! The `oware-bot` binary: parse the command line, set up logging, dispatch.

use std::io;
use std::sync::Arc;

use clap::Parser;
use oware_bot::{
    cli::{self, Cli, Command},
    config::Config,
    engine::Engine,
};
use tracing_subscriber::EnvFilter;

fn main() -> anyhow::Result<()> {
    // `.env` first, so every setting below (the tables' too) sees it.
    dotenvy::dotenv().ok();
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()))
        .with_writer(io::stderr)
        // Colours for a person at a terminal; plain text for a log file or
        // `docker logs`.
        .with_ansi(io::IsTerminal::is_terminal(&io::stderr()))
        .init();
    let command = cli
        .command
        .unwrap_or_else(|| Command::Run(cli::console::ConsoleArgs::default()));
    // The engine the bot plays with. The hard level plays perfectly inside the
    // endgame tables: loaded, or built in the background on the first start.
    let engine = Arc::new(Engine::new());
    // A start its settings refuse writes nothing: no database, no tables.
    let bot_config = match &command {
        Command::Run(_) => {
            let config = Config::from_env()?;
            cli::run::check(&config)?;
            Some(config)
        }
        Command::Console(_) => Some(Config::from_env()?),
        _ => None,
    };
    let _building = bot_config
        .is_some()
        .then(|| cli::tables_for_the_bot(&engine));
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match command {
        Command::Run(args) => {
            drop(out);
            cli::run::run(
                &args,
                &bot_config.map_or_else(Config::from_env, Ok)?,
                engine,
            )
        }
        Command::Console(args) => {
            drop(out);
            cli::console::run(
                &args,
                &bot_config.map_or_else(Config::from_env, Ok)?,
                engine,
            )
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
        Command::Book(args) => {
            let tables = cli::load_tables();
            cli::book::run(&args, tables.as_ref(), &mut out)
        }
        Command::Tune(args) => {
            let tables = cli::load_tables();
            cli::tune::run(&args, tables.as_ref(), &mut out)
        }
        Command::MigrateData(args) => cli::migrate::run(&args, &mut out),
        Command::Backup(args) => cli::backup::run(&args, &Config::from_env()?, &mut out),
        Command::Health(args) => cli::health::run(&args, &Config::from_env()?, &mut out),
    }
}
