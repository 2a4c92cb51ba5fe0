//! Live pages: `/g/<slug>/live` streams the game's state (Server-Sent Events) after
//! each change. Every game being watched has one poller that reads its version (one
//! indexed read) every [`POLL`], whichever process applied the move, and at once
//! when this process moves or ends the game (`PagePort::game_changes`); on a change
//! it reads the page once and hands the same state to all its viewers at once. The
//! poller ends with its last viewer. The poller also counts the game's viewers
//! (at each poll, and at once when one comes) and each stream sends the count,
//! in the page's language, as a `watching` event whenever it changes.
//!
//! Streams are capped, in all (`WEB_STREAMS`) and per client (`WEB_STREAMS_PER_CLIENT`):
//! beyond either, 503 with `Retry-After`, before any read.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::{
    extract::{Path, State},
    http::HeaderMap,
    response::{
        sse::{Event, KeepAlive, Sse},
        IntoResponse, Response,
    },
};
use futures_util::stream::{self, Stream};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::{broadcast, watch, Notify};

use super::board::Shown;
use super::lines::{clocks_line, live, move_label, move_times, status_line};
use super::page::PageError;
use super::WebState;
use crate::service::{GamePage, PagePort};

/// How often a watched game's version is read: a move shows within this much (plus
/// a page read).
pub const POLL: Duration = Duration::from_millis(200);

/// What a live page receives after each change.
#[derive(Debug, Serialize)]
pub(super) struct LiveState {
    version: i64,
    plies: usize,
    moves: Vec<String>,
    /// How long each move took, in words.
    times: Vec<String>,
    status: String,
    clocks: Option<String>,
    advice: Option<String>,
    live: bool,
    /// The latest position, for the board.
    position: Shown,
}

impl LiveState {
    /// The state of `page`.
    pub(super) fn of(page: &GamePage) -> LiveState {
        let lang = &page.language;
        LiveState {
            version: page.row.version,
            plies: page.plies(),
            moves: page.game.plies().iter().map(move_label).collect(),
            times: move_times(lang, page),
            status: status_line(lang, page),
            clocks: clocks_line(page),
            advice: page.advice.clone(),
            live: live(page),
            position: Shown::latest(&page.game),
        }
    }

    /// Whether the game goes on (more states will follow).
    pub(super) fn is_live(&self) -> bool {
        self.live
    }
}

/// A watched game's state, as every viewer is sent it.
#[derive(Debug)]
pub(super) struct Shared {
    /// The game's version it was read at.
    version: i64,
    /// The event's data.
    json: String,
    /// Whether more states will follow.
    live: bool,
}

impl Shared {
    /// The state of `page`, written in its place's language.
    fn of(page: &GamePage) -> Option<Arc<Shared>> {
        let state = LiveState::of(page);
        Some(Arc::new(Shared {
            version: page.row.version,
            json: serde_json::to_string(&state).ok()?,
            live: state.is_live(),
        }))
    }
}

/// A game's latest state (`None` once the game's page is gone).
type Latest = watch::Receiver<Option<Arc<Shared>>>;

/// How many people have the game's page open (its live streams).
type Watching = watch::Receiver<usize>;

/// A watched game: its latest state, what wakes its poller, how many watch it.
type Watched = (Latest, Arc<Notify>, Watching);

/// The games being watched, each with the state its poller last read and what
/// wakes its poller before its next [`POLL`].
pub(super) struct Watchers {
    service: Arc<dyn PagePort>,
    games: Mutex<HashMap<i64, Watched>>,
    /// Whether the relay of this process's changes runs (started with the first
    /// viewer, on the web's runtime).
    relaying: AtomicBool,
}

impl Watchers {
    pub(super) fn new(service: Arc<dyn PagePort>) -> Watchers {
        Watchers {
            service,
            games: Mutex::new(HashMap::new()),
            relaying: AtomicBool::new(false),
        }
    }

    /// Wakes the poller of each watched game this process changes, so its viewers
    /// have a move at once; changes made by other processes wait for the poll.
    /// Holds the watchers weakly: it ends with them, or with the service.
    fn relay(self: &Arc<Self>) {
        if self.relaying.swap(true, Ordering::AcqRel) {
            return;
        }
        let mut changes = self.service.game_changes();
        let watchers = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let game = match changes.recv().await {
                    Ok(game) => game,
                    // Fallen behind: the polls read what was skipped.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(watchers) = watchers.upgrade() else {
                    return;
                };
                let games = watchers
                    .games
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if let Some((_, wake, _)) = games.get(&game.get()) {
                    wake.notify_one();
                }
            }
        });
    }

    /// Receivers of game `game_id`'s states (its page at `slug`) and of how many
    /// watch it, starting its poller from `now` if nobody watched it.
    fn watch(
        self: &Arc<Self>,
        game_id: crate::service::GameId,
        slug: &str,
        now: &Arc<Shared>,
    ) -> (Latest, Watching) {
        self.relay();
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((latest, wake, watching)) = games.get(&game_id.get()) {
            // The poller counts the newcomer at once.
            wake.notify_one();
            return (latest.clone(), watching.clone());
        }
        let (sender, latest) = watch::channel(Some(Arc::clone(now)));
        let (counter, watching) = watch::channel(0);
        let wake = Arc::new(Notify::new());
        games.insert(
            game_id.get(),
            (latest.clone(), Arc::clone(&wake), watching.clone()),
        );
        drop(games);
        let watchers = Arc::clone(self);
        let slug = slug.to_owned();
        // Its first count comes at once.
        wake.notify_one();
        tokio::spawn(async move {
            watchers
                .poll(game_id.get(), slug, sender, counter, wake)
                .await;
        });
        (latest, watching)
    }

    /// Reads game `game_id`'s version until nobody watches it, and its page once
    /// after each change.
    async fn poll(
        &self,
        game_id: i64,
        slug: String,
        sender: watch::Sender<Option<Arc<Shared>>>,
        counter: watch::Sender<usize>,
        wake: Arc<Notify>,
    ) {
        loop {
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                () = wake.notified() => {}
            }
            {
                let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
                // Only the map's own receiver is left: nobody watches. Checked under
                // the lock that new viewers take, so none is missed.
                if sender.receiver_count() <= 1 {
                    games.remove(&game_id);
                    return;
                }
                // Each viewer holds a receiver; the map holds one more.
                let viewers = sender.receiver_count() - 1;
                counter.send_if_modified(|count| std::mem::replace(count, viewers) != viewers);
            }
            let seen = sender.borrow().as_ref().map(|s| s.version);
            let version = match self
                .service
                .page_version(crate::service::GameId::new(game_id))
                .await
            {
                Ok(version) => version,
                Err(err) => {
                    tracing::warn!(error = %err, game_id, "cannot read a watched game");
                    continue;
                }
            };
            if version.is_some() && version == seen {
                continue;
            }
            let next = match self.service.game_page(&slug, None).await {
                Ok(page) => page.as_ref().and_then(Shared::of),
                Err(err) => {
                    tracing::warn!(error = %err, game_id, "cannot read a watched game's page");
                    continue;
                }
            };
            let gone = next.is_none();
            sender.send_replace(next);
            if gone {
                self.games
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&game_id);
                return;
            }
        }
    }
}

/// `/g/<slug>/live`: the game's state now, then after each change, until it ends;
/// 503 when this client, or everyone, holds as many streams as allowed.
pub(super) async fn events(
    State(state): State<WebState>,
    peer: super::server::Peer,
    headers: HeaderMap,
    Path(slug): Path<String>,
) -> Result<Response, PageError> {
    let client = super::bounds::client(Some(&peer), &headers);
    let Some(permit) = state.streams.open(client) else {
        metrics::counter!("oware_web_refused_total", "why" => "streams").increment(1);
        // No place is known yet: English.
        let lang = &crate::i18n::Language::english();
        return Ok(super::bounds::busy(lang, super::bounds::RETRY_AFTER_SECS));
    };
    Ok(stream(state, slug, permit).await?.into_response())
}

/// The stream of game `slug`'s states, holding `permit` while it is open.
async fn stream(
    state: WebState,
    slug: String,
    permit: super::bounds::StreamPermit,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, PageError> {
    let page = state
        .service
        .game_page(&slug, None)
        .await?
        .ok_or(PageError::NotFound)?;
    let first = Shared::of(&page).ok_or(PageError::NotFound)?;
    let (latest, watching) = state.live.watch(page.row.id, &slug, &first);
    let viewer = Viewer {
        first: Some(first),
        sent: 0,
        latest,
        watching,
        language: page.language.clone(),
        _permit: permit,
    };
    // The first event is the state now: a move made between the page's load and the
    // stream's start is not missed. Between states, how many watch, when it changes.
    let stream = stream::unfold(viewer, |mut viewer| async move {
        let shared = match viewer.first.take() {
            Some(shared) => shared,
            None => loop {
                tokio::select! {
                    biased;
                    changed = viewer.latest.changed() => {
                        // The game is gone, or the poller stopped: end the stream.
                        changed.ok()?;
                        let now = viewer.latest.borrow_and_update().clone()?;
                        if now.version > viewer.sent {
                            break now;
                        }
                    }
                    changed = viewer.watching.changed() => {
                        changed.ok()?;
                        let count = *viewer.watching.borrow_and_update();
                        let text = crate::tr!(&viewer.language, "web-watching", count = count);
                        let event = Event::default().event("watching").data(text);
                        return Some((Ok(event), viewer));
                    }
                }
            },
        };
        let event = Event::default().data(shared.json.as_str());
        if !shared.live {
            // After the last state of a finished game, the stream ends.
            let (_, closed) = watch::channel(None);
            viewer.latest = closed;
            let (_, counted) = watch::channel(0);
            viewer.watching = counted;
            viewer.sent = i64::MAX;
            return Some((Ok(event), viewer));
        }
        viewer.sent = shared.version;
        Some((Ok(event), viewer))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// One viewer's stream: the state not yet sent, the version last sent, the
/// game's states and count of viewers, the page's language, and its place under
/// the streams' cap.
struct Viewer {
    first: Option<Arc<Shared>>,
    sent: i64,
    latest: Latest,
    watching: Watching,
    language: crate::i18n::Language,
    _permit: super::bounds::StreamPermit,
}
