//! A player's rating over time as a small PNG in the boards' dark theme: games along
//! the bottom (from game 0, the 1500 every player starts at), the rating as a line,
//! and a labelled band of two rating deviations either side of it (the rating's
//! uncertainty: the true strength lies inside it with about 95% confidence).
//!
//! Drawn with plotters in the charts' shared frame and theme (`plot.rs`).
//! Deterministic: the same points give the same bytes.

use plotters::prelude::*;

use super::plot::{self, Axes, Drawn, Root};
pub use super::plot::{BACKGROUND, CHART_SIZE, PLOT_X};
use super::text::one_line;

/// The rating line.
pub const LINE: RGBColor = RGBColor(0xf2, 0xb6, 0x4c);
/// The uncertainty band.
pub const BAND: RGBColor = RGBColor(0x7a, 0x5a, 0x3a);
/// How many rating deviations the band spans either side of the line.
const BAND_RDS: f64 = 2.0;

/// A PNG chart of `name`'s rating: `points` are `(game number, rating, deviation)`
/// in game order. Points that are not finite numbers are left out; with none left
/// the chart says there are no rated games yet.
///
/// # Panics
/// Never in practice: drawing goes to a memory buffer with an embedded font that the
/// tests load, and PNG encoding into memory cannot fail.
#[must_use]
pub fn rating_chart_png(
    lang: &crate::i18n::Language,
    name: &str,
    points: &[(u32, f64, f64)],
) -> Vec<u8> {
    let points: Vec<(u32, f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(_, r, d)| r.is_finite() && d.is_finite())
        .map(|(g, r, d)| (g, r, BAND_RDS * d.abs()))
        .collect();
    plot::png(|root| draw(lang, root, &title(lang, name), &points))
}

/// `Name: rating`, with a very long name shortened.
fn title(lang: &crate::i18n::Language, name: &str) -> String {
    crate::tr!(lang, "chart-rating-title", name = one_line(name, 32))
}

fn draw(
    lang: &crate::i18n::Language,
    root: &Root<'_>,
    title: &str,
    points: &[(u32, f64, f64)],
) -> Drawn {
    let (x, y) = (
        crate::tr!(lang, "chart-game"),
        crate::tr!(lang, "chart-rating"),
    );
    let axes = Axes {
        x: &x,
        y: &y,
        y_labels: 6,
        y_label: &|y| format!("{y:.0}"),
    };
    let mut chart = plot::frame(root, title, ranges(points), &axes)?;
    if points.is_empty() {
        return plot::note(root, &crate::tr!(lang, "chart-no-games"));
    }
    let band: Vec<(f64, f64)> = match points {
        // One game's band would be a hairline: give it a little width.
        &[(g, r, d)] => {
            let g = f64::from(g);
            vec![
                (g - 0.1, r + d),
                (g + 0.1, r + d),
                (g + 0.1, r - d),
                (g - 0.1, r - d),
            ]
        }
        _ => {
            let upper = points.iter().map(|&(g, r, d)| (f64::from(g), r + d));
            let lower = points.iter().rev().map(|&(g, r, d)| (f64::from(g), r - d));
            upper.chain(lower).collect()
        }
    };
    chart
        .draw_series(std::iter::once(Polygon::new(band, BAND.filled())))?
        .label(crate::tr!(lang, "chart-band"))
        .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], BAND.filled()));
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|&(g, r, _)| (f64::from(g), r)),
            LINE.stroke_width(3),
        ))?
        .label(crate::tr!(lang, "chart-rating"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], LINE.stroke_width(3)));
    if points.len() <= 40 {
        chart.draw_series(
            points
                .iter()
                .map(|&(g, r, _)| Circle::new((f64::from(g), r), 3, LINE.filled())),
        )?;
    }
    plot::legend(&mut chart, SeriesLabelPosition::UpperLeft)
}

/// The axes' ranges: every game, and the band with a margin, never empty.
fn ranges(points: &[(u32, f64, f64)]) -> (std::ops::Range<f64>, std::ops::Range<f64>) {
    let first = points
        .iter()
        .map(|p| f64::from(p.0))
        .fold(f64::INFINITY, f64::min);
    let last = points
        .iter()
        .map(|p| f64::from(p.0))
        .fold(f64::NEG_INFINITY, f64::max);
    let games = if points.is_empty() {
        0.0..10.0
    } else if last > first {
        first..last
    } else {
        // A single game sits in the middle.
        (first - 1.0)..(last + 1.0)
    };
    let low = points
        .iter()
        .map(|p| p.1 - p.2)
        .fold(f64::INFINITY, f64::min);
    let high = points
        .iter()
        .map(|p| p.1 + p.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if low.is_finite() && high.is_finite() {
        (low, high)
    } else {
        (1100.0, 1900.0)
    };
    let pad = ((high - low) * 0.08).max(10.0);
    (games, (low - pad)..(high + pad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_never_empty() {
        let (games, ratings) = ranges(&[(0, 1500.0, 0.0)]);
        assert_eq!(games, -1.0..1.0);
        assert!(ratings.start < 1500.0 && ratings.end > 1500.0);
        let (games, ratings) = ranges(&[]);
        assert!(games.end > games.start && ratings.end > ratings.start);
        let (games, _) = ranges(&[(3, 1500.0, 300.0), (9, 1600.0, 200.0)]);
        assert_eq!(games, 3.0..9.0);
    }

    #[test]
    fn titles_are_short() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(title(lang, " Ama "), "Ama: rating");
        assert_eq!(
            title(lang, &"x".repeat(100)).chars().count(),
            33 + ": rating".len()
        );
    }
}
