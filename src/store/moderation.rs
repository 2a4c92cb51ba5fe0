//! Moderation: the audit log of what a place's admins did and what players reported,
//! and the bans that keep a user from starting games at a place. `place` is the key
//! settings use (the Discord server, else the room). An audit row is written in the
//! transaction of the effect it records: by [`Effects::audit`](super::Effects) for a
//! change to a game, by the methods here for bans and reports.

use crate::store::ModerationStore;
use sqlx::FromRow;

use crate::platform::Platform;

use super::{outbox, Claim, NewMessage, StoreError};

/// An audit entry to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAudit {
    /// The network.
    pub platform: Platform,
    /// The place's key (the Discord server, else the room).
    pub place: String,
    /// Who did it: their platform user id.
    pub actor_id: String,
    /// Who did it: their name.
    pub actor_name: String,
    /// `abort`, `adjudicate`, `ban`, `unban`, `redeliver` or `report`.
    pub action: &'static str,
    /// The game acted on.
    pub game_id: Option<crate::store::GameId>,
    /// The user acted on: their platform user id.
    pub target_id: Option<String>,
    /// The user acted on: their name.
    pub target_name: Option<String>,
    /// Why, as typed.
    pub reason: Option<String>,
}

/// A ban in force, as `/oware admin bans` lists it.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct ListedBan {
    /// Who is banned: their name when they ever played here, else their user id.
    #[sqlx(rename = "who")]
    pub user: String,
    /// When it ends (Unix ms); `None`: until unbanned.
    pub until_at: Option<i64>,
    /// Why.
    pub reason: Option<String>,
    /// Who banned them: their name when known, else their user id.
    pub banned_by: String,
    /// When they were banned (Unix ms).
    pub created_at: i64,
}

/// An audit entry as stored.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct AuditRow {
    /// When (Unix ms).
    pub created_at: i64,
    /// Who did it (their name).
    pub actor_name: String,
    /// What (see [`NewAudit::action`]).
    pub action: String,
    /// The game acted on.
    pub game_id: Option<crate::store::GameId>,
    /// The user acted on (their name).
    pub target_name: Option<String>,
    /// Why.
    pub reason: Option<String>,
}

/// A ban in force.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct BanRow {
    /// Until when (Unix ms); `None`: until lifted.
    pub until_at: Option<i64>,
    /// Why.
    pub reason: Option<String>,
}

/// Writes `audit` inside a transaction (see [`super::effects::apply`]).
pub(super) async fn insert_audit(
    conn: &mut sqlx::AnyConnection,
    audit: &NewAudit,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO audit (platform, place, actor_id, actor_name, action, game_id,
                            target_id, target_name, reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(audit.platform.as_str())
    .bind(&audit.place)
    .bind(&audit.actor_id)
    .bind(&audit.actor_name)
    .bind(audit.action)
    .bind(audit.game_id)
    .bind(&audit.target_id)
    .bind(&audit.target_name)
    .bind(&audit.reason)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

impl ModerationStore<'_> {
    /// Bans `audit.target_id` from starting games at `audit.place` until `until`
    /// (`None`: until lifted), replacing any earlier ban, and records it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ban(
        self,
        claim: Claim<'_>,
        audit: &NewAudit,
        until: Option<i64>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        sqlx::query(
            "INSERT INTO bans (platform, place, user_id, until_at, banned_by, reason, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (platform, place, user_id) DO UPDATE SET
                 until_at = excluded.until_at, banned_by = excluded.banned_by,
                 reason = excluded.reason, created_at = excluded.created_at",
        )
        .bind(audit.platform.as_str())
        .bind(&audit.place)
        .bind(audit.target_id.as_deref().unwrap_or_default())
        .bind(until)
        .bind(&audit.actor_id)
        .bind(&audit.reason)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        insert_audit(&mut tx, audit, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Lifts the ban of `audit.target_id` at `audit.place` and records it; whether
    /// a ban in force at `now` was lifted (otherwise nothing changes).
    ///
    /// # Errors
    /// Database failures.
    pub async fn unban(
        self,
        claim: Claim<'_>,
        audit: &NewAudit,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let lifted = sqlx::query(
            "DELETE FROM bans WHERE platform = $1 AND place = $2 AND user_id = $3
                 AND (until_at IS NULL OR until_at > $4)",
        )
        .bind(audit.platform.as_str())
        .bind(&audit.place)
        .bind(audit.target_id.as_deref().unwrap_or_default())
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if !lifted {
            tx.rollback().await?;
            return Ok(false);
        }
        insert_audit(&mut tx, audit, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records a report (or any audit entry without another effect) and the
    /// messages that announce it, in one transaction.
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_audit(
        self,
        claim: Claim<'_>,
        audit: &NewAudit,
        messages: &[NewMessage],
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        insert_audit(&mut tx, audit, now).await?;
        for message in messages {
            outbox::insert(&mut tx, message, None, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The ban of `user_id` at `place` in force at `now`, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ban_of(
        self,
        platform: Platform,
        place: &str,
        user_id: &str,
        now: i64,
    ) -> Result<Option<BanRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT until_at, reason FROM bans
             WHERE platform = $1 AND place = $2 AND user_id = $3
               AND (until_at IS NULL OR until_at > $4)",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(user_id)
        .bind(now)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// The bans in force at `place` at `now`, newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn bans_in(
        self,
        platform: Platform,
        place: &str,
        now: i64,
    ) -> Result<Vec<ListedBan>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT COALESCE(p.name, b.user_id) AS who, b.until_at, b.reason,
                    COALESCE(a.name, b.banned_by) AS banned_by, b.created_at
             FROM bans b
             LEFT JOIN players p ON p.platform = b.platform AND p.user_id = b.user_id
             LEFT JOIN players a ON a.platform = b.platform AND a.user_id = b.banned_by
             WHERE b.platform = $1 AND b.place = $2
               AND (b.until_at IS NULL OR b.until_at > $3)
             ORDER BY b.created_at DESC, b.user_id",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(now)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// The newest `limit` audit entries of `place`, newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn audit_log(
        self,
        platform: Platform,
        place: &str,
        limit: i64,
    ) -> Result<Vec<AuditRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT created_at, actor_name, action, game_id, target_name, reason FROM audit
             WHERE platform = $1 AND place = $2
             ORDER BY created_at DESC, id DESC LIMIT $3",
        )
        .bind(platform.as_str())
        .bind(place)
        .bind(limit)
        .fetch_all(&self.store.reader)
        .await?)
    }
}
