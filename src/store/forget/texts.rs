//! Scrubbing the texts the bot keeps (outbox bodies and edits, audit reasons, job
//! requests, anchors) of a forgotten person's ids and names, in the forgetting
//! transaction.

use sqlx::{Any, Transaction};

use super::scrub::Needles;
use crate::store::StoreError;

/// `LIKE` pattern for text containing `word`.
fn containing(word: &str) -> String {
    let escaped = word
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// Text columns that may name people, by table, with the table's integer key.
const TEXTS: &[(&str, &str)] = &[
    ("outbox", "body"),
    ("outbox", "edits"),
    ("audit", "reason"),
    ("jobs", "request"),
];

/// Scrubs [`TEXTS`] and the anchors (`analysis-<game>-<time>-<user id>`, named
/// the same way in a review job's request) of `needles`.
pub(super) async fn scrub_texts(
    tx: &mut Transaction<'static, Any>,
    needles: &Needles,
) -> Result<(), StoreError> {
    // Table and column names are the constants above: nothing typed by a user.
    for &(table, column) in TEXTS {
        let mut ids: Vec<i64> = Vec::new();
        for word in needles.words() {
            let sql = format!("SELECT id FROM {table} WHERE {column} LIKE $1 ESCAPE '\\'");
            ids.extend(
                sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
                    .bind(containing(word))
                    .fetch_all(&mut **tx)
                    .await?,
            );
        }
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            let sql = format!("SELECT {column} FROM {table} WHERE id = $1");
            let text: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .bind(id)
                .fetch_one(&mut **tx)
                .await?;
            if let Some(new) = text.as_deref().and_then(|t| needles.body(t)) {
                let sql = format!("UPDATE {table} SET {column} = $1 WHERE id = $2");
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(new)
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    let mut anchors: Vec<(String, String)> = Vec::new();
    for word in needles.words() {
        anchors.extend(
            sqlx::query_as::<_, (String, String)>(
                "SELECT platform, anchor FROM anchors WHERE anchor LIKE $1 ESCAPE '\\'",
            )
            .bind(containing(word))
            .fetch_all(&mut **tx)
            .await?,
        );
    }
    anchors.sort_unstable();
    anchors.dedup();
    for (platform, anchor) in anchors {
        if let Some(new) = needles.text(&anchor) {
            sqlx::query("UPDATE anchors SET anchor = $1 WHERE platform = $2 AND anchor = $3")
                .bind(new)
                .bind(platform)
                .bind(anchor)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
