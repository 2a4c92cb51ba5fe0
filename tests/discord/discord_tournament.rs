//! A tournament through Discord's slash commands: the real serenity + poise client
//! against the loopback fake Discord, the real service and its scheduler and
//! deliverer. A server manager creates and starts a round-robin with the
//! `/oware tournament` subcommand group; the bot's deliverer posts the round is announced in the channel with
//! its players mentioned, each game gets its own thread from its first board, and
//! the standings come back as a picture with alt text.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::{sync::Arc, time::Duration};

use crate::discord_fake::harness::{alice, bob, callback, start_bot_with};
use crate::discord_fake::payloads::{self, CHANNEL_ID};
use crate::discord_fake::Recorded;
use oware_bot::service::{Platform, Service, ServiceConfig};
use oware_bot::store::Store;
use serde_json::{json, Value};

/// `/oware tournament <sub> <options>` by `author`.
fn tournament(author: &Value, sub: &str, options: Value) -> Value {
    let mut p = payloads::oware(author, "tournament", json!([]), &[]);
    p["data"]["options"] = json!([{
        "name": "tournament",
        "type": 2,
        "options": [{ "name": sub, "type": 1, "options": options }],
    }]);
    p
}

/// The same, by a member with the Manage Server permission.
fn as_manager(mut payload: Value) -> Value {
    payload["member"]["permissions"] = json!((2_248_473_465_835_073_u64 | 1 << 5).to_string());
    payload
}

fn content(answer: &Value) -> String {
    answer["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn is_private(answer: &Value) -> bool {
    answer["data"]["flags"].as_u64().unwrap_or(0) & (1 << 6) != 0
}

fn channel_message(r: &Recorded) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
}

fn new_thread(r: &Recorded) -> bool {
    r.method == "POST"
        && r.path
            .starts_with(&format!("/api/v10/channels/{CHANNEL_ID}/messages/"))
        && r.path.ends_with("/threads")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_is_created_started_and_shown_through_slash_commands() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let store = Store::open(&url).await.unwrap();
    let config = ServiceConfig {
        rates: [None; 3],
        ..ServiceConfig::default()
    };
    let service = Arc::new(Service::new(store.clone(), config));
    let scheduler = tokio::spawn(service.ops().scheduler());
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;

    // Bob may not create one; Alice manages the server.
    let create = |author: &Value| {
        tournament(
            author,
            "create",
            json!([
                { "name": "name", "type": 3, "value": "Harmattan Cup" },
                { "name": "format", "type": 4, "value": 0 },
                { "name": "time", "type": 3, "value": "1d" },
            ]),
        )
    };
    let asked = create(&bob());
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(content(&answer).contains("Manage Server"), "{answer}");
    let asked = as_manager(create(&alice()));
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(content(&answer).contains("Harmattan Cup"), "{answer}");
    assert!(!is_private(&answer), "{answer}");

    for who in [alice(), bob()] {
        let asked = tournament(&who, "join", json!([]));
        fake.interaction(asked.clone());
        let answer = callback(fake, &asked).await.json();
        assert!(content(&answer).contains("joined"), "{answer}");
    }
    let asked = as_manager(tournament(&alice(), "start", json!([])));
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(content(&answer).contains("has started"), "{answer}");

    // The round's announcement, then the game's first board, which opens its thread.
    let posted = fake.wait_for(2, channel_message).await;
    let announcement = posted[0].json();
    assert!(
        announcement["content"]
            .as_str()
            .is_some_and(|c| c.contains("round 1 of 1")),
        "{announcement}"
    );
    let pinged = announcement["allowed_mentions"]["users"].clone();
    assert_eq!(pinged.as_array().map(Vec::len), Some(2), "{announcement}");
    let board = &posted[1];
    let text = board.json()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("game #1 begins"), "{text}");
    assert_eq!(board.files().len(), 1, "the first board");
    fake.wait_for(1, new_thread).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while store
        .games()
        .game(oware_bot::service::GameId::new(1))
        .await
        .unwrap()
        .unwrap()
        .thread
        .is_none()
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the thread is recorded"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let asked = tournament(&bob(), "standings", json!([]));
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked);
    let answer = answer.await;
    let files = answer.files();
    assert_eq!(files.len(), 1, "the standings picture");
    assert!(files[0].bytes.starts_with(b"\x89PNG"));
    let body = answer.json();
    let alt = body["data"]["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(alt.starts_with("Standings of Harmattan Cup"), "{body}");
    assert!(service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .is_empty());
    scheduler.abort();
}
