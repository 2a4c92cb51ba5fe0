//! "Ask the engine" on a game's page (`/g/<slug>/engine`, with the page's own
//! `ply`, `flip` and `try`): the page as it was, with the engine's view of the
//! position shown under the board. Each client asks at a bounded rate (a burst of
//! [`BURST`], then one every [`EVERY`]), and the service searches on the web's
//! own engine slot, so neither a crowd nor one eager visitor delays the games.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use axum::{
    extract::{Path, Query, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
};
use governor::{clock::DefaultClock, state::keyed::DefaultKeyedStateStore, Quota, RateLimiter};

use super::evaluation::Asked;
use super::game::render;
use super::page::{origin, plain, PageError};
use super::personal::personal_page;
use super::view::{At, View};
use super::WebState;
use crate::service::ServiceError;

/// Evaluations one client may ask for at once.
const BURST: u32 = 5;
/// Then one every this long.
const EVERY: Duration = Duration::from_secs(6);
/// Clients whose rate is remembered before the idle ones are forgotten.
const CLIENTS: usize = 10_000;

/// The rate of each client's evaluations.
#[derive(Debug)]
pub(super) struct EngineRate(RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, DefaultClock>);

impl EngineRate {
    pub(super) fn new() -> EngineRate {
        let burst = NonZeroU32::new(BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(EVERY)
            .unwrap_or_else(|| Quota::per_minute(NonZeroU32::MIN))
            .allow_burst(burst);
        EngineRate(RateLimiter::keyed(quota))
    }

    /// Whether `client` may ask now; if not, how long until it may.
    fn check(&self, client: IpAddr) -> Result<(), Duration> {
        if self.0.len() > CLIENTS {
            self.0.retain_recent();
        }
        self.0.check_key(&client).map_err(|not_until| {
            not_until.wait_time_from(governor::clock::Clock::now(&DefaultClock::default()))
        })
    }
}

/// `/g/<slug>/engine`: the page with the engine's view of the position shown.
pub(super) async fn page(
    State(state): State<WebState>,
    peer: super::server::Peer,
    Path(slug): Path<String>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    if !crate::store::plausible_slug(&slug) {
        return Err(PageError::NotFound);
    }
    let client = super::bounds::client(Some(&peer), &headers);
    let visitor = super::session::visitor(&state, &headers).await?;
    if let Err(wait) = state.engine_rate.check(client) {
        metrics::counter!("oware_web_refused_total", "why" => "engine-rate").increment(1);
        let english = crate::i18n::Language::english();
        let lang = visitor.as_ref().map_or(&english, |v| v.language(&english));
        let secs = wait.as_secs().max(1);
        let text = crate::tr!(lang, "web-engine-too-often", seconds = secs);
        return Ok((
            StatusCode::TOO_MANY_REQUESTS,
            [
                (header::RETRY_AFTER, HeaderValue::from(secs)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
            Html(plain(lang, &text).into_string()),
        )
            .into_response());
    }
    let page = state
        .service
        .game_page(&slug, at.ply)
        .await?
        .ok_or(PageError::NotFound)?;
    let mut view = View::of(&at, &page)?;
    let asked = match view.position(&page) {
        Some(game) => match state.service.evaluate(game).await {
            Ok(Some(seen)) => Asked::Seen(seen),
            Ok(None) => Asked::Over,
            Err(ServiceError::EngineBusy) => Asked::Busy,
            Err(err) => return Err(err.into()),
        },
        None => Asked::Over,
    };
    let status = match asked {
        Asked::Busy => StatusCode::SERVICE_UNAVAILABLE,
        _ => view.status(),
    };
    view.asked = Some(asked);
    let origin = origin(&state, &headers);
    if let Some(visitor) = visitor {
        return Ok(personal_page(
            &page, &slug, &origin, &visitor, None, status, &view,
        ));
    }
    let html = render(&page.language, &page, &slug, &origin, None, &view);
    Ok((
        status,
        [(header::CACHE_CONTROL, "no-store")],
        Html(html.into_string()),
    )
        .into_response())
}
