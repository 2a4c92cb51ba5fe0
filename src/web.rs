//! The web pages: a view of the same store, served by the same binary
//! (axum). An adapter like `chat`: it asks the service what a page shows and renders
//! it (maud templates compiled in, one small inline script, no external resources).
//!
//! - `/g/<slug>`: a game (its board drawn in HTML, from either seat, players,
//!   clocks, moves to step through, advice, record), and its study board
//!   (`?ply=N&try=cBa`: moves tried from any position, see `study`);
//!   `/g/<slug>/board.png?ply=N` (for chat previews), `/g/<slug>/alt?ply=N`,
//!   `/g/<slug>/record.txt`, and `/g/<slug>/live`, Server-Sent Events while it is
//!   played (see `live`).
//! - `/p/<platform>/<place>`: a place's leaderboard, open challenges and games in
//!   progress, for places whose pages are public (see `place`), and its daily puzzle
//!   at `/p/<platform>/<place>/puzzle` (see `puzzle`). A signed-in visitor accepts a
//!   challenge or plays the engine from it (`…/accept`, `…/engine`, see
//!   `place_play`).
//! - `/u/<slug>`: a player's ratings with their charts, puzzle rating and games
//!   in public places (see `player`).
//! - `/signin/<token>`: the one-time link `/oware web` gives in chat; its button
//!   starts a session (see `session`), ended at `/signout`. A signed-in player
//!   moves and presses a game's buttons from their game's page (`/g/<slug>/move`,
//!   `/g/<slug>/act`, see `play`) and starts games from a place's page: the pages'
//!   only writes, through the narrow
//!   [`SessionPort`](crate::service::SessionPort).
//! - `/healthz` for operators (see `ops`); `/metrics` on a listener of its own
//!   (`METRICS_ADDR`), never on the public one.
//!
//! Pages exist only at unguessable slugs, carry `noindex` unless their place made
//! them public, and a place with `web:off` gets 404s. Every resource a client can
//! hold is capped (see `bounds` and `server`): connections, requests at once, live
//! streams in all and per client, pictures drawn at once, and the time a request
//! and its head may take; beyond a cap, 503 with `Retry-After`.

mod assets;
mod board;
mod bounds;
mod cache;
mod chart;
mod engine;
mod evaluation;
mod files;
mod game;
mod lines;
mod live;
mod ops;
mod page;
mod personal;
mod place;
mod place_play;
mod play;
mod player;
mod puzzle;
mod server;
mod session;
mod state;
mod study;
mod view;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::{
    routing::{get, post},
    Router,
};
use tokio::net::TcpListener;

use crate::config::{WebAddr, WebLimits};

pub use ops::install_metrics;
pub use state::WebState;

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
    /// The address set with `METRICS_ADDR` cannot be listened on.
    #[error(
        "cannot listen on METRICS_ADDR={addr}: {source} (choose another address, or unset METRICS_ADDR)"
    )]
    BindMetrics {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("the web server failed: {0}")]
    Serve(std::io::Error),
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
        WebAddr::Default(addr) => match listen(addr) {
            Ok(listener) => Ok(Some(listener)),
            Err(err) => {
                tracing::warn!(
                    %addr, error = %err,
                    "the default web address is taken: running without the web pages (set WEB_ADDR)"
                );
                Ok(None)
            }
        },
        WebAddr::Explicit(addr) => listen(addr)
            .map(Some)
            .map_err(|source| WebError::Bind { addr, source }),
    }
}

/// Connections the kernel keeps waiting for the web's thread to accept them (at
/// most the system's `somaxconn`). Tokio's default, 1,024, overflows under a flood
/// while the web's thread yields to the chat: a connection past it is dropped and
/// its client tries again only a second later (an operator's `/healthz` too).
const BACKLOG: u32 = 4_096;

/// Listens on `addr` with a backlog of [`BACKLOG`].
///
/// # Errors
/// The address cannot be bound or listened on.
pub fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // As the standard library binds a listener: a restart may bind again at once.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Every public page and endpoint: the pages within the request cap and time
/// limit, the live streams within theirs, `/healthz` within the time limit alone
/// (an operator's probe still answers when the pages are busy).
pub fn router(state: WebState) -> Router {
    let limits = state.limits;
    let timeout = || {
        tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            limits.request_timeout,
        )
    };
    let pages = Router::new()
        .route("/", get(session::home))
        .route(
            "/signin/{token}",
            get(session::signin_page).post(session::signin),
        )
        .route("/signout", post(session::signout))
        .route("/g/{slug}", get(play::page))
        .route("/g/{slug}/move", post(play::play))
        .route("/g/{slug}/act", post(play::act))
        .route("/g/{slug}/board.png", get(files::board))
        .route("/g/{slug}/alt", get(files::alt))
        .route("/g/{slug}/engine", get(engine::page))
        .route("/g/{slug}/record.txt", get(files::record))
        .route("/g/{slug}/review.png", get(files::review_graph))
        .route("/p/{platform}/{place}", get(place::page))
        .route(
            "/p/{platform}/{place}/accept",
            post(place::accept_challenge),
        )
        .route("/p/{platform}/{place}/engine", post(place::play_engine))
        .route("/p/{platform}/{place}/puzzle", get(puzzle::page))
        .route("/p/{platform}/{place}/puzzle.png", get(puzzle::picture))
        .route("/u/{slug}", get(player::page))
        .layer(timeout())
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state.requests),
            bounds::shed,
        ));
    let health = Router::new()
        .route("/healthz", get(ops::healthz))
        .layer(timeout());
    let live = Router::new().route("/g/{slug}/live", get(live::events));
    pages
        .merge(health)
        .merge(live)
        .layer(
            tower_http::set_header::SetResponseHeaderLayer::if_not_present(
                axum::http::header::X_CONTENT_TYPE_OPTIONS,
                axum::http::HeaderValue::from_static("nosniff"),
            ),
        )
        .with_state(state)
}

/// The operators' listener: `/metrics` alone.
pub fn metrics_router(state: WebState) -> Router {
    Router::new()
        .route("/metrics", get(ops::metrics))
        .with_state(state)
}

/// Raises this process's soft limit of open files to its hard limit (systemd's
/// soft default is 1,024, which a few hundred viewers and pictures would reach); a
/// failure is logged and changes nothing.
pub fn raise_open_files_limit() {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let limit = getrlimit(Resource::Nofile);
        if limit.current.is_some() && limit.current != limit.maximum {
            let raised = Rlimit {
                current: limit.maximum,
                maximum: limit.maximum,
            };
            match setrlimit(Resource::Nofile, raised) {
                Ok(()) => tracing::info!(
                    from = limit.current,
                    to = limit.maximum,
                    "raised the open-files limit"
                ),
                Err(err) => {
                    tracing::warn!(error = %err, "cannot raise the open-files limit");
                }
            }
        }
    }
}

/// The web server of a running bot: serves on a thread and runtime of its own until
/// [`Running::stop`]. The chat comes first: the web's thread runs at a lower
/// priority ([`WEB_NICENESS`]) and its tasks never queue beside the chat's, so a
/// flood of requests takes what the chat leaves of the machine, not the chat's turn.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    done: Option<tokio::sync::oneshot::Receiver<()>>,
    stop: tokio::sync::watch::Sender<bool>,
}

/// How much lower the web thread's priority is than the chat's (Linux `nice`):
/// at 19, the lowest, a busy web thread gets about 1/70 of a core a busy chat
/// thread wants, and a waking chat thread takes the core from it at once; the web
/// still has every core the chat leaves.
const WEB_NICENESS: i32 = 19;

/// How long requests in hand may take to finish once the server is stopped.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

impl Running {
    /// Serves `state` on `listener` on a thread of its own (a failure is logged: the
    /// chat goes on without its pages), with the metrics recorder installed.
    #[must_use]
    pub fn start(listener: TcpListener, state: WebState) -> Running {
        install_metrics();
        let limits = state.limits;
        let running = Running::serving(listener, router(state), limits);
        tracing::info!(addr = %running.addr, "serving the web pages");
        running
    }

    /// [`Running::start`], but on the caller's runtime and at its priority: for
    /// tests that pause and move tokio's clock, which the pages then follow (the
    /// service's time is tokio's time of the runtime reading it).
    #[must_use]
    pub fn start_here(listener: TcpListener, state: WebState) -> Running {
        install_metrics();
        let limits = state.limits;
        let (stop, mut stopping) = tokio::sync::watch::channel(false);
        let (finished, done) = tokio::sync::oneshot::channel();
        let addr = local_addr(&listener);
        let app = router(state);
        tokio::spawn(async move {
            serve_until_stopped(listener, app, limits, &mut stopping).await;
            let _ = finished.send(());
        });
        Running {
            addr,
            done: Some(done),
            stop,
        }
    }

    /// Serves `/metrics` alone on `listener` (`METRICS_ADDR`), apart from the pages.
    #[must_use]
    pub fn start_metrics(listener: TcpListener, state: WebState) -> Running {
        install_metrics();
        let limits = state.limits;
        let running = Running::serving(listener, metrics_router(state), limits);
        tracing::info!(addr = %running.addr, "serving /metrics");
        running
    }

    fn serving(listener: TcpListener, app: Router, limits: WebLimits) -> Running {
        let addr = local_addr(&listener);
        let (stop, mut stopping) = tokio::sync::watch::channel(false);
        let (finished, done) = tokio::sync::oneshot::channel();
        // The listener moves to the web's runtime: registered there, not here.
        let listener = listener.into_std();
        let spawned = std::thread::Builder::new()
            .name("oware-web".to_owned())
            .spawn(move || {
                lower_priority();
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(err) => {
                        tracing::error!(error = %err, "the web server cannot start its runtime");
                        return;
                    }
                };
                runtime.block_on(async move {
                    match listener.and_then(TcpListener::from_std) {
                        Ok(listener) => {
                            serve_until_stopped(listener, app, limits, &mut stopping).await;
                        }
                        Err(err) => tracing::error!(error = %err, "the web server cannot listen"),
                    }
                });
                // Live streams still open are cut with the runtime.
                runtime.shutdown_background();
                let _ = finished.send(());
            });
        if let Err(err) = spawned {
            tracing::error!(error = %err, "the web server cannot start its thread");
        }
        Running {
            addr,
            done: Some(done),
            stop,
        }
    }

    /// Stops serving: requests in hand get a moment to finish, then open live
    /// streams are cut.
    pub async fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(done) = self.done.take() {
            let _ = tokio::time::timeout(STOP_GRACE * 2, done).await;
        }
    }
}

/// Where `listener` listens (a loopback stand-in if it cannot say).
fn local_addr(listener: &TcpListener) -> SocketAddr {
    listener
        .local_addr()
        .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
}

/// Serves `app` until `stopping` says stop (or its sender is gone); then requests in
/// hand get [`STOP_GRACE`] to finish before it returns (cutting live streams).
async fn serve_until_stopped(
    listener: TcpListener,
    app: Router,
    limits: WebLimits,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
) {
    let mut stopped = stopping.clone();
    let served = server::serve(listener, app, limits, async move {
        let _ = stopped.wait_for(|stop| *stop).await;
    });
    let cut = async move {
        let _ = stopping.wait_for(|stop| *stop).await;
        tokio::time::sleep(STOP_GRACE).await;
    };
    tokio::select! {
        served = served => if let Err(err) = served {
            tracing::error!(error = %err, "the web server stopped");
        },
        () = cut => {}
    }
}

/// Lowers the calling thread's priority by [`WEB_NICENESS`] (on Linux a thread's
/// own; the threads it starts inherit it). Where it cannot, the web runs at the
/// chat's priority, still on its own runtime.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    if let Err(err) = rustix::process::setpriority_process(None, WEB_NICENESS) {
        tracing::debug!(error = %err, "web: cannot lower the thread's priority");
    }
}

/// The web servers of a running bot: the pages (`WEB_ADDR`) and `/metrics`
/// (`METRICS_ADDR`), each if it runs.
pub struct Servers {
    /// The pages.
    pub pages: Option<Running>,
    /// `/metrics`.
    pub metrics: Option<Running>,
}

impl Servers {
    /// Opens `/metrics`'s listener at `metrics_addr` (when set), then serves it and
    /// the pages on `pages` (when the pages run) with `state`.
    ///
    /// # Errors
    /// `METRICS_ADDR` cannot be listened on.
    pub async fn start(
        pages: Option<TcpListener>,
        metrics_addr: Option<SocketAddr>,
        state: WebState,
    ) -> Result<Servers, WebError> {
        let metrics = match metrics_addr {
            None => None,
            Some(addr) => Some(
                TcpListener::bind(addr)
                    .await
                    .map_err(|source| WebError::BindMetrics { addr, source })?,
            ),
        };
        Ok(Servers {
            metrics: metrics.map(|listener| Running::start_metrics(listener, state.clone())),
            pages: pages.map(|listener| Running::start(listener, state)),
        })
    }

    /// Stops both.
    pub async fn stop(self) {
        if let Some(pages) = self.pages {
            pages.stop().await;
        }
        if let Some(metrics) = self.metrics {
            metrics.stop().await;
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
    let limits = state.limits;
    server::serve(listener, router(state), limits, stopped).await
}
