//! The named constraints whose violation means something to a user, each mapped to
//! its own domain error; any other violation stays a database error.

/// A named unique constraint of the schema (the same name in both migrations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Constraint {
    /// `challenges_one_pending`: one pending challenge from a player to another.
    OnePendingChallenge,
    /// `challenges_one_open`: one open challenge pending per player.
    OneOpenChallenge,
}

/// Each constraint, its name, and the columns SQLite lists when it is violated
/// (SQLite's errors name the columns, PostgreSQL's the constraint).
const KNOWN: [(Constraint, &str, &str); 2] = [
    (
        Constraint::OnePendingChallenge,
        "challenges_one_pending",
        "challenges.challenger_id, challenges.opponent_id",
    ),
    (
        Constraint::OneOpenChallenge,
        "challenges_one_open",
        "challenges.challenger_id",
    ),
];

impl Constraint {
    /// The constraint `error` violated, if it is one of [`KNOWN`].
    pub(super) fn violated_by(error: &sqlx::Error) -> Option<Constraint> {
        let sqlx::Error::Database(db) = error else {
            return None;
        };
        if !db.is_unique_violation() {
            return None;
        }
        KNOWN
            .iter()
            .find(|(_, name, columns)| {
                db.constraint() == Some(*name) || sqlite_columns(db.message()) == Some(*columns)
            })
            .map(|(constraint, _, _)| *constraint)
    }
}

/// The columns of SQLite's "UNIQUE constraint failed: t.a, t.b" message.
fn sqlite_columns(message: &str) -> Option<&str> {
    message
        .strip_prefix("UNIQUE constraint failed: ")
        .map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlites_message_names_the_columns() {
        assert_eq!(
            sqlite_columns(
                "UNIQUE constraint failed: challenges.challenger_id, challenges.opponent_id"
            ),
            Some(KNOWN[0].2)
        );
        assert_eq!(sqlite_columns("no such table: x"), None);
    }

    #[tokio::test]
    async fn only_the_named_constraint_is_a_duplicate_challenge() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = crate::store::Store::open(&url).await.expect("opens");
        let mut conn = store.writer.acquire().await.expect("a connection");
        let violation = sqlx::query(
            "INSERT INTO players (platform, user_id, name, created_at, updated_at)
             VALUES ('console', 'a', 'a', 0, 0), ('console', 'a', 'b', 0, 0)",
        )
        .execute(&mut *conn)
        .await
        .expect_err("one player per platform and user id");
        assert_eq!(
            Constraint::violated_by(&violation),
            None,
            "another unique violation is not a duplicate challenge"
        );
    }
}
