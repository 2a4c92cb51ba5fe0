//! Copying one table: read from the source a page at a time in key order, converted
//! and inserted on the target in batches, its self-references set once every row is in.

use sqlx::{any::AnyRow, AnyConnection};

use super::schema::{count, quoted, Table};
use super::values::{bind, read, AnyQuery, Kind, Value};
use super::{CopyError, CopyProgress};
use crate::store::Backend;

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
pub(super) async fn copy_table(
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
