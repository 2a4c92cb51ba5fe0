//! Games and their moves. A move is one transaction guarded by the game's `version`,
//! so two identical moves sent at once apply exactly once.

use super::{now_ms, GameEnd, GameRow, MoveRecord, MoveRow, Store, StoreError};

macro_rules! select_game {
    () => {
        "SELECT g.id, g.platform, g.space, g.channel, g.thread,
                g.south_id, s.user_id AS south_user, s.name AS south_name,
                g.north_id, n.user_id AS north_user, n.name AS north_name,
                g.variant, g.rated, g.advice, g.status, g.result, g.reason,
                g.south_score, g.north_score, g.ply, g.end_proposed_by, g.version,
                g.created_at, g.updated_at
         FROM games g
         JOIN players s ON s.id = g.south_id
         JOIN players n ON n.id = g.north_id "
    };
}

impl Store {
    /// One game by id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(select_game!(), "WHERE g.id = ?"))
            .bind(id)
            .fetch_optional(&self.reader)
            .await?)
    }

    /// The (latest) game played in this thread.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_in_thread(
        &self,
        platform: &str,
        thread: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = ? AND g.thread = ? ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(platform)
        .bind(thread)
        .fetch_optional(&self.reader)
        .await?)
    }

    /// Active games in a channel, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_in_channel(
        &self,
        platform: &str,
        space: Option<&str>,
        channel: &str,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = ? AND g.space IS ? AND g.channel = ? AND g.status = 'active'
             ORDER BY g.id"
        ))
        .bind(platform)
        .bind(space)
        .bind(channel)
        .fetch_all(&self.reader)
        .await?)
    }

    /// The latest game in a channel, whatever its status; only games `user_id` plays
    /// in when given.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_game_in_channel(
        &self,
        platform: &str,
        space: Option<&str>,
        channel: &str,
        user_id: Option<&str>,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = ?1 AND g.space IS ?2 AND g.channel = ?3
               AND (?4 IS NULL OR s.user_id = ?4 OR n.user_id = ?4)
             ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(platform)
        .bind(space)
        .bind(channel)
        .bind(user_id)
        .fetch_optional(&self.reader)
        .await?)
    }

    /// A user's active games anywhere on their network, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_of(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = ?1 AND g.status = 'active' AND (s.user_id = ?2 OR n.user_id = ?2)
             ORDER BY g.id"
        ))
        .bind(platform)
        .bind(user_id)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Every move of a game, in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT ply, player_id, pit, sown, captured, captured_pits, grand_slam,
                    board_after, south_score, north_score, played_at
             FROM moves WHERE game_id = ? ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&self.reader)
        .await?)
    }

    /// The pits played in a game, in order (canonical letters): what replaying it needs,
    /// and lighter than [`Store::moves`] on every command.
    ///
    /// # Errors
    /// Database failures.
    pub async fn move_pits(&self, game_id: i64) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT pit FROM moves WHERE game_id = ? ORDER BY ply")
                .bind(game_id)
                .fetch_all(&self.reader)
                .await?,
        )
    }

    /// Records a move, and the game's end if it ended it, in one transaction, only if
    /// the game is still active at `version` with `record.ply - 1` moves played (so
    /// the mover is still the side to move).
    ///
    /// Returns `false`, changing nothing, when the game moved on meanwhile.
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_move(
        &self,
        game_id: i64,
        version: i64,
        record: &MoveRecord,
        end: Option<&GameEnd>,
    ) -> Result<bool, StoreError> {
        let now = now_ms();
        // IMMEDIATE takes the write lock first, so concurrent writers queue on the busy
        // timeout instead of failing to upgrade a read snapshot.
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, ply = ply + 1,
                 south_score = ?, north_score = ?, end_proposed_by = NULL,
                 status = ?, result = ?, reason = ?, updated_at = ?
             WHERE id = ? AND version = ? AND status = 'active' AND ply = ?",
        )
        .bind(i64::from(record.scores[0]))
        .bind(i64::from(record.scores[1]))
        .bind(if end.is_some() { "finished" } else { "active" })
        .bind(end.map(|e| e.result))
        .bind(end.map(|e| e.reason))
        .bind(now)
        .bind(game_id)
        .bind(version)
        .bind(record.ply - 1)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(false);
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
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        tx.commit().await?;
        Ok(true)
    }

    /// Ends an active game without a move (resignation, agreement) if it is still at
    /// `version`. Returns `false`, changing nothing, when it moved on meanwhile.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finish_game(
        &self,
        game_id: i64,
        version: i64,
        end: &GameEnd,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, status = 'finished', result = ?,
                 reason = ?, south_score = ?, north_score = ?, end_proposed_by = NULL,
                 updated_at = ?
             WHERE id = ? AND version = ? AND status = 'active'",
        )
        .bind(end.result)
        .bind(end.reason)
        .bind(i64::from(end.scores[0]))
        .bind(i64::from(end.scores[1]))
        .bind(now_ms())
        .bind(game_id)
        .bind(version)
        .execute(&self.writer)
        .await?
        .rows_affected();
        Ok(updated == 1)
    }

    /// Records that `side` (`S` or `N`) proposes ending the game by agreement, if the
    /// game is still active at `version`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn propose_end(
        &self,
        game_id: i64,
        version: i64,
        side: char,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query(
            "UPDATE games SET version = version + 1, end_proposed_by = ?, updated_at = ?
             WHERE id = ? AND version = ? AND status = 'active'",
        )
        .bind(side.to_string())
        .bind(now_ms())
        .bind(game_id)
        .bind(version)
        .execute(&self.writer)
        .await?
        .rows_affected();
        Ok(updated == 1)
    }

    /// Ties a game to the thread its adapter opened for it.
    ///
    /// Returns `false` if there is no such game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_thread(&self, game_id: i64, thread: &str) -> Result<bool, StoreError> {
        let updated = sqlx::query("UPDATE games SET thread = ?, updated_at = ? WHERE id = ?")
            .bind(thread)
            .bind(now_ms())
            .bind(game_id)
            .execute(&self.writer)
            .await?
            .rows_affected();
        Ok(updated == 1)
    }
}
