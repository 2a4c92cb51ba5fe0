//! The engine's view of a position, as a page shows it: its words, its line to try
//! on the study board, and an evaluation bar. Asked for by `/g/<slug>/engine`
//! (`engine.rs`), drawn under the board (`view.rs`).

use maud::{html, Markup};

use crate::rules::Side;
use crate::service::{GamePage, PageEvaluation};

/// What the engine said of the position shown, for the page.
#[derive(Debug)]
pub(super) enum Asked {
    /// Its view.
    Seen(PageEvaluation),
    /// The game is over there: nothing to search.
    Over,
    /// Its slot was taken: ask again in a moment.
    Busy,
}

/// The engine's view in words, with a link that tries its line on the study
/// board (`tried`: the page's `ply`, seat and moves tried, as links keep them).
pub(super) fn markup(
    lang: &crate::i18n::Language,
    page: &GamePage,
    asked: &Asked,
    tried: &str,
) -> Markup {
    let text = match asked {
        Asked::Busy => crate::tr!(lang, "web-engine-busy"),
        Asked::Over => crate::tr!(lang, "web-engine-over"),
        Asked::Seen(seen) => said(lang, page, seen),
    };
    html! {
        div id="engine" role="status" {
            // The same view as a bar, for the eye (the words say it all): South's
            // share from the left, even in the middle.
            @if let Asked::Seen(seen) = asked {
                div class="evalbar" aria-hidden="true" {
                    span style=(format!("width:{:.1}%", south_share(seen.south_value))) {}
                }
            }
            p { (text) }
            @if let Asked::Seen(seen) = asked {
                @let line: String = seen.line.iter().map(|p| p.letter()).collect();
                p { a href=(format!("{tried}{line}")) { (crate::tr!(lang, "web-engine-try-line")) } }
            }
        }
    }
}

/// A lead of this many seeds or more fills the evaluation bar.
const BAR_SEEDS: f64 = 12.0;

/// South's share of the evaluation bar, in percent, for South's expected lead of
/// `south_value` hundredths of a seed: 50 when even, 100 at [`BAR_SEEDS`] ahead.
fn south_share(south_value: i32) -> f64 {
    let lead = (f64::from(south_value) / 100.0).clamp(-BAR_SEEDS, BAR_SEEDS);
    50.0 + 50.0 * lead / BAR_SEEDS
}

/// "The engine (12 moves deep): alice (South) is ahead by about 2.5 seeds. Best: c;
/// its line: c B a d."
fn said(lang: &crate::i18n::Language, page: &GamePage, seen: &PageEvaluation) -> String {
    let names = page.names();
    let value = seen.south_value;
    let (leader, seeds) = if value >= 0 {
        (Side::South, value)
    } else {
        (Side::North, -value)
    };
    let tenths = (f64::from(seeds) / 10.0).round() / 10.0;
    let line: Vec<String> = seen.line.iter().map(|p| p.letter().to_string()).collect();
    crate::tr!(
        lang,
        "web-engine-seen",
        depth = seen.depth,
        even = if seeds < 50 { "yes" } else { "no" },
        name = names[leader.index()],
        side = if leader == Side::South {
            "south"
        } else {
            "north"
        },
        seeds = crate::i18n::decimal(lang, tenths, 1),
        best = seen.best.letter().to_string(),
        line = line.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::south_share;

    #[test]
    fn the_bar_leans_to_the_side_ahead_and_stops_at_its_ends() {
        assert!((south_share(0) - 50.0).abs() < 1e-9);
        assert!((south_share(600) - 75.0).abs() < 1e-9);
        assert!((south_share(-600) - 25.0).abs() < 1e-9);
        assert!((south_share(5000) - 100.0).abs() < 1e-9);
        assert!(south_share(i32::MIN).abs() < 1e-9);
    }
}
