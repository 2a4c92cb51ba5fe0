//! Retention: sent and dead outbox messages, anchors and handled inbox events older
//! than the retention period are pruned, and link codes once expired, and nothing
//! else: unsent messages stay (the status still counts them), recent events stay,
//! so an event delivered again within the window is still not applied twice. The scheduler prunes at start-up.
//! Through the real service, on a fresh database (SQLite, or PostgreSQL with
//! `OWARE_TEST_DATABASE=postgres`), with tokio's clock paused or explicit times.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::sync::Arc;
use std::time::Duration;

use crate::support::{cmd, mv, paused_service, refused, start_game, TempDb};
use oware_bot::service::Platform;
use oware_bot::service::{Pruned, Reply};

const DAY: i64 = 24 * 3600 * 1000;

/// Writes an outbox message created at `created`, sent at `sent` and dead since
/// `dead` (SQL values: a number or NULL), saying `text`.
async fn message(db: &TempDb, text: &str, created: i64, sent: &str, dead: &str) {
    let body = serde_json::to_string(&Reply::public(text))
        .unwrap()
        .replace('\'', "''");
    db.execute(&format!(
        "INSERT INTO outbox (platform, channel, body, created_at, sent_at, dead_at)
         VALUES ('console', 'lobby', '{body}', {created}, {sent}, {dead})"
    ))
    .await;
}

async fn event(db: &TempDb, id: &str, handled: i64) {
    db.execute(&format!(
        "INSERT INTO inbox (platform, event_id, handled_at) VALUES ('matrix', '{id}', {handled})"
    ))
    .await;
}

async fn left(db: &TempDb, sql: &str) -> i64 {
    db.count(sql).await
}

#[tokio::test]
async fn only_old_sent_messages_and_old_events_are_pruned() {
    let (db, service) = paused_service().await;
    let now = service.now();
    let long_ago = (now - 31 * DAY).to_string();
    message(&db, "old, sent", now - 40 * DAY, &long_ago, "NULL").await;
    let yesterday = (now - DAY).to_string();
    message(&db, "recent, sent", now - 2 * DAY, &yesterday, "NULL").await;
    message(&db, "old, unsent", now - 40 * DAY, "NULL", "NULL").await;
    message(&db, "old, dead", now - 40 * DAY, "NULL", &long_ago).await;
    event(&db, "$old", now - 31 * DAY).await;
    event(&db, "$recent", now - 29 * DAY).await;
    let status = db.store().pages().status_counts(now).await.unwrap();
    assert_eq!(status.unsent.len(), 1);
    assert_eq!((status.unsent[0].waiting, status.unsent[0].dead), (1, 1));

    // Back after three days away: the events handled before the stop are kept
    // for as long again, the sent messages are not.
    let pruned = service.ops().prune_old(3 * DAY).await;
    assert_eq!(
        pruned,
        Pruned {
            messages: 1,
            dead: 1,
            ..Pruned::default()
        }
    );
    assert!(db
        .store()
        .outbox()
        .event_handled(Platform::Matrix, "$old")
        .await
        .unwrap());

    let pruned = service.ops().prune_old(0).await;
    assert_eq!(
        pruned,
        Pruned {
            events: 1,
            ..Pruned::default()
        }
    );
    assert_eq!(left(&db, "SELECT count(*) FROM outbox").await, 2);
    assert_eq!(
        left(
            &db,
            "SELECT count(*) FROM outbox WHERE body LIKE '%old, sent%'"
        )
        .await,
        0
    );
    assert_eq!(left(&db, "SELECT count(*) FROM inbox").await, 1);
    assert!(!db
        .store()
        .outbox()
        .event_handled(Platform::Matrix, "$old")
        .await
        .unwrap());
    assert!(db
        .store()
        .outbox()
        .event_handled(Platform::Matrix, "$recent")
        .await
        .unwrap());
    // The status counts the undelivered messages still kept.
    let after = db.store().pages().status_counts(now).await.unwrap();
    assert_eq!((after.unsent[0].waiting, after.unsent[0].dead), (1, 0));
    // Nothing more to do.
    assert_eq!(service.ops().prune_old(0).await, Pruned::default());
}

#[tokio::test]
async fn a_replay_within_the_window_after_pruning_is_still_not_applied_twice() {
    let (db, service) = paused_service().await;
    let game = start_game(&service).await;
    let first = service.handle_event("$c", cmd("alice", mv("c"))).await;
    assert!(!refused(&first), "{}", first.text);
    let answer = service.handle_event("$b", cmd("bob", mv("b"))).await;
    assert!(!refused(&answer), "{}", answer.text);
    // Older events of others, pruned meanwhile.
    event(&db, "$someone-else", service.now() - 40 * DAY).await;

    // 29 days later (the game has no clock), the hourly pruning runs.
    tokio::time::advance(Duration::from_millis(29 * DAY as u64)).await;
    let pruned = service.ops().prune_old(0).await;
    assert_eq!(pruned.events, 1, "only the old event");
    // Alice is to move again: her move delivered again must not be played again.
    let replay = service.handle_event("$c", cmd("alice", mv("c"))).await;
    assert!(
        replay.is_empty(),
        "a replayed move says nothing: {replay:?}"
    );
    let moves = db.store().games().moves(game).await.unwrap();
    assert_eq!(moves.len(), 2, "the move was not played twice");

    // Past the window the record is gone: a platform delivering the event again
    // now would have it handled as new (Matrix never does; see the README).
    tokio::time::advance(Duration::from_millis(2 * DAY as u64)).await;
    assert_eq!(service.ops().prune_old(0).await.events, 2);
    assert!(!db
        .store()
        .outbox()
        .event_handled(Platform::Console, "$c")
        .await
        .unwrap());
}

#[tokio::test]
async fn the_scheduler_prunes_when_it_starts() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let now = service.now();
    message(
        &db,
        "sent long ago",
        now - 40 * DAY,
        &(now - 35 * DAY).to_string(),
        "NULL",
    )
    .await;
    event(&db, "$long-ago", now - 35 * DAY).await;
    service.start_scheduler();
    let mut waited = 0;
    while left(&db, "SELECT count(*) FROM outbox").await
        + left(&db, "SELECT count(*) FROM inbox").await
        > 0
    {
        assert!(waited < 100, "nothing was pruned in 5 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 1;
    }
    service.stop().await;
}

#[tokio::test]
async fn expired_link_codes_old_anchors_and_old_dead_messages_go() {
    let (db, service) = paused_service().await;
    let now = service.now();
    let long_ago = (now - 31 * DAY).to_string();
    let lately = (now - DAY).to_string();
    message(&db, "dead long ago", now - 40 * DAY, "NULL", &long_ago).await;
    message(&db, "dead lately", now - 2 * DAY, "NULL", &lately).await;
    for (anchor, at) in [
        ("analysis-1-5-alice", &long_ago),
        ("analysis-2-6-bob", &lately),
    ] {
        db.execute(&format!(
            "INSERT INTO anchors (platform, anchor, message_id, created_at)
             VALUES ('console', '{anchor}', 'm', {at})"
        ))
        .await;
    }
    // Alice's code, then one that has just run out (its 10 minutes are over).
    let code = service
        .handle(crate::support::cmd(
            "alice",
            oware_bot::service::Action::Link {
                code: None,
                confirmed: false,
            },
        ))
        .await;
    assert!(code.secret, "{}", code.text);
    db.execute(&format!(
        "INSERT INTO link_codes (code, player_id, created_at, expires_at)
         SELECT 'OLDCODE2', id, {}, {} FROM players WHERE user_id = 'alice'",
        now - 11 * 60 * 1000,
        now - 60 * 1000
    ))
    .await;
    assert_eq!(left(&db, "SELECT count(*) FROM link_codes").await, 2);

    let pruned = service.ops().prune_old(0).await;
    assert_eq!(
        pruned,
        Pruned {
            dead: 1,
            anchors: 1,
            link_codes: 1,
            ..Pruned::default()
        }
    );
    assert_eq!(
        left(
            &db,
            "SELECT count(*) FROM outbox WHERE body LIKE '%dead lately%'"
        )
        .await,
        1
    );
    assert_eq!(
        left(
            &db,
            "SELECT count(*) FROM anchors WHERE anchor LIKE '%alice%'"
        )
        .await,
        0,
        "the old anchor and the user id in it are gone"
    );
    assert_eq!(
        left(
            &db,
            "SELECT count(*) FROM link_codes WHERE code = 'OLDCODE2'"
        )
        .await,
        0
    );
    // The valid code goes once its time is over.
    tokio::time::advance(Duration::from_secs(11 * 60)).await;
    assert_eq!(service.ops().prune_old(0).await.link_codes, 1);
    assert_eq!(left(&db, "SELECT count(*) FROM link_codes").await, 0);
}
