//! The writes that play a game: a move, the game's end, a proposal to end it. Each is
//! one transaction guarded by the game's `version`, so two identical moves sent at once
//! apply exactly once, and a game that ends rated changes ratings in that same
//! transaction.

mod one_request;

use one_request::MoveWrite;

use super::{
    jobs::{self, Effects},
    ratings::{rate_game, RatingChange},
    tournaments, Claim, GameEnd, MoveRecord, Rater, Store, StoreError,
};

/// A guarded write that was applied; for one that ended a rated game, the ratings
/// changes `[South, North]` (`None` when the game was not rated after all: both
/// accounts belong to one identity).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Applied {
    /// The rating changes, if the game was rated.
    pub ratings: Option<[RatingChange; 2]>,
}

impl Store {
    /// Records a move, and the game's end if it ended it, in one transaction, only if
    /// the game is still active at `version` with `record.ply - 1` moves played (so
    /// the mover is still the side to move).
    ///
    /// A game that ends and is to be rated comes with `rate`, and the ratings change in
    /// the same transaction; so do the game's `effects` (its next jobs and its
    /// announcements), made from what was applied (an announcement can then name the
    /// rating changes). The new turn's clocks come with the record, written by the
    /// same statement as the move.
    ///
    /// Returns `None`, changing nothing, when the game moved on meanwhile.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_move(
        &self,
        claim: Claim<'_>,
        game_id: i64,
        version: i64,
        record: &MoveRecord,
        end: Option<&GameEnd>,
        rate: Option<Rater<'_>>,
        effects: impl FnOnce(&Applied) -> Effects + Send,
        now: i64,
    ) -> Result<Option<Applied>, StoreError> {
        if end.is_none() {
            // The common case, a move the game goes on after: one request.
            let effects = effects(&Applied { ratings: None });
            if effects.audit.is_none() && effects.clock.is_none() {
                let write = MoveWrite {
                    game_id,
                    version,
                    record,
                    jobs: &effects.jobs,
                    messages: &effects.messages,
                    now,
                };
                let applied = self.record_move_at_once(claim, &write).await?;
                return Ok(applied.then_some(Applied { ratings: None }));
            }
            let write = (claim, game_id, version, record);
            return self
                .record_move_in_transaction(write, None, None, |_| effects, now)
                .await;
        }
        self.record_move_in_transaction((claim, game_id, version, record), end, rate, effects, now)
            .await
    }

    /// [`Store::record_move`] in a transaction of several statements: a move that
    /// ends its game (its ratings, its tournament's next round).
    async fn record_move_in_transaction(
        &self,
        (claim, game_id, version, record): (Claim<'_>, i64, i64, &MoveRecord),
        end: Option<&GameEnd>,
        rate: Option<Rater<'_>>,
        effects: impl FnOnce(&Applied) -> Effects + Send,
        now: i64,
    ) -> Result<Option<Applied>, StoreError> {
        // IMMEDIATE takes the write lock first, so concurrent writers queue on the busy
        // timeout instead of failing to upgrade a read snapshot.
        let mut tx = self.write(claim).await?;
        // The new turn's clocks in the same statement; a game that ends has no
        // deadline, and one without new clocks keeps its own.
        let clock = record.clock.filter(|_| end.is_none());
        let set_deadline = end.is_some() || clock.is_some();
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, ply = ply + 1,
                 south_score = $1, north_score = $2, end_proposed_by = NULL,
                 status = $3, result = $4, reason = $5, updated_at = $6,
                 south_left_ms = COALESCE($10, south_left_ms),
                 north_left_ms = COALESCE($11, north_left_ms),
                 turn_started_at = COALESCE($12, turn_started_at),
                 deadline_at = CASE WHEN $13 THEN $14 ELSE deadline_at END,
                 pits = pits || $15
             WHERE id = $7 AND version = $8 AND status = 'active' AND ply = $9",
        )
        .bind(i64::from(record.scores[0]))
        .bind(i64::from(record.scores[1]))
        .bind(if end.is_some() { "finished" } else { "active" })
        .bind(end.and_then(|e| e.ending.result_column()))
        .bind(end.map(|e| e.ending.reason_column()))
        .bind(now)
        .bind(game_id)
        .bind(version)
        .bind(record.ply - 1)
        .bind(clock.map(|c| c.left_ms[0]))
        .bind(clock.map(|c| c.left_ms[1]))
        .bind(clock.map(|c| c.turn_started_at))
        .bind(set_deadline)
        .bind(clock.and_then(|c| c.deadline_at))
        .bind(record.pit.to_string())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let board = record
            .board_after
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",");
        sqlx::query(
            "INSERT INTO moves (game_id, ply, player_id, pit, sown, captured, captured_pits,
                                grand_slam, board_after, south_score, north_score, played_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(game_id)
        .bind(record.ply)
        .bind(record.player_id)
        .bind(record.pit.to_string())
        .bind(i64::from(record.sown))
        .bind(i64::from(record.captured))
        .bind(&record.captured_pits)
        .bind(record.grand_slam)
        .bind(board)
        .bind(i64::from(record.scores[0]))
        .bind(i64::from(record.scores[1]))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let ratings = match (end, rate) {
            (Some(end), Some(rater)) => rate_game(&mut tx, game_id, end, rater, now).await?,
            _ => None,
        };
        if end.is_some() {
            tournaments::after_game_end(&mut tx, game_id, now).await?;
        }
        let applied = Applied { ratings };
        jobs::apply(
            &mut tx,
            Some((game_id, version + 1)),
            &Effects {
                clock: None, // written with the move
                ..effects(&applied)
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(applied))
    }

    /// Ends an active game without a move (resignation, agreement, timeout, abort) if
    /// it is still at `version`, rating it in the same transaction when `rate` is
    /// given, with its `effects`. Returns `None`, changing nothing, when it moved on
    /// meanwhile.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn finish_game(
        &self,
        claim: Claim<'_>,
        game_id: i64,
        version: i64,
        end: &GameEnd,
        rate: Option<Rater<'_>>,
        effects: impl FnOnce(&Applied) -> Effects + Send,
        now: i64,
    ) -> Result<Option<Applied>, StoreError> {
        let mut tx = self.write(claim).await?;
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, status = 'finished', result = $1,
                 reason = $2, south_score = $3, north_score = $4, end_proposed_by = NULL,
                 updated_at = $5, deadline_at = NULL
             WHERE id = $6 AND version = $7 AND status = 'active'",
        )
        .bind(end.ending.result_column())
        .bind(end.ending.reason_column())
        .bind(i64::from(end.scores[0]))
        .bind(i64::from(end.scores[1]))
        .bind(now)
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ratings = match rate {
            Some(rater) => rate_game(&mut tx, game_id, end, rater, now).await?,
            None => None,
        };
        tournaments::after_game_end(&mut tx, game_id, now).await?;
        let applied = Applied { ratings };
        jobs::apply(
            &mut tx,
            Some((game_id, version + 1)),
            &effects(&applied),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(applied))
    }

    /// Records that `side` (`S` or `N`) proposes ending the game by agreement, if the
    /// game is still active at `version`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn propose_end(
        &self,
        claim: Claim<'_>,
        game_id: i64,
        version: i64,
        side: char,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write(claim).await?;
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, end_proposed_by = $1, updated_at = $2
             WHERE id = $3 AND version = $4 AND status = 'active'",
        )
        .bind(side.to_string())
        .bind(super::now_ms())
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        // The turn goes on: its deadline and reminders still stand.
        sqlx::query("UPDATE jobs SET game_version = $1 WHERE game_id = $2 AND game_version = $3")
            .bind(version + 1)
            .bind(game_id)
            .bind(version)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(updated == 1)
    }
}
