//! Who was given which puzzle, their answers, and the puzzle ratings (Glicko-2, apart
//! from game ratings); the puzzles themselves are in `puzzles`.

use crate::store::LearningStore;
use sqlx::{AnyConnection, FromRow};

use super::{Claim, PuzzleRow, RatingNumbers, StoreError};
use crate::platform::Platform;
use crate::play::rating::{self, GameResult, Rating};

/// Someone's puzzle record.
#[derive(Clone, Copy, Debug, PartialEq, FromRow)]
pub struct PuzzleStats {
    /// Their puzzle rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Puzzles answered.
    pub attempts: i64,
    /// Puzzles solved.
    pub solved: i64,
}

/// What came of an answer (see `LearningStore::answer_puzzle`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnswerOutcome {
    /// Recorded and rated.
    Rated(Answered),
    /// They answered this puzzle before: nothing changed.
    AnsweredBefore,
    /// The puzzle was never given to them, and is no daily puzzle of the place
    /// they answer in (someone pressed the buttons of another person's puzzle):
    /// nothing changed.
    NotGiven,
}

/// What answering did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answered {
    /// The solver's numbers before (`None`: their first puzzle) and after.
    pub before: Option<RatingNumbers>,
    /// After.
    pub after: RatingNumbers,
}

/// Whether `user_id` answered puzzle `id` (`None`: they were never given it).
async fn answered(
    conn: &mut AnyConnection,
    id: i64,
    platform: Platform,
    user_id: &str,
) -> Result<Option<bool>, StoreError> {
    let answered: Option<super::Flag> = sqlx::query_scalar(
        "SELECT answered_at IS NOT NULL FROM puzzle_attempts
         WHERE puzzle_id = $1 AND platform = $2 AND user_id = $3",
    )
    .bind(id)
    .bind(platform.as_str())
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(answered.map(bool::from))
}

/// Why `user_id` may not answer puzzle `id` now, if they may not: they answered
/// it, or it is neither given to them nor a daily puzzle of `place` (given to
/// everyone there).
async fn may_answer(
    conn: &mut AnyConnection,
    id: i64,
    platform: Platform,
    user_id: &str,
    place: &str,
) -> Result<Option<AnswerOutcome>, StoreError> {
    match answered(conn, id, platform, user_id).await? {
        Some(true) => Ok(Some(AnswerOutcome::AnsweredBefore)),
        Some(false) => Ok(None),
        None => {
            let daily: Option<i64> = sqlx::query_scalar(
                "SELECT puzzle_id FROM daily_puzzles
                 WHERE platform = $1 AND place = $2 AND puzzle_id = $3 LIMIT 1",
            )
            .bind(platform.as_str())
            .bind(place)
            .bind(id)
            .fetch_optional(conn)
            .await?;
            Ok(daily.is_none().then_some(AnswerOutcome::NotGiven))
        }
    }
}

impl LearningStore<'_> {
    /// Gives puzzle `id` to `user_id` at `place` (nothing if they had it before);
    /// whether they had it before and answered it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn give_puzzle(
        self,
        claim: Claim<'_>,
        id: i64,
        platform: Platform,
        (user_id, name): (&str, &str),
        place: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        sqlx::query(
            "INSERT INTO puzzle_attempts (puzzle_id, platform, user_id, user_name, place, given_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (puzzle_id, platform, user_id) DO UPDATE SET given_at = excluded.given_at
             WHERE puzzle_attempts.answered_at IS NULL",
        )
        .bind(id)
        .bind(platform.as_str())
        .bind(user_id)
        .bind(name)
        .bind(place)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let answered = answered(&mut tx, id, platform, user_id).await? == Some(true);
        tx.commit().await?;
        Ok(answered)
    }

    /// The pit `user_id` missed puzzle `id` with on a first try, if they did and
    /// have not answered it since.
    ///
    /// # Errors
    /// Database failures.
    pub async fn first_miss(
        self,
        id: i64,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT answer FROM puzzle_attempts
             WHERE puzzle_id = $1 AND platform = $2 AND user_id = $3
               AND answered_at IS NULL AND answer IS NOT NULL",
        )
        .bind(id)
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Records `user_id`'s first, wrong, answer `answer` to puzzle `id`: the puzzle
    /// stays open for one more try, and nothing is rated yet. Only a puzzle given to
    /// them, or a daily puzzle of `place`. Whether it was recorded.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] for a command handled before; database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn miss_puzzle(
        self,
        claim: Claim<'_>,
        id: i64,
        platform: Platform,
        (user_id, name): (&str, &str),
        place: &str,
        answer: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        if may_answer(&mut tx, id, platform, user_id, place)
            .await?
            .is_some()
        {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO puzzle_attempts (puzzle_id, platform, user_id, user_name, place,
                                          given_at, answer)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (puzzle_id, platform, user_id) DO UPDATE SET answer = $7",
        )
        .bind(id)
        .bind(platform.as_str())
        .bind(user_id)
        .bind(name)
        .bind(place)
        .bind(now)
        .bind(answer)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The puzzle `user_id` was given last and has not answered, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_puzzle(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id
             WHERE a.platform = $1 AND a.user_id = $2 AND a.answered_at IS NULL
             ORDER BY a.given_at DESC, p.id DESC LIMIT 1"
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Records `user_id`'s answer to puzzle `id` and rates it (Glicko-2, solving it a
    /// win against the puzzle, missing it a loss), in one
    /// transaction with the command's event and `announce` (what the room hears of
    /// it). Only a puzzle given to them is answered, or a daily puzzle of `place`
    /// (given to everyone there); anything else changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] for a command handled before; database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn answer_puzzle(
        self,
        claim: Claim<'_>,
        id: i64,
        platform: Platform,
        (user_id, name): (&str, &str),
        place: &str,
        answer: &str,
        solved: bool,
        announce: Option<&super::NewMessage>,
        now: i64,
    ) -> Result<AnswerOutcome, StoreError> {
        let mut tx = self.store.write(claim).await?;
        if let Some(refused) = may_answer(&mut tx, id, platform, user_id, place).await? {
            return Ok(refused);
        }
        sqlx::query(
            "INSERT INTO puzzle_attempts (puzzle_id, platform, user_id, user_name, place,
                                          given_at, answer, solved, answered_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6)
             ON CONFLICT (puzzle_id, platform, user_id)
             DO UPDATE SET answer = $7, solved = $8, answered_at = $6",
        )
        .bind(id)
        .bind(platform.as_str())
        .bind(user_id)
        .bind(name)
        .bind(place)
        .bind(now)
        .bind(answer)
        .bind(solved)
        .execute(&mut *tx)
        .await?;
        let before: Option<RatingNumbers> = sqlx::query_as(
            "SELECT rating, deviation, volatility FROM puzzle_ratings
             WHERE platform = $1 AND user_id = $2",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let puzzle: RatingNumbers =
            sqlx::query_as("SELECT rating, deviation, volatility FROM puzzles WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        // Glicko-2, the answer a game against the puzzle: won when solved.
        let (after, puzzle_after) = rating::update(
            before.map_or(Rating::NEW, Rating::from),
            Rating::from(puzzle),
            if solved {
                GameResult::Win
            } else {
                GameResult::Loss
            },
        );
        let (after, puzzle_after): (RatingNumbers, RatingNumbers) =
            (after.into(), puzzle_after.into());
        sqlx::query(
            "INSERT INTO puzzle_ratings (platform, user_id, rating, deviation, volatility,
                                         attempts, solved, updated_at)
             VALUES ($1, $2, $3, $4, $5, 1, $6, $7)
             ON CONFLICT (platform, user_id)
             DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
                 attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + $6, updated_at = $7",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(i64::from(solved))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3 WHERE id = $4",
        )
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if let Some(message) = announce {
            super::outbox::insert(&mut tx, message, None, now).await?;
        }
        tx.commit().await?;
        Ok(AnswerOutcome::Rated(Answered { before, after }))
    }

    /// `user_id`'s puzzle record, if they answered one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_stats(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<PuzzleStats>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT rating, deviation, attempts, solved FROM puzzle_ratings
             WHERE platform = $1 AND user_id = $2",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Who solved puzzle `id` at `place`, first solver first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_solvers(
        self,
        id: i64,
        platform: Platform,
        place: &str,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT user_name FROM puzzle_attempts
             WHERE puzzle_id = $1 AND platform = $2 AND place = $3 AND solved = TRUE
             ORDER BY answered_at",
        )
        .bind(id)
        .bind(platform.as_str())
        .bind(place)
        .fetch_all(&self.store.reader)
        .await?)
    }
}
