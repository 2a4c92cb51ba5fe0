//! Time the bot could not see: a heartbeat row written while it runs, and the
//! credit of the time it was away to the games whose clocks ran meanwhile (their
//! deadlines, turn starts and timeout and reminder jobs move later by as much, as
//! if the clocks had stopped), with the messages that tell their players, in one
//! transaction.

use super::outbox::{self, NewMessage};
use super::{Claim, GameRow, StoreError, Unique};
use crate::store::words::game_active;
use crate::store::JobStore;

/// The heartbeat every process of the bot writes while it runs.
pub const BOT_HEARTBEAT: &str = "bot";
/// The heartbeats row of when the bot last stopped (a start that failed, or a stop):
/// `oware-bot health` is not fooled by the beat written just before.
pub const BOT_STOPPED: &str = "bot-stopped";

/// One game's credit: the game as read, and what its players are told (if anything).
#[derive(Clone, Debug)]
pub struct Credit {
    /// The game's id.
    pub game: crate::store::GameId,
    /// Its version when read: a game changed since is left alone.
    pub version: i64,
    /// The message that tells its players.
    pub message: Option<NewMessage>,
}

impl JobStore<'_> {
    /// Records that the bot (`name`: `bot`) runs at `now`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn beat(self, name: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO heartbeats (name, seen_at) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(name)
        .bind(now)
        .execute(&self.store.writer)
        .await?;
        Ok(())
    }

    /// When `name` was last seen running, if ever.
    ///
    /// # Errors
    /// Database failures.
    pub async fn last_beat(self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT seen_at FROM heartbeats WHERE name = $1")
                .bind(name)
                .fetch_optional(&self.store.writer)
                .await?,
        )
    }

    /// The games being played (on `platform`, when given) whose side to move has a
    /// deadline after `since`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn games_with_deadline_after(
        self,
        since: i64,
        platform: Option<crate::platform::Platform>,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            concat!(
                "WHERE g.status = '",
                game_active!(),
                "' AND g.deadline_at IS NOT NULL AND g.deadline_at > $1
               AND ($2 IS NULL OR g.platform = $2)
             ORDER BY g.id"
            )
        ))
        .bind(since)
        .bind(platform.map(crate::platform::Platform::as_str))
        .fetch_all(&self.store.writer)
        .await?)
    }

    /// Puts job `id` off until `due_at` (Unix ms), releasing its claim.
    ///
    /// # Errors
    /// Database failures.
    pub async fn postpone_job(self, id: i64, due_at: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE jobs SET due_at = $2, claimed_until = NULL WHERE id = $1")
            .bind(id)
            .bind(due_at)
            .execute(&self.store.writer)
            .await?;
        Ok(())
    }

    /// Credits `away` ms to each game of `credits` still at its version: its
    /// deadline and turn start move later by as much, as do its reminders, and its
    /// timeout falls due at the new deadline (its jobs kept with the game's new
    /// version); its message is queued. Returns
    /// how many games were credited.
    ///
    /// # Errors
    /// Database failures.
    pub async fn credit_downtime(
        self,
        away: i64,
        credits: &[Credit],
        now: i64,
    ) -> Result<usize, StoreError> {
        let mut tx = self.store.write(Claim::Unique(Unique::Upkeep)).await?;
        let mut credited = 0;
        for credit in credits {
            let moved = sqlx::query(concat!(
                "UPDATE games SET deadline_at = deadline_at + $3,
                        turn_started_at = turn_started_at + $3,
                        version = version + 1, updated_at = $4
                 WHERE id = $1 AND version = $2 AND status = '",
                game_active!(),
                "'
                   AND deadline_at IS NOT NULL"
            ))
            .bind(credit.game)
            .bind(credit.version)
            .bind(away)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if moved == 0 {
                continue;
            }
            sqlx::query(
                "UPDATE jobs SET game_version = $2 + 1,
                        due_at = CASE
                            WHEN kind = 'timeout'
                                THEN (SELECT deadline_at FROM games WHERE id = $1)
                            WHEN kind = 'reminder' THEN due_at + $3
                            ELSE due_at END
                 WHERE game_id = $1 AND game_version = $2",
            )
            .bind(credit.game)
            .bind(credit.version)
            .bind(away)
            .execute(&mut *tx)
            .await?;
            if let Some(message) = &credit.message {
                outbox::insert(&mut tx, message, Some(credit.game), now).await?;
            }
            credited += 1;
        }
        tx.commit().await?;
        Ok(credited)
    }
}
