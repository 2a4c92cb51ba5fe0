//! `oware-bot run` (the default): every chat network configured in the environment at
//! once, sharing one service and one database; with none configured, the console chat.

use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::sync::watch;

use super::console::ConsoleArgs;
use crate::chat::{self, discord, matrix};
use crate::config::Config;
use crate::engine::Engine;
use crate::platform::Platform;
use crate::service::Service;
use crate::store::{now_ms, Store, BOT_STOPPED};
use crate::web::WebState;

/// The database lock held by the one process that runs Matrix.
const MATRIX_LOCK: i64 = 0x0A3A_3A71;

/// How long a graceful stop waits for the networks (each lets its commands in hand
/// finish within its own deadline first).
const STOP_DEADLINE: Duration = Duration::from_secs(30);

/// Runs the configured networks until one of them stops with an error, or until
/// Ctrl-C or SIGTERM: then every network stops gracefully (no new events, the
/// commands in hand finish; Matrix keeps the rest in its journal) and the process exits 0.
///
/// # Errors
/// The database cannot be opened, or a network's adapter fails to start.
pub fn run(args: &ConsoleArgs, config: &Config, engine: Arc<Engine>) -> anyhow::Result<()> {
    check(config)?;
    let discord = discord::DiscordConfig::from_config(config);
    let matrix = matrix::MatrixConfig::from_config(config);
    if discord.is_none() && matrix.is_none() {
        tracing::info!("no chat network configured: starting the console chat");
        return super::console::run(args, config, engine);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = runtime.block_on(async {
        // The board pictures' palette and pieces, drawn while the database opens.
        let warm = tokio::task::spawn_blocking(crate::render::warm_up);
        let url = args.db.as_deref().unwrap_or(&config.database_url);
        let store = Store::open(url).await?;
        let result = serve(&store, config, engine, discord, matrix, warm).await;
        // Stopped, or failed to start: `oware-bot health` must not read the beat
        // written at start as a bot that runs.
        if let Err(err) = store.jobs().beat(BOT_STOPPED, now_ms()).await {
            tracing::warn!(error = %err, "could not record the stop");
        }
        store.close().await;
        result
    });
    // A search still running on a blocking thread is not waited for long.
    runtime.shutdown_timeout(Duration::from_secs(5));
    result
}

/// Serves the configured networks from `store` until one stops with an error, or
/// until Ctrl-C or SIGTERM (see [`run`]).
async fn serve(
    store: &Store,
    config: &Config,
    engine: Arc<Engine>,
    discord: Option<discord::DiscordConfig>,
    matrix: Option<matrix::MatrixConfig>,
    warm: tokio::task::JoinHandle<()>,
) -> anyhow::Result<()> {
    // An address set explicitly that cannot be bound stops the start here.
    // Connections, pictures and the database need descriptors: the hard limit.
    crate::web::raise_open_files_limit();
    let listener = crate::web::bind(config.web.addr).await?;
    let service = Arc::new(Service::with_engine(
        store.clone(),
        config.service(),
        engine,
    ));
    // One scheduler per process: engine moves, deadlines, reminders, expiries.
    service.start_scheduler();
    // Ready before the first command: it would otherwise wait for them.
    if let Err(err) = warm.await {
        tracing::warn!(error = %err, "could not prepare the board pictures");
    }
    let (stop, stopping) = watch::channel(false);
    let stopped = || {
        let mut stopping = stopping.clone();
        async move {
            // A dropped sender also means stop.
            let _ = stopping.wait_for(|stop| *stop).await;
        }
    };
    let running = [
        discord.as_ref().map(|_| Platform::Discord),
        matrix.as_ref().map(|_| Platform::Matrix),
    ];
    let state = WebState::new(
        service.pages(),
        config.web.public_url.clone(),
        running.into_iter().flatten().collect(),
    )
    .with_sessions(service.sessions())
    .with_limits(config.web.limits);
    let web = crate::web::Servers::start(listener, config.web.metrics_addr, state).await?;
    let mut networks = tokio::task::JoinSet::new();
    if let Some(cfg) = discord {
        tracing::info!("starting Discord");
        let service = Arc::clone(&service);
        let stopped = stopped();
        networks.spawn(async move {
            let result = discord::run_until(service, cfg, stopped).await;
            ("Discord", result)
        });
    }
    // One process only runs Matrix on a shared database: one sync stream per
    // account (held until this process ends).
    let _matrix_lock = match &matrix {
        Some(_) => Some(store.hold_exclusive(MATRIX_LOCK).await?.context(
            "another process on this database already runs Matrix (one sync stream \
             per account): set MATRIX_ENABLED=false in this one",
        )?),
        None => None,
    };
    if let Some(cfg) = matrix {
        tracing::info!(homeserver = %cfg.homeserver, "starting Matrix");
        let service = Arc::clone(&service);
        let stopped = stopped();
        networks.spawn(async move { ("Matrix", matrix::run_until(service, cfg, stopped).await) });
    }
    let result = tokio::select! {
        Some(done) = networks.join_next() => finished(done),
        () = chat::terminated() => {
            tracing::info!("stopping: finishing the commands in hand");
            Ok(())
        }
    };
    let _ = stop.send(true);
    let drained = tokio::time::timeout(STOP_DEADLINE, async {
        while let Some(done) = networks.join_next().await {
            if let Err(e) = finished(done) {
                tracing::error!(error = %e, "a network did not stop cleanly");
            }
        }
    })
    .await;
    if drained.is_err() {
        tracing::warn!("the networks did not stop within {STOP_DEADLINE:?}; stopping them");
        networks.abort_all();
    }
    web.stop().await;
    // Every background task ends before the store closes.
    service.stop().await;
    result
}

/// Refuses a start that cannot run, before anything is written (the database, the
/// endgame tables): no chat network configured, and no terminal for the console.
///
/// # Errors
/// Under a supervisor (Docker, systemd) the console would read an empty input and
/// exit at once, in a silent restart loop: that is refused, saying what to set.
pub fn check(config: &Config) -> anyhow::Result<()> {
    let networks = discord::DiscordConfig::from_config(config).is_some()
        || matrix::MatrixConfig::from_config(config).is_some();
    if !networks && !std::io::stdin().is_terminal() {
        anyhow::bail!(
            "no chat network is configured (set DISCORD_TOKEN, or MATRIX_HOMESERVER, \
             MATRIX_USER and MATRIX_PASSWORD, in the environment or .env), and the \
             console chat needs a terminal; to feed the console from a pipe, run \
             `oware-bot console`"
        );
    }
    Ok(())
}

/// What a network's task ended with.
fn finished(
    done: Result<(&'static str, anyhow::Result<()>), tokio::task::JoinError>,
) -> anyhow::Result<()> {
    match done {
        Ok((name, Ok(()))) => {
            tracing::info!("{name} stopped");
            Ok(())
        }
        Ok((name, Err(e))) => Err(e.context(format!("{name} failed"))),
        Err(e) => Err(anyhow::anyhow!("a chat network task panicked: {e}")),
    }
}
