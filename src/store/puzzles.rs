//! Puzzles: positions with one clearly best move, found from the tables or in games,
//! and each server's daily puzzle. Who was given which, and the answers and puzzle
//! ratings, are in `puzzle_attempts`.

use crate::store::LearningStore;
use sqlx::{any::AnyRow, AnyConnection, FromRow, Row};

use super::puzzle_form::{decode_line, decode_position, encode_line, encode_position, PuzzleGoal};
use super::{Claim, StoreError, Unique};
use crate::platform::Platform;
use crate::rules::{Pit, Position};

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// `tables` or `game`.
    pub source: &'static str,
    /// The game it comes from.
    pub game_id: Option<crate::store::GameId>,
    /// Moves played in that game before its position.
    pub ply: Option<i64>,
    /// The position, its side to move to solve it.
    pub position: Position,
    /// The move that solves it.
    pub solution: Pit,
    /// The solution line.
    pub line: Vec<Pit>,
    /// What solving it achieves.
    pub goal: PuzzleGoal,
}

/// A stored puzzle, read from its stored form (`puzzle_form.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    /// The puzzle's number.
    pub id: i64,
    /// `tables` or `game`.
    pub source: String,
    /// The game it comes from.
    pub game_id: Option<crate::store::GameId>,
    /// The position, its side to move to solve it.
    pub position: Position,
    /// The move that solves it.
    pub solution: Pit,
    /// The solution line.
    pub line: Vec<Pit>,
    /// What solving it achieves.
    pub goal: PuzzleGoal,
    /// The puzzle's rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl<'r> FromRow<'r, AnyRow> for PuzzleRow {
    fn from_row(row: &'r AnyRow) -> Result<PuzzleRow, sqlx::Error> {
        // A column that is not in its stored form fails the read, naming the column.
        fn read<T>(
            row: &AnyRow,
            column: &str,
            decode: impl Fn(&str) -> Option<T>,
        ) -> Result<T, sqlx::Error> {
            let text: String = row.try_get(column)?;
            decode(&text).ok_or_else(|| sqlx::Error::ColumnDecode {
                index: column.to_owned(),
                source: format!("not a stored puzzle {column}: {text:?}").into(),
            })
        }
        let solution = read(row, "solution", |t| match decode_line(t)?.as_slice() {
            [pit] => Some(*pit),
            _ => None,
        })?;
        Ok(PuzzleRow {
            id: row.try_get("id")?,
            source: row.try_get("source")?,
            game_id: row.try_get("game_id")?,
            position: read(row, "position", decode_position)?,
            solution,
            line: read(row, "line", decode_line)?,
            goal: read(row, "goal", PuzzleGoal::decode)?,
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        })
    }
}

/// The columns of a [`PuzzleRow`] (puzzles as `p`).
macro_rules! puzzle_columns {
    () => {
        "p.id, p.source, p.game_id, p.position, p.solution, p.line, p.goal, p.rating, \
         p.deviation, p.volatility"
    };
}

/// Puzzles `p` that user `$2` on platform `$1` was never given.
macro_rules! unseen {
    () => {
        "NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                     WHERE a.puzzle_id = p.id AND a.platform = $1 AND a.user_id = $2)"
    };
}

/// Stores a puzzle unless its position is stored already; whether it was new.
pub(super) async fn insert(
    conn: &mut AnyConnection,
    p: &NewPuzzle,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(sqlx::query(
        "INSERT INTO puzzles (source, game_id, ply, position, solution, line, goal, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (position) DO NOTHING",
    )
    .bind(p.source)
    .bind(p.game_id)
    .bind(p.ply)
    .bind(encode_position(p.position))
    .bind(p.solution.letter().to_string())
    .bind(encode_line(&p.line))
    .bind(p.goal.encode())
    .bind(now)
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

impl LearningStore<'_> {
    /// Stores new puzzles (positions stored already are skipped); how many were new.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_puzzles(self, found: &[NewPuzzle], now: i64) -> Result<u64, StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        let mut added = 0;
        for p in found {
            added += u64::from(insert(&mut tx, p, now).await?);
        }
        tx.commit().await?;
        Ok(added)
    }

    /// How many puzzles are stored, and how many come from the tables.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_counts(self) -> Result<(i64, i64), StoreError> {
        Ok(sqlx::query_as(
            "SELECT COUNT(*),
                        CAST(COALESCE(SUM(CASE WHEN source = 'tables' THEN 1 ELSE 0 END), 0)
                             AS BIGINT)
                 FROM puzzles",
        )
        .fetch_one(&self.store.reader)
        .await?)
    }

    /// Every stored puzzle (for checks and tools).
    ///
    /// # Errors
    /// Database failures.
    pub async fn all_puzzles(self) -> Result<Vec<PuzzleRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzles p ORDER BY p.id"
        ))
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Puzzle `id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle(self, id: i64) -> Result<Option<PuzzleRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzles p WHERE p.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Whether puzzle `id` has been a daily puzzle of `place` (its answers are
    /// secrets there: the others are still solving it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn is_daily_puzzle(
        self,
        platform: Platform,
        place: &str,
        id: i64,
    ) -> Result<bool, StoreError> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT puzzle_id FROM daily_puzzles
             WHERE platform = $1 AND place = $2 AND puzzle_id = $3 LIMIT 1",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(id)
        .fetch_optional(&self.store.reader)
        .await?;
        Ok(found.is_some())
    }

    /// A puzzle `user_id` was never given, the nearest in rating to `near`, and how
    /// many such puzzles are left.
    ///
    /// # Errors
    /// Database failures.
    pub async fn unseen_puzzle(
        self,
        platform: Platform,
        user_id: &str,
        near: f64,
    ) -> Result<(Option<PuzzleRow>, i64), StoreError> {
        let row = sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzles p WHERE ",
            unseen!(),
            "
             ORDER BY ABS(p.rating - $3), p.id LIMIT 1"
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .bind(near)
        .fetch_optional(&self.store.reader)
        .await?;
        let left: i64 =
            sqlx::query_scalar(concat!("SELECT COUNT(*) FROM puzzles p WHERE ", unseen!()))
                .bind(platform.as_str())
                .bind(user_id)
                .fetch_one(&self.store.reader)
                .await?;
        Ok((row, left))
    }

    /// The daily puzzle of `place` on `day`, chosen now if it was not yet: a puzzle
    /// never a daily there before, the nearest to the usual starting rating; with
    /// whether it was chosen by this call (the day's first asker). `None` when there
    /// is no such puzzle.
    ///
    /// # Errors
    /// Database failures.
    pub async fn daily_puzzle(
        self,
        claim: Claim<'_>,
        platform: Platform,
        place: &str,
        day: &str,
    ) -> Result<Option<(PuzzleRow, bool)>, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let chosen = sqlx::query(
            "INSERT INTO daily_puzzles (platform, place, day, puzzle_id)
             SELECT $1, $2, $3, p.id FROM puzzles p
             WHERE NOT EXISTS (SELECT 1 FROM daily_puzzles d
                               WHERE d.platform = $1 AND d.place = $2 AND d.puzzle_id = p.id)
             ORDER BY ABS(p.rating - 1500), p.id LIMIT 1
             ON CONFLICT DO NOTHING",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(day)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        let row: Option<PuzzleRow> = sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM daily_puzzles d JOIN puzzles p ON p.id = d.puzzle_id
             WHERE d.platform = $1 AND d.place = $2 AND d.day = $3"
        ))
        .bind(platform.as_str())
        .bind(place)
        .bind(day)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(row.map(|row| (row, chosen)))
    }
}
