//! A game's page as HTML: the board at any move (drawn by `board`), from either
//! seat (`?flip=`), or with moves tried from it (`?try=`, see `study`), the
//! players, clocks, moves and review. Served by `play.rs` (`/g/<slug>`), the
//! engine's view (`engine.rs`) and a visitor's own page (`personal.rs`).

use maud::{html, Markup, PreEscaped};

use super::assets;
use super::lines::{clocks_line, live, move_label, move_times};
use super::view::{self, board_section, Personal, View};
use crate::render::chart::{CHART_SIZE, PLOT_X};
use crate::service::{GamePage, PageReview};
use crate::store::WebPages;

/// The game page's HTML.
pub(super) fn render(
    lang: &crate::i18n::Language,
    page: &GamePage,
    slug: &str,
    origin: &str,
    personal: Option<Personal>,
    view: &View,
) -> Markup {
    let [south, north] = page.names();
    let base = format!("/g/{slug}");
    let title = crate::tr!(
        lang,
        "web-game-title",
        game = page.row.id,
        south = south,
        north = north
    );
    let status = view.status_line(lang, page);
    let tail = view.tail();
    let plies = page.plies();
    let shown = page.shown;
    let version = page.row.version;
    let image = format!("{origin}{base}/board.png?v={version}");
    let moves: Vec<String> = page.game.plies().iter().map(move_label).collect();
    let times = move_times(lang, page);
    let clocks = clocks_line(page);
    assets::document(
        lang,
        html! {
            @if page.web != WebPages::Public {
                meta name="robots" content="noindex, nofollow";
            }
            title { (title) }
            meta name="description" content=(status);
            meta property="og:type" content="website";
            meta property="og:site_name" content="oware-bot";
            meta property="og:title" content=(title);
            meta property="og:description" content=(status);
            meta property="og:url" content=(format!("{origin}{base}"));
            meta property="og:image" content=(image);
            meta property="og:image:type" content="image/png";
            meta property="og:image:width" content=(crate::render::PNG_WIDTH);
            meta property="og:image:height" content=(crate::render::PNG_HEIGHT);
            meta property="og:image:alt" content=(page.alt);
            meta name="twitter:card" content="summary_large_image";
        },
        html! {
            main data-slug=(slug) data-shown=(shown) data-plies=(plies)
                data-version=(version)
                data-live=(if live(page) && !view.studying() { "1" } else { "0" })
                data-tail=[(!tail.is_empty()).then_some(tail)]
                data-player=[personal.as_ref().and_then(|p| p.seat).map(|_| "1")] {
                h1 { (title) }
                p id="status" aria-live="polite" { (status) }
                // How many have the page open, filled in by the live stream.
                @if live(page) && !view.studying() {
                    p id="watching" class="muted" {}
                }
                @if let Some(personal) = &personal {
                    (personal.markup)
                }
                div class="game" {
                    (board_section(lang, page, slug, personal.as_ref(), view))
                    section aria-labelledby="moves-title" {
                        dl {
                            dt { (crate::tr!(lang, "web-south")) }
                            dd { (view::player(south, &page.players[0])) }
                            dt { (crate::tr!(lang, "web-north")) }
                            dd { (view::player(north, &page.players[1])) }
                            dt { (crate::tr!(lang, "web-score")) }
                            dd { (page.row.south.score) "–" (page.row.north.score) }
                            dt { (crate::tr!(lang, "web-time")) }
                            dd { (page.row.time_control.describe(lang)) }
                        }
                        p id="clocks" { (clocks.unwrap_or_default()) }
                        p id="advice" { (page.advice.clone().unwrap_or_default()) }
                        h2 id="moves-title" { (crate::tr!(lang, "web-moves")) }
                        // One row a round, numbered by the list: South's move, then
                        // North's reply (the script rebuilds it the same way).
                        ol id="moves" {
                            @for (round, pair) in moves.chunks(2).enumerate() {
                                li {
                                    @for (i, label) in pair.iter().enumerate() {
                                        @let ply = 2 * round + i + 1;
                                        a href=(format!("{base}?ply={ply}{tail}")) data-ply=(ply)
                                            aria-current=[(ply == shown).then_some("step")] {
                                            (label)
                                            @if let Some(took) = times.get(ply - 1) {
                                                " " small class="t" { (took) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        @if let Some(review) = &page.review {
                            (review_section(lang, review, &base, shown, (south, north)))
                        }
                        p {
                            a href=(format!("{base}/record.txt")) download=(format!("oware-{}.txt", page.row.id)) {
                                (crate::tr!(lang, "web-record"))
                            }
                        }
                    }
                }
            }
            script { (PreEscaped(assets::JS)) }
        },
    )
}

/// The review: accuracy, the evaluation graph, and each costly move with the
/// better one.
fn review_section(
    lang: &crate::i18n::Language,
    review: &PageReview,
    base: &str,
    shown: usize,
    (south, north): (&str, &str),
) -> Markup {
    html! {
        h2 { (crate::tr!(lang, "web-review")) }
        p {
            (crate::tr!(
                lang, "web-review-accuracy",
                south = south,
                north = north,
                south_accuracy = format!("{:.0}", review.accuracy[0]),
                north_accuracy = format!("{:.0}", review.accuracy[1])
            ))
        }
        // Its size in pixels (what the attributes take), scaled to the column by the
        // style; over it, a link to each move's position, for a pointer (the move
        // list has the same links for the keyboard and screen readers).
        div class="graph" {
            img src=(format!("{base}/review.png")) alt=(crate::tr!(lang, "web-review-graph-alt"))
                width=(CHART_SIZE.0) height=(CHART_SIZE.1) loading="lazy";
            @if review.plies > 0 {
                div class="jump" aria-hidden="true" {
                    @for (ply, left, width) in graph_columns(review.plies) {
                        a href=(format!("{base}?ply={ply}")) data-ply=(ply) tabindex="-1"
                            class=[(ply == shown).then_some("at")]
                            title=(crate::tr!(lang, "web-review-graph-jump", ply = ply))
                            style=(format!("left:{left:.3}%;width:{width:.3}%")) {}
                    }
                }
            }
        }
        @if review.plies > 0 {
            p class="muted" { (crate::tr!(lang, "web-review-graph-hint")) }
        }
        @if review.notes.is_empty() {
            p { (crate::tr!(lang, "web-review-clean")) }
        } @else {
            ul {
                @for note in &review.notes {
                    li {
                        a href=(format!("{base}?ply={}", note.move_number - 1)) data-ply=(note.move_number - 1) {
                            (note.move_number) ". " (note.played)
                        }
                        " "
                        (crate::tr!(
                            lang, "web-review-note",
                            player = note.player.as_str(),
                            class = note.class.as_str(),
                            seeds = note.seeds.as_str(),
                            best = note.best.to_string()
                        ))
                    }
                }
            }
        }
    }
}

/// Each position the evaluation graph shows, from ply 0 to `plies`, as the column
/// of the picture nearest to it: `(ply, left, width)`, in percent of its width.
fn graph_columns(plies: usize) -> impl Iterator<Item = (usize, f64, f64)> {
    let (width, (left, right)) = (f64::from(CHART_SIZE.0), PLOT_X);
    let (left, right) = (f64::from(left), f64::from(right));
    #[allow(clippy::cast_precision_loss)] // a game has a few hundred plies
    let step = (right - left) / plies as f64;
    (0..=plies).map(move |ply| {
        #[allow(clippy::cast_precision_loss)]
        let x = left + step * ply as f64;
        let (from, to) = ((x - step / 2.0).max(0.0), (x + step / 2.0).min(width));
        (ply, 100.0 * from / width, 100.0 * (to - from) / width)
    })
}
