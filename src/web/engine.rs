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
use maud::{html, Markup};

use super::game::{render, PageError};
use super::view::{At, View};
use super::WebState;
use crate::rules::Side;
use crate::service::{GamePage, PageEvaluation, ServiceError};

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

/// What the engine said of the position shown, for the page.
#[derive(Debug)]
pub(super) enum Asked {
    /// Its view.
    Seen(PageEvaluation),
    /// The game is over there: nothing to search.
    Over,
    /// Its slot was taken: ask again in a moment.
    Busy,
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
            Html(super::game::plain(lang, &text).into_string()),
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
    let origin = super::game::origin(&state, &headers);
    if let Some(visitor) = visitor {
        return Ok(super::play::personal_page(
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

/// The engine's view in words, with a link that tries its line on the study
/// board (`tried`: the page's `ply`, seat and moves tried, as links keep them).
pub(super) fn markup(
    lang: &crate::i18n::Language,
    page: &GamePage,
    asked: &Asked,
    tried: &str,
) -> Markup {
    let text = match asked {
        Asked::Busy => crate::tr!(lang, "web-engine-busy"),
        Asked::Over => crate::tr!(lang, "web-engine-over"),
        Asked::Seen(seen) => said(lang, page, seen),
    };
    html! {
        div id="engine" role="status" {
            // The same view as a bar, for the eye (the words say it all): South's
            // share from the left, even in the middle.
            @if let Asked::Seen(seen) = asked {
                div class="evalbar" aria-hidden="true" {
                    span style=(format!("width:{:.1}%", south_share(seen.south_value))) {}
                }
            }
            p { (text) }
            @if let Asked::Seen(seen) = asked {
                @let line: String = seen.line.iter().map(|p| p.letter()).collect();
                p { a href=(format!("{tried}{line}")) { (crate::tr!(lang, "web-engine-try-line")) } }
            }
        }
    }
}

/// A lead of this many seeds or more fills the evaluation bar.
const BAR_SEEDS: f64 = 12.0;

/// South's share of the evaluation bar, in percent, for South's expected lead of
/// `south_value` hundredths of a seed: 50 when even, 100 at [`BAR_SEEDS`] ahead.
fn south_share(south_value: i32) -> f64 {
    let lead = (f64::from(south_value) / 100.0).clamp(-BAR_SEEDS, BAR_SEEDS);
    50.0 + 50.0 * lead / BAR_SEEDS
}

/// "The engine (12 moves deep): alice (South) is ahead by about 2.5 seeds. Best: c;
/// its line: c B a d."
fn said(lang: &crate::i18n::Language, page: &GamePage, seen: &PageEvaluation) -> String {
    let names = page.names();
    let value = seen.south_value;
    let (leader, seeds) = if value >= 0 {
        (Side::South, value)
    } else {
        (Side::North, -value)
    };
    let tenths = (f64::from(seeds) / 10.0).round() / 10.0;
    let line: Vec<String> = seen.line.iter().map(|p| p.letter().to_string()).collect();
    crate::tr!(
        lang,
        "web-engine-seen",
        depth = seen.depth,
        even = if seeds < 50 { "yes" } else { "no" },
        name = names[leader.index()],
        side = if leader == Side::South {
            "south"
        } else {
            "north"
        },
        seeds = crate::i18n::decimal(lang, tenths, 1),
        best = seen.best.letter().to_string(),
        line = line.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::south_share;

    #[test]
    fn the_bar_leans_to_the_side_ahead_and_stops_at_its_ends() {
        assert!((south_share(0) - 50.0).abs() < 1e-9);
        assert!((south_share(600) - 75.0).abs() < 1e-9);
        assert!((south_share(-600) - 25.0).abs() < 1e-9);
        assert!((south_share(5000) - 100.0).abs() < 1e-9);
        assert!(south_share(i32::MIN).abs() < 1e-9);
    }
}
