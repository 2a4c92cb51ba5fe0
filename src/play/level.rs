//! The engine opponent's strength as players choose it and the store keeps it;
//! what each level means in play is the engine's (`engine::level`).

use std::fmt;
use std::str::FromStr;

/// How strongly the engine plays.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Shallow and noisy: makes human-like mistakes.
    Easy,
    /// A solid club player.
    #[default]
    Medium,
    /// Full strength within the time budget.
    Hard,
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: choose easy, medium or hard")]
pub struct LevelParseError(pub String);

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The name used in commands and records.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl FromStr for Level {
    type Err = LevelParseError;

    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(LevelParseError(s.chars().take(20).collect())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<String> for Level {
    type Error = LevelParseError;

    fn try_from(level: String) -> Result<Level, LevelParseError> {
        level.parse()
    }
}
