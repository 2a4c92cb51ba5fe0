//! A game's page written for one signed-in visitor: who they are, a refusal or
//! question at its top, their pits as the move form's buttons when it is their
//! move, and the game's other buttons (draw, takeback, resign, rematch). Never
//! cached.

use axum::{
    http::StatusCode,
    response::{Html, IntoResponse, Response},
};
use maud::{html, Markup};

use super::game::render;
use super::page::{nonce, unmarked, Flash};
use super::session::{signout_form, Visitor, PRIVATE};
use super::view::{Personal, View};
use crate::play::proposal::Request;
use crate::rules::Side;
use crate::service::GamePage;

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
