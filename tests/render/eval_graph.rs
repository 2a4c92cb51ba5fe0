//! The evaluation graph is a real PNG of the chart's size, with its marks drawn in
//! their colours only when there are marks, the same bytes for the same game, and a
//! picture even with nothing to show.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use image::{ImageFormat, RgbImage};
use oware_bot::render::chart::CHART_SIZE;
use oware_bot::render::eval_graph::{BLUNDER, CURVE, MISTAKE};
use oware_bot::render::{eval_graph_alt, eval_graph_png, Mark};
use plotters::style::RGBColor;

const TITLE: &str = "Game #12 · Ama (South) vs Kofi (North)";

/// A 58-ply game: level, South pulls ahead, North blunders at ply 31, and the end is
/// a big win that the y range clamps.
fn values() -> Vec<f64> {
    (0..=58)
        .map(|ply| match ply {
            0..=8 => 0.4 * (ply % 3) as f64 - 0.4,
            9..=30 => 2.0 + 0.1 * ply as f64,
            31..=50 => 9.0 + 0.2 * (ply - 31) as f64,
            _ => 40.0,
        })
        .collect()
}

fn decode(png: &[u8]) -> RgbImage {
    assert_eq!(&png[1..4], b"PNG", "a PNG signature");
    image::load_from_memory_with_format(png, ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

fn count_near(image: &RgbImage, c: RGBColor) -> usize {
    image
        .pixels()
        .filter(|p| {
            p.0.iter()
                .zip([c.0, c.1, c.2])
                .all(|(&a, b)| a.abs_diff(b) < 24)
        })
        .count()
}

fn preview(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("CHART_PREVIEW_DIR") {
        std::fs::write(format!("{dir}/{name}.png"), png).expect("writable preview dir");
    }
}

#[test]
fn marks_are_drawn_in_their_colours_only_when_marked() {
    let lang = &oware_bot::i18n::Language::english();
    let marks = [
        (14, Mark::Mistake),
        (31, Mark::Blunder),
        (40, Mark::Mistake),
    ];
    let png = eval_graph_png(lang, TITLE, &values(), &marks);
    preview("eval-graph", &png);
    assert!(png.len() < 100_000, "a small PNG: {} bytes", png.len());
    let image = decode(&png);
    assert_eq!(image.dimensions(), CHART_SIZE);
    assert!(count_near(&image, CURVE) > 300, "the curve is drawn");
    assert!(count_near(&image, BLUNDER) > 40, "the blunder dot is drawn");
    assert!(
        count_near(&image, MISTAKE) > 80,
        "the mistake dots are drawn"
    );

    let mistakes_only = decode(&eval_graph_png(
        lang,
        TITLE,
        &values(),
        &[(14, Mark::Mistake)],
    ));
    assert_eq!(count_near(&mistakes_only, BLUNDER), 0, "no blunder, no red");
    let unmarked = decode(&eval_graph_png(lang, TITLE, &values(), &[]));
    assert_eq!(count_near(&unmarked, BLUNDER), 0);
    assert_eq!(count_near(&unmarked, MISTAKE), 0);
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let lang = &oware_bot::i18n::Language::english();
    let marks = [(31, Mark::Blunder)];
    assert_eq!(
        eval_graph_png(lang, TITLE, &values(), &marks),
        eval_graph_png(lang, TITLE, &values(), &marks)
    );
}

#[test]
fn edge_cases_still_give_a_chart() {
    let lang = &oware_bot::i18n::Language::english();
    let long_title = "名前 with a very long title that goes on and on and on and on and on";
    for (i, values) in [
        vec![],
        vec![0.0],
        vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY],
        vec![0.0, f64::NAN, -3.0, 1e9],
        vec![0.0; 400],
    ]
    .into_iter()
    .enumerate()
    {
        let marks = [
            (0, Mark::Blunder),
            (1, Mark::Mistake),
            (usize::MAX, Mark::Blunder),
        ];
        let png = eval_graph_png(lang, long_title, &values, &marks);
        preview(&format!("eval-edge-{i}"), &png);
        let image = decode(&png);
        assert_eq!(image.dimensions(), CHART_SIZE);
        let background = count_near(&image, oware_bot::render::chart::BACKGROUND);
        assert!(
            background < (CHART_SIZE.0 * CHART_SIZE.1) as usize,
            "axes and text are drawn"
        );
        let alt = eval_graph_alt(lang, long_title, &values, &marks);
        assert!(
            alt.starts_with("Evaluation graph of 名前") && alt.ends_with('.'),
            "{alt}"
        );
    }
}
