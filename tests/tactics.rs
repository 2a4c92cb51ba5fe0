//! The tactics suite: positions where exactly one move wins, by the endgame tables
//! (up to 12 seeds on the board, realistic banked scores, not a lone capture nor an
//! immediate 25: see `engine::puzzles::from_tables`). The hard level's search, given
//! no tables, must find the winning move in at least 95% of them.
//!
//! The budget is nodes, not time, so the result is the same on every machine (and in
//! this unoptimised test build): 4 million nodes is under what the hard level
//! searches in 1 s in a release build (see `cargo bench --bench engine`). The search
//! stops as soon as it proves a win, as the hard level does.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::engine::eval::Weights;
use oware_bot::engine::puzzles::{from_tables, Goal};
use oware_bot::engine::rng::Rng;
use oware_bot::engine::tables::build;
use oware_bot::engine::{Limits, Searcher};
use oware_bot::rules::{Game, Variant};

const PUZZLES: usize = 60;
const NODES: u64 = 4_000_000;

#[test]
fn the_hard_level_solves_at_least_95_percent_of_the_tactics_suite() {
    let tables = build(12, |_| {});
    let puzzles = from_tables(&tables, &mut Rng::new(2026), PUZZLES);
    assert_eq!(puzzles.len(), PUZZLES, "the tables hold enough puzzles");
    let mut searcher = Searcher::new(20, Weights::TUNED, None);
    let mut missed = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle.goal, Goal::Win);
        searcher.clear();
        let game = Game::from_position(Variant::Abapa, puzzle.position);
        let limits = Limits {
            depth: 100,
            nodes: NODES,
            time: None,
        };
        let report = searcher.search(&game, limits, |_| {}).expect("a live game");
        if report.best != puzzle.solution {
            missed.push((i, puzzle.solution, report.best, report.depth, report.value));
        }
    }
    let solved = PUZZLES - missed.len();
    println!("tactics: solved {solved} of {PUZZLES}; missed (index, solution, played, depth, value): {missed:?}");
    // 95% of 60 is 57.
    assert!(
        solved * 100 >= PUZZLES * 95,
        "solved {solved} of {PUZZLES}: {missed:?}"
    );
}
