//! The database a copy reads from: opened read-only, with its schema as it is.

use std::collections::BTreeMap;
use std::time::Duration;

use sqlx::{any::AnyPoolOptions, AnyPool};

use super::schema::{migrations, row_counts};
use crate::store::{redact, Backend, StoreError};

/// A database to copy from, opened read-only with its schema as it is (not
/// migrated: its migrations are compared with the target's instead).
#[derive(Debug)]
pub struct CopySource {
    pub(super) pool: AnyPool,
    pub(super) backend: Backend,
}

impl CopySource {
    /// Opens the database at `url` (as [`Store::open`](crate::store::Store::open) names
    /// them) read-only; a
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
    super::super::backend::sqlite_url(url, "ro")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sqlite_source_opens_read_only() {
        assert_eq!(read_only_sqlite("old.db"), "sqlite://old.db?mode=ro");
        assert_eq!(
            read_only_sqlite("sqlite://old.db?cache=shared"),
            "sqlite://old.db?cache=shared&mode=ro"
        );
        assert_eq!(
            read_only_sqlite("sqlite://old.db?mode=rw"),
            "sqlite://old.db?mode=rw"
        );
        assert_eq!(read_only_sqlite("sqlite::memory:"), "sqlite::memory:");
    }
}
