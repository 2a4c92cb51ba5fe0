//! A post-game review as stored: JSON in `analyses.result`, one entry per move
//! played. Written and read here only; the engine's review becomes this form in the
//! service.

use serde::{Deserialize, Serialize};

use crate::play::review::Class;

/// [`Class`] stored by its name.
mod class_name {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use crate::play::review::Class;

    pub(super) fn serialize<S: Serializer>(class: &Class, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(class.as_str())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Class, D::Error> {
        let name = String::deserialize(input)?;
        Class::from_name(&name).ok_or_else(|| D::Error::custom(format!("no class {name:?}")))
    }
}

/// A review as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredReview {
    /// One per move played.
    pub plies: Vec<StoredPly>,
    /// The expected final seed difference from South's side, per position, in
    /// hundredths of a seed.
    pub graph: Vec<i32>,
    /// `[South, North]`, 0 to 100.
    pub accuracy: [f64; 2],
    /// The move after which the result was decided.
    pub turning_point: Option<usize>,
}

/// One move's review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredPly {
    /// The move played (canonical letter).
    pub played: char,
    /// The engine's best move.
    pub best: char,
    /// Seeds the move lost against the best, in hundredths.
    pub loss: i32,
    /// How good it was (stored by name: `best`, `good`, … `blunder`).
    #[serde(with = "class_name")]
    pub class: Class,
    /// The engine's line from the best move, letters separated by spaces.
    pub line: String,
    /// Every legal move's value for the mover, in hundredths of a seed.
    pub scores: Vec<(char, i32)>,
}

impl StoredReview {
    /// What playing `pit` at move `ply` (0-based) would have lost against the best
    /// move, in hundredths of a seed; `None` if it was not a legal move there.
    #[must_use]
    pub fn loss_of(&self, ply: usize, pit: char) -> Option<i32> {
        let p = self.plies.get(ply)?;
        let best = p.scores.iter().map(|&(_, v)| v).max()?;
        p.scores
            .iter()
            .find(|&&(letter, _)| letter == pit)
            .map(|&(_, v)| best - v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reviews stored before the class was typed read back the same: it is stored
    /// by name, and a name no class has is refused.
    #[test]
    fn a_stored_class_is_its_name() {
        let json = r#"{"played":"A","best":"C","loss":400,"class":"mistake","line":"C d","scores":[["A",-100]]}"#;
        let ply: StoredPly = serde_json::from_str(json).unwrap();
        assert_eq!(ply.class, Class::Mistake);
        let again = serde_json::to_string(&ply).unwrap();
        assert!(again.contains(r#""class":"mistake""#), "{again}");
        let bad = json.replace("mistake", "meh");
        assert!(serde_json::from_str::<StoredPly>(&bad).is_err());
    }

    #[test]
    fn losses_of_any_move_come_from_the_scores() {
        let stored = StoredReview {
            plies: vec![StoredPly {
                played: 'A',
                best: 'C',
                loss: 400,
                class: Class::Mistake,
                line: "C d".into(),
                scores: vec![('A', -100), ('C', 300), ('D', 250)],
            }],
            graph: vec![0, 300],
            accuracy: [50.0, 100.0],
            turning_point: None,
        };
        assert_eq!(stored.loss_of(0, 'C'), Some(0));
        assert_eq!(stored.loss_of(0, 'D'), Some(50));
        assert_eq!(stored.loss_of(0, 'A'), Some(400));
        assert_eq!(stored.loss_of(0, 'B'), None);
        assert_eq!(stored.loss_of(1, 'A'), None);
    }
}
