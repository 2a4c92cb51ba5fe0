//! What every handler of the web server shares: the two ports to the service,
//! the public address, the caches and the bounds.

use std::sync::Arc;

use super::{bounds, cache, live};
use crate::config::WebLimits;
use crate::platform::Platform;
use crate::service::{PagePort, SessionPort};

/// What every handler shares.
#[derive(Clone)]
pub struct WebState {
    pub(super) service: Arc<dyn PagePort>,
    /// Signed-in people's sessions and moves, the pages' only writes (none: no
    /// signing in, every page read-only).
    pub(super) sessions: Option<Arc<dyn SessionPort>>,
    /// The pages' public base address (`WEB_PUBLIC_URL`), for absolute links in
    /// Open Graph tags; without it, links are relative to the request's host.
    pub(super) public_url: Option<String>,
    /// The chat networks this process runs, for `/healthz`.
    pub(super) networks: Vec<Platform>,
    pub(super) live: Arc<live::Watchers>,
    /// Game pages as recently written.
    pub(super) pages: cache::PageCache,
    /// The server's bounds.
    pub(super) limits: WebLimits,
    /// Requests being answered (live streams aside).
    pub(super) requests: Arc<tokio::sync::Semaphore>,
    /// Live streams open.
    pub(super) streams: Arc<bounds::Streams>,
    /// Each client's rate of asking the engine.
    pub(super) engine_rate: Arc<super::engine::EngineRate>,
}

impl WebState {
    /// The state of a web server over `service`.
    #[must_use]
    pub fn new(
        service: Arc<dyn PagePort>,
        public_url: Option<String>,
        networks: Vec<Platform>,
    ) -> WebState {
        let limits = WebLimits::default();
        WebState {
            live: Arc::new(live::Watchers::new(Arc::clone(&service))),
            pages: cache::PageCache::new(),
            service,
            sessions: None,
            public_url,
            networks,
            requests: Arc::new(tokio::sync::Semaphore::new(limits.requests)),
            streams: Arc::new(bounds::Streams::new(
                limits.streams,
                limits.streams_per_client,
            )),
            engine_rate: Arc::new(super::engine::EngineRate::new()),
            limits,
        }
    }

    /// This state with signing in from chat and moving from the pages, through
    /// `sessions` (see [`SessionPort`]).
    #[must_use]
    pub fn with_sessions(mut self, sessions: Arc<dyn SessionPort>) -> WebState {
        self.sessions = Some(sessions);
        self
    }

    /// This state with the server's bounds `limits` (the defaults otherwise).
    #[must_use]
    pub fn with_limits(mut self, limits: WebLimits) -> WebState {
        self.requests = Arc::new(tokio::sync::Semaphore::new(limits.requests));
        self.streams = Arc::new(bounds::Streams::new(
            limits.streams,
            limits.streams_per_client,
        ));
        self.limits = limits;
        self
    }

    /// Live streams open now.
    #[must_use]
    pub fn live_streams(&self) -> usize {
        self.streams.count()
    }
}
