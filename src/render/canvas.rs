//! A thin drawing surface over a tiny-skia pixmap: shapes and text in the board's
//! logical 800×360 coordinates, scaled to the output size by one transform.

use tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Shader, SpreadMode, Stroke, StrokeDash, Transform,
};

use super::text::{self, Align, Face};

/// Logical width of every board image, in layout units.
pub(crate) const WIDTH: f32 = 800.0;
/// Logical height of every board image, in layout units.
pub(crate) const HEIGHT: f32 = 360.0;

/// An opaque colour from `0xRRGGBB`.
pub(crate) const fn rgb(hex: u32) -> Color8 {
    Color8 {
        r: (hex >> 16) as u8,
        g: (hex >> 8) as u8,
        b: hex as u8,
        a: 255,
    }
}

/// A colour as four bytes (tiny-skia's `Color` is not `const`-constructible from hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Color8 {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha.
    pub a: u8,
}

impl Color8 {
    /// The same colour with alpha `a`.
    pub(crate) const fn alpha(self, a: u8) -> Color8 {
        Color8 { a, ..self }
    }

    fn color(self) -> Color {
        Color::from_rgba8(self.r, self.g, self.b, self.a)
    }
}

/// The pixmap being drawn and the logical-to-pixel transform.
pub(crate) struct Canvas {
    pixmap: Pixmap,
    transform: Transform,
}

fn solid(color: Color8) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(color.color()),
        anti_alias: true,
        ..Paint::default()
    }
}

fn stops(colors: &[(f32, Color8)]) -> Vec<GradientStop> {
    colors
        .iter()
        .map(|&(at, c)| GradientStop::new(at, c.color()))
        .collect()
}

impl Canvas {
    /// A transparent canvas of `WIDTH × HEIGHT` layout units at `scale` (1 or 2; other
    /// values are clamped) pixels each.
    pub(crate) fn new(scale: u32) -> Canvas {
        let s = scale.clamp(1, 2);
        // Invariant: 800·s × 360·s is non-zero and far below tiny-skia's size limit.
        let pixmap = Pixmap::new(WIDTH as u32 * s, HEIGHT as u32 * s).expect("board pixmap size");
        Canvas {
            pixmap,
            transform: Transform::from_scale(s as f32, s as f32),
        }
    }

    /// Pixels per layout unit.
    pub(crate) fn scale(&self) -> u32 {
        self.transform.sx as u32
    }

    /// The pixels drawn so far.
    pub(crate) fn pixmap(&self) -> &Pixmap {
        &self.pixmap
    }

    /// The pixels, to paste into (see `patch.rs`).
    pub(crate) fn pixmap_mut(&mut self) -> &mut Pixmap {
        &mut self.pixmap
    }

    /// A copy of `self`, to draw on while keeping the original.
    pub(crate) fn duplicate(&self) -> Canvas {
        Canvas {
            pixmap: self.pixmap.clone(),
            transform: self.transform,
        }
    }

    /// A copy of `self` made in `old`'s memory when it is a canvas of the same size
    /// (one kept from the last picture), else in new memory.
    pub(crate) fn copy_into(&self, old: Option<Canvas>) -> Canvas {
        match old {
            Some(mut old)
                if old.pixmap.width() == self.pixmap.width()
                    && old.pixmap.height() == self.pixmap.height() =>
            {
                old.pixmap.data_mut().copy_from_slice(self.pixmap.data());
                old.transform = self.transform;
                old
            }
            _ => self.duplicate(),
        }
    }

    /// The finished pixmap.
    pub(crate) fn into_pixmap(self) -> Pixmap {
        self.pixmap
    }

    /// Fills `path` with a flat colour.
    pub(crate) fn fill(&mut self, path: &Path, color: Color8) {
        self.pixmap
            .fill_path(path, &solid(color), FillRule::Winding, self.transform, None);
    }

    /// Fills `path` with a vertical gradient from `top` to `bottom` (layout y).
    pub(crate) fn fill_vertical(
        &mut self,
        path: &Path,
        top: f32,
        bottom: f32,
        colors: &[(f32, Color8)],
    ) {
        let shader = LinearGradient::new(
            Point::from_xy(0.0, top),
            Point::from_xy(0.0, bottom),
            stops(colors),
            SpreadMode::Pad,
            Transform::identity(),
        );
        self.fill_shader(path, shader);
    }

    /// Fills `path` with a radial gradient centred at `(cx, cy)` out to `radius`.
    pub(crate) fn fill_radial(
        &mut self,
        path: &Path,
        cx: f32,
        cy: f32,
        radius: f32,
        colors: &[(f32, Color8)],
    ) {
        let centre = Point::from_xy(cx, cy);
        let shader = RadialGradient::new(
            centre,
            0.0,
            centre,
            radius,
            stops(colors),
            SpreadMode::Pad,
            Transform::identity(),
        );
        self.fill_shader(path, shader);
    }

    fn fill_shader(&mut self, path: &Path, shader: Option<Shader<'static>>) {
        // A degenerate gradient (never produced by the fixed layout) falls back to
        // its first colour rather than drawing nothing.
        let Some(shader) = shader else { return };
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        self.pixmap
            .fill_path(path, &paint, FillRule::Winding, self.transform, None);
    }

    /// Strokes `path`; `dash` is `(on, off)` lengths for a dashed line.
    pub(crate) fn stroke(
        &mut self,
        path: &Path,
        color: Color8,
        width: f32,
        dash: Option<(f32, f32)>,
    ) {
        let stroke = Stroke {
            width,
            line_cap: tiny_skia::LineCap::Round,
            dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
            ..Stroke::default()
        };
        self.pixmap
            .stroke_path(path, &solid(color), &stroke, self.transform, None);
    }

    /// Draws one line of text with its baseline at `y`.
    pub(crate) fn text(
        &mut self,
        s: &str,
        (face, size): (Face, f32),
        (x, y): (f32, f32),
        align: Align,
        color: Color8,
    ) {
        if let Some(p) = text::path(s, face, size, x, y, align) {
            self.fill(&p, color);
        }
    }
}

/// A circle path. `None` only for a non-positive or non-finite radius.
pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(cx, cy, r)
}

/// A rectangle with corners rounded to `r` (clamped to half the shorter side).
pub(crate) fn round_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    // Control-point distance for a quarter circle drawn as one cubic.
    let k = r * 0.552_284_8;
    let (l, t, rt, b) = (x, y, x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(l + r, t);
    pb.line_to(rt - r, t);
    pb.cubic_to(rt - r + k, t, rt, t + r - k, rt, t + r);
    pb.line_to(rt, b - r);
    pb.cubic_to(rt, b - r + k, rt - r + k, b, rt - r, b);
    pb.line_to(l + r, b);
    pb.cubic_to(l + r - k, b, l, b - r + k, l, b - r);
    pb.line_to(l, t + r);
    pb.cubic_to(l, t + r - k, l + r - k, t, l + r, t);
    pb.close();
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_two_doubles_the_pixmap() {
        let c = Canvas::new(2).into_pixmap();
        assert_eq!((c.width(), c.height()), (1600, 720));
    }

    #[test]
    fn filled_shapes_land_where_placed() {
        let mut c = Canvas::new(1);
        let square = round_rect(10.0, 10.0, 20.0, 20.0, 4.0).expect("a shape");
        c.fill(&square, rgb(0x336699));
        let p = c.into_pixmap();
        let inside = p.pixel(20, 20).expect("in bounds");
        assert_eq!(
            (inside.red(), inside.green(), inside.blue(), inside.alpha()),
            (0x33, 0x66, 0x99, 255)
        );
        assert_eq!(p.pixel(40, 40).map(|c| c.alpha()), Some(0));
    }
}
