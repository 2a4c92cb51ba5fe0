//! Onlookers' advice (one vote per onlooker per ply) and one-time link codes that
//! join two accounts into one identity.

use super::{now_ms, Claim, IdentityId, PlayerId, StoreError};
use crate::platform::Platform;
use crate::play::clock::Speed;
use crate::rules::Pit;
use crate::store::words::game_active;
use crate::store::ModerationStore;

/// What redeeming a link code did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkOutcome {
    /// No such code.
    Unknown,
    /// The code's time ran out.
    Expired,
    /// The code was used already.
    Used,
    /// The code belongs to the account redeeming it.
    OwnCode,
    /// The code was made on the same network as the account redeeming it.
    SameNetwork,
    /// The two accounts already share an identity.
    AlreadyLinked,
    /// The accounts now share one identity.
    Linked(Merge),
    /// (Asking first) the code is good: it would join the author to the account
    /// `name` on `platform`.
    Ready {
        /// The code's account: its display name.
        name: String,
        /// The code's account: its network.
        platform: String,
    },
}

/// What taking an account out of its identity did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlinked {
    /// The account was linked with no other.
    NotLinked,
    /// The account is on its own now; `others` accounts stay linked together, with
    /// the ratings.
    Left {
        /// The accounts still linked together.
        others: i64,
    },
}

/// The code `code`'s account, for account `player_id` on `platform` at `now`:
/// `(name, platform, identity, the author's identity)`, or why it cannot link.
async fn judge_code(
    conn: &mut sqlx::AnyConnection,
    code: &str,
    player_id: crate::store::PlayerId,
    platform: Platform,
    now: i64,
) -> Result<Result<(String, String, IdentityId, IdentityId), LinkOutcome>, StoreError> {
    let found: Option<(PlayerId, i64, Option<i64>, String, String, IdentityId)> = sqlx::query_as(
        "SELECT l.player_id, l.expires_at, l.used_at, p.platform, p.name,
                COALESCE(p.identity_id, p.id)
         FROM link_codes l JOIN players p ON p.id = l.player_id WHERE l.code = $1",
    )
    .bind(code)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((owner, expires_at, used_at, owner_platform, owner_name, owner_identity)) = found
    else {
        return Ok(Err(LinkOutcome::Unknown));
    };
    let mine: IdentityId =
        sqlx::query_scalar("SELECT COALESCE(identity_id, id) FROM players WHERE id = $1")
            .bind(player_id)
            .fetch_one(&mut *conn)
            .await?;
    let refusal = if used_at.is_some() {
        Some(LinkOutcome::Used)
    } else if expires_at <= now {
        Some(LinkOutcome::Expired)
    } else if owner == player_id {
        Some(LinkOutcome::OwnCode)
    } else if owner_platform == platform.as_str() {
        Some(LinkOutcome::SameNetwork)
    } else if owner_identity == mine {
        Some(LinkOutcome::AlreadyLinked)
    } else {
        None
    };
    Ok(match refusal {
        Some(refusal) => Err(refusal),
        None => Ok((owner_name, owner_platform, owner_identity, mine)),
    })
}

/// How two identities were merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merge {
    /// The code's account: its display name.
    pub other_name: String,
    /// The code's account: its network.
    pub other_platform: String,
    /// What became of each speed's ratings, in [`Speed::ALL`]'s order.
    pub speeds: [SpeedMerge; 2],
}

/// Which of two identities' ratings at one speed a link kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedMerge {
    /// The speed.
    pub speed: Speed,
    /// Whether the redeeming account's rating and record at this speed were kept
    /// rather than the code owner's.
    pub kept_redeemer: bool,
    /// Rated games at this speed of the rating kept.
    pub kept_games: i64,
    /// Rated games at this speed of the rating dropped.
    pub dropped_games: i64,
}

impl ModerationStore<'_> {
    /// Records (or replaces) an onlooker's advice for the ply after `ply` moves, only
    /// if the game is still active at `ply` with advice on. Returns `false` otherwise.
    ///
    /// # Errors
    /// Database failures.
    pub async fn advise(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        ply: i64,
        onlooker_id: crate::store::PlayerId,
        pit: char,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let stored = sqlx::query(concat!(
            "INSERT INTO advice (game_id, ply, onlooker_id, pit, given_at)
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS (
                 SELECT 1 FROM games
                 WHERE id = $1 AND ply = $2 AND status = '",
            game_active!(),
            "' AND advice = TRUE)
             ON CONFLICT (game_id, ply, onlooker_id)
             DO UPDATE SET pit = excluded.pit, given_at = excluded.given_at"
        ))
        .bind(game_id)
        .bind(ply)
        .bind(onlooker_id)
        .bind(pit.to_string())
        .bind(now_ms())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(stored == 1)
    }

    /// The advice given for the ply after `ply` moves: `(onlooker, pit)`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn advice_votes(
        self,
        game_id: crate::store::GameId,
        ply: i64,
    ) -> Result<Vec<(crate::store::PlayerId, Pit)>, StoreError> {
        /// One vote as stored.
        #[derive(sqlx::FromRow)]
        struct Vote {
            onlooker_id: crate::store::PlayerId,
            #[sqlx(try_from = "String")]
            pit: Pit,
        }
        let votes: Vec<Vote> = sqlx::query_as(
            "SELECT onlooker_id, pit FROM advice WHERE game_id = $1 AND ply = $2
             ORDER BY given_at, onlooker_id",
        )
        .bind(game_id)
        .bind(ply)
        .fetch_all(&self.store.reader)
        .await?;
        Ok(votes.into_iter().map(|v| (v.onlooker_id, v.pit)).collect())
    }

    /// Stores a link code for `player_id`. Returns `false` if the code is taken.
    ///
    /// # Errors
    /// Database failures.
    pub async fn create_link_code(
        self,
        claim: Claim<'_>,
        code: &str,
        player_id: crate::store::PlayerId,
        expires_at: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let stored = sqlx::query(
            "INSERT INTO link_codes (code, player_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(code)
        .bind(player_id)
        .bind(now_ms())
        .bind(expires_at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(stored == 1)
    }

    /// Sets when a link code expires (for tools and tests).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_link_code_expiry(
        self,
        code: &str,
        expires_at: i64,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query("UPDATE link_codes SET expires_at = $1 WHERE code = $2")
            .bind(expires_at)
            .bind(code)
            .execute(&self.store.writer)
            .await?
            .rows_affected();
        Ok(updated == 1)
    }

    /// Redeems a link code for the account `player_id` on `platform`, in one
    /// transaction: on success every account of both identities shares the identity
    /// with more rated games in all (the code owner's on a tie); at each speed, the
    /// rating (record, history) with more rated games at that speed is kept for it
    /// (the code owner's on a tie) and the other dropped; and the code is spent.
    ///
    /// # Errors
    /// Database failures.
    pub async fn redeem_link_code(
        self,
        claim: Claim<'_>,
        code: &str,
        player_id: crate::store::PlayerId,
        platform: Platform,
    ) -> Result<LinkOutcome, StoreError> {
        let now = now_ms();
        let mut tx = self.store.write(claim).await?;
        let (owner_name, owner_platform, owner_identity, mine) =
            match judge_code(&mut tx, code, player_id, platform, now).await? {
                Ok(found) => found,
                Err(refusal) => {
                    tx.rollback().await?;
                    return Ok(refusal);
                }
            };
        // Rated games per speed, `[owner, redeemer]`.
        let mut games = [[0i64; 2]; 2];
        for (s, speed) in Speed::ALL.into_iter().enumerate() {
            for (i, identity) in [owner_identity, mine].into_iter().enumerate() {
                games[s][i] = sqlx::query_scalar(
                    "SELECT games FROM ratings WHERE identity_id = $1 AND speed = $2",
                )
                .bind(identity)
                .bind(speed.as_str())
                .fetch_optional(&mut *tx)
                .await?
                .unwrap_or(0);
            }
        }
        let total = |i: usize| games[0][i] + games[1][i];
        let (keep, drop) = if total(1) > total(0) {
            (mine, owner_identity)
        } else {
            (owner_identity, mine)
        };
        sqlx::query("UPDATE players SET identity_id = $1 WHERE COALESCE(identity_id, id) = $2")
            .bind(keep)
            .bind(drop)
            .execute(&mut *tx)
            .await?;
        let mut speeds = Vec::with_capacity(2);
        for (s, speed) in Speed::ALL.into_iter().enumerate() {
            let kept_redeemer = games[s][1] > games[s][0];
            let (winner, loser) = if kept_redeemer {
                (mine, owner_identity)
            } else {
                (owner_identity, mine)
            };
            for delete in [
                "DELETE FROM rating_history WHERE identity_id = $1 AND speed = $2",
                "DELETE FROM ratings WHERE identity_id = $1 AND speed = $2",
            ] {
                sqlx::query(delete)
                    .bind(loser)
                    .bind(speed.as_str())
                    .execute(&mut *tx)
                    .await?;
            }
            if winner == drop {
                // The rating kept at this speed moves to the identity kept.
                for update in [
                    "UPDATE rating_history SET identity_id = $1 WHERE identity_id = $2 AND speed = $3",
                    "UPDATE ratings SET identity_id = $1 WHERE identity_id = $2 AND speed = $3",
                ] {
                    sqlx::query(update)
                        .bind(keep)
                        .bind(drop)
                        .bind(speed.as_str())
                        .execute(&mut *tx)
                        .await?;
                }
            }
            let (kept_games, dropped_games) = if kept_redeemer {
                (games[s][1], games[s][0])
            } else {
                (games[s][0], games[s][1])
            };
            speeds.push(SpeedMerge {
                speed,
                kept_redeemer,
                kept_games,
                dropped_games,
            });
        }
        let spent = sqlx::query(
            "UPDATE link_codes SET used_at = $1, used_by = $2 WHERE code = $3 AND used_at IS NULL",
        )
        .bind(now)
        .bind(player_id)
        .bind(code)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if spent != 1 {
            tx.rollback().await?;
            return Ok(LinkOutcome::Used);
        }
        tx.commit().await?;
        Ok(LinkOutcome::Linked(Merge {
            other_name: owner_name,
            other_platform: owner_platform,
            speeds: [speeds[0], speeds[1]],
        }))
    }

    /// Whether `code` would link account `player_id` on `platform` now, changing
    /// nothing: [`LinkOutcome::Ready`] naming the code's account, or the refusal
    /// redeeming it would give.
    ///
    /// # Errors
    /// Database failures.
    pub async fn peek_link_code(
        self,
        code: &str,
        player_id: crate::store::PlayerId,
        platform: Platform,
    ) -> Result<LinkOutcome, StoreError> {
        let mut conn = self.store.reader.acquire().await?;
        Ok(
            match judge_code(&mut conn, code, player_id, platform, now_ms()).await? {
                Ok((name, platform, _, _)) => LinkOutcome::Ready { name, platform },
                Err(refusal) => refusal,
            },
        )
    }

    /// Takes account `player_id` out of the identity it shares, in one transaction.
    /// The ratings (and their history) stay with the accounts that remain linked:
    /// when the account leaving held the identity, the next oldest account takes
    /// it over; the account leaving starts with no rating. Every game stays in
    /// each account's history.
    ///
    /// # Errors
    /// Database failures.
    pub async fn unlink(
        self,
        claim: Claim<'_>,
        player_id: crate::store::PlayerId,
    ) -> Result<Unlinked, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let identity: crate::store::IdentityId =
            sqlx::query_scalar("SELECT COALESCE(identity_id, id) FROM players WHERE id = $1")
                .bind(player_id)
                .fetch_one(&mut *tx)
                .await?;
        let others: Vec<crate::store::PlayerId> = sqlx::query_scalar(
            "SELECT id FROM players WHERE COALESCE(identity_id, id) = $1 AND id <> $2
             ORDER BY id",
        )
        .bind(identity)
        .bind(player_id)
        .fetch_all(&mut *tx)
        .await?;
        let Some(&heir) = others.first() else {
            tx.rollback().await?;
            return Ok(Unlinked::NotLinked);
        };
        // An identity is numbered after its first account.
        if identity.get() == player_id.get() {
            for sql in [
                "UPDATE players SET identity_id = NULL WHERE id = $1",
                "UPDATE players SET identity_id = $1 WHERE identity_id = $2",
                "UPDATE ratings SET identity_id = $1 WHERE identity_id = $2",
                "UPDATE rating_history SET identity_id = $1 WHERE identity_id = $2",
            ] {
                let query = sqlx::query(sql).bind(heir);
                let query = if sql.contains("$2") {
                    query.bind(player_id)
                } else {
                    query
                };
                query.execute(&mut *tx).await?;
            }
        } else {
            sqlx::query("UPDATE players SET identity_id = NULL WHERE id = $1")
                .bind(player_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Unlinked::Left {
            others: i64::try_from(others.len()).unwrap_or(i64::MAX),
        })
    }
}
