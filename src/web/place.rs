//! A place's page (`/p/<platform>/<place>`), for places whose pages are public, in
//! the place's language: its leaderboard at one speed, its tournaments (with the
//! pairings of the current round) and its games in progress, each linking to its
//! page.

use axum::{
    extract::{Path, Query, State},
    response::Html,
};
use maud::html;
use serde::Deserialize;

use super::{assets, game::PageError, WebState};
use crate::service::{path_segment as encode, PlacePage, RoundBoard, Speed, TournamentSummary};

/// `?speed=live|correspondence`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Asked {
    speed: Option<String>,
}

/// `/p/<platform>/<place>`.
pub(super) async fn page(
    State(state): State<WebState>,
    Path((platform, place)): Path<(String, String)>,
    Query(asked): Query<Asked>,
) -> Result<Html<String>, PageError> {
    let speed = match asked.speed.as_deref() {
        None => Speed::DEFAULT,
        Some(text) => text.parse().map_err(|_| PageError::NotFound)?,
    };
    let page = state
        .service
        .place_page(&platform, &place, speed)
        .await?
        .ok_or(PageError::NotFound)?;
    let puzzle = format!("/p/{}/{}/puzzle", encode(&platform), encode(&place));
    let markup = render(&page.language, &page, &puzzle);
    Ok(Html(markup.into_string()))
}

fn render(lang: &crate::i18n::Language, page: &PlacePage, puzzle: &str) -> maud::Markup {
    let title = crate::tr!(lang, "web-place-title", speed = page.speed.as_str());
    let other = page.speed.other();
    assets::document(
        lang,
        html! {
            title { (title) }
            meta property="og:type" content="website";
            meta property="og:title" content=(title);
        },
        html! {
            main {
                h1 { (title) }
                p {
                    a href=(format!("?speed={other}")) { (crate::tr!(lang, "web-place-other", speed = other.as_str())) }
                    " · "
                    a href=(puzzle) { (crate::tr!(lang, "web-place-puzzle")) }
                }
                h2 { (crate::tr!(lang, "web-place-standings")) }
                @if page.standings.is_empty() {
                    p { (crate::tr!(lang, "web-place-nobody")) }
                } @else {
                    table {
                        thead { tr {
                            th scope="col" { "#" }
                            th scope="col" { (crate::tr!(lang, "web-place-player")) }
                            th scope="col" { (crate::tr!(lang, "web-place-rating")) }
                            th scope="col" { (crate::tr!(lang, "web-place-record")) }
                        } }
                        tbody {
                            @for s in &page.standings {
                                tr {
                                    td { (s.rank) }
                                    td {
                                        @match &s.page {
                                            Some(slug) => a href=(format!("/u/{slug}")) { (s.name) },
                                            None => (s.name),
                                        }
                                    }
                                    td { (s.rating) }
                                    td { (s.record[0]) "–" (s.record[1]) "–" (s.record[2]) }
                                }
                            }
                        }
                    }
                }
                @if !page.tournaments.is_empty() {
                    h2 { (crate::tr!(lang, "web-place-tournaments")) }
                    @for t in &page.tournaments {
                        (tournament(lang, t))
                    }
                }
                h2 { (crate::tr!(lang, "web-place-live")) }
                @if page.live.is_empty() {
                    p { (crate::tr!(lang, "web-place-no-games")) }
                } @else {
                    ul {
                        @for game in &page.live {
                            li {
                                a href=(format!("/g/{}", game.slug)) {
                                    (game.names[0]) " – " (game.names[1])
                                }
                                " " span class="muted" { (crate::tr!(lang, "web-place-moves", moves = game.plies)) }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// A tournament: its stage, standings, crosstable, and the current round's boards.
fn tournament(lang: &crate::i18n::Language, t: &TournamentSummary) -> maud::Markup {
    html! {
        section {
            h3 { (t.title.replace("**", "")) }
            p class="muted" { (t.stage) }
            ol class="standings" {
                @for line in t.standings.lines() {
                    li { (line.replace("**", "")) }
                }
            }
            @if let Some(table) = &t.crosstable {
                pre { (table) }
            }
            @if !t.pairings.is_empty() {
                h4 { (crate::tr!(lang, "web-place-pairings")) }
                ol class="pairings" {
                    @for board in &t.pairings {
                        li { (pairing(lang, board)) }
                    }
                }
            }
        }
    }
}

/// One board of a round: who plays whom (linked to the game's page), or the bye.
fn pairing(lang: &crate::i18n::Language, board: &RoundBoard) -> maud::Markup {
    let Some(north) = &board.north else {
        return html! { (crate::tr!(lang, "web-place-bye", player = board.south.as_str())) };
    };
    html! {
        @match &board.slug {
            Some(slug) => a href=(format!("/g/{slug}")) { (board.south) " – " (north) },
            None => { (board.south) " – " (north) },
        }
        @if let Some([south, north]) = board.score {
            " " span class="muted" { (south) "–" (north) }
        }
    }
}
