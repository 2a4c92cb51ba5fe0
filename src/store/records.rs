//! A player's records beside their ratings: finished games between two identities
//! (head-to-head, every speed) and an identity's recent games.

use crate::store::words::game_finished;
use crate::store::GameStore;
use sqlx::FromRow;

use super::{GameRow, StoreError};

/// Finished games between two identities, from the first one's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, FromRow)]
pub struct HeadToHead {
    /// Won by the first.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost by the first.
    pub losses: i64,
}

impl GameStore<'_> {
    /// Finished games between two identities, from `a`'s point of view.
    ///
    /// # Errors
    /// Database failures.
    pub async fn head_to_head(self, a: i64, b: i64) -> Result<HeadToHead, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT
                 CAST(COALESCE(SUM(CASE WHEN (result = 'S' AND si = $1)
                                          OR (result = 'N' AND ni = $1) THEN 1 ELSE 0 END), 0)
                      AS BIGINT) AS wins,
                 CAST(COALESCE(SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0)
                      AS BIGINT) AS draws,
                 CAST(COALESCE(SUM(CASE WHEN (result = 'S' AND si = $2)
                                          OR (result = 'N' AND ni = $2) THEN 1 ELSE 0 END), 0)
                      AS BIGINT) AS losses
             FROM (SELECT g.result, COALESCE(s.identity_id, s.id) AS si,
                          COALESCE(n.identity_id, n.id) AS ni
                   FROM games g JOIN players s ON s.id = g.south_id
                   JOIN players n ON n.id = g.north_id
                   WHERE g.status = '",
            game_finished!(),
            "') AS pairs
             WHERE (si = $1 AND ni = $2) OR (si = $2 AND ni = $1)"
        ))
        .bind(a)
        .bind(b)
        .fetch_one(&self.store.reader)
        .await?)
    }

    /// An identity's most recent games (any status, on every linked account), newest
    /// first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn recent_games(
        self,
        identity_id: crate::store::IdentityId,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE COALESCE(s.identity_id, s.id) = $1 OR COALESCE(n.identity_id, n.id) = $1
             ORDER BY g.id DESC LIMIT $2"
        ))
        .bind(identity_id)
        .bind(limit)
        .fetch_all(&self.store.reader)
        .await?)
    }
}
