//! The rendered pictures, decoded again with the `image` crate: sizes, highlight
//! colours where the highlighted pits are, determinism, hostile names, the replay
//! GIF's frames, and golden images of a few positions.
//!
//! `UPDATE_GOLDEN=1 cargo test --test render` rewrites `tests/fixtures/render/*.png`.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::f32::consts::TAU;
use std::path::PathBuf;

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbImage};
use oware_bot::render::{
    board_png, pit_centre, replay_gif, replay_gif_last, result_line, BoardView, BETTER_COLOUR,
    CAPTURED_COLOUR, PLAYED_COLOUR, PNG_HEIGHT, PNG_WIDTH, REPLAY_MOVES, RING_RADIUS,
};
use oware_bot::rules::{Game, Pit, Side, Variant};

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

fn pit(c: char) -> Pit {
    Pit::from_letter(c).expect("a pit letter")
}

/// A deterministic game: at each ply the first capturing move if any, else a move
/// picked by a fixed pseudo-random sequence; at most `max` plies.
fn long_game(max: usize) -> Game {
    let mut game = Game::new(Variant::Abapa);
    let mut state = 0x2545_f491_u32;
    while !game.is_over() && game.plies().len() < max {
        let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let capture = legal
            .iter()
            .copied()
            .find(|&p| game.position().play_unchecked(p, Variant::Abapa).1.captured > 0);
        let choice = capture.unwrap_or(legal[state as usize % legal.len()]);
        game.play(choice).expect("a legal move");
    }
    game
}

/// The first game position reached by `long_game` just after a capture of 2+ pits.
fn after_double_capture() -> Game {
    let full = long_game(300);
    let at = full
        .plies()
        .iter()
        .position(|p| p.effect.captured_pits.len() >= 2)
        .expect("the long game has a capture of two pits");
    Game::from_moves(
        Variant::Abapa,
        &full.moves().take(at + 1).collect::<Vec<_>>(),
    )
    .expect("a prefix of a legal game")
}

/// The share of points on the upper and lower arcs of the highlight ring of `pit`
/// (away from its neighbours' rings) whose colour is near `colour`.
fn ring_match(img: &RgbImage, pit: Pit, colour: [u8; 3]) -> f32 {
    ring_match_at(img, pit, RING_RADIUS, colour)
}

/// [`ring_match`] on a circle of `radius` around the pit's centre.
fn ring_match_at(img: &RgbImage, pit: Pit, radius: f32, colour: [u8; 3]) -> f32 {
    let (cx, cy) = pit_centre(pit);
    let angles: Vec<f32> = (0..96)
        .map(|i| TAU * i as f32 / 96.0)
        .filter(|a| a.sin().abs() > 0.6)
        .collect();
    let samples = angles.len();
    let hits = angles
        .into_iter()
        .filter(|&a| {
            let (x, y) = (cx + radius * a.cos(), cy + radius * a.sin());
            let px = img.get_pixel(x.round() as u32, y.round() as u32).0;
            px.iter().zip(colour).all(|(&p, c)| p.abs_diff(c) <= 24)
        })
        .count();
    hits as f32 / samples as f32
}

#[test]
fn a_board_decodes_at_the_promised_size() {
    let lang = &oware_bot::i18n::Language::english();
    let png = board_png(
        lang,
        &BoardView::of_game(&Game::new(Variant::Abapa), ["Ama", "Kofi"]),
    );
    let img = decode(&png);
    assert_eq!(img.dimensions(), (PNG_WIDTH, PNG_HEIGHT));
    assert!(png.len() <= 60 * 1024, "a board PNG is {} bytes", png.len());
}

#[test]
fn played_and_captured_pits_carry_their_highlight_colours() {
    let lang = &oware_bot::i18n::Language::english();
    let game = after_double_capture();
    let view = BoardView::of_game(&game, ["Ama", "Kofi"]);
    let effect = view.last.expect("a move was played");
    let img = decode(&board_png(lang, &view));
    assert!(
        ring_match(&img, effect.pit, PLAYED_COLOUR) > 0.8,
        "played ring"
    );
    for p in effect.captured_pits {
        // Dashed: a bit over half the ring is drawn.
        let share = ring_match(&img, p, CAPTURED_COLOUR);
        assert!(share > 0.4, "captured ring on {p}: {share}");
    }
    for p in Pit::ALL {
        if p != effect.pit && !effect.captured_pits.contains(p) {
            assert!(
                ring_match(&img, p, PLAYED_COLOUR) < 0.05,
                "no played ring on {p}"
            );
            assert!(
                ring_match(&img, p, CAPTURED_COLOUR) < 0.05,
                "no captured ring on {p}"
            );
        }
    }
}

#[test]
fn a_ringed_pit_carries_the_better_colour_beside_the_played_ring() {
    let lang = &oware_bot::i18n::Language::english();
    let game = after_double_capture();
    let mut view = BoardView::of_game(&game, ["Ama", "Kofi"]);
    let played = view.last.expect("a move was played").pit;
    let plain = decode(&board_png(lang, &view));
    for p in Pit::ALL {
        assert!(
            ring_match(&plain, p, BETTER_COLOUR) < 0.05,
            "no ring on {p}"
        );
    }
    let better = view.legal.into_iter().next().expect("a legal move");
    view.ring = Some(better);
    let img = decode(&board_png(lang, &view));
    assert!(ring_match(&img, better, BETTER_COLOUR) > 0.8, "the ring");
    assert!(
        ring_match(&img, played, PLAYED_COLOUR) > 0.8,
        "the played ring"
    );
    for p in Pit::ALL.into_iter().filter(|&p| p != better) {
        assert!(ring_match(&img, p, BETTER_COLOUR) < 0.05, "no ring on {p}");
    }
    // The pit just played ringed too: the green ring stays whole, and the played
    // ring moves inside it, whole as well.
    view.ring = Some(played);
    let img = decode(&board_png(lang, &view));
    assert!(ring_match(&img, played, BETTER_COLOUR) > 0.8, "the ring");
    let inside = (4..=10)
        .map(|d| ring_match_at(&img, played, RING_RADIUS - d as f32, PLAYED_COLOUR))
        .fold(0.0, f32::max);
    assert!(
        inside > 0.8,
        "the played ring inside the green one: {inside}"
    );
}

#[test]
fn the_same_view_gives_the_same_bytes() {
    let lang = &oware_bot::i18n::Language::english();
    let game = after_double_capture();
    let mut view = BoardView::of_game(&game, ["Ama", "Kofi"]);
    view.caption = Some("Onlookers suggest: D ×3, B ×1");
    assert_eq!(board_png(lang, &view), board_png(lang, &view));
    let g = long_game(12);
    assert_eq!(
        replay_gif(lang, &g, ["Ama", "Kofi"]),
        replay_gif(lang, &g, ["Ama", "Kofi"])
    );
}

#[test]
fn long_and_unicode_names_stay_inside_the_picture() {
    let lang = &oware_bot::i18n::Language::english();
    let game = Game::from_moves(Variant::Abapa, &[pit('F'), pit('a')]).expect("legal");
    let plain = decode(&board_png(
        lang,
        &BoardView::of_game(&game, ["Ama", "Kofi"]),
    ));
    let long = "Nana Akua Serwaa Boatemaa Owusu-Ansah of the Very Long Name ".repeat(20);
    let hostile = [
        long.as_str(),
        "田中太郎 🎲🎲🎲",
        "\u{202E}evil\u{0007}\n\t",
        "Ωμέγα Кириллица ﷽ ".repeat(9).leak(),
        "",
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    ];
    for &south in &hostile {
        for &north in &hostile {
            let mut view = BoardView::of_game(&game, [south, north]);
            view.caption = Some(north);
            let img = decode(&board_png(lang, &view));
            assert_eq!(img.dimensions(), (PNG_WIDTH, PNG_HEIGHT));
            // The outer 10 px columns on both sides hold nothing but background.
            for y in 0..PNG_HEIGHT {
                for x in (0..10).chain(PNG_WIDTH - 10..PNG_WIDTH) {
                    assert_eq!(
                        img.get_pixel(x, y),
                        plain.get_pixel(x, y),
                        "({x}, {y}) with names {south:?} / {north:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_replay_has_one_frame_per_ply_plus_start_and_end() {
    let lang = &oware_bot::i18n::Language::english();
    let game = long_game(100);
    assert_eq!(game.plies().len(), 100, "the test game lasts 100 plies");
    let gif = replay_gif(lang, &game, ["Ama", "Kofi"]);
    assert!(
        gif.len() < 2 * 1024 * 1024,
        "replay GIF is {} bytes",
        gif.len()
    );
    let frames = GifDecoder::new(std::io::Cursor::new(&gif))
        .expect("a valid GIF")
        .into_frames()
        .collect_frames()
        .expect("frames decode");
    assert_eq!(frames.len(), 102);
    for f in &frames {
        assert_eq!(f.buffer().dimensions(), (800, 360));
    }
    let delay = |i: usize| frames[i].delay().numer_denom_ms();
    assert!(
        delay(0) > delay(1) && delay(101) > delay(1),
        "start and end are held longer"
    );
}

#[test]
fn a_long_replay_shows_only_its_last_moves() {
    let lang = &oware_bot::i18n::Language::english();
    let game = long_game(100);
    let frames = |gif: Vec<u8>| {
        GifDecoder::new(std::io::Cursor::new(gif))
            .expect("a valid GIF")
            .into_frames()
            .collect_frames()
            .expect("frames decode")
    };
    // The position before the last 30 moves, those moves, and the end.
    let last = frames(replay_gif_last(lang, &game, ["Ama", "Kofi"], 30));
    assert_eq!(last.len(), 32);
    // The end is the same as the whole replay's.
    let whole = frames(replay_gif(lang, &game, ["Ama", "Kofi"]));
    assert_eq!(whole.len(), 102, "under REPLAY_MOVES ({REPLAY_MOVES}): all");
    assert_eq!(
        last[31].buffer().as_raw(),
        whole[101].buffer().as_raw(),
        "the same final frame"
    );
}

#[test]
fn golden_boards() {
    let lang = &oware_bot::i18n::Language::english();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/render");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let finished = long_game(400);
    assert!(finished.is_over(), "the long game ends");
    let result = result_line(lang, &finished.outcome().expect("over"), ["Ama", "Kofi"]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "start",
            board_png(
                lang,
                &BoardView::of_game(&Game::new(Variant::Abapa), ["Ama", "Kofi"]),
            ),
        ),
        (
            "capture",
            board_png(
                lang,
                &BoardView::of_game(&after_double_capture(), ["Ama", "Kofi"]),
            ),
        ),
        ("finished", {
            let mut view = BoardView::of_game(&finished, ["Ama", "Kofi"]);
            view.caption = Some(&result);
            board_png(lang, &view)
        }),
        // North's own view (`board:my-side`): North's row a-f at the bottom.
        ("capture-north-seat", {
            let mut view = BoardView::of_game(&after_double_capture(), ["Ama", "Kofi"]);
            view.seat = Side::North;
            board_png(lang, &view)
        }),
    ];
    for (name, png) in cases {
        let path = dir.join(format!("{name}.png"));
        if update {
            std::fs::create_dir_all(&dir).expect("fixture directory");
            std::fs::write(&path, &png).expect("golden written");
            continue;
        }
        let golden = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
        let (want, got) = (decode(&golden), decode(&png));
        assert_eq!(want.dimensions(), got.dimensions(), "{name}");
        // Tolerate the odd anti-aliasing difference between CPUs, nothing more.
        let off = want
            .pixels()
            .zip(got.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).any(|(&x, y)| x.abs_diff(y) > 6))
            .count();
        assert!(
            off * 1000 <= want.pixels().len(),
            "{name}: {off} pixels differ from {} (UPDATE_GOLDEN=1 to accept)",
            path.display()
        );
    }
}

/// Mean luminance of the points on a circle of `radius` around `(cx, cy)`.
fn ring_luminance(img: &RgbImage, (cx, cy): (f32, f32), radius: f32) -> f32 {
    let samples: Vec<f32> = (0..64)
        .map(|i| TAU * i as f32 / 64.0)
        .filter(|a| a.sin().abs() > 0.6)
        .map(|a| {
            let (x, y) = (cx + radius * a.cos(), cy + radius * a.sin());
            let p = img.get_pixel(x.round() as u32, y.round() as u32).0;
            0.2126 * f32::from(p[0]) + 0.7152 * f32::from(p[1]) + 0.0722 * f32::from(p[2])
        })
        .collect();
    samples.iter().sum::<f32>() / samples.len() as f32
}

#[test]
fn at_phone_size_the_can_move_rings_and_the_legend_stay_visible() {
    let lang = &oware_bot::i18n::Language::english();
    // A phone shows the picture about 380 px wide.
    let png = board_png(
        lang,
        &BoardView::of_game(&Game::new(Variant::Abapa), ["Ama", "Kofi"]),
    );
    let full = decode(&png);
    let scale = 380.0 / PNG_WIDTH as f32;
    let height = (PNG_HEIGHT as f32 * scale).round() as u32;
    let small = image::imageops::resize(&full, 380, height, image::imageops::FilterType::Triangle);
    if let Ok(dir) = std::env::var("CHART_PREVIEW_DIR") {
        small
            .save(format!("{dir}/phone.png"))
            .expect("writable preview dir");
    }
    let at = |p: Pit| {
        let (x, y) = pit_centre(p);
        (x * scale, y * scale)
    };
    let radius = RING_RADIUS * scale;
    // South (to move) may play every pit: its rings must stand out against North's
    // pits, which have none.
    for (south, north) in "ABCDEF".chars().zip("abcdef".chars()) {
        let ringed = ring_luminance(&small, at(pit(south)), radius);
        let plain = ring_luminance(&small, at(pit(north)), radius);
        assert!(
            ringed > plain + 25.0,
            "{south}'s can-move ring fades at phone size: {ringed:.0} vs {plain:.0}"
        );
    }
    // The legend (bottom left) still has light ink on the dark ground.
    let legend_rows = (height - 18)..height;
    let bright = legend_rows
        .flat_map(|y| (0..150).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = small.get_pixel(x, y).0;
            p.iter().map(|&c| u32::from(c)).sum::<u32>() > 3 * 150
        })
        .count();
    assert!(
        bright > 40,
        "the legend is readable at phone size: {bright} light pixels"
    );
}
