//! What the web pages read, and the unguessable slugs they are found by: a game's
//! is given in the transaction that creates it, a player's when their row is first
//! written, and rows from before slugs existed get theirs once, when the store
//! opens. Reading a page never writes.

use crate::store::PageStore;
use std::collections::HashMap;

use super::{GameRow, StoreError};
use crate::platform::Platform;
use crate::play::clock::Speed;

/// Characters of a page slug: 31 lowercase letters and digits that cannot be taken
/// for one another; 16 of them are about 79 bits.
const SLUG_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// A slug's length.
const SLUG_LEN: usize = 16;
/// Rows given a slug per transaction when the store opens.
const BACKFILL_BATCH: i64 = 500;

/// A new page slug (from the thread's cryptographic generator).
#[must_use]
pub fn fresh_slug() -> String {
    (0..SLUG_LEN)
        .map(|_| char::from(SLUG_ALPHABET[rand::random_range(0..SLUG_ALPHABET.len())]))
        .collect()
}

/// Whether `slug` could be a page slug (checked before any query).
#[must_use]
pub fn plausible_slug(slug: &str) -> bool {
    slug.len() == SLUG_LEN && slug.bytes().all(|b| SLUG_ALPHABET.contains(&b))
}

/// The latest games (`$2`) of identity `$1` in places whose pages are public: its
/// accounts by the players' indexes, their games by the games' player indexes.
const PUBLIC_GAMES_OF: &str = concat!(
    select_game!(),
    "JOIN settings st ON st.platform = g.platform
         AND st.place = COALESCE(g.space, g.channel) AND st.web = 'public'
     WHERE g.id IN (
         SELECT mine.id FROM games mine WHERE mine.south_id IN (
             SELECT id FROM players WHERE id = $1
             UNION SELECT id FROM players WHERE identity_id = $1)
         UNION
         SELECT mine.id FROM games mine WHERE mine.north_id IN (
             SELECT id FROM players WHERE id = $1
             UNION SELECT id FROM players WHERE identity_id = $1))
     ORDER BY g.id DESC LIMIT $2"
);

/// `$first, $first+1, …` for `count` values: an `IN (…)` list.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl PageStore<'_> {
    /// Gives a slug to every game and player row that has none (rows from before
    /// slugs were given at creation), in small transactions: run once when the store
    /// opens, so no page read ever writes one.
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn give_missing_slugs(self) -> Result<(), StoreError> {
        for table in ["games", "players"] {
            loop {
                let ids: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                    "SELECT id FROM {table} WHERE web_slug IS NULL LIMIT {BACKFILL_BATCH}"
                )))
                .fetch_all(&self.store.writer)
                .await?;
                if ids.is_empty() {
                    break;
                }
                let mut tx = self.store.backend.begin_write(&self.store.writer).await?;
                for id in &ids {
                    sqlx::query(sqlx::AssertSqlSafe(format!(
                        "UPDATE {table} SET web_slug = $1 WHERE id = $2 AND web_slug IS NULL"
                    )))
                    .bind(fresh_slug())
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
            }
        }
        Ok(())
    }

    /// Game `game_id`'s page slug (`None`: no such game). A read: the slug was given
    /// when the game was created.
    ///
    /// # Errors
    /// Database failures.
    pub async fn web_slug(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT web_slug FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.store.reader)
                .await?
                .flatten(),
        )
    }

    /// The page slugs of games `ids` (those that exist), by id: one read.
    ///
    /// # Errors
    /// Database failures.
    pub async fn web_slugs(self, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
        self.slugs_of("games", ids).await
    }

    /// The page slugs of player rows `ids` (identities), by id: one read.
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_slugs(self, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
        self.slugs_of("players", ids).await
    }

    /// The slugs of rows `ids` of `table` (`games` or `players`).
    async fn slugs_of(self, table: &str, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!(
            "SELECT id, web_slug FROM {table} WHERE web_slug IS NOT NULL AND id IN ({})",
            placeholders(1, ids.len())
        );
        let mut query = sqlx::query_as::<_, (i64, String)>(sqlx::AssertSqlSafe(sql));
        for id in ids {
            query = query.bind(id);
        }
        Ok(query
            .fetch_all(&self.store.reader)
            .await?
            .into_iter()
            .collect())
    }

    /// The identity whose player page is at `slug` (any of its accounts' slugs).
    ///
    /// # Errors
    /// Database failures.
    pub async fn identity_by_slug(
        self,
        slug: &str,
    ) -> Result<Option<super::IdentityId>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT COALESCE(identity_id, id) FROM players WHERE web_slug = $1")
                .bind(slug)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// The game whose page is at `slug`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_by_slug(self, slug: &str) -> Result<Option<GameRow>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE web_slug = $1")
            .bind(slug)
            .fetch_optional(&self.store.reader)
            .await?;
        match id {
            Some(id) => self.store.games().game(crate::store::GameId::new(id)).await,
            None => Ok(None),
        }
    }

    /// Game `game_id`'s version (bumped by every change), for live pages that watch
    /// it: one indexed read.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_version(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// The latest `limit` games of identity `identity` (either side, any linked
    /// account) played in places whose pages are public, newest first: found through
    /// the identity's accounts and the games' player indexes, not a scan of games.
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_games_of(
        self,
        identity: crate::store::IdentityId,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(PUBLIC_GAMES_OF)
            .bind(identity)
            .bind(limit)
            .fetch_all(&self.store.reader)
            .await?)
    }

    /// Identity `identity`'s rating at `speed` after each rated game it played in a
    /// place whose pages are public, oldest first: its page's chart.
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_rating_history(
        self,
        identity: crate::store::IdentityId,
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
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// The puzzle record of identity `identity`, if one of its accounts answered a
    /// puzzle in a place whose pages are public (the account that answered most).
    ///
    /// # Errors
    /// Database failures.
    pub async fn public_puzzle_stats(
        self,
        identity: crate::store::IdentityId,
    ) -> Result<Option<super::PuzzleStats>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT r.rating, r.deviation, r.attempts, r.solved FROM puzzle_ratings r
             JOIN players p ON p.platform = r.platform AND p.user_id = r.user_id
             WHERE p.id IN (SELECT id FROM players WHERE id = $1
                            UNION SELECT id FROM players WHERE identity_id = $1)
               AND EXISTS (SELECT 1 FROM puzzle_attempts a
                   JOIN settings st ON st.platform = a.platform AND st.place = a.place
                       AND st.web = 'public'
                   WHERE a.platform = r.platform AND a.user_id = r.user_id
                     AND a.answered_at IS NOT NULL)
             ORDER BY r.attempts DESC, r.updated_at DESC LIMIT 1",
        )
        .bind(identity)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// The puzzle of the day `day` (`YYYY-MM-DD`) at `place`, if someone asked for
    /// it there (asking chooses it): a read, never a choice.
    ///
    /// # Errors
    /// Database failures.
    pub async fn chosen_daily_puzzle(
        self,
        platform: Platform,
        place: &str,
        day: &str,
    ) -> Result<Option<super::PuzzleRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            puzzle_columns!(),
            " FROM daily_puzzles d JOIN puzzles p ON p.id = d.puzzle_id
             WHERE d.platform = $1 AND d.place = $2 AND d.day = $3"
        ))
        .bind(platform.as_str())
        .bind(place)
        .bind(day)
        .fetch_optional(&self.store.reader)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A player's page finds their games through indexes: SQLite's plan for it scans
    /// no table of games or players (a scan of the few settings rows is fine).
    #[tokio::test]
    async fn a_players_games_are_found_without_scanning_the_games() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = crate::store::Store::open(&url).await.expect("opens");
        let plan: Vec<(i64, i64, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "EXPLAIN QUERY PLAN {PUBLIC_GAMES_OF}"
        )))
        .bind(1_i64)
        .bind(30_i64)
        .fetch_all(&store.reader)
        .await
        .expect("a plan");
        let steps: Vec<&str> = plan.iter().map(|(.., detail)| detail.as_str()).collect();
        for step in &steps {
            let scan = step.starts_with("SCAN ") && !step.contains("USING");
            assert!(
                !scan || step.starts_with("SCAN st"),
                "a full scan in {steps:#?}"
            );
        }
    }

    /// With every one of the chat's read connections taken, a page still reads: the
    /// pages read on connections of their own.
    #[tokio::test]
    async fn pages_read_while_the_chats_readers_are_all_busy() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = crate::store::Store::open(&url).await.expect("opens");
        let mut held = Vec::new();
        for _ in 0..super::super::READERS {
            held.push(store.reader.acquire().await.expect("a reader"));
        }
        // The chat's readers are all held: a chat read waits.
        let chat = tokio::time::timeout(
            Duration::from_millis(200),
            store.pages().game_version(crate::store::GameId::new(1)),
        );
        assert!(chat.await.is_err(), "a chat read went past busy readers");
        let page = tokio::time::timeout(
            Duration::from_secs(10),
            store.for_pages().pages().game_by_slug(&fresh_slug()),
        )
        .await
        .expect("the page's read waited for the chat's readers");
        assert!(page.expect("a read").is_none());
        drop(held);
    }

    #[test]
    fn slugs_are_checked_before_any_query() {
        assert!(plausible_slug(&fresh_slug()));
        assert!(!plausible_slug("1"));
        assert!(!plausible_slug("../../etc/passwd"));
    }
}
