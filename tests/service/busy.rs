//! A database another program holds locked past the busy timeout: the command is
//! refused with words that say so (nothing changed, try again in a few seconds),
//! and it works once the lock is gone. SQLite only (a PostgreSQL writer waits).

use std::time::Duration;

use sqlx::Connection;

use crate::support::{cmd, play, TempDb};
use oware_bot::service::{Service, ServiceConfig};
use oware_bot::store::Store;

#[tokio::test]
async fn a_locked_database_is_said_so_and_nothing_changes() {
    let db = TempDb::new();
    if !db.url.starts_with("sqlite") {
        return; // PostgreSQL has no file lock to hold
    }
    let store = Store::open_with_busy_timeout(&db.url, Duration::from_millis(200))
        .await
        .expect("opens");
    let service = Service::new(
        store,
        ServiceConfig {
            rates: [None; 3],
            ..ServiceConfig::default()
        },
    );
    let mut locker = sqlx::SqliteConnection::connect(&db.url)
        .await
        .expect("connects");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut locker)
        .await
        .expect("locks");
    let refused = service.handle(cmd("alice", play("bob"))).await;
    assert!(refused.private, "{refused:?}");
    assert!(
        refused.text.contains("database is busy") && refused.text.contains("nothing was changed"),
        "{}",
        refused.text
    );
    sqlx::query("COMMIT")
        .execute(&mut locker)
        .await
        .expect("unlocks");
    assert_eq!(db.count("SELECT COUNT(*) FROM challenges").await, 0);
    let made = service.handle(cmd("alice", play("bob"))).await;
    assert!(!made.private, "{}", made.text);
}
