//! The web pages: a read-only view of the same store, served by the same binary
//! (axum). An adapter like `chat`: it asks the service what a page shows and renders
//! it (maud templates compiled in, one small inline script, no external resources).
//!
//! - `/g/<slug>`: a game (board, players, clocks, moves to step through, advice,
//!   record); `/g/<slug>/board.png?ply=N`, `/g/<slug>/alt?ply=N`,
//!   `/g/<slug>/record.txt`, and `/g/<slug>/live`, Server-Sent Events while it is
//!   played (see `live`).
//! - `/p/<platform>/<place>`: a place's leaderboard and games in progress, for places
//!   whose pages are public (see `place`), and its daily puzzle at
//!   `/p/<platform>/<place>/puzzle` (see `puzzle`).
//! - `/u/<slug>`: a player's ratings with their charts, puzzle rating and games
//!   in public places (see `player`).
//! - `/healthz` and `/metrics` for operators (see `ops`).
//!
//! Pages exist only at unguessable slugs, carry `noindex` unless their place made
//! them public, and a place with `web:off` gets 404s.

mod assets;
mod cache;
mod chart;
mod files;
mod game;
mod live;
mod ops;
mod place;
mod player;
mod puzzle;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::{routing::get, Router};
use tokio::net::TcpListener;

use crate::config::WebAddr;
use crate::platform::Platform;
use crate::service::Service;

pub use ops::install_metrics;

/// Why the web server could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The address set with `WEB_ADDR` cannot be listened on.
    #[error(
        "cannot listen on WEB_ADDR={addr}: {source} (choose another address, or WEB_ADDR=off)"
    )]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("the web server failed: {0}")]
    Serve(std::io::Error),
}

/// What every handler shares.
#[derive(Clone)]
pub struct WebState {
    service: Arc<Service>,
    /// The pages' public base address (`WEB_PUBLIC_URL`), for absolute links in
    /// Open Graph tags; without it, links are relative to the request's host.
    public_url: Option<String>,
    /// The chat networks this process runs, for `/healthz`.
    networks: Vec<Platform>,
    live: Arc<live::Watchers>,
    /// Game pages as recently written.
    pages: cache::PageCache,
}

impl WebState {
    /// The state of a web server over `service`.
    #[must_use]
    pub fn new(
        service: Arc<Service>,
        public_url: Option<String>,
        networks: Vec<Platform>,
    ) -> WebState {
        WebState {
            live: Arc::new(live::Watchers::new(Arc::clone(&service))),
            pages: cache::PageCache::new(),
            service,
            public_url,
            networks,
        }
    }
}

/// Opens the listening socket for `addr`: `Ok(None)` when the web server is off, or
/// when the default address is taken (said in one log line: another bot or a test
/// holds it).
///
/// # Errors
/// An explicitly set address that cannot be bound.
pub async fn bind(addr: WebAddr) -> Result<Option<TcpListener>, WebError> {
    match addr {
        WebAddr::Off => Ok(None),
        WebAddr::Default(addr) => match TcpListener::bind(addr).await {
            Ok(listener) => Ok(Some(listener)),
            Err(err) => {
                tracing::warn!(
                    %addr, error = %err,
                    "the default web address is taken: running without the web pages (set WEB_ADDR)"
                );
                Ok(None)
            }
        },
        WebAddr::Explicit(addr) => TcpListener::bind(addr)
            .await
            .map(Some)
            .map_err(|source| WebError::Bind { addr, source }),
    }
}

/// Every page and endpoint.
pub fn router(state: WebState) -> Router {
    Router::new()
        .route("/", get(game::home))
        .route("/g/{slug}", get(game::page))
        .route("/g/{slug}/board.png", get(files::board))
        .route("/g/{slug}/alt", get(files::alt))
        .route("/g/{slug}/record.txt", get(files::record))
        .route("/g/{slug}/review.png", get(files::review_graph))
        .route("/g/{slug}/live", get(live::events))
        .route("/p/{platform}/{place}", get(place::page))
        .route("/p/{platform}/{place}/puzzle", get(puzzle::page))
        .route("/p/{platform}/{place}/puzzle.png", get(puzzle::picture))
        .route("/u/{slug}", get(player::page))
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .layer(
            tower_http::set_header::SetResponseHeaderLayer::if_not_present(
                axum::http::header::X_CONTENT_TYPE_OPTIONS,
                axum::http::HeaderValue::from_static("nosniff"),
            ),
        )
        .with_state(state)
}

/// The web server of a running bot: serves in its own task until [`Running::stop`].
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
    stop: tokio::sync::watch::Sender<bool>,
}

impl Running {
    /// Serves `state` on `listener` in a task of its own (a failure is logged: the
    /// chat goes on without its pages), with the metrics recorder installed.
    #[must_use]
    pub fn start(listener: TcpListener, state: WebState) -> Running {
        install_metrics();
        let addr = listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)));
        let (stop, mut stopping) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            let stopped = async move {
                let _ = stopping.wait_for(|stop| *stop).await;
            };
            if let Err(err) = serve(listener, state, stopped).await {
                tracing::error!(error = %err, "the web server stopped");
            }
        });
        tracing::info!(%addr, "serving the web pages");
        Running { addr, task, stop }
    }

    /// Stops serving: requests in hand get a moment to finish, then open live
    /// streams are cut.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let mut task = self.task;
        if tokio::time::timeout(std::time::Duration::from_secs(2), &mut task)
            .await
            .is_err()
        {
            task.abort();
        }
    }
}

/// Serves the pages on `listener` until `stopped` completes.
///
/// # Errors
/// The server fails.
pub async fn serve(
    listener: TcpListener,
    state: WebState,
    stopped: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), WebError> {
    use axum::serve::ListenerExt;
    // A live page's events are small writes: each goes out at once rather than
    // waiting (Nagle) for the reader's acknowledgement of the last.
    let listener = listener.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::debug!(error = %err, "web: cannot set TCP_NODELAY");
        }
    });
    axum::serve(listener, router(state))
        .with_graceful_shutdown(stopped)
        .await
        .map_err(WebError::Serve)
}
