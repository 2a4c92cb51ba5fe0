//! The web pages through real HTTP on loopback: a server on port 0 over a fresh
//! database, games played through the service, pages read as a browser reads them
//! (and, in `browser`, by a real headless Chromium when there is one).

#![allow(clippy::unwrap_used)] // tests: a failed unwrap is a failed test

#[path = "../support/mod.rs"]
mod support;

mod accessibility;
mod board;
mod bounds;
mod browser;
mod browser_play;
mod engine;
mod every_page;
mod http;
mod ops;
mod pages;
mod place_play;
mod places;
mod players;
mod pseudo;
mod readonly;
mod signin;
mod validity;
mod web_actions;

use std::sync::Arc;

use oware_bot::service::Platform;
use oware_bot::{
    config::WebLimits,
    service::{Service, ServiceConfig},
    web::{Running, WebState},
};
use support::TempDb;
use tokio::net::TcpListener;

/// A bot with its web pages on a loopback port, over a fresh database.
pub(crate) struct Site {
    pub(crate) db: TempDb,
    pub(crate) service: Arc<Service>,
    /// `http://127.0.0.1:PORT`.
    pub(crate) base: String,
    /// The operators' listener (`/metrics`), `http://127.0.0.1:PORT`.
    pub(crate) metrics: String,
    pub(crate) state: WebState,
    _web: Running,
    _metrics: Running,
}

impl Site {
    pub(crate) async fn new() -> Site {
        Site::with_networks(Vec::new()).await
    }

    /// A site whose `/healthz` reports `networks`.
    pub(crate) async fn with_networks(networks: Vec<oware_bot::service::Platform>) -> Site {
        Site::with(networks, WebLimits::default(), false).await
    }

    /// A site served on the test's own runtime, so its pages follow the test's
    /// clock when it pauses and moves it (a bot serves on a thread of its own).
    pub(crate) async fn on_test_clock() -> Site {
        Site::with(Vec::new(), WebLimits::default(), true).await
    }

    /// A site with the server's bounds `limits`.
    pub(crate) async fn with_limits(limits: WebLimits) -> Site {
        Site::with(Vec::new(), limits, false).await
    }

    async fn with(
        networks: Vec<oware_bot::service::Platform>,
        limits: WebLimits,
        test_clock: bool,
    ) -> Site {
        let db = TempDb::new();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let service = Arc::new(
            db.service_with(ServiceConfig {
                rates: [None; 3],
                web_url: Some(base.clone()),
                ..ServiceConfig::default()
            })
            .await,
        );
        let state = WebState::new(service.pages(), None, networks)
            .with_sessions(service.sessions())
            .with_limits(limits);
        let web = if test_clock {
            Running::start_here(listener, state.clone())
        } else {
            Running::start(listener, state.clone())
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let metrics = format!("http://{}", listener.local_addr().unwrap());
        let metrics_web = Running::start_metrics(listener, state.clone());
        Site {
            db,
            service,
            base,
            metrics,
            state,
            _web: web,
            _metrics: metrics_web,
        }
    }

    /// An admin changes the console's setting `key` to `value`; returns the reply.
    pub(crate) async fn set(&self, key: &str, value: &str) -> String {
        use oware_bot::service::{Action, Role};
        let settings = Action::Settings {
            changes: vec![(key.into(), value.into())],
        };
        let reply = self
            .service
            .handle(support::cmd("mod", settings).with_role(Role::Admin))
            .await;
        assert!(
            reply.text.contains(&format!("{key}:{value}")),
            "{}",
            reply.text
        );
        reply.text
    }

    /// The identity of console user `who`, who played.
    pub(crate) async fn identity(&self, who: &str) -> i64 {
        (self
            .db
            .store()
            .people()
            .identity_of(Platform::Console, who)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("{who} played")))
        .get()
    }
}

impl Site {
    /// The address of console user `who`'s page (`/u/<slug>`).
    pub(crate) async fn player_page(&self, who: &str) -> String {
        let identity = self.identity(who).await;
        let slugs = self
            .db
            .store()
            .pages()
            .player_slugs(&[identity])
            .await
            .unwrap();
        format!("{}/u/{}", self.base, slugs[&identity])
    }
}

/// The page link in a reply's text (`http://…/g/<slug>`).
pub(crate) fn link_in(text: &str) -> Option<String> {
    let start = text.find("http://")?;
    let link: String = text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    // The pseudo-locale pads a message's end with `~` and closes it with `]`.
    Some(link.trim_end_matches(['.', ')', '>', '~', ']']).to_owned())
}
