//! Post-game analyses, the judged advice that comes with them, and the advisers'
//! leaderboard. An analysis, its advisers' judgments, the puzzles found in it, its
//! messages and the end of its job commit in one transaction.

use crate::rules::Pit;
use crate::store::LearningStore;
use sqlx::{any::AnyRow, FromRow, Row};

use super::{
    effects::{self, Effects},
    puzzles::{self, NewPuzzle},
    review_form::StoredReview,
    Claim, JobRequest, NewJob, StoreError,
};

/// A stored analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRow {
    /// The analysis version that made it.
    pub engine: String,
    /// The review; `None` when it was stored in a form this version cannot read (a
    /// review asked for again is made again).
    pub review: Option<StoredReview>,
}

impl<'r> FromRow<'r, AnyRow> for AnalysisRow {
    fn from_row(row: &'r AnyRow) -> Result<AnalysisRow, sqlx::Error> {
        let result: String = row.try_get("result")?;
        let review = serde_json::from_str(&result)
            .map_err(|e| tracing::warn!(error = %e, "a stored review this version cannot read"))
            .ok();
        Ok(AnalysisRow {
            engine: row.try_get("engine")?,
            review,
        })
    }
}

/// One onlooker's vote, with their name.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct AdviceVote {
    /// Moves played when the advice was given (the ply it was for).
    pub ply: i64,
    /// The onlooker's player id.
    pub onlooker_id: crate::store::PlayerId,
    /// Their name.
    pub name: String,
    /// The pit they suggested (stored as its canonical letter).
    #[sqlx(try_from = "String")]
    pub pit: Pit,
}

/// One adviser's judged picks in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgment {
    /// The adviser's player id.
    pub onlooker_id: crate::store::PlayerId,
    /// Plies they advised on.
    pub picks: i64,
    /// Picks within one seed of the best move.
    pub close: i64,
    /// Seeds their picks lost against the best moves, in hundredths.
    pub loss: i64,
}

/// A line of the advisers' leaderboard.
#[derive(Clone, Debug, PartialEq, FromRow)]
pub struct AdviserRow {
    /// The adviser's name.
    pub name: String,
    /// Judged picks.
    pub picks: i64,
    /// Picks within one seed of the best.
    pub close: i64,
    /// Average loss per pick, in seeds.
    pub average: f64,
}

/// Where a game was played, for the per-server leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Venue {
    /// The chat network.
    pub platform: crate::platform::Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
}

/// What [`Store::queue_analysis`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queued {
    /// A new job.
    New,
    /// The queued automatic review of the game took the request.
    Joined,
    /// A requested review of the game is queued already: nothing changed.
    UnderWay,
    /// The asker has as many reviews queued as one person may: nothing changed.
    YoursFull,
    /// As many reviews are queued as the bot takes: nothing changed.
    AllFull,
}

/// Who asks for a review, and the caps on the queue (see [`Store::queue_analysis`]).
#[derive(Clone, Copy, Debug)]
pub struct Asker<'a> {
    /// Their chat network.
    pub platform: crate::platform::Platform,
    /// Their user id there.
    pub user_id: &'a str,
    /// Reviews one person may have queued at once.
    pub most_per_user: i64,
    /// Reviews asked for that may be queued at once, from everyone.
    pub most: i64,
}

impl Asker<'_> {
    /// The `jobs.requested_by` value of their requests.
    fn key(&self) -> String {
        format!("{}:{}", self.platform, self.user_id)
    }
}

impl LearningStore<'_> {
    /// The stored analysis of game `game_id`, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn analysis(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Option<AnalysisRow>, StoreError> {
        Ok(
            sqlx::query_as("SELECT engine, result FROM analyses WHERE game_id = $1")
                .bind(game_id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// Queues `job`, an analysis of its game asked for by `asker`, as the effect of
    /// the command being handled (recording its event, so a redelivered command
    /// queues nothing). A game has at most one analysis job: when one is queued
    /// already, a job whose request is `joinable` (the automatic review that only
    /// judges advice) takes `job`'s request instead, and any other is left as it
    /// is. A new request beyond the asker's cap, or the queue's, changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] for a command handled before; database failures.
    pub async fn queue_analysis(
        self,
        claim: Claim<'_>,
        job: &NewJob,
        joinable: &JobRequest,
        asker: Asker<'_>,
        now: i64,
    ) -> Result<Queued, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let queued: Option<Option<String>> =
            sqlx::query_scalar("SELECT request FROM jobs WHERE kind = 'analysis' AND game_id = $1")
                .bind(job.game_id)
                .fetch_optional(&mut *tx)
                .await?;
        let requested = queued.is_some_and(|request| request != Some(joinable.encode()));
        if !requested {
            // Requests, not the automatic reviews that judge advice, count.
            let key = asker.key();
            let (yours, all): (i64, i64) = sqlx::query_as(
                "SELECT COALESCE(SUM(CASE WHEN requested_by = $1 THEN 1 ELSE 0 END), 0),
                        COUNT(*)
                 FROM jobs WHERE kind = 'analysis' AND requested_by IS NOT NULL",
            )
            .bind(&key)
            .fetch_one(&mut *tx)
            .await?;
            let full = if yours >= asker.most_per_user {
                Some(Queued::YoursFull)
            } else if all >= asker.most {
                Some(Queued::AllFull)
            } else {
                None
            };
            if let Some(full) = full {
                // Committed: the command is handled.
                tx.commit().await?;
                return Ok(full);
            }
        }
        let inserted = sqlx::query(
            "INSERT INTO jobs (kind, game_id, due_at, request, created_at, requested_by)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (game_id) WHERE kind = 'analysis' DO NOTHING",
        )
        .bind(job.kind.as_str())
        .bind(job.game_id)
        .bind(job.due_at)
        .bind(job.request.as_ref().map(JobRequest::encode))
        .bind(now)
        .bind(asker.key())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let queued = if inserted == 1 {
            Queued::New
        } else {
            let joined = sqlx::query(
                "UPDATE jobs SET request = $1, requested_by = $4
                 WHERE kind = 'analysis' AND game_id = $2 AND request = $3",
            )
            .bind(job.request.as_ref().map(JobRequest::encode))
            .bind(job.game_id)
            .bind(joinable.encode())
            .bind(asker.key())
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if joined == 1 {
                Queued::Joined
            } else {
                Queued::UnderWay
            }
        };
        // Committed either way: the command is handled.
        tx.commit().await?;
        Ok(queued)
    }

    /// Every vote given in game `game_id`, in ply order, latest last.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_advice(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Vec<AdviceVote>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT a.ply, a.onlooker_id, p.name, a.pit FROM advice a
             JOIN players p ON p.id = a.onlooker_id
             WHERE a.game_id = $1 ORDER BY a.ply, a.given_at, a.onlooker_id",
        )
        .bind(game_id)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Ends analysis job `job_id` in one transaction: stores `review`, the analysis
    /// of game `game_id` made by analysis version `engine` (replacing an older one) with its advisers' `judgments` (played at
    /// `venue`) and the `puzzles` found in it, and writes `effects` (its messages).
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn store_analysis(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        venue: &Venue,
        engine: &str,
        review: &StoredReview,
        judgments: &[Judgment],
        found: &[NewPuzzle],
        effects: &Effects,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        sqlx::query(
            "INSERT INTO analyses (game_id, engine, result, finished_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id) DO UPDATE SET engine = excluded.engine,
                 result = excluded.result, finished_at = excluded.finished_at",
        )
        .bind(game_id)
        .bind(engine)
        .bind(serde_json::to_string(review).map_err(|e| sqlx::Error::Encode(Box::new(e)))?)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM advice_judgments WHERE game_id = $1")
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        for j in judgments {
            sqlx::query(
                "INSERT INTO advice_judgments (game_id, onlooker_id, platform, space, channel,
                                               picks, close, loss)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(game_id)
            .bind(j.onlooker_id)
            .bind(venue.platform.as_str())
            .bind(&venue.space)
            .bind(&venue.channel)
            .bind(j.picks)
            .bind(j.close)
            .bind(j.loss)
            .execute(&mut *tx)
            .await?;
        }
        for puzzle in found {
            puzzles::insert(&mut tx, puzzle, now).await?;
        }
        effects::apply(&mut tx, None, effects, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Ends job `job_id`, writing `effects` (its messages) in the same transaction.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finish_job(
        self,
        claim: Claim<'_>,
        effects: &Effects,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        effects::apply(&mut tx, None, effects, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The advisers with at least `min_picks` judged picks, best (lowest average
    /// loss) first: in `venue`'s server (its room where there is none), or
    /// everywhere when `venue` is `None`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn advisers(
        self,
        venue: Option<&Venue>,
        min_picks: i64,
        limit: i64,
    ) -> Result<Vec<AdviserRow>, StoreError> {
        let (platform, space, channel, global) = match venue {
            Some(v) => (
                v.platform.as_str(),
                v.space.as_deref(),
                v.channel.as_str(),
                false,
            ),
            None => ("", None, "", true),
        };
        Ok(sqlx::query_as(
            "SELECT p.name, CAST(SUM(j.picks) AS BIGINT) AS picks,
                    CAST(SUM(j.close) AS BIGINT) AS close,
                    CAST(SUM(j.loss) AS DOUBLE PRECISION) / 100.0 / SUM(j.picks) AS average
             FROM advice_judgments j JOIN players p ON p.id = j.onlooker_id
             WHERE $4 OR (j.platform = $1 AND CASE WHEN $2 IS NULL
                          THEN j.space IS NULL AND j.channel = $3 ELSE j.space = $2 END)
             GROUP BY j.onlooker_id, p.name HAVING SUM(j.picks) >= $5
             ORDER BY average, picks DESC, p.name LIMIT $6",
        )
        .bind(platform)
        .bind(space)
        .bind(channel)
        .bind(global)
        .bind(min_picks)
        .bind(limit)
        .fetch_all(&self.store.reader)
        .await?)
    }
}
