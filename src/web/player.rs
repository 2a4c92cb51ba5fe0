//! A player's page (`/u/<slug>`, unguessable), in the language they chose for themselves:
//! their ratings with a chart of each, their puzzle rating, and their latest games in
//! places whose pages are public. Nothing else: no platform ids, no other places'
//! games.

use axum::{
    extract::{Path, State},
    response::Html,
};
use maud::html;

use super::{assets, chart, game::PageError, WebState};
use crate::service::PlayerPage;

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
                ul {
                    @for game in &page.games {
                        li {
                            a href=(format!("/g/{}", game.slug)) {
                                (game.names[0]) " – " (game.names[1])
                            }
                            " "
                            span class="muted" {
                                @if game.active {
                                    (crate::tr!(lang, "view-summary-playing"))
                                } @else {
                                    (game.score[0]) "–" (game.score[1])
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}
