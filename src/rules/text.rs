//! A plain-text board for logs, console and text replies.

use std::fmt::Write;

use super::{Position, Side};

/// The board as South sees it, North's row `f e d c b a` on top:
///
/// ```text
///      f  e  d  c  b  a
///    [ 4| 4| 4| 4| 4| 4]  North  0
///    [ 4| 4| 4| 4| 4| 4]  South  0  <- to move
///      A  B  C  D  E  F
/// ```
///
/// `show_turn` marks the side to move (pass `false` once the game is over).
#[must_use]
pub fn text_board(position: Position, show_turn: bool) -> String {
    let board = position.board();
    let mut out = String::with_capacity(160);
    out.push_str("     f  e  d  c  b  a\n");
    for side in [Side::North, Side::South] {
        out.push_str("   [");
        for column in 0..6 {
            let index = match side {
                Side::North => 11 - column,
                Side::South => column,
            };
            if column > 0 {
                out.push('|');
            }
            let _ = write!(out, "{:>2}", board[index]);
        }
        let _ = write!(
            out,
            "]  {:<5} {:>2}",
            side.to_string(),
            position.score(side)
        );
        if show_turn && position.to_move() == side {
            out.push_str("  <- to move");
        }
        out.push('\n');
    }
    out.push_str("     A  B  C  D  E  F\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_reads_f_to_a_over_a_to_f() {
        let text = text_board(Position::START, true);
        assert_eq!(
            text,
            "     f  e  d  c  b  a\n   \
             [ 4| 4| 4| 4| 4| 4]  North  0\n   \
             [ 4| 4| 4| 4| 4| 4]  South  0  <- to move\n     \
             A  B  C  D  E  F\n"
        );
    }

    #[test]
    fn top_row_is_reversed() {
        let mut board = [0u8; 12];
        board[6] = 12; // a
        board[11] = 7; // f
        board[0] = 29; // A
        let p = Position::new(board, [0, 0], Side::North).unwrap();
        let text = text_board(p, true);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[1].starts_with("   [ 7| 0| 0| 0| 0|12]  North"),
            "{text}"
        );
        assert!(lines[1].ends_with("<- to move"), "{text}");
        assert!(
            lines[2].starts_with("   [29| 0| 0| 0| 0| 0]  South"),
            "{text}"
        );
    }
}
