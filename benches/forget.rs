//! Forget-me with a full outbox: 200,000 sent messages (about 1 KB each, the
//! retention window of a busy bot), 1 in 100 about the forgotten player's games,
//! every other one holding pit buttons `B`, a `Draw` button and other people's
//! mentions, for a player whose id and name are `B` (a one-letter name matches
//! nearly every body as text).
//!
//! Measured: the decisive transaction (`Store::forget`), each batch of the clean-up
//! (`Store::scrub_forgotten_timed`: its write transaction, and the whole batch with
//! its read on a reading connection, which holds no lock), the longest
//! wait of a small write made meanwhile by another task (what a command waits for
//! the writer), and the total time.
//!
//! Run: `cargo bench --bench forget` (well under a minute). `FORGET_ROWS=N`
//! changes the number of outbox rows. Loopback only: an SQLite file in a temporary
//! folder.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)]

#[path = "support/mod.rs"]
mod support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use oware_bot::service::Platform;
use oware_bot::service::{
    Action, Button, ButtonAction, ChallengeOptions, Command, Reply, Service, ServiceConfig, User,
};
use oware_bot::store::{Claim, Forget, ForgetScope, Store, Unique};
use sqlx::sqlite::SqlitePoolOptions;

fn command(author: &str, action: Action) -> Command {
    support::command_in("bench", author, action)
}

/// A finished game between `south` and `north`; its id.
async fn finished_game(service: &Service, south: &str, north: &str) -> i64 {
    let play = Action::Play {
        opponent: User {
            id: north.to_owned(),
            name: north.to_owned(),
            is_bot: false,
        },
        options: ChallengeOptions::default(),
    };
    service.handle(command(south, play)).await;
    let game = service
        .handle(command(north, Action::Accept { challenge: None }))
        .await
        .game
        .unwrap();
    let resign = Action::Resign {
        game: Some(game),
        confirmed: true,
    };
    service.handle(command(north, resign)).await;
    game.get()
}

/// A message as a move leaves it (about 1 KB).
fn message(game: oware_bot::service::GameId, mentioned: &str) -> String {
    let mut reply = Reply::public(format!(
        "**{mentioned}** to move in game #{game}: play B or C. Draw offered by the opponent; \
         the clock shows 2 days 3 hours. {}",
        "A long line of board and advice text. ".repeat(12)
    ));
    reply.game = Some(game);
    for pit in ['A', 'B', 'C', 'D', 'E', 'F'] {
        reply.buttons.push(Button {
            action: ButtonAction::Move { game, ply: 7, pit },
            label: format!("{pit} (4)"),
            enabled: true,
            row: 0,
        });
    }
    reply.mentions.push(User {
        id: mentioned.to_owned(),
        name: mentioned.to_owned(),
        is_bot: false,
    });
    serde_json::to_string(&reply).unwrap()
}

async fn fill_outbox(url: &str, rows: usize, theirs: i64, others: i64) {
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    for i in 0..rows {
        let (game, who) = if i % 100 == 0 {
            (theirs, "B")
        } else {
            (others, if i % 2 == 0 { "alice" } else { "bob" })
        };
        sqlx::query(
            "INSERT INTO outbox (platform, channel, game_id, body, created_at, sent_at)
             VALUES ('console', 'bench', $1, $2, 1, 2)",
        )
        .bind(game)
        .bind(message(oware_bot::service::GameId::new(game), who))
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    pool.close().await;
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let rows: usize = std::env::var("FORGET_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("forget.db");
        let url = format!("sqlite://{}", path.display());
        let store = Store::open(&url).await.unwrap();
        let service = Service::new(store, ServiceConfig::default());
        let theirs = finished_game(&service, "B", "alice").await;
        let others = finished_game(&service, "alice", "bob").await;
        drop(service);
        let filled = Instant::now();
        fill_outbox(&url, rows, theirs, others).await;
        println!(
            "{rows} outbox rows written in {:.1} s",
            filled.elapsed().as_secs_f64()
        );

        let store = Arc::new(Store::open(&url).await.unwrap());
        // Another task writes meanwhile: how long each write waits for the writer.
        let done = Arc::new(AtomicBool::new(false));
        let probe = {
            let store = Arc::clone(&store);
            let done = Arc::clone(&done);
            tokio::spawn(async move {
                let mut worst = Duration::ZERO;
                let mut writes = 0u64;
                while !done.load(Ordering::Relaxed) {
                    let started = Instant::now();
                    store
                        .people()
                        .upsert_player(Platform::Console, "probe", "probe", false)
                        .await
                        .unwrap();
                    worst = worst.max(started.elapsed());
                    writes += 1;
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
                (worst, writes)
            })
        };
        let who = Forget {
            platform: Platform::Console,
            user_id: "B",
            names: vec!["B".to_owned()],
            scope: ForgetScope::Everywhere,
            audit: None,
            tell: None,
        };
        let total = Instant::now();
        let decisive = Instant::now();
        store
            .moderation()
            .forget(Claim::Unique(Unique::Upkeep), &who, 10)
            .await
            .unwrap();
        let decisive = decisive.elapsed();
        let mut batches = 0u64;
        let mut longest = Duration::ZERO;
        let mut longest_write = Duration::ZERO;
        loop {
            let started = Instant::now();
            let held = store.moderation().scrub_forgotten_timed().await.unwrap();
            longest = longest.max(started.elapsed());
            let Some(held) = held else { break };
            longest_write = longest_write.max(held);
            batches += 1;
            tokio::task::yield_now().await;
        }
        let total = total.elapsed();
        done.store(true, Ordering::Relaxed);
        let (worst_wait, writes) = probe.await.unwrap();
        let left: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE game_id = $1 AND body <> '{}'")
                .bind(theirs)
                .fetch_one(&SqlitePoolOptions::new().connect(&url).await.unwrap())
                .await
                .unwrap();
        assert_eq!(left, 0, "every message about their game is blanked");
        println!("forget-me of `B` with {rows} outbox rows:");
        println!("  decisive transaction: {:.2} ms", ms(decisive));
        println!(
            "  clean-up: {batches} batches; longest write transaction {:.2} ms; \
             longest batch with its read {:.2} ms",
            ms(longest_write),
            ms(longest)
        );
        println!("  total: {:.2} s", total.as_secs_f64());
        println!(
            "  another task's {writes} small writes meanwhile: longest {:.2} ms",
            ms(worst_wait)
        );
    });
}
