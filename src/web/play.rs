//! Moving from a game's page: a signed-in player whose turn it is sees their six
//! pits on the board as buttons of one form (no script needed; each button says
//! its pit and seeds to a screen reader), which POSTs to `/g/<slug>/move` with the session's
//! CSRF token, the ply the page showed and a one-time nonce. The move is played
//! by the service as a chat command of that player (see
//! `service/session_port.rs`); this file only checks where the request came from
//! and shows the outcome.

use axum::{
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    Form,
};
use maud::{html, Markup};
use serde::Deserialize;

use super::game::{render, PageError, Personal};
use super::session::{forbidden, forbidden_here, signout_form, visitor, writer, Visitor, PRIVATE};
use super::view::View;
use super::WebState;
use crate::play::proposal::Request;
use crate::rules::Side;
use crate::service::{GamePage, MoveOutcome, WebAct, WebDeed, WebMove};

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
    let origin = super::game::origin(state, headers);
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
    let page = super::game::plain(lang, &crate::tr!(lang, "web-act-unknown"));
    Ok((StatusCode::BAD_REQUEST, PRIVATE, Html(page.into_string())).into_response())
}

/// What a page written for one visitor says at its top.
pub(super) enum Flash {
    /// A request refused: a heading, and why in the service's words.
    Refused {
        /// The heading.
        title: String,
        /// Why.
        text: String,
    },
    /// The resignation's question, with its confirming button.
    Confirm(String),
}

/// A chat answer's text for a page: without its bold marks.
pub(super) fn unmarked(text: &str) -> String {
    text.replace("**", "")
}

/// The game page written for `visitor`: who they are, `flash` (a refusal) when
/// given, and their pits when it is their move. Never cached.
pub(super) fn personal_page(
    page: &GamePage,
    slug: &str,
    origin: &str,
    visitor: &Visitor,
    flash: Option<Flash>,
    status: StatusCode,
    view: &View,
) -> Response {
    let lang = visitor.language(&page.language);
    let seat = seat_of(page, visitor);
    let to_move = page
        .game
        .to_move()
        .filter(|_| page.row.is_active() && !page.game.is_over());
    let markup = html! {
        (signout_form(lang, visitor))
        @match &flash {
            Some(Flash::Refused { title, text }) => {
                div class="flash" role="alert" {
                    p { strong { (title) } }
                    p { (unmarked(text)) }
                }
            }
            Some(Flash::Confirm(text)) => {
                div class="flash" role="alert" {
                    p { (unmarked(text)) }
                    form id="confirm" method="post" action=(format!("/g/{slug}/act")) {
                        input type="hidden" name="csrf" value=(visitor.session.csrf);
                        input type="hidden" name="nonce" value=(nonce());
                        button type="submit" name="deed" value="resign-confirm" {
                            (crate::tr!(lang, "web-resign-confirm-button"))
                        }
                        " "
                        a href=(format!("/g/{slug}")) { (crate::tr!(lang, "web-resign-keep")) }
                    }
                }
            }
            None => {}
        }
        @if let Some(side) = seat {
            (actions_form(lang, page, side, slug, &visitor.session.csrf))
        }
    };
    let personal = Personal {
        markup,
        seat,
        mover: seat
            .filter(|side| Some(*side) == to_move)
            .map(|_| visitor.session.csrf.clone()),
    };
    let html = render(&page.language, page, slug, origin, Some(personal), view);
    (status, PRIVATE, Html(html.into_string())).into_response()
}

/// The side `visitor` plays in the game, if any (their identity: any of their
/// linked accounts).
fn seat_of(page: &GamePage, visitor: &Visitor) -> Option<Side> {
    let me = visitor.session.identity;
    [Side::South, Side::North]
        .into_iter()
        .find(|&side| page.row.seat(side).identity == me && !page.row.seat(side).bot)
}

/// The move form around `board`, whose pits of the mover's row are its buttons
/// (`pit`): the session's CSRF token, the ply it was written at, a nonce.
pub(super) fn move_form(
    lang: &crate::i18n::Language,
    page: &GamePage,
    slug: &str,
    csrf: &str,
    board: Markup,
) -> Markup {
    // One form, one nonce: pressing twice (or a resubmitted POST) plays once.
    html! {
        form id="play" method="post" action=(format!("/g/{slug}/move")) {
            fieldset {
                legend { (crate::tr!(lang, "web-your-move")) }
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="nonce" value=(nonce());
                input type="hidden" name="ply" value=(page.row.ply);
                (board)
            }
        }
    }
}

/// A form's one-time nonce.
pub(super) fn nonce() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// The game's other buttons for the player of `side`: while it goes on, the
/// request pending (to answer or withdraw), offer a draw, ask a takeback, resign;
/// once over, a rematch. One form, one nonce.
fn actions_form(
    lang: &crate::i18n::Language,
    page: &GamePage,
    side: Side,
    slug: &str,
    csrf: &str,
) -> Markup {
    let going = page.row.is_active() && !page.game.is_over();
    let pending = page
        .row
        .pending
        .0
        .filter(|p| going && p.request != Request::End);
    let other = page.row.name(side.opponent());
    let asked = |request: Request| pending.is_some_and(|p| p.request == request);
    html! {
        form id="actions" method="post" action=(format!("/g/{slug}/act")) {
            fieldset {
                legend { (crate::tr!(lang, "web-actions")) }
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="nonce" value=(nonce());
                @if let Some(p) = pending {
                    @let request = p.request.as_str();
                    @if p.by == side {
                        p id="pending" {
                            (crate::tr!(lang, "web-pending-mine", request = request, name = other)) " "
                            button type="submit" name="deed" value=(format!("{request}-decline")) {
                                (crate::tr!(lang, "web-withdraw-button"))
                            }
                        }
                    } @else {
                        p id="pending" {
                            (crate::tr!(lang, "web-pending-theirs", request = request, name = other)) " "
                            button type="submit" name="deed" value=(request) {
                                (crate::tr!(lang, "web-accept-button"))
                            }
                            " "
                            button type="submit" name="deed" value=(format!("{request}-decline")) {
                                (crate::tr!(lang, "web-decline-button"))
                            }
                        }
                    }
                }
                @if going {
                    @if !asked(Request::Draw) {
                        button type="submit" name="deed" value="draw" {
                            (crate::tr!(lang, "web-draw-offer-button"))
                        }
                        " "
                    }
                    @if !asked(Request::Takeback) {
                        button type="submit" name="deed" value="takeback" {
                            (crate::tr!(lang, "web-takeback-ask-button"))
                        }
                        " "
                    }
                    button type="submit" name="deed" value="resign" {
                        (crate::tr!(lang, "web-resign-button"))
                    }
                } @else {
                    button type="submit" name="deed" value="rematch" {
                        (crate::tr!(lang, "web-rematch-button"))
                    }
                }
            }
        }
    }
}
