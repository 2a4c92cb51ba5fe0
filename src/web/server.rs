//! Serving connections, bounded: hyper's HTTP/1 connections with a timer, so a
//! request's head must arrive within `WEB_HEADER_TIMEOUT_SECS` (a half-sent header
//! is closed, not kept open for ever); at most `WEB_CONNECTIONS` open at once (more
//! are closed as soon as they are accepted); each request knows its peer's address
//! (for the live streams' per-client cap). On stop, requests in hand finish and the
//! connections close.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::{extract::ConnectInfo, Router};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;

use super::WebError;
use crate::config::WebLimits;

/// How long accepting waits after a failure (out of file descriptors): a moment
/// for connections to close, rather than a busy loop.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves `app` on `listener` within `limits` until `stopped` completes; then
/// requests in hand finish and every connection closes (the caller cuts what
/// lingers, live streams, by dropping this future).
///
/// # Errors
/// None yet: a failed accept is logged and retried.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: WebLimits,
    stopped: impl Future<Output = ()> + Send + 'static,
) -> Result<(), WebError> {
    let connections = Arc::new(Semaphore::new(limits.connections));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let (stop, stopping) = watch::channel(false);
    let mut tasks = JoinSet::new();
    tokio::pin!(stopped);
    loop {
        let (tcp, peer) = tokio::select! {
            () = &mut stopped => break,
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(err) => {
                    tracing::warn!(error = %err, "web: cannot accept a connection");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            metrics::counter!("oware_web_refused_total", "why" => "connections").increment(1);
            drop(tcp);
            continue;
        };
        // A live page's events are small writes: each goes out at once rather than
        // waiting (Nagle) for the reader's acknowledgement of the last.
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::debug!(error = %err, "web: cannot set TCP_NODELAY");
        }
        let app = app.clone();
        let http = http.clone();
        let mut stopping = stopping.clone();
        tasks.spawn(async move {
            let _permit = permit;
            let service =
                hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    tower::ServiceExt::oneshot(app.clone(), request)
                });
            let connection = http.serve_connection(TokioIo::new(tcp), service);
            tokio::pin!(connection);
            let stop = async move {
                let _ = stopping.wait_for(|stop| *stop).await;
            };
            tokio::select! {
                _ = connection.as_mut() => {}
                () = stop => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    let _ = stop.send(true);
    while tasks.join_next().await.is_some() {}
    Ok(())
}

/// The address of a request's peer, as [`serve`] records it.
pub(super) type Peer = ConnectInfo<SocketAddr>;
