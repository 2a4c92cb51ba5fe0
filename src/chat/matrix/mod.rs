//! The Matrix adapter (matrix-sdk): text commands in rooms become service
//! [`Command`](crate::service::Command)s; replies become `m.text` (HTML board, pills)
//! and `m.image` messages, games are played in `m.thread`s.
//!
//! The sync loop is "events in, actions out": one `/sync`, then each room's new
//! messages are handed to that room's task (rooms are independent: one slow
//! command never delays another room; order is kept within a room), and once
//! every room has handled its share of a batch, the batch's token is saved in
//! `MATRIX_STORE_DIR`. A restart resumes from the saved token, so messages sent
//! while the bot was down are answered. Each command is handled once per Matrix
//! event id (the service's inbox), so the events of a batch whose token was not
//! saved before a crash are seen again and change nothing.
//!
//! On shutdown the bot takes no new batch, lets the commands in hand finish within
//! a deadline, saves the token and returns. Private replies go to a direct room
//! with their author (see `direct`).
//!
//! Beside the sync loop runs the outbox deliverer (see `deliver`), which sends what
//! the bot says unprompted (an engine's move, a timeout, a reminder); it waits for
//! a room's command to be answered before it speaks there, so answers precede
//! what they caused.
//!
//! End-to-end encryption is supported (see README, "Matrix"): the SDK's SQLite
//! stores in `MATRIX_STORE_DIR/sdk` keep the device's keys across restarts; the SDK
//! decrypts what the sync brings, `send` encrypts what the bot says, and `handle`
//! waits for a missing key before telling the player what to do.

mod deliver;
mod direct;
mod fault;
mod files;
mod handle;
pub mod incoming;
mod login;
mod outgoing;
mod rooms;
mod send;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::UInt;
use matrix_sdk::Client;
use tokio::sync::{mpsc, oneshot, watch};

use crate::chat::{ChatService, Receipt};
use crate::config::Config;
pub use crate::config::Secret;
pub use deliver::Deliverer;
pub use files::Files;
use handle::Bot;
use rooms::{Rooms, Turns};
pub use send::SendError;
use send::Sender;

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
    /// Where the session, the sync token and the SDK's SQLite stores are kept.
    pub store_dir: PathBuf,
    /// The SQLite stores' passphrase (`MATRIX_STORE_PASSPHRASE`), if any.
    pub store_passphrase: Option<Secret>,
}

impl MatrixConfig {
    /// The Matrix part of the global [`Config`], `None` when Matrix is not configured.
    #[must_use]
    pub fn from_config(config: &Config) -> Option<MatrixConfig> {
        if !config.matrix_configured() {
            return None;
        }
        Some(MatrixConfig {
            homeserver: config.matrix.homeserver.clone()?,
            user: config.matrix.user.clone()?,
            password: config.matrix.password.clone(),
            access_token: config.matrix.access_token.clone(),
            store_dir: config
                .matrix
                .store_dir
                .clone()
                .unwrap_or_else(|| "matrix-store".into()),
            store_passphrase: config.matrix.store_passphrase.clone(),
        })
    }
}

/// Runs the Matrix bot until Ctrl-C or SIGTERM, then stops gracefully (see
/// [`run_until`]).
///
/// # Errors
/// When the store directory cannot be used, login fails, or the server rejects the
/// bot's token. Lost connections are retried, not returned.
pub async fn run(service: Arc<impl ChatService>, cfg: MatrixConfig) -> anyhow::Result<()> {
    run_until(service, cfg, crate::chat::terminated()).await
}

/// Runs the Matrix bot until `shutdown` completes, then stops gracefully: it takes
/// no new sync batch, lets the commands in hand finish (for at most
/// [`SHUTDOWN_DEADLINE`]), saves the sync token of the last batch fully handled,
/// finishes the outbox message being sent (if any) and returns.
///
/// # Errors
/// As [`run`].
pub async fn run_until<S: ChatService>(
    service: Arc<S>,
    cfg: MatrixConfig,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let store = Files::open(&cfg.store_dir)?;
    let client = login::connect(&cfg, &store).await?;
    let sender = Sender::new(client.clone(), Arc::clone(&service));
    let turns = Arc::new(Turns::default());
    if let Some(own) = client.user_id() {
        // Challenging this account starts a game against the engine.
        let receipt = Receipt::BotAccount {
            platform: crate::service::Platform::Matrix,
            user: own.to_string(),
        };
        service.receipt(receipt).await;
    }
    let bot = Bot::new(
        client.clone(),
        Arc::clone(&service),
        sender.clone(),
        Arc::clone(&turns),
    )?;
    let deliverer = Deliverer::new(sender, service, turns);
    let (stop, stopped) = watch::channel(false);
    let syncing = async {
        let result = sync_loop(&client, Arc::new(bot), &store, shutdown).await;
        let _ = stop.send(true);
        result
    };
    let (result, ()) = tokio::join!(syncing, deliverer.run(stopped));
    result
}

/// How long a graceful shutdown waits for the commands in hand.
pub const SHUTDOWN_DEADLINE: Duration = Duration::from_secs(20);

/// How many handed-out batches may wait for their rooms before the sync pauses.
const UNSAVED_BATCHES: usize = 32;

/// A sync batch handed to the rooms: its token, saved once every room is done.
struct Batch {
    token: String,
    handled: Vec<oneshot::Receiver<()>>,
}

/// Syncs and hands each batch to the rooms until `shutdown`; then waits for the
/// rooms (within [`SHUTDOWN_DEADLINE`]) and saves the last token fully handled.
async fn sync_loop<S: ChatService>(
    client: &Client,
    bot: Arc<Bot<S>>,
    store: &Files,
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
        bot.join_invites(&first);
        store.save_sync_token(&first.next_batch)?;
        token = Some(first.next_batch);
        tracing::info!("matrix: first sync done; answering new messages from now on");
    } else {
        tracing::info!("matrix: resuming from the saved sync token");
    }

    let (batches, unsaved) = mpsc::channel(UNSAVED_BATCHES);
    let mut saver = tokio::spawn(save_tokens(store.clone(), unsaved));
    let mut rooms = Rooms::new(Arc::clone(&bot));
    let mut failures = 0u32;
    let mut logged_out = false;
    let result = loop {
        let response = tokio::select! {
            r = client.sync_once(settings(token.clone())) => r,
            () = &mut shutdown => break Ok(()),
        };
        match response {
            Ok(response) => {
                if failures > 0 {
                    bot.reachable(true).await;
                }
                failures = 0;
                bot.join_invites(&response);
                for room_id in bot.forget_left(&response).await {
                    rooms.forget(&room_id);
                }
                let events = bot.room_events(&response);
                tracing::debug!(
                    since = token.as_deref().unwrap_or(""),
                    next = %response.next_batch,
                    rooms = events.len(),
                    events = events.iter().map(|(_, e)| e.len()).sum::<usize>(),
                    "matrix: sync batch"
                );
                let handled = events
                    .into_iter()
                    .map(|(room, events)| rooms.dispatch(room, events))
                    .collect();
                let batch = Batch {
                    token: response.next_batch.clone(),
                    handled,
                };
                tokio::select! {
                    sent = batches.send(batch) => if sent.is_err() {
                        break Err(anyhow::anyhow!("matrix: the sync token can no longer be saved"));
                    },
                    // This batch's token is not saved: a restart handles it again.
                    () = &mut shutdown => break Ok(()),
                }
                token = Some(response.next_batch);
            }
            Err(e) if login::is_unknown_token(&e) => {
                // Forgotten below, once the last token is saved (it goes too).
                logged_out = true;
                break Err(anyhow::anyhow!(
                    "the homeserver rejected the bot's access token ({e}); restart to log \
                     in again"
                ));
            }
            Err(e) => {
                if failures == 0 {
                    bot.reachable(false).await;
                }
                failures += 1;
                let wait = Duration::from_secs(u64::from(failures.min(6)) * 5);
                tracing::warn!(error = %e, ?wait, "matrix: sync failed; retrying");
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = &mut shutdown => break Ok(()),
                }
            }
        }
    };
    // Take no new batch; let the commands in hand finish and save the last token.
    drop(batches);
    let saved = match tokio::time::timeout(SHUTDOWN_DEADLINE, &mut saver).await {
        Ok(Ok(saved)) => saved.map_err(anyhow::Error::from),
        Ok(Err(e)) => Err(anyhow::anyhow!("matrix: saving the sync token failed: {e}")),
        Err(_) => {
            tracing::warn!(
                "matrix: commands still running at the shutdown deadline; their events are \
                 handled again on restart"
            );
            saver.abort();
            Ok(())
        }
    };
    rooms.abort();
    let forgotten = if logged_out {
        store.forget_session().map_err(anyhow::Error::from)
    } else {
        Ok(())
    };
    saved.and(forgotten).and(result)
}

/// Saves each batch's sync token once every room handled its share, in order.
async fn save_tokens(store: Files, mut batches: mpsc::Receiver<Batch>) -> std::io::Result<()> {
    while let Some(batch) = batches.recv().await {
        for handled in batch.handled {
            // An error means the room's task died: its command is not handled again.
            let _ = handled.await;
        }
        store.save_sync_token(&batch.token)?;
        tracing::debug!(token = %batch.token, "matrix: sync token saved");
    }
    Ok(())
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
            store_passphrase: Some(Secret::new("correct horse")),
        };
        let shown = format!("{cfg:?}");
        assert!(
            !shown.contains("hunter2") && !shown.contains("syt_abc") && !shown.contains("horse"),
            "{shown}"
        );
        assert!(shown.contains("***"));
    }
}
