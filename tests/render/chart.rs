//! The rating chart is a real PNG of the expected size with the line and band drawn.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use image::{ImageFormat, RgbImage};
use oware_bot::play::rating::{update, GameResult, Rating};
use oware_bot::render::chart::{rating_chart_png, BACKGROUND, BAND, CHART_SIZE, LINE};

/// A new player's first games against a steady 1600 opponent: W W L W D L W W …
fn history(games: u32) -> Vec<(u32, f64, f64)> {
    let opponent = Rating {
        rating: 1600.0,
        deviation: 60.0,
        volatility: 0.06,
    };
    let mut me = Rating::NEW;
    let mut points = vec![(0, me.rating, me.deviation)];
    let pattern = [
        GameResult::Win,
        GameResult::Win,
        GameResult::Loss,
        GameResult::Win,
        GameResult::Draw,
        GameResult::Loss,
    ];
    for game in 1..=games {
        me = update(me, opponent, pattern[game as usize % pattern.len()]).0;
        points.push((game, me.rating, me.deviation));
    }
    points
}

fn decode(png: &[u8]) -> RgbImage {
    assert_eq!(&png[1..4], b"PNG", "a PNG signature");
    image::load_from_memory_with_format(png, ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

/// How many pixels are close to `colour`.
fn count_near(image: &RgbImage, colour: [u8; 3]) -> usize {
    image
        .pixels()
        .filter(|p| p.0.iter().zip(colour).all(|(&a, b)| a.abs_diff(b) < 24))
        .count()
}

#[test]
fn a_history_is_drawn_with_its_line_and_band() {
    let lang = &oware_bot::i18n::Language::english();
    let png = rating_chart_png(lang, "Ama Mensah", &history(30));
    if let Ok(dir) = std::env::var("CHART_PREVIEW_DIR") {
        std::fs::write(format!("{dir}/rating-chart.png"), &png).expect("writable preview dir");
    }
    assert!(png.len() < 100_000, "a small PNG: {} bytes", png.len());
    let image = decode(&png);
    assert_eq!(image.dimensions(), CHART_SIZE);
    let rgb = |c: plotters::style::RGBColor| [c.0, c.1, c.2];
    let line = count_near(&image, rgb(LINE));
    assert!(line > 1_000, "the rating line is drawn: {line} pixels");
    let background = count_near(&image, rgb(BACKGROUND));
    let total = (CHART_SIZE.0 * CHART_SIZE.1) as usize;
    assert!(
        background > total / 3 && background < total * 9 / 10,
        "the boards' dark background, not blank: {background} of {total}"
    );
    // The band covers more of the chart than the line.
    let band = count_near(&image, rgb(BAND));
    assert!(band > line, "the uncertainty band is drawn: {band} pixels");
    // Deterministic: the same history gives the same bytes.
    assert_eq!(rating_chart_png(lang, "Ama Mensah", &history(30)), png);
}

#[test]
fn edge_cases_still_give_a_chart() {
    let lang = &oware_bot::i18n::Language::english();
    for (i, points) in [
        vec![],
        vec![(0, 1500.0, 350.0)],
        vec![(4, 1500.0, 0.0), (4, 1500.0, 0.0)],
        vec![(0, f64::NAN, 350.0), (1, 1510.0, f64::INFINITY)],
        history(500),
    ]
    .into_iter()
    .enumerate()
    {
        let name = "名前 with a very long name that goes on and on and on";
        let png = rating_chart_png(lang, name, &points);
        if let Ok(dir) = std::env::var("CHART_PREVIEW_DIR") {
            std::fs::write(format!("{dir}/edge-{i}.png"), &png).expect("writable preview dir");
        }
        let image = decode(&png);
        assert_eq!(image.dimensions(), CHART_SIZE);
        let background = count_near(&image, [0x2e, 0x24, 0x1d]);
        assert!(
            background < (CHART_SIZE.0 * CHART_SIZE.1) as usize,
            "axes and text are drawn"
        );
    }
}
