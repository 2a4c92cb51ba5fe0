//! A fault proxy between the bot and Synapse on loopback: it forwards every
//! request, and on the test's word it stops as a homeserver does (every request,
//! in flight or new, gets 502 Bad Gateway, as from a reverse proxy in front of a
//! stopped Synapse), or never answers joins (an invite from a server that never
//! answers). The players talk to Synapse directly.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The proxy's switches.
struct Switches {
    upstream: String,
    down: watch::Sender<bool>,
    stall_joins: AtomicBool,
    stalled: AtomicUsize,
}

/// A running proxy; it stops with the test's runtime.
pub struct Proxy {
    /// The URL the bot uses as its homeserver.
    pub url: String,
    switches: Arc<Switches>,
}

impl Proxy {
    /// Starts forwarding to `homeserver` (`http://127.0.0.1:port`).
    pub async fn start(homeserver: &str) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let upstream = homeserver
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        let switches = Arc::new(Switches {
            upstream,
            down: watch::channel(false).0,
            stall_joins: AtomicBool::new(false),
            stalled: AtomicUsize::new(0),
        });
        let serving = Arc::clone(&switches);
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let switches = Arc::clone(&serving);
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |req| {
                        let switches = Arc::clone(&switches);
                        async move { Ok::<_, Infallible>(forward(req, &switches).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        Proxy { url, switches }
    }

    /// The homeserver stops (`true`) or is back (`false`).
    pub fn set_down(&self, down: bool) {
        self.switches.down.send_replace(down);
    }

    /// From now on, joins are never answered.
    pub fn stall_joins(&self) {
        self.switches.stall_joins.store(true, Ordering::SeqCst);
    }

    /// How many joins were left unanswered.
    pub fn stalled_joins(&self) -> usize {
        self.switches.stalled.load(Ordering::SeqCst)
    }
}

fn bad_gateway() -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from_static(b"{}")));
    *response.status_mut() = StatusCode::BAD_GATEWAY;
    response
}

async fn forward(req: Request<Incoming>, switches: &Switches) -> Response<Full<Bytes>> {
    let mut down = switches.down.subscribe();
    if *down.borrow_and_update() {
        return bad_gateway();
    }
    let is_join = req.uri().path().contains("/join");
    if is_join && switches.stall_joins.load(Ordering::SeqCst) {
        switches.stalled.fetch_add(1, Ordering::SeqCst);
        std::future::pending::<()>().await;
    }
    let upstream = async {
        let (parts, body) = req.into_parts();
        let body = body.collect().await.ok()?.to_bytes();
        let stream = TcpStream::connect(&switches.upstream).await.ok()?;
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .ok()?;
        tokio::spawn(connection);
        let response = sender
            .send_request(Request::from_parts(parts, Full::new(body)))
            .await
            .ok()?;
        let (parts, body) = response.into_parts();
        let body = body.collect().await.ok()?.to_bytes();
        Some(Response::from_parts(parts, Full::new(body)))
    };
    tokio::select! {
        answered = upstream => answered.unwrap_or_else(bad_gateway),
        // Stopped while the request was in flight.
        _ = down.wait_for(|down| *down) => bad_gateway(),
    }
}
