//! Delivery of the outbox when platforms fail, through the real service and store:
//! a failed destination backs off (exponentially, with jitter) while the others go
//! on and its own messages keep their order; a permanent refusal or 24 hours of
//! failures makes a message dead, never sent; dead messages are counted by the
//! status and queued again by `/oware admin redeliver`; a message that cannot be
//! prepared now is not counted as sent.

use std::time::Duration;

use crate::support::{cmd_at, pause_clock, place_at, TempDb};
use oware_bot::service::{
    Action, AdminAction, ChatService, DeliveryFailure, Outgoing, Platform, Receipt, Reply, Role,
    Service, ServiceConfig,
};
use oware_bot::store::{MAX_BACKOFF_MS, RETRY_PERIOD_MS};

const SERVER: &str = "100000000000000001";

async fn service(db: &TempDb) -> Service {
    db.service_with(ServiceConfig {
        rates: [None; 3],
        ..ServiceConfig::default()
    })
    .await
}

/// Queues a Discord message saying `text` to `channel` of [`SERVER`], as a change
/// would (the outbox is only written by the changes that call for messages).
async fn queue(db: &TempDb, service: &Service, channel: &str, text: &str) {
    let body = serde_json::to_string(&Reply::public(text))
        .unwrap()
        .replace('\'', "''");
    db.execute(&format!(
        "INSERT INTO outbox (platform, space, channel, body, created_at)
         VALUES ('discord', '{SERVER}', '{channel}', '{body}', {})",
        service.now()
    ))
    .await;
}

/// What the Discord deliverer would send now: (channel, text) in order.
async fn pending(service: &Service) -> Vec<(String, String)> {
    service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .into_iter()
        .map(|out: Outgoing| (out.place.channel, out.reply.text))
        .collect()
}

fn pair(channel: &str, text: &str) -> (String, String) {
    (channel.to_owned(), text.to_owned())
}

async fn fail(service: &Service, id: i64, failure: DeliveryFailure) {
    ChatService::receipt(service, Receipt::Failed { id, failure }).await;
}

async fn id_of(service: &Service, text: &str) -> i64 {
    service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .into_iter()
        .find(|out| out.reply.text == text)
        .unwrap_or_else(|| panic!("`{text}` is pending"))
        .id
}

fn transient() -> DeliveryFailure {
    DeliveryFailure::Transient("500 Internal Server Error".into())
}

#[tokio::test]
async fn a_failing_destination_backs_off_alone_and_keeps_its_order() {
    pause_clock();
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "201", "a1").await;
    queue(&db, &service, "201", "a2").await;
    queue(&db, &service, "202", "b1").await;
    assert_eq!(
        pending(&service).await,
        [pair("201", "a1"), pair("201", "a2"), pair("202", "b1")]
    );
    assert_eq!(service.next_retry(Platform::Discord).await, None);

    // a1 fails: channel 201 waits (a2 behind it), 202 goes on.
    let a1 = id_of(&service, "a1").await;
    fail(&service, a1, transient()).await;
    assert_eq!(pending(&service).await, [pair("202", "b1")]);
    let wait = service
        .next_retry(Platform::Discord)
        .await
        .expect("a retry");
    assert!(
        wait >= Duration::from_millis(500) && wait <= Duration::from_secs(1),
        "{wait:?}"
    );

    // Each failure in a row doubles the wait, up to a minute.
    let mut waits = vec![wait];
    for _ in 0..9 {
        tokio::time::advance(*waits.last().unwrap()).await;
        assert_eq!(
            pending(&service).await[0],
            pair("201", "a1"),
            "due again, first"
        );
        fail(&service, a1, transient()).await;
        waits.push(service.next_retry(Platform::Discord).await.unwrap());
    }
    let max = Duration::from_millis(u64::try_from(MAX_BACKOFF_MS).unwrap());
    assert!(waits[3] >= Duration::from_secs(4), "{waits:?}");
    assert!(waits.iter().all(|w| *w <= max), "{waits:?}");
    assert!(waits[9] >= max / 2, "{waits:?}");

    // Once it goes through, the destination is clear and keeps its order.
    tokio::time::advance(waits[9]).await;
    service.ops().mark_sent(a1).await;
    assert_eq!(
        pending(&service).await,
        [pair("201", "a2"), pair("202", "b1")]
    );
    assert_eq!(service.next_retry(Platform::Discord).await, None);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL")
            .await,
        1
    );
}

/// `/oware admin status` by a server admin, and the Discord row of its table.
async fn unsent_figure(service: &Service) -> String {
    let server = place_at(Platform::Discord, Some(SERVER), "200");
    let reply = service
        .handle(cmd_at(&server, "admin", Action::Status).with_role(Role::Admin))
        .await;
    let table = reply.table.unwrap_or_else(|| panic!("{}", reply.text));
    table
        .lines()
        .find_map(|line| line.strip_prefix("Unsent, Discord"))
        .expect("the Discord row")
        .trim()
        .to_owned()
}

#[tokio::test]
async fn permanent_refusals_and_a_day_of_failures_are_dead_and_an_admin_sends_them_again() {
    pause_clock();
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "201", "gone").await;
    queue(&db, &service, "202", "slow").await;
    queue(&db, &service, "203", "fine").await;

    // The channel is gone: dead at once, never marked sent, the next one not held.
    let gone = id_of(&service, "gone").await;
    fail(
        &service,
        gone,
        DeliveryFailure::Permanent("404 Unknown Channel".into()),
    )
    .await;
    // Failing for a whole day: dead at its first failure after the period.
    let slow = id_of(&service, "slow").await;
    fail(&service, slow, transient()).await;
    let fine = id_of(&service, "fine").await;
    service.ops().mark_sent(fine).await;
    assert_eq!(pending(&service).await, [] as [(String, String); 0]);
    assert_eq!(
        unsent_figure(&service).await,
        "1 (1 undeliverable: /oware admin redeliver)"
    );
    let day = Duration::from_millis(u64::try_from(RETRY_PERIOD_MS).unwrap());
    tokio::time::advance(day).await;
    assert_eq!(
        pending(&service).await,
        [pair("202", "slow")],
        "still retried"
    );
    fail(&service, slow, transient()).await;
    assert_eq!(pending(&service).await, [] as [(String, String); 0]);
    assert_eq!(
        unsent_figure(&service).await,
        "0 (2 undeliverable: /oware admin redeliver)"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NOT NULL")
            .await,
        2,
        "dead, not sent"
    );

    // A member may not send them again; the server's admin may, once.
    let server = place_at(Platform::Discord, Some(SERVER), "200");
    let redeliver = || cmd_at(&server, "admin", Action::admin(AdminAction::Redeliver));
    let refused = service.handle(redeliver()).await;
    assert!(refused.text.contains("admin"), "{}", refused.text);
    assert_eq!(pending(&service).await.len(), 0);
    let done = service.handle(redeliver().with_role(Role::Admin)).await;
    assert!(
        done.text.contains("2 undeliverable messages"),
        "{}",
        done.text
    );
    assert_eq!(
        pending(&service).await,
        [pair("201", "gone"), pair("202", "slow")],
        "queued again, in order, their destinations due at once"
    );
    let again = service.handle(redeliver().with_role(Role::Admin)).await;
    assert!(
        again.text.contains("nothing to send again"),
        "{}",
        again.text
    );
    let log = service
        .handle(cmd_at(&server, "admin", Action::admin(AdminAction::Log)).with_role(Role::Admin))
        .await;
    let log = format!("{}\n{}", log.text, log.table.unwrap_or_default());
    assert!(
        log.contains("redeliver") && log.contains("2 messages queued again"),
        "{log}"
    );
    // One entry is not counted as entries.
    assert!(
        log.starts_with("**Audit log** of this server, the last entry (times UTC):"),
        "{log}"
    );

    // Another server's admin does not send this server's messages.
    fail(
        &service,
        gone,
        DeliveryFailure::Permanent("403 Missing Access".into()),
    )
    .await;
    let other = place_at(Platform::Discord, Some("100000000000000002"), "300");
    let elsewhere = service
        .handle(
            cmd_at(&other, "admin", Action::admin(AdminAction::Redeliver)).with_role(Role::Admin),
        )
        .await;
    assert!(
        elsewhere.text.contains("nothing to send again"),
        "{}",
        elsewhere.text
    );
}

#[tokio::test]
async fn a_message_that_cannot_be_prepared_now_waits_and_one_never_readable_is_dead() {
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "201", "first").await;
    queue(&db, &service, "201", "second").await;
    queue(&db, &service, "202", "other").await;
    // The first message of 201 shows a tournament's standings, and reading them
    // fails (its table is gone for now): it waits, and 201's next one with it.
    db.execute("UPDATE outbox SET attach = 'standings:1' WHERE body LIKE '%first%'")
        .await;
    db.execute("ALTER TABLE tournaments RENAME TO tournaments_away")
        .await;
    assert_eq!(pending(&service).await, [pair("202", "other")]);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL OR dead_at IS NOT NULL")
            .await,
        0,
        "neither sent nor dead"
    );
    db.execute("ALTER TABLE tournaments_away RENAME TO tournaments")
        .await;
    let back: Vec<String> = pending(&service)
        .await
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    assert_eq!(
        back[..2],
        ["first".to_owned(), "second".to_owned()],
        "{back:?}"
    );

    // A body that no version can read is dead, and counted: not sent.
    db.execute("UPDATE outbox SET body = 'not json' WHERE body LIKE '%second%'")
        .await;
    let now: Vec<String> = pending(&service)
        .await
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    assert!(!now.contains(&"second".to_owned()), "{now:?}");
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE dead_at IS NOT NULL AND sent_at IS NULL")
            .await,
        1
    );
}

#[tokio::test]
async fn a_room_the_bot_left_has_its_messages_dead_and_no_other() {
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "201", "to a room it left").await;
    queue(&db, &service, "202", "elsewhere").await;
    let left = Receipt::Left {
        platform: Platform::Discord,
        channel: "201".into(),
    };
    ChatService::receipt(&service, left).await;
    assert_eq!(pending(&service).await, [pair("202", "elsewhere")]);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE dead_at IS NOT NULL AND sent_at IS NULL")
            .await,
        1
    );
}

#[tokio::test]
async fn a_message_is_retried_however_often_it_fails_within_the_day() {
    // Before issue 27 a message was given up after its tenth failed attempt: a
    // two-minute outage on a busy bot lost it for good.
    pause_clock();
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "301", "patient").await;
    let id = id_of(&service, "patient").await;
    for attempt in 1..=30 {
        fail(&service, id, transient()).await;
        let wait = Duration::from_millis(u64::try_from(MAX_BACKOFF_MS).unwrap());
        tokio::time::advance(wait).await;
        assert_eq!(
            pending(&service).await,
            [pair("301", "patient")],
            "given up after {attempt} failures"
        );
    }
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE dead_at IS NOT NULL")
            .await,
        0
    );
}

#[tokio::test]
async fn an_outbox_id_is_never_handed_out_twice() {
    // The id is the Discord nonce and the Matrix transaction id of its message: a
    // new message that got the id of a deleted one (forget-me deletes a person's
    // direct messages) could be dropped by the platform as a repeat.
    let db = TempDb::new();
    let service = service(&db).await;
    queue(&db, &service, "1", "first").await;
    queue(&db, &service, "1", "second").await;
    let newest = db.count("SELECT MAX(id) FROM outbox").await;
    db.execute(&format!("DELETE FROM outbox WHERE id = {newest}"))
        .await;
    queue(&db, &service, "1", "third").await;
    let third = id_of(&service, "third").await;
    assert!(third > newest, "id {third} after {newest} was deleted");
}
