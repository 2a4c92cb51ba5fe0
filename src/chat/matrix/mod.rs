//! The Matrix adapter (matrix-sdk): text commands in rooms become service
//! [`Command`](crate::service::Command)s; replies become `m.text` (HTML board, pills)
//! and `m.image` messages, games are played in `m.thread`s.
//!
//! The sync loop is "events in, actions out": one `/sync`, then every new message of
//! that batch is handled in order, then the batch's token is saved in
//! `MATRIX_STORE_DIR`. A restart resumes from the saved token, so messages sent
//! while the bot was down are answered and handled ones are never replayed. Only the
//! wait for `/sync` is cancelled on shutdown, never the handling of a batch.
//!
//! Beside the sync loop runs the outbox deliverer (see `deliver`), which sends what
//! the bot says unprompted (an engine's move, a timeout, a reminder); it waits
//! while a batch is handled, so answers precede what they caused.
//!
//! End-to-end encryption is not supported (see README, "Matrix"): in an encrypted
//! room the bot says so once instead of staying silent.

mod deliver;
mod handle;
pub mod incoming;
mod login;
mod outgoing;
mod send;
mod store;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::UInt;
use matrix_sdk::Client;
use tokio::sync::watch;

use crate::chat::ChatService;
use crate::config::Config;
pub use crate::config::Secret;
pub use deliver::Deliverer;
use handle::Bot;
pub use send::SendError;
use send::Sender;
pub use store::Store;

/// How to reach and log in to the homeserver.
#[derive(Clone, Debug)]
pub struct MatrixConfig {
    /// The homeserver's base URL, e.g. `https://matrix.example.org`.
    pub homeserver: String,
    /// The bot's user: `@oware-bot:example.org` (or the local part with a password).
    pub user: String,
    /// Log in with this password when there is no saved session.
    pub password: Option<Secret>,
    /// Or use this access token (then `user` must be the full user id).
    pub access_token: Option<Secret>,
    /// Where the session and the sync token are kept.
    pub store_dir: PathBuf,
}

impl MatrixConfig {
    /// The Matrix part of the global [`Config`], `None` when Matrix is not configured.
    #[must_use]
    pub fn from_config(config: &Config) -> Option<MatrixConfig> {
        if !config.matrix_configured() {
            return None;
        }
        Some(MatrixConfig {
            homeserver: config.matrix_homeserver.clone()?,
            user: config.matrix_user.clone()?,
            password: config.matrix_password.clone(),
            access_token: config.matrix_access_token.clone(),
            store_dir: config
                .matrix_store_dir
                .clone()
                .unwrap_or_else(|| "matrix-store".into()),
        })
    }
}

/// Runs the Matrix bot until Ctrl-C.
///
/// # Errors
/// When the store directory cannot be used, login fails, or the server rejects the
/// bot's token. Lost connections are retried, not returned.
pub async fn run(service: Arc<impl ChatService>, cfg: MatrixConfig) -> anyhow::Result<()> {
    run_until(service, cfg, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Runs the Matrix bot until `shutdown` completes, then returns after the batch of
/// events in hand (if any) is handled and its sync token saved, and the outbox
/// message being sent (if any) is sent.
///
/// # Errors
/// As [`run`].
pub async fn run_until<S: ChatService>(
    service: Arc<S>,
    cfg: MatrixConfig,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let store = Store::open(&cfg.store_dir)?;
    let client = login::connect(&cfg, &store).await?;
    let sender = Sender::new(client.clone(), Arc::clone(&service));
    let turn = Arc::new(tokio::sync::Mutex::new(()));
    let bot = Bot::new(
        client.clone(),
        Arc::clone(&service),
        sender.clone(),
        Arc::clone(&turn),
    )?;
    let deliverer = Deliverer::new(sender, service, turn);
    let (stop, stopped) = watch::channel(false);
    let syncing = async {
        let result = sync_loop(&client, &bot, &store, shutdown).await;
        let _ = stop.send(true);
        result
    };
    let (result, ()) = tokio::join!(syncing, deliverer.run(stopped));
    result
}

/// Syncs and handles each batch until `shutdown`.
async fn sync_loop<S: ChatService>(
    client: &Client,
    bot: &Bot<S>,
    store: &Store,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    tokio::pin!(shutdown);
    let mut token = store.sync_token()?;
    if token.is_none() {
        // First start: learn the rooms without answering their history.
        let first = tokio::select! {
            r = client.sync_once(settings(None)) => r?,
            () = &mut shutdown => return Ok(()),
        };
        bot.join_invites(&first).await;
        store.save_sync_token(&first.next_batch)?;
        token = Some(first.next_batch);
        tracing::info!("matrix: first sync done; answering new messages from now on");
    } else {
        tracing::info!("matrix: resuming from the saved sync token");
    }

    let mut failures = 0u32;
    loop {
        let response = tokio::select! {
            r = client.sync_once(settings(token.clone())) => r,
            () = &mut shutdown => return Ok(()),
        };
        match response {
            Ok(response) => {
                failures = 0;
                bot.handle_sync(&response).await;
                store.save_sync_token(&response.next_batch)?;
                token = Some(response.next_batch);
            }
            Err(e) if login::is_unknown_token(&e) => {
                store.forget_session()?;
                anyhow::bail!(
                    "the homeserver rejected the bot's access token ({e}); restart to log in again"
                );
            }
            Err(e) => {
                failures += 1;
                let wait = Duration::from_secs(u64::from(failures.min(6)) * 5);
                tracing::warn!(error = %e, ?wait, "matrix: sync failed; retrying");
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = &mut shutdown => return Ok(()),
                }
            }
        }
    }
}

/// Long-poll for 30 s; up to 100 timeline events a room per batch so a restart
/// after some downtime still sees every command.
fn settings(token: Option<String>) -> SyncSettings {
    let mut filter = FilterDefinition::default();
    filter.room.timeline.limit = UInt::new(100);
    let settings = SyncSettings::default()
        .timeout(Duration::from_secs(30))
        .filter(filter.into());
    match token {
        Some(token) => settings.token(token),
        None => settings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_show_in_debug() {
        let cfg = MatrixConfig {
            homeserver: "http://127.0.0.1:8008".into(),
            user: "@bot:localhost".into(),
            password: Some(Secret::new("hunter2")),
            access_token: Some(Secret::new("syt_abc")),
            store_dir: "store".into(),
        };
        let shown = format!("{cfg:?}");
        assert!(
            !shown.contains("hunter2") && !shown.contains("syt_abc"),
            "{shown}"
        );
        assert!(shown.contains("***"));
    }
}
