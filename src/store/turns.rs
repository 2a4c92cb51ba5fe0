//! The writes that play a game: a move (one request, see `turns/one_request.rs`, or a
//! transaction when it ends the game), the game's end, moves taken back. Each is
//! guarded by the game's `version`, so two identical moves sent at once
//! apply exactly once, and a game that ends rated changes ratings in that same
//! transaction.

mod one_request;

use crate::store::words::{game_active, game_finished};
use crate::store::GameStore;
use one_request::MoveWrite;

use super::{
    effects::{self, Effects},
    ratings::{rate_game, RatingChange},
    tournaments, Claim, GameEnd, MoveRecord, Pits, StoreError,
};

/// A guarded write that was applied; for one that ended a rated game, the ratings
/// changes `[South, North]` (`None` when the game was not rated after all: both
/// accounts belong to one identity).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Applied {
    /// The rating changes, if the game was rated.
    pub ratings: Option<[RatingChange; 2]>,
}

impl GameStore<'_> {
    /// Records a move, and the game's end if it ended it, in one transaction, only if
    /// the game is still active at `version` with `record.ply - 1` moves played (so
    /// the mover is still the side to move).
    ///
    /// A game that ends `rated` has its ratings changed in the same transaction
    /// (`ratings::rate_game`); so are the game's `effects` (its next jobs and its
    /// announcements, which name the rating changes when they are sent). The new
    /// turn's clocks come with the record, written by the same statement as the
    /// move.
    ///
    /// Returns `None`, changing nothing, when the game moved on meanwhile.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_move(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        version: i64,
        record: &MoveRecord,
        end: Option<&GameEnd>,
        rated: bool,
        effects: Effects,
        now: i64,
    ) -> Result<Option<Applied>, StoreError> {
        if end.is_none() && effects.audit.is_none() {
            // The common case, a move the game goes on after: one request.
            let write = MoveWrite {
                game_id,
                version,
                record,
                end: None,
                jobs: &effects.jobs,
                messages: &effects.messages,
                now,
            };
            let applied = self.record_move_at_once(claim, &write).await?;
            return Ok(applied.then_some(Applied { ratings: None }));
        }
        // A move that ends its game (or carries an audit entry): its ratings and its
        // tournament's next round follow in the transaction.
        let write = MoveWrite {
            game_id,
            version,
            record,
            end,
            jobs: &[],
            messages: &[],
            now,
        };
        let mut tx = self.store.write(claim).await?;
        if !one_request::record_in(&mut tx, &write).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let ratings = match end {
            Some(end) if rated => rate_game(&mut tx, game_id, end, now).await?,
            _ => None,
        };
        if end.is_some() {
            tournaments::after_game_end(&mut tx, game_id, now).await?;
        }
        effects::apply(
            &mut tx,
            Some((game_id, version + 1)),
            &Effects {
                clock: None, // written with the move
                ..effects
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(Applied { ratings }))
    }

    /// Ends an active game without a move (resignation, agreement, timeout, abort) if
    /// it is still at `version`, rating it in the same transaction when `rated`
    /// (`ratings::rate_game`), with its `effects`. Returns `None`, changing nothing, when it moved on
    /// meanwhile.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn finish_game(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        version: i64,
        end: &GameEnd,
        rated: bool,
        effects: Effects,
        now: i64,
    ) -> Result<Option<Applied>, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let updated = sqlx::query(
            concat!("UPDATE games SET version = version + 1, status = '", game_finished!(), "', result = $1,
                 reason = $2, south_score = $3, north_score = $4, proposal = NULL, proposed_by = NULL,
                 updated_at = $5, deadline_at = NULL
             WHERE id = $6 AND version = $7 AND status = '", game_active!(), "'"),
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
        let ratings = if rated {
            rate_game(&mut tx, game_id, end, now).await?
        } else {
            None
        };
        tournaments::after_game_end(&mut tx, game_id, now).await?;
        effects::apply(&mut tx, Some((game_id, version + 1)), &effects, now).await?;
        tx.commit().await?;
        Ok(Some(Applied { ratings }))
    }

    /// Takes the game back to its first `pits.0.len()` moves (a takeback both players
    /// agreed to), if it is still active at `version`: its later moves and the advice
    /// given after them are deleted, its scores are `scores`, any pending request is
    /// cleared, and the new turn's `effects` (clocks, jobs) are written with it.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn take_back(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        version: i64,
        pits: &Pits,
        scores: [u8; 2],
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let ply = i64::try_from(pits.0.len()).unwrap_or(i64::MAX);
        let letters: String = pits.0.iter().map(|p| p.letter()).collect();
        let mut tx = self.store.write(claim).await?;
        let updated = sqlx::query(concat!(
            "UPDATE games SET version = version + 1, ply = $1, pits = $2, south_score = $3,
                 north_score = $4, proposal = NULL, proposed_by = NULL, updated_at = $5
             WHERE id = $6 AND version = $7 AND status = '",
            game_active!(),
            "' AND ply > $1"
        ))
        .bind(ply)
        .bind(letters)
        .bind(i64::from(scores[0]))
        .bind(i64::from(scores[1]))
        .bind(now)
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        for table in ["moves", "advice"] {
            let sql = format!("DELETE FROM {table} WHERE game_id = $1 AND ply > $2");
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(game_id)
                .bind(ply)
                .execute(&mut *tx)
                .await?;
        }
        effects::apply(&mut tx, Some((game_id, version + 1)), effects, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}
