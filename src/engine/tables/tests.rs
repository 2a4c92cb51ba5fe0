//! The tables against an independent, slow computation of the same values.

use std::collections::HashMap;

use super::*;
use crate::engine::rng::Rng;
use crate::rules::{Game, TOTAL_SEEDS};

/// Every board with `n` seeds, by plain recursion (not the ranking code).
fn boards(n: u8) -> Vec<[u8; 12]> {
    fn fill(pit: usize, left: u8, board: &mut [u8; 12], out: &mut Vec<[u8; 12]>) {
        if pit == 11 {
            board[11] = left;
            out.push(*board);
            return;
        }
        for s in 0..=left {
            board[pit] = s;
            fill(pit + 1, left - s, board, out);
        }
    }
    let mut out = Vec::new();
    fill(0, n, &mut [0; 12], &mut out);
    out
}

/// The game value with endless play scoring 0, by Jacobi value iteration over a map
/// (the value of the game cut off after k plies, for growing k, until it settles).
fn slow_values(max: u8) -> HashMap<[u8; 12], i32> {
    let mut all = HashMap::new();
    for n in 0..=max {
        for b in boards(n) {
            all.insert(b, 0i32);
        }
    }
    let start = |b: [u8; 12]| {
        let banked = TOTAL_SEEDS - b.iter().sum::<u8>();
        Position::new(b, [banked / 2, banked - banked / 2], Side::South).unwrap()
    };
    loop {
        let mut next = HashMap::with_capacity(all.len());
        for &b in all.keys() {
            let p = start(b);
            let moves = p.legal_moves(Variant::Abapa);
            let value = if moves.is_empty() {
                let own: i32 = b[..6].iter().map(|&s| i32::from(s)).sum();
                let other: i32 = b[6..].iter().map(|&s| i32::from(s)).sum();
                own - other
            } else {
                moves
                    .into_iter()
                    .map(|pit| {
                        let (c, e) = p.play_unchecked(pit, Variant::Abapa);
                        i32::from(e.captured) - all[&mover_board(c)]
                    })
                    .max()
                    .unwrap()
            };
            next.insert(b, value);
        }
        if next == all {
            return all;
        }
        all = next;
    }
}

#[test]
fn tables_match_slow_value_iteration_up_to_4_seeds() {
    let tables = build(4, |_| {});
    assert_eq!(tables.max_seeds(), 4);
    let slow = slow_values(4);
    for (board, &want) in &slow {
        let banked = TOTAL_SEEDS - board.iter().sum::<u8>();
        for side in Side::BOTH {
            // The same board seen from either side gives the same entry.
            let mut absolute = *board;
            if side == Side::North {
                absolute.rotate_left(6);
            }
            let p = Position::new(absolute, [banked / 2, banked - banked / 2], side).unwrap();
            assert_eq!(
                tables.probe(p, Variant::Abapa).map(i32::from),
                Some(want),
                "{p:?}"
            );
        }
    }
    let five = Position::new([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [22, 21], Side::South);
    assert_eq!(tables.probe(five.unwrap(), Variant::Abapa), None);
    assert_eq!(tables.probe(Position::START, Variant::Forbidden), None);
}

#[test]
fn simple_endings_have_the_obvious_values() {
    let tables = build(3, |_| {});
    let p = |b: [u8; 12], s: Side| {
        let banked = TOTAL_SEEDS - b.iter().sum::<u8>();
        Position::new(b, [banked / 2, banked - banked / 2], s).unwrap()
    };
    // Empty board: nothing left to win.
    assert_eq!(
        tables.probe(p([0; 12], Side::South), Variant::Abapa),
        Some(0)
    );
    // South cannot feed North's empty row from A with 1 seed: each takes its own row.
    let b = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(tables.probe(p(b, Side::South), Variant::Abapa), Some(1));
    // South's only move F sows onto a: 2 seeds there would be North's whole row, a
    // grand slam that captures nothing. North must then feed South's empty row and
    // cannot (a's 2 seeds reach c), so each takes its own row: North 2, South 0.
    let b = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
    let v = tables.probe(p(b, Side::South), Variant::Abapa).unwrap();
    assert_eq!(v, -2);
}

#[test]
fn search_with_tables_agrees_with_them_on_outcomes() {
    let tables = build(5, |_| {});
    let mut rng = Rng::new(7);
    let mut searcher =
        crate::engine::Searcher::new(12, crate::engine::eval::Weights::TUNED, Some(&tables));
    let mut checked = 0;
    while checked < 200 {
        let n = 1 + (rng.next_u64() % 5) as u8;
        let mut board = [0u8; 12];
        for _ in 0..n {
            board[(rng.next_u64() % 12) as usize] += 1;
        }
        let banked = TOTAL_SEEDS - n;
        let scores = [banked / 2, banked - banked / 2];
        let side = Side::BOTH[(rng.next_u64() % 2) as usize];
        let p = Position::new(board, scores, side).unwrap();
        let game = Game::from_position(Variant::Abapa, p);
        let Some(report) = searcher.search(&game, crate::engine::Limits::depth(1), |_| {}) else {
            continue;
        };
        let me = side.index();
        let banked_diff = i32::from(scores[me]) - i32::from(scores[1 - me]);
        let want = (banked_diff + i32::from(tables.probe(p, Variant::Abapa).unwrap())).signum();
        // The 25-seed ending (applied by the search, not the tables) changes margins,
        // never who wins.
        assert_eq!(report.value.signum(), want, "{p:?}");
        assert!(game.legal_moves().contains(report.best));
        checked += 1;
    }
}
