//! Copying a whole database into an empty one (`oware-bot migrate-data`), between
//! SQLite and PostgreSQL in either direction. The tables, columns and foreign keys
//! come from the target's schema (`schema`); rows are read from a read-only source
//! (`source`) in one snapshot, converted by the target column's type (`values`: a
//! PostgreSQL `BOOLEAN` from an SQLite 0/1 and back) and inserted in batches in one
//! transaction, parents before children (`table`). PostgreSQL's identity sequences
//! are then moved past the copied ids. Also the row counts and game ids that check a
//! copy.

mod schema;
mod source;
mod table;
pub(super) mod values;

use std::collections::BTreeMap;

use sqlx::AnyConnection;

use self::schema::{in_order, migrations, quoted, row_counts};
pub use self::source::CopySource;
use self::table::copy_table;
use super::{Backend, Claim, Store, StoreError, Unique};

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
        CopyError::Store(StoreError::from(error))
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
    pub async fn game_ids(&self) -> Result<Vec<super::GameId>, StoreError> {
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
        let mut target = self.write(Claim::Unique(Unique::Upkeep)).await?;
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
        for table in in_order(schema::schema(&mut target, self.backend).await?)? {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_migrations_say_what_to_do() {
        let older = migrations_differ(&[], &[7, 8]);
        assert!(older.contains("only in the source: none; only in the target: 7, 8"));
        assert!(older.contains("bring it up to date first"), "{older}");
        let newer = migrations_differ(&[9], &[]);
        assert!(
            newer.contains("run migrate-data with that version"),
            "{newer}"
        );
    }
}
