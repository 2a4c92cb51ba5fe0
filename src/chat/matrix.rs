//! The Matrix adapter (matrix-sdk): text commands in rooms become service
//! [`Command`](crate::service::Command)s; replies become `m.text` (HTML board, pills)
//! and `m.image` messages, games are played in `m.thread`s.
//!
//! The sync loop is "events in, actions out": one `/sync`, then the batch's
//! commands are recorded durably in the journal (`MATRIX_STORE_DIR/journal.sqlite3`)
//! and the batch's token saved; then each room's commands are handed to that
//! room's task (rooms are independent: one slow command, or one room flooded by a
//! stranger, never delays another room; order is kept within a room), and the
//! next sync starts at once. A restart hands out the journal's unhandled commands
//! first, then resumes from the saved token, so messages sent while the bot was
//! down are answered. Each command is handled once per Matrix event id (the
//! service's inbox), so a command handled just before a crash, and not yet struck
//! out of the journal, changes nothing when it is handled again.
//!
//! On shutdown the bot takes no new batch, lets the commands in hand finish within
//! a deadline and returns; the rest wait in the journal. Private replies go to a direct room
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
mod html;
pub mod incoming;
mod journal;
mod login;
mod outgoing;
mod rooms;
mod send;
mod turns;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::UInt;
use matrix_sdk::{Client, Room};
use tokio::sync::watch;

use crate::chat::{ChatService, Receipt};
use crate::config::Config;
pub use crate::config::Secret;
pub use deliver::Deliverer;
pub use files::Files;
pub use handle::InvitePolicy;
use handle::{Bot, Event};
use journal::Journal;
use rooms::Rooms;
pub use send::SendError;
use send::Sender;
use turns::Turns;

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
    /// Which invites the bot accepts (`MATRIX_MAX_ROOMS`, `MATRIX_INVITE_SERVERS`).
    pub invites: InvitePolicy,
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
            invites: InvitePolicy {
                most_rooms: config.matrix.max_rooms,
                servers: config.matrix.invite_servers.clone(),
            },
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
/// [`SHUTDOWN_DEADLINE`]; the others wait in the journal for the next start),
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
        cfg.invites.clone(),
    )?;
    let deliverer = Deliverer::new(sender, service, turns, bot.direct());
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

/// Syncs until `shutdown`: records each batch's commands in the journal, saves the
/// batch's token and hands the commands to their rooms (see `rooms`), without
/// waiting for them. First, the commands a previous run recorded and did not
/// handle are handed out. On shutdown the rooms finish what they hold within
/// [`SHUTDOWN_DEADLINE`]; what they do not is handled on the next start.
async fn sync_loop<S: ChatService>(
    client: &Client,
    bot: Arc<Bot<S>>,
    store: &Files,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    tokio::pin!(shutdown);
    let journal = Journal::open(&store.dir()).await?;
    let mut rooms = Rooms::new(Arc::clone(&bot), journal.clone());
    resume(client, &journal, &mut rooms).await?;
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
    // Logged in (the homeserver answered) and, on a first start, synced once: the
    // network counts as connected from now on (`/healthz`), until a sync fails.
    bot.reachable(true).await;

    let mut failures = 0u32;
    let mut logged_out = false;
    let result = loop {
        let response = tokio::select! {
            r = client.sync_once(settings(token.clone())) => r,
            () = &mut shutdown => break Ok(()),
        };
        let response = match response {
            Ok(response) => response,
            Err(e) if login::is_unknown_token(&e) => {
                // Forgotten below, once the rooms are done (the token goes too).
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
                // 1 s, doubling, at most 16 s: back soon after the homeserver is.
                let wait = Duration::from_secs(1 << failures.min(5).saturating_sub(1));
                tracing::warn!(error = %e, ?wait, "matrix: sync failed; retrying");
                tokio::select! {
                    () = tokio::time::sleep(wait) => continue,
                    () = &mut shutdown => break Ok(()),
                }
            }
        };
        if failures > 0 {
            bot.reachable(true).await;
        }
        failures = 0;
        bot.join_invites(&response);
        for room_id in bot.forget_left(&response).await {
            rooms.forget(&room_id).await;
        }
        let commands = admitted(&rooms, bot.room_events(&response));
        tracing::debug!(
            since = token.as_deref().unwrap_or(""),
            next = %response.next_batch,
            rooms = commands.len(),
            commands = commands.iter().map(|(_, e)| e.len()).sum::<usize>(),
            "matrix: sync batch"
        );
        let entries: Vec<_> = commands
            .iter()
            .map(|(room, events)| (room.room_id(), events.iter().map(Event::raw).collect()))
            .collect();
        let recorded = journal.record(entries).await;
        let seqs = match recorded {
            Ok(seqs) => seqs,
            Err(e) => {
                // The token is not saved: the same batch comes again.
                tracing::warn!(error = %e, "matrix: could not record a batch; syncing it again");
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(5)) => continue,
                    () = &mut shutdown => break Ok(()),
                }
            }
        };
        store.save_sync_token(&response.next_batch)?;
        tracing::debug!(token = %response.next_batch, "matrix: sync token saved");
        for ((room, events), seqs) in commands.into_iter().zip(seqs) {
            rooms.dispatch(&room, seqs.into_iter().zip(events).collect());
        }
        token = Some(response.next_batch);
    };
    rooms.finish(SHUTDOWN_DEADLINE).await;
    journal.close().await;
    let forgotten = if logged_out {
        store.forget_session().map_err(anyhow::Error::from)
    } else {
        Ok(())
    };
    forgotten.and(result)
}

/// Each room's commands within its share (see [`rooms::ROOM_BACKLOG`]): a room
/// flooded beyond it loses the excess, logged.
fn admitted<S: ChatService>(
    rooms: &Rooms<S>,
    commands: Vec<(Room, Vec<Event>)>,
) -> Vec<(Room, Vec<Event>)> {
    commands
        .into_iter()
        .map(|(room, mut events)| {
            let left = rooms.room_left(room.room_id());
            if events.len() > left {
                tracing::warn!(
                    room = %room.room_id(),
                    dropped = events.len() - left,
                    "matrix: a room over its share of waiting commands; dropping the excess"
                );
                events.truncate(left);
            }
            (room, events)
        })
        .filter(|(_, events)| !events.is_empty())
        .collect()
}

/// Hands the rooms the commands a previous run recorded and did not handle.
async fn resume<S: ChatService>(
    client: &Client,
    journal: &Journal,
    rooms: &mut Rooms<S>,
) -> anyhow::Result<()> {
    let pending = journal.pending().await?;
    if !pending.is_empty() {
        tracing::info!(
            commands = pending.len(),
            "matrix: handling the commands received before the last stop"
        );
    }
    for recorded in pending {
        let Some(room) = client.get_room(&recorded.room) else {
            journal.done(recorded.seq).await?;
            continue;
        };
        match Event::from_raw(recorded.raw) {
            Some(event) => rooms.dispatch(&room, vec![(recorded.seq, event)]),
            None => journal.done(recorded.seq).await?,
        }
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
            invites: InvitePolicy::default(),
        };
        let shown = format!("{cfg:?}");
        assert!(
            !shown.contains("hunter2") && !shown.contains("syt_abc") && !shown.contains("horse"),
            "{shown}"
        );
        assert!(shown.contains("***"));
    }
}
