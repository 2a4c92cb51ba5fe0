//! How a game starts: who moves first, as a challenge asks for it.

/// Who moves first in a challenged game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum First {
    /// The challenger moves first and plays South (A–F). The default.
    #[default]
    Challenger,
    /// The challenged player moves first.
    Opponent,
    /// A coin toss.
    Random,
}

impl First {
    /// The `first` column of a challenge.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            First::Challenger => "challenger",
            First::Opponent => "opponent",
            First::Random => "random",
        }
    }

    /// Whether the challenger plays South (and moves first): a coin toss for
    /// [`First::Random`].
    #[must_use]
    pub fn challenger_south(self) -> bool {
        match self {
            First::Challenger => true,
            First::Opponent => false,
            First::Random => rand::random::<bool>(),
        }
    }
}

impl TryFrom<String> for First {
    type Error = String;

    fn try_from(first: String) -> Result<First, String> {
        match first.as_str() {
            "challenger" => Ok(First::Challenger),
            "opponent" => Ok(First::Opponent),
            "random" => Ok(First::Random),
            other => Err(format!("first `{other}`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_round_trips_through_its_column() {
        for first in [First::Challenger, First::Opponent, First::Random] {
            assert_eq!(First::try_from(first.as_str().to_owned()), Ok(first));
        }
        assert!(First::try_from("south".to_owned()).is_err());
        assert!(First::Challenger.challenger_south());
        assert!(!First::Opponent.challenger_south());
    }
}
