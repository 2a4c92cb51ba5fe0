//! How good a move was: the class a post-game review gives each move played, by the
//! seeds it lost against the engine's best move (see `engine::analysis::classify`).

/// How good a move was, by the seeds it loses against the engine's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The engine's own choice.
    Best,
    /// Within a seed of the best.
    Good,
    /// Loses one to three seeds.
    Inaccuracy,
    /// Loses three to six seeds.
    Mistake,
    /// Loses six seeds or more.
    Blunder,
}

impl Class {
    /// The name for storage and messages: `"best"`, `"good"`, `"inaccuracy"`,
    /// `"mistake"` or `"blunder"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The class named `name` (see [`Class::as_str`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Class> {
        [
            Class::Best,
            Class::Good,
            Class::Inaccuracy,
            Class::Mistake,
            Class::Blunder,
        ]
        .into_iter()
        .find(|class| class.as_str() == name)
    }
}
