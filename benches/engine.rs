//! Search speed: nodes per second of a fixed-depth search (fresh transposition
//! table each time) from a few positions: the start, a middle game and an endgame.
//!
//! `cargo bench --bench engine`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use oware_bot::engine::eval::Weights;
use oware_bot::engine::{Limits, Searcher};
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

criterion_group!(benches, bench_search);
criterion_main!(benches);
