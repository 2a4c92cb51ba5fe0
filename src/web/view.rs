//! How a game's page shows its board: which move, from whose seat (`?flip=`),
//! with which moves tried (`?try=`, see `study`); the board's section with its
//! steps, and the links to flip it and to try moves from it.

use axum::http::StatusCode;
use maud::{html, Markup};
use serde::Deserialize;

use super::board::{self, Board, Pits, Shown};
use super::lines::status_line;
use super::page::{nonce, PageError};
use super::study::{self, Study, TryError};
use crate::rules::{Game, Side};
use crate::service::{GamePage, ServiceError};

/// `?ply=N`: the board after `N` moves; `&flip=1` from North's seat (`0`: South's);
/// `&try=cBa`: those moves tried from there.
#[derive(Debug, Default, Deserialize)]
pub(super) struct At {
    pub(super) ply: Option<i64>,
    pub(super) flip: Option<u8>,
    #[serde(rename = "try")]
    pub(super) trying: Option<String>,
}

/// How a page shows its game: from whose seat, and with which moves tried.
#[derive(Debug, Default)]
pub(super) struct View {
    /// `Some(true)`: from North's seat; `Some(false)`: South's; `None`: the
    /// visitor's own (North's for North's player, else South's).
    flip: Option<bool>,
    /// The moves tried, on a study board.
    study: Option<Study>,
    /// Why the `try` asked for could not be read (the study then tries nothing).
    unreadable: Option<TryError>,
    /// What the engine said of the position shown, when asked (`/engine`).
    pub(super) asked: Option<super::evaluation::Asked>,
}

impl View {
    /// The view `at` asks for of `page`.
    pub(super) fn of(at: &At, page: &GamePage) -> Result<View, PageError> {
        let flip = at.flip.map(|f| f != 0);
        let Some(text) = &at.trying else {
            return Ok(View {
                flip,
                ..View::default()
            });
        };
        let (pits, unreadable) = match study::parse(text) {
            Ok(pits) => (pits, None),
            Err(err) => (Vec::new(), Some(err)),
        };
        let study = Study::of(&page.game, page.shown, &pits).map_err(|err| {
            PageError::Failed(ServiceError::Internal(format!(
                "a stored game does not replay: {err}"
            )))
        })?;
        Ok(View {
            flip,
            study: Some(study),
            unreadable,
            asked: None,
        })
    }

    /// The game as it stands at the position shown (the study's, or the game's at
    /// the move shown), its history kept for the repetition rule; `None` when
    /// the stored game does not replay.
    pub(super) fn position(&self, page: &GamePage) -> Option<Game> {
        match &self.study {
            Some(study) => Some(study.game.clone()),
            None => Study::of(&page.game, page.shown, &[]).ok().map(|s| s.game),
        }
    }

    /// The page's status: 400 for a `try` that could not be read.
    pub(super) fn status(&self) -> StatusCode {
        if self.unreadable.is_some() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        }
    }

    /// Whether the page is a study board.
    pub(super) fn studying(&self) -> bool {
        self.study.is_some()
    }

    /// The state in a line: the game's, or the study's.
    pub(super) fn status_line(&self, lang: &crate::i18n::Language, page: &GamePage) -> String {
        match &self.study {
            Some(study) => study_status(lang, page, study),
            None => status_line(lang, page),
        }
    }

    /// The seat the board is seen from, for a visitor playing `own` (if any).
    fn seat(&self, own: Option<Side>) -> Side {
        match self.flip {
            Some(true) => Side::North,
            Some(false) => Side::South,
            None => own.unwrap_or(Side::South),
        }
    }

    /// What the page's links to other moves keep: the seat asked for.
    pub(super) fn tail(&self) -> &'static str {
        match self.flip {
            Some(true) => "&flip=1",
            Some(false) => "&flip=0",
            None => "",
        }
    }
}

/// The board shown with its steps through the moves, the links to flip it and to
/// try moves from it, and what the script needs to draw the other moves; or the
/// study board with its moves tried.
pub(super) fn board_section(
    lang: &crate::i18n::Language,
    page: &GamePage,
    slug: &str,
    personal: Option<&Personal>,
    view: &View,
) -> Markup {
    let base = format!("/g/{slug}");
    let (shown, plies, tail) = (page.shown, page.plies(), view.tail());
    let at = |ply: usize| format!("{base}?ply={ply}{tail}");
    let seat = view.seat(personal.and_then(|p| p.seat));
    let names = page.names();
    let board = match &view.study {
        Some(study) => Board {
            shown: Shown::latest(&study.game),
            seat,
            names,
            pits: Pits::Links {
                legal: study.game.legal_moves(),
                prefix: format!("{}&try={}", at(study.from), study.letters()),
            },
        },
        None => Board {
            shown: Shown::at(&page.game, shown),
            seat,
            names,
            pits: match (personal.and_then(|p| p.seat), shown == plies) {
                (Some(side), true) if page.game.to_move() == Some(side) => Pits::Buttons {
                    side,
                    legal: page.game.legal_moves(),
                },
                _ => Pits::Counts,
            },
        },
    };
    let drawn = board::markup(lang, &board);
    let mover = personal.and_then(|p| p.mover.as_deref());
    let other_seat = if seat == Side::North { "0" } else { "1" };
    let trying = view
        .study
        .as_ref()
        .map(|s| format!("&try={}", s.letters()))
        .unwrap_or_default();
    html! {
        section aria-label=(crate::tr!(lang, "web-board")) {
            @if let Some(study) = &view.study {
                @let problem = match (view.unreadable, &study.refused) {
                    (Some(err), _) => Some(study::unreadable(lang, err)),
                    (None, Some(refused)) => Some(study::problem(lang, refused)),
                    (None, None) => None,
                };
                @let undo = (!study.tried.is_empty()).then(|| {
                    let letters = study.letters();
                    format!("{}&try={}", at(study.from), &letters[..letters.len() - 1])
                });
                (study::banner(lang, study, &at(study.from), undo.as_deref(), problem.as_deref()))
            }
            figure {
                @match (&board.pits, mover) {
                    (Pits::Buttons { .. }, Some(csrf)) => (move_form(lang, page, slug, csrf, drawn)),
                    _ => (drawn),
                }
            }
            nav class="steps" aria-label=(crate::tr!(lang, "web-steps")) {
                a href=(at(0)) data-step="first" aria-label=(crate::tr!(lang, "web-first")) { "«" }
                a href=(at(shown.saturating_sub(1))) data-step="prev"
                    aria-label=(crate::tr!(lang, "web-prev")) { "‹" }
                a href=(at((shown + 1).min(plies))) data-step="next"
                    aria-label=(crate::tr!(lang, "web-next")) { "›" }
                a href=(format!("{base}{}", tail.replacen('&', "?", 1))) data-step="last"
                    aria-label=(crate::tr!(lang, "web-last")) { "»" }
            }
            p class="muted" {
                (crate::tr!(lang, "web-move-shown")) " "
                span id="shown" { (shown) } " / " span id="total" { (plies) }
                // The keys step with the script, which a study board does not run.
                @if view.study.is_none() {
                    " · " (crate::tr!(lang, "web-keys"))
                }
            }
            @if let Some(asked) = &view.asked {
                @let from = view.study.as_ref().map_or(shown, |s| s.from);
                (super::evaluation::markup(lang, page, asked, &format!("{}&try={}", at(from), trying.trim_start_matches("&try="))))
            }
            p class="tools" {
                a id="flip" href=(format!("{base}?ply={shown}&flip={other_seat}{trying}"))
                    data-tail=(format!("&flip={other_seat}")) { (crate::tr!(lang, "web-flip")) }
                @if view.study.is_none() {
                    " · "
                    a id="try" href=(format!("{}&try=", at(shown))) data-tail=(format!("{tail}&try=")) {
                        (crate::tr!(lang, "web-try-start"))
                    }
                }
                " · "
                a id="ask-engine" href=(format!("{base}/engine?ply={shown}{tail}{trying}"))
                    data-path="/engine" data-tail=(format!("{tail}{trying}")) rel="nofollow" {
                    (crate::tr!(lang, "web-engine-ask"))
                }
            }
        }
        @if view.study.is_none() {
            (board::positions(lang, &page.game))
        }
    }
}

/// The study's state in a line: who is to move in it, or how it ends.
fn study_status(lang: &crate::i18n::Language, page: &GamePage, study: &Study) -> String {
    let names = page.names();
    match (study.game.outcome(), study.game.to_move()) {
        (Some(outcome), _) => crate::render::result_line(lang, &outcome, names),
        (None, Some(side)) => crate::tr!(lang, "web-to-move", player = names[side.index()]),
        (None, None) => crate::tr!(lang, "view-summary-playing"),
    }
}

/// A player as a game's page names them: a link to their page where there is one,
/// and their rating: before and after the game once it rated them (`1500 → 1516
/// (+16)`), else as it is now (`(1516)`).
pub(super) fn player(name: &str, player: &crate::service::PagePlayer) -> Markup {
    let rating = match (player.change, player.rating) {
        (Some((before, after)), _) => {
            let (before, after) = (before.round(), after.round());
            let gained = after - before;
            let sign = if gained < 0.0 { "\u{2212}" } else { "+" };
            Some(format!(
                " {before} \u{2192} {after} ({sign}{})",
                gained.abs()
            ))
        }
        (None, Some(now)) => Some(format!(" ({})", now.round())),
        (None, None) => None,
    };
    html! {
        @match &player.page {
            Some(slug) => a href=(format!("/u/{slug}")) { (name) },
            None => (name),
        }
        @if let Some(rating) = rating {
            span class="rating" { (rating) }
        }
    }
}

/// What a page written for one signed-in visitor adds: at its top, who they are
/// and a refusal to show; their seat; their pits to sow.
pub(super) struct Personal {
    /// The markup shown under the title.
    pub(super) markup: Markup,
    /// The side the visitor plays in this game, if any: the page reloads when the
    /// game moves on, so their pits follow the turn.
    pub(super) seat: Option<Side>,
    /// The session's CSRF token when it is the visitor's move: the board's pits of
    /// their row are the move form's buttons.
    pub(super) mover: Option<String>,
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
