//! Forgetting a person (`/oware settings forget-me`, `/oware admin forget`): in one
//! transaction, every account of their identity loses its platform id and name,
//! and everything that is only theirs goes (ratings and their history, advice,
//! puzzle attempts, settings, links, vacations, lessons, direct rooms, old bans).
//! Their games stay as played, against a "deleted player", so their opponents keep
//! their games, ratings and tournament standings; the audit log keeps the fact of
//! their actions, not who they were. Messages still waiting to be sent and audit
//! reasons are scrubbed of their ids and names. A forgotten person who plays again
//! starts fresh: their platform id names nobody any more.

mod scrub;
mod texts;

use sqlx::{Any, Transaction};

use super::moderation::insert_audit;
use super::{Claim, NewAudit, Store, StoreError};
use scrub::Needles;
use texts::scrub_texts;

/// The name a forgotten account shows, in games and standings.
pub const FORGOTTEN_NAME: &str = "deleted player";

/// Who is to be forgotten.
#[derive(Clone, Debug)]
pub struct Forget<'a> {
    /// Their network.
    pub platform: &'a str,
    /// Their platform user id there.
    pub user_id: &'a str,
    /// Names they go by that the bot may have written (their display name now);
    /// the names stored with their accounts are added.
    pub names: Vec<String>,
    /// For an admin's `forget`: the place it was asked at (Discord server or room)
    /// where the person must have played or challenged; `None` for themselves.
    pub place: Option<&'a str>,
    /// The audit entry of an admin's `forget` (its target fields stay empty).
    pub audit: Option<&'a NewAudit>,
}

/// What forgetting did, or why it did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forgotten {
    /// Done: `accounts` accounts forgotten; `games` games now show "deleted player".
    Done {
        /// Accounts forgotten (linked accounts go together).
        accounts: usize,
        /// Games kept, as played.
        games: i64,
    },
    /// The bot has nothing about them.
    Unknown,
    /// For an admin: they never played or challenged at that place.
    NotHere,
    /// Games they are playing: finished or resigned first, so no opponent is left
    /// waiting on a deleted player.
    Playing(Vec<i64>),
    /// Tournaments they are entered in that are not over: withdraw first.
    InTournaments(Vec<String>),
    /// A ban in force against them (`None`: until lifted): it keeps their id until
    /// it ends, so that forgetting is no way around it.
    Banned(Option<i64>),
}

/// One account of the identity.
#[derive(Clone, Debug, sqlx::FromRow)]
struct Account {
    id: Option<i64>,
    platform: String,
    user_id: String,
    name: Option<String>,
}

/// Statements run for each account's platform and user id (`$1`, `$2`).
const BY_USER: &[&str] = &[
    "DELETE FROM puzzle_attempts WHERE platform = $1 AND user_id = $2",
    "DELETE FROM puzzle_ratings WHERE platform = $1 AND user_id = $2",
    "DELETE FROM user_settings WHERE platform = $1 AND user_id = $2",
    "DELETE FROM lessons_done WHERE platform = $1 AND user_id = $2",
    "DELETE FROM bans WHERE platform = $1 AND user_id = $2",
    "UPDATE bans SET banned_by = 'deleted' WHERE platform = $1 AND banned_by = $2",
    "UPDATE settings SET updated_by = NULL WHERE platform = $1 AND updated_by = $2",
    "UPDATE audit SET actor_id = 'deleted', actor_name = 'deleted player'
     WHERE platform = $1 AND actor_id = $2",
    "UPDATE audit SET target_id = NULL, target_name = 'deleted player'
     WHERE platform = $1 AND target_id = $2",
    "DELETE FROM outbox WHERE platform = $1 AND recipient = $2",
];

/// Statements run for each account's player row (`$1`).
const BY_PLAYER: &[&str] = &[
    "DELETE FROM advice WHERE onlooker_id = $1",
    "DELETE FROM advice_judgments WHERE onlooker_id = $1",
    "DELETE FROM link_codes WHERE player_id = $1 OR used_by = $1",
    "DELETE FROM vacations WHERE player_id = $1",
    "UPDATE challenges SET status = 'cancelled'
     WHERE status = 'pending' AND (challenger_id = $1 OR opponent_id = $1)",
    "UPDATE players SET user_id = 'deleted:' || CAST(id AS TEXT), name = 'deleted player',
         identity_id = NULL, away_until = NULL
     WHERE id = $1",
];

/// Statements run for the identity (`$1`).
const BY_IDENTITY: &[&str] = &[
    "DELETE FROM rating_history WHERE identity_id = $1",
    "DELETE FROM ratings WHERE identity_id = $1",
];

impl Store {
    /// Forgets `who` and every account linked to theirs (see the module), unless
    /// something they take part in now needs them (see [`Forgotten`]): then
    /// nothing changes.
    ///
    /// # Errors
    /// Database failures; nothing is changed then.
    pub async fn forget(
        &self,
        claim: Claim<'_>,
        who: &Forget<'_>,
        now: i64,
    ) -> Result<Forgotten, StoreError> {
        let mut tx = self.write(claim).await?;
        let identity: Option<i64> = sqlx::query_scalar(
            "SELECT COALESCE(identity_id, id) FROM players WHERE platform = $1 AND user_id = $2",
        )
        .bind(who.platform)
        .bind(who.user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let accounts: Vec<Account> = match identity {
            Some(identity) => {
                sqlx::query_as(
                    "SELECT id, platform, user_id, name FROM players
                     WHERE COALESCE(identity_id, id) = $1 ORDER BY id",
                )
                .bind(identity)
                .fetch_all(&mut *tx)
                .await?
            }
            None => vec![Account {
                id: None,
                platform: who.platform.to_owned(),
                user_id: who.user_id.to_owned(),
                name: None,
            }],
        };
        if let Some(refusal) = refusal(&mut tx, who, &accounts, now).await? {
            return Ok(refusal);
        }
        let mut words: Vec<String> = who.names.clone();
        // Direct rooms are the person's, as are the delivery records kept for them.
        for account in &accounts {
            let rooms: Vec<String> = sqlx::query_scalar(
                "SELECT room_id FROM dm_rooms WHERE platform = $1 AND user_id = $2",
            )
            .bind(&account.platform)
            .bind(&account.user_id)
            .fetch_all(&mut *tx)
            .await?;
            for room in rooms {
                for sql in [
                    "DELETE FROM delivery_backoff WHERE platform = $1 AND channel = $2",
                    "DELETE FROM outbox WHERE platform = $1 AND channel = $2",
                    "DELETE FROM dm_rooms WHERE platform = $1 AND room_id = $2",
                ] {
                    sqlx::query(sql)
                        .bind(&account.platform)
                        .bind(&room)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            for sql in BY_USER {
                sqlx::query(*sql)
                    .bind(&account.platform)
                    .bind(&account.user_id)
                    .execute(&mut *tx)
                    .await?;
            }
            if let Some(id) = account.id {
                for sql in BY_PLAYER {
                    sqlx::query(*sql).bind(id).execute(&mut *tx).await?;
                }
            }
            words.push(account.user_id.clone());
            words.extend(account.name.clone());
        }
        if let Some(identity) = identity {
            for sql in BY_IDENTITY {
                sqlx::query(*sql).bind(identity).execute(&mut *tx).await?;
            }
        }
        let needles = Needles::new(words);
        scrub_texts(&mut tx, &needles).await?;
        if let Some(audit) = who.audit {
            let audit = NewAudit {
                reason: audit
                    .reason
                    .as_ref()
                    .map(|r| needles.text(r).unwrap_or_else(|| r.clone())),
                target_id: None,
                target_name: None,
                ..audit.clone()
            };
            insert_audit(&mut tx, &audit, now).await?;
        }
        let ids: Vec<i64> = accounts.iter().filter_map(|a| a.id).collect();
        let mut games = 0;
        for id in ids {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE south_id = $1 OR north_id = $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            games += n;
        }
        tx.commit().await?;
        Ok(Forgotten::Done {
            accounts: accounts.len(),
            games,
        })
    }
}

/// Why `who` cannot be forgotten now, if anything stops it.
async fn refusal(
    tx: &mut Transaction<'static, Any>,
    who: &Forget<'_>,
    accounts: &[Account],
    now: i64,
) -> Result<Option<Forgotten>, StoreError> {
    let ids: Vec<i64> = accounts.iter().filter_map(|a| a.id).collect();
    if let Some(place) = who.place {
        let mut seen = false;
        for &id in &ids {
            let n: i64 = sqlx::query_scalar(
                "SELECT (SELECT COUNT(*) FROM games WHERE platform = $1
                             AND COALESCE(space, channel) = $2
                             AND (south_id = $3 OR north_id = $3))
                      + (SELECT COUNT(*) FROM challenges WHERE platform = $1
                             AND COALESCE(space, channel) = $2
                             AND (challenger_id = $3 OR opponent_id = $3))",
            )
            .bind(who.platform)
            .bind(place)
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
            seen |= n > 0;
        }
        if !seen {
            return Ok(Some(Forgotten::NotHere));
        }
    } else if ids.is_empty() && !known_elsewhere(tx, who).await? {
        return Ok(Some(Forgotten::Unknown));
    }
    let mut playing = Vec::new();
    let mut tournaments = Vec::new();
    for &id in &ids {
        playing.extend(
            sqlx::query_scalar::<_, i64>(
                "SELECT id FROM games WHERE status = 'active' AND (south_id = $1 OR north_id = $1)
                 ORDER BY id",
            )
            .bind(id)
            .fetch_all(&mut **tx)
            .await?,
        );
        tournaments.extend(
            sqlx::query_scalar::<_, String>(
                "SELECT t.name FROM tournaments t
                 JOIN tournament_players p ON p.tournament_id = t.id
                 WHERE p.player_id = $1 AND t.status <> 'finished' AND p.withdrawn_from IS NULL
                 ORDER BY t.id",
            )
            .bind(id)
            .fetch_all(&mut **tx)
            .await?,
        );
    }
    if !playing.is_empty() {
        return Ok(Some(Forgotten::Playing(playing)));
    }
    if !tournaments.is_empty() {
        return Ok(Some(Forgotten::InTournaments(tournaments)));
    }
    for account in accounts {
        let ban: Option<Option<i64>> = sqlx::query_scalar(
            "SELECT until_at FROM bans WHERE platform = $1 AND user_id = $2
                 AND (until_at IS NULL OR until_at > $3)
             ORDER BY until_at IS NULL DESC, until_at DESC LIMIT 1",
        )
        .bind(&account.platform)
        .bind(&account.user_id)
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some(until) = ban {
            return Ok(Some(Forgotten::Banned(until)));
        }
    }
    Ok(None)
}

/// Whether someone who never played has anything stored (settings, puzzles…).
async fn known_elsewhere(
    tx: &mut Transaction<'static, Any>,
    who: &Forget<'_>,
) -> Result<bool, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM puzzle_attempts WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM puzzle_ratings WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM user_settings WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM lessons_done WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM dm_rooms WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM bans WHERE platform = $1 AND user_id = $2)
              + (SELECT COUNT(*) FROM audit WHERE platform = $1
                     AND (actor_id = $2 OR target_id = $2))",
    )
    .bind(who.platform)
    .bind(who.user_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(n > 0)
}
