//! Forgetting a person (`/oware settings forget-me`, `/oware admin forget`), found
//! by id, never by a text search.
//!
//! Everywhere (their own forget-me, or the bot owners'): in one short transaction,
//! every account of their identity loses its platform id and name, and everything
//! that is only theirs goes (ratings and their history, advice, puzzle attempts,
//! settings, links, vacations, lessons, direct rooms, old bans); their audit rows
//! (found by their id as actor or target) keep the fact, not who they were. At a
//! place (an admin's forget there, see `place`): only what that place holds.
//! Their games stay as played, against a "deleted player", so their opponents keep
//! their games, ratings and tournament standings. The stored texts that may name
//! them (outbox messages, anchors) are cleaned afterwards by `texts`, in bounded
//! batches, each its own transaction; what changes in them is decided from ids by
//! `scrub`, and never another person's text. A forgotten person who plays again
//! starts fresh: their platform id names nobody any more.

mod place;
mod scrub;
mod texts;

use crate::store::words::{
    challenge_cancelled, challenge_pending, game_active, tournament_finished,
};
use crate::store::ModerationStore;
use sqlx::{Any, Transaction};

use super::moderation::insert_audit;
use super::{Claim, NewAudit, NewMessage, StoreError};
use crate::platform::Platform;
use scrub::{Needles, People};
use texts::queue_scrub;
pub use texts::SCRUB_BATCH;

/// The name a forgotten account shows, in games and standings.
pub const FORGOTTEN_NAME: &str = "deleted player";

/// Where a person is forgotten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForgetScope<'a> {
    /// Everywhere: the person's own forget-me, or the bot owners'.
    Everywhere,
    /// Only what one place holds: an admin's forget there. The person must have
    /// played a game there.
    AtPlace {
        /// The place's network.
        platform: Platform,
        /// The place's key (the Discord server, else the room).
        place: &'a str,
    },
}

/// Who is to be forgotten.
#[derive(Clone, Debug)]
pub struct Forget<'a> {
    /// Their network.
    pub platform: Platform,
    /// Their platform user id there.
    pub user_id: &'a str,
    /// Names they go by that the bot may have written (their display name now);
    /// the names stored with their accounts are added.
    pub names: Vec<String>,
    /// Everywhere, or at one place only.
    pub scope: ForgetScope<'a>,
    /// The audit entry of an admin's `forget` (its target fields stay empty).
    pub audit: Option<&'a NewAudit>,
    /// A message to queue for them in the same transaction (at a place: a direct
    /// message telling them an admin there erased their records there).
    pub tell: Option<&'a NewMessage>,
}

/// What forgetting did, or why it did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forgotten {
    /// Done: `accounts` accounts forgotten (none at a place); `games` games now
    /// show "deleted player".
    Done {
        /// Accounts forgotten (linked accounts go together).
        accounts: usize,
        /// Games kept, as played.
        games: i64,
    },
    /// The bot has nothing about them.
    Unknown,
    /// At a place: they never played a game there.
    NotHere,
    /// Games they are playing: finished or resigned first, so no opponent is left
    /// waiting on a deleted player.
    Playing(Vec<i64>),
    /// Tournaments they are entered in that are not over: withdraw first.
    InTournaments(Vec<String>),
    /// A ban in force against them at a place where they played (`None`: until
    /// lifted): it keeps their id until it ends, so that forgetting is no way
    /// around it. Bans at places where they never played do not stop a forget.
    Banned(Option<i64>),
}

/// One account of the identity.
#[derive(Clone, Debug, sqlx::FromRow)]
struct Account {
    id: Option<i64>,
    #[sqlx(try_from = "String")]
    platform: Platform,
    user_id: String,
    name: Option<String>,
}

/// Statements run for each account's platform and user id (`$1`, `$2`). Their
/// messages not yet sent go now; the sent ones with the clean-up.
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
    "DELETE FROM outbox WHERE platform = $1 AND sent_at IS NULL AND recipient = $2",
    "DELETE FROM delivery_backoff WHERE platform = $1 AND channel = $2",
    // A review they asked for still runs (and counts in the queue's total), asked
    // for by nobody.
    "UPDATE jobs SET requested_by = 'deleted' WHERE requested_by = $1 || ':' || $2",
];

/// Statements run for each account's player row (`$1`).
const BY_PLAYER: &[&str] = &[
    "DELETE FROM advice WHERE onlooker_id = $1",
    "DELETE FROM advice_judgments WHERE onlooker_id = $1",
    "DELETE FROM link_codes WHERE player_id = $1 OR used_by = $1",
    "DELETE FROM vacations WHERE player_id = $1",
    "DELETE FROM web_signins WHERE player_id = $1",
    "DELETE FROM web_sessions WHERE player_id = $1",
    concat!(
        "UPDATE challenges SET status = '",
        challenge_cancelled!(),
        "'
     WHERE status = '",
        challenge_pending!(),
        "' AND (challenger_id = $1 OR opponent_id = $1)"
    ),
    "UPDATE players SET user_id = 'deleted:' || CAST(id AS TEXT), name = 'deleted player',
         identity_id = NULL, away_until = NULL
     WHERE id = $1",
];

/// Statements run for the identity (`$1`).
const BY_IDENTITY: &[&str] = &[
    "DELETE FROM rating_history WHERE identity_id = $1",
    "DELETE FROM ratings WHERE identity_id = $1",
];

impl ModerationStore<'_> {
    /// Forgets `who` (see the module) within `who.scope`, unless something they
    /// take part in now needs them (see [`Forgotten`]): then nothing changes. The
    /// decisive part is one transaction; the clean-up of stored texts is queued in
    /// it, to be run with [`Store::scrub_forgotten`] until it returns `false` (the
    /// retention pass resumes an interrupted one).
    ///
    /// # Errors
    /// Database failures; nothing is changed then.
    pub async fn forget(
        self,
        claim: Claim<'_>,
        who: &Forget<'_>,
        now: i64,
    ) -> Result<Forgotten, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let outcome = match who.scope {
            ForgetScope::Everywhere => everywhere(&mut tx, who, now).await?,
            ForgetScope::AtPlace { platform, place } => {
                place::at_place(&mut tx, who, platform, place, now).await?
            }
        };
        if matches!(outcome, Forgotten::Done { .. }) {
            tx.commit().await?;
        }
        Ok(outcome)
    }
}

/// The decisive part of forgetting `who` everywhere, in `tx`.
async fn everywhere(
    tx: &mut Transaction<'static, Any>,
    who: &Forget<'_>,
    now: i64,
) -> Result<Forgotten, StoreError> {
    let identity: Option<i64> = sqlx::query_scalar(
        "SELECT COALESCE(identity_id, id) FROM players WHERE platform = $1 AND user_id = $2",
    )
    .bind(who.platform.as_str())
    .bind(who.user_id)
    .fetch_optional(&mut **tx)
    .await?;
    let accounts: Vec<Account> = match identity {
        Some(identity) => {
            sqlx::query_as(
                "SELECT id, platform, user_id, name FROM players
                 WHERE COALESCE(identity_id, id) = $1 ORDER BY id",
            )
            .bind(identity)
            .fetch_all(&mut **tx)
            .await?
        }
        None => vec![Account {
            id: None,
            platform: who.platform,
            user_id: who.user_id.to_owned(),
            name: None,
        }],
    };
    if let Some(refusal) = refusal(tx, who, &accounts, now).await? {
        return Ok(refusal);
    }
    let ids: Vec<i64> = accounts.iter().filter_map(|a| a.id).collect();
    let mut people = People {
        names: who.names.clone(),
        ..People::default()
    };
    for account in &accounts {
        people
            .accounts
            .push((account.platform, account.user_id.clone()));
        people.names.extend(account.name.clone());
    }
    let needles = people.needles();
    for account in &accounts {
        // Direct rooms are the person's, as are the delivery records kept for them.
        let rooms: Vec<String> =
            sqlx::query_scalar("SELECT room_id FROM dm_rooms WHERE platform = $1 AND user_id = $2")
                .bind(account.platform.as_str())
                .bind(&account.user_id)
                .fetch_all(&mut **tx)
                .await?;
        for room in rooms {
            for sql in [
                "DELETE FROM delivery_backoff WHERE platform = $1 AND channel = $2",
                "DELETE FROM outbox WHERE platform = $1 AND sent_at IS NULL AND channel = $2",
                "DELETE FROM dm_rooms WHERE platform = $1 AND room_id = $2",
            ] {
                sqlx::query(sql)
                    .bind(account.platform.as_str())
                    .bind(&room)
                    .execute(&mut **tx)
                    .await?;
            }
            people.rooms.push((account.platform, room));
        }
        scrub_audit_reasons(tx, account.platform, &account.user_id, None, &needles).await?;
        for sql in BY_USER {
            sqlx::query(*sql)
                .bind(account.platform.as_str())
                .bind(&account.user_id)
                .execute(&mut **tx)
                .await?;
        }
    }
    for &id in &ids {
        people.games.extend(
            sqlx::query_scalar::<_, i64>(
                "SELECT id FROM games WHERE south_id = $1 OR north_id = $1 ORDER BY id",
            )
            .bind(id)
            .fetch_all(&mut **tx)
            .await?,
        );
    }
    scrub_jobs(tx, &people).await?;
    for &id in &ids {
        for sql in BY_PLAYER {
            sqlx::query(*sql).bind(id).execute(&mut **tx).await?;
        }
        // Their page's address named them: it no longer leads anywhere.
        sqlx::query("UPDATE players SET web_slug = $2 WHERE id = $1")
            .bind(id)
            .bind(super::fresh_slug())
            .execute(&mut **tx)
            .await?;
    }
    if let Some(identity) = identity {
        for sql in BY_IDENTITY {
            sqlx::query(*sql).bind(identity).execute(&mut **tx).await?;
        }
    }
    if let Some(audit) = who.audit {
        insert_forget_audit(tx, audit, &needles, now).await?;
    }
    if let Some(message) = who.tell {
        super::outbox::insert(tx, message, None, now).await?;
    }
    let games = i64::try_from(people.games.len()).unwrap_or(i64::MAX);
    queue_scrub(tx, &people, now).await?;
    Ok(Forgotten::Done {
        accounts: accounts.len(),
        games,
    })
}

/// The audit entry of a forget: its target fields empty, its reason without the
/// person's names.
async fn insert_forget_audit(
    tx: &mut Transaction<'static, Any>,
    audit: &NewAudit,
    needles: &Needles,
    now: i64,
) -> Result<(), StoreError> {
    let audit = NewAudit {
        reason: audit
            .reason
            .as_ref()
            .map(|r| needles.text(r).unwrap_or_else(|| r.clone())),
        target_id: None,
        target_name: None,
        ..audit.clone()
    };
    insert_audit(tx, &audit, now).await
}

/// The reasons of the audit rows about `user` (as actor or target; at `place`
/// only, when given) without their names: the rows are found by id, and only
/// their reasons change.
async fn scrub_audit_reasons(
    tx: &mut Transaction<'static, Any>,
    platform: Platform,
    user: &str,
    place: Option<&str>,
    needles: &Needles,
) -> Result<(), StoreError> {
    let rows: Vec<(i64, Option<String>)> = sqlx::query_as(
        "SELECT id, reason FROM audit
         WHERE platform = $1 AND (actor_id = $2 OR target_id = $2)
           AND ($3 IS NULL OR place = $3)",
    )
    .bind(platform.as_str())
    .bind(user)
    .bind(place)
    .fetch_all(&mut **tx)
    .await?;
    for (id, reason) in rows {
        if let Some(new) = reason.as_deref().and_then(|r| needles.text(r)) {
            sqlx::query("UPDATE audit SET reason = $1 WHERE id = $2")
                .bind(new)
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// The pending review jobs asked for by the person (their anchors name them), by
/// the structure of the anchor, in `tx`. Pending jobs are few: done ones are
/// deleted.
async fn scrub_jobs(tx: &mut Transaction<'static, Any>, people: &People) -> Result<(), StoreError> {
    use super::{JobKind, JobRequest};
    let jobs: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id, request FROM jobs WHERE kind = 'analysis' AND request IS NOT NULL",
    )
    .fetch_all(&mut **tx)
    .await?;
    for (id, request) in jobs {
        let JobRequest::Review { to: Some(mut to) } =
            JobRequest::decode(&JobKind::Analysis, request)
        else {
            continue;
        };
        if let Some(anchor) = people.anchor(to.platform, &to.anchor) {
            to.anchor = anchor;
            sqlx::query("UPDATE jobs SET request = $1 WHERE id = $2")
                .bind(JobRequest::Review { to: Some(to) }.encode())
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// Why `who` cannot be forgotten now, if anything stops it.
async fn refusal(
    tx: &mut Transaction<'static, Any>,
    who: &Forget<'_>,
    accounts: &[Account],
    now: i64,
) -> Result<Option<Forgotten>, StoreError> {
    let ids: Vec<i64> = accounts.iter().filter_map(|a| a.id).collect();
    if ids.is_empty() && !known_elsewhere(tx, who).await? {
        return Ok(Some(Forgotten::Unknown));
    }
    let mut playing = Vec::new();
    let mut tournaments = Vec::new();
    for &id in &ids {
        playing.extend(
            sqlx::query_scalar::<_, i64>(concat!(
                "SELECT id FROM games WHERE status = '",
                game_active!(),
                "' AND (south_id = $1 OR north_id = $1)
                 ORDER BY id"
            ))
            .bind(id)
            .fetch_all(&mut **tx)
            .await?,
        );
        tournaments.extend(
            sqlx::query_scalar::<_, String>(concat!(
                "SELECT t.name FROM tournaments t
                 JOIN tournament_players p ON p.tournament_id = t.id
                 WHERE p.player_id = $1 AND t.status <> '",
                tournament_finished!(),
                "' AND p.withdrawn_from IS NULL
                 ORDER BY t.id"
            ))
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
        // Only a ban at a place where they played keeps them: a ban elsewhere
        // records nothing they did there, and any admin could make one to pin
        // anyone's id for ever. Those go with the rest of their records.
        let ban: Option<Option<i64>> = sqlx::query_scalar(
            "SELECT b.until_at FROM bans b
             WHERE b.platform = $1 AND b.user_id = $2
               AND (b.until_at IS NULL OR b.until_at > $3)
               AND EXISTS (SELECT 1 FROM players p
                           JOIN games g ON g.south_id = p.id OR g.north_id = p.id
                           WHERE p.platform = b.platform AND p.user_id = b.user_id
                             AND g.platform = b.platform
                             AND COALESCE(g.space, g.channel) = b.place)
             ORDER BY b.until_at IS NULL DESC, b.until_at DESC LIMIT 1",
        )
        .bind(account.platform.as_str())
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
    .bind(who.platform.as_str())
    .bind(who.user_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(n > 0)
}
