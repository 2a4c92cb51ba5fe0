//! A place's daily puzzle (`/p/<platform>/<place>/puzzle`), for places whose pages
//! are public: today's position and task (its solution hidden while it is live),
//! and yesterday's with its solution behind a button (a `<details>`, which needs no
//! script).

use axum::{
    extract::{Path, State},
    http::header,
    response::{Html, IntoResponse, Response},
};
use maud::html;

use super::{assets, page::PageError, WebState};
use crate::service::PuzzlePage;

/// `/p/<platform>/<place>/puzzle`.
pub(super) async fn page(
    State(state): State<WebState>,
    Path((platform, place)): Path<(String, String)>,
) -> Result<Html<String>, PageError> {
    let page = state
        .service
        .puzzle_page(&platform, &place)
        .await?
        .ok_or(PageError::NotFound)?;
    let markup = render(&page.language, &page);
    Ok(Html(markup.into_string()))
}

/// `/p/<platform>/<place>/puzzle.png`: today's position.
pub(super) async fn picture(
    State(state): State<WebState>,
    Path((platform, place)): Path<(String, String)>,
) -> Result<Response, PageError> {
    let png = state
        .service
        .puzzle_picture(&platform, &place)
        .await?
        .ok_or(PageError::NotFound)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        png,
    )
        .into_response())
}

fn render(lang: &crate::i18n::Language, page: &PuzzlePage) -> maud::Markup {
    let title = crate::tr!(lang, "web-puzzle-title", day = page.date.as_str());
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
                @match &page.puzzle {
                    None => p { (crate::tr!(lang, "web-puzzle-none")) },
                    Some(puzzle) => {
                        p { (crate::tr!(lang, "web-puzzle-task", puzzle = puzzle.id, task = puzzle.task.as_str())) }
                        figure {
                            img id="board" src="puzzle.png" width=(crate::render::PNG_WIDTH)
                                height=(crate::render::PNG_HEIGHT) alt=(puzzle.description);
                        }
                        p class="muted" { (crate::tr!(lang, "web-puzzle-hidden")) }
                    }
                }
                @if let Some(before) = &page.yesterday {
                    h2 { (crate::tr!(lang, "web-puzzle-yesterday", puzzle = before.id, task = before.task.as_str())) }
                    @if let Some((pit, line)) = &before.solution {
                        details {
                            summary { (crate::tr!(lang, "web-puzzle-show")) }
                            p id="solution" {
                                (crate::tr!(lang, "web-puzzle-solution", pit = pit.to_string(), line = line.as_str()))
                            }
                        }
                    }
                }
            }
        },
    )
}
