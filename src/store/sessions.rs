//! Web sign-ins and sessions (`/oware web`): one-time sign-in tokens and the
//! sessions they start, each kept only as the SHA-256 of its secret (the caller
//! hashes; nothing here ever sees a token or a session id). Both belong to the
//! account that asked; the person is that account's identity, read when used, so
//! accounts linked before or after share the sessions.

use super::{Claim, IdentityId, PlayerId, StoreError};

/// A live session, as the web reads it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRow {
    /// The account that signed in.
    pub player: PlayerId,
    /// The person (linked accounts share it).
    pub identity: IdentityId,
    /// The account's network.
    #[sqlx(try_from = "String")]
    pub platform: crate::platform::Platform,
    /// The account's id on it.
    pub user_id: String,
    /// The account's display name.
    pub name: String,
    /// The session's CSRF token, which its forms carry.
    pub csrf: String,
}

/// A new session: the hash of its id, its CSRF token and when it ends.
#[derive(Clone, Copy, Debug)]
pub struct NewSession<'a> {
    /// SHA-256 of the session id (hex).
    pub id_hash: &'a str,
    /// The session's CSRF token.
    pub csrf: &'a str,
    /// When it ends (Unix ms).
    pub expires_at: i64,
    /// The most sessions one person keeps: the oldest beyond go.
    pub cap: usize,
}

impl super::views::SessionStore<'_> {
    /// Stores sign-in token `token_hash` for `player` until `expires_at`, in the
    /// write of `claim`. Spent and expired tokens go, and `player`'s unspent ones
    /// beyond the newest `cap`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn create_signin(
        self,
        claim: Claim<'_>,
        token_hash: &str,
        player: PlayerId,
        now: i64,
        expires_at: i64,
        cap: usize,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        sqlx::query("DELETE FROM web_signins WHERE expires_at <= $1 OR used_at IS NOT NULL")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO web_signins (token_hash, player_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(player)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        let kept: Vec<String> = sqlx::query_scalar(
            "SELECT token_hash FROM web_signins WHERE player_id = $1
             ORDER BY created_at DESC, token_hash DESC",
        )
        .bind(player)
        .fetch_all(&mut *tx)
        .await?;
        for hash in kept.iter().skip(cap) {
            sqlx::query("DELETE FROM web_signins WHERE token_hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Spends sign-in token `token_hash` and starts `session` for its account, in
    /// one transaction: `None` (nothing written) when the token is unknown, spent or
    /// expired at `now`. Expired sessions go, and the person's beyond the newest
    /// `session.cap`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn redeem_signin(
        self,
        claim: Claim<'_>,
        token_hash: &str,
        session: NewSession<'_>,
        now: i64,
    ) -> Result<Option<PlayerId>, StoreError> {
        // A token that cannot redeem (a guess, a replay) is answered from a read:
        // an open door to the public never takes the one writer for nothing.
        let live: Option<String> = sqlx::query_scalar(
            "SELECT token_hash FROM web_signins
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.store.reader)
        .await?;
        if live.is_none() {
            return Ok(None);
        }
        let mut tx = self.store.write(claim).await?;
        let player: Option<PlayerId> = sqlx::query_scalar(
            "UPDATE web_signins SET used_at = $1
             WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
             RETURNING player_id",
        )
        .bind(now)
        .bind(token_hash)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(player) = player else {
            tx.rollback().await?;
            return Ok(None);
        };
        sqlx::query("DELETE FROM web_sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO web_sessions (id_hash, player_id, csrf, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(session.id_hash)
        .bind(player)
        .bind(session.csrf)
        .bind(now)
        .bind(session.expires_at)
        .execute(&mut *tx)
        .await?;
        let kept: Vec<String> = sqlx::query_scalar(
            "SELECT s.id_hash FROM web_sessions s JOIN players p ON p.id = s.player_id
             WHERE COALESCE(p.identity_id, p.id) =
                   (SELECT COALESCE(identity_id, id) FROM players WHERE id = $1)
             ORDER BY s.created_at DESC, s.id_hash DESC",
        )
        .bind(player)
        .fetch_all(&mut *tx)
        .await?;
        for hash in kept.iter().skip(session.cap) {
            sqlx::query("DELETE FROM web_sessions WHERE id_hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some(player))
    }

    /// The account of the unspent sign-in token `token_hash` (its network and id
    /// there), unless it expired by `now`: a read, which spends nothing (its page
    /// is written in that person's language).
    ///
    /// # Errors
    /// Database failures.
    pub async fn signin_account(
        self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<(crate::platform::Platform, String)>, StoreError> {
        let row: Option<(String, String)> = sqlx::query_as(
            "SELECT p.platform, p.user_id FROM web_signins t JOIN players p ON p.id = t.player_id
             WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.store.reader)
        .await?;
        Ok(row.and_then(|(platform, user)| {
            Some((crate::platform::Platform::try_from(platform).ok()?, user))
        }))
    }

    /// The session whose id hashes to `id_hash`, unless it ended by `now`. A read.
    ///
    /// # Errors
    /// Database failures.
    pub async fn session(self, id_hash: &str, now: i64) -> Result<Option<SessionRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT s.player_id AS player, COALESCE(p.identity_id, p.id) AS identity,
                    p.platform AS platform, p.user_id AS user_id, p.name AS name,
                    s.csrf AS csrf
             FROM web_sessions s JOIN players p ON p.id = s.player_id
             WHERE s.id_hash = $1 AND s.expires_at > $2",
        )
        .bind(id_hash)
        .bind(now)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// The accounts of person `identity` on `platform` (people, not bots): their
    /// ids there and names, the oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn accounts_on(
        self,
        identity: IdentityId,
        platform: crate::platform::Platform,
    ) -> Result<Vec<(String, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT user_id, name FROM players
             WHERE COALESCE(identity_id, id) = $1 AND platform = $2 AND NOT is_bot
             ORDER BY id",
        )
        .bind(identity)
        .bind(platform.as_str())
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// The name account `user_id` on `platform` is shown by, if the bot has seen it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn account_name(
        self,
        platform: crate::platform::Platform,
        user_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM players WHERE platform = $1 AND user_id = $2")
                .bind(platform.as_str())
                .bind(user_id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// Ends the session whose id hashes to `id_hash`; `false` if there was none.
    ///
    /// # Errors
    /// Database failures.
    pub async fn end_session(self, claim: Claim<'_>, id_hash: &str) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let ended = sqlx::query("DELETE FROM web_sessions WHERE id_hash = $1")
            .bind(id_hash)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(ended == 1)
    }

    /// Ends every session of `identity` (any of its accounts), and its unspent
    /// sign-in links: how many sessions ended.
    ///
    /// # Errors
    /// Database failures.
    pub async fn end_all(self, claim: Claim<'_>, identity: IdentityId) -> Result<u64, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let ended = sqlx::query(
            "DELETE FROM web_sessions
             WHERE player_id IN (SELECT id FROM players WHERE COALESCE(identity_id, id) = $1)",
        )
        .bind(identity)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "DELETE FROM web_signins
             WHERE player_id IN (SELECT id FROM players WHERE COALESCE(identity_id, id) = $1)",
        )
        .bind(identity)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ended)
    }
}
