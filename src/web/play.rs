//! Moving from a game's page: a signed-in player whose turn it is sees their six
//! pits as buttons of one form (no script needed; each button says its pit and
//! seeds to a screen reader), which POSTs to `/g/<slug>/move` with the session's
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
use super::session::{cookie, forbidden, same_origin, signout_form, visitor, Visitor, PRIVATE};
use super::WebState;
use crate::rules::{Pit, Side};
use crate::service::{GamePage, MoveOutcome, WebMove};

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
    let port = state.sessions.as_deref().ok_or(PageError::NotFound)?;
    let english = crate::i18n::Language::english();
    if !crate::store::plausible_slug(&slug) {
        return Err(PageError::NotFound);
    }
    if !same_origin(&state, &headers) {
        return Ok(forbidden(&english));
    }
    let Some(session) = cookie(&headers) else {
        return Ok(forbidden(&english));
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
        MoveOutcome::Forbidden => return Ok(forbidden(&english)),
        MoveOutcome::NoGame => return Err(PageError::NotFound),
        MoveOutcome::NotAPlayer => None,
        MoveOutcome::Refused(text) => Some(text),
    };
    let Some(visitor) = visitor(&state, &headers).await? else {
        return Ok(forbidden(&english));
    };
    let page = state
        .service
        .game_page(&slug, None)
        .await?
        .ok_or(PageError::NotFound)?;
    let lang = visitor.language(&page.language).clone();
    let (line, status) = match refusal {
        Some(text) => (text, StatusCode::UNPROCESSABLE_ENTITY),
        None => (
            crate::tr!(&lang, "web-move-not-player"),
            StatusCode::FORBIDDEN,
        ),
    };
    let origin = super::game::origin(&state, &headers);
    Ok(personal_page(
        &page,
        &slug,
        &origin,
        &visitor,
        Some(&line),
        status,
    ))
}

/// The game page written for `visitor`: who they are, `flash` (a refusal) when
/// given, and their pits when it is their move. Never cached.
pub(super) fn personal_page(
    page: &GamePage,
    slug: &str,
    origin: &str,
    visitor: &Visitor,
    flash: Option<&str>,
    status: StatusCode,
) -> Response {
    let lang = visitor.language(&page.language);
    let seat = seat_of(page, visitor);
    let to_move = page
        .game
        .to_move()
        .filter(|_| page.row.is_active() && !page.game.is_over());
    let markup = html! {
        (signout_form(lang, visitor))
        @if let Some(flash) = flash {
            div class="flash" role="alert" {
                p { strong { (crate::tr!(lang, "web-move-refused")) } }
                p { (flash) }
            }
        }
        @if let Some(side) = seat.filter(|side| Some(*side) == to_move) {
            (move_form(lang, page, side, slug, &visitor.session.csrf))
        }
    };
    let personal = Personal {
        markup,
        player: seat.is_some(),
    };
    let html = render(&page.language, page, slug, origin, Some(personal));
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

/// The form of `side`'s six pits, each a button (an empty or illegal one
/// disabled).
fn move_form(
    lang: &crate::i18n::Language,
    page: &GamePage,
    side: Side,
    slug: &str,
    csrf: &str,
) -> Markup {
    let legal = page.game.legal_moves();
    let position = page.game.position();
    // One form, one nonce: pressing twice (or a resubmitted POST) plays once.
    let nonce = format!("{:032x}", rand::random::<u128>());
    html! {
        form id="play" method="post" action=(format!("/g/{slug}/move")) {
            fieldset {
                legend { (crate::tr!(lang, "web-your-move")) }
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="nonce" value=(nonce);
                input type="hidden" name="ply" value=(page.row.ply);
                @for column in 0..6 {
                    @let pit = Pit::of(side, column);
                    @let seeds = position.seeds(pit);
                    @let letter = pit.letter().to_string();
                    button type="submit" name="pit" value=(letter)
                        aria-label=(crate::tr!(lang, "web-pit-label", pit = letter.as_str(), seeds = seeds))
                        disabled[!legal.contains(pit)] {
                        (letter) " · " (seeds)
                    }
                }
            }
        }
    }
}
