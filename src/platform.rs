//! The chat networks the bot plays on. A value every layer shares: a command comes
//! from one, the store keeps each row's (decoded once, as it is read), and replies go
//! back to it.

use std::fmt;

/// The chat network a command came from. Identities are `(platform, user id)`.
/// Serialized (in a job's request) by its stored name.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// The local terminal chat (the embedded default).
    Console,
    /// A Discord server or DM.
    Discord,
    /// A Matrix room.
    Matrix,
}

impl Platform {
    /// Every platform.
    pub const ALL: [Platform; 3] = [Platform::Console, Platform::Discord, Platform::Matrix];

    /// The name stored in the database.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Discord => "discord",
            Platform::Matrix => "matrix",
        }
    }

    /// The platform stored as `name` ([`Platform::as_str`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stored platform name this version does not know.
#[derive(Debug, thiserror::Error)]
#[error("unknown platform {0:?}")]
pub struct UnknownPlatform(pub String);

impl TryFrom<String> for Platform {
    type Error = UnknownPlatform;

    /// Decodes a row's `platform` column.
    fn try_from(name: String) -> Result<Platform, UnknownPlatform> {
        Platform::from_name(&name).ok_or(UnknownPlatform(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_platform_reads_back_from_its_stored_name() {
        for platform in Platform::ALL {
            assert_eq!(
                Platform::try_from(platform.as_str().to_owned()).ok(),
                Some(platform)
            );
        }
        assert!(Platform::try_from("irc".to_owned()).is_err());
        for platform in Platform::ALL {
            let json = serde_json::to_string(&platform).expect("serializes");
            assert_eq!(json, format!("\"{}\"", platform.as_str()));
        }
    }
}
