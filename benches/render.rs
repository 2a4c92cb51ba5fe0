//! One board: draw it and encode the PNG (target ≤ 5 ms and ≤ 60 KB), from a
//! mid-game position with a capture highlighted, names and a caption; and, for its
//! size, the replay GIF of a 100-ply game.
//!
//! `cargo bench --bench render`

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use criterion::{criterion_group, criterion_main, Criterion};
use oware_bot::render::{board_png, replay_gif, BoardView};
use oware_bot::rules::{Game, Pit, Variant};

/// A mid-game position just after a capture (deterministic).
fn mid_game() -> Game {
    game(30)
}

/// Up to `plies` moves: the first capture on offer, else a fixed pseudo-random move.
fn game(plies: usize) -> Game {
    let mut game = Game::new(Variant::Abapa);
    let mut state = 0x2545_f491_u32;
    while !game.is_over() && game.plies().len() < plies {
        let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let capture = legal
            .iter()
            .copied()
            .find(|&p| game.position().play_unchecked(p, Variant::Abapa).1.captured > 0);
        let pit = capture.unwrap_or(legal[state as usize % legal.len()]);
        game.play(pit).expect("a legal move");
    }
    game
}

fn board(c: &mut Criterion) {
    let lang = &oware_bot::i18n::Language::english();
    let game = mid_game();
    let mut view = BoardView::of_game(&game, ["Ama Serwaa", "Kofi Boateng"]);
    view.caption = Some("Onlookers suggest: D ×3, B ×1");
    let png = board_png(lang, &view);
    eprintln!("board PNG: {} bytes", png.len());
    c.bench_function("board_png", |b| {
        b.iter(|| board_png(lang, std::hint::black_box(&view)))
    });
}

fn replay(c: &mut Criterion) {
    let lang = &oware_bot::i18n::Language::english();
    let game = game(100);
    let gif = replay_gif(lang, &game, ["Ama Serwaa", "Kofi Boateng"]);
    eprintln!(
        "replay GIF, {} plies: {} bytes",
        game.plies().len(),
        gif.len()
    );
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("replay_gif_100_plies", |b| {
        b.iter(|| replay_gif(lang, std::hint::black_box(&game), ["Ama", "Kofi"]))
    });
    group.finish();
}

criterion_group!(benches, board, replay);
criterion_main!(benches);
