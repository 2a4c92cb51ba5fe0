//! The SQLite and PostgreSQL schemas agree: the same migration numbers, and after
//! them the same tables with the same columns, nullability and kinds of value
//! (integers and flags, text, reals). PostgreSQL comes from `tools/postgres.sh`
//! (`OWARE_TEST_POSTGRES_URL`); without it the PostgreSQL half is skipped, except in
//! CI, which starts one.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::collections::BTreeMap;

use sqlx::{postgres::PgPoolOptions, sqlite::SqlitePoolOptions, Connection, Executor};

/// `table -> column -> (kind, nullable)`.
type Schema = BTreeMap<String, BTreeMap<String, (&'static str, bool)>>;

fn kind(declared: &str) -> &'static str {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" | "boolean" => "integer",
        "text" => "text",
        "real" | "double precision" => "real",
        other => panic!("a column of unexpected type {other}"),
    }
}

fn numbers(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(format!("{}/{dir}", env!("CARGO_MANIFEST_DIR")))
        .expect("the migrations")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

async fn sqlite_schema() -> Schema {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display());
    let pool = SqlitePoolOptions::new()
        .connect(&url)
        .await
        .expect("sqlite");
    sqlx::migrate!("./migrations/sqlite")
        .run(&pool)
        .await
        .expect("migrates");
    let rows: Vec<(String, String, String, bool, i64)> = sqlx::query_as(
        "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk
         FROM sqlite_master m JOIN pragma_table_info(m.name) p
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'",
    )
    .fetch_all(&pool)
    .await
    .expect("the columns");
    let mut schema = Schema::new();
    for (table, column, declared, not_null, pk) in rows {
        schema
            .entry(table)
            .or_default()
            .insert(column, (kind(&declared), !(not_null || pk > 0)));
    }
    schema
}

async fn postgres_schema(url: &str) -> Schema {
    // A database of its own, dropped at the end.
    let name = format!(
        "schemas_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("time")
            .as_nanos()
    );
    let mut admin = sqlx::PgConnection::connect(url).await.expect("postgres");
    admin
        .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .await
        .expect("a database");
    let base = url.rsplit_once('/').expect("a database in the URL").0;
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(&format!("{base}/{name}"))
        .await
        .expect("the test database");
    sqlx::migrate!("./migrations/postgres")
        .run(&pool)
        .await
        .expect("migrates");
    let rows: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(&pool)
    .await
    .expect("the columns");
    pool.close().await;
    admin
        .execute(sqlx::AssertSqlSafe(format!("DROP DATABASE {name}")))
        .await
        .expect("dropped");
    let mut schema = Schema::new();
    for (table, column, declared, nullable) in rows {
        schema
            .entry(table)
            .or_default()
            .insert(column, (kind(&declared), nullable == "YES"));
    }
    schema
}

#[tokio::test]
async fn both_backends_have_the_same_tables_and_columns() {
    assert_eq!(
        numbers("migrations/sqlite"),
        numbers("migrations/postgres"),
        "the same migrations, numbered alike"
    );
    let sqlite = sqlite_schema().await;
    assert!(sqlite.contains_key("games") && sqlite.contains_key("puzzles"));
    let Ok(url) = std::env::var("OWARE_TEST_POSTGRES_URL") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run PostgreSQL (tools/postgres.sh start DIR)"
        );
        println!("SKIPPED the PostgreSQL half: no OWARE_TEST_POSTGRES_URL (tools/postgres.sh)");
        return;
    };
    let postgres = postgres_schema(&url).await;
    assert_eq!(
        sqlite.keys().collect::<Vec<_>>(),
        postgres.keys().collect::<Vec<_>>(),
        "the same tables"
    );
    for (table, columns) in &sqlite {
        assert_eq!(columns, &postgres[table], "the columns of {table}");
    }
}
