//! What the web pages read and the one thing they add: each game's unguessable page
//! slug, given the first time the bot links to the page.

use super::{GameRow, Store, StoreError};
use crate::play::clock::Speed;

impl Store {
    /// Game `game_id`'s page slug: the stored one, or `fresh` stored now if it had
    /// none (two callers racing both read the winner's). `None`: no such game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn web_slug(&self, game_id: i64, fresh: &str) -> Result<Option<String>, StoreError> {
        sqlx::query("UPDATE games SET web_slug = $1 WHERE id = $2 AND web_slug IS NULL")
            .bind(fresh)
            .bind(game_id)
            .execute(&self.writer)
            .await?;
        // Read from the writer: a replica of the reader may not have the slug yet.
        Ok(
            sqlx::query_scalar("SELECT web_slug FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.writer)
                .await?
                .flatten(),
        )
    }

    /// The game whose page is at `slug`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_by_slug(&self, slug: &str) -> Result<Option<GameRow>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE web_slug = $1")
            .bind(slug)
            .fetch_optional(&self.reader)
            .await?;
        match id {
            Some(id) => self.game(id).await,
            None => Ok(None),
        }
    }

    /// Game `game_id`'s version (bumped by every change), for live pages that watch
    /// it: one indexed read.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_version(&self, game_id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    /// The latest `limit` games of identity `identity` (either side, any linked
    /// account) played in places whose pages are public, newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_games_of(
        &self,
        identity: i64,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "JOIN settings st ON st.platform = g.platform
                 AND st.place = COALESCE(g.space, g.channel) AND st.web = 'public'
             WHERE (COALESCE(s.identity_id, s.id) = $1 OR COALESCE(n.identity_id, n.id) = $1)
             ORDER BY g.id DESC LIMIT $2"
        ))
        .bind(identity)
        .bind(limit)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Identity `identity`'s rating at `speed` after each rated game it played in a
    /// place whose pages are public, oldest first: its page's chart.
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_rating_history(
        &self,
        identity: i64,
        speed: Speed,
    ) -> Result<Vec<f64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT h.rating FROM rating_history h
             JOIN games g ON g.id = h.game_id
             JOIN settings st ON st.platform = g.platform
                 AND st.place = COALESCE(g.space, g.channel) AND st.web = 'public'
             WHERE h.identity_id = $1 AND h.speed = $2
             ORDER BY h.rated_at, h.game_id",
        )
        .bind(identity)
        .bind(speed.as_str())
        .fetch_all(&self.reader)
        .await?)
    }

    /// The puzzle record of identity `identity`, if one of its accounts answered a
    /// puzzle in a place whose pages are public (the account that answered most).
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_puzzle_stats(
        &self,
        identity: i64,
    ) -> Result<Option<super::PuzzleStats>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT r.rating, r.deviation, r.attempts, r.solved FROM puzzle_ratings r
             JOIN players p ON p.platform = r.platform AND p.user_id = r.user_id
             WHERE COALESCE(p.identity_id, p.id) = $1
               AND EXISTS (SELECT 1 FROM puzzle_attempts a
                   JOIN settings st ON st.platform = a.platform AND st.place = a.place
                       AND st.web = 'public'
                   WHERE a.platform = r.platform AND a.user_id = r.user_id
                     AND a.answered_at IS NOT NULL)
             ORDER BY r.attempts DESC, r.updated_at DESC LIMIT 1",
        )
        .bind(identity)
        .fetch_optional(&self.reader)
        .await?)
    }

    /// The puzzle of the day `day` (`YYYY-MM-DD`) at `place`, if someone asked for
    /// it there (asking chooses it): a read, never a choice.
    ///
    /// # Errors
    /// Database failures.
    pub async fn chosen_daily_puzzle(
        &self,
        platform: &str,
        place: &str,
        day: &str,
    ) -> Result<Option<super::PuzzleRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM daily_puzzles d JOIN puzzles p ON p.id = d.puzzle_id
             WHERE d.platform = $1 AND d.place = $2 AND d.day = $3"
        ))
        .bind(platform)
        .bind(place)
        .bind(day)
        .fetch_optional(&self.reader)
        .await?)
    }
}
