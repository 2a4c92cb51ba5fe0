//! A place's page (`/p/<platform>/<place>`), for places whose pages are public, in
//! the place's language: its leaderboard at one speed, its open challenges, its
//! tournaments (with the pairings of the current round) and its games in progress,
//! each linking to its page. A signed-in visitor also finds there what they can
//! start (drawn by `place_play`), and starts it here: accepting a challenge
//! (`POST …/accept`) or playing the engine (`POST …/engine`), then to the game's
//! page (303), or the place's page with the refusal (422).

use axum::{
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    Form,
};
use maud::html;
use serde::Deserialize;

use super::page::Flash;
use super::place_play::{banner, sections, Person, Reader};
use super::play::unknown_request;
use super::session::{cookie, forbidden_here, visitor, writer, PRIVATE};
use super::{assets, page::PageError, WebState};
use crate::i18n::Language;
use crate::service::{
    path_segment as encode, ChallengeId, Level, PlacePage, RoundBoard, Speed, StartOutcome,
    StartWhat, TournamentSummary, WebStart,
};

/// `?speed=live|correspondence`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Asked {
    speed: Option<String>,
}

/// `/p/<platform>/<place>`: for a signed-in visitor, with their buttons (see
/// `place_play`), and never cached.
pub(super) async fn page(
    State(state): State<WebState>,
    Path((platform, place)): Path<(String, String)>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let speed = match asked.speed.as_deref() {
        None => Speed::DEFAULT,
        Some(text) => text.parse().map_err(|_| PageError::NotFound)?,
    };
    respond(
        &state,
        &headers,
        &platform,
        &place,
        speed,
        None,
        StatusCode::OK,
    )
    .await
}

/// The place's page answering a request from it that was not done: `flash`,
/// written in the visitor's language, at its top (422).
///
/// # Errors
/// The service failed, or the place has no public page.
pub(super) async fn answer(
    state: &WebState,
    headers: &HeaderMap,
    platform: &str,
    place: &str,
    flash: impl FnOnce(&Language) -> Flash + Send,
) -> Result<Response, PageError> {
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    respond(
        state,
        headers,
        platform,
        place,
        Speed::DEFAULT,
        Some(Box::new(flash)),
        status,
    )
    .await
}

/// A flash written in the reader's language.
type Flasher<'f> = Box<dyn FnOnce(&Language) -> Flash + Send + 'f>;

/// The place's page for the reader of this request.
async fn respond(
    state: &WebState,
    headers: &HeaderMap,
    platform: &str,
    place: &str,
    speed: Speed,
    flash: Option<Flasher<'_>>,
    status: StatusCode,
) -> Result<Response, PageError> {
    let page = state
        .service
        .place_page(platform, place, speed)
        .await?
        .ok_or(PageError::NotFound)?;
    let visit = match (state.sessions.as_deref(), cookie(headers)) {
        (Some(port), Some(id)) => port.place_visit(&id, platform, place).await?,
        _ => None,
    };
    let reader = match (visitor(state, headers).await?, visit) {
        (Some(visitor), Some(visit)) => {
            let flash = flash.map(|flash| flash(visitor.language(&page.language)));
            Reader::Person(Box::new(Person {
                visitor,
                visit,
                flash,
            }))
        }
        _ => Reader::Anonymous {
            can_sign_in: state.sessions.is_some(),
        },
    };
    let base = format!("/p/{}/{}", encode(platform), encode(place));
    let markup = render(&page.language, &page, &base, &reader);
    Ok(match reader {
        Reader::Person(_) => (status, PRIVATE, Html(markup.into_string())).into_response(),
        Reader::Anonymous { .. } => (status, Html(markup.into_string())).into_response(),
    })
}

fn render(lang: &Language, page: &PlacePage, base: &str, reader: &Reader) -> maud::Markup {
    let puzzle = format!("{base}/puzzle");
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
                (banner(lang, reader))
                (sections(lang, page, reader, base))
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
fn tournament(lang: &Language, t: &TournamentSummary) -> maud::Markup {
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
fn pairing(lang: &Language, board: &RoundBoard) -> maud::Markup {
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

/// A place page's form as posted: the session's CSRF token, the form's nonce, and
/// its own field (the challenge pressed, or the engine's level). Every field
/// defaults, so a form without its CSRF token is refused as forged (403), not as
/// malformed.
#[derive(Debug, Default, Deserialize)]
pub(super) struct StartForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    nonce: String,
    #[serde(default)]
    challenge: String,
    #[serde(default)]
    level: String,
}

/// `POST /p/<platform>/<place>/accept`: accepts the challenge pressed, then to its
/// game's page (303); a refusal is shown on the place's page (422); a request from
/// elsewhere, or without the session's CSRF token, is refused (403).
pub(super) async fn accept_challenge(
    State(state): State<WebState>,
    Path(at): Path<(String, String)>,
    headers: HeaderMap,
    Form(form): Form<StartForm>,
) -> Result<Response, PageError> {
    let id = form.challenge.trim().parse::<i64>().ok();
    let ask = id.map(|id| StartWhat::Accept(ChallengeId::new(id)));
    start(&state, &headers, &at, &form, ask).await
}

/// `POST /p/<platform>/<place>/engine`: starts a game against the engine at the
/// level chosen, then to its page (303); refused as `accept_challenge` is.
pub(super) async fn play_engine(
    State(state): State<WebState>,
    Path(at): Path<(String, String)>,
    headers: HeaderMap,
    Form(form): Form<StartForm>,
) -> Result<Response, PageError> {
    let ask = form.level.parse::<Level>().ok().map(StartWhat::Engine);
    start(&state, &headers, &at, &form, ask).await
}

/// Both forms' way: the writer's checks, the service's answer, and the page.
async fn start(
    state: &WebState,
    headers: &HeaderMap,
    (platform, place): &(String, String),
    form: &StartForm,
    ask: Option<StartWhat>,
) -> Result<Response, PageError> {
    let (port, session) = match writer(state, headers).await? {
        Ok(writer) => writer,
        Err(refused) => return Ok(refused),
    };
    let Some(ask) = ask else {
        // No page has this button: nothing is tried.
        return unknown_request(state, headers).await;
    };
    let request = WebStart {
        session: &session,
        csrf: &form.csrf,
        platform,
        place,
        nonce: &form.nonce,
    };
    let outcome = port.start(request, ask).await?;
    let text = match outcome {
        StartOutcome::Started(slug) => {
            return Ok(Redirect::to(&format!("/g/{slug}")).into_response());
        }
        StartOutcome::Done => {
            let back = format!(
                "/p/{}/{}",
                crate::service::path_segment(platform),
                crate::service::path_segment(place)
            );
            return Ok(Redirect::to(&back).into_response());
        }
        StartOutcome::Forbidden => return forbidden_here(state, headers).await,
        StartOutcome::NoPlace => return Err(PageError::NotFound),
        StartOutcome::NoAccount => None,
        StartOutcome::Refused(text) => Some(text),
    };
    answer(state, headers, platform, place, |lang| Flash::Refused {
        title: crate::tr!(lang, "web-start-refused"),
        text: text.unwrap_or_else(|| crate::tr!(lang, "web-place-no-account")),
    })
    .await
}
