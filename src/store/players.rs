//! The players' rows: everyone the bot has seen, recorded (or their name refreshed)
//! when they play.

use super::{now_ms, StoreError};
use crate::platform::Platform;
use crate::store::PeopleStore;

impl PeopleStore<'_> {
    /// Records a player and returns their row id. The display name is refreshed,
    /// except on the console, where a typed mention (`@BOB`) must not rename the
    /// player first seen as `bob`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn upsert_player(
        self,
        platform: Platform,
        user_id: &str,
        name: &str,
        is_bot: bool,
    ) -> Result<super::PlayerId, StoreError> {
        Ok(self
            .upsert_player_named(platform, user_id, name, is_bot)
            .await?
            .0)
    }

    /// [`Store::upsert_player`], returning the name the player is shown by.
    ///
    /// # Errors
    /// Database failures.
    pub async fn upsert_player_named(
        self,
        platform: Platform,
        user_id: &str,
        name: &str,
        is_bot: bool,
    ) -> Result<(super::PlayerId, String), StoreError> {
        let now = now_ms();
        let id = sqlx::query_as(
            "INSERT INTO players (platform, user_id, name, is_bot, created_at, updated_at,
                 web_slug)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (platform, user_id)
             DO UPDATE SET name = CASE WHEN players.platform = 'console' THEN players.name
                                       ELSE excluded.name END,
                           is_bot = excluded.is_bot,
                           updated_at = excluded.updated_at
             RETURNING id, name",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .bind(name)
        .bind(is_bot)
        .bind(now)
        .bind(now)
        // Their page's slug, kept by a known player (the update leaves it).
        .bind(super::web::fresh_slug())
        .fetch_one(&self.store.writer)
        .await?;
        Ok(id)
    }
    /// [`Store::upsert_player_named`] for two different people in one statement (a
    /// challenge's two players), in the order given.
    ///
    /// # Errors
    /// Database failures.
    pub async fn upsert_players_named(
        self,
        platform: Platform,
        people: [(&str, &str, bool); 2],
    ) -> Result<[(super::PlayerId, String); 2], StoreError> {
        let [(first, ..), (second, ..)] = people;
        if first == second {
            let (user, name, is_bot) = people[0];
            let one = self
                .upsert_player_named(platform, user, name, is_bot)
                .await?;
            return Ok([one.clone(), one]);
        }
        let now = now_ms();
        let mut query = sqlx::query_as::<_, (super::PlayerId, String, String)>(
            "INSERT INTO players (platform, user_id, name, is_bot, created_at, updated_at,
                 web_slug)
             VALUES ($1, $2, $3, $4, $5, $5, $9), ($1, $6, $7, $8, $5, $5, $10)
             ON CONFLICT (platform, user_id)
             DO UPDATE SET name = CASE WHEN players.platform = 'console' THEN players.name
                                       ELSE excluded.name END,
                           is_bot = excluded.is_bot,
                           updated_at = excluded.updated_at
             RETURNING id, name, user_id",
        )
        .bind(platform.as_str());
        for (i, (user, name, is_bot)) in people.into_iter().enumerate() {
            query = query.bind(user).bind(name).bind(is_bot);
            if i == 0 {
                query = query.bind(now);
            }
        }
        let query = query
            .bind(super::web::fresh_slug())
            .bind(super::web::fresh_slug());
        let rows = query.fetch_all(&self.store.writer).await?;
        // RETURNING gives the rows in no promised order: matched by user id.
        let of = |user: &str| {
            rows.iter()
                .find(|row| row.2 == user)
                .map(|(id, name, _)| (*id, name.clone()))
                .ok_or_else(|| StoreError::Db(sqlx::Error::RowNotFound))
        };
        Ok([of(first)?, of(second)?])
    }

    /// Whether the account `user_id` on `platform` played a game (finished or not) at
    /// `place` (a Discord server, or a room): what ties a person to a place for its
    /// admins. A challenge is no tie: anyone can challenge anyone.
    ///
    /// # Errors
    /// Database failures.
    pub async fn played_at(
        self,
        platform: Platform,
        place: &str,
        user_id: &str,
    ) -> Result<bool, StoreError> {
        let played: Option<i64> = sqlx::query_scalar(
            "SELECT g.id FROM players p
             JOIN games g ON g.south_id = p.id OR g.north_id = p.id
             WHERE p.platform = $1 AND p.user_id = $3
               AND g.platform = $1 AND COALESCE(g.space, g.channel) = $2
             LIMIT 1",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?;
        Ok(played.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn two_players_are_recorded_in_one_statement_in_the_order_given() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("players.db");
        let store = crate::store::Store::open(url.to_str().expect("utf-8"))
            .await
            .expect("opens");
        let known = store
            .people()
            .upsert_player(Platform::Discord, "2", "Bea", false)
            .await
            .expect("records Bea");
        let [(new_id, new_name), (known_id, known_name)] = store
            .people()
            .upsert_players_named(
                Platform::Discord,
                [("1", "Ama", false), ("2", "Bea Renamed", false)],
            )
            .await
            .expect("records both");
        assert_eq!(known_id, known);
        assert_ne!(new_id, known_id);
        assert_eq!(
            (new_name.as_str(), known_name.as_str()),
            ("Ama", "Bea Renamed")
        );
        let again = store
            .people()
            .upsert_players_named(
                Platform::Discord,
                [("2", "Bea", false), ("1", "Ama", false)],
            )
            .await
            .expect("again, the other way round");
        assert_eq!(again.map(|p| p.0), [known_id, new_id]);
        // The same person twice (never a challenge, but no error either).
        let same = store
            .people()
            .upsert_players_named(
                Platform::Discord,
                [("1", "Ama", false), ("1", "Ama", false)],
            )
            .await
            .expect("one person");
        assert_eq!(same.map(|p| p.0), [new_id, new_id]);
        store.close().await;
    }
}
