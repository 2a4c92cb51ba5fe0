//! What a job was asked for beyond its kind and game: the `request` column, as a
//! value. Encoded and decoded here only; its meaning depends on the job's kind.

use serde::{Deserialize, Serialize};

use super::JobKind;
use crate::platform::Platform;

/// Where a requested review is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewTo {
    /// The chat network.
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The thread, if it was asked for in one.
    pub thread: Option<String>,
    /// The "analysing…" message the review replaces.
    pub anchor: String,
}

/// What a job was asked for (see [`super::NewJob::request`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobRequest {
    /// A review of the job's game: posted at `to`; with `None`, only its advice is
    /// judged (the automatic review when a game with advice ends).
    Review {
        /// Where the review goes.
        to: Option<ReviewTo>,
    },
    /// The tournament whose round may be over.
    Tournament(super::TournamentId),
    /// A request this version cannot read (a newer version wrote it, or it is
    /// damaged): its runner logs it and leaves it, as for an unknown kind.
    Unreadable(String),
}

/// A review request as stored: `{"to": …}`.
#[derive(Serialize, Deserialize)]
struct StoredReview {
    to: Option<ReviewTo>,
}

impl JobRequest {
    /// The `request` column.
    #[must_use]
    pub fn encode(&self) -> String {
        match self {
            JobRequest::Review { to } => {
                // Invariant: plain strings and options always serialize.
                serde_json::to_string(&StoredReview { to: to.clone() })
                    .expect("a review request serializes")
            }
            JobRequest::Tournament(id) => id.to_string(),
            JobRequest::Unreadable(text) => text.clone(),
        }
    }

    /// The request stored as `text` for a job of `kind`.
    #[must_use]
    pub fn decode(kind: &JobKind, text: String) -> JobRequest {
        let read = match kind {
            JobKind::Analysis => serde_json::from_str::<StoredReview>(&text)
                .ok()
                .map(|r| JobRequest::Review { to: r.to }),
            JobKind::Tournament => text.parse().ok().map(JobRequest::Tournament),
            _ => None,
        };
        read.unwrap_or(JobRequest::Unreadable(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_back_as_written_and_the_unreadable_are_kept() {
        let to = ReviewTo {
            platform: Platform::Matrix,
            space: None,
            channel: "!room:example.org".into(),
            thread: Some("$event".into()),
            anchor: "analysis-12".into(),
        };
        for (kind, request) in [
            (JobKind::Analysis, JobRequest::Review { to: None }),
            (JobKind::Analysis, JobRequest::Review { to: Some(to) }),
            (
                JobKind::Tournament,
                JobRequest::Tournament(crate::store::TournamentId::new(7)),
            ),
        ] {
            assert_eq!(JobRequest::decode(&kind, request.encode()), request);
        }
        // The form earlier versions wrote.
        assert_eq!(
            JobRequest::decode(&JobKind::Analysis, r#"{"to":null}"#.into()),
            JobRequest::Review { to: None }
        );
        assert_eq!(
            JobRequest::decode(&JobKind::Tournament, "T7".into()),
            JobRequest::Unreadable("T7".into())
        );
    }
}
