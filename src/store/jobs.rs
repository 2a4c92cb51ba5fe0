//! Work that outlives a process: the job queue. Runners claim due jobs (a lease,
//! renewed while a job runs), and a job is deleted in the transaction that does its
//! work. Jobs are written with the change that calls for them (see `effects.rs`); a
//! game's jobs are replaced by every change to the game, so a job never acts on a
//! position that has moved on.

use crate::store::words::game_active;
use crate::store::JobStore;
use sqlx::{any::AnyRow, FromRow, Row};

use super::effects::{apply, insert_job, Effects, NewJob};
use super::{Backend, Claim, JobKind, JobRequest, StoreError, Unique};

/// A job as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRow {
    /// The job id.
    pub id: i64,
    /// What to do.
    pub kind: JobKind,
    /// The game it is for.
    pub game_id: Option<crate::store::GameId>,
    /// The challenge it is for.
    pub challenge_id: Option<crate::store::ChallengeId>,
    /// The game's version when the job was made: the job is stale if it changed.
    pub game_version: Option<i64>,
    /// When it was due.
    pub due_at: i64,
    /// What was asked for (see [`NewJob::request`]), read for its kind.
    pub request: Option<JobRequest>,
}

impl<'r> FromRow<'r, AnyRow> for JobRow {
    fn from_row(row: &'r AnyRow) -> Result<JobRow, sqlx::Error> {
        let kind = JobKind::from(row.try_get::<String, _>("kind")?);
        let request: Option<String> = row.try_get("request")?;
        Ok(JobRow {
            id: row.try_get("id")?,
            request: request.map(|text| JobRequest::decode(&kind, text)),
            kind,
            game_id: row.try_get("game_id")?,
            challenge_id: row.try_get("challenge_id")?,
            game_version: row.try_get("game_version")?,
            due_at: row.try_get("due_at")?,
        })
    }
}

/// Claims due jobs that no live runner holds, with `$lock` on the rows chosen.
macro_rules! claim {
    ($lock:literal) => {
        concat!(
            "UPDATE jobs SET claimed_until = $1
             WHERE id IN (SELECT id FROM jobs
                          WHERE due_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)
                          ORDER BY due_at, id LIMIT $3",
            $lock,
            ")
             RETURNING id, kind, game_id, challenge_id, game_version, due_at, request"
        )
    };
}

impl JobStore<'_> {
    /// Claims up to `limit` jobs due at `now` that no live runner holds, holding them
    /// until `lease_until`; soonest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_due_jobs(
        self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<JobRow>, StoreError> {
        // On PostgreSQL several processes claim at once: rows another claim has
        // locked are skipped, so each job goes to exactly one of them.
        let sql = match self.store.backend {
            Backend::Sqlite => claim!(""),
            Backend::Postgres => claim!(" FOR UPDATE SKIP LOCKED"),
        };
        Ok(sqlx::query_as(sql)
            .bind(lease_until)
            .bind(now)
            .bind(limit)
            .fetch_all(&self.store.writer)
            .await?)
    }

    /// When the next job falls due (or its runner's claim lapses), if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_job_due(self) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END)
                 FROM jobs",
        )
        .fetch_one(&self.store.reader)
        .await?)
    }

    /// When the earliest job is due, claimed or not.
    ///
    /// # Errors
    /// Database failures.
    pub async fn earliest_job(self) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar("SELECT MIN(due_at) FROM jobs")
            .fetch_one(&self.store.reader)
            .await?)
    }

    /// Releases every claim at start-up on SQLite, where the runners that held them
    /// are gone (one process per file). On PostgreSQL other processes may hold
    /// claims: a crashed one's claims lapse instead.
    ///
    /// # Errors
    /// Database failures.
    pub async fn release_job_claims(self) -> Result<u64, StoreError> {
        if self.store.backend == Backend::Postgres {
            return Ok(0);
        }
        Ok(
            sqlx::query("UPDATE jobs SET claimed_until = NULL WHERE claimed_until IS NOT NULL")
                .execute(&self.store.writer)
                .await?
                .rows_affected(),
        )
    }

    /// Holds claimed job `id` until `until` (a runner still at work on it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn renew_job_claim(self, id: i64, until: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE jobs SET claimed_until = $1 WHERE id = $2")
            .bind(until)
            .bind(id)
            .execute(&self.store.writer)
            .await?;
        Ok(())
    }

    /// Drops a job that found nothing to do.
    ///
    /// # Errors
    /// Database failures.
    pub async fn delete_job(self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM jobs WHERE id = $1")
            .bind(id)
            .execute(&self.store.writer)
            .await?;
        Ok(())
    }

    /// Does job `id`'s work if game `game_id` is still active at `version`: writes
    /// `effects` (its messages and jobs; the game's clocks are not touched) and drops
    /// the job, in one transaction. Returns `false`, dropping the job, when the game
    /// has moved on.
    ///
    /// # Errors
    /// Database failures.
    pub async fn complete_game_job(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        version: i64,
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let current: Option<i64> = sqlx::query_scalar(concat!(
            "SELECT version FROM games WHERE id = $1 AND status = '",
            game_active!(),
            "'"
        ))
        .bind(game_id)
        .fetch_optional(&mut *tx)
        .await?;
        let fresh = current == Some(version);
        if fresh {
            let effects = Effects {
                clock: None,
                ..effects.clone()
            };
            // Not a write on the game: its other jobs stay.
            apply(&mut tx, None, &effects, now).await?;
        }
        tx.commit().await?;
        Ok(fresh)
    }

    /// Games whose player to move is a bot with no engine job pending: what start-up
    /// resumes (games left by a version without jobs, or by a lost job).
    ///
    /// # Errors
    /// Database failures.
    pub async fn engine_games_without_job(self) -> Result<Vec<(super::GameId, i64)>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT g.id, g.version FROM games g
             JOIN players s ON s.id = g.south_id
             JOIN players n ON n.id = g.north_id
             WHERE g.status = '",
            game_active!(),
            "'
               AND CASE WHEN g.ply % 2 = 0 THEN s.is_bot ELSE n.is_bot END
               AND NOT EXISTS (SELECT 1 FROM jobs j
                               WHERE j.game_id = g.id AND j.kind = 'engine_move')"
        ))
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Schedules jobs outside any other change (start-up repairs).
    ///
    /// # Errors
    /// Database failures.
    pub async fn schedule(
        self,
        game: Option<(super::GameId, i64)>,
        jobs: &[NewJob],
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        // Not a write on the game: keep its other jobs, but stamp its version.
        for job in jobs {
            let game_id = job.game_id.or(game.map(|(id, _)| id));
            insert_job(&mut tx, job, game_id, game.map(|(_, v)| v), now).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
