//! A game's files beside its page: the board at any move and its alt text, the
//! evaluation graph once reviewed, and the game record.

use axum::{
    extract::{Path, Query, State},
    http::header,
    response::{IntoResponse, Response},
};

use super::page::PageError;
use super::view::At;
use super::WebState;

/// A PNG that may be cached for `seconds`.
fn png(bytes: Vec<u8>, seconds: u32) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png".to_owned()),
            (header::CACHE_CONTROL, format!("public, max-age={seconds}")),
        ],
        bytes,
    )
        .into_response()
}

/// `/g/<slug>/review.png`: the evaluation graph, once the game was reviewed.
pub(super) async fn review_graph(
    State(state): State<WebState>,
    Path(slug): Path<String>,
) -> Result<Response, PageError> {
    let graph = state
        .service
        .page_review_graph(&slug)
        .await?
        .ok_or(PageError::NotFound)?;
    Ok(png(graph, 300))
}

/// `/g/<slug>/board.png?ply=N`: the board after `N` moves (the latest without).
pub(super) async fn board(
    State(state): State<WebState>,
    Path(slug): Path<String>,
    Query(at): Query<At>,
) -> Result<Response, PageError> {
    let board = state
        .service
        .page_board(&slug, at.ply)
        .await?
        .ok_or(PageError::NotFound)?;
    Ok(png(board.png, 60))
}

/// `/g/<slug>/alt?ply=N`: the alt text of that board, for the script that steps.
pub(super) async fn alt(
    State(state): State<WebState>,
    Path(slug): Path<String>,
    Query(at): Query<At>,
) -> Result<Response, PageError> {
    let page = state
        .service
        .game_page(&slug, at.ply)
        .await?
        .ok_or(PageError::NotFound)?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        page.alt,
    )
        .into_response())
}

/// `/g/<slug>/record.txt`: the game record, as `/oware replay` attaches it.
pub(super) async fn record(
    State(state): State<WebState>,
    Path(slug): Path<String>,
) -> Result<Response, PageError> {
    let page = state
        .service
        .game_page(&slug, None)
        .await?
        .ok_or(PageError::NotFound)?;
    let file = format!("attachment; filename=\"oware-{}.txt\"", page.row.id);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, file),
        ],
        page.record,
    )
        .into_response())
}
