//! The search against a plain minimax of the same rules (repetition ending, the
//! 25-seed win, an empty row), and the late-move-reduction rules: which moves are
//! reduced, by how much, that a reduced move which may be good is searched again,
//! and that the reductions do save nodes.

use proptest::prelude::*;

use super::*;
use crate::engine::ordering::NOT_LATE;

fn random_game(seed: u64, plies: usize) -> Game {
    crate::engine::tests::random_game(seed, plies, Variant::Abapa)
}

/// Full-width negamax to `depth`, no pruning, no table: the value the searcher
/// must reproduce when nothing in it trades exactness for speed. `path` holds the
/// keys since the last capture, as the searcher keeps them.
fn minimax(position: Position, depth: u32, path: &mut Vec<u128>, weights: &Weights) -> i32 {
    let legal = position.legal_moves(Variant::Abapa);
    if legal.is_empty() {
        return final_value(position.swept());
    }
    if depth == 0 {
        return evaluate(position, weights);
    }
    let mover = position.to_move();
    let mut best = -INFINITY;
    for pit in legal {
        let (child, effect) = position.play_unchecked(pit, Variant::Abapa);
        let key = child.key();
        // Values for the mover: final values are for the child's side to move.
        let value = if child.score(mover) >= WINNING_SCORE {
            -final_value(child)
        } else if effect.captured == 0 && path.contains(&key) {
            -final_value(child.swept())
        } else if effect.captured > 0 {
            -minimax(child, depth - 1, &mut vec![key], weights)
        } else {
            path.push(key);
            let v = -minimax(child, depth - 1, path, weights);
            path.pop();
            v
        };
        best = best.max(value);
    }
    best
}

/// The keys since the last capture of `game`, its current position included.
fn game_path(game: &Game) -> Vec<u128> {
    let mut path = vec![game.start().key()];
    for ply in game.plies() {
        if ply.effect.captured > 0 {
            path.clear();
        }
        path.push(ply.after.key());
    }
    path
}

/// The switches that keep the search exact, in every combination (from a bit mask):
/// no reductions and no table, any window and any move order.
fn exact_features(mask: u8) -> Features {
    Features {
        reductions: false,
        aspiration: mask & 1 != 0,
        history: mask & 2 != 0,
        kept_table: false,
        table: false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Alpha-beta with PVS's null-window re-searches, aspiration windows widened
    /// on failure and any move order gives minimax's value. (With the table, an
    /// entry searched deeper may answer a position reached again at a shallower
    /// remaining depth, which changes values on purpose.)
    #[test]
    fn without_reductions_the_search_is_exactly_minimax(
        seed in any::<u64>(),
        plies in 0usize..40,
        depth in 1u32..=7,
        mask in 0u8..4,
    ) {
        let game = random_game(seed, plies);
        prop_assume!(!game.is_over());
        let weights = Weights::TUNED;
        let mut searcher = Searcher::new(12, weights, None);
        searcher.set_features(exact_features(mask));
        let report = searcher.search(&game, Limits::depth(depth), |_| {}).unwrap();
        // It stops early only with one legal move or a proven result.
        if report.depth < depth {
            prop_assert!(game.legal_moves().len() == 1 || report.value.abs() >= WIN);
        }
        let depth = report.depth;
        let expected = minimax(game.position(), depth, &mut game_path(&game), &weights);
        prop_assert_eq!(report.value, expected, "depth {} after {}", depth, plies);
        // The best move is worth the value.
        let mut child = game.clone();
        child.play(report.best).unwrap();
        let best_value = if child.is_over() {
            -final_value(child.position())
        } else {
            -minimax(child.position(), depth - 1, &mut game_path(&child), &weights)
        };
        prop_assert_eq!(best_value, expected);
    }
}

#[test]
fn which_moves_are_reduced_and_by_how_much() {
    let searcher = Searcher::new(4, Weights::TUNED, None);
    let quiet = 7; // a history score: a late quiet move
                   // The first two moves, shallow nodes and moves ordered by something better
                   // than history are never reduced.
    assert_eq!(searcher.reduction(0, quiet, 10), 0);
    assert_eq!(searcher.reduction(1, quiet, 10), 0);
    assert_eq!(searcher.reduction(5, quiet, 2), 0);
    for key in [NOT_LATE, 1 << 28, 1 << 29, 1 << 30, u32::MAX] {
        assert_eq!(searcher.reduction(5, key, 10), 0, "key {key:#x}");
    }
    // Late quiet moves: one ply, two from the fifth move of a deep node.
    assert_eq!(searcher.reduction(2, quiet, 3), 1);
    assert_eq!(searcher.reduction(3, quiet, 10), 1);
    assert_eq!(searcher.reduction(4, quiet, 5), 1);
    assert_eq!(searcher.reduction(4, quiet, 6), 2);
    assert_eq!(searcher.reduction(5, NOT_LATE - 1, 6), 2);
    // Switched off, nothing is.
    let mut off = Searcher::new(4, Weights::TUNED, None);
    off.set_features(Features {
        reductions: false,
        ..Features::ALL
    });
    assert_eq!(off.reduction(5, quiet, 10), 0);
}

/// The searches `late_move_value` asks for, given the values a scripted search
/// returns in turn: `(depth, alpha, beta)` each.
fn searches(
    depth: u32,
    reduction: u32,
    window: (i32, i32),
    answers: &[i32],
) -> (Option<i32>, Vec<(u32, i32, i32)>) {
    let mut asked = Vec::new();
    let mut answers = answers.iter().copied();
    let value = late_move_value(depth, reduction, window.0, window.1, |d, a, b| {
        asked.push((d, a, b));
        answers.next()
    });
    (value, asked)
}

#[test]
fn a_reduced_move_that_may_be_good_is_searched_again() {
    let window = (100, 300);
    let null = (100, 101);
    // The reduced search fails low: the move is left at that.
    assert_eq!(
        searches(8, 2, window, &[40]),
        (Some(40), vec![(6, null.0, null.1)])
    );
    // It beats alpha: the same null window at full depth, which fails low.
    assert_eq!(
        searches(8, 2, window, &[150, 90]),
        (Some(90), vec![(6, 100, 101), (8, 100, 101)])
    );
    // At full depth it still beats alpha, inside the window: the full window.
    assert_eq!(
        searches(8, 1, window, &[150, 180, 250]),
        (Some(250), vec![(7, 100, 101), (8, 100, 101), (8, 100, 300)])
    );
    // At full depth it beats beta: a cut-off, with no full-window search.
    assert_eq!(
        searches(8, 1, window, &[150, 400]),
        (Some(400), vec![(7, 100, 101), (8, 100, 101)])
    );
    // Not reduced: PVS alone, a null window and, inside the window, the full one.
    assert_eq!(
        searches(8, 0, window, &[50]),
        (Some(50), vec![(8, 100, 101)])
    );
    assert_eq!(
        searches(8, 0, window, &[200, 220]),
        (Some(220), vec![(8, 100, 101), (8, 100, 300)])
    );
    // An aborted search aborts the move, whichever search it was.
    assert_eq!(searches(8, 2, window, &[]).0, None);
    assert_eq!(searches(8, 2, window, &[150]).0, None);
    assert_eq!(searches(8, 2, window, &[150, 180]).0, None);
}

/// The reductions do cut the tree: fewer nodes at the same depth, from the
/// positions of 40 random games.
#[test]
fn reductions_search_fewer_nodes() {
    let (mut with, mut without) = (0, 0);
    for seed in 0..40u64 {
        let game = random_game(seed, 10 + (seed % 30) as usize);
        if game.is_over() {
            continue;
        }
        for (features, total) in [
            (Features::ALL, &mut with),
            (
                Features {
                    reductions: false,
                    ..Features::ALL
                },
                &mut without,
            ),
        ] {
            let mut searcher = Searcher::new(16, Weights::TUNED, None);
            searcher.set_features(features);
            *total += searcher
                .search(&game, Limits::depth(10), |_| {})
                .unwrap()
                .nodes;
        }
    }
    assert!(
        with * 10 < without * 7,
        "{with} nodes with reductions, {without} without"
    );
}
