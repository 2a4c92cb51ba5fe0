//! What a database holds, as the copy reads it: its migrations, its tables with their
//! columns, primary keys and foreign keys, their row counts, and an order of the
//! tables that inserts every parent before its children.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::AnyConnection;

use super::CopyError;
use crate::store::{Backend, StoreError};

/// The migration versions applied, or `None` without a migrations table.
pub(super) async fn migrations(
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

/// The number of rows in every table (but `_sqlx_migrations`), by name.
pub(super) async fn row_counts(
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

/// The number of rows in `table`.
pub(super) async fn count(conn: &mut AnyConnection, table: &str) -> Result<i64, sqlx::Error> {
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
pub(super) struct Table {
    pub(super) name: String,
    pub(super) columns: Vec<Column>,
    /// The primary key's columns, in order (the source is read in this order).
    pub(super) key: Vec<String>,
    /// The other tables its foreign keys point at.
    pub(super) parents: BTreeSet<String>,
    /// Nullable columns pointing at this same table: inserted as NULL, then set once
    /// every row is in (a row may point at a later one).
    pub(super) self_refs: BTreeSet<String>,
}

#[derive(Debug)]
pub(super) struct Column {
    pub(super) name: String,
    pub(super) declared: String,
    pub(super) nullable: bool,
}

/// Every table but `_sqlx_migrations`, by name, with its columns in order.
pub(super) async fn schema(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<Vec<Table>, StoreError> {
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
pub(super) fn in_order(tables: Vec<Table>) -> Result<Vec<Table>, CopyError> {
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

/// `name` as an SQL identifier.
pub(super) fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, parents: &[&str]) -> Table {
        Table {
            name: name.to_owned(),
            columns: Vec::new(),
            key: Vec::new(),
            parents: parents.iter().map(|&p| p.to_owned()).collect(),
            self_refs: BTreeSet::new(),
        }
    }

    fn names(tables: &[Table]) -> Vec<&str> {
        tables.iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn parents_come_before_their_children() {
        // By name, as `schema` lists them.
        let tables = vec![
            table("games", &["players"]),
            table("moves", &["games", "players"]),
            // A parent outside the copy does not hold a table back.
            table("notes", &["elsewhere"]),
            table("players", &[]),
        ];
        let order = in_order(tables).expect("no cycle");
        assert_eq!(names(&order), ["notes", "players", "games", "moves"]);
    }

    #[test]
    fn a_cycle_is_refused_with_its_tables() {
        let tables = vec![table("a", &["b"]), table("b", &["a"]), table("c", &[])];
        match in_order(tables) {
            Err(CopyError::Cycle(tables)) => assert_eq!(tables, "a, b"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_are_quoted() {
        assert_eq!(quoted("games"), "\"games\"");
        assert_eq!(quoted("a\"b"), "\"a\"\"b\"");
    }
}
