//! A consistent copy of a running bot's SQLite database: `VACUUM INTO` reads one
//! snapshot (a read transaction, which in WAL mode never blocks the bot's writers and
//! sees every committed row, the ones still in the WAL included) and writes it as a
//! new, compact database file. PostgreSQL databases are backed up with `pg_dump`.
//!
//! The copy is written to a fresh temporary file beside the target, created with
//! `create_new` (so it is this run's own) and mode 0600 (a backup holds personal
//! data: only its owner reads it), checked, then published under the target's name
//! with a hard link, which fails rather than replace anything there (a file, another
//! run's backup, a symlink, dangling or not, which is never followed). On any
//! failure only the temporary file, which this run created, is removed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::{any::AnyPoolOptions, AnyPool};

use super::backend::sqlite_url;
use super::{redact, Backend};

/// How long the copy waits for the database when another program holds it locked.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a backup was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The target exists: a backup never overwrites a file.
    #[error(
        "`{}` exists already: a backup never overwrites a file. Name a new file, or move \
         the old one away first",
        .0.display()
    )]
    Exists(PathBuf),
    /// The database is on PostgreSQL, which has its own tools.
    #[error(
        "the database `{0}` is PostgreSQL: back it up with PostgreSQL's own tool, e.g. \
         `pg_dump --format=custom --file=oware.dump '{0}'` (restore it with \
         `pg_restore --clean --if-exists --dbname=URL oware.dump`); see \"Backups\" in \
         the README"
    )]
    Postgres(String),
    /// The SQLite database cannot be opened (missing, not a database, no permission).
    #[error(
        "cannot open the database `{url}`: {source}. Check DATABASE_URL (or --db): it \
         must name the bot's existing SQLite file"
    )]
    Open {
        /// The URL asked for.
        url: String,
        /// Why.
        #[source]
        source: sqlx::Error,
    },
    /// The temporary file beside the target could not be created.
    #[error(
        "cannot create a new file in the folder of `{}`: {source}. Check that the \
         folder exists and is writable",
        .target.display()
    )]
    Create {
        /// Where the copy was going.
        target: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The checked copy could not be given the target's name (something appeared
    /// there meanwhile, or the file system has no hard links); the copy is removed.
    #[error(
        "the copy could not be named `{}`: {source}. Nothing there was replaced: name \
         a new file (on a file system with hard links) and try again",
        .target.display()
    )]
    Publish {
        /// The target.
        target: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The copy failed; nothing is left at the target.
    #[error(
        "the copy into `{}` failed: {source}. Check that its folder exists and is \
         writable and that the disk has room, then try again",
        .target.display()
    )]
    Copy {
        /// Where the copy was going.
        target: PathBuf,
        /// Why.
        #[source]
        source: sqlx::Error,
    },
    /// The copy was written but does not read back as a sound database.
    #[error(
        "the copy in `{}` does not check out ({source}): it was removed; try again, \
         and check the disk if it happens again",
        .target.display()
    )]
    Check {
        /// The copy.
        target: PathBuf,
        /// What the check said.
        #[source]
        source: sqlx::Error,
    },
}

/// What a backup holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackupSummary {
    /// Games, finished and in progress.
    pub games: i64,
    /// Players.
    pub players: i64,
    /// The copy's size in bytes.
    pub bytes: u64,
}

/// Copies the SQLite database at `url` (as [`super::Store::open`] names it) into the
/// new file `target`, while the bot may be using it, then opens the copy and checks
/// it. The source is not migrated nor otherwise changed.
///
/// # Errors
/// [`BackupError::Exists`] when anything is at `target` (a symlink included);
/// [`BackupError::Postgres`] for a PostgreSQL URL; [`BackupError::Open`],
/// [`BackupError::Create`], [`BackupError::Copy`], [`BackupError::Check`] or
/// [`BackupError::Publish`] when the copy cannot be made (nothing is left then, and
/// nothing that was at the target is touched).
pub async fn backup_sqlite(url: &str, target: &Path) -> Result<BackupSummary, BackupError> {
    if Backend::of_url(url) == Backend::Postgres {
        return Err(BackupError::Postgres(redact(url)));
    }
    // Anything at the target, a dangling symlink included, is refused here; the
    // publishing link refuses it again if it appears meanwhile.
    if std::fs::symlink_metadata(target).is_ok() {
        return Err(BackupError::Exists(target.to_owned()));
    }
    let open_err = |source| BackupError::Open {
        url: redact(url),
        source,
    };
    // `rw`, not `rwc`: a mistyped path must not become a new, empty database; not
    // `ro` either, since a reader of a WAL database may have to set up its index.
    let source = connect(&sqlite_url(url, "rw")).await.map_err(open_err)?;
    let temporary = match create_temporary(target) {
        Ok(path) => path,
        Err(source_err) => {
            source.close().await;
            return Err(BackupError::Create {
                target: target.to_owned(),
                source: source_err,
            });
        }
    };
    // SQLite writes into the empty file this run created, keeping its mode.
    let copied = sqlx::query("VACUUM INTO $1")
        .bind(temporary.to_string_lossy().into_owned())
        .execute(&source)
        .await;
    source.close().await;
    if let Err(source) = copied {
        remove(&temporary);
        return Err(BackupError::Copy {
            target: target.to_owned(),
            source,
        });
    }
    let summary = match check(&temporary).await {
        Ok(summary) => summary,
        Err(source) => {
            remove(&temporary);
            return Err(BackupError::Check {
                target: target.to_owned(),
                source,
            });
        }
    };
    // A hard link never replaces what is at the target, nor follows a symlink there.
    let published = std::fs::hard_link(&temporary, target);
    remove(&temporary);
    match published {
        Ok(()) => Ok(summary),
        Err(source) if source.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(BackupError::Exists(target.to_owned()))
        }
        Err(source) => Err(BackupError::Publish {
            target: target.to_owned(),
            source,
        }),
    }
}

/// Creates a new, empty file beside `target`, readable by its owner only, with a
/// name no other run uses (`create_new` fails rather than open an existing file).
fn create_temporary(target: &Path) -> std::io::Result<PathBuf> {
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "backup".into(), |n| n.to_string_lossy().into_owned());
    loop {
        let path = folder.join(format!(
            ".{name}.{}-{:016x}.partial",
            std::process::id(),
            rand::random::<u64>()
        ));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&path) {
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// A one-connection pool on `url` that waits for a locked database.
async fn connect(url: &str) -> Result<AnyPool, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let busy_ms = BUSY_TIMEOUT.as_millis();
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                sqlx::Executor::execute(
                    conn,
                    sqlx::AssertSqlSafe(format!("PRAGMA busy_timeout = {busy_ms}")),
                )
                .await?;
                Ok(())
            })
        })
        .connect(url)
        .await?;
    sqlx::query("SELECT 1").execute(&pool).await?;
    Ok(pool)
}

/// Opens the copy read-only, checks its structure and counts what it holds.
async fn check(target: &Path) -> Result<BackupSummary, sqlx::Error> {
    let url = sqlite_url(&target.to_string_lossy(), "ro");
    let copy = connect(&url).await?;
    let checked = async {
        let verdict: String = sqlx::query_scalar("PRAGMA quick_check")
            .fetch_one(&copy)
            .await?;
        if verdict != "ok" {
            return Err(sqlx::Error::Protocol(format!("quick_check: {verdict}")));
        }
        let (games, players): (i64, i64) =
            sqlx::query_as("SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM players)")
                .fetch_one(&copy)
                .await?;
        Ok((games, players))
    }
    .await;
    copy.close().await;
    let (games, players) = checked?;
    let bytes = std::fs::metadata(target).map_or(0, |m| m.len());
    Ok(BackupSummary {
        games,
        players,
        bytes,
    })
}

/// Removes the temporary file this run created (and only that).
fn remove(target: &Path) {
    if let Err(e) = std::fs::remove_file(target) {
        if e.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!(target = %target.display(), error = %e, "cannot remove a failed backup");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::Platform;
    use crate::store::Store;

    /// The players in the database file at `path`; 0 when it has no players table
    /// yet (its schema is still in the log too).
    async fn players(path: &Path) -> i64 {
        let pool = connect(&sqlite_url(&path.to_string_lossy(), "ro"))
            .await
            .expect("opens");
        let tables: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'players'",
        )
        .fetch_one(&pool)
        .await
        .expect("reads the schema");
        let n = if tables == 0 {
            0
        } else {
            sqlx::query_scalar("SELECT COUNT(*) FROM players")
                .fetch_one(&pool)
                .await
                .expect("counts")
        };
        pool.close().await;
        n
    }

    #[tokio::test]
    async fn the_copy_holds_the_rows_still_in_the_write_ahead_log() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("oware.db");
        let store = Store::open(db.to_str().expect("utf-8"))
            .await
            .expect("opens");
        for i in 0..20 {
            store
                .people()
                .upsert_player(Platform::Console, &format!("p{i}"), &format!("P{i}"), false)
                .await
                .expect("a player");
        }
        // The store stays open, so nothing checkpoints the log: the database file by
        // itself (copied without its `-wal`) does not have the players yet.
        let wal = dir.path().join("oware.db-wal");
        assert!(std::fs::metadata(&wal).expect("a WAL").len() > 0);
        let bare = dir.path().join("bare.db");
        std::fs::copy(&db, &bare).expect("copies");
        assert_eq!(
            players(&bare).await,
            0,
            "the rows were checkpointed already"
        );

        let target = dir.path().join("backup.db");
        let summary = backup_sqlite(db.to_str().expect("utf-8"), &target)
            .await
            .expect("backs up");
        assert_eq!(summary.players, 20);
        assert_eq!(players(&target).await, 20);
        assert!(
            !dir.path().join("backup.db-wal").exists(),
            "the copy is one file"
        );

        let again = backup_sqlite(db.to_str().expect("utf-8"), &target).await;
        assert!(matches!(again, Err(BackupError::Exists(_))), "{again:?}");
        store.close().await;
    }

    fn source_db(dir: &Path) -> String {
        dir.join("oware.db").to_str().expect("utf-8").to_owned()
    }

    async fn a_database(dir: &Path) -> String {
        let db = source_db(dir);
        let store = Store::open(&db).await.expect("opens");
        store
            .people()
            .upsert_player(Platform::Console, "p", "P", false)
            .await
            .expect("a player");
        store.close().await;
        db
    }

    /// Only the target and the source's own files: no temporary file is left.
    fn leftovers(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("lists")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("partial"))
            .collect();
        names.sort();
        names
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn a_symlink_at_the_target_is_refused_and_never_followed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = a_database(dir.path()).await;
        let target = dir.path().join("backup.db");
        let pointed = dir.path().join("elsewhere.db");
        std::os::unix::fs::symlink(&pointed, &target).expect("a dangling symlink");
        let refused = backup_sqlite(&db, &target).await;
        assert!(
            matches!(refused, Err(BackupError::Exists(_))),
            "{refused:?}"
        );
        assert!(!pointed.exists(), "nothing written through the link");
        assert!(std::fs::symlink_metadata(&target)
            .expect("kept")
            .is_symlink());
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }

    #[tokio::test]
    async fn a_file_that_appears_at_the_target_is_never_removed_nor_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = a_database(dir.path()).await;
        let target = dir.path().join("backup.db");
        std::fs::write(&target, b"another run's backup").expect("writes");
        // The exists-check passed earlier; the publishing step meets the file.
        let temporary = create_temporary(&target).expect("a temporary file");
        std::fs::write(&temporary, b"x").expect("writes");
        let published = std::fs::hard_link(&temporary, &target);
        assert_eq!(
            published.map_err(|e| e.kind()),
            Err(std::io::ErrorKind::AlreadyExists)
        );
        remove(&temporary);
        // And a whole run against it fails, leaving it as it was.
        let refused = backup_sqlite(&db, &target).await;
        assert!(
            matches!(refused, Err(BackupError::Exists(_))),
            "{refused:?}"
        );
        assert_eq!(
            std::fs::read(&target).expect("kept"),
            b"another run's backup"
        );
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }

    #[tokio::test]
    async fn a_failed_copy_removes_only_its_own_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let target = dir.path().join("backup.db");
        // Not a database: the copy fails.
        let bad = dir.path().join("bad.db");
        std::fs::write(&bad, b"not a database at all, just some text").expect("writes");
        let failed = backup_sqlite(bad.to_str().expect("utf-8"), &target).await;
        assert!(failed.is_err(), "{failed:?}");
        assert!(!target.exists());
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
        assert!(bad.exists(), "the source is left alone");
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn the_backup_is_readable_by_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let db = a_database(dir.path()).await;
        let target = dir.path().join("backup.db");
        let summary = backup_sqlite(&db, &target).await.expect("backs up");
        assert_eq!(summary.players, 1);
        let mode = std::fs::metadata(&target)
            .expect("exists")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
}
