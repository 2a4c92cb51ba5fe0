//! Starting games from a place's page: a signed-in visitor with an account on the
//! place's network sees an Accept button beside each challenge they may take (the
//! place's open ones, and those addressed to them) and a form to play the engine
//! at a level; both POST (`/p/<platform>/<place>/accept`, `…/engine`) with the
//! session's CSRF token and a one-time nonce, and the service starts the game as
//! the chat command of their account (see `service/web_start.rs`), posted to the
//! place's page (`place.rs`). This file draws who reads the page and the forms.

use maud::{html, Markup};

use super::page::{nonce, unmarked, Flash};
use super::session::{signout_form, Visitor};
use crate::i18n::Language;
use crate::service::{ChallengeId, ChallengeOffer, Level, PlacePage, PlaceVisit};

/// Who reads a place's page.
pub(super) enum Reader {
    /// Nobody signed in; `can_sign_in`: this site signs people in.
    Anonymous {
        /// The site signs people in.
        can_sign_in: bool,
    },
    /// A signed-in visitor.
    Person(Box<Person>),
}

/// A signed-in visitor, what the page shows them alone, and what became of their
/// last request when the page answers one.
pub(super) struct Person {
    /// Their session.
    pub(super) visitor: Visitor,
    /// What the place shows them.
    pub(super) visit: PlaceVisit,
    /// A refusal to show at the top.
    pub(super) flash: Option<Flash>,
}

impl Reader {
    /// The visitor and their forms' language, when they may start games here.
    fn starter<'a>(&'a self, place: &'a Language) -> Option<(&'a Visitor, &'a Language)> {
        match self {
            Reader::Person(person) if person.visit.account.is_some() => {
                Some((&person.visitor, person.visitor.language(place)))
            }
            _ => None,
        }
    }
}

/// The top of a place's page for its reader: who is signed in (and the sign-out
/// button) with a refusal when there is one; or how to sign in.
pub(super) fn banner(place: &Language, reader: &Reader) -> Markup {
    match reader {
        Reader::Anonymous { can_sign_in: false } => html! {},
        Reader::Anonymous { can_sign_in: true } => html! {
            p id="signin" class="muted" { (crate::tr!(place, "web-place-signin")) }
        },
        Reader::Person(person) => {
            let Person {
                visitor,
                visit,
                flash,
            } = &**person;
            let lang = visitor.language(place);
            html! {
                (signout_form(lang, visitor))
                @if let Some(Flash::Refused { title, text }) = flash {
                    div class="flash" role="alert" {
                        p { strong { (title) } }
                        p { (unmarked(text)) }
                    }
                }
                @if visit.account.is_none() {
                    p id="no-account" { (crate::tr!(lang, "web-place-no-account")) }
                }
            }
        }
    }
}

/// The place's challenges (with an Accept button each for a visitor who may take
/// it) and, for a signed-in visitor, the form to play the engine. `base` is the
/// page's own address (`/p/<platform>/<place>`).
pub(super) fn sections(place: &Language, page: &PlacePage, reader: &Reader, base: &str) -> Markup {
    let (addressed, own): (&[ChallengeOffer], &[ChallengeId]) = match reader {
        Reader::Person(person) => (&person.visit.addressed, &person.visit.own),
        Reader::Anonymous { .. } => (&[], &[]),
    };
    let starter = reader.starter(place);
    let list = html! {
        ul id="challenges" {
            @for c in addressed {
                li { (offer(place, c, true)) " " (accept(starter, c.id)) }
            }
            @for c in &page.challenges {
                li {
                    (offer(place, c, false)) " "
                    @if own.contains(&c.id) {
                        span class="muted" { (crate::tr!(place, "web-place-challenge-yours")) }
                    } @else {
                        (accept(starter, c.id))
                    }
                }
            }
        }
    };
    html! {
        h2 { (crate::tr!(place, "web-place-challenges")) }
        @if addressed.is_empty() && page.challenges.is_empty() {
            p { (crate::tr!(place, "web-place-no-challenges")) }
        } @else if let Some((visitor, _)) = starter {
            form id="accept" method="post" action=(format!("{base}/accept")) {
                input type="hidden" name="csrf" value=(visitor.session.csrf);
                input type="hidden" name="nonce" value=(nonce());
                (list)
            }
        } @else {
            (list)
        }
        @if let Some((visitor, lang)) = starter {
            form id="engine" method="post" action=(format!("{base}/engine")) {
                fieldset {
                    legend { (crate::tr!(lang, "web-engine-legend")) }
                    input type="hidden" name="csrf" value=(visitor.session.csrf);
                    input type="hidden" name="nonce" value=(nonce());
                    label for="level" { (crate::tr!(lang, "web-engine-level")) }
                    " "
                    select id="level" name="level" {
                        @for level in Level::ALL {
                            option value=(level.as_str()) selected[level == Level::default()] {
                                (crate::tr!(lang, "engine-level", level = level.as_str()))
                            }
                        }
                    }
                    " "
                    button type="submit" { (crate::tr!(lang, "web-engine-button")) }
                }
            }
        }
    }
}

/// A challenge in words: to the reader (`to_you`), or to anyone here.
fn offer(lang: &Language, c: &ChallengeOffer, to_you: bool) -> String {
    let rated = if c.rated {
        crate::tr!(lang, "game-rated")
    } else {
        crate::tr!(lang, "game-casual")
    };
    let (challenger, variant) = (c.challenger.as_str(), c.variant.as_str());
    let time = c.time.describe(lang);
    if to_you {
        crate::tr!(
            lang,
            "web-place-challenge-you",
            challenger = challenger,
            variant = variant,
            rated = rated,
            time = time
        )
    } else {
        crate::tr!(
            lang,
            "web-place-challenge-open",
            challenger = challenger,
            variant = variant,
            rated = rated,
            time = time
        )
    }
}

/// The Accept button of challenge `id`, for a visitor who may start games here.
fn accept(starter: Option<(&Visitor, &Language)>, id: ChallengeId) -> Markup {
    html! {
        @if let Some((_, lang)) = starter {
            button type="submit" name="challenge" value=(id.get()) {
                (crate::tr!(lang, "web-accept-button"))
            }
        }
    }
}
