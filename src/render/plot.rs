//! What the PNG charts (the rating chart, the evaluation graph) share: their size,
//! the boards' dark theme, the embedded font under the family name plotters knows it
//! by, the frame (title, margins, styled axes), the legend's look and PNG encoding.
//!
//! Drawn with `plotters` into a memory buffer (its text through `ab_glyph` with the
//! embedded DejaVu Sans, so no system fonts are needed) and encoded with `image`.
//! Deterministic: the same drawing gives the same bytes.

use std::error::Error;
use std::io::Cursor;
use std::ops::Range;
use std::sync::Once;

use image::{ImageFormat, RgbImage};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle};

/// A chart's size in pixels.
pub const CHART_SIZE: (u32, u32) = (640, 320);
/// The frame's margin on every side, and the room its axes' labels take.
const MARGIN: u32 = 14;
const X_LABEL_AREA: u32 = 40;
const Y_LABEL_AREA: u32 = 56;
/// The pixel columns of the plotting area's left and right edges: where the x
/// axis's first and last values are drawn (what a page needs to place a link over
/// each value).
pub const PLOT_X: (u32, u32) = (MARGIN + Y_LABEL_AREA, CHART_SIZE.0 - MARGIN - 1);

/// The font plotters is given, under the family name used below: the boards' own
/// embedded DejaVu Sans, so the binary carries one copy.
static FONT: &[u8] = super::text::REGULAR_TTF;
pub(super) const FAMILY: &str = "sans-serif";

/// The boards' dark background.
pub const BACKGROUND: RGBColor = RGBColor(0x2e, 0x24, 0x1d);
/// The boards' light ink.
pub(super) const INK: RGBColor = RGBColor(0xf6, 0xea, 0xd8);
/// Grid lines.
pub(super) const GRID: RGBColor = RGBColor(0x4a, 0x3d, 0x33);

/// The whole picture.
pub(super) type Root<'b> = DrawingArea<BitMapBackend<'b>, Shift>;
/// The plotting area inside the frame, in data coordinates.
pub(super) type Chart<'a, 'b> =
    ChartContext<'a, BitMapBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;
/// What drawing returns: plotters' errors, which a memory buffer never raises.
pub(super) type Drawn = Result<(), Box<dyn Error>>;

/// A PNG of [`CHART_SIZE`]: the background, then whatever `draw` puts on it.
///
/// # Panics
/// Never in practice: drawing goes to a memory buffer with an embedded font that the
/// tests load, and PNG encoding into memory cannot fail.
pub(super) fn png(draw: impl FnOnce(&Root<'_>) -> Drawn) -> Vec<u8> {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // The font is embedded and tested, so it always parses.
        if register_font(FAMILY, FontStyle::Normal, FONT).is_err() {
            tracing::error!("the embedded chart font did not load");
        }
    });
    let (width, height) = CHART_SIZE;
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, CHART_SIZE).into_drawing_area();
        root.fill(&BACKGROUND)
            .map_err(Box::<dyn Error>::from)
            .and_then(|()| draw(&root))
            .and_then(|()| Ok(root.present()?))
            .expect("drawing into memory cannot fail");
    }
    let image = RgbImage::from_raw(width, height, pixels).expect("the buffer fits the size");
    let mut png = Cursor::new(Vec::new());
    image
        .write_to(&mut png, ImageFormat::Png)
        .expect("encoding into memory cannot fail");
    png.into_inner()
}

/// The axes' descriptions and how the y labels read.
pub(super) struct Axes<'f> {
    /// Under the x axis.
    pub x: &'f str,
    /// Beside the y axis.
    pub y: &'f str,
    /// How many y labels at most.
    pub y_labels: usize,
    /// A y value as a label.
    pub y_label: &'f dyn Fn(&f64) -> String,
}

/// The title, the plotting area over `x` × `y` and its styled axes and grid. The x
/// axis counts whole things (games, plies): only whole ticks are labelled.
pub(super) fn frame<'a, 'b>(
    root: &'a Root<'b>,
    title: &str,
    (x, y): (Range<f64>, Range<f64>),
    axes: &Axes<'_>,
) -> Result<Chart<'a, 'b>, Box<dyn Error>> {
    let (w, h) = CHART_SIZE;
    #[allow(clippy::cast_precision_loss)] // a few hundred pixels
    let (w, h) = (w as f32, h as f32);
    let (title, title_size) = fitted(root, title, 22, w - 28.0);
    // The y axis's description runs along the plotting area's height; the x axis's
    // under its width. Both are drawn at one size: the smaller.
    let ((x_desc, x_size), (y_desc, y_size)) = (
        fitted(
            root,
            axes.x,
            15,
            w - Y_LABEL_AREA as f32 - 2.0 * MARGIN as f32,
        ),
        fitted(
            root,
            axes.y,
            15,
            h - 40.0 - X_LABEL_AREA as f32 - 2.0 * MARGIN as f32,
        ),
    );
    let mut chart = ChartBuilder::on(root)
        .caption(&title, (FAMILY, title_size).into_font().color(&INK))
        .margin(MARGIN)
        .x_label_area_size(X_LABEL_AREA)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(x, y)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(8)
        .y_labels(axes.y_labels)
        .label_style((FAMILY, 14).into_font().color(&INK))
        .axis_desc_style((FAMILY, x_size.min(y_size)).into_font().color(&INK))
        .light_line_style(BACKGROUND)
        .bold_line_style(GRID)
        .axis_style(INK.mix(0.6))
        .x_label_formatter(&|x| {
            if *x >= 0.0 && x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        })
        .y_label_formatter(axes.y_label)
        .draw()?;
    Ok(chart)
}

/// The key to the labelled series, at `position`.
pub(super) fn legend<'a, 'b: 'a>(
    chart: &mut Chart<'a, 'b>,
    position: SeriesLabelPosition,
) -> Drawn {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(BACKGROUND.mix(0.85))
        .border_style(GRID)
        .label_font((FAMILY, 14).into_font().color(&INK))
        .draw()?;
    Ok(())
}

#[cfg(test)]
thread_local! {
    /// Every chart text fitted on this thread: (text, its measured width, its room).
    pub(super) static FITTED: std::cell::RefCell<Vec<(String, f32, f32)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The size (at most `size`) at which `text` fits in `room` px by plotters' measure
/// of the chart font: the words are never cut, the letters get smaller instead, down
/// to three fifths of `size`. Only a text with a long name in it (a player's) may
/// still not fit then: it is cut at that size, ending in `…`.
pub(super) fn fitted(root: &Root<'_>, text: &str, size: u32, room: f32) -> (String, u32) {
    #[allow(clippy::cast_precision_loss)] // a few hundred pixels
    let width = |s: &str, size: u32| {
        let font: TextStyle<'_> = (FAMILY, size).into_font().into();
        root.estimate_text_size(s, &font)
            .map_or(0.0, |(w, _)| w as f32)
    };
    let smallest = (size * 3 / 5).max(9);
    let mut at = size;
    while at > smallest && width(text, at) > room {
        at -= 1;
    }
    let mut out = text.to_owned();
    while width(&out, at) > room && !out.is_empty() {
        let mut shorter: String = out.trim_end_matches('…').chars().collect();
        shorter.pop();
        out = format!("{}…", shorter.trim_end());
        if shorter.is_empty() {
            break;
        }
    }
    #[cfg(test)]
    FITTED.with(|f| f.borrow_mut().push((out.clone(), width(&out, at), room)));
    (out, at)
}

/// A line in the middle of the picture saying why it is empty.
pub(super) fn note(root: &Root<'_>, text: &str) -> Drawn {
    #[allow(clippy::cast_precision_loss)] // a few hundred pixels
    let (text, size) = fitted(root, text, 18, CHART_SIZE.0 as f32 - 28.0);
    let text = &text;
    let style = (FAMILY, size)
        .into_font()
        .color(&INK)
        .pos(Pos::new(HPos::Center, VPos::Center));
    let (w, h) = CHART_SIZE;
    root.draw_text(text, &style, (w as i32 / 2, h as i32 / 2))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_x_axis_runs_between_the_plotting_columns() {
        for (title, end) in [("A short title", 1.0), (&*"A long title ".repeat(9), 97.0)] {
            let mut ends = None;
            png(|root| {
                let axes = Axes {
                    x: "ply",
                    y: "lead",
                    y_labels: 5,
                    y_label: &|y| format!("{y}"),
                };
                let chart = frame(root, title, (0.0..end, -5.0..5.0), &axes)?;
                ends = Some((
                    chart.backend_coord(&(0.0, 0.0)).0,
                    chart.backend_coord(&(end, 0.0)).0,
                ));
                Ok(())
            });
            let (left, right) = PLOT_X;
            assert_eq!(ends, Some((left as i32, right as i32)), "{title}");
        }
    }

    #[test]
    fn the_embedded_font_parses() {
        assert!(register_font("test-family", FontStyle::Normal, FONT).is_ok());
    }
}
