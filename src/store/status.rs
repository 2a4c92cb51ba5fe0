//! The figures of `/oware status`: what is in progress and what waits, across every
//! server and network.

use super::{Store, StoreError};
use crate::platform::Platform;

/// What is in progress and what waits, in the whole database.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusCounts {
    /// Games being played.
    pub active_games: i64,
    /// Challenges waiting for an answer (not yet expired).
    pub pending_challenges: i64,
    /// Jobs waiting (engine moves, deadlines, reminders, expiries).
    pub jobs: i64,
    /// Of those, the ones due now or overdue.
    pub jobs_due: i64,
    /// Per platform name (`console`, `discord`, `matrix`), outbox messages not yet
    /// delivered: still to be tried, and dead (undeliverable, or failing for the
    /// whole retry period; `/oware admin redeliver` re-queues them). Only
    /// platforms with any are listed, by name.
    pub unsent: Vec<UnsentCount>,
}

/// One platform's undelivered outbox messages.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UnsentCount {
    /// The chat network.
    #[sqlx(try_from = "String")]
    pub platform: Platform,
    /// Still to be tried.
    pub waiting: i64,
    /// Dead.
    pub dead: i64,
}

impl Store {
    /// The figures of `/oware status` at `now` (Unix milliseconds).
    ///
    /// # Errors
    /// Database failures.
    pub async fn status_counts(&self, now: i64) -> Result<StatusCounts, StoreError> {
        let (active_games, pending_challenges, jobs, jobs_due): (i64, i64, i64, i64) =
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM games WHERE status = 'active'),
                        (SELECT COUNT(*) FROM challenges
                           WHERE status = 'pending' AND expires_at > $1),
                        (SELECT COUNT(*) FROM jobs),
                        (SELECT COUNT(*) FROM jobs WHERE due_at <= $1)",
            )
            .bind(now)
            .fetch_one(&self.reader)
            .await?;
        let unsent = sqlx::query_as(
            "SELECT platform,
                    COUNT(CASE WHEN dead_at IS NULL THEN 1 END) AS waiting,
                    COUNT(dead_at) AS dead
             FROM outbox WHERE sent_at IS NULL
             GROUP BY platform ORDER BY platform",
        )
        .fetch_all(&self.reader)
        .await?;
        Ok(StatusCounts {
            active_games,
            pending_challenges,
            jobs,
            jobs_due,
            unsent,
        })
    }
}
