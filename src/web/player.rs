//! A player's page (`/u/<slug>`, unguessable), in the language they chose for themselves:
//! their ratings with a chart of each, their puzzle rating, and their latest games in
//! places whose pages are public (each with its number, date, score and how it went
//! for them). Nothing else: no platform ids, no other places'
//! games.

use axum::{
    extract::{Path, State},
    response::Html,
};
use maud::html;

use super::{assets, chart, page::PageError, WebState};
use crate::play::when;
use crate::rules::EndReason;
use crate::service::{PlayerPage, PlayerResult};

/// `/u/<slug>`.
pub(super) async fn page(
    State(state): State<WebState>,
    Path(slug): Path<String>,
) -> Result<Html<String>, PageError> {
    let page = state
        .service
        .player_page(&slug)
        .await?
        .ok_or(PageError::NotFound)?;
    let markup = render(&page.language, &page);
    Ok(Html(markup.into_string()))
}

fn render(lang: &crate::i18n::Language, page: &PlayerPage) -> maud::Markup {
    let title = crate::tr!(lang, "web-player-title", name = page.name.as_str());
    assets::document(
        lang,
        html! {
            title { (title) }
            meta property="og:type" content="profile";
            meta property="og:title" content=(title);
        },
        html! {
            main {
                h1 { (title) }
                dl {
                    @for (speed, rating) in &page.ratings {
                        dt { (crate::tr!(lang, "web-player-rating", speed = speed.as_str())) }
                        dd { (rating) }
                    }
                }
                @if !page.charts.is_empty() {
                    h2 { (crate::tr!(lang, "web-player-charts")) }
                    @for (speed, ratings) in &page.charts {
                        (chart::rating_chart(lang, *speed, ratings))
                    }
                }
                @if let Some(puzzles) = &page.puzzles {
                    p id="puzzles" { (puzzles) }
                }
                h2 { (crate::tr!(lang, "web-player-games")) }
                ul class="games" {
                    @for game in &page.games {
                        li {
                            a href=(format!("/g/{}", game.slug)) {
                                (crate::tr!(lang, "web-player-game", game = game.id.get()))
                            }
                            " · "
                            time datetime=(when::iso_time(game.started_at)) {
                                (when::day(lang, game.started_at))
                            }
                            " · "
                            // The score kept on one line (no-break spaces).
                            (game.names[0]) " " (game.score[0]) "\u{a0}–\u{a0}" (game.score[1]) " " (game.names[1])
                            " · "
                            strong { (result(lang, game.result)) }
                        }
                    }
                }
            }
        },
    )
}

/// How a game went for the player, in words: `won on time`, `drawn by agreement`.
fn result(lang: &crate::i18n::Language, result: PlayerResult) -> String {
    match result {
        PlayerResult::Playing => crate::tr!(lang, "view-summary-playing"),
        PlayerResult::Aborted => crate::tr!(lang, "web-player-aborted"),
        PlayerResult::Won(reason) => crate::tr!(lang, "web-player-won", how = how(reason)),
        PlayerResult::Lost(reason) => crate::tr!(lang, "web-player-lost", how = how(reason)),
        PlayerResult::Drawn(reason) => crate::tr!(lang, "web-player-drawn", how = how(reason)),
    }
}

/// Why a game ended, as the catalogue's messages select on it.
fn how(reason: EndReason) -> &'static str {
    match reason {
        EndReason::WinningScore => "winning-score",
        EndReason::NoLegalMove => "no-legal-move",
        EndReason::Repetition => "repetition",
        EndReason::Agreement => "agreement",
        EndReason::DrawAgreed => "draw-agreed",
        EndReason::Resignation(_) => "resignation",
        EndReason::Timeout(_) => "timeout",
        EndReason::Aborted => "aborted",
        EndReason::Adjudicated(_) => "adjudicated",
    }
}
