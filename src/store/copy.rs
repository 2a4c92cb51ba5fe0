//! Copying a whole database into an empty one (`oware-bot migrate-data`), between
//! SQLite and PostgreSQL in either direction. The tables, columns and foreign keys
//! come from the target's schema; rows are read from a read-only source in one
//! snapshot, converted by the target column's type (a PostgreSQL `BOOLEAN` from an
//! SQLite 0/1 and back) and inserted in batches in one transaction, parents before
//! children. PostgreSQL's identity sequences are then moved past the copied ids. Also
//! the row counts and game ids that check a copy.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use sqlx::{
    any::{AnyPoolOptions, AnyRow, AnyTypeInfoKind},
    query::Query,
    Any, AnyConnection, AnyPool, Database, Decode, Row, ValueRef,
};

use super::{redact, Backend, Store, StoreError};

/// Rows read from the source at a time.
const PAGE_ROWS: usize = 500;

/// Bound values in one INSERT on the target (each statement inserts as many rows as
/// fit). PostgreSQL takes up to 65535. SQLite finds a `$N` parameter by its name,
/// which costs more than linear time in a statement's parameters: there, small
/// statements copy several times faster than large ones.
fn parameters_per_insert(backend: Backend) -> usize {
    match backend {
        Backend::Sqlite => 500,
        Backend::Postgres => 30_000,
    }
}

/// Why a copy was refused or failed. Nothing is written to the target then: the copy
/// is one transaction.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target already holds players or games.
    #[error(
        "the target database is not empty: it holds {players} player(s) and {games} \
         game(s). migrate-data only copies into an empty database: give --to a new \
         SQLite file or a newly created PostgreSQL database (createdb)"
    )]
    TargetNotEmpty {
        /// Rows in `players`.
        players: i64,
        /// Rows in `games`.
        games: i64,
    },
    /// The source has no migrations table: it is not the bot's database.
    #[error(
        "the source database has no oware-bot schema (no _sqlx_migrations table): check \
         that --from names the bot's database"
    )]
    NotABotDatabase,
    /// The source's migrations are not the target's.
    #[error("{}", migrations_differ(only_source, only_target))]
    Migrations {
        /// Versions applied to the source only.
        only_source: Vec<i64>,
        /// Versions applied to the target only.
        only_target: Vec<i64>,
    },
    /// The tables' foreign keys form a cycle, so no order inserts parents first.
    #[error(
        "the foreign keys between the tables {0} form a cycle: they cannot be copied in order"
    )]
    Cycle(String),
    /// A column's declared type is not one the copy converts to.
    #[error(
        "table {table}, column {column}: migrate-data cannot convert to its type `{declared}`"
    )]
    UnknownType {
        /// The table.
        table: String,
        /// The column.
        column: String,
        /// Its type in the target's schema.
        declared: String,
    },
    /// A source value does not fit the target column's type.
    #[error(
        "table {table}, column {column}: the source value {value} does not fit a {kind} column"
    )]
    Value {
        /// The table.
        table: String,
        /// The column.
        column: String,
        /// The value, as read.
        value: String,
        /// The target column's kind.
        kind: &'static str,
    },
    /// A database failure.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CopyError {
    fn from(error: sqlx::Error) -> Self {
        CopyError::Store(StoreError::Db(error))
    }
}

/// The message of [`CopyError::Migrations`], with what to do.
fn migrations_differ(only_source: &[i64], only_target: &[i64]) -> String {
    let list = |v: &[i64]| match v {
        [] => "none".to_owned(),
        v => v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
    };
    let todo = if only_source.is_empty() {
        "the source is older than this oware-bot: bring it up to date first by starting \
         this oware-bot once with DATABASE_URL set to the source (then stop it), and run \
         migrate-data again"
    } else {
        "the source was written by a newer oware-bot: run migrate-data with that version"
    };
    format!(
        "the source database's migrations differ from the target's (only in the source: \
         {}; only in the target: {}): {todo}",
        list(only_source),
        list(only_target)
    )
}

/// How far a copy has come, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyProgress<'a> {
    /// A table's copy begins; the source holds `rows` rows.
    Started {
        /// The table.
        table: &'a str,
        /// Its rows in the source.
        rows: i64,
    },
    /// `rows` rows of the table are copied so far.
    Copied {
        /// The table.
        table: &'a str,
        /// Rows copied so far.
        rows: i64,
    },
    /// The table is copied.
    Finished {
        /// The table.
        table: &'a str,
        /// Rows copied.
        rows: i64,
    },
}

/// A database to copy from, opened read-only with its schema as it is (not
/// migrated: its migrations are compared with the target's instead).
#[derive(Debug)]
pub struct CopySource {
    pool: AnyPool,
    backend: Backend,
}

impl CopySource {
    /// Opens the database at `url` (as [`Store::open`] names them) read-only; a
    /// missing SQLite file is an error, not a new empty database.
    ///
    /// # Errors
    /// [`StoreError::Open`] if it cannot be opened or read.
    pub async fn open(url: &str) -> Result<CopySource, StoreError> {
        let open_err = |source| StoreError::Open {
            url: redact(url),
            source,
        };
        let backend = Backend::of_url(url);
        let url = match backend {
            Backend::Postgres => url.to_owned(),
            Backend::Sqlite => read_only_sqlite(url),
        };
        let options = backend.options(&url).map_err(open_err)?;
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options)
            .await
            .map_err(open_err)?;
        sqlx::query("SELECT 1")
            .execute(&pool)
            .await
            .map_err(open_err)?;
        Ok(CopySource { pool, backend })
    }

    /// Which database the source is on.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The migrations applied to the source, in order; `None` without a migrations
    /// table.
    ///
    /// # Errors
    /// Database failures.
    pub async fn migrations(&self) -> Result<Option<Vec<i64>>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        migrations(&mut conn, self.backend).await
    }

    /// The number of rows in every table (but `_sqlx_migrations`), by name.
    ///
    /// # Errors
    /// Database failures.
    pub async fn row_counts(&self) -> Result<BTreeMap<String, i64>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        row_counts(&mut conn, self.backend).await
    }

    /// Closes the connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// `url` as an SQLite URL opening the file read-only (unless it names a mode).
fn read_only_sqlite(url: &str) -> String {
    let url = if url.starts_with("sqlite:") {
        url.to_owned()
    } else {
        format!("sqlite://{url}")
    };
    if url.contains("mode=") || url.contains(":memory:") {
        url
    } else if url.contains('?') {
        format!("{url}&mode=ro")
    } else {
        format!("{url}?mode=ro")
    }
}

impl Store {
    /// The migrations applied to this database, in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn migrations(&self) -> Result<Vec<i64>, StoreError> {
        let mut conn = self.reader.acquire().await?;
        Ok(migrations(&mut conn, self.backend)
            .await?
            .unwrap_or_default())
    }

    /// The number of rows in every table (but `_sqlx_migrations`), by name.
    ///
    /// # Errors
    /// Database failures.
    pub async fn row_counts(&self) -> Result<BTreeMap<String, i64>, StoreError> {
        let mut conn = self.reader.acquire().await?;
        row_counts(&mut conn, self.backend).await
    }

    /// Every game's id, in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_ids(&self) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar("SELECT id FROM games ORDER BY id")
            .fetch_all(&self.reader)
            .await?)
    }

    /// Copies every table of `source` into this database, which must be empty and at
    /// the same migrations, in one transaction; returns the rows copied per table.
    /// `progress` hears of each table and batch.
    ///
    /// # Errors
    /// [`CopyError::NotABotDatabase`], [`CopyError::Migrations`] and
    /// [`CopyError::TargetNotEmpty`] before anything is copied; a value that does not
    /// fit its column, or a database failure, rolls the whole copy back.
    pub async fn copy_from(
        &self,
        source: &CopySource,
        mut progress: impl FnMut(CopyProgress<'_>),
    ) -> Result<BTreeMap<String, i64>, CopyError> {
        let theirs = source
            .migrations()
            .await?
            .ok_or(CopyError::NotABotDatabase)?;
        let ours = self.migrations().await?;
        if theirs != ours {
            return Err(CopyError::Migrations {
                only_source: theirs
                    .iter()
                    .filter(|v| !ours.contains(v))
                    .copied()
                    .collect(),
                only_target: ours
                    .iter()
                    .filter(|v| !theirs.contains(v))
                    .copied()
                    .collect(),
            });
        }
        let mut target = self.begin_write().await?;
        let (players, games): (i64, i64) =
            sqlx::query_as("SELECT (SELECT COUNT(*) FROM players), (SELECT COUNT(*) FROM games)")
                .fetch_one(&mut *target)
                .await?;
        if players > 0 || games > 0 {
            return Err(CopyError::TargetNotEmpty { players, games });
        }
        // One snapshot of the source: a bot still writing to it cannot tear the copy.
        let snapshot = match source.backend {
            Backend::Sqlite => "BEGIN",
            Backend::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
        };
        let mut from = source.pool.begin_with(snapshot).await?;
        let mut copied = BTreeMap::new();
        for table in in_order(schema(&mut target, self.backend).await?)? {
            let rows =
                copy_table(&mut from, &mut target, self.backend, &table, &mut progress).await?;
            copied.insert(table.name, rows);
        }
        if self.backend == Backend::Postgres {
            reset_sequences(&mut target).await?;
        }
        from.rollback().await?;
        target.commit().await?;
        Ok(copied)
    }
}

/// The migration versions applied, or `None` without a migrations table.
async fn migrations(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<Option<Vec<i64>>, StoreError> {
    let exists: i64 = sqlx::query_scalar(match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'"
        }
    })
    .fetch_one(&mut *conn)
    .await?;
    if exists == 0 {
        return Ok(None);
    }
    Ok(Some(
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut *conn)
            .await?,
    ))
}

async fn row_counts(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<BTreeMap<String, i64>, StoreError> {
    let mut counts = BTreeMap::new();
    for table in schema(conn, backend).await? {
        let rows = count(conn, &table.name).await?;
        counts.insert(table.name, rows);
    }
    Ok(counts)
}

async fn count(conn: &mut AnyConnection, table: &str) -> Result<i64, sqlx::Error> {
    // Names from the schema itself, quoted: nothing typed by a user.
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM {}",
        quoted(table)
    )))
    .fetch_one(conn)
    .await
}

/// A table as the copy sees it.
#[derive(Debug)]
struct Table {
    name: String,
    columns: Vec<Column>,
    /// The primary key's columns, in order (the source is read in this order).
    key: Vec<String>,
    /// The other tables its foreign keys point at.
    parents: BTreeSet<String>,
    /// Nullable columns pointing at this same table: inserted as NULL, then set once
    /// every row is in (a row may point at a later one).
    self_refs: BTreeSet<String>,
}

#[derive(Debug)]
struct Column {
    name: String,
    declared: String,
    nullable: bool,
}

/// Every table but `_sqlx_migrations`, by name, with its columns in order.
async fn schema(conn: &mut AnyConnection, backend: Backend) -> Result<Vec<Table>, StoreError> {
    let (columns, keys, references) = match backend {
        Backend::Sqlite => (
            "SELECT m.name, p.name, p.type, CAST(p.\"notnull\" = 0 AND p.pk = 0 AS INTEGER)
             FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '_sqlx_migrations'
             ORDER BY m.name, p.cid",
            "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND p.pk > 0 ORDER BY m.name, p.pk",
            "SELECT m.name, f.\"table\", f.\"from\"
             FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
             WHERE m.type = 'table'",
        ),
        Backend::Postgres => (
            "SELECT c.table_name::text, c.column_name::text, c.data_type::text,
                    CAST(CASE WHEN c.is_nullable = 'YES' THEN 1 ELSE 0 END AS BIGINT)
             FROM information_schema.columns c
             JOIN information_schema.tables t
               ON t.table_schema = c.table_schema AND t.table_name = c.table_name
             WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
               AND c.table_name <> '_sqlx_migrations'
             ORDER BY c.table_name, c.ordinal_position",
            "SELECT k.table_name::text, k.column_name::text
             FROM information_schema.table_constraints t
             JOIN information_schema.key_column_usage k
               ON k.constraint_schema = t.constraint_schema
              AND k.constraint_name = t.constraint_name
             WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()
             ORDER BY k.table_name, k.ordinal_position",
            "SELECT c.relname::text, f.relname::text, a.attname::text
             FROM pg_constraint k
             JOIN pg_class c ON c.oid = k.conrelid
             JOIN pg_class f ON f.oid = k.confrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
             WHERE k.contype = 'f' AND n.nspname = current_schema()",
        ),
    };
    let mut tables: BTreeMap<String, Table> = BTreeMap::new();
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as(columns).fetch_all(&mut *conn).await?;
    for (table, name, declared, nullable) in rows {
        tables
            .entry(table.clone())
            .or_insert_with(|| Table {
                name: table,
                columns: Vec::new(),
                key: Vec::new(),
                parents: BTreeSet::new(),
                self_refs: BTreeSet::new(),
            })
            .columns
            .push(Column {
                name,
                declared,
                nullable: nullable != 0,
            });
    }
    let rows: Vec<(String, String)> = sqlx::query_as(keys).fetch_all(&mut *conn).await?;
    for (table, column) in rows {
        if let Some(table) = tables.get_mut(&table) {
            table.key.push(column);
        }
    }
    let rows: Vec<(String, String, String)> =
        sqlx::query_as(references).fetch_all(&mut *conn).await?;
    for (table, parent, column) in rows {
        let Some(table) = tables.get_mut(&table) else {
            continue;
        };
        if parent != table.name {
            table.parents.insert(parent);
        } else if table.columns.iter().any(|c| c.name == column && c.nullable) {
            table.self_refs.insert(column);
        }
    }
    Ok(tables.into_values().collect())
}

/// The tables in an order that inserts every parent before its children (by name
/// among those ready at once, so the order is the same every time).
fn in_order(tables: Vec<Table>) -> Result<Vec<Table>, CopyError> {
    let names: BTreeSet<String> = tables.iter().map(|t| t.name.clone()).collect();
    let mut left = tables;
    let mut done = BTreeSet::new();
    let mut order = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let (ready, waiting): (Vec<Table>, Vec<Table>) = left.into_iter().partition(|t| {
            t.parents
                .iter()
                .all(|p| done.contains(p) || !names.contains(p))
        });
        if ready.is_empty() {
            let cycle: Vec<&str> = waiting.iter().map(|t| t.name.as_str()).collect();
            return Err(CopyError::Cycle(cycle.join(", ")));
        }
        done.extend(ready.iter().map(|t| t.name.clone()));
        order.extend(ready);
        left = waiting;
    }
    Ok(order)
}

/// A value as read from the source or bound on the target.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Real(f64),
    Text(String),
    Bytes(Vec<u8>),
}

/// What a target column stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bool,
    Int,
    Real,
    Text,
    Bytes,
}

impl Kind {
    /// The kind of a declared type (SQLite's by its affinity rules).
    fn of(backend: Backend, declared: &str) -> Option<Kind> {
        let d = declared.to_ascii_lowercase();
        match backend {
            Backend::Postgres => match d.as_str() {
                "boolean" => Some(Kind::Bool),
                "bigint" | "integer" | "smallint" => Some(Kind::Int),
                "double precision" | "real" => Some(Kind::Real),
                "text" | "character varying" | "character" => Some(Kind::Text),
                "bytea" => Some(Kind::Bytes),
                _ => None,
            },
            Backend::Sqlite => {
                if d.contains("bool") {
                    Some(Kind::Bool)
                } else if d.contains("int") {
                    Some(Kind::Int)
                } else if ["char", "clob", "text"].iter().any(|t| d.contains(t)) {
                    Some(Kind::Text)
                } else if d.is_empty() || d.contains("blob") {
                    Some(Kind::Bytes)
                } else if ["real", "floa", "doub"].iter().any(|t| d.contains(t)) {
                    Some(Kind::Real)
                } else {
                    None
                }
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Bool => "boolean",
            Kind::Int => "integer",
            Kind::Real => "real",
            Kind::Text => "text",
            Kind::Bytes => "blob",
        }
    }

    /// `value` as this kind stores it, if it fits.
    fn convert(self, value: Value) -> Result<Value, Value> {
        Ok(match (self, value) {
            (_, Value::Null) => Value::Null,
            (Kind::Bool, Value::Bool(b)) => Value::Bool(b),
            (Kind::Bool, Value::Int(n @ (0 | 1))) => Value::Bool(n == 1),
            (Kind::Int, Value::Int(n)) => Value::Int(n),
            (Kind::Int, Value::Bool(b)) => Value::Int(i64::from(b)),
            (Kind::Real, Value::Real(x)) => Value::Real(x),
            // SQLite keeps a whole number in a REAL column as an integer.
            #[allow(clippy::cast_precision_loss)]
            (Kind::Real, Value::Int(n)) => Value::Real(n as f64),
            (Kind::Text, Value::Text(s)) => Value::Text(s),
            (Kind::Bytes, Value::Bytes(b)) => Value::Bytes(b),
            (Kind::Bytes, Value::Text(s)) => Value::Bytes(s.into_bytes()),
            (_, other) => return Err(other),
        })
    }
}

/// Column `i` of a source row.
fn read(row: &AnyRow, i: usize) -> Result<Value, sqlx::Error> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(Value::Null);
    }
    let decoded = match raw.type_info().kind() {
        AnyTypeInfoKind::Null => Ok(Value::Null),
        AnyTypeInfoKind::Bool => <bool as Decode<Any>>::decode(raw).map(Value::Bool),
        AnyTypeInfoKind::SmallInt | AnyTypeInfoKind::Integer | AnyTypeInfoKind::BigInt => {
            <i64 as Decode<Any>>::decode(raw).map(Value::Int)
        }
        AnyTypeInfoKind::Real | AnyTypeInfoKind::Double => {
            <f64 as Decode<Any>>::decode(raw).map(Value::Real)
        }
        AnyTypeInfoKind::Text => <String as Decode<Any>>::decode(raw).map(Value::Text),
        AnyTypeInfoKind::Blob => <Vec<u8> as Decode<Any>>::decode(raw).map(Value::Bytes),
    };
    decoded.map_err(|source| sqlx::Error::ColumnDecode {
        index: i.to_string(),
        source,
    })
}

type AnyQuery<'q> = Query<'q, Any, <Any as Database>::Arguments>;

/// Binds `value`, a NULL typed as a `kind` column.
fn bind(query: AnyQuery<'_>, value: Value, kind: Kind) -> AnyQuery<'_> {
    match value {
        Value::Null => match kind {
            Kind::Bool => query.bind(None::<bool>),
            Kind::Int => query.bind(None::<i64>),
            Kind::Real => query.bind(None::<f64>),
            Kind::Text => query.bind(None::<String>),
            Kind::Bytes => query.bind(None::<Vec<u8>>),
        },
        Value::Bool(b) => query.bind(b),
        Value::Int(n) => query.bind(n),
        Value::Real(x) => query.bind(x),
        Value::Text(s) => query.bind(s),
        Value::Bytes(b) => query.bind(b),
    }
}

/// `name` as an SQL identifier.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Quoted names, comma-separated.
fn join_quoted<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.map(quoted).collect::<Vec<_>>().join(", ")
}

/// `$from, $from+1, …` for `n` parameters.
fn parameters(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How one table is read and written.
struct Plan<'t> {
    table: &'t Table,
    /// The target's kind of each column.
    kinds: Vec<Kind>,
    /// The quoted column list.
    list: String,
    /// The key's column indices (empty: the table is read whole).
    key_at: Vec<usize>,
    /// The self-references' column indices, set after the rows are in.
    self_ref_at: Vec<usize>,
    /// Rows in one INSERT.
    chunk_rows: usize,
}

impl<'t> Plan<'t> {
    fn new(table: &'t Table, backend: Backend) -> Result<Plan<'t>, CopyError> {
        let kinds = table
            .columns
            .iter()
            .map(|c| {
                Kind::of(backend, &c.declared).ok_or_else(|| CopyError::UnknownType {
                    table: table.name.clone(),
                    column: c.name.clone(),
                    declared: c.declared.clone(),
                })
            })
            .collect::<Result<Vec<Kind>, _>>()?;
        let at = |name: &String| table.columns.iter().position(|c| &c.name == name);
        let key_at: Vec<usize> = table.key.iter().filter_map(at).collect();
        let key_at = if key_at.len() == table.key.len() {
            key_at
        } else {
            Vec::new()
        };
        // Without a key to find a row by, self-references are inserted as they are
        // (in the source's order).
        let self_ref_at = if key_at.is_empty() {
            Vec::new()
        } else {
            table.self_refs.iter().filter_map(at).collect()
        };
        let width = table.columns.len().max(1);
        Ok(Plan {
            table,
            list: join_quoted(table.columns.iter().map(|c| c.name.as_str())),
            kinds,
            key_at,
            self_ref_at,
            chunk_rows: (parameters_per_insert(backend) / width).clamp(1, PAGE_ROWS),
        })
    }

    /// The next page of the source after the key `after` (the first page if `None`);
    /// the whole table without a key. Names come from the schema itself, quoted:
    /// nothing typed by a user.
    fn page(&self, after: Option<&[Value]>) -> AnyQuery<'static> {
        let from = quoted(&self.table.name);
        let list = &self.list;
        let order = join_quoted(self.key_at.iter().map(|&i| self.column(i)));
        let sql = match after {
            _ if self.key_at.is_empty() => format!("SELECT {list} FROM {from}"),
            None => format!("SELECT {list} FROM {from} ORDER BY {order} LIMIT {PAGE_ROWS}"),
            Some(key) => format!(
                "SELECT {list} FROM {from} WHERE ({order}) > ({}) \
                 ORDER BY {order} LIMIT {PAGE_ROWS}",
                parameters(1, key.len())
            ),
        };
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for value in after.into_iter().flatten() {
            // A key value is never NULL: the kind only types a NULL.
            query = bind(query, value.clone(), Kind::Int);
        }
        query
    }

    fn column(&self, i: usize) -> &str {
        &self.table.columns[i].name
    }

    /// A source row as the target stores it.
    fn convert(&self, row: &AnyRow) -> Result<Vec<Value>, CopyError> {
        let mut values = Vec::with_capacity(self.kinds.len());
        for (i, &kind) in self.kinds.iter().enumerate() {
            let value = kind.convert(read(row, i)?).map_err(|v| CopyError::Value {
                table: self.table.name.clone(),
                column: self.column(i).to_owned(),
                value: format!("{v:?}"),
                kind: kind.name(),
            })?;
            values.push(value);
        }
        Ok(values)
    }

    /// Inserts converted rows in one statement.
    async fn insert(&self, to: &mut AnyConnection, rows: Vec<Vec<Value>>) -> Result<(), CopyError> {
        let width = self.kinds.len();
        let tuples = (0..rows.len())
            .map(|r| format!("({})", parameters(r * width + 1, width)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {tuples}",
            quoted(&self.table.name),
            self.list
        );
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
        for row in rows {
            for (value, &kind) in row.into_iter().zip(&self.kinds) {
                insert = bind(insert, value, kind);
            }
        }
        insert.execute(to).await?;
        Ok(())
    }

    /// Sets column `i` of the row with `key` to `value`.
    async fn set(
        &self,
        to: &mut AnyConnection,
        key: Vec<Value>,
        i: usize,
        value: Value,
    ) -> Result<(), CopyError> {
        let condition = self
            .key_at
            .iter()
            .enumerate()
            .map(|(n, &k)| format!("{} = ${}", quoted(self.column(k)), n + 2))
            .collect::<Vec<_>>()
            .join(" AND ");
        let sql = format!(
            "UPDATE {} SET {} = $1 WHERE {condition}",
            quoted(&self.table.name),
            quoted(self.column(i))
        );
        let mut update = bind(sqlx::query(sqlx::AssertSqlSafe(sql)), value, self.kinds[i]);
        for (value, &k) in key.into_iter().zip(&self.key_at) {
            update = bind(update, value, self.kinds[k]);
        }
        update.execute(to).await?;
        Ok(())
    }
}

/// Copies one table, a page at a time in key order; returns the rows copied.
async fn copy_table(
    from: &mut AnyConnection,
    to: &mut AnyConnection,
    backend: Backend,
    table: &Table,
    progress: &mut impl FnMut(CopyProgress<'_>),
) -> Result<i64, CopyError> {
    let name = table.name.as_str();
    let plan = Plan::new(table, backend)?;
    let rows = count(from, name).await?;
    progress(CopyProgress::Started { table: name, rows });
    let mut after: Option<Vec<Value>> = None;
    let mut copied = 0;
    // (key, column index, value) of the self-references, set at the end.
    let mut links: Vec<(Vec<Value>, usize, Value)> = Vec::new();
    loop {
        let page = plan.page(after.as_deref()).fetch_all(&mut *from).await?;
        for chunk in page.chunks(plan.chunk_rows) {
            let mut rows = Vec::with_capacity(chunk.len());
            for row in chunk {
                let mut values = plan.convert(row)?;
                for &i in &plan.self_ref_at {
                    if values[i] != Value::Null {
                        let key = plan.key_at.iter().map(|&k| values[k].clone()).collect();
                        links.push((key, i, std::mem::replace(&mut values[i], Value::Null)));
                    }
                }
                rows.push(values);
            }
            plan.insert(to, rows).await?;
            copied += i64::try_from(chunk.len()).unwrap_or(i64::MAX);
            progress(CopyProgress::Copied {
                table: name,
                rows: copied,
            });
        }
        match page.last() {
            Some(last) if !plan.key_at.is_empty() && page.len() == PAGE_ROWS => {
                let key = plan.key_at.iter().map(|&i| read(last, i));
                after = Some(key.collect::<Result<_, _>>()?);
            }
            _ => break,
        }
    }
    for (key, i, value) in links {
        plan.set(to, key, i, value).await?;
    }
    progress(CopyProgress::Finished {
        table: name,
        rows: copied,
    });
    Ok(copied)
}

/// Moves every identity (or serial) sequence past its column's largest copied id, so
/// new rows get fresh ids.
async fn reset_sequences(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    let columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns
         WHERE table_schema = current_schema()
           AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
         ORDER BY table_name, column_name",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (table, column) in columns {
        // Names from the schema itself, quoted: nothing typed by a user.
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence($1, $2),
                           COALESCE((SELECT MAX({}) FROM {}), 0) + 1, false)",
            quoted(&column),
            quoted(&table)
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(quoted(&table))
            .bind(column)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
