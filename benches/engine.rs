//! Search speed and reach:
//! - nodes per second of a fixed-depth search (fresh transposition table each time)
//!   from a few positions: the start, a middle game and an endgame (criterion);
//! - the depth the hard level's search reaches in 1 s from 20 fixed positions (the
//!   same ones every run: seeded random games), printed before criterion runs, with
//!   the nodes per second of those searches;
//! - the nodes to a fixed depth from those positions with each switchable part of
//!   the search off, against all on (printed too).
//!
//! `cargo bench --bench engine` (`OWARE_BENCH_DEPTH_MS=200` for a quicker reach
//! figure).

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use oware_bot::engine::eval::Weights;
use oware_bot::engine::rng::Rng;
use oware_bot::engine::{Features, Limits, Searcher};
use oware_bot::rules::{Game, Pit, Variant};

/// Positions by the moves that reach them from the start, and the depth to search.
const CASES: [(&str, &str, u32); 3] = [
    ("start", "", 12),
    ("middle", "F a D e B c E b A f C d F a", 12),
    (
        "late",
        "F a D e B c E b A f C d F a D e B c E b A f C d F a B e A c",
        14,
    ),
];

fn game_of(moves: &str) -> Game {
    let pits: Vec<Pit> = moves
        .split_whitespace()
        .map(|m| Pit::from_letter(m.chars().next().expect("a letter")).expect("a pit"))
        .collect();
    Game::from_moves(Variant::Abapa, &pits).expect("a legal game")
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, moves, depth) in CASES {
        let game = game_of(moves);
        let nodes = Searcher::new(20, Weights::TUNED, None)
            .search(&game, Limits::depth(depth), |_| {})
            .expect("a live game")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}-depth{depth}"), |b| {
            b.iter(|| {
                let mut s = Searcher::new(20, Weights::TUNED, None);
                s.search(std::hint::black_box(&game), Limits::depth(depth), |_| {})
            });
        });
    }
    group.finish();
}

/// Twenty positions, 4 to 42 plies into seeded random games (never finished ones).
fn fixed_positions() -> Vec<Game> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::new();
    while out.len() < 20 {
        let plies = 4 + 2 * out.len();
        let mut game = Game::new(Variant::Abapa);
        while game.plies().len() < plies && !game.is_over() {
            let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
            let pit = legal[(rng.next_u64() % legal.len() as u64) as usize];
            game.play(pit).expect("a legal move");
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

/// The depth reached in a fixed time from each fixed position, as the hard level
/// searches (a fresh searcher per position), with the nodes per second.
fn depth_in_time(_: &mut Criterion) {
    let ms = std::env::var("OWARE_BENCH_DEPTH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let mut depths = Vec::new();
    let (mut nodes, mut secs) = (0u64, 0f64);
    for game in fixed_positions() {
        let mut s = Searcher::new(20, Weights::TUNED, None);
        let r = s
            .search(&game, Limits::time(Duration::from_millis(ms)), |_| {})
            .expect("a live game");
        depths.push(r.depth);
        nodes += r.nodes;
        secs += r.elapsed.as_secs_f64();
    }
    let mut sorted = depths.clone();
    sorted.sort_unstable();
    let mean = f64::from(depths.iter().sum::<u32>()) / depths.len() as f64;
    println!(
        "depth in {ms} ms over 20 positions: mean {mean:.1}, median {}, min {}, max {}; \
         {:.2} M nodes/s; depths {depths:?}",
        sorted[sorted.len() / 2],
        sorted[0],
        sorted[sorted.len() - 1],
        nodes as f64 / secs / 1e6,
    );
}

/// What each switchable part of the search saves: the nodes to reach depth 14 from
/// each fixed position with that part off, against all on (a ratio above 1 means
/// the part saves nodes). Deterministic, so any difference is real. Each position
/// is searched the way a game reaches it: the searcher first searches the position
/// two plies earlier, so the table kept between moves counts.
fn nodes_by_feature(_: &mut Criterion) {
    const DEPTH: u32 = 14;
    let total = |features: Features| -> u64 {
        fixed_positions()
            .iter()
            .map(|game| {
                let moves: Vec<Pit> = game.moves().collect();
                let earlier = game_from(&moves[..moves.len() - 2]);
                let mut s = Searcher::new(20, Weights::TUNED, None);
                s.set_features(features);
                s.search(&earlier, Limits::depth(DEPTH), |_| {});
                s.search(game, Limits::depth(DEPTH), |_| {})
                    .expect("a live game")
                    .nodes
            })
            .sum()
    };
    let all = total(Features::ALL);
    let off: [(&str, Features); 4] = [
        (
            "reductions",
            Features {
                reductions: false,
                ..Features::ALL
            },
        ),
        (
            "aspiration",
            Features {
                aspiration: false,
                ..Features::ALL
            },
        ),
        (
            "history",
            Features {
                history: false,
                ..Features::ALL
            },
        ),
        (
            "kept-table",
            Features {
                kept_table: false,
                ..Features::ALL
            },
        ),
    ];
    let ratios: Vec<String> = off
        .iter()
        .map(|&(name, f)| format!("{name} {:.2}", total(f) as f64 / all as f64))
        .collect();
    println!(
        "nodes to depth {DEPTH} over 20 positions: {:.1} M with everything; \
         without each part, as a ratio: {}",
        all as f64 / 1e6,
        ratios.join(", ")
    );
}

fn game_from(moves: &[Pit]) -> Game {
    Game::from_moves(Variant::Abapa, moves).expect("a legal game")
}

criterion_group!(benches, depth_in_time, nodes_by_feature, bench_search);
criterion_main!(benches);
