//! Games and their moves as stored, and the queries that find them. The writes that
//! play a game are in `turns`.

use super::{now_ms, GameRow, MoveRow, StoreError};
use crate::platform::Platform;
use crate::store::words::{game_active, game_finished};
use crate::store::GameStore;

/// The `SELECT … FROM games … JOIN players` that reads a [`GameRow`]; a condition and
/// order follow.
macro_rules! select_game {
    () => {
        "SELECT g.id, g.platform, g.space, g.channel, g.thread,
                g.south_id, s.user_id AS south_user, s.name AS south_name,
                COALESCE(s.identity_id, s.id) AS south_identity, s.is_bot AS south_bot,
                s.away_until AS south_away_until,
                (SELECT u.notify FROM user_settings u
                 WHERE u.platform = g.platform AND u.user_id = s.user_id) AS south_notify,
                g.north_id, n.user_id AS north_user, n.name AS north_name,
                COALESCE(n.identity_id, n.id) AS north_identity, n.is_bot AS north_bot,
                n.away_until AS north_away_until,
                (SELECT u.notify FROM user_settings u
                 WHERE u.platform = g.platform AND u.user_id = n.user_id) AS north_notify,
                g.variant, g.rated, g.advice, g.status, g.result, g.reason,
                g.south_score, g.north_score, g.ply, g.pits, g.proposal, g.proposed_by,
                g.version,
                g.time_control, g.reminders, g.south_left_ms, g.north_left_ms,
                g.turn_started_at, g.deadline_at, g.tournament_id, g.created_at, g.updated_at
         FROM games g
         JOIN players s ON s.id = g.south_id
         JOIN players n ON n.id = g.north_id "
    };
}

impl GameStore<'_> {
    /// One game by id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game(self, id: crate::store::GameId) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(select_game!(), "WHERE g.id = $1"))
            .bind(id)
            .fetch_optional(&self.store.reader)
            .await?)
    }

    /// The (latest) game played in this thread of this channel. The thread id comes
    /// from the client (a Matrix thread relation names any event), so it only counts
    /// inside the game's own space and channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_in_thread(
        self,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
        thread: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = $1 AND g.space IS NOT DISTINCT FROM $2 AND g.channel = $3
               AND g.thread = $4
             ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(platform.as_str())
        .bind(space)
        .bind(channel)
        .bind(thread)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// Active games in a channel, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_in_channel(
        self,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            concat!("WHERE g.platform = $1 AND g.space IS NOT DISTINCT FROM $2 AND g.channel = $3 AND g.status = '", game_active!(), "'
             ORDER BY g.id")
        ))
        .bind(platform.as_str())
        .bind(space)
        .bind(channel)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// The games in progress at a place, to watch: on a server (`space`), in any of
    /// its channels; else in `channel`. The most recently played first, at most
    /// `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_games(
        self,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let (query, key) = match space {
            Some(space) => (
                concat!(
                    select_game!(),
                    concat!(
                        "WHERE g.platform = $1 AND g.space = $2 AND g.status = '",
                        game_active!(),
                        "'
                     ORDER BY g.updated_at DESC, g.id DESC LIMIT $3"
                    )
                ),
                space,
            ),
            None => (
                concat!(
                    select_game!(),
                    concat!(
                        "WHERE g.platform = $1 AND g.space IS NULL AND g.channel = $2
                       AND g.status = '",
                        game_active!(),
                        "'
                     ORDER BY g.updated_at DESC, g.id DESC LIMIT $3"
                    )
                ),
                channel,
            ),
        };
        Ok(sqlx::query_as(query)
            .bind(platform.as_str())
            .bind(key)
            .bind(limit)
            .fetch_all(&self.store.reader)
            .await?)
    }

    /// The latest game in a channel, whatever its status; only games `user_id` plays
    /// in when given.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_game_in_channel(
        self,
        platform: Platform,
        space: Option<&str>,
        channel: &str,
        user_id: Option<&str>,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE g.platform = $1 AND g.space IS NOT DISTINCT FROM $2 AND g.channel = $3
               AND ($4 IS NULL OR s.user_id = $4 OR n.user_id = $4)
             ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(platform.as_str())
        .bind(space)
        .bind(channel)
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// The channel of the latest game on Discord server (or other space) `space`,
    /// if one was played there.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_channel_in(
        self,
        platform: Platform,
        space: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT channel FROM games WHERE platform = $1 AND space = $2
             ORDER BY id DESC LIMIT 1",
        )
        .bind(platform.as_str())
        .bind(space)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// A user's active games anywhere on their network, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_of(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            concat!(
                "WHERE g.platform = $1 AND g.status = '",
                game_active!(),
                "' AND (s.user_id = $2 OR n.user_id = $2)
             ORDER BY g.id"
            )
        ))
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Every move of a game, in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn moves(self, game_id: crate::store::GameId) -> Result<Vec<MoveRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT ply, player_id, pit, sown, captured, captured_pits, grand_slam,
                    board_after, south_score, north_score, played_at
             FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Records that `note` was given in game `game_id`; `true` the first time only.
    ///
    /// # Errors
    /// Database failures.
    pub async fn note_once(
        self,
        game_id: crate::store::GameId,
        note: &str,
    ) -> Result<bool, StoreError> {
        let added = sqlx::query(
            "INSERT INTO game_notes (game_id, note) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(game_id)
        .bind(note)
        .execute(&self.store.writer)
        .await?
        .rows_affected();
        Ok(added == 1)
    }

    /// Ties a game to the thread its adapter opened for it.
    ///
    /// Returns `false` if there is no such game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_thread(
        self,
        game_id: crate::store::GameId,
        thread: &str,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query("UPDATE games SET thread = $1, updated_at = $2 WHERE id = $3")
            .bind(thread)
            .bind(now_ms())
            .bind(game_id)
            .execute(&self.store.writer)
            .await?
            .rows_affected();
        Ok(updated == 1)
    }

    /// Whether finished game `game_id`'s thread is the bot's to archive now: a thread
    /// the bot opened for a game (one whose challenge was not made in that thread),
    /// where no game goes on and no later game was played (whose end archives it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn thread_to_archive(
        self,
        game_id: crate::store::GameId,
    ) -> Result<bool, StoreError> {
        let found: Option<i64> = sqlx::query_scalar(concat!(
            "SELECT g.id FROM games g
             WHERE g.id = $1 AND g.status = '",
            game_finished!(),
            "' AND g.thread IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM games o
                               WHERE o.platform = g.platform AND o.channel = g.channel
                                 AND o.thread = g.thread
                                 AND o.id <> g.id AND (o.id > g.id OR o.status = '",
            game_active!(),
            "'))
               AND EXISTS (SELECT 1 FROM games o
                           LEFT JOIN challenges c ON c.game_id = o.id
                           WHERE o.platform = g.platform AND o.channel = g.channel
                             AND o.thread = g.thread AND c.thread IS NULL)"
        ))
        .bind(game_id)
        .fetch_optional(&self.store.reader)
        .await?;
        Ok(found.is_some())
    }
}
