//! Vacations (`/oware vacation 7d`): while a player is away, the correspondence
//! turns they have to play wait for their return. Starting one moves the clocks of
//! the turns they have now later by its length (as the downtime credit does);
//! ending it early moves them back by the part not taken. A turn that begins while
//! they are away begins at their return (the service reads `away_until` with each
//! game). Each vacation is kept, to count the days taken over the last 365.

use crate::store::words::game_active;
use crate::store::PeopleStore;
use sqlx::{Any, Transaction};

use super::outbox::{self, NewMessage};
use super::{Claim, StoreError};

/// One vacation as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Vacation {
    /// When it began (Unix ms).
    pub started_at: i64,
    /// When it ends, or ended when ended early (Unix ms).
    pub ends_at: i64,
}

/// A game of the player going away or coming back, as the service read it, with
/// what its players are told.
#[derive(Clone, Debug)]
pub struct AwayGame {
    /// The game's id.
    pub game: crate::store::GameId,
    /// Its announcement.
    pub message: NewMessage,
}

impl PeopleStore<'_> {
    /// The vacations of player `player` that end after `since`, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn vacations_since(
        self,
        player: crate::store::PlayerId,
        since: i64,
    ) -> Result<Vec<Vacation>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT started_at, ends_at FROM vacations
             WHERE player_id = $1 AND ends_at > $2 ORDER BY started_at",
        )
        .bind(player)
        .bind(since)
        .fetch_all(&self.store.writer)
        .await?)
    }

    /// When each of `players` comes back from vacation, as recorded (a time in the
    /// past once they are back; `None` when they never went).
    ///
    /// # Errors
    /// Database failures.
    pub async fn away_until(
        self,
        players: [super::PlayerId; 2],
    ) -> Result<[Option<i64>; 2], StoreError> {
        // One read for both, on a reading connection (not the writer, which the
        // writes queue for).
        let rows: Vec<(crate::store::PlayerId, Option<i64>)> =
            sqlx::query_as("SELECT id, away_until FROM players WHERE id IN ($1, $2)")
                .bind(players[0])
                .bind(players[1])
                .fetch_all(&self.store.reader)
                .await?;
        let of = |player: crate::store::PlayerId| {
            rows.iter().find(|(id, _)| *id == player).and_then(|r| r.1)
        };
        Ok(players.map(of))
    }

    /// Sends player `player` on vacation from `now` until `until`: records it, moves
    /// the clocks of `games` (their active correspondence games) where they are to
    /// move later by its length, and queues each game's announcement. Returns
    /// `false`, writing nothing, when they are already away at `now`.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before. Database failures.
    pub async fn start_vacation(
        self,
        claim: Claim<'_>,
        player: crate::store::PlayerId,
        games: &[AwayGame],
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let away: Option<i64> = sqlx::query_scalar("SELECT away_until FROM players WHERE id = $1")
            .bind(player)
            .fetch_one(&mut *tx)
            .await?;
        if away.is_some_and(|away| away > now) {
            return Ok(false);
        }
        sqlx::query("INSERT INTO vacations (player_id, started_at, ends_at) VALUES ($1, $2, $3)")
            .bind(player)
            .bind(now)
            .bind(until)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE players SET away_until = $2 WHERE id = $1")
            .bind(player)
            .bind(until)
            .execute(&mut *tx)
            .await?;
        shift_turns(&mut tx, player, games, until - now, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Brings player `player` back from vacation at `now`: the vacation ends now,
    /// and the clocks of `games` where they are to move move earlier by the part not
    /// taken. Returns when the vacation was to end, or `None`, writing nothing, when
    /// they were not away.
    ///
    /// # Errors
    /// [`StoreError::Replayed`] when `claim` was claimed before. Database failures.
    pub async fn end_vacation(
        self,
        claim: Claim<'_>,
        player: crate::store::PlayerId,
        games: &[AwayGame],
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let away: Option<i64> = sqlx::query_scalar("SELECT away_until FROM players WHERE id = $1")
            .bind(player)
            .fetch_one(&mut *tx)
            .await?;
        let Some(until) = away.filter(|&until| until > now) else {
            return Ok(None);
        };
        sqlx::query(
            "UPDATE vacations SET ends_at = $3
             WHERE player_id = $1 AND ends_at = $2 AND started_at <= $3",
        )
        .bind(player)
        .bind(until)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE players SET away_until = $2 WHERE id = $1")
            .bind(player)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        shift_turns(&mut tx, player, games, now - until, now).await?;
        tx.commit().await?;
        Ok(Some(until))
    }
}

/// Moves by `by` ms the clocks (turn start, deadline, timeout and reminders) of
/// each of `games` still active in which `player` is to move, and queues each
/// game's message. Every game's version moves on, so that a move read before this
/// write is refused and read again with the player's new return date.
///
/// A game in which `player` is to move and whose deadline has already passed is
/// left alone (no shift, no message): the turn is lost, and its timeout job ends
/// the game as usual, even when it has not run yet (a vacation rescues no turn).
async fn shift_turns(
    tx: &mut Transaction<'_, Any>,
    player: crate::store::PlayerId,
    games: &[AwayGame],
    by: i64,
    now: i64,
) -> Result<(), StoreError> {
    for away in games {
        // The side to move is South after an even number of moves.
        let changed: Option<(i64, i64)> = sqlx::query_as(concat!(
            "UPDATE games SET
                deadline_at = deadline_at + CASE WHEN ply % 2 = 0 AND south_id = $2
                    OR ply % 2 = 1 AND north_id = $2 THEN $3 ELSE 0 END,
                turn_started_at = turn_started_at + CASE WHEN ply % 2 = 0 AND south_id = $2
                    OR ply % 2 = 1 AND north_id = $2 THEN $3 ELSE 0 END,
                version = version + 1, updated_at = $4
             WHERE id = $1 AND status = '",
            game_active!(),
            "' AND deadline_at IS NOT NULL
               AND NOT (deadline_at <= $4 AND (ply % 2 = 0 AND south_id = $2
                   OR ply % 2 = 1 AND north_id = $2))
             RETURNING version, CASE WHEN ply % 2 = 0 AND south_id = $2
                 OR ply % 2 = 1 AND north_id = $2 THEN 1 ELSE 0 END"
        ))
        .bind(away.game)
        .bind(player)
        .bind(by)
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?;
        let Some((version, to_move)) = changed else {
            continue;
        };
        let shifted = to_move == 1;
        sqlx::query(
            "UPDATE jobs SET game_version = $2,
                    due_at = CASE
                        WHEN kind = 'timeout' THEN (SELECT deadline_at FROM games WHERE id = $1)
                        WHEN kind = 'reminder' THEN due_at + $3
                        ELSE due_at END
             WHERE game_id = $1 AND game_version = $2 - 1",
        )
        .bind(away.game)
        .bind(version)
        .bind(if shifted { by } else { 0 })
        .execute(&mut **tx)
        .await?;
        outbox::insert(tx, &away.message, Some(away.game), now).await?;
    }
    Ok(())
}
