//! The beginner's lessons (`/oware learn`): five positions, each taught by one move
//! to find: sowing, capture, multiple capture, feeding and the grand slam. South is
//! always to move (the learner's row is `A`–`F`, at the bottom), under the abapa
//! rules. Which moves a lesson accepts is decided by the rules core, from what each
//! move does, never written down by hand.

use crate::rules::{Effect, IllegalMove, Pit, Position, Side, Variant};

/// How many lessons there are, numbered from 1.
pub const COUNT: u8 = 5;

/// What a lesson teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// Sowing: find the pit whose last seed lands in North's pit `c`.
    Sowing,
    /// Capture: find the move that captures.
    Capture,
    /// Multiple capture: find the move that captures from several pits.
    MultipleCapture,
    /// Feeding: North has no seeds; find the move that gives them some.
    Feeding,
    /// Grand slam: the move taking all of North's seeds takes nothing; find the
    /// capture that counts.
    GrandSlam,
}

impl Topic {
    /// Its name in the catalogue's message ids: `sowing`, `capture`, …
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Topic::Sowing => "sowing",
            Topic::Capture => "capture",
            Topic::MultipleCapture => "multiple",
            Topic::Feeding => "feeding",
            Topic::GrandSlam => "grand-slam",
        }
    }
}

/// One lesson: its number, what it teaches, and its position (South to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// 1 to [`COUNT`].
    pub number: u8,
    /// What it teaches.
    pub topic: Topic,
    /// The position to play from.
    pub position: Position,
}

/// Lesson `number` (1 to [`COUNT`]), if there is one.
#[must_use]
pub fn lesson(number: u8) -> Option<Lesson> {
    // Pits in order `A B C D E F` (South), then `a b c d e f` (North).
    let (topic, board, scores): (Topic, [u8; 12], [u8; 2]) = match number {
        1 => (Topic::Sowing, [1, 1, 1, 5, 1, 1, 4, 4, 4, 4, 4, 4], [7, 7]),
        2 => (
            Topic::Capture,
            [3, 0, 0, 0, 0, 2, 0, 1, 4, 4, 4, 4],
            [13, 13],
        ),
        3 => (
            Topic::MultipleCapture,
            [0, 0, 0, 2, 1, 3, 1, 1, 2, 4, 4, 4],
            [13, 13],
        ),
        4 => (
            Topic::Feeding,
            [5, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0],
            [20, 20],
        ),
        5 => (
            Topic::GrandSlam,
            [0, 0, 0, 0, 2, 2, 1, 1, 0, 0, 0, 0],
            [21, 21],
        ),
        _ => return None,
    };
    let position = Position::new(board, scores, Side::South).ok()?;
    Some(Lesson {
        number,
        topic,
        position,
    })
}

impl Lesson {
    /// Whether playing `pit` solves the lesson, and what it did.
    ///
    /// # Errors
    /// The [`IllegalMove`] reason when `pit` cannot be played here (in the feeding
    /// lesson, why a move that does not feed is refused).
    pub fn try_move(&self, pit: Pit) -> Result<(bool, Effect), IllegalMove> {
        let (_, effect) = self.position.play(pit, Variant::Abapa)?;
        let solved = match self.topic {
            Topic::Sowing => effect.last == Pit::of(Side::North, 2),
            Topic::Capture => effect.captured > 0,
            Topic::MultipleCapture => effect.captured_pits.len() >= 2,
            // Every legal move feeds: the rules refuse the others.
            Topic::Feeding => true,
            Topic::GrandSlam => effect.captured > 0,
        };
        Ok((solved, effect))
    }

    /// The pits the learner may press: every pit of their row with seeds (a move
    /// the rules refuse is explained, not hidden).
    #[must_use]
    pub fn pits(&self) -> Vec<Pit> {
        (0..6)
            .map(|column| Pit::of(Side::South, column))
            .filter(|&pit| self.position.seeds(pit) > 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lesson_has_exactly_one_answer_and_a_wrong_move_to_learn_from() {
        for number in 1..=COUNT {
            let lesson = lesson(number).expect("a lesson");
            let answers: Vec<Pit> = lesson
                .pits()
                .into_iter()
                .filter(|&pit| matches!(lesson.try_move(pit), Ok((true, _))))
                .collect();
            assert_eq!(answers.len(), 1, "lesson {number}: {answers:?}");
            assert!(lesson.pits().len() >= 2, "lesson {number} is a choice");
        }
        assert_eq!(lesson(0), None);
        assert_eq!(lesson(COUNT + 1), None);
    }

    #[test]
    fn the_lessons_show_what_they_teach() {
        let pit = |letter| Pit::from_letter(letter).expect("a pit");
        // Sowing: D's five seeds end in c.
        let (solved, effect) = lesson(1).unwrap().try_move(pit('D')).unwrap();
        assert!(solved && effect.captured == 0);
        // Multiple capture: F takes c, b and a.
        let (_, effect) = lesson(3).unwrap().try_move(pit('F')).unwrap();
        assert_eq!((effect.captured, effect.captured_pits.len()), (7, 3));
        // Feeding: A does not reach North, so the rules refuse it.
        assert!(matches!(
            lesson(4).unwrap().try_move(pit('A')),
            Err(IllegalMove::MustFeed { .. })
        ));
        // Grand slam: F would take North's whole row, so takes nothing.
        let (solved, effect) = lesson(5).unwrap().try_move(pit('F')).unwrap();
        assert!(!solved && effect.grand_slam && effect.captured == 0);
        let (solved, effect) = lesson(5).unwrap().try_move(pit('E')).unwrap();
        assert!(solved && effect.captured == 2);
    }
}
