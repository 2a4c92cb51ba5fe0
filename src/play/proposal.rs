//! What one player of a game in progress may ask the other, pending their answer:
//! ending an endless cycle by agreement, a draw, or a takeback. One request is
//! pending at a time, and the next move clears it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::rules::Side;

/// What is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Request {
    /// End the game now, each side taking the seeds on its own row (the abapa
    /// rules' way out of an endless cycle).
    End,
    /// A draw, whatever the seeds (as in chess).
    Draw,
    /// Take back the asker's last move (casual games only).
    Takeback,
}

impl Request {
    /// The stored name: `end`, `draw`, `takeback`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Request::End => "end",
            Request::Draw => "draw",
            Request::Takeback => "takeback",
        }
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Request {
    type Err = String;

    fn from_str(s: &str) -> Result<Request, String> {
        [Request::End, Request::Draw, Request::Takeback]
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| format!("request `{s}`"))
    }
}

/// A request pending in a game: what, and which side asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Proposal {
    /// What is asked.
    pub request: Request,
    /// Who asked.
    pub by: Side,
}

impl Proposal {
    /// Whether `side` has asked for `request`.
    #[must_use]
    pub fn is(self, request: Request, side: Side) -> bool {
        self.request == request && self.by == side
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip_through_their_names() {
        for r in [Request::End, Request::Draw, Request::Takeback] {
            assert_eq!(r.as_str().parse::<Request>(), Ok(r));
        }
        assert!("truce".parse::<Request>().is_err());
    }
}
