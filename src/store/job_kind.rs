//! What a job does: the `kind` column of the jobs table, as a value.

/// What a job does (its `kind` column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The engine plays its move.
    EngineMove,
    /// The side to move loses on time (or the game is aborted if a side never moved).
    Timeout,
    /// Remind the player to move.
    Reminder,
    /// A game against the engine with no human move for a long time is aborted.
    IdleAbort,
    /// A challenge nobody answered expires.
    ChallengeExpiry,
    /// The engine reviews a finished game (its request says where to post it).
    Analysis,
    /// A batch of puzzles is generated from the endgame tables.
    Puzzles,
    /// A finished game's thread is archived.
    ArchiveThread,
    /// A tournament's round may be over: start the next (its request is the
    /// tournament's id).
    Tournament,
    /// A kind this version does not run (a newer version wrote it): its runner logs
    /// it and leaves it, rather than one such row stopping every job.
    Unknown(String),
}

impl JobKind {
    /// The `kind` column.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            JobKind::EngineMove => "engine_move",
            JobKind::Timeout => "timeout",
            JobKind::Reminder => "reminder",
            JobKind::IdleAbort => "idle_abort",
            JobKind::ChallengeExpiry => "challenge_expiry",
            JobKind::Analysis => "analysis",
            JobKind::Puzzles => "puzzles",
            JobKind::ArchiveThread => "archive_thread",
            JobKind::Tournament => "tournament",
            JobKind::Unknown(kind) => kind,
        }
    }
}

impl From<String> for JobKind {
    fn from(kind: String) -> JobKind {
        match kind.as_str() {
            "engine_move" => JobKind::EngineMove,
            "timeout" => JobKind::Timeout,
            "reminder" => JobKind::Reminder,
            "idle_abort" => JobKind::IdleAbort,
            "challenge_expiry" => JobKind::ChallengeExpiry,
            "analysis" => JobKind::Analysis,
            "puzzles" => JobKind::Puzzles,
            "archive_thread" => JobKind::ArchiveThread,
            "tournament" => JobKind::Tournament,
            _ => JobKind::Unknown(kind),
        }
    }
}

impl std::fmt::Display for JobKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::JobKind;

    #[test]
    fn every_kind_round_trips_and_an_unknown_one_is_kept_as_written() {
        for kind in [
            JobKind::EngineMove,
            JobKind::Timeout,
            JobKind::Reminder,
            JobKind::IdleAbort,
            JobKind::ChallengeExpiry,
            JobKind::Analysis,
            JobKind::Puzzles,
            JobKind::ArchiveThread,
            JobKind::Tournament,
        ] {
            assert_eq!(JobKind::from(kind.as_str().to_owned()), kind);
        }
        let newer = JobKind::from("from_the_future".to_owned());
        assert_eq!(newer, JobKind::Unknown("from_the_future".to_owned()));
        assert_eq!(newer.as_str(), "from_the_future");
    }
}
