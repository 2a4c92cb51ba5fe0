//! Scenario 5: the database is locked by another writer for 10 s while 10 games
//! against the engine are played. Every press is answered (the move, or a refusal
//! saying the database is busy and nothing changed), the games go on afterwards,
//! and every outbox message arrives exactly once: none is marked sent unless it was.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use oware_bot::store::Store;
use sqlx::Connection;

use crate::discord_fake::{scale, FakeDiscord};
use crate::players::{delivery, start_bot, start_games, Players};

const GAMES: usize = 10;
const MOVES: usize = 15;
const LOCKED: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_locked_for_ten_seconds_loses_and_doubles_nothing() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("oware.db");
    let url = format!("sqlite://{}", path.display());
    let fake = FakeDiscord::start().await;
    fake.lean();
    let mut bot = start_bot(dir.path(), &url, &fake, "busy").await;
    let store = Store::open(&url).await.expect("the test's own connection");
    let players = Arc::new(Players::new(fake, store, GAMES, MOVES));
    let mut games = start_games(&players, GAMES).await;

    // Another program takes the write lock and keeps it for 10 s.
    let mut locker = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("connects");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut locker)
        .await
        .expect("takes the write lock");
    let locked_at = Instant::now();
    tokio::time::sleep(LOCKED).await;
    sqlx::query("COMMIT")
        .execute(&mut locker)
        .await
        .expect("lets go");
    let released = locked_at.elapsed();
    while let Some(done) = games.join_next().await {
        done.expect("a game is played");
    }
    let log = dir.path().join("bot-busy.log");
    let done = delivery(&url, &players.fake, Duration::from_secs(120), &log).await;
    let _ = bot.kill();
    let _ = bot.wait();
    let latencies = players.latencies.lock().unwrap().clone();
    let unanswered = players.unanswered.load(Ordering::SeqCst);
    let busy = players.busy.load(Ordering::SeqCst);
    println!(
        "database locked {released:?}: {} presses answered ({busy} told the database was busy), \
         {unanswered} unanswered; answers p99 {:?}; {} messages queued, {} delivered once, \
         {} doubled, {} lost, {} dead, all settled {:.1} s after the games",
        latencies.len(),
        scale::quantile(&latencies, 0.99),
        done.queued,
        done.delivered,
        done.doubled,
        done.lost.len(),
        done.dead,
        done.settled_after.as_secs_f64(),
    );
    assert_eq!(unanswered, 0, "every press is answered");
    assert_eq!(done.dead, 0);
    assert!(done.lost.is_empty(), "lost: {:?}", done.lost);
    assert_eq!(done.doubled, 0);
    assert_eq!(done.delivered, done.queued);
    assert!(done.out_of_order.is_empty(), "{:?}", done.out_of_order);
}
