//! An admin's forget: the person's records at ONE place, never elsewhere. Their
//! games there are re-pointed to a fresh anonymous player row (no user id, shown
//! as "deleted player"), with their moves, challenges and tournament entries
//! there; their advice, pending challenges, bans and audit mentions there go, and
//! their rating history for those games. Their player row, ratings, settings,
//! links and everything at other places stay. Only someone who PLAYED a game
//! there is a target: a pending challenge (one the admin just made) never counts.

use crate::store::words::{
    challenge_cancelled, challenge_pending, game_active, tournament_finished,
};
use sqlx::{Any, Transaction};

use super::scrub::People;
use super::texts::queue_scrub;
use super::{insert_forget_audit, scrub_audit_reasons, scrub_jobs, Forget, Forgotten};
use super::{StoreError, FORGOTTEN_NAME};
use crate::platform::Platform;

/// The games of a place (`$1` platform, `$2` place key).
const AT_PLACE: &str = "platform = $1 AND COALESCE(space, channel) = $2";

/// The decisive part of forgetting `who` at `place` of `platform`, in `tx`.
pub(super) async fn at_place(
    tx: &mut Transaction<'static, Any>,
    who: &Forget<'_>,
    platform: Platform,
    place: &str,
    now: i64,
) -> Result<Forgotten, StoreError> {
    let player: Option<(i64, String)> = sqlx::query_as(
        "SELECT id, name FROM players
         WHERE platform = $1 AND user_id = $2",
    )
    .bind(who.platform.as_str())
    .bind(who.user_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((player, name)) = player else {
        return Ok(Forgotten::Unknown);
    };
    if who.platform != platform {
        return Ok(Forgotten::NotHere);
    }
    let games: Vec<(i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT id, status FROM games WHERE {AT_PLACE} AND (south_id = $3 OR north_id = $3)
         ORDER BY id"
    )))
    .bind(platform.as_str())
    .bind(place)
    .bind(player)
    .fetch_all(&mut **tx)
    .await?;
    if games.is_empty() {
        return Ok(Forgotten::NotHere);
    }
    let playing: Vec<i64> = games
        .iter()
        .filter(|(_, status)| status == game_active!())
        .map(|(id, _)| *id)
        .collect();
    if !playing.is_empty() {
        return Ok(Forgotten::Playing(playing));
    }
    let tournaments: Vec<String> = sqlx::query_scalar(concat!(
        "SELECT t.name FROM tournaments t
         JOIN tournament_players p ON p.tournament_id = t.id
         WHERE t.platform = $1 AND t.place = $2 AND p.player_id = $3
           AND t.status <> '",
        tournament_finished!(),
        "' AND p.withdrawn_from IS NULL
         ORDER BY t.id"
    ))
    .bind(platform.as_str())
    .bind(place)
    .bind(player)
    .fetch_all(&mut **tx)
    .await?;
    if !tournaments.is_empty() {
        return Ok(Forgotten::InTournaments(tournaments));
    }
    let people = People {
        accounts: vec![(who.platform, who.user_id.to_owned())],
        rooms: Vec::new(),
        names: who.names.iter().cloned().chain([name]).collect(),
        games: games.iter().map(|(id, _)| *id).collect(),
        place: Some((platform, place.to_owned())),
    };
    let needles = people.needles();
    // The anonymous stand-in: its user id names nobody.
    let anonymous: i64 = sqlx::query_scalar(
        "INSERT INTO players (platform, user_id, name, is_bot, created_at, updated_at, web_slug)
         VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING id",
    )
    .bind(platform.as_str())
    .bind(format!("deleted:new:{player}:{now}"))
    .bind(FORGOTTEN_NAME)
    .bind(false)
    .bind(now)
    .bind(crate::store::fresh_slug())
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query("UPDATE players SET user_id = 'deleted:' || CAST(id AS TEXT) WHERE id = $1")
        .bind(anonymous)
        .execute(&mut **tx)
        .await?;
    // What they did at the place, found by their player id ($3 them, $4 the stand-in).
    let by_player = [
        format!(
            "DELETE FROM advice WHERE onlooker_id = $3
             AND game_id IN (SELECT id FROM games WHERE {AT_PLACE})"
        ),
        format!(
            "DELETE FROM advice_judgments WHERE onlooker_id = $3
             AND game_id IN (SELECT id FROM games WHERE {AT_PLACE})"
        ),
        format!(
            "DELETE FROM rating_history
             WHERE identity_id = (SELECT COALESCE(identity_id, id) FROM players WHERE id = $3)
             AND game_id IN (SELECT id FROM games WHERE {AT_PLACE}
                             AND (south_id = $3 OR north_id = $3))"
        ),
        format!(
            concat!(
                "UPDATE challenges SET status = '",
                challenge_cancelled!(),
                "'
             WHERE status = '",
                challenge_pending!(),
                "' AND {}
               AND (challenger_id = $3 OR opponent_id = $3)"
            ),
            AT_PLACE
        ),
        format!("UPDATE challenges SET challenger_id = $4 WHERE challenger_id = $3 AND {AT_PLACE}"),
        format!("UPDATE challenges SET opponent_id = $4 WHERE opponent_id = $3 AND {AT_PLACE}"),
        format!(
            "UPDATE moves SET player_id = $4 WHERE player_id = $3
             AND game_id IN (SELECT id FROM games WHERE {AT_PLACE})"
        ),
        format!("UPDATE games SET south_id = $4 WHERE south_id = $3 AND {AT_PLACE}"),
        format!("UPDATE games SET north_id = $4 WHERE north_id = $3 AND {AT_PLACE}"),
        "UPDATE tournament_players SET player_id = $4 WHERE player_id = $3
         AND tournament_id IN (SELECT id FROM tournaments WHERE platform = $1 AND place = $2)"
            .to_owned(),
        "UPDATE tournaments SET creator_id = $4 WHERE creator_id = $3
         AND platform = $1 AND place = $2"
            .to_owned(),
    ];
    for sql in by_player {
        let stand_in = sql.contains("$4");
        let query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(platform.as_str())
            .bind(place)
            .bind(player);
        let query = if stand_in {
            query.bind(anonymous)
        } else {
            query
        };
        query.execute(&mut **tx).await?;
    }
    scrub_audit_reasons(tx, platform, who.user_id, Some(place), &needles).await?;
    for sql in [
        "DELETE FROM bans WHERE platform = $1 AND place = $2 AND user_id = $3",
        "UPDATE bans SET banned_by = 'deleted' WHERE platform = $1 AND place = $2
         AND banned_by = $3",
        "UPDATE audit SET actor_id = 'deleted', actor_name = 'deleted player'
         WHERE platform = $1 AND place = $2 AND actor_id = $3",
        "UPDATE audit SET target_id = NULL, target_name = 'deleted player'
         WHERE platform = $1 AND place = $2 AND target_id = $3",
    ] {
        sqlx::query(sql)
            .bind(platform.as_str())
            .bind(place)
            .bind(who.user_id)
            .execute(&mut **tx)
            .await?;
    }
    scrub_jobs(tx, &people).await?;
    if let Some(audit) = who.audit {
        insert_forget_audit(tx, audit, &needles, now).await?;
    }
    if let Some(message) = who.tell {
        crate::store::outbox::insert(tx, message, None, now).await?;
    }
    let games = i64::try_from(people.games.len()).unwrap_or(i64::MAX);
    queue_scrub(tx, &people, now).await?;
    Ok(Forgotten::Done { accounts: 0, games })
}
