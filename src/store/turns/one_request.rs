//! A move that does not end its game, sent to the database as one request.
//!
//! - On PostgreSQL, one statement: its data-modifying CTEs take the store's write
//!   lock, claim what the write acts on, record the move, replace the game's jobs and
//!   queue its messages. A statement is atomic on its own, so it needs no `BEGIN`
//!   and `COMMIT`: with the read of the game, a move costs two round trips.
//! - On SQLite, whose calls stay in the process, the same statements as one script
//!   inside the write transaction (`BEGIN IMMEDIATE`, the claim, the script,
//!   `COMMIT`).
//!
//! Either way the game's row is the guard: the move applies only if the game is
//! still active at the version and ply it was read at. A move that ends its game
//! (its ratings, the tournament's next round) takes the transaction in `turns`,
//! whose first two statements are the same `UPDATE` and `INSERT` ([`record_in`]).

use crate::store::words::{game_active, game_finished};
use crate::store::GameStore;
use sqlx::Row;

use sqlx::{Any, Transaction};

use super::super::{
    outbox::NewMessage, Backend, Claim, GameEnd, JobRequest, MoveRecord, NewJob, StoreError,
};

/// One argument of the request.
enum Value {
    Int(Option<i64>),
    Text(Option<String>),
    Flag(bool),
}

/// The request's arguments, numbered `$1`, `$2`, … as they are added.
#[derive(Default)]
struct Args(Vec<Value>);

impl Args {
    fn push(&mut self, value: Value) -> String {
        self.0.push(value);
        format!("${}", self.0.len())
    }

    fn int(&mut self, value: impl Into<Option<i64>>) -> String {
        self.push(Value::Int(value.into()))
    }

    fn text(&mut self, value: Option<&str>) -> String {
        self.push(Value::Text(value.map(str::to_owned)))
    }

    fn flag(&mut self, value: bool) -> String {
        self.push(Value::Flag(value))
    }
}

/// What a move writes: the move on game `game_id` read at `version`, the game's end
/// if it ends it, and the jobs and messages that follow it (written by the one
/// request; the transaction of a move that ends its game writes its own).
pub(super) struct MoveWrite<'a> {
    pub game_id: crate::store::GameId,
    pub version: i64,
    pub record: &'a MoveRecord,
    pub end: Option<&'a GameEnd>,
    pub jobs: &'a [NewJob],
    pub messages: &'a [NewMessage],
    pub now: i64,
}

impl MoveWrite<'_> {
    /// `UPDATE games …`: the guarded change of the game's row (its ply, scores,
    /// clocks, pits, and its end if the move ends it), ending in its `WHERE`, for
    /// more guards to follow.
    fn update(&self, a: &mut Args) -> String {
        let r = self.record;
        // The new turn's clocks; a game that ends has no deadline, and one without
        // new clocks keeps its own.
        let end = self.end.map(|e| e.ending);
        let clock = r.clock.filter(|_| end.is_none());
        format!(
            concat!("UPDATE games SET version = version + 1, ply = ply + 1,
                 south_score = {}, north_score = {}, proposal = NULL, proposed_by = NULL, updated_at = {},
                 status = {}, result = {}, reason = {},
                 south_left_ms = COALESCE({}, south_left_ms),
                 north_left_ms = COALESCE({}, north_left_ms),
                 turn_started_at = COALESCE({}, turn_started_at),
                 deadline_at = CASE WHEN {} THEN {} ELSE deadline_at END,
                 pits = pits || {}
             WHERE id = {} AND version = {} AND status = '", game_active!(), "' AND ply = {}"),
            a.int(i64::from(r.scores[0])),
            a.int(i64::from(r.scores[1])),
            a.int(self.now),
            a.text(Some(if end.is_some() {
                game_finished!()
            } else {
                game_active!()
            })),
            a.text(end.and_then(|e| e.result_column())),
            a.text(end.map(|e| e.reason_column())),
            a.int(clock.map(|c| c.left_ms[0])),
            a.int(clock.map(|c| c.left_ms[1])),
            a.int(clock.map(|c| c.turn_started_at)),
            a.flag(end.is_some() || clock.is_some()),
            a.int(clock.and_then(|c| c.deadline_at)),
            a.text(Some(&r.pit.to_string())),
            a.int(self.game_id.get()),
            a.int(self.version),
            a.int(r.ply - 1),
        )
    }

    /// The values of the move's row, in the order of [`MOVE_COLUMNS`].
    fn move_values(&self, a: &mut Args) -> String {
        let r = self.record;
        let board = r
            .board_after
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",");
        [
            a.int(self.game_id.get()),
            a.int(r.ply),
            a.int(r.player_id.get()),
            a.text(Some(&r.pit.to_string())),
            a.int(i64::from(r.sown)),
            a.int(i64::from(r.captured)),
            a.text(Some(&r.captured_pits)),
            a.flag(r.grand_slam),
            a.text(Some(&board)),
            a.int(i64::from(r.scores[0])),
            a.int(i64::from(r.scores[1])),
            a.int(self.now),
        ]
        .join(", ")
    }

    /// The values of each job's row, in the order of [`JOB_COLUMNS`]: a job of this
    /// game carries the version the move makes.
    fn job_values(&self, a: &mut Args) -> Vec<String> {
        self.jobs
            .iter()
            .map(|job| {
                let game = job.game_id.unwrap_or(self.game_id);
                let version = (game == self.game_id).then_some(self.version + 1);
                [
                    a.text(Some(job.kind.as_str())),
                    a.int(game.get()),
                    a.int(job.challenge_id.map(super::super::ChallengeId::get)),
                    a.int(version),
                    a.int(job.due_at),
                    a.text(job.request.as_ref().map(JobRequest::encode).as_deref()),
                    a.int(self.now),
                ]
                .join(", ")
            })
            .collect()
    }

    /// The values of each message's row, in the order of [`MESSAGE_COLUMNS`].
    fn message_values(&self, a: &mut Args) -> Vec<String> {
        self.messages
            .iter()
            .map(|m| {
                [
                    a.text(Some(m.platform.as_str())),
                    a.text(m.space.as_deref()),
                    a.text(Some(&m.channel)),
                    a.text(m.thread.as_deref()),
                    a.int(m.game_id.unwrap_or(self.game_id).get()),
                    a.text(Some(m.body.as_str())),
                    a.int(m.board_ply),
                    a.text(m.attach.map(|at| at.column()).as_deref()),
                    a.text(m.edits.as_deref()),
                    a.int(self.now),
                    a.text(m.recipient.as_deref()),
                ]
                .join(", ")
            })
            .collect()
    }

    /// The PostgreSQL statement. It returns one row: `claimed` (the claim's rows, 1 for nothing to claim)
    /// and `applied` (the game's).
    fn postgres(&self, claim: Claim<'_>, a: &mut Args) -> String {
        // Every change waits for the write lock first (the claim reads `l` too), so
        // no row is locked here while another writer holds the lock and wants it.
        let mut ctes = vec![format!(
            "l AS (SELECT pg_advisory_xact_lock({}))",
            a.int(super::super::backend::WRITE_LOCK)
        )];
        let mut guard = String::from(" AND EXISTS (SELECT 1 FROM l)");
        let mut other_jobs = String::new();
        let claimed = match claim {
            Claim::Event(event) => {
                ctes.push(format!(
                    "c AS (INSERT INTO inbox (platform, event_id, handled_at)
                           SELECT {}, {}, {} FROM l
                           ON CONFLICT (platform, event_id) DO NOTHING RETURNING 1)",
                    a.text(Some(event.platform().as_str())),
                    a.text(Some(event.id())),
                    a.int(self.now),
                ));
                guard.push_str(&format!(
                    " AND (EXISTS (SELECT 1 FROM c) OR {})",
                    a.flag(event.was_claimed())
                ));
                "(SELECT count(*) FROM c)"
            }
            Claim::Job(id) => {
                ctes.push(format!(
                    "c AS (DELETE FROM jobs WHERE id = {} AND EXISTS (SELECT 1 FROM l)
                           RETURNING 1)",
                    a.int(id)
                ));
                guard.push_str(" AND EXISTS (SELECT 1 FROM c)");
                other_jobs = format!(" AND id <> {}", a.int(id));
                "(SELECT count(*) FROM c)"
            }
            Claim::Unique(_) => "1",
        };
        ctes.push(format!("g AS ({}{guard} RETURNING id)", self.update(a)));
        ctes.push(format!(
            "m AS (INSERT INTO moves ({MOVE_COLUMNS}) SELECT {} FROM g)",
            self.move_values(a)
        ));
        ctes.push(format!(
            "d AS (DELETE FROM jobs
                   WHERE game_id IN (SELECT id FROM g) AND request IS NULL{other_jobs})"
        ));
        for (i, values) in self.job_values(a).into_iter().enumerate() {
            ctes.push(format!(
                "j{i} AS (INSERT INTO jobs ({JOB_COLUMNS}) SELECT {values} FROM g)"
            ));
        }
        for (i, values) in self.message_values(a).into_iter().enumerate() {
            ctes.push(format!(
                "o{i} AS (INSERT INTO outbox ({MESSAGE_COLUMNS}) SELECT {values} FROM g)"
            ));
        }
        format!(
            "WITH {} SELECT {claimed} AS claimed, (SELECT count(*) FROM g) AS applied",
            ctes.join(",\n")
        )
    }

    /// The SQLite script, run inside the write transaction once the claim is taken.
    /// Its one row comes from the game's `UPDATE … RETURNING`: none when the game
    /// moved on (then the transaction rolls back, and the script's unguarded inserts
    /// with it).
    fn sqlite(&self, a: &mut Args) -> String {
        let mut script = vec![
            format!("{} RETURNING id", self.update(a)),
            // changes(): the rows of the statement before, 1 when the game was updated.
            format!(
                "INSERT INTO moves ({MOVE_COLUMNS}) SELECT {} WHERE changes() = 1",
                self.move_values(a)
            ),
            format!(
                "DELETE FROM jobs WHERE game_id = {} AND request IS NULL AND changes() = 1",
                a.int(self.game_id.get())
            ),
        ];
        let jobs = self.job_values(a);
        if !jobs.is_empty() {
            script.push(format!(
                "INSERT INTO jobs ({JOB_COLUMNS}) VALUES ({})",
                jobs.join("), (")
            ));
        }
        let messages = self.message_values(a);
        if !messages.is_empty() {
            script.push(format!(
                "INSERT INTO outbox ({MESSAGE_COLUMNS}) VALUES ({})",
                messages.join("), (")
            ));
        }
        script.join(";\n")
    }
}

const MOVE_COLUMNS: &str = "game_id, ply, player_id, pit, sown, captured, captured_pits, \
                            grand_slam, board_after, south_score, north_score, played_at";
const JOB_COLUMNS: &str = "kind, game_id, challenge_id, game_version, due_at, request, created_at";
const MESSAGE_COLUMNS: &str = "platform, space, channel, thread, game_id, body, board_ply, \
                               attach, edits, created_at, recipient";

/// `sql` with its arguments bound, in order.
fn bound(
    sql: String,
    args: Args,
) -> sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments> {
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for value in args.0 {
        query = match value {
            Value::Int(v) => query.bind(v),
            Value::Text(v) => query.bind(v),
            Value::Flag(v) => query.bind(v),
        };
    }
    query
}

/// In a transaction: the guarded `UPDATE` of the game and the move's row, as two
/// statements; whether the game was still where `write` read it (`false`: nothing
/// was written, roll back). For a move that ends its game, whose ratings and
/// tournament follow in the same transaction.
pub(super) async fn record_in(
    tx: &mut Transaction<'_, Any>,
    write: &MoveWrite<'_>,
) -> Result<bool, StoreError> {
    let mut args = Args::default();
    let sql = write.update(&mut args);
    if bound(sql, args).execute(&mut **tx).await?.rows_affected() == 0 {
        return Ok(false);
    }
    let mut args = Args::default();
    let sql = format!(
        "INSERT INTO moves ({MOVE_COLUMNS}) VALUES ({})",
        write.move_values(&mut args)
    );
    bound(sql, args).execute(&mut **tx).await?;
    Ok(true)
}

impl GameStore<'_> {
    /// Writes `write` in one request (see the module's documentation); whether it
    /// applied (`false`: the game moved on, nothing of the move was written).
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before; database failures.
    pub(super) async fn record_move_at_once(
        self,
        claim: Claim<'_>,
        write: &MoveWrite<'_>,
    ) -> Result<bool, StoreError> {
        let mut args = Args::default();
        match self.store.backend {
            Backend::Postgres => {
                let sql = write.postgres(claim, &mut args);
                let row = bound(sql, args).fetch_one(&self.store.writer).await?;
                let (claimed, applied): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
                match claim {
                    Claim::Event(event) if claimed == 1 => event.mark_claimed(),
                    Claim::Event(event) if !event.was_claimed() => {
                        return Err(StoreError::Replayed)
                    }
                    Claim::Job(_) if claimed == 0 => return Err(StoreError::Replayed),
                    _ => {}
                }
                Ok(applied == 1)
            }
            Backend::Sqlite => {
                let mut tx = self.store.write(claim).await?;
                let sql = write.sqlite(&mut args);
                let rows = bound(sql, args).fetch_all(&mut *tx).await?;
                if rows.is_empty() {
                    tx.rollback().await?;
                    return Ok(false);
                }
                tx.commit().await?;
                Ok(true)
            }
        }
    }
}
