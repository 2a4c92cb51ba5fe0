//! A game's evaluation as a PNG in the rating chart's style, and its alt text: plies
//! along the bottom, the expected final seed difference from South's point of view
//! up the side (above the zero line South is ahead, below it North), and the moves
//! marked as mistakes or blunders as coloured dots on the curve.
//!
//! A mark at ply `k` is the `k`-th move; it is drawn on the position it led to, where
//! the drop it caused shows. Deterministic: the same input gives the same bytes. The
//! words for the same graph are in `alt.rs`.

use plotters::prelude::*;

use super::chart::BAND;
use super::plot::{self, Axes, Drawn, Root, INK};
use super::text::one_line;

mod alt;

pub use alt::eval_graph_alt;

/// How a move is marked on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A move that gave away part of the player's prospects.
    Mistake,
    /// A move that gave away much more.
    Blunder,
}

impl Mark {
    fn colour(self) -> RGBColor {
        match self {
            Mark::Mistake => MISTAKE,
            Mark::Blunder => BLUNDER,
        }
    }

    fn word(self, lang: &crate::i18n::Language) -> String {
        match self {
            Mark::Mistake => crate::tr!(lang, "graph-mistake"),
            Mark::Blunder => crate::tr!(lang, "graph-blunder"),
        }
    }
}

/// The evaluation curve.
pub const CURVE: RGBColor = INK;
/// The dot on a mistake.
pub const MISTAKE: RGBColor = RGBColor(0xff, 0x8c, 0x1a);
/// The dot on a blunder.
pub const BLUNDER: RGBColor = RGBColor(0xe5, 0x39, 0x35);

/// The y axis reaches at least this many seeds either side of zero, so a quiet game
/// does not look wild…
const MIN_SPAN: f64 = 5.0;
/// …and at most this many, so a won endgame does not flatten the rest; values
/// beyond it are drawn at the edge.
const MAX_SPAN: f64 = 30.0;
/// Characters of the title kept, on the picture and in the alt text.
const TITLE_CHARS: usize = 56;

/// A PNG of [`CHART_SIZE`](super::chart::CHART_SIZE) of a game's evaluation:
/// `values` are the expected final seed difference from South's point of view
/// (positive: South ahead), one per position from the start (so ply 0 to
/// `values.len() - 1`); values that are not finite are skipped. The plies in `marks`
/// get a dot in their [`Mark`]'s colour, with a key. `title` is drawn at the top.
/// With no finite value the chart says there is nothing to show.
///
/// # Panics
/// Never in practice: see the rating chart.
#[must_use]
pub fn eval_graph_png(
    lang: &crate::i18n::Language,
    title: &str,
    values: &[f64],
    marks: &[(usize, Mark)],
) -> Vec<u8> {
    plot::png(|root| draw(lang, root, &one_line(title, TITLE_CHARS), values, marks))
}

fn draw(
    lang: &crate::i18n::Language,
    root: &Root<'_>,
    title: &str,
    values: &[f64],
    marks: &[(usize, Mark)],
) -> Drawn {
    let plies = values.len().saturating_sub(1);
    let span = span(values);
    let (x, y) = (
        crate::tr!(lang, "graph-ply"),
        crate::tr!(lang, "graph-lead"),
    );
    let axes = Axes {
        x: &x,
        y: &y,
        y_labels: 7,
        y_label: &|y| {
            // A real minus sign, and a plus for South's side.
            if *y > 0.0 {
                format!("+{y:.0}")
            } else if *y < 0.0 {
                format!("\u{2212}{:.0}", -y)
            } else {
                "0".to_owned()
            }
        },
    };
    let x_end = plies.max(1) as f64;
    let mut chart = plot::frame(root, title, (0.0..x_end, -span..span), &axes)?;
    let points: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_finite())
        .map(|(ply, v)| (ply as f64, v.clamp(-span, span)))
        .collect();
    if points.is_empty() {
        return plot::note(root, &crate::tr!(lang, "graph-nothing"));
    }
    for ((text, size), y) in [
        (
            plot::fitted(root, &crate::tr!(lang, "graph-south-ahead"), 13, 200.0),
            span * 0.82,
        ),
        (
            plot::fitted(root, &crate::tr!(lang, "graph-north-ahead"), 13, 200.0),
            -span * 0.9,
        ),
    ] {
        let side_style = (plot::FAMILY, size).into_font().color(&INK.mix(0.55));
        chart.draw_series(std::iter::once(Text::new(
            text,
            (x_end * 0.012, y),
            side_style,
        )))?;
    }
    if let (Some(&(first, _)), Some(&(last, _))) = (points.first(), points.last()) {
        // The area between the curve and zero: the polygon closes along the zero line.
        let area = points
            .iter()
            .copied()
            .chain([(last, 0.0), (first, 0.0)])
            .collect::<Vec<_>>();
        chart.draw_series(std::iter::once(Polygon::new(area, BAND.mix(0.75).filled())))?;
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, 0.0), (x_end, 0.0)],
        INK.mix(0.7).stroke_width(1),
    )))?;
    chart.draw_series(LineSeries::new(points, CURVE.stroke_width(2)))?;
    let marked = marked(values, marks);
    // Mistakes first, so a blunder's dot is never hidden under one.
    for kind in [Mark::Mistake, Mark::Blunder] {
        let dots: Vec<(f64, f64)> = marked
            .iter()
            .filter(|&&(_, m)| m == kind)
            .map(|&(ply, _)| {
                let v = values[ply];
                (
                    ply as f64,
                    if v.is_finite() {
                        v.clamp(-span, span)
                    } else {
                        0.0
                    },
                )
            })
            .collect();
        if dots.is_empty() {
            continue;
        }
        let colour = kind.colour();
        chart
            .draw_series(dots.into_iter().map(|at| {
                EmptyElement::at(at)
                    + Circle::new((0, 0), 6, plot::BACKGROUND.filled())
                    + Circle::new((0, 0), 5, colour.filled())
            }))?
            // The key's box is as wide as its longest label: never cut.
            .label(kind.word(lang))
            .legend(move |(x, y)| Circle::new((x + 9, y), 5, colour.filled()));
    }
    if !marked.is_empty() {
        // In the corner the end of the curve leaves free.
        let south_ends_ahead = values.iter().rev().find(|v| v.is_finite()) >= Some(&0.0);
        let corner = if south_ends_ahead {
            SeriesLabelPosition::LowerRight
        } else {
            SeriesLabelPosition::UpperRight
        };
        plot::legend(&mut chart, corner)?;
    }
    Ok(())
}

/// How far the y axis reaches either side of zero: the largest value rounded up to
/// a multiple of 5, within [`MIN_SPAN`]..=[`MAX_SPAN`].
fn span(values: &[f64]) -> f64 {
    let largest = values
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    ((largest / 5.0).ceil() * 5.0).clamp(MIN_SPAN, MAX_SPAN)
}

/// The marks on plies that exist (1 to the last), in ply order, one per ply (a
/// blunder over a mistake).
fn marked(values: &[f64], marks: &[(usize, Mark)]) -> Vec<(usize, Mark)> {
    let plies = values.len().saturating_sub(1);
    let mut out: Vec<(usize, Mark)> = marks
        .iter()
        .copied()
        .filter(|&(ply, _)| (1..=plies).contains(&ply))
        .collect();
    // Blunders sort after mistakes: keep the last of each ply.
    out.sort_unstable();
    out.reverse();
    out.dedup_by_key(|&mut (ply, _)| ply);
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_y_span_is_clamped() {
        assert_eq!(span(&[]), MIN_SPAN);
        assert_eq!(span(&[0.5, -1.0]), MIN_SPAN);
        assert_eq!(span(&[3.0, -7.2]), 10.0);
        assert_eq!(span(&[48.0, f64::NAN]), MAX_SPAN);
    }

    #[test]
    fn marks_are_one_per_existing_ply() {
        let values = [0.0; 11];
        let marks = [
            (3, Mark::Blunder),
            (3, Mark::Mistake),
            (0, Mark::Blunder),
            (11, Mark::Mistake),
            (10, Mark::Mistake),
            (5, Mark::Mistake),
        ];
        assert_eq!(
            marked(&values, &marks),
            vec![(3, Mark::Blunder), (5, Mark::Mistake), (10, Mark::Mistake)]
        );
    }
}
