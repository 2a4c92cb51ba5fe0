//! The figures of `/oware status`: what is in progress and what waits, across every
//! server and network (for the bot's owners), or in one place (for its admins).

use super::StoreError;
use crate::platform::Platform;
use crate::store::words::{challenge_pending, game_active};
use crate::store::PageStore;

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

/// What is in progress and what waits in one place: a Discord server, or a channel
/// outside any server (a Matrix room, a DM, a console room).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaceCounts {
    /// Games being played there.
    pub active_games: i64,
    /// Challenges waiting for an answer there (not yet expired).
    pub pending_challenges: i64,
    /// Outbox messages for there not yet delivered: still to be tried.
    pub waiting: i64,
    /// Of those, dead (`/oware admin redeliver` re-queues them).
    pub dead: i64,
}

/// The rows of one place: the same Discord server, or with no server the same channel
/// (as `Place::holds` decides). `$1` is the platform, `$2` the space, `$3` the channel.
macro_rules! in_place {
    () => {
        " AND platform = $1 AND space IS NOT DISTINCT FROM $2
          AND (space IS NOT NULL OR channel = $3)"
    };
}

impl PageStore<'_> {
    /// The figures of `/oware status` for one place's admins at `now` (Unix
    /// milliseconds): only that place's games, challenges and messages.
    ///
    /// # Errors
    /// Database failures.
    pub async fn place_counts(
        self,
        now: i64,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
    ) -> Result<PlaceCounts, StoreError> {
        let (active_games, pending_challenges, waiting, dead): (i64, i64, i64, i64) =
            sqlx::query_as(concat!(
                concat!(
                    "SELECT (SELECT COUNT(*) FROM games WHERE status = '",
                    game_active!(),
                    "'"
                ),
                in_place!(),
                concat!(
                    "), (SELECT COUNT(*) FROM challenges WHERE status = '",
                    challenge_pending!(),
                    "'
                       AND expires_at > $4"
                ),
                in_place!(),
                "), (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL",
                in_place!(),
                "), (SELECT COUNT(*) FROM outbox
                       WHERE sent_at IS NULL AND dead_at IS NOT NULL",
                in_place!(),
                ")"
            ))
            .bind(platform.as_str())
            .bind(space)
            .bind(channel)
            .bind(now)
            .fetch_one(&self.store.reader)
            .await?;
        Ok(PlaceCounts {
            active_games,
            pending_challenges,
            waiting,
            dead,
        })
    }

    /// The figures of `/oware status` at `now` (Unix milliseconds).
    ///
    /// # Errors
    /// Database failures.
    pub async fn status_counts(self, now: i64) -> Result<StatusCounts, StoreError> {
        let (active_games, pending_challenges, jobs, jobs_due): (i64, i64, i64, i64) =
            sqlx::query_as(concat!(
                "SELECT (SELECT COUNT(*) FROM games WHERE status = '",
                game_active!(),
                "'),
                        (SELECT COUNT(*) FROM challenges
                           WHERE status = '",
                challenge_pending!(),
                "' AND expires_at > $1),
                        (SELECT COUNT(*) FROM jobs),
                        (SELECT COUNT(*) FROM jobs WHERE due_at <= $1)"
            ))
            .bind(now)
            .fetch_one(&self.store.reader)
            .await?;
        let unsent = sqlx::query_as(
            "SELECT platform,
                    COUNT(CASE WHEN dead_at IS NULL THEN 1 END) AS waiting,
                    COUNT(dead_at) AS dead
             FROM outbox WHERE sent_at IS NULL
             GROUP BY platform ORDER BY platform",
        )
        .fetch_all(&self.store.reader)
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
