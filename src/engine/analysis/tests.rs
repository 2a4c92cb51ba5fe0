//! Analysis: classification, a known blunder, self-play without blunders, the graph,
//! reproducibility, exact values with tables.

use super::*;
use crate::engine::tables::build;
use crate::rules::Variant;

/// Small budgets: the tests run unoptimised.
const NODES: u64 = 10_000;

fn pit(c: char) -> Pit {
    Pit::from_letter(c).expect("a pit letter")
}

/// North to move. South's F (2 seeds) threatens a and b (2 each): 6 seeds. North's a
/// or b moves a target away; c and f leave both.
fn threatened() -> Position {
    let board = [1, 0, 1, 0, 0, 2, 2, 2, 1, 0, 0, 3];
    Position::new(board, [18, 18], Side::North).expect("48 seeds")
}

/// A game played by the analysis search itself for both sides, from `start`, for at
/// most `plies` moves.
fn self_play(start: Position, plies: usize, nodes: u64) -> Game {
    let mut analyser = Analyser::new(nodes, None);
    let mut game = Game::from_position(Variant::Abapa, start);
    while game.plies().len() < plies {
        let Some(scored) = analyser.score(&game) else {
            break;
        };
        game.play(scored.best).expect("the best move is legal");
    }
    game
}

fn random_game(seed: u64, plies: usize) -> Game {
    crate::engine::tests::random_game(seed, plies, Variant::Abapa)
}

#[test]
fn classification_edges() {
    assert_eq!(classify(0, true), Class::Best);
    assert_eq!(classify(0, false), Class::Good);
    assert_eq!(classify(99, false), Class::Good);
    assert_eq!(classify(100, false), Class::Inaccuracy);
    assert_eq!(classify(299, false), Class::Inaccuracy);
    assert_eq!(classify(300, false), Class::Mistake);
    assert_eq!(classify(599, false), Class::Mistake);
    assert_eq!(classify(600, false), Class::Blunder);
    assert_eq!(classify(5_000, false), Class::Blunder);
    assert_eq!(Class::Inaccuracy.as_str(), "inaccuracy");
}

#[test]
fn giving_away_six_seeds_is_a_blunder() {
    let mut game = Game::from_position(Variant::Abapa, threatened());
    game.play(pit('c')).expect("legal");
    game.play(pit('F')).expect("legal");
    assert_eq!(game.plies()[1].effect.captured, 6);
    let analysis = analyse(&game, NODES, None);
    let [north, south] = [&analysis.plies[0], &analysis.plies[1]];
    assert_eq!(north.mover, Side::North);
    assert_eq!(north.class, Class::Blunder, "{north:?}");
    assert!(north.loss >= BLUNDER);
    assert!([pit('a'), pit('b')].contains(&north.best), "{north:?}");
    assert_eq!(north.line.first(), Some(&north.best));
    assert_eq!(
        north.loss_of(pit('f')),
        Some(north.loss),
        "f leaves the same capture"
    );
    assert_eq!(north.loss_of(north.best), Some(0));
    assert_eq!(north.loss_of(pit('A')), None);
    assert_eq!(south.class, Class::Best);
    assert_eq!(south.best, pit('F'));
    assert_eq!(analysis.accuracy[Side::South.index()], 100.0);
    assert!(analysis.accuracy[Side::North.index()] < 13.0);
    // North was fine before c and lost after it.
    assert_eq!(analysis.turning_point, Some(0), "{:?}", analysis.graph);
}

#[test]
fn self_play_by_the_analysis_search_has_no_blunders() {
    let game = self_play(Position::START, 30, NODES);
    assert_eq!(game.plies().len(), 30);
    let analysis = analyse(&game, NODES, None);
    assert_eq!(analysis.plies.len(), 30);
    for (i, ply) in analysis.plies.iter().enumerate() {
        assert_ne!(ply.class, Class::Blunder, "ply {i}: {ply:?}");
        // The same searches in the same order: the analysis agrees with every move.
        assert_eq!(ply.class, Class::Best, "ply {i}: {ply:?}");
        assert_eq!(
            ply.scores.len(),
            game.plies()[i].before.legal_moves(Variant::Abapa).len()
        );
        assert!(ply.depth >= 2 && ply.line.len() <= LINE_PLIES);
    }
    assert_eq!(analysis.accuracy, [100.0, 100.0]);
    assert_eq!(analysis.graph.len(), 31);
    // A stronger player (twice the budget) judged by the weaker search: no blunders.
    let stronger = self_play(Position::START, 30, 2 * NODES);
    let analysis = analyse(&stronger, NODES, None);
    for (i, ply) in analysis.plies.iter().enumerate() {
        assert!(ply.loss < MISTAKE, "ply {i}: {ply:?}");
    }
}

#[test]
fn the_graph_ends_at_the_final_difference_of_a_finished_game() {
    let board = [2, 0, 3, 1, 0, 2, 0, 2, 1, 0, 3, 0];
    let start = Position::new(board, [17, 17], Side::South).expect("48 seeds");
    let game = self_play(start, 400, 3_000);
    let outcome = game.outcome().expect("a small game ends");
    let analysis = analyse(&game, 3_000, None);
    assert_eq!(analysis.plies.len(), game.plies().len());
    assert_eq!(analysis.graph.len(), game.plies().len() + 1);
    let [south, north] = outcome.scores;
    let last = *analysis.graph.last().expect("a point per position");
    assert_eq!(last, (i32::from(south) - i32::from(north)) * SEED);
    assert!(analysis
        .turning_point
        .is_none_or(|i| i < analysis.plies.len()));
}

#[test]
fn a_resigned_game_ends_with_a_searched_position() {
    let mut game = random_game(3, 12);
    game.resign(Side::North).expect("a live game");
    let analysis = analyse(&game, 2_000, None);
    assert_eq!(analysis.plies.len(), 12);
    assert_eq!(analysis.graph.len(), 13);
    let unfinished = random_game(3, 12);
    let again = analyse(&unfinished, 2_000, None);
    assert_eq!(again.graph, analysis.graph);
    assert_eq!(again.plies, analysis.plies);
}

#[test]
fn analysing_twice_gives_identical_results() {
    let game = random_game(7, 24);
    let first = analyse(&game, NODES, None);
    let second = analyse(&game, NODES, None);
    assert_eq!(first, second);
    assert!(first.nodes > 0);
    // Every position stays within its budget (plus the check interval and the
    // searches for lost line moves).
    assert!(first.nodes <= 25 * 2 * NODES, "{}", first.nodes);
}

#[test]
fn positions_within_the_tables_are_valued_exactly() {
    let tables = build(8, |_| {});
    let board = [1, 0, 2, 0, 0, 1, 1, 0, 2, 0, 1, 0];
    let start = Position::new(board, [20, 20], Side::South).expect("48 seeds");
    let mut game = Game::from_position(Variant::Abapa, start);
    let mut analyser = Analyser::new(2_000, Some(&tables));
    while let Some(scored) = analyser.score(&game) {
        let exact = exact_values(&tables, game.position(), Variant::Abapa).expect("8 seeds");
        let exact: Vec<(Pit, i32)> = exact.into_iter().map(|(p, v)| (p, v * SEED)).collect();
        assert_eq!(scored.scores, exact, "{:?}", game.position());
        game.play(scored.best).expect("legal");
    }
    assert!(game.plies().len() >= 4, "{game:?}");
    let analysis = analyse(&game, 2_000, Some(&tables));
    assert!(analysis.plies.iter().all(|p| p.class == Class::Best));
    // With perfect values no move changes the predicted outcome (the margins may
    // change where a side reaches 25, which the tables do not apply).
    let first = verdict(analysis.graph[0]);
    assert!(
        analysis.graph.iter().all(|&v| verdict(v) == first),
        "{:?}",
        analysis.graph
    );
    assert_eq!(analysis.turning_point, None);
}

#[test]
fn turning_point_and_accuracy_formulas() {
    let south = Some(Side::South);
    assert_eq!(turning_point(&[0, 50, 300, -200, 400, 500], south), Some(3));
    assert_eq!(turning_point(&[300, 500], south), None);
    assert_eq!(turning_point(&[300, -500], south), None);
    assert_eq!(turning_point(&[-300, 99, -99], None), Some(0));
    let ply = |mover, loss, moves: usize| PlyAnalysis {
        mover,
        played: Pit::ALL[0],
        best: Pit::ALL[0],
        scores: (0..moves).map(|i| (Pit::ALL[i], 0)).collect(),
        loss,
        class: classify(loss, loss == 0),
        line: Vec::new(),
        depth: 1,
    };
    let plies = [
        ply(Side::South, 0, 3),
        ply(Side::South, 200, 3),
        ply(Side::South, 900, 1),
    ];
    assert_eq!(accuracy(&plies), [75.0, 100.0]);
}

#[test]
fn versions_name_budget_and_tables() {
    let tables = build(2, |_| {});
    let plain = version(1_000, None);
    assert_ne!(plain, version(2_000, None));
    assert_ne!(plain, version(1_000, Some(&tables)));
    assert_eq!(plain, version(1_000, None));
    assert!(plain.contains("nodes-1000"), "{plain}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, ..Default::default() })]

    #[test]
    fn every_analysis_is_consistent(seed in proptest::prelude::any::<u64>(), plies in 0usize..30) {
        let game = random_game(seed, plies);
        let analysis = analyse(&game, 500, None);
        proptest::prop_assert_eq!(analysis.plies.len(), game.plies().len());
        proptest::prop_assert_eq!(analysis.graph.len(), game.plies().len() + 1);
        for (ply, played) in analysis.plies.iter().zip(game.plies()) {
            let legal = played.before.legal_moves(Variant::Abapa);
            let listed: Vec<Pit> = ply.scores.iter().map(|&(p, _)| p).collect();
            proptest::prop_assert_eq!(listed, legal.into_iter().collect::<Vec<_>>());
            proptest::prop_assert!(legal.contains(ply.best));
            proptest::prop_assert_eq!(ply.played, played.effect.pit);
            proptest::prop_assert_eq!(ply.loss_of(ply.played), Some(ply.loss));
            proptest::prop_assert!(ply.loss >= 0);
            proptest::prop_assert_eq!(ply.class, classify(ply.loss, ply.played == ply.best));
            proptest::prop_assert!(ply.line.len() <= LINE_PLIES);
        }
        for a in analysis.accuracy {
            proptest::prop_assert!((0.0..=100.0).contains(&a));
        }
        proptest::prop_assert!(analysis.turning_point.is_none_or(|i| i < analysis.plies.len()));
    }
}
