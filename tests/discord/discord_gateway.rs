//! Losing Discord's gateway: while no shard is connected, players cannot move, so
//! the adapter tells the service (`Receipt::Reachable`) that Discord is unreachable
//! at once, and reachable again when the shard is back. The service gives that time
//! back to the games' clocks (see `tests/service/downtime.rs`). The first connection
//! is told too: until then `/healthz` reports Discord as not connected.

use std::time::{Duration, Instant};

use oware_bot::service::Reply;
use serde_json::json;

use crate::discord_fake::harness::{alice, callback, start_bot};
use crate::discord_fake::payloads;

/// Waits until the adapter's reachability receipts number `count`.
async fn receipts(
    bot: &crate::discord_fake::harness::Bot<crate::discord_fake::service::Scripted>,
    count: usize,
) -> Vec<(bool, Instant)> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let seen = bot.service.reachable();
        if seen.len() >= count {
            return seen;
        }
        assert!(
            Instant::now() < deadline,
            "only these reachability receipts came: {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_is_reported_unreachable_at_once_and_reachable_when_back() {
    let bot = start_bot(None).await;
    // The adapter looks at its shards every second: let it see this one connected.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let cut = Instant::now();
    let outage = Duration::from_secs(4);
    bot.fake.drop_gateway(outage);
    let seen = receipts(&bot, 3).await;
    let (first, first_at) = seen[0];
    assert!(
        first && first_at < cut,
        "the first connection is told: {seen:?}"
    );
    let (down, down_at) = seen[1];
    let (up, up_at) = seen[2];
    assert!(!down && up, "unreachable, then reachable: {seen:?}");
    assert!(
        down_at.duration_since(cut) < Duration::from_secs(2),
        "the loss is told when it happens, not when the shard is back: {:?}",
        down_at.duration_since(cut)
    );
    assert!(
        up_at.duration_since(cut) >= outage,
        "reachable only once the gateway takes connections again"
    );

    // The shard is back: a command reaches the service and is answered.
    bot.service.then(Reply::private("You have no game here."));
    let board = payloads::oware(&alice(), "board", json!([]), &[]);
    bot.fake.interaction(board.clone());
    let answer = callback(&bot.fake, &board).await.json();
    assert_eq!(answer["type"], json!(4));
    let told = bot.service.reachable().len();
    assert_eq!(told, 3, "the first connection, the loss, the return");
}
