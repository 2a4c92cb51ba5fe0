//! A puzzle's stored form: its position (`4,4,0,…,4/10,12/S`), its solution and line
//! (canonical letters) and its goal (`win`, `seeds:N`). Written and read here only.

use crate::rules::{Pit, Position, Side};

/// What solving a puzzle achieves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleGoal {
    /// The solution wins, every other move loses or draws.
    Win,
    /// The solution ends at least this many seeds better off than any other move.
    Seeds(u8),
}

impl PuzzleGoal {
    /// The `goal` column.
    pub(super) fn encode(self) -> String {
        match self {
            PuzzleGoal::Win => "win".to_owned(),
            PuzzleGoal::Seeds(n) => format!("seeds:{n}"),
        }
    }

    /// Reads [`PuzzleGoal::encode`] back.
    pub(super) fn decode(text: &str) -> Option<PuzzleGoal> {
        match text.strip_prefix("seeds:") {
            Some(n) => n.parse().ok().map(PuzzleGoal::Seeds),
            None => (text == "win").then_some(PuzzleGoal::Win),
        }
    }
}

/// A puzzle's position as stored: `4,4,0,…,4/10,12/S`.
pub(super) fn encode_position(position: Position) -> String {
    let board: Vec<String> = position.board().iter().map(u8::to_string).collect();
    let [s, n] = position.scores();
    format!(
        "{}/{s},{n}/{}",
        board.join(","),
        position.to_move().letter()
    )
}

/// Reads [`encode_position`] back.
pub(super) fn decode_position(text: &str) -> Option<Position> {
    let mut parts = text.split('/');
    let (board, scores, side) = (parts.next()?, parts.next()?, parts.next()?);
    let mut pits = [0u8; 12];
    let mut counts = board.split(',');
    for pit in &mut pits {
        *pit = counts.next()?.parse().ok()?;
    }
    let (s, n) = scores.split_once(',')?;
    let side = Side::from_letter(side.chars().next()?)?;
    if counts.next().is_some() || parts.next().is_some() {
        return None;
    }
    Position::new(pits, [s.parse().ok()?, n.parse().ok()?], side).ok()
}

/// A line as stored: canonical letters separated by spaces.
pub(super) fn encode_line(pits: &[Pit]) -> String {
    pits.iter()
        .map(|p| p.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads [`encode_line`] back (a solution is a line of one).
pub(super) fn decode_line(text: &str) -> Option<Vec<Pit>> {
    text.split_whitespace()
        .map(|w| {
            let mut chars = w.chars();
            match (chars.next().and_then(Pit::from_letter), chars.next()) {
                (Some(pit), None) => Some(pit),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_and_junk_does_not() {
        let p = Position::new([1, 0, 3, 0, 0, 2, 0, 1, 0, 0, 4, 0], [20, 17], Side::North)
            .expect("a position");
        let text = encode_position(p);
        assert_eq!(text, "1,0,3,0,0,2,0,1,0,0,4,0/20,17/N");
        assert_eq!(decode_position(&text), Some(p));
        assert_eq!(
            decode_position(&encode_position(Position::START)),
            Some(Position::START)
        );
        for junk in ["", "1,2/3,4/S", "1,0,3,0,0,2,0,1,0,0,4,0/20,17", "x/y/z"] {
            assert_eq!(decode_position(junk), None, "{junk}");
        }
    }

    #[test]
    fn goals_and_lines_read_back() {
        for goal in [PuzzleGoal::Win, PuzzleGoal::Seeds(3)] {
            assert_eq!(PuzzleGoal::decode(&goal.encode()), Some(goal));
        }
        assert_eq!(PuzzleGoal::decode("seeds:x"), None);
        let line: Vec<Pit> = "C d E"
            .split(' ')
            .filter_map(|w| Pit::from_letter(w.chars().next()?))
            .collect();
        assert_eq!(decode_line(&encode_line(&line)), Some(line));
        assert_eq!(decode_line("C dd"), None);
    }
}
