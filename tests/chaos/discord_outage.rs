//! Scenario 1: Discord's REST API fails channel messages for two minutes (the first
//! half answering 500, the second hanging while it creates them) while 50 games are
//! played, 20 of them against the engine, whose moves the bot posts unprompted.
//! Afterwards every outbox message has arrived exactly once, in order per channel,
//! and none is dead. `OWARE_CHAOS_OUTAGE_SECS` shortens the outage for a quick run.

use std::sync::Arc;
use std::time::{Duration, Instant};

use oware_bot::store::Store;

use crate::discord_fake::scale;
use crate::discord_fake::{FakeDiscord, Outage};
use crate::players::{delivery, start_bot, start_games, Players};

const GAMES: usize = 50;
const ENGINE_GAMES: usize = 20;
/// Moves each human plays in a game.
const MOVES: usize = 20;

fn outage_length() -> Duration {
    let secs = std::env::var("OWARE_CHAOS_OUTAGE_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    Duration::from_secs(secs)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_minute_discord_outage_loses_and_doubles_no_message() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let fake = FakeDiscord::start().await;
    fake.lean();
    let mut bot = start_bot(dir.path(), &url, &fake, "outage").await;
    let store = Store::open(&url).await.expect("the test's own connection");
    let players = Arc::new(Players::new(fake, store, ENGINE_GAMES, MOVES));

    // Every game starts, then Discord fails while they are played.
    let mut games = start_games(&players, GAMES).await;
    let length = outage_length();
    players.fake.outage(Outage::Status500, length / 2);
    tokio::time::sleep(length / 2).await;
    players.fake.outage(Outage::Hang, length - length / 2);
    tokio::time::sleep(length - length / 2).await;
    let outage_over = Instant::now();
    while let Some(done) = games.join_next().await {
        done.expect("a game is played");
    }

    let log = dir.path().join("bot-outage.log");
    let done = delivery(&url, &players.fake, Duration::from_secs(240), &log).await;
    let recovered = outage_over.elapsed();
    let _ = bot.kill();
    let _ = bot.wait();
    let latencies = players.latencies.lock().unwrap().clone();
    println!(
        "discord outage {length:?}: {} messages queued, {} delivered once, {} doubled, {} lost, \
         {} dead, {} retried; answers p99 {:?} over {}; recovered {:.1} s after the outage",
        done.queued,
        done.delivered,
        done.doubled,
        done.lost.len(),
        done.dead,
        done.retried,
        scale::quantile(&latencies, 0.99),
        latencies.len(),
        recovered.as_secs_f64(),
    );
    assert!(
        done.queued >= ENGINE_GAMES * MOVES / 2,
        "engine moves were queued: {done:?}"
    );
    assert!(
        done.retried > 0,
        "the outage was felt: some message failed at first"
    );
    assert_eq!(done.dead, 0, "none given up");
    assert!(done.lost.is_empty(), "lost: {:?}", done.lost);
    assert_eq!(done.doubled, 0, "doubled");
    assert_eq!(done.delivered, done.queued);
    assert!(
        done.out_of_order.is_empty(),
        "out of order: {:?}",
        done.out_of_order
    );
}
