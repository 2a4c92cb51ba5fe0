//! A player's rating over time as a small PNG in the boards' dark theme: games along
//! the bottom (from game 0, the 1500 every player starts at), the rating as a line,
//! and a labelled band of two rating deviations either side of it (the rating's
//! uncertainty: the true strength lies inside it with about 95% confidence).
//!
//! Drawn with `plotters` into a memory buffer (its text through `ab_glyph` with the
//! embedded DejaVu Sans, so no system fonts are needed) and encoded with `image`.
//! Deterministic: the same points give the same bytes.

use std::error::Error;
use std::io::Cursor;
use std::sync::Once;

use image::{ImageFormat, RgbImage};
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

/// The chart's size in pixels.
pub const CHART_SIZE: (u32, u32) = (640, 320);

/// The font plotters is given, under the family name used below: the boards' own
/// embedded DejaVu Sans, so the binary carries one copy.
static FONT: &[u8] = super::text::REGULAR_TTF;
const FAMILY: &str = "sans-serif";

/// The boards' dark background, light ink and their accent colours.
pub const BACKGROUND: RGBColor = RGBColor(0x2e, 0x24, 0x1d);
const INK: RGBColor = RGBColor(0xf6, 0xea, 0xd8);
const GRID: RGBColor = RGBColor(0x4a, 0x3d, 0x33);
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
pub fn rating_chart_png(name: &str, points: &[(u32, f64, f64)]) -> Vec<u8> {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // The font is embedded and tested, so it always parses.
        if register_font(FAMILY, FontStyle::Normal, FONT).is_err() {
            tracing::error!("the embedded chart font did not load");
        }
    });
    let (width, height) = CHART_SIZE;
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    let points: Vec<(u32, f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(_, r, d)| r.is_finite() && d.is_finite())
        .map(|(g, r, d)| (g, r, BAND_RDS * d.abs()))
        .collect();
    draw(&mut pixels, &title(name), &points).expect("drawing into memory cannot fail");
    let image = RgbImage::from_raw(width, height, pixels).expect("the buffer fits the size");
    let mut png = Cursor::new(Vec::new());
    image
        .write_to(&mut png, ImageFormat::Png)
        .expect("encoding into memory cannot fail");
    png.into_inner()
}

/// `Name: rating`, with a very long name shortened.
fn title(name: &str) -> String {
    let name = name.trim();
    let mut short: String = name.chars().take(32).collect();
    if name.chars().count() > 32 {
        short.push('…');
    }
    format!("{short}: rating")
}

fn draw(pixels: &mut [u8], title: &str, points: &[(u32, f64, f64)]) -> Result<(), Box<dyn Error>> {
    let root = BitMapBackend::with_buffer(pixels, CHART_SIZE).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let (games, ratings) = ranges(points);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (FAMILY, 22).into_font().color(&INK))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(games, ratings)?;
    chart
        .configure_mesh()
        .x_desc("game")
        .y_desc("rating")
        .x_labels(8)
        .y_labels(6)
        .label_style((FAMILY, 14).into_font().color(&INK))
        .axis_desc_style((FAMILY, 15).into_font().color(&INK))
        .light_line_style(BACKGROUND)
        .bold_line_style(GRID)
        .axis_style(INK.mix(0.6))
        .x_label_formatter(&|x| {
            // Games are whole numbers: leave ticks between them unlabelled.
            if *x >= 0.0 && x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    if points.is_empty() {
        let style = (FAMILY, 18).into_font().color(&INK);
        root.draw_text("no rated games yet", &style, (250, 160))?;
        root.present()?;
        return Ok(());
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
        .label("±2 RD (rating uncertainty)")
        .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], BAND.filled()));
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|&(g, r, _)| (f64::from(g), r)),
            LINE.stroke_width(3),
        ))?
        .label("rating")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], LINE.stroke_width(3)));
    if points.len() <= 40 {
        chart.draw_series(
            points
                .iter()
                .map(|&(g, r, _)| Circle::new((f64::from(g), r), 3, LINE.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(BACKGROUND.mix(0.85))
        .border_style(GRID)
        .label_font((FAMILY, 14).into_font().color(&INK))
        .draw()?;
    root.present()?;
    Ok(())
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
    fn the_embedded_font_parses() {
        assert!(register_font("test-family", FontStyle::Normal, FONT).is_ok());
    }

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
        assert_eq!(title(" Ama "), "Ama: rating");
        assert_eq!(
            title(&"x".repeat(100)).chars().count(),
            33 + ": rating".len()
        );
    }
}
