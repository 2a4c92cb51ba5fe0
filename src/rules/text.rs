//! A plain-text board for logs, console and text replies.

use std::fmt::Write;

use super::{Pit, Position, Side};

/// The board as `seat` sees it: their own row at the bottom read left to right, the
/// other row above it reversed. From South's seat, North's row `f e d c b a` on top:
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
pub fn text_board(position: Position, show_turn: bool, seat: Side) -> String {
    let labels = BoardLabels {
        south: "South",
        north: "North",
        to_move: "to move",
    };
    text_board_with(position, show_turn, seat, &labels)
}

/// The words of a text board, in the reader's language.
#[derive(Clone, Copy, Debug)]
pub struct BoardLabels<'a> {
    /// South's name (`South`).
    pub south: &'a str,
    /// North's name (`North`).
    pub north: &'a str,
    /// The mark beside the side to move (`to move`).
    pub to_move: &'a str,
}

/// [`text_board`] with its words given by `labels`.
#[must_use]
pub fn text_board_with(
    position: Position,
    show_turn: bool,
    seat: Side,
    labels: &BoardLabels<'_>,
) -> String {
    let board = position.board();
    let mut out = String::with_capacity(160);
    let (top, bottom) = (seat.opponent(), seat);
    // The columns left to right: the bottom row's own order, the top row's reversed.
    let column = |side: Side, c: usize| if side == bottom { c } else { 5 - c };
    let letters = |out: &mut String, side: Side| {
        out.push_str("    ");
        for c in 0..6 {
            let _ = write!(out, " {} ", Pit::of(side, column(side, c)).letter());
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    };
    letters(&mut out, top);
    for side in [top, bottom] {
        out.push_str("   [");
        for c in 0..6 {
            if c > 0 {
                out.push('|');
            }
            let _ = write!(out, "{:>2}", board[Pit::of(side, column(side, c)).index()]);
        }
        let _ = write!(
            out,
            "]  {:<5} {:>2}",
            match side {
                Side::South => labels.south,
                Side::North => labels.north,
            },
            position.score(side)
        );
        if show_turn && position.to_move() == side {
            out.push_str("  <- ");
            out.push_str(labels.to_move);
        }
        out.push('\n');
    }
    letters(&mut out, bottom);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_reads_f_to_a_over_a_to_f() {
        let text = text_board(Position::START, true, Side::South);
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
        let text = text_board(p, true, Side::South);
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

    #[test]
    fn from_norths_seat_their_row_is_at_the_bottom_a_to_f() {
        let mut board = [0u8; 12];
        board[6] = 12; // a
        board[11] = 7; // f
        board[0] = 29; // A
        let p = Position::new(board, [0, 0], Side::North).unwrap();
        assert_eq!(
            text_board(p, true, Side::North),
            "     F  E  D  C  B  A\n   \
             [ 0| 0| 0| 0| 0|29]  South  0\n   \
             [12| 0| 0| 0| 0| 7]  North  0  <- to move\n     \
             a  b  c  d  e  f\n"
        );
    }
}
