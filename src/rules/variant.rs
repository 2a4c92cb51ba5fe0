//! Rule variants a game can be started with: how a grand slam is treated.

use std::{fmt, str::FromStr};

/// What happens on a grand slam: a capture that would take every seed on the
/// opponent's row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// International abapa: the move is legal and captures nothing.
    #[default]
    Abapa,
    /// The move is illegal unless it is the only legal move; then it captures nothing.
    Forbidden,
    /// The move captures everything; the opponent cannot move and the game ends with
    /// each side taking the seeds on its own row.
    CaptureAll,
}

/// An unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}`: choose abapa, forbidden or capture-all")]
pub struct VariantParseError(pub String);

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 3] = [Variant::Abapa, Variant::Forbidden, Variant::CaptureAll];

    /// The name used in commands, records and the database.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Abapa => "abapa",
            Variant::Forbidden => "forbidden",
            Variant::CaptureAll => "capture-all",
        }
    }
}

impl FromStr for Variant {
    type Err = VariantParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "abapa" | "default" | "international" => Ok(Variant::Abapa),
            "forbidden" => Ok(Variant::Forbidden),
            "capture-all" | "captureall" | "capture_all" => Ok(Variant::CaptureAll),
            _ => Err(VariantParseError(s.chars().take(20).collect())),
        }
    }
}

impl TryFrom<String> for Variant {
    type Error = VariantParseError;

    fn try_from(name: String) -> Result<Variant, VariantParseError> {
        name.parse()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
