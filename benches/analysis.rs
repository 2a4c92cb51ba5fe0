//! Post-game analysis and puzzles: the time to analyse a fixed 60-ply game at
//! `NODES_PER_POSITION` (the budget must keep it within 30 s on one core), and the
//! rate of puzzles drawn from the endgame tables (the table file if one is found,
//! see `table_file::find`, else 12-seed tables built here), and the time to check a
//! game position for a puzzle at `PUZZLE_NODES`.
//!
//! `cargo bench --bench analysis`

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use std::sync::OnceLock;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use oware_bot::engine::analysis::{analyse, NODES_PER_POSITION};
use oware_bot::engine::eval::Weights;
use oware_bot::engine::puzzles::PUZZLE_NODES;
use oware_bot::engine::rng::Rng;
use oware_bot::engine::{choose_with, puzzles, table_file, tables, Level, Searcher, Tables};
use oware_bot::rules::{Game, Variant};

/// Plies in the analysed game.
const PLIES: usize = 60;
/// Puzzles drawn per iteration.
const PUZZLES: usize = 20;

/// A 60-ply game, the same every run: the medium level against itself (its move
/// noise seeded), the first seed whose game lasts 60 plies.
fn fixed_game() -> Game {
    for seed in 1.. {
        let mut searcher = Searcher::new(18, Weights::TUNED, None);
        let mut game = Game::new(Variant::Abapa);
        while game.plies().len() < PLIES {
            // A budget of a second or more: the medium level's fixed-depth path.
            match choose_with(
                &mut searcher,
                &game,
                Level::Medium,
                Duration::from_secs(1),
                seed,
            ) {
                Some(pit) => {
                    game.play(pit).expect("the engine plays legal moves");
                }
                None => break,
            }
        }
        if game.plies().len() == PLIES && !game.is_over() {
            return game;
        }
    }
    unreachable!("some seed gives a 60-ply game")
}

/// The fixed game, made once.
fn the_game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(fixed_game)
}

fn bench_analysis(c: &mut Criterion) {
    let game = the_game();
    let moves: String = game.moves().map(|p| p.letter()).collect();
    let nodes = analyse(game, NODES_PER_POSITION, None).nodes;
    eprintln!("game: {moves}; {nodes} nodes at {NODES_PER_POSITION} a position");
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{PLIES}-plies-{NODES_PER_POSITION}-nodes"), |b| {
        b.iter(|| analyse(std::hint::black_box(game), NODES_PER_POSITION, None));
    });
    group.finish();
}

fn load_or_build() -> Tables {
    if let Some(path) = table_file::find() {
        match table_file::load(&path) {
            Ok(tables) => return tables,
            Err(e) => eprintln!("{e}; building 12-seed tables"),
        }
    }
    tables::build(12, |_| {})
}

fn bench_puzzles(c: &mut Criterion) {
    let tables = load_or_build();
    let mut group = c.benchmark_group("puzzles");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PUZZLES as u64));
    group.bench_function(format!("from-{}-seed-tables", tables.max_seeds()), |b| {
        b.iter(|| {
            let found = puzzles::from_tables(&tables, &mut Rng::new(1), PUZZLES);
            assert_eq!(found.len(), PUZZLES);
            found
        });
    });
    // A puzzle from a game: the deeper search at `PUZZLE_NODES` (no tables: the
    // game's middle is far beyond them).
    let middle = Game::from_moves(
        Variant::Abapa,
        &the_game().moves().take(30).collect::<Vec<_>>(),
    )
    .expect("the game's own moves");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("from-position-{PUZZLE_NODES}-nodes"), |b| {
        b.iter(|| puzzles::from_position(std::hint::black_box(&middle), PUZZLE_NODES, None));
    });
    group.finish();
}

criterion_group!(benches, bench_analysis, bench_puzzles);
criterion_main!(benches);
