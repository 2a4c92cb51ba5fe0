//! `oware-bot health`: whether the bot on this database is running, for a
//! container's health check. A running bot writes a heartbeat every 15 s (see the
//! service's `downtime`); healthy means one was written within `--within` seconds.

use std::io::Write;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use crate::config::Config;
use crate::store::{now_ms, Store, BOT_HEARTBEAT, BOT_STOPPED};

/// `oware-bot health [--within SECS] [--db URL]`.
#[derive(Debug, Args)]
pub struct HealthArgs {
    /// Healthy when the bot's last heartbeat is at most this many seconds old
    /// (three beats by default).
    #[arg(long, default_value_t = 45)]
    pub within: u64,
    /// The database (default: `DATABASE_URL`).
    #[arg(long)]
    pub db: Option<String>,
}

/// Prints how long ago the bot last beat, and fails when that is too long ago or
/// never.
///
/// # Errors
/// The database cannot be opened, or the bot is not running.
pub fn run(args: &HealthArgs, config: &Config, out: &mut impl Write) -> anyhow::Result<()> {
    let url = args.db.as_deref().unwrap_or(&config.database_url);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let (last, stopped) = runtime.block_on(async {
        let store = Store::open_with_busy_timeout(url, Duration::from_secs(5)).await?;
        let last = store.jobs().last_beat(BOT_HEARTBEAT).await;
        let stopped = store.jobs().last_beat(BOT_STOPPED).await;
        store.close().await;
        Ok::<_, crate::store::StoreError>((last?, stopped?))
    })?;
    let Some(at) = last else {
        anyhow::bail!("unhealthy: the bot has never run on this database");
    };
    // A start that failed (or a stop) after its first beat: not running.
    if let Some(stopped) = stopped.filter(|&stopped| stopped >= at) {
        let ago = Duration::from_millis(u64::try_from(now_ms() - stopped).unwrap_or(0));
        anyhow::bail!(
            "unhealthy: the bot stopped {} s ago (its start failed, or it was stopped: \
             see its log)",
            ago.as_secs()
        );
    }
    let ago = Duration::from_millis(u64::try_from(now_ms() - at).unwrap_or(0));
    if ago > Duration::from_secs(args.within) {
        anyhow::bail!(
            "unhealthy: the bot's last heartbeat was {} s ago (more than {} s)",
            ago.as_secs(),
            args.within
        );
    }
    writeln!(out, "healthy: heartbeat {} s ago", ago.as_secs())?;
    Ok(())
}
