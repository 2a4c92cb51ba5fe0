//! Text: the embedded DejaVu Sans faces, measuring, fitting user-supplied names into
//! a width (ellipsis, fallback for glyphs the font lacks) and turning a line of text
//! into a tiny-skia path. A character DejaVu lacks is taken from the fallback fonts:
//! Droid Sans Fallback (Chinese, Japanese, Korean) and Noto Emoji (monochrome emoji),
//! so names are drawn as people wrote them.
//!
//! Glyph outlines come from ab_glyph and are filled by tiny-skia like every other
//! shape, so text is anti-aliased the same way and scales with the same transform.
//! There is no shaping: scripts that need it (Arabic, Indic) are drawn letter by letter.

use std::borrow::Cow;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use tiny_skia::{Path, PathBuilder};

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
pub(super) static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold (same licence).
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// Droid Sans Fallback: CJK (Apache 2.0, `assets/fonts/LICENSE-DroidSansFallback.txt`).
static CJK_TTF: &[u8] = include_bytes!("../../assets/fonts/DroidSansFallback.ttf");
/// Noto Emoji, monochrome (SIL OFL 1.1, `assets/fonts/LICENSE-NotoEmoji.txt`).
static EMOJI_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");

/// The fonts tried, in order, for a character the face lacks.
fn fallbacks() -> &'static [FontRef<'static>; 2] {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    FONTS.get_or_init(|| {
        // Invariant: embedded at compile time and checked by `embedded_fonts_parse`.
        [CJK_TTF, EMOJI_TTF].map(|data| FontRef::try_from_slice(data).expect("fallback font"))
    })
}

/// The font that draws `c` in `face` (the face itself, else a fallback) and the glyph.
fn glyph(face: Face, c: char) -> (&'static FontRef<'static>, GlyphId) {
    let font = face.font();
    let id = font.glyph_id(c);
    if id.0 != 0 {
        return (font, id);
    }
    fallbacks()
        .iter()
        .map(|f| (f, f.glyph_id(c)))
        .find(|(_, id)| id.0 != 0)
        .unwrap_or((font, id))
}

/// Drawn for a character the font has no glyph for.
const MISSING: char = '\u{25A1}'; // WHITE SQUARE
/// Ends a truncated line.
const ELLIPSIS: char = '\u{2026}';

/// One of the two embedded faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

impl Face {
    fn font(self) -> &'static FontRef<'static> {
        static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
        let fonts = FONTS.get_or_init(|| {
            // Invariant: both files are valid TrueType fonts embedded at compile time;
            // `tests::embedded_fonts_parse` checks it.
            [REGULAR_TTF, BOLD_TTF]
                .map(|data| FontRef::try_from_slice(data).expect("embedded DejaVu font parses"))
        });
        &fonts[self as usize]
    }
}

/// Horizontal anchoring of a line of text at `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Center,
    /// `x` is the right edge.
    Right,
}

/// Font units to pixels for a face at `size` px (the em size).
fn factor(font: &FontRef<'_>, size: f32) -> f32 {
    size / font.units_per_em().unwrap_or(2048.0)
}

/// The advance width of `text` at `size` px, kerning included (within one font).
pub(crate) fn width(text: &str, face: Face, size: f32) -> f32 {
    let mut previous: Option<(&FontRef<'_>, GlyphId)> = None;
    let mut px = 0.0;
    for c in text.chars() {
        let (font, id) = glyph(face, c);
        let k = factor(font, size);
        if let Some((pf, p)) = previous.filter(|(pf, _)| std::ptr::eq(*pf, font)) {
            px += pf.kern_unscaled(p, id) * k;
        }
        px += font.h_advance_unscaled(id) * k;
        previous = Some((font, id));
    }
    px
}

/// Whether the face (or a fallback) can draw `c`.
fn has_glyph(face: Face, c: char) -> bool {
    glyph(face, c).1 .0 != 0
}

/// A user-supplied name made drawable: control and formatting characters dropped,
/// whitespace collapsed, characters the font lacks shown as `□`, and `fallback` used
/// when nothing readable is left (say, a name entirely in a script DejaVu lacks).
pub(crate) fn clean_name<'a>(name: &'a str, face: Face, fallback: &'a str) -> Cow<'a, str> {
    // Zero-width and bidirectional controls, variation selectors: invisible or
    // layout-changing, never wanted in a drawn name.
    let is_format = |c: char| {
        matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}' | '\u{FE00}'..='\u{FE0F}')
    };
    let drawable =
        |c: char| !c.is_control() && !c.is_whitespace() && !is_format(c) && has_glyph(face, c);
    if !name.chars().any(|c| c.is_alphanumeric() && drawable(c)) {
        return Cow::Borrowed(fallback);
    }
    let simple = name.chars().all(|c| c == ' ' || drawable(c))
        && !name.starts_with(' ')
        && !name.ends_with(' ')
        && !name.contains("  ");
    if simple {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else if c.is_control() || is_format(c) {
            continue;
        } else if has_glyph(face, c) {
            out.push(c);
        } else {
            out.push(MISSING);
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    Cow::Owned(out)
}

/// `text` cut to fit `max_width` px at `size`, ending in `…` when cut.
pub(crate) fn fit(text: &str, face: Face, size: f32, max_width: f32) -> Cow<'_, str> {
    if width(text, face, size) <= max_width {
        return Cow::Borrowed(text);
    }
    let ellipsis = width("\u{2026}", face, size);
    let mut end = 0;
    let mut used = 0.0;
    for (i, c) in text.char_indices() {
        let (font, id) = glyph(face, c);
        let w = font.h_advance_unscaled(id) * factor(font, size);
        if used + w + ellipsis > max_width {
            break;
        }
        used += w;
        end = i + c.len_utf8();
    }
    let mut out = text[..end].trim_end().to_owned();
    out.push(ELLIPSIS);
    Cow::Owned(out)
}

/// `text` as one line for alt text or a chart title: whitespace runs become one
/// space, control characters go, and it is cut to `max` characters ending in `…`.
pub(crate) fn one_line(text: &str, max: usize) -> String {
    let clean: String = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let mut short: String = clean.chars().take(max).collect();
    if clean.chars().count() > max {
        short.push(ELLIPSIS);
    }
    short
}

#[cfg(test)]
thread_local! {
    /// Every line of text outlined on this thread, with its bounds: what the
    /// pictures' layout tests measure.
    pub(crate) static DRAWN: std::cell::RefCell<Vec<(String, tiny_skia::Rect)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The outline of one line of text with its baseline at `y`, anchored at `x`.
/// `None` for text with no visible glyphs.
pub(crate) fn path(
    text: &str,
    face: Face,
    size: f32,
    x: f32,
    y: f32,
    align: Align,
) -> Option<Path> {
    let mut pen = match align {
        Align::Left => x,
        Align::Center => x - width(text, face, size) / 2.0,
        Align::Right => x - width(text, face, size),
    }
    .round();
    // Whole-pixel origins: the same label rasterizes to the same pixels wherever it
    // appears, which keeps PNGs small (deflate finds the repeats) and text crisp.
    let y = y.round();
    let mut builder = PathBuilder::new();
    let mut previous: Option<(&FontRef<'_>, GlyphId)> = None;
    for c in text.chars() {
        let (font, id) = glyph(face, c);
        let k = factor(font, size);
        if let Some((pf, p)) = previous.filter(|(pf, _)| std::ptr::eq(*pf, font)) {
            pen += pf.kern_unscaled(p, id) * k;
        }
        if let Some(outline) = font.outline(id) {
            let at = |p: ab_glyph::Point| (pen + p.x * k, y - p.y * k);
            let mut end: Option<ab_glyph::Point> = None;
            for curve in &outline.curves {
                let (start, last) = match *curve {
                    OutlineCurve::Line(a, b) => (a, b),
                    OutlineCurve::Quad(a, _, c) => (a, c),
                    OutlineCurve::Cubic(a, _, _, d) => (a, d),
                };
                if end != Some(start) {
                    if end.is_some() {
                        builder.close();
                    }
                    let (sx, sy) = at(start);
                    builder.move_to(sx, sy);
                }
                match *curve {
                    OutlineCurve::Line(_, b) => {
                        let (bx, by) = at(b);
                        builder.line_to(bx, by);
                    }
                    OutlineCurve::Quad(_, b, c) => {
                        let ((bx, by), (cx, cy)) = (at(b), at(c));
                        builder.quad_to(bx, by, cx, cy);
                    }
                    OutlineCurve::Cubic(_, b, c, d) => {
                        let ((bx, by), (cx, cy), (dx, dy)) = (at(b), at(c), at(d));
                        builder.cubic_to(bx, by, cx, cy, dx, dy);
                    }
                }
                end = Some(last);
            }
            if end.is_some() {
                builder.close();
            }
        }
        pen += font.h_advance_unscaled(id) * k;
        previous = Some((font, id));
    }
    let path = builder.finish();
    #[cfg(test)]
    if let Some(path) = &path {
        DRAWN.with(|d| d.borrow_mut().push((text.to_owned(), path.bounds())));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_fonts_parse() {
        for face in [Face::Regular, Face::Bold] {
            assert!(has_glyph(face, 'A'));
            assert!(has_glyph(face, MISSING));
            assert!(has_glyph(face, ELLIPSIS));
            assert!(has_glyph(face, '×'));
            assert!(has_glyph(face, '田') && has_glyph(face, '😀'));
        }
    }

    #[test]
    fn wider_text_measures_wider() {
        assert!(width("WWW", Face::Regular, 20.0) > width("iii", Face::Regular, 20.0));
        assert!(width("Ab", Face::Bold, 40.0) > width("Ab", Face::Bold, 20.0));
        assert_eq!(width("", Face::Regular, 20.0), 0.0);
    }

    #[test]
    fn fitting_truncates_with_an_ellipsis() {
        assert_eq!(fit("Ama", Face::Regular, 20.0, 300.0), "Ama");
        let long = "Nana Akua Serwaa Boatemaa Owusu-Ansah";
        let cut = fit(long, Face::Regular, 20.0, 150.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(width(&cut, Face::Regular, 20.0) <= 150.0);
        assert!(fit("WWWW", Face::Regular, 20.0, 1.0).len() <= "…".len());
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("Kofi", Face::Regular, "South"), "Kofi");
        assert_eq!(clean_name("  Ko\tfi \n", Face::Regular, "South"), "Ko fi");
        assert_eq!(clean_name("Ko\u{200B}fi", Face::Regular, "South"), "Kofi");
        assert_eq!(clean_name("", Face::Regular, "South"), "South");
        assert_eq!(clean_name("   ", Face::Regular, "North"), "North");
        // DejaVu Sans has Greek and Cyrillic; CJK and emoji come from the fallbacks.
        assert_eq!(clean_name("Αθηνά", Face::Regular, "North"), "Αθηνά");
        assert_eq!(clean_name("田中", Face::Bold, "North"), "田中");
        assert_eq!(
            clean_name("Yaw 田中 😀", Face::Regular, "North"),
            "Yaw 田中 😀"
        );
        assert_eq!(clean_name("さくら 김", Face::Regular, "North"), "さくら 김");
        // A script none of the fonts has still shows as □ (here Linear B).
        assert_eq!(clean_name("Yaw \u{10000}", Face::Regular, "North"), "Yaw □");
    }

    #[test]
    fn one_line_collapses_and_cuts() {
        assert_eq!(one_line(" Ama \n Mensah\u{7} ", 20), "Ama Mensah");
        assert_eq!(one_line(&"x".repeat(50), 4), "xxxx…");
        assert_eq!(one_line("\u{7}\n", 4), "");
    }

    #[test]
    fn text_becomes_a_path_within_its_box() {
        let p = path("Hg", Face::Regular, 20.0, 10.0, 30.0, Align::Left).expect("visible");
        let b = p.bounds();
        assert!(b.left() >= 10.0 && b.top() >= 30.0 - 20.0 && b.bottom() <= 30.0 + 6.0);
        assert!(path(" ", Face::Regular, 20.0, 0.0, 0.0, Align::Left).is_none());
        let right = path("x", Face::Bold, 20.0, 100.0, 30.0, Align::Right).expect("visible");
        assert!(right.bounds().right() <= 100.0 + 0.5);
    }
}
