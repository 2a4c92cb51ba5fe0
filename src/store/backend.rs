//! The two databases the store runs on, through sqlx's `Any` driver: SQLite (the
//! embedded default, one file in WAL mode) and PostgreSQL (several processes on one
//! database). The SQL is written once, in the dialect both accept (`$1` parameters,
//! `IS NOT DISTINCT FROM`, `ON CONFLICT`); the few statements that differ ask
//! [`Backend`] which to use.

use std::time::Duration;

use sqlx::{
    any::{AnyConnectOptions, AnyPoolOptions, AnyTypeInfo, AnyTypeInfoKind, AnyValueRef},
    error::BoxDynError,
    Any, AnyPool, Decode, Executor, Transaction, Type,
};

/// Which database a store is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file, one process.
    Sqlite,
    /// A PostgreSQL database, possibly shared by several processes.
    Postgres,
}

/// The key of the PostgreSQL advisory lock every write transaction holds: writes are
/// serialised across processes exactly as SQLite serialises them in one file, so the
/// transactions' read-check-write logic (caps, ratings, duplicate challenges) stays
/// correct under READ COMMITTED. Claims of jobs use `FOR UPDATE SKIP LOCKED` instead.
pub(super) const WRITE_LOCK: i64 = 0x0A3A_0B07;

/// SQLite's own checkpoint, inside the commit that grows the WAL past this many
/// pages (16 MB; SQLite's default is 1,000): only when the background ones cannot
/// keep up, say under writes with no pause at all.
const BACKSTOP_PAGES: u32 = 4000;

impl Backend {
    /// The backend a database URL names: `postgres://` or `postgresql://` is
    /// PostgreSQL; `sqlite:` or a plain path is SQLite.
    #[must_use]
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// Connect options for `url` (a plain path becomes an SQLite URL), creating a
    /// missing SQLite file.
    pub(super) fn options(self, url: &str) -> Result<AnyConnectOptions, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let url = match self {
            Backend::Postgres => url.to_owned(),
            Backend::Sqlite => sqlite_url(url, "rwc"),
        };
        url.parse()
    }

    /// A pool of up to `size` connections. A local SQLite connection does not go
    /// stale: no ping before each use and no reaper task closing idle ones (which
    /// also keeps tests on tokio's paused clock free of stray timers). SQLite
    /// connections are set up for WAL with a busy timeout and foreign keys.
    pub(super) fn pool(self, size: u32, busy_timeout: Duration) -> AnyPoolOptions {
        let options = AnyPoolOptions::new()
            .max_connections(size)
            .acquire_timeout(Duration::from_secs(30));
        match self {
            Backend::Postgres => options.test_before_acquire(true),
            Backend::Sqlite => {
                let busy_ms = busy_timeout.as_millis();
                options
                    .test_before_acquire(false)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            conn.execute(sqlx::AssertSqlSafe(format!(
                                "PRAGMA busy_timeout = {busy_ms}"
                            )))
                            .await?;
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            // In WAL mode NORMAL is durable against application
                            // crashes and only risks the last commits on power loss;
                            // it spares an fsync per move.
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            // The store checkpoints in the background (see
                            // `checkpoint.rs`); SQLite's own, inside a commit, is
                            // only a backstop.
                            conn.execute(sqlx::AssertSqlSafe(format!(
                                "PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}"
                            )))
                            .await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            Ok(())
                        })
                    })
            }
        }
    }

    /// Begins a write transaction: on SQLite `BEGIN IMMEDIATE` (the write lock first,
    /// so concurrent writers queue instead of failing on upgrade); on PostgreSQL a
    /// transaction holding the store's write lock.
    pub(super) async fn begin_write(
        self,
        pool: &AnyPool,
    ) -> Result<Transaction<'static, Any>, sqlx::Error> {
        match self {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => {
                let mut tx = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(WRITE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                Ok(tx)
            }
        }
    }
}

/// `url` (an `sqlite:` URL or a plain path) as an SQLite URL opening the file in
/// `mode` (`rwc`: create if missing; `ro`: read only), unless it names a mode.
pub(super) fn sqlite_url(url: &str, mode: &str) -> String {
    let url = if url.starts_with("sqlite:") {
        url.to_owned()
    } else {
        format!("sqlite://{url}")
    };
    if url.contains("mode=") || url.contains(":memory:") {
        url
    } else if url.contains('?') {
        format!("{url}&mode={mode}")
    } else {
        format!("{url}?mode={mode}")
    }
}

/// A flag column: `BOOLEAN` on PostgreSQL, `INTEGER` 0/1 on SQLite. Decodes from
/// either; a Rust `bool` binds to either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        ty.kind() == AnyTypeInfoKind::Bool || ty.kind().is_integer()
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        match <bool as Decode<Any>>::decode(value.clone()) {
            Ok(flag) => Ok(Flag(flag)),
            Err(_) => Ok(Flag(<i64 as Decode<Any>>::decode(value)? != 0)),
        }
    }
}

/// The engine's level, stored as its name (`easy`, `medium`, `hard`); a nullable
/// column decodes into `Option<Level>`.
impl Type<Any> for crate::play::level::Level {
    fn type_info() -> AnyTypeInfo {
        <String as Type<Any>>::type_info()
    }
}

impl<'r> Decode<'r, Any> for crate::play::level::Level {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(<String as Decode<Any>>::decode(value)?.parse()?)
    }
}

/// A side, stored as its letter (`S`, `N`): who made a game's pending request;
/// a nullable column decodes into `Option<Side>`.
impl Type<Any> for crate::rules::Side {
    fn type_info() -> AnyTypeInfo {
        <String as Type<Any>>::type_info()
    }
}

impl<'r> Decode<'r, Any> for crate::rules::Side {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        let letter = <String as Decode<Any>>::decode(value)?;
        match letter.as_str() {
            "S" => Ok(crate::rules::Side::South),
            "N" => Ok(crate::rules::Side::North),
            other => Err(format!("side `{other}`").into()),
        }
    }
}

/// A PostgreSQL URL to listen on; shown without its password.
#[derive(Clone)]
pub(super) struct ListenUrl(pub(super) String);

impl std::fmt::Debug for ListenUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::redact(&self.0))
    }
}

/// The channel the PostgreSQL migrations' triggers notify on an insert into `jobs`
/// or `outbox` (see `migrations/postgres/0007_notify.sql`).
const CHANNEL: &str = "oware_changes";

/// Notifications of other processes' new jobs and outbox messages (`LISTEN`).
#[derive(Debug)]
pub struct Changes {
    listener: sqlx::postgres::PgListener,
}

impl Changes {
    pub(super) async fn listen(url: &ListenUrl) -> Result<Changes, sqlx::Error> {
        let mut listener = sqlx::postgres::PgListener::connect(&url.0).await?;
        listener.listen(CHANNEL).await?;
        Ok(Changes { listener })
    }

    /// Waits for the next change. After a lost connection it reconnects and
    /// reports a change (one may have been missed meanwhile).
    ///
    /// # Errors
    /// The connection is lost and cannot be made again (the caller waits and
    /// calls again).
    pub async fn next(&mut self) -> Result<(), sqlx::Error> {
        self.listener.recv().await.map(drop)
    }
}

/// A PostgreSQL session lock this process holds while it lives (see
/// [`super::Store::hold_exclusive`]); released when dropped or when the process dies.
#[derive(Debug)]
pub struct Exclusive {
    _conn: Option<sqlx::AnyConnection>,
}

impl Exclusive {
    /// No lock needed (SQLite: one process per file).
    pub(super) fn not_needed() -> Exclusive {
        Exclusive { _conn: None }
    }

    /// Takes session lock `key` on a connection of `pool` kept for the purpose;
    /// `None` if another session holds it.
    pub(super) async fn take(pool: &AnyPool, key: i64) -> Result<Option<Exclusive>, sqlx::Error> {
        let mut conn = pool.acquire().await?;
        let taken: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(key)
            .fetch_one(&mut *conn)
            .await?;
        // Out of the pool: the session, and so the lock, lasts as long as the guard.
        Ok(taken.then(|| Exclusive {
            _conn: Some(conn.detach()),
        }))
    }
}

/// How often, and how long apart, the start tries to reach PostgreSQL: about 15 s
/// in all before it gives up with the error.
const REACH_TRIES: usize = 5;

/// Reaches the PostgreSQL server of `options` at start, saying at once (a warning
/// in the log) when it cannot and trying again with backoff (0.5 s, 1 s, 2 s, …);
/// an error a retry cannot mend (a wrong password, a missing database) is returned
/// at once.
pub(super) async fn reach_postgres(
    options: &AnyConnectOptions,
    shown: &str,
) -> Result<(), sqlx::Error> {
    use backon::{ExponentialBuilder, Retryable};
    use sqlx::ConnectOptions;
    /// One try may not hang on an address that never answers.
    const TRY: Duration = Duration::from_secs(5);
    let connect = || async {
        let conn = tokio::time::timeout(TRY, options.connect())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)??;
        sqlx::Connection::close(conn).await
    };
    connect
        .retry(
            ExponentialBuilder::default()
                .with_min_delay(Duration::from_millis(500))
                .with_max_delay(Duration::from_secs(8))
                .with_max_times(REACH_TRIES),
        )
        .sleep(tokio::time::sleep)
        .when(|err| matches!(err, sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut))
        .notify(|err, after| {
            tracing::warn!(
                database = shown,
                error = %err,
                "cannot reach PostgreSQL yet; trying again in {after:?}"
            );
        })
        .await
}
