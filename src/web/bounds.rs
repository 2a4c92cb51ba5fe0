//! The web server's bounds, each a cap with a 503 and `Retry-After` beyond it:
//! requests answered at once (live streams aside), and live streams open in all and
//! from one client. The connection cap and the time limits are in `server`.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use axum::{
    extract::{ConnectInfo, Request, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tokio::sync::Semaphore;

/// Seconds a client is asked to wait before trying again.
pub(super) const RETRY_AFTER_SECS: u32 = 10;

/// `503 Service Unavailable` with `Retry-After`, saying what to do.
pub(super) fn busy(lang: &crate::i18n::Language, retry_after: u32) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::RETRY_AFTER, HeaderValue::from(retry_after)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        crate::tr!(lang, "web-busy"),
    )
        .into_response()
}

/// How long a request waits for one of the request slots before it is refused.
const QUEUE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// A request is answered once one of `slots` is free (first come, first served,
/// waiting [`QUEUE_WAIT`] at most; then 503). Few slots: the pages share the
/// database's reading connections with the chat, which must never queue behind a
/// flood of page reads.
pub(super) async fn shed(
    State(slots): State<Arc<Semaphore>>,
    request: Request,
    next: Next,
) -> Response {
    let Ok(Ok(_permit)) = tokio::time::timeout(QUEUE_WAIT, slots.acquire()).await else {
        metrics::counter!("oware_web_refused_total", "why" => "requests").increment(1);
        // No place is known yet: English.
        return busy(&crate::i18n::Language::english(), 1);
    };
    next.run(request).await
}

/// Who is asking: the peer's address, or, when the peer is a reverse proxy on this
/// host (a loopback address), the last address of its `X-Forwarded-For` (the one
/// that proxy added).
pub(super) fn client(peer: Option<&ConnectInfo<SocketAddr>>, headers: &HeaderMap) -> IpAddr {
    let peer = peer.map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
    if !peer.is_loopback() {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer)
}

/// The live streams open, in all and by client.
#[derive(Debug)]
pub(super) struct Streams {
    total: usize,
    per_client: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One open stream, counted until it is dropped (the stream ends or its reader
/// goes).
#[derive(Debug)]
pub(super) struct StreamPermit {
    streams: Arc<Streams>,
    client: IpAddr,
}

impl Streams {
    pub(super) fn new(total: usize, per_client: usize) -> Streams {
        Streams {
            total,
            per_client,
            open: Mutex::new((0, HashMap::new())),
        }
    }

    /// A stream for `client`, unless it or everyone holds as many as allowed.
    pub(super) fn open(self: &Arc<Self>, client: IpAddr) -> Option<StreamPermit> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (total, by_client) = &mut *open;
        let mine = by_client.get(&client).copied().unwrap_or(0);
        if *total >= self.total || mine >= self.per_client {
            return None;
        }
        *total += 1;
        by_client.insert(client, mine + 1);
        Some(StreamPermit {
            streams: Arc::clone(self),
            client,
        })
    }

    /// Streams open now.
    pub(super) fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).0
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self
            .streams
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let (total, by_client) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(mine) = by_client.get_mut(&self.client) {
            *mine -= 1;
            if *mine == 0 {
                by_client.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_capped_per_client_and_in_all_and_freed_when_dropped() {
        let streams = Arc::new(Streams::new(3, 2));
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let first = streams.open(a).expect("a first");
        let _second = streams.open(a).expect("a second");
        assert!(streams.open(a).is_none(), "a third from one client");
        let _other = streams.open(b).expect("another client");
        assert!(
            streams.open(IpAddr::from([10, 0, 0, 3])).is_none(),
            "past the total"
        );
        drop(first);
        assert_eq!(streams.count(), 2);
        assert!(streams.open(a).is_some(), "freed when dropped");
    }

    #[test]
    fn a_proxy_on_this_host_names_the_client() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7".parse().unwrap(),
        );
        let local = ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 5000)));
        assert_eq!(
            client(Some(&local), &headers),
            IpAddr::from([198, 51, 100, 7])
        );
        let remote = ConnectInfo(SocketAddr::from(([192, 0, 2, 1], 5000)));
        assert_eq!(
            client(Some(&remote), &headers),
            IpAddr::from([192, 0, 2, 1]),
            "a remote peer cannot claim another address"
        );
    }
}
