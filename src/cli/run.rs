//! `oware-bot run` (the default): every chat network configured in the environment at
//! once, sharing one service and one database; with none configured, the console chat.

use std::sync::Arc;

use anyhow::Context;

use super::console::ConsoleArgs;
use crate::chat::{discord, matrix};
use crate::config::Config;
use crate::service::Service;
use crate::store::Store;

/// Runs the configured networks until one of them stops with an error or Ctrl-C.
///
/// # Errors
/// The database cannot be opened, or a network's adapter fails to start.
pub fn run(args: &ConsoleArgs, config: &Config) -> anyhow::Result<()> {
    let discord = discord::DiscordConfig::from_config(config);
    let matrix = matrix::MatrixConfig::from_config(config);
    if discord.is_none() && matrix.is_none() {
        tracing::info!("no chat network configured: starting the console chat");
        return super::console::run(args, config);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let url = args.db.as_deref().unwrap_or(&config.database_url);
        let store = Store::open(url).await?;
        let service = Arc::new(Service::new(store.clone(), config.service()));
        // One scheduler per process: engine moves, deadlines, reminders, expiries.
        let scheduler = tokio::spawn(Arc::clone(&service).run_scheduler());
        let mut networks = tokio::task::JoinSet::new();
        if let Some(cfg) = discord {
            tracing::info!("starting Discord");
            let service = Arc::clone(&service);
            networks.spawn(async move { ("Discord", discord::run(service, cfg).await) });
        }
        if let Some(cfg) = matrix {
            tracing::info!(homeserver = %cfg.homeserver, "starting Matrix");
            let service = Arc::clone(&service);
            networks.spawn(async move { ("Matrix", matrix::run(service, cfg).await) });
        }
        let result = tokio::select! {
            Some(done) = networks.join_next() => match done {
                Ok((name, Ok(()))) => {
                    tracing::info!("{name} stopped");
                    Ok(())
                }
                Ok((name, Err(e))) => Err(e.context(format!("{name} failed"))),
                Err(e) => Err(anyhow::anyhow!("a chat network task panicked: {e}")),
            },
            _ = tokio::signal::ctrl_c() => {
                tracing::info!("Ctrl-C: stopping");
                Ok(())
            }
        };
        networks.abort_all();
        scheduler.abort();
        store.close().await;
        result
    })
}
