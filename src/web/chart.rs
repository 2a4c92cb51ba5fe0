//! A player's rating chart, drawn on the server: an inline SVG line through their
//! rating after each game, with its text alternative (first and last rating). No
//! script and no request: it is part of the page.

use maud::{html, Markup};

use crate::service::Speed;

/// The drawing's size, in its own units (it scales to the page's width).
const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 120.0;
/// The margin around the line, so that its ends and the last point show whole.
const MARGIN: f64 = 6.0;
/// The smallest span of ratings drawn: a flat history stays a flat line in the
/// middle, not a line stretched over a few points.
const MIN_SPAN: f64 = 100.0;

/// Each rating as a point of the drawing: the games from left to right, higher
/// ratings higher up.
fn points(ratings: &[f64]) -> Vec<(f64, f64)> {
    let (low, high) = ratings
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), &r| {
            (low.min(r), high.max(r))
        });
    let (low, high) = if high - low < MIN_SPAN {
        let middle = (low + high) / 2.0;
        (middle - MIN_SPAN / 2.0, middle + MIN_SPAN / 2.0)
    } else {
        (low, high)
    };
    let last = ratings.len().saturating_sub(1);
    ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| {
            let x = if last == 0 {
                WIDTH / 2.0
            } else {
                MARGIN + (WIDTH - 2.0 * MARGIN) * i as f64 / last as f64
            };
            let y = MARGIN + (HEIGHT - 2.0 * MARGIN) * (high - rating) / (high - low);
            (x, y)
        })
        .collect()
}

/// The chart of `ratings` at `speed` (oldest first); nothing when there are none.
pub(super) fn rating_chart(lang: &crate::i18n::Language, speed: Speed, ratings: &[f64]) -> Markup {
    let (Some(first), Some(last)) = (ratings.first(), ratings.last()) else {
        return html! {};
    };
    let text = crate::tr!(
        lang,
        "web-player-chart",
        speed = speed.as_str(),
        games = ratings.len(),
        first = format!("{first:.0}"),
        last = format!("{last:.0}")
    );
    let points = points(ratings);
    let line = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    let (end_x, end_y) = points
        .last()
        .copied()
        .unwrap_or((WIDTH / 2.0, HEIGHT / 2.0));
    html! {
        figure class="chart" {
            svg xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {WIDTH} {HEIGHT}"))
                role="img" aria-label=(text) {
                title { (text) }
                polyline points=(line) fill="none" stroke="currentColor" stroke-width="2"
                    stroke-linejoin="round" stroke-linecap="round" {}
                circle cx=(format!("{end_x:.1}")) cy=(format!("{end_y:.1}")) r="3"
                    fill="currentColor" {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_go_left_to_right_and_higher_ratings_higher_up() {
        let p = points(&[1500.0, 1600.0, 1400.0]);
        assert_eq!(p.len(), 3);
        assert!((p[0].0 - MARGIN).abs() < 1e-9 && (p[2].0 - (WIDTH - MARGIN)).abs() < 1e-9);
        assert!(p[1].1 < p[0].1 && p[0].1 < p[2].1, "{p:?}");
        assert!((p[1].1 - MARGIN).abs() < 1e-9, "the best is at the top");
        assert!(
            (p[2].1 - (HEIGHT - MARGIN)).abs() < 1e-9,
            "the worst at the bottom"
        );
    }

    #[test]
    fn one_game_or_a_flat_history_is_drawn_in_the_middle() {
        assert_eq!(points(&[1500.0]), vec![(WIDTH / 2.0, HEIGHT / 2.0)]);
        for (_, y) in points(&[1500.0, 1500.0]) {
            assert!((y - HEIGHT / 2.0).abs() < 1e-9, "{y}");
        }
    }

    #[test]
    fn the_chart_says_its_first_and_last_rating() {
        let lang = &crate::i18n::Language::english();
        let html = rating_chart(lang, Speed::Live, &[1500.0, 1562.4, 1611.6]).into_string();
        assert!(
            html.contains("<svg") && html.contains("<polyline"),
            "{html}"
        );
        assert!(
            html.contains("aria-label=\"Live rating over 3 rated games: from 1500 to 1612.\""),
            "{html}"
        );
        assert!(html.contains("<title>Live rating"), "{html}");
        assert!(
            html.contains("</polyline>"),
            "closed in foreign content: {html}"
        );
        assert!(rating_chart(lang, Speed::Live, &[])
            .into_string()
            .is_empty());
    }
}
