//! The deliverer against a Discord that never answers one channel: each send has a
//! time limit, so a hung connection delays only its own destination, and its
//! message waits to be tried again (it is neither lost nor counted as sent).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::time::Duration;

use crate::discord_fake::harness::{database_url, http_to, real_service};
use crate::discord_fake::payloads::BOT_ID;
use crate::discord_fake::FakeDiscord;
use oware_bot::chat::discord::deliver::{self, Round, SEND_TIMEOUT};
use oware_bot::service::{
    Action, ChallengeOptions, ChatService, Command, First, Level, Place, Platform, User,
};

/// A game against the engine, which opens, in `channel` of `guild`: its first move
/// is an outbox message for that channel.
fn engine_opens(guild: &str, channel: &str) -> Command {
    let place = Place {
        platform: Platform::Discord,
        space: Some(guild.into()),
        channel: channel.into(),
        thread: None,
    };
    let alice = User {
        id: "111111111111111111".into(),
        name: "alice".into(),
        is_bot: false,
    };
    let engine = User {
        id: BOT_ID.into(),
        name: "oware-bot".into(),
        is_bot: true,
    };
    Command::new(
        place,
        alice,
        Action::Play {
            opponent: engine,
            options: ChallengeOptions {
                first: First::Opponent,
                level: Some(Level::Easy),
                ..ChallengeOptions::default()
            },
        },
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_send_times_out_and_delays_no_other_destination() {
    let (db, service) = real_service().await;
    let url = database_url(db.dir.path());
    service.ops().register_bot_user(Platform::Discord, BOT_ID);
    let fake = FakeDiscord::start().await;
    let http = http_to(&fake);
    let (hung, fine) = ("400000000000000011", "400000000000000012");
    for (guild, channel) in [("500000000000000001", hung), ("500000000000000002", fine)] {
        let started = service.handle(engine_opens(guild, channel)).await;
        assert!(!started.private, "{}", started.text);
    }
    assert!(
        service.ops().run_due_jobs().await >= 2,
        "the engine opened both"
    );
    assert_eq!(service.ops().unsent(Platform::Discord, None).await.len(), 2);
    fake.hang_channel(hung);

    // One round: the other channel's message is sent at once, the hung one is given
    // up after the send's time limit (without it, the round would never end).
    let started = tokio::time::Instant::now();
    let done = tokio::time::timeout(
        SEND_TIMEOUT + Duration::from_secs(30),
        deliver::round(&http, service.as_ref(), None),
    )
    .await
    .expect("the round ends: a hung send has a time limit");
    assert_eq!(done, Round { sent: 1, failed: 1 });
    assert!(started.elapsed() >= SEND_TIMEOUT, "{:?}", started.elapsed());
    let posted_to = |channel: &str| {
        let path = format!("/api/v10/channels/{channel}/messages");
        fake.requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .count()
    };
    assert_eq!(posted_to(fine), 1, "the other destination was served");
    // The hung message is still to send (backing off), not sent and not dead.
    let unsent = service.ops().unsent(Platform::Discord, None).await;
    assert!(unsent.is_empty(), "it backs off: {unsent:?}");
    assert!(
        ChatService::next_retry(&*service, Platform::Discord)
            .await
            .is_some(),
        "a retry is due later"
    );
    let (waiting, dead) = outbox_counts(&url).await;
    assert_eq!((waiting, dead), (1, 0), "(waiting, dead)");
}

/// The outbox's messages not sent yet, and of those the dead ones.
async fn outbox_counts(url: &str) -> (i64, i64) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql);
    let waiting = count("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let dead = count("SELECT count(*) FROM outbox WHERE dead_at IS NOT NULL")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    (waiting, dead)
}
