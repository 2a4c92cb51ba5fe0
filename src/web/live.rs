//! Live pages: `/g/<slug>/live` streams the game's state (Server-Sent Events) after
//! each change. Every game being watched has one poller that reads its version (one
//! indexed read) every [`POLL`], whichever process applied the move, and wakes all
//! its viewers at once; the poller ends with its last viewer.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::{
    extract::{Path, State},
    response::sse::{Event, KeepAlive, Sse},
};
use futures_util::stream::{self, Stream};
use tokio::sync::watch;

use super::game::{LiveState, PageError};
use super::WebState;
use crate::service::Service;

/// How often a watched game's version is read: a move shows within this much (plus
/// a page read).
pub const POLL: Duration = Duration::from_millis(200);

/// The games being watched, each with the version its poller last read (`None`
/// once the game is gone).
pub(super) struct Watchers {
    service: Arc<Service>,
    games: Mutex<HashMap<i64, watch::Receiver<Option<i64>>>>,
}

impl Watchers {
    pub(super) fn new(service: Arc<Service>) -> Watchers {
        Watchers {
            service,
            games: Mutex::new(HashMap::new()),
        }
    }

    /// A receiver of game `game_id`'s versions, starting its poller if nobody
    /// watched it.
    fn watch(self: &Arc<Self>, game_id: i64, version: i64) -> watch::Receiver<Option<i64>> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(versions) = games.get(&game_id) {
            return versions.clone();
        }
        let (sender, versions) = watch::channel(Some(version));
        games.insert(game_id, versions.clone());
        drop(games);
        let watchers = Arc::clone(self);
        tokio::spawn(async move { watchers.poll(game_id, sender).await });
        versions
    }

    /// Reads game `game_id`'s version until nobody watches it.
    async fn poll(&self, game_id: i64, sender: watch::Sender<Option<i64>>) {
        loop {
            tokio::time::sleep(POLL).await;
            {
                let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
                // Only the map's own receiver is left: nobody watches. Checked under
                // the lock that new viewers take, so none is missed.
                if sender.receiver_count() <= 1 {
                    games.remove(&game_id);
                    return;
                }
            }
            match self.service.page_version(game_id).await {
                Ok(version) => {
                    sender.send_if_modified(|seen| {
                        let changed = *seen != version;
                        *seen = version;
                        changed
                    });
                }
                Err(err) => tracing::warn!(error = %err, game_id, "cannot read a watched game"),
            }
        }
    }
}

/// `/g/<slug>/live`: the game's state now, then after each change, until it ends.
pub(super) async fn events(
    State(state): State<WebState>,
    Path(slug): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, PageError> {
    let page = state
        .service
        .game_page(&slug, None)
        .await?
        .ok_or(PageError::NotFound)?;
    let versions = state.live.watch(page.row.id, page.row.version);
    let first = LiveState::of(&page);
    let service = Arc::clone(&state.service);
    // The first event is the state now: a move made between the page's load and the
    // stream's start is not missed.
    let stream = stream::unfold(
        (Some(first), versions, service, slug),
        |(first, mut versions, service, slug)| async move {
            let state = match first {
                Some(state) => state,
                None => loop {
                    // The game is gone, or the poller stopped: end the stream.
                    versions.changed().await.ok()?;
                    if versions.borrow_and_update().is_none() {
                        return None;
                    }
                    match service.game_page(&slug, None).await {
                        Ok(Some(page)) => break LiveState::of(&page),
                        Ok(None) => return None,
                        Err(err) => {
                            tracing::warn!(error = %err, "cannot read a watched game's page");
                        }
                    }
                },
            };
            let ended = !state.is_live();
            let event = Event::default().data(serde_json::to_string(&state).ok()?);
            // After the last state of a finished game, one more poll ends the stream.
            if ended {
                drop(versions);
                let (_, closed) = watch::channel(None);
                return Some((Ok(event), (None, closed, service, slug)));
            }
            Some((Ok(event), (None, versions, service, slug)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
