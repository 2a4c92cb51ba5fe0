//! The effects a change writes with it: its jobs, its outbox messages and the game's
//! clocks.
//!
//! A change that calls for later work or an announcement hands the store its
//! [`Effects`]. They are written in the change's own transaction, so a crash can never
//! keep the change and lose what must follow it (or the other way round).

use sqlx::{Any, Transaction};

use super::{
    outbox::{self, NewMessage},
    JobKind, JobRequest, StoreError,
};

/// A game's clocks after a change (see `play::clock`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClockColumns {
    /// Live clocks' time left at the start of the turn, `[South, North]`.
    pub left_ms: [i64; 2],
    /// When the turn began.
    pub turn_started_at: i64,
    /// When the side to move loses on time.
    pub deadline_at: Option<i64>,
}

/// What must follow a change, written in its transaction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Jobs to schedule.
    pub jobs: Vec<NewJob>,
    /// Messages to send.
    pub messages: Vec<NewMessage>,
    /// The game's clocks, when the change starts a new turn.
    pub clock: Option<ClockColumns>,
    /// The audit entry of a moderator's change (see [`super::NewAudit`]).
    pub audit: Option<super::NewAudit>,
}

impl Effects {
    /// Nothing follows.
    #[must_use]
    pub fn none() -> Effects {
        Effects::default()
    }
}

/// Writes `effects` inside `tx`. For a write on game `game` (its id and version after
/// the write), the game's earlier jobs are dropped, its clocks set, and jobs and
/// messages without a game are that game's.
pub(super) async fn apply(
    tx: &mut Transaction<'_, Any>,
    game: Option<(super::GameId, i64)>,
    effects: &Effects,
    now: i64,
) -> Result<(), StoreError> {
    if let Some((game_id, _)) = game {
        // A job with a request (an analysis) is not about the game's turn.
        sqlx::query("DELETE FROM jobs WHERE game_id = $1 AND request IS NULL")
            .bind(game_id)
            .execute(&mut **tx)
            .await?;
        if let Some(clock) = effects.clock {
            sqlx::query(
                "UPDATE games SET south_left_ms = $1, north_left_ms = $2, turn_started_at = $3,
                     deadline_at = $4
                 WHERE id = $5",
            )
            .bind(clock.left_ms[0])
            .bind(clock.left_ms[1])
            .bind(clock.turn_started_at)
            .bind(clock.deadline_at)
            .bind(game_id)
            .execute(&mut **tx)
            .await?;
        }
    }
    follow(tx, game, None, effects, now).await
}

/// The effects of game `game_id`, inserted in `tx` with their clocks: its jobs,
/// messages and audit entry (a new game has no jobs to replace).
pub(super) async fn apply_new(
    tx: &mut Transaction<'_, Any>,
    game_id: crate::store::GameId,
    effects: &Effects,
    now: i64,
) -> Result<(), StoreError> {
    follow(tx, Some((game_id, 0)), None, effects, now).await
}

/// The effects of challenge `challenge_id`, just inserted in `tx`: its messages
/// are about it (they are worded when sent, from the challenge as it is then).
pub(super) async fn apply_challenge(
    tx: &mut Transaction<'_, Any>,
    challenge_id: crate::store::ChallengeId,
    effects: &Effects,
    now: i64,
) -> Result<(), StoreError> {
    follow(tx, None, Some(challenge_id), effects, now).await
}

/// What follows a change besides the game's row: the jobs, messages (about
/// `challenge` too, when the change made one) and audit entry of `effects`.
async fn follow(
    tx: &mut Transaction<'_, Any>,
    game: Option<(super::GameId, i64)>,
    challenge: Option<crate::store::ChallengeId>,
    effects: &Effects,
    now: i64,
) -> Result<(), StoreError> {
    let jobs: Vec<(&NewJob, Option<super::GameId>, Option<i64>)> = effects
        .jobs
        .iter()
        .map(|job| {
            let game_id = job.game_id.or(game.map(|(id, _)| id));
            let version = game
                .filter(|(id, _)| Some(*id) == game_id)
                .map(|(_, version)| version);
            (job, game_id, version)
        })
        .collect();
    insert_jobs(tx, &jobs, now).await?;
    for message in &effects.messages {
        outbox::insert_about(tx, message, game.map(|(id, _)| id), challenge, now).await?;
    }
    if let Some(audit) = &effects.audit {
        super::moderation::insert_audit(tx, audit, now).await?;
    }
    Ok(())
}

/// Inserts `jobs` (each with its game and the game's version) in one statement.
async fn insert_jobs(
    conn: &mut sqlx::AnyConnection,
    jobs: &[(&NewJob, Option<super::GameId>, Option<i64>)],
    now: i64,
) -> Result<(), StoreError> {
    if jobs.is_empty() {
        return Ok(());
    }
    // `$n` placeholders by hand: sqlx's QueryBuilder writes `?` for the Any driver,
    // which PostgreSQL does not read.
    let rows: Vec<String> = (0..jobs.len())
        .map(|i| {
            let n = i * 7;
            format!(
                "(${}, ${}, ${}, ${}, ${}, ${}, ${})",
                n + 1,
                n + 2,
                n + 3,
                n + 4,
                n + 5,
                n + 6,
                n + 7
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO jobs (kind, game_id, challenge_id, game_version, due_at, request, created_at)
         VALUES {}",
        rows.join(", ")
    );
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (job, game_id, version) in jobs {
        insert = insert
            .bind(job.kind.as_str())
            .bind(*game_id)
            .bind(job.challenge_id)
            .bind(*version)
            .bind(job.due_at)
            .bind(job.request.as_ref().map(JobRequest::encode))
            .bind(now);
    }
    insert.execute(conn).await?;
    Ok(())
}

/// Inserts one job.
pub(super) async fn insert_job(
    conn: &mut sqlx::AnyConnection,
    job: &NewJob,
    game_id: Option<crate::store::GameId>,
    version: Option<i64>,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO jobs (kind, game_id, challenge_id, game_version, due_at, request,
                           created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(job.kind.as_str())
    .bind(game_id)
    .bind(job.challenge_id)
    .bind(version)
    .bind(job.due_at)
    .bind(job.request.as_ref().map(JobRequest::encode))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A job to schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewJob {
    /// What to do.
    pub kind: JobKind,
    /// The game it is for. In a write on a game, `None` means that game.
    pub game_id: Option<crate::store::GameId>,
    /// The challenge it is for.
    pub challenge_id: Option<crate::store::ChallengeId>,
    /// When it is due (Unix ms).
    pub due_at: i64,
    /// What was asked for, when more than the game (an analysis: where to post it).
    /// A job with a request outlives the game's turns.
    pub request: Option<JobRequest>,
}
