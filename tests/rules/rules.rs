//! Hand-written cases for each rule of DESIGN.md section 2.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::rules::{EndReason, Game, IllegalMove, Pit, Position, Side, Variant};

fn pit(c: char) -> Pit {
    Pit::from_letter(c).expect("a pit letter")
}

/// A position from South's row `A..F`, North's row `a..f`, scores and side.
fn pos(south: [u8; 6], north: [u8; 6], scores: [u8; 2], to_move: Side) -> Position {
    let mut board = [0; 12];
    board[..6].copy_from_slice(&south);
    board[6..].copy_from_slice(&north);
    Position::new(board, scores, to_move).expect("48 seeds")
}

#[test]
fn a_lap_of_twelve_or_more_skips_the_origin() {
    // 15 seeds from A: B-F (5), a-f (6), A skipped, B-E (4).
    let p = pos(
        [15, 0, 0, 0, 0, 0],
        [0, 1, 1, 1, 1, 1],
        [14, 14],
        Side::South,
    );
    let (after, effect) = p.play(pit('A'), Variant::Abapa).unwrap();
    assert_eq!(after.board(), [0, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2]);
    assert!(effect.lap);
    assert_eq!(effect.last, pit('E'));
    assert_eq!(effect.captured, 0);
}

#[test]
fn a_capture_chain_of_five_pits_stops_at_a_pit_holding_one() {
    // F sows a-f; a ends with 1, b-f with 2 or 3: f, e, d, c, b are taken.
    let p = pos(
        [0, 0, 0, 0, 10, 6],
        [0, 1, 2, 1, 2, 1],
        [12, 13],
        Side::South,
    );
    let (after, effect) = p.play(pit('F'), Variant::Abapa).unwrap();
    assert_eq!(effect.captured_pits.letters(), "bcdef");
    assert_eq!(effect.captured, 3 + 2 + 3 + 2 + 2);
    assert_eq!(after.board(), [0, 0, 0, 0, 10, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(after.scores(), [12 + 12, 13]);
}

#[test]
fn a_capture_chain_stops_at_the_movers_own_row() {
    // F sows a-e; a-e end with 2 or 3; the chain stops at a, F and E are South's own.
    let p = pos(
        [0, 0, 0, 0, 2, 5],
        [1, 2, 1, 2, 1, 4],
        [15, 15],
        Side::South,
    );
    let (after, effect) = p.play(pit('F'), Variant::Abapa).unwrap();
    assert_eq!(effect.captured_pits.letters(), "abcde");
    assert_eq!(effect.captured, 2 + 3 + 2 + 3 + 2);
    assert_eq!(after.board(), [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 4]);
    assert_eq!(after.score(Side::South), 15 + 12);
}

#[test]
fn captures_only_on_the_opponents_row() {
    // North's last seed lands in its own pit f, which then holds 2: nothing is taken.
    let p = pos([4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 0, 1], [3, 4], Side::North);
    let (after, effect) = p.play(pit('b'), Variant::Abapa).unwrap();
    assert_eq!(effect.last, pit('f'));
    assert_eq!(after.seeds(pit('f')), 2);
    assert_eq!(effect.captured, 0);
    assert_eq!(after.scores(), [3, 4]);
}

/// South's F sows a-f and every North pit ends with 2 or 3: a grand slam.
fn grand_slam_position(alternative: bool) -> Position {
    let a = u8::from(alternative);
    pos(
        [a, 0, 0, 0, 0, 6],
        [1, 2, 1, 2, 1, 2],
        [17, 16 - a],
        Side::South,
    )
}

#[test]
fn grand_slam_abapa_is_legal_and_captures_nothing() {
    let p = grand_slam_position(true);
    let (after, effect) = p.play(pit('F'), Variant::Abapa).unwrap();
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(after.board()[6..], [2, 3, 2, 3, 2, 3]);
    assert_eq!(after.scores(), p.scores());
}

#[test]
fn grand_slam_forbidden_is_illegal_unless_it_is_the_only_move() {
    let p = grand_slam_position(true);
    assert_eq!(p.legal_moves(Variant::Forbidden).letters(), "A");
    assert!(matches!(
        p.play(pit('F'), Variant::Forbidden),
        Err(IllegalMove::GrandSlamForbidden { .. })
    ));
    let only = grand_slam_position(false);
    assert_eq!(only.legal_moves(Variant::Forbidden).letters(), "F");
    let (after, effect) = only.play(pit('F'), Variant::Forbidden).unwrap();
    assert!(effect.grand_slam);
    assert_eq!(after.scores(), only.scores());
}

#[test]
fn grand_slam_capture_all_takes_the_row_and_ends_the_game() {
    // As in the other grand-slam cases, with lower scores so 25 is not reached.
    let start = pos(
        [1, 10, 0, 0, 0, 6],
        [1, 2, 1, 2, 1, 2],
        [8, 14],
        Side::South,
    );
    let mut game = Game::from_position(Variant::CaptureAll, start);
    let effect = game.play(pit('F')).unwrap().effect;
    assert_eq!(effect.captured, 15);
    assert!(!effect.grand_slam);
    let outcome = game.outcome().expect("North cannot move");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    // South took 15, then each side took its own row (South's A and B: 11).
    assert_eq!(outcome.scores, [8 + 15 + 11, 14]);
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn feeding_is_forced_when_the_opponents_row_is_empty() {
    let p = pos([1, 0, 0, 0, 0, 1], [0; 6], [23, 23], Side::South);
    assert!(p.must_feed());
    assert_eq!(p.legal_moves(Variant::Abapa).letters(), "F");
    let err = p.play(pit('A'), Variant::Abapa).unwrap_err();
    assert!(matches!(err, IllegalMove::MustFeed { .. }));
    assert!(err.to_string().contains("sow from F"), "{err}");
}

#[test]
fn when_feeding_is_impossible_each_side_takes_its_own_row() {
    // North sows its last seed into A; South (A, B, C: one each) cannot reach
    // North's row.
    let start = pos(
        [0, 1, 1, 0, 0, 0],
        [0, 0, 0, 0, 0, 1],
        [22, 23],
        Side::North,
    );
    let mut game = Game::from_position(Variant::Abapa, start);
    game.play(pit('f')).unwrap();
    let outcome = game.outcome().expect("South cannot feed");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.scores, [22 + 3, 23]);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(game.position().board(), [0; 12]);
    assert_eq!(game.check(pit('A')), Err(IllegalMove::GameOver));
}

#[test]
fn reaching_25_ends_the_game_with_the_board_as_it_stands() {
    // South's F lands on a (1 → 2): 23 + 2 = 25.
    let start = pos(
        [4, 0, 0, 0, 0, 1],
        [1, 3, 3, 0, 0, 0],
        [23, 13],
        Side::South,
    );
    let mut game = Game::from_position(Variant::Abapa, start);
    game.play(pit('F')).unwrap();
    let outcome = game.outcome().expect("25 wins");
    assert_eq!(outcome.reason, EndReason::WinningScore);
    assert_eq!(outcome.scores, [25, 13]);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(
        game.position().board(),
        [4, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0]
    );
    assert!(game.legal_moves().is_empty());
}

/// South F=1, North f=1, South to move: the two seeds chase each other round the
/// board without capturing and the position recurs after 12 plies.
fn cycle_moves() -> Vec<Pit> {
    "F f A a B b C c D d E e"
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(pit)
        .collect()
}

#[test]
fn an_endless_cycle_ends_at_the_first_repetition_and_rows_are_taken() {
    let start = pos(
        [0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 1],
        [23, 23],
        Side::South,
    );
    let mut game = Game::from_position(Variant::Abapa, start);
    let moves = cycle_moves();
    for (i, &m) in moves.iter().enumerate() {
        assert!(!game.is_over(), "still going before ply {}", i + 1);
        // Only the last move brings the start back, and it is known beforehand.
        let warned = game.repetition_after(m);
        if i + 1 == moves.len() {
            let outcome = warned.expect("the last move repeats the start");
            assert_eq!(
                (outcome.reason, outcome.scores),
                (EndReason::Repetition, [24, 24])
            );
        } else {
            assert_eq!(warned, None, "ply {}", i + 1);
        }
        game.play(m)
            .unwrap_or_else(|e| panic!("ply {}: {m}: {e}", i + 1));
    }
    let outcome = game.outcome().expect("the start position recurred");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(outcome.scores, [24, 24]);
    assert_eq!(outcome.winner, None, "24-24 is a draw");
}

#[test]
fn repetition_counts_only_positions_since_the_last_capture() {
    // North's e sows f and A; A (1 → 2) is captured. The cycle position (F=1, f=1,
    // South to move) first appears after that capture, so it must recur once more.
    let start = pos(
        [1, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 2, 0],
        [22, 22],
        Side::North,
    );
    let mut game = Game::from_position(Variant::Abapa, start);
    assert_eq!(game.play(pit('e')).unwrap().effect.captured, 2);
    for &m in &cycle_moves() {
        assert!(!game.is_over());
        game.play(m).unwrap();
    }
    let outcome = game.outcome().expect("recurred 12 plies after the capture");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(game.plies().len(), 13);
    assert_eq!(outcome.scores, [23, 25]);
}

#[test]
fn agreement_gives_each_side_its_own_row_and_resignation_loses() {
    let mut game = Game::from_moves(Variant::Abapa, &[pit('F'), pit('a')]).unwrap();
    let outcome = game.end_by_agreement().unwrap();
    assert_eq!(outcome.reason, EndReason::Agreement);
    assert_eq!(outcome.scores, [20, 28]);
    assert_eq!(outcome.winner, Some(Side::North));
    assert_eq!(game.end_by_agreement(), Err(IllegalMove::GameOver));

    // An agreed draw has no winner whatever the seeds, and leaves the board.
    let mut game = Game::from_moves(Variant::Abapa, &[pit('F'), pit('a')]).unwrap();
    let before = game.position();
    let outcome = game.agree_draw().unwrap();
    assert_eq!(outcome.reason, EndReason::DrawAgreed);
    assert_eq!((outcome.winner, outcome.scores), (None, before.scores()));
    assert_eq!(game.position(), before);
    assert_eq!(game.agree_draw(), Err(IllegalMove::GameOver));

    let mut game = Game::new(Variant::Abapa);
    let outcome = game.resign(Side::South).unwrap();
    assert_eq!(outcome.winner, Some(Side::North));
    assert_eq!(outcome.reason, EndReason::Resignation(Side::South));
    assert_eq!(game.play(pit('A')).unwrap_err(), IllegalMove::GameOver);
}

#[test]
fn refusals_name_the_reason_and_the_legal_pits() {
    let game = Game::from_moves(Variant::Abapa, &[pit('F')]).unwrap();
    let err = game.check(pit('A')).unwrap_err();
    assert!(matches!(
        err,
        IllegalMove::NotYourRow {
            side: Side::North,
            ..
        }
    ));
    assert!(err.to_string().contains("a, b, c, d, e and f"), "{err}");
    let game = Game::from_moves(Variant::Abapa, &[pit('F'), pit('a')]).unwrap();
    let err = game.check(pit('F')).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pit F is empty: your legal pits are A, B, C, D and E"
    );
}
