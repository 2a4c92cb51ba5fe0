//! The bot's SQL (the Matrix adapter's own journal of its sync, `chat/matrix/journal.rs`,
//! aside): players, challenges, games and moves, ratings, advice
//! and link codes, the inbox of handled events and direct-message rooms, in one
//! SQLite file (WAL mode, the default) or a PostgreSQL database shared by several
//! processes (see [`Backend`]), through sqlx. Migrations live in `migrations/sqlite/`
//! and `migrations/postgres/` at the top level, with the same numbering, tables and
//! columns, and run when the store opens.
//!
//! Each row is decoded once into domain values ([`GameState`], [`Ending`],
//! [`ChallengeStatus`], [`JobKind`], variants and time controls). Not yet all of
//! them: a place's `channels` is a comma list, and a stored move's pit is text. Every write that races another (a move, accepting a challenge)
//! is one transaction guarded by a version or status check, so concurrent commands
//! apply at most once; it also claims what it acts on, the command's event or the job
//! (see [`claim`]), so a redelivered event or a job run twice applies nothing.

mod analyses;
mod backend;
mod backup;
mod challenges;
mod checkpoint;
mod claim;
mod constraint;
mod copy;
mod counts;
mod delivery;
mod direct;
mod effects;
mod engine;
mod inbox;
mod job_kind;
mod job_request;
mod jobs;
mod lessons;
mod matching;
mod moderation;
mod outbox;
mod proposal;
mod puzzle_form;
mod views;
mod words;
#[macro_use]
mod puzzles;
mod puzzle_attempts;
#[macro_use]
mod games;
mod export;
mod forget;
mod ids;
// After `games`: it selects games with its macro.
mod downtime;
mod players;
mod ratings;
mod records;
mod retention;
mod review_form;
mod rows;
mod sessions;
mod settings;
mod social;
mod state;
mod status;
mod tournaments;
mod turns;
mod user_settings;
mod vacations;
mod web;

use std::time::Duration;

use sqlx::AnyPool;

pub use analyses::{AdviceVote, AdviserRow, AnalysisRow, Asker, Judgment, Queued, Venue};
pub use backend::{Backend, Changes, Exclusive, Flag};
pub use backup::{backup_sqlite, BackupError, BackupSummary};
pub use challenges::{ChallengeRow, ChallengeStatus, Challenged, Invitee, NewChallenge};
pub use claim::{Claim, Event, Unique};
pub use copy::{CopyError, CopyProgress, CopySource};
pub use counts::{Cap, CapLimits};
pub use delivery::{backoff_ms, DeliveryFailure, Retry, MAX_BACKOFF_MS, RETRY_PERIOD_MS};
pub use downtime::{Credit, BOT_HEARTBEAT, BOT_STOPPED};
pub use effects::NewJob;
pub use effects::{ClockColumns, Effects};
pub use export::Account;
pub use forget::{Forget, ForgetScope, Forgotten, FORGOTTEN_NAME, SCRUB_BATCH};
pub use ids::{ChallengeId, GameId, IdentityId, PlayerId, TournamentId};
pub use job_kind::JobKind;
pub use job_request::{JobRequest, ReviewTo};
pub use jobs::JobRow;
pub use moderation::{AuditRow, BanRow, ListedBan, NewAudit};
pub use outbox::{Attach, Body, NewMessage, OutboxRow};
pub use proposal::Pending;
pub use puzzle_attempts::{AnswerOutcome, Answered, PuzzleStats};
pub use puzzle_form::PuzzleGoal;
pub use puzzles::{NewPuzzle, PuzzleRow};
pub use ratings::{RatingChange, RatingNumbers, RatingRow, Scope};
pub use records::HeadToHead;
pub use review_form::{StoredPly, StoredReview};
pub use rows::{GameEnd, GameRow, MoveRecord, MoveRow, NewGame, Pits, Seat};
pub use sessions::{NewSession, SessionRow};
pub use settings::{SettingsRow, WebPages};
pub use social::{LinkOutcome, Merge, SpeedMerge, Unlinked};
pub use state::{Ending, GameState};
pub use status::{PlaceCounts, StatusCounts, UnsentCount};
pub use tournaments::{
    BoardRow, EntrantRow, Joined, Left, NewBoard, NewTournament, TournamentRow, TournamentStatus,
};
pub use turns::Applied;
pub use user_settings::{Notify, Orientation, UserSettings};
pub use vacations::{AwayGame, Vacation};
pub use views::{
    ChallengeStore, GameStore, JobStore, LearningStore, ModerationStore, OutboxStore, PageStore,
    PeopleStore, PlaceStore, SessionStore, TournamentStore,
};
pub use web::{fresh_slug, plausible_slug};

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// Read connections (each is a thread in sqlx's SQLite driver).
const READERS: u32 = 4;
/// The web pages' own read connections (see [`Store::for_pages`]).
const PAGE_READERS: u32 = 2;
/// Write connections on PostgreSQL (they take turns on the write lock; one waits
/// while another commits). SQLite has one.
const PG_WRITERS: u32 = 4;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file could not be opened (missing directory, no permission, not
    /// a database, locked by another program).
    #[error(
        "cannot open the database `{url}`: {source}. Check that the path exists and is \
         writable, that it is an SQLite file, and that no other program holds it locked; \
         for PostgreSQL, that the server runs and the user, password and database exist \
         (set DATABASE_URL to use another database)"
    )]
    Open {
        /// The URL asked for.
        url: String,
        /// Why.
        #[source]
        source: sqlx::Error,
    },
    /// The migrations could not be applied.
    #[error("cannot prepare the database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// This player already has a pending challenge to that player.
    #[error("a pending challenge between these players already exists")]
    DuplicateChallenge,
    /// A cap would be passed (checked inside the transaction that would pass it, so
    /// commands sent at once cannot slip past it together).
    #[error("the cap on {cap:?} ({limit}) is reached")]
    CapReached {
        /// Which cap.
        cap: counts::Cap,
        /// Its value.
        limit: i64,
    },
    /// The incoming event this command came from was handled before (a platform
    /// delivered it again): its transaction rolled back and changed nothing.
    #[error("this event was handled already")]
    Replayed,
    /// A stored value is not what its column holds (a move's pit that is no pit, a
    /// status this version does not know): the row cannot be read back.
    #[error("a stored `{column}` cannot be read back: {source}")]
    Undecodable {
        /// The column.
        column: String,
        /// Why.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
    /// Any other database failure.
    #[error("database error: {0}")]
    Db(sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    /// A database failure, or a stored value that cannot be read back (sqlx's
    /// `ColumnDecode`, which the rows' decoders also give): the store's own
    /// [`StoreError::Undecodable`], so callers never match sqlx's variants.
    fn from(error: sqlx::Error) -> StoreError {
        match error {
            sqlx::Error::ColumnDecode { index, source } => StoreError::Undecodable {
                column: index,
                source,
            },
            other => StoreError::Db(other),
        }
    }
}

impl StoreError {
    /// Whether the database was busy (another writer held it past the busy timeout,
    /// a lock or serialization conflict): nothing changed, and trying again later
    /// may work.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        match self {
            StoreError::Db(sqlx::Error::Database(e)) => {
                // SQLite: SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended
                // codes; PostgreSQL: lock_not_available, serialization_failure,
                // deadlock_detected.
                let code = e.code().unwrap_or_default();
                let sqlite_busy = code.parse::<i64>().is_ok_and(|c| matches!(c & 0xff, 5 | 6));
                sqlite_busy || matches!(code.as_ref(), "55P03" | "40001" | "40P01")
            }
            StoreError::Db(sqlx::Error::PoolTimedOut) => true,
            _ => false,
        }
    }
}

/// The database: connections for reading, and for writing. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    reader: AnyPool,
    /// The web pages' readers: opened when a page first reads, so on SQLite their
    /// threads are the web's (at its priority), and never queued with the chat's.
    page_reader: AnyPool,
    writer: AnyPool,
    backend: Backend,
    /// Where to listen for other processes' changes (PostgreSQL only).
    listen: Option<backend::ListenUrl>,
    /// SQLite's checkpoints, started by the writes (see `checkpoint.rs`).
    checkpoints: std::sync::Arc<checkpoint::Checkpoints>,
}

impl Store {
    /// Opens the database at `url` and applies any pending migrations:
    /// `postgres://user:password@host/db` for PostgreSQL; otherwise the SQLite file
    /// `sqlite://oware.db`, `sqlite:///abs/path.db` or a plain path, created if
    /// missing, in WAL mode with a busy timeout.
    ///
    /// # Errors
    /// [`StoreError::Open`] for a database that cannot be reached, opened, read,
    /// written or locked; [`StoreError::Migrate`] if the schema cannot be brought up
    /// to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with_busy_timeout(url, BUSY_TIMEOUT).await
    }

    /// [`Store::open`], waiting at most `busy_timeout` for an SQLite file another
    /// program holds locked (at start-up and on every write).
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with_busy_timeout(
        url: &str,
        busy_timeout: Duration,
    ) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open {
            url: redact(url),
            source,
        };
        let backend = Backend::of_url(url);
        let options = backend.options(url).map_err(open_err)?;
        if backend == Backend::Postgres {
            backend::reach_postgres(&options, &redact(url))
                .await
                .map_err(open_err)?;
        }
        // SQLite: one writer connection, so writes queue in the pool (first come,
        // first served) instead of sleeping in SQLite's busy handler; readers never
        // block it in WAL mode. Races are still settled by the transactions' checks.
        let writers = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => PG_WRITERS,
        };
        let writer = backend
            .pool(writers, busy_timeout)
            .connect_with(options.clone())
            .await
            .map_err(open_err)?;
        // Touch the database now, so a locked or unreadable one is reported at
        // start-up rather than on the first command.
        sqlx::query("SELECT 1")
            .execute(&writer)
            .await
            .map_err(open_err)?;
        match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite").run(&writer).await?,
            Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&writer).await?,
        }
        let reader = backend
            .pool(READERS, busy_timeout)
            .connect_with(options.clone())
            .await
            .map_err(open_err)?;
        let page_reader = backend
            .pool(PAGE_READERS, busy_timeout)
            .connect_lazy_with(options);
        let listen = (backend == Backend::Postgres).then(|| backend::ListenUrl(url.to_owned()));
        let store = Store {
            reader,
            page_reader,
            writer,
            backend,
            listen,
            checkpoints: std::sync::Arc::default(),
        };
        // Pages never write: rows from before slugs were given at creation get one now.
        store.pages().give_missing_slugs().await?;
        Ok(store)
    }

    /// This store as the web pages read it: the same database, read on the pages'
    /// own connections, so a flood of page requests waits for those and never
    /// queues before a chat command's reads. Pages never write.
    #[must_use]
    pub fn for_pages(&self) -> Store {
        Store {
            reader: self.page_reader.clone(),
            ..self.clone()
        }
    }

    /// Which database this store is on.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Listens for the jobs and outbox messages other processes write, on a shared
    /// (PostgreSQL) database; `None` on SQLite, where every change is this
    /// process's own.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn changes(&self) -> Result<Option<backend::Changes>, StoreError> {
        match &self.listen {
            Some(url) => Ok(Some(backend::Changes::listen(url).await?)),
            None => Ok(None),
        }
    }

    /// Holds the lock named `key` for as long as the returned guard lives, so that
    /// one process only among those sharing a PostgreSQL database does something
    /// (runs Matrix: one sync stream per account). `None`: another process holds
    /// it. On SQLite (one process per file) it is always granted.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn hold_exclusive(&self, key: i64) -> Result<Option<Exclusive>, StoreError> {
        match self.backend {
            Backend::Sqlite => Ok(Some(Exclusive::not_needed())),
            Backend::Postgres => Ok(Exclusive::take(&self.writer, key).await?),
        }
    }

    /// Closes every connection (waits for running queries). The store is unusable after.
    pub async fn close(&self) {
        self.reader.close().await;
        self.page_reader.close().await;
        self.writer.close().await;
    }
}

/// `url` without its password, for messages and logs.
#[must_use]
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or_default();
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_owned(),
    }
}

/// Now, in Unix milliseconds (the unit of every time column).
#[must_use]
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
