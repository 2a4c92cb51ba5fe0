//! A table (a tournament's standings) as a PNG in the boards' dark theme: a title, a
//! bold header row over a thin rule, then body rows on alternating shades. Columns
//! are as wide as their widest cell measured with the embedded fonts; columns of
//! numbers are right-aligned. Deterministic: the same table gives the same bytes.

use plotters::style::RGBColor;
use tiny_skia::{FillRule, Paint, Path, Pixmap, Rect, Shader, Transform};

use super::canvas::{rgb, Color8};
use super::layout::TEXT_DIM;
use super::plot::{BACKGROUND, GRID, INK};
use super::text::{self, Align, Face};

/// A table to draw: a title line, a header row and body rows of cells (all strings).
pub struct TablePicture<'a> {
    /// The line above the table; nothing is drawn for a blank one.
    pub title: &'a str,
    /// The column headings, drawn in bold.
    pub header: &'a [String],
    /// The body, row by row; short rows are padded with empty cells.
    pub rows: &'a [Vec<String>],
}

/// Body rows drawn at most; the rest are counted on a last line.
const MAX_ROWS: usize = 64;
/// Columns drawn at most.
const MAX_COLUMNS: usize = 16;
/// The widest a cell's text may be before it is cut with `…`, in pixels.
const MAX_CELL: f32 = 240.0;
/// The widest the title may be before it is cut with `…`, in pixels.
const MAX_TITLE: f32 = 640.0;
const MARGIN: f32 = 16.0;
/// Space left and right of a cell's text.
const PAD: f32 = 10.0;
const ROW: f32 = 26.0;
/// From a row's top to its text's baseline.
const BASELINE: f32 = 18.0;
const SIZE: f32 = 15.0;
const TITLE_SIZE: f32 = 20.0;
const TITLE_ROW: f32 = 36.0;

/// The charts' colours, as the canvas' colour type.
const fn theme(c: RGBColor) -> Color8 {
    rgb(u32::from_be_bytes([0, c.0, c.1, c.2]))
}
const BG: Color8 = theme(BACKGROUND);
const FG: Color8 = theme(INK);
const HEADER_BG: Color8 = theme(GRID);
/// Every other body row: halfway between the background and the header.
const STRIPE: Color8 = rgb(0x372c24);

/// PNG bytes of the table in the boards' dark theme. Deterministic. Numeric-looking
/// columns right-aligned, others left-aligned; long cells cut with "…" to a sane width;
/// at most ~64 rows drawn (then a last line "… and N more").
///
/// Cells are cleaned like players' names on boards (control characters dropped,
/// characters no embedded font has drawn as `□`). At most 16 columns are drawn.
///
/// # Panics
/// Never in practice: the picture's size is bounded well within tiny-skia's limits
/// and PNG encoding into memory cannot fail.
#[must_use]
pub fn table_png(lang: &crate::i18n::Language, table: &TablePicture<'_>) -> Vec<u8> {
    let title = cell(table.title, Face::Bold, TITLE_SIZE, MAX_TITLE);
    let shown = &table.rows[..table.rows.len().min(MAX_ROWS)];
    let more = table.rows.len() - shown.len();
    let columns = shown
        .iter()
        .map(Vec::len)
        .chain([table.header.len()])
        .max()
        .unwrap_or(0)
        .min(MAX_COLUMNS);
    let cells = |row: &[String], face| -> Vec<String> {
        (0..columns)
            .map(|i| {
                row.get(i)
                    .map_or(String::new(), |s| cell(s, face, SIZE, MAX_CELL))
            })
            .collect()
    };
    let header = cells(table.header, Face::Bold);
    let body: Vec<Vec<String>> = shown.iter().map(|r| cells(r, Face::Regular)).collect();
    let right: Vec<bool> = (0..columns)
        .map(|i| numeric(body.iter().map(|r| r[i].as_str())))
        .collect();
    let widths: Vec<f32> = (0..columns)
        .map(|i| {
            let widest = body
                .iter()
                .map(|r| text::width(&r[i], Face::Regular, SIZE))
                .fold(text::width(&header[i], Face::Bold, SIZE), f32::max);
            (widest + 2.0 * PAD).ceil()
        })
        .collect();
    let table_width: f32 = widths.iter().sum();
    let title_row = if title.is_empty() { 0.0 } else { TITLE_ROW };
    let content = table_width
        .max(text::width(&title, Face::Bold, TITLE_SIZE))
        .max(160.0);
    let lines = 1 + body.len() + usize::from(more > 0);
    let width = (content + 2.0 * MARGIN).ceil() as u32;
    let height = (2.0 * MARGIN + title_row + ROW * lines as f32).ceil() as u32;
    // Invariant: at most 16 columns of 260 px and 66 rows of 26 px.
    let mut pixmap = Pixmap::new(width, height).expect("table pixmap size");
    pixmap.fill(tiny_skia::Color::from_rgba8(BG.r, BG.g, BG.b, 255));

    let row = |pixmap: &mut Pixmap, cells: &[String], face, top: f32| {
        let mut x = MARGIN;
        for ((s, &w), &right) in cells.iter().zip(&widths).zip(&right) {
            let (at, align) = if right {
                (x + w - PAD, Align::Right)
            } else {
                (x + PAD, Align::Left)
            };
            write(pixmap, s, (face, SIZE), (at, top + BASELINE, align), FG);
            x += w;
        }
    };
    let font = (Face::Bold, TITLE_SIZE);
    write(
        &mut pixmap,
        &title,
        font,
        (MARGIN, MARGIN + 22.0, Align::Left),
        FG,
    );
    let mut top = MARGIN + title_row;
    rect(&mut pixmap, (MARGIN, top, table_width, ROW), HEADER_BG);
    row(&mut pixmap, &header, Face::Bold, top);
    top += ROW;
    let rule = (MARGIN, top - 1.0, table_width, 1.0);
    rect(&mut pixmap, rule, FG.alpha(160));
    for (i, cells) in body.iter().enumerate() {
        if i % 2 == 1 {
            rect(&mut pixmap, (MARGIN, top, table_width, ROW), STRIPE);
        }
        row(&mut pixmap, cells, Face::Regular, top);
        top += ROW;
    }
    if more > 0 {
        let line = crate::tr!(lang, "table-more", more = more);
        let at = (MARGIN + PAD, top + BASELINE, Align::Left);
        write(&mut pixmap, &line, (Face::Regular, SIZE), at, TEXT_DIM);
    }
    encode(&pixmap)
}

/// `s` made drawable ([`text::clean_name`]) and cut to `max` px.
fn cell(s: &str, face: Face, size: f32, max: f32) -> String {
    // `clean_name` gives its fallback for text without a letter or digit ("–", "="):
    // a leading digit keeps such cells, and is taken off again after cleaning.
    let prefixed = format!("0{s}");
    let clean = text::clean_name(&prefixed, face, "");
    let clean = clean.strip_prefix('0').unwrap_or(&clean).trim_start();
    text::fit(clean, face, size, max).into_owned()
}

/// Whether a column of cells reads as numbers (`12`, `-3`, `2.5`, `1½`, `75%`): some
/// cell does and none is words; blank cells and dashes have no say.
fn numeric<'s>(cells: impl Iterator<Item = &'s str>) -> bool {
    let mut any = false;
    for c in cells.map(str::trim) {
        if c.chars()
            .all(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}'))
        {
            continue;
        }
        let number = c.chars().any(|c| c.is_ascii_digit() || c == '½')
            && c.chars()
                .all(|c| c.is_ascii_digit() || "+-\u{2212}\u{2013}.,:/%½# ".contains(c));
        if !number {
            return false;
        }
        any = true;
    }
    any
}

/// One line of text with its baseline at `y`, anchored at `x`.
fn write(pixmap: &mut Pixmap, s: &str, font: (Face, f32), at: (f32, f32, Align), ink: Color8) {
    if let Some(p) = text::path(s, font.0, font.1, at.0, at.1, at.2) {
        fill(pixmap, &p, ink);
    }
}

fn paint(colour: Color8) -> Paint<'static> {
    let c = tiny_skia::Color::from_rgba8(colour.r, colour.g, colour.b, colour.a);
    Paint {
        shader: Shader::SolidColor(c),
        anti_alias: true,
        ..Paint::default()
    }
}

fn fill(pixmap: &mut Pixmap, path: &Path, colour: Color8) {
    let paint = paint(colour);
    pixmap.fill_path(path, &paint, FillRule::Winding, Transform::identity(), None);
}

fn rect(pixmap: &mut Pixmap, (x, y, w, h): (f32, f32, f32, f32), colour: Color8) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        pixmap.fill_rect(r, &paint(colour), Transform::identity(), None);
    }
}

/// The pixmap as an RGB PNG (it is opaque, so its premultiplied pixels are plain).
fn encode(pixmap: &Pixmap) -> Vec<u8> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(16 * 1024);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Balanced);
    // Invariant: a valid 8-bit RGB header, exactly width × height pixels, into a Vec.
    let mut writer = encoder.write_header().expect("PNG header into memory");
    writer.write_image_data(&rgb).expect("PNG data into memory");
    writer.finish().expect("PNG end into memory");
    out
}

#[cfg(test)]
mod tests {
    use super::{cell, numeric, Face};
    use crate::render::{table_png, TablePicture};

    fn cells(line: &str) -> Vec<String> {
        line.split('|').map(String::from).collect()
    }

    fn header() -> Vec<String> {
        cells("#|Player|Points|Tiebreak")
    }

    /// `n` rows of standings, names in several scripts and with controls.
    fn standings(n: usize) -> Vec<Vec<String>> {
        let names = cells("Ama|Kofi 😀|مريم|田中|Yaw\u{200B}\u{7}|\u{10000}");
        let row = |i: usize| cells(&format!("{}|{}|{i}½|–", i + 1, names[i % 6]));
        (0..n).map(row).collect()
    }

    fn png(title: &str, header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
        let lang = &crate::i18n::Language::english();
        table_png(
            lang,
            &TablePicture {
                title,
                header,
                rows,
            },
        )
    }

    fn picture(title: &str, header: &[String], rows: &[Vec<String>]) -> image::RgbImage {
        let png = png(title, header, rows);
        image::load_from_memory(&png).expect("a PNG").to_rgb8()
    }

    #[test]
    fn pictures_grow_with_rows_and_columns() {
        let (three, ten) = (standings(3), standings(10));
        let a = picture("Spring open", &header(), &three);
        let b = picture("Spring open", &header(), &ten);
        assert_eq!(b.height() - a.height(), 7 * 26);
        let two: Vec<Vec<String>> = three.iter().map(|r| r[..2].to_vec()).collect();
        let narrow = picture("", &header()[..2], &two);
        let wide = picture("", &header(), &three);
        assert!(wide.width() > narrow.width() && wide.height() == narrow.height());
    }

    #[test]
    fn the_same_table_gives_the_same_bytes() {
        let rows = standings(12);
        let draw = || png("Final", &header(), &rows);
        assert_eq!(draw(), draw());
    }

    #[test]
    fn an_empty_body_draws_the_header_alone() {
        let img = picture("Nobody yet", &header(), &[]);
        assert_eq!(img.height(), 16 + 36 + 26 + 16);
        assert!(img.width() > 100);
        let nothing = picture("", &[], &[]);
        assert!(nothing.width() > 0 && nothing.height() > 0);
    }

    #[test]
    fn long_tables_are_capped_with_a_count() {
        let height = |n| picture("", &header(), &standings(n)).height();
        assert_eq!(height(100), height(65));
        assert_eq!(height(100), height(64) + 26);
    }

    #[test]
    fn the_header_row_is_drawn() {
        let img = picture("Standings", &header(), &standings(2));
        let bg = image::Rgb([0x2e, 0x24, 0x1d]);
        assert_eq!(img.get_pixel(2, 2), &bg);
        // Across the header band: its own shade, and light bold text on it.
        let band: Vec<_> = (16..img.width() - 16)
            .map(|x| img.get_pixel(x, 16 + 36 + 13))
            .collect();
        assert!(band.iter().all(|p| **p != bg));
        assert!(band.iter().filter(|p| p.0[0] > 0xa0).count() > 3);
    }

    #[test]
    fn long_cells_are_cut_and_pictures_stay_small() {
        let mut rows = standings(20);
        rows[0][1] = "Nana Akua Serwaa Boatemaa Owusu-Ansah ".repeat(20);
        let png = png(&"A very long title ".repeat(20), &header(), &rows);
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        let img = image::load_from_memory(&png).expect("a PNG");
        assert!(img.width() <= 640 + 2 * 16 + 1, "{}", img.width());
    }

    #[test]
    fn numbers_are_told_from_words_and_cells_cleaned() {
        let numeric = |cells: &[&str]| numeric(cells.iter().copied());
        assert!(numeric(&["1", "-3", "2.5", "1½", "75%", "–", ""]));
        assert!(!numeric(&["1", "Ama"]) && !numeric(&["–", ""]) && !numeric(&[]));
        let cell = |s| cell(s, Face::Regular, 15.0, 100.0);
        assert_eq!((cell("–"), cell("07")), ("–".into(), "07".into()));
        assert_eq!(cell(" Ko\u{7}fi "), "Kofi");
        assert_eq!(cell("\u{10000}x"), "□x");
    }
}
