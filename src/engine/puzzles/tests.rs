//! Puzzles against an independent brute force over the tables, verification, and
//! puzzles from game positions.

use std::sync::OnceLock;

use super::*;
use crate::engine::tables::{build, mover_board};

/// Small budgets: the tests run unoptimised.
const NODES: u64 = 10_000;

/// 10-seed tables, built once for the module (about 2 s unoptimised).
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| build(10, |_| {}))
}

fn pit(c: char) -> Pit {
    Pit::from_letter(c).expect("a pit letter")
}

/// The final seed difference for the side to move at `position` under perfect play,
/// looking one ply ahead of the tables: every move played out by hand, the tables
/// only for the positions after it.
fn outcome_by_hand(tables: &Tables, position: Position) -> i32 {
    let me = position.to_move();
    let banked = |p: Position| i32::from(p.score(me)) - i32::from(p.score(me.opponent()));
    let moves = position.legal_moves(Variant::Abapa);
    if moves.is_empty() {
        return banked(position.swept());
    }
    let board = mover_board(position);
    assert!(board.iter().map(|&s| usize::from(s)).sum::<usize>() <= tables.max_seeds());
    moves
        .into_iter()
        .map(|pit| {
            let (child, _) = position.play_unchecked(pit, Variant::Abapa);
            if child.score(me) >= WINNING_SCORE {
                return banked(child);
            }
            let rest = tables.probe(child, Variant::Abapa).expect("fewer seeds");
            banked(child) - i32::from(rest)
        })
        .max()
        .expect("a legal move")
}

/// Each legal move's outcome for the mover (`> 0` a win), two plies by hand.
fn outcomes_by_hand(tables: &Tables, position: Position) -> Vec<(Pit, i32)> {
    let me = position.to_move();
    position
        .legal_moves(Variant::Abapa)
        .into_iter()
        .map(|pit| {
            let (child, _) = position.play_unchecked(pit, Variant::Abapa);
            let value = if child.score(me) >= WINNING_SCORE {
                i32::from(child.score(me)) - i32::from(child.score(me.opponent()))
            } else {
                -outcome_by_hand(tables, child)
            };
            (pit, value)
        })
        .collect()
}

#[test]
fn table_puzzles_have_exactly_one_winning_move() {
    let tables = tables();
    let puzzles = from_tables(tables, &mut Rng::new(1), 24);
    assert_eq!(puzzles.len(), 24);
    for p in &puzzles {
        let position = p.position;
        let [south, north] = position.scores();
        let on_board: u8 = position.board().iter().sum();
        assert!(usize::from(on_board) <= tables.max_seeds());
        assert!(south < WINNING_SCORE && north < WINNING_SCORE);
        assert!(position.legal_moves(Variant::Abapa).len() >= 2);
        assert_eq!(p.goal, Goal::Win);
        let outcomes = outcomes_by_hand(tables, position);
        for &(pit, value) in &outcomes {
            assert_eq!(pit == p.solution, value > 0, "{p:?}: {outcomes:?}");
        }
        // Not trivial: no win by reaching 25 at once, not the only capture.
        let (child, effect) = position.play_unchecked(p.solution, Variant::Abapa);
        assert!(child.score(position.to_move()) < WINNING_SCORE);
        let captures = position
            .legal_moves(Variant::Abapa)
            .into_iter()
            .filter(|&m| position.play_unchecked(m, Variant::Abapa).1.captured > 0)
            .count();
        assert!(effect.captured == 0 || captures > 1, "{p:?}");
        // The line is legal play from the position, solution first.
        assert_eq!(p.line.first(), Some(&p.solution));
        let mut game = Game::from_position(Variant::Abapa, position);
        for &m in &p.line {
            game.play(m).expect("a legal line");
        }
        assert!(verify(p, NODES, Some(tables)), "{p:?}");
    }
    // Deterministic for a seed; another seed gives others.
    assert_eq!(from_tables(tables, &mut Rng::new(1), 24), puzzles);
    assert_ne!(from_tables(tables, &mut Rng::new(2), 3), puzzles[..3]);
}

#[test]
fn verify_rejects_a_wrong_solution_or_goal() {
    let tables = tables();
    let puzzles = from_tables(tables, &mut Rng::new(5), 6);
    for p in &puzzles {
        for other in p.position.legal_moves(Variant::Abapa) {
            let wrong = Puzzle {
                solution: other,
                ..p.clone()
            };
            assert_eq!(verify(&wrong, NODES, Some(tables)), other == p.solution);
        }
        let illegal = Puzzle {
            solution: Pit::ALL[(p.solution.index() + 6) % 12],
            ..p.clone()
        };
        assert!(!verify(&illegal, NODES, Some(tables)));
        let greedy = Puzzle {
            goal: Goal::Seeds(48),
            ..p.clone()
        };
        assert!(!verify(&greedy, NODES, Some(tables)));
    }
}

#[test]
fn tiny_tables_hold_no_puzzles() {
    let tables = build(1, |_| {});
    assert!(from_tables(&tables, &mut Rng::new(1), 1).is_empty());
}

#[test]
fn a_quiet_position_is_no_puzzle() {
    let game = Game::new(Variant::Abapa);
    assert_eq!(from_position(&game, NODES, None), None);
    let mut later = game.clone();
    for m in ['F', 'a', 'D', 'e'] {
        later.play(pit(m)).expect("legal");
    }
    assert_eq!(from_position(&later, NODES, Some(tables())), None);
}

#[test]
fn a_unique_six_seed_capture_is_a_puzzle() {
    // South's F (2 seeds) sows into a and b (2 each) and takes 6; A and C take nothing.
    let board = [1, 0, 1, 0, 0, 2, 2, 2, 0, 1, 0, 3];
    let position = Position::new(board, [18, 18], Side::South).expect("48 seeds");
    let game = Game::from_position(Variant::Abapa, position);
    // 12 seeds: beyond the 10-seed tables, so the search decides (tables at its leaves).
    for tables in [None, Some(tables())] {
        let p = from_position(&game, NODES, tables).expect("a puzzle");
        assert_eq!(p.solution, pit('F'), "{p:?}");
        assert!(matches!(p.goal, Goal::Seeds(g) if g >= 6), "{p:?}");
        assert_eq!(p.line.first(), Some(&pit('F')));
        assert!(verify(&p, NODES, tables));
        let wrong = Puzzle {
            solution: pit('A'),
            ..p.clone()
        };
        assert!(!verify(&wrong, NODES, tables));
    }
    // Within the tables (10 seeds): decided exactly.
    let board = [1, 0, 1, 0, 0, 2, 2, 2, 0, 1, 0, 1];
    let position = Position::new(board, [19, 19], Side::South).expect("48 seeds");
    let game = Game::from_position(Variant::Abapa, position);
    let p = from_position(&game, NODES, Some(tables())).expect("a puzzle");
    assert_eq!(p.solution, pit('F'), "{p:?}");
    let values = exact_values(tables(), position, Variant::Abapa).expect("10 seeds");
    let gap = exact_gap(&values, p.solution).expect("several moves");
    assert_eq!(p.goal, Goal::Seeds(gap as u8));
    assert!(verify(&p, NODES, Some(tables())));
    // A finished game or another variant gives none.
    let mut over = game.clone();
    over.resign(Side::South).expect("a live game");
    assert_eq!(from_position(&over, NODES, None), None);
    let grand = Game::from_position(Variant::CaptureAll, position);
    assert_eq!(from_position(&grand, NODES, None), None);
}
