//! A game's page and what is posted to it (`/g/<slug>`): the page itself, shared
//! and cached, or written for a signed-in visitor (`personal.rs`).
//!
//! Moving from a game's page: a signed-in player whose turn it is sees their six
//! pits on the board as buttons of one form (no script needed; each button says
//! its pit and seeds to a screen reader), which POSTs to `/g/<slug>/move` with the session's
//! CSRF token, the ply the page showed and a one-time nonce. The move is played
//! by the service as a chat command of that player (see
//! `service/session_port.rs`); this file only checks where the request came from
//! and shows the outcome.

use axum::{
    body::Bytes,
    extract::{Path, Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    Form,
};
use serde::Deserialize;

use super::cache::PageKey;
use super::game::render;
use super::page::{origin, plain, Flash, PageError};
use super::personal::personal_page;
use super::session::{forbidden, forbidden_here, visitor, writer, PRIVATE};
use super::study;
use super::view::{At, View};
use super::WebState;
use crate::service::{MoveOutcome, WebAct, WebDeed, WebMove};

/// The move form as posted. Every field defaults, so a form without its CSRF token
/// is refused as forged (403), not as malformed.
#[derive(Debug, Default, Deserialize)]
pub(super) struct MoveForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    pit: String,
    #[serde(default)]
    ply: Option<u32>,
    #[serde(default)]
    nonce: String,
}

/// `POST /g/<slug>/move`: plays the pit pressed, then back to the page (303); a
/// refusal is shown on the page (422); a request from elsewhere, or without the
/// session's CSRF token, is refused (403) and plays nothing.
pub(super) async fn play(
    State(state): State<WebState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Form(form): Form<MoveForm>,
) -> Result<Response, PageError> {
    if !crate::store::plausible_slug(&slug) {
        return Err(PageError::NotFound);
    }
    let (port, session) = match writer(&state, &headers).await? {
        Ok(writer) => writer,
        Err(refused) => return Ok(refused),
    };
    let request = WebMove {
        session: &session,
        csrf: &form.csrf,
        slug: &slug,
        pit: &form.pit,
        ply: form.ply,
        nonce: &form.nonce,
    };
    let refusal = match port.play(request).await? {
        MoveOutcome::Played => return Ok(Redirect::to(&format!("/g/{slug}")).into_response()),
        MoveOutcome::Forbidden => return forbidden_here(&state, &headers).await,
        MoveOutcome::NoGame => return Err(PageError::NotFound),
        MoveOutcome::NotAPlayer => None,
        MoveOutcome::Refused(text) | MoveOutcome::Confirm(text) => Some(text),
    };
    let status = if refusal.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::FORBIDDEN
    };
    answer_page(&state, &headers, &slug, status, |lang| Flash::Refused {
        title: crate::tr!(lang, "web-move-refused"),
        text: refusal.unwrap_or_else(|| crate::tr!(lang, "web-move-not-player")),
    })
    .await
}

/// The game page answering a request from it that was not done (or only asked):
/// `flash`, written in the visitor's language, at its top, with `status`.
///
/// # Errors
/// The service failed, or the game has no page.
async fn answer_page(
    state: &WebState,
    headers: &HeaderMap,
    slug: &str,
    status: StatusCode,
    flash: impl FnOnce(&crate::i18n::Language) -> Flash,
) -> Result<Response, PageError> {
    let Some(visitor) = visitor(state, headers).await? else {
        return Ok(forbidden(&crate::i18n::Language::english()));
    };
    let page = state
        .service
        .game_page(slug, None)
        .await?
        .ok_or(PageError::NotFound)?;
    let flash = flash(visitor.language(&page.language));
    let origin = origin(state, headers);
    Ok(personal_page(
        &page,
        slug,
        &origin,
        &visitor,
        Some(flash),
        status,
        &View::default(),
    ))
}

/// A form of the game page's other buttons, as posted: its CSRF token, its nonce
/// and the button pressed.
#[derive(Debug, Default, Deserialize)]
pub(super) struct ActForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    nonce: String,
    #[serde(default)]
    deed: String,
}

/// The request a button names.
fn deed_of(name: &str) -> Option<WebDeed> {
    Some(match name {
        "resign" => WebDeed::Resign { confirmed: false },
        "resign-confirm" => WebDeed::Resign { confirmed: true },
        "draw" => WebDeed::Draw { decline: false },
        "draw-decline" => WebDeed::Draw { decline: true },
        "takeback" => WebDeed::Takeback { decline: false },
        "takeback-decline" => WebDeed::Takeback { decline: true },
        "rematch" => WebDeed::Rematch,
        _ => return None,
    })
}

/// `POST /g/<slug>/act`: resign (asked first), offer, accept or decline a draw or
/// a takeback, or ask a rematch, as the chat commands do; then back to the page
/// (303). A refusal is shown on the page (422), the resignation's question too
/// (200); a request from elsewhere, or without the session's CSRF token, is
/// refused (403) and does nothing.
pub(super) async fn act(
    State(state): State<WebState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Form(form): Form<ActForm>,
) -> Result<Response, PageError> {
    if !crate::store::plausible_slug(&slug) {
        return Err(PageError::NotFound);
    }
    let (port, session) = match writer(&state, &headers).await? {
        Ok(writer) => writer,
        Err(refused) => return Ok(refused),
    };
    let Some(deed) = deed_of(&form.deed) else {
        // No page has this button: nothing is tried, and nothing of the game shown.
        return unknown_request(&state, &headers).await;
    };
    let request = WebAct {
        session: &session,
        csrf: &form.csrf,
        slug: &slug,
        deed,
        nonce: &form.nonce,
    };
    let (text, status) = match port.act(request).await? {
        MoveOutcome::Played => {
            return Ok(Redirect::to(&format!("/g/{slug}")).into_response());
        }
        MoveOutcome::Forbidden => return forbidden_here(&state, &headers).await,
        MoveOutcome::NoGame => return Err(PageError::NotFound),
        MoveOutcome::NotAPlayer => (None, StatusCode::FORBIDDEN),
        MoveOutcome::Refused(text) => (Some(text), StatusCode::UNPROCESSABLE_ENTITY),
        MoveOutcome::Confirm(text) => (Some(text), StatusCode::OK),
    };
    answer_page(&state, &headers, &slug, status, |lang| {
        let title = crate::tr!(lang, "web-act-refused");
        match (text, status) {
            (_, StatusCode::FORBIDDEN) => Flash::Refused {
                title,
                text: crate::tr!(lang, "web-act-not-player"),
            },
            (Some(text), StatusCode::OK) => Flash::Confirm(text),
            (text, _) => Flash::Refused {
                title,
                text: text.unwrap_or_default(),
            },
        }
    })
    .await
}

/// The answer to a form naming a button no page has (400): nothing was tried.
///
/// # Errors
/// The service failed.
pub(super) async fn unknown_request(
    state: &WebState,
    headers: &HeaderMap,
) -> Result<Response, PageError> {
    let english = crate::i18n::Language::english();
    let visitor = visitor(state, headers).await?;
    let lang = visitor.as_ref().map_or(&english, |v| v.language(&english));
    let page = plain(lang, &crate::tr!(lang, "web-act-unknown"));
    Ok((StatusCode::BAD_REQUEST, PRIVATE, Html(page.into_string())).into_response())
}

/// `/g/<slug>`: the game.
pub(super) async fn page(
    State(state): State<WebState>,
    Path(slug): Path<String>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    // A signed-in visitor's page is their own (who they are, their pits to sow):
    // written for them, never cached.
    if let Some(visitor) = super::session::visitor(&state, &headers).await? {
        let page = state
            .service
            .game_page(&slug, at.ply)
            .await?
            .ok_or(PageError::NotFound)?;
        let origin = origin(&state, &headers);
        let view = View::of(&at, &page)?;
        let status = view.status();
        return Ok(personal_page(
            &page, &slug, &origin, &visitor, None, status, &view,
        ));
    }
    let stamp = state
        .service
        .game_page_stamp(&slug)
        .await?
        .ok_or(PageError::NotFound)?;
    // A `try` that cannot be read is answered with 400, and its page never kept.
    let status = match at.trying.as_deref().map(study::parse) {
        Some(Err(_)) => StatusCode::BAD_REQUEST,
        _ => StatusCode::OK,
    };
    let key = PageKey {
        origin: origin(&state, &headers),
        slug,
        ply: at.ply,
        flip: at.flip,
        trying: at.trying.clone(),
    };
    let html = match state.pages.get(&key, &stamp) {
        Some(html) => html,
        None => {
            let page = state
                .service
                .game_page(&key.slug, at.ply)
                .await?
                .ok_or(PageError::NotFound)?;
            let view = View::of(&at, &page)?;
            let markup = render(&page.language, &page, &key.slug, &key.origin, None, &view);
            let html = Bytes::from(markup.into_string());
            if status == StatusCode::OK {
                state.pages.put(key, page.stamp(), html.clone());
            }
            html
        }
    };
    Ok((status, [(header::CACHE_CONTROL, "no-cache")], Html(html)).into_response())
}
