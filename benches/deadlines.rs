//! Deadlines at scale: 10,000 active games with a clock on one SQLite file.
//!
//! 1. **Recovery.** 10,000 games whose deadlines all passed while the bot was down
//!    (made with no scheduler running, then waited out): the time from starting the
//!    scheduler until every one is handled (each game aborted, since its first move
//!    never came) with its announcement in the outbox.
//! 2. **Lateness.** 10,000 games made while the scheduler runs, each with a 15 s
//!    deadline (and a reminder at half time), so jobs fall due while new games keep
//!    arriving: how late each one fires (its announcement's time minus its due
//!    time), p50, p99 and max.
//! 3. **Memory.** The process's resident memory before the scheduler starts and at
//!    its peak: the scheduler keeps no state per game (one timer, one batch of at
//!    most 64 claimed jobs), so the growth is SQLite's cache and the batch in flight.
//!
//! Run: `cargo bench --bench deadlines` (about two minutes). `DEADLINE_GAMES=N`
//! changes the number of games.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use oware_bot::{
    service::{Action, ChallengeOptions, Command, Place, Platform, Service, ServiceConfig, User},
    store::Store,
};
use sqlx::sqlite::SqlitePoolOptions;

const PER_MOVE_MS: i64 = 15_000;
/// Games made at once.
const MAKERS: usize = 32;

fn user(name: String) -> User {
    User {
        id: name.clone(),
        name,
        is_bot: false,
    }
}

fn command(author: &str, action: Action) -> Command {
    Command::new(
        Place {
            platform: Platform::Console,
            space: None,
            channel: "bench".to_owned(),
            thread: None,
        },
        user(author.to_owned()),
        action,
    )
}

/// Makes `games` games with a 15 s correspondence clock, `MAKERS` at a time.
async fn make_games(service: &Arc<Service>, games: usize, tag: &str) {
    let mut makers = tokio::task::JoinSet::new();
    for maker in 0..MAKERS {
        let service = Arc::clone(service);
        let tag = tag.to_owned();
        makers.spawn(async move {
            for i in (maker..games).step_by(MAKERS) {
                let (south, north) = (format!("{tag}s{i}"), format!("{tag}n{i}"));
                let play = Action::Play {
                    opponent: user(north.clone()),
                    options: ChallengeOptions {
                        time: Some("15s".parse().expect("a time control")),
                        ..ChallengeOptions::default()
                    },
                };
                let reply = service.handle(command(&south, play)).await;
                assert!(!reply.private, "{}", reply.text);
                let accept = Action::Accept { challenge: None };
                let reply = service.handle(command(&north, accept)).await;
                assert!(!reply.private, "{}", reply.text);
            }
        });
    }
    while makers.join_next().await.is_some() {}
}

/// Resident memory of this process now and at its peak, in MiB.
fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Announcements written (reminders, timeouts), and how late each fired (ms): its
/// time minus its due time (half time for the reminder, the deadline for the
/// timeout), read straight from the file.
async fn lateness(url: &str) -> ([usize; 2], Vec<i64>) {
    let pool = SqlitePoolOptions::new()
        .connect(url)
        .await
        .expect("open the file");
    let rows: Vec<(bool, i64)> = sqlx::query_as(
        "SELECT o.body LIKE '%Reminder%' AS reminder,
                o.created_at - g.turn_started_at AS after_start
         FROM outbox o JOIN games g ON g.id = o.game_id",
    )
    .fetch_all(&pool)
    .await
    .expect("read the outbox");
    pool.close().await;
    let reminders = rows.iter().filter(|(reminder, _)| *reminder).count();
    let late = rows
        .iter()
        .map(|&(reminder, after)| {
            after
                - if reminder {
                    PER_MOVE_MS / 2
                } else {
                    PER_MOVE_MS
                }
        })
        .collect();
    ([reminders, rows.len() - reminders], late)
}

fn percentile(sorted: &[i64], p: f64) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Waits until no job is left (every deadline handled).
async fn until_done(service: &Service) {
    while service
        .ops()
        .earliest_job()
        .await
        .expect("read jobs")
        .is_some()
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn recovery(games: usize) {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let store = Store::open(&url).await.expect("open");
    let service = Arc::new(Service::new(store.clone(), ServiceConfig::default()));
    let made = Instant::now();
    make_games(&service, games, "r").await;
    println!(
        "recovery: made {games} games in {:.1} s; waiting for every deadline to pass",
        made.elapsed().as_secs_f64()
    );
    let wait = Duration::from_millis(PER_MOVE_MS as u64 + 500);
    tokio::time::sleep(wait).await;
    let (rss_before, _) = memory();
    let started = Instant::now();
    let scheduler = tokio::spawn(service.ops().scheduler());
    until_done(&service).await;
    let took = started.elapsed();
    scheduler.abort();
    let (rss_after, peak) = memory();
    let ([reminders, timeouts], _) = lateness(&url).await;
    println!(
        "recovery: {} overdue jobs ({timeouts} deadlines, each game aborted, and \
         {reminders} half-time reminders) handled and announced in {:.2} s ({:.0} a \
         second) after start-up",
        reminders + timeouts,
        took.as_secs_f64(),
        (reminders + timeouts) as f64 / took.as_secs_f64()
    );
    println!(
        "memory: RSS {rss_before:.1} MiB before the scheduler, {rss_after:.1} MiB after \
         recovering {games} deadlines, peak {peak:.1} MiB"
    );
    store.close().await;
}

async fn live(games: usize) {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let store = Store::open(&url).await.expect("open");
    let service = Arc::new(Service::new(store.clone(), ServiceConfig::default()));
    let scheduler = tokio::spawn(service.ops().scheduler());
    let started = Instant::now();
    make_games(&service, games, "l").await;
    let made = started.elapsed();
    until_done(&service).await;
    scheduler.abort();
    let ([reminders, timeouts], mut late) = lateness(&url).await;
    late.sort_unstable();
    println!(
        "lateness: {games} games made in {:.1} s while their jobs fell due; {timeouts} \
         deadlines and {reminders} reminders announced; late by p50 {} ms, p99 {} ms, \
         max {} ms",
        made.as_secs_f64(),
        percentile(&late, 0.5),
        percentile(&late, 0.99),
        late.last().copied().unwrap_or(0)
    );
    store.close().await;
}

fn main() {
    // `cargo bench` passes `--bench`; a filter word selects nothing here.
    let games = std::env::var("DEADLINE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        recovery(games).await;
        live(games).await;
    });
}
