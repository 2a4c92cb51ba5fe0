//! Throughput and latency of whole bot processes (`oware-bot run`, this build)
//! against the loopback fake Discord, with the scale test's load generator
//! (`tests/discord_fake/scale.rs`): games in guilds spread over two shards, two
//! simulated players each pressing the board's buttons.
//!
//! For each of SQLite with one process, PostgreSQL with one process and PostgreSQL
//! with two processes (shards 0 and 1):
//! - saturated: `OWARE_BENCH_GAMES` (200) games played to the end with no think
//!   time: moves stored per second, and answer latency;
//! - chat pace: 200 games whose players think 2 to 6 s before each action (the
//!   challenge, the accept and each move), the first `OWARE_BENCH_PACED_PLIES` (12)
//!   plies: answer latency p50 and p99. The saturated run has the start burst (every
//!   challenge at once, then every accept).
//!
//! `OWARE_BENCH_START_BURST=1`: at chat pace too, every game is challenged at once and
//! accepted as soon as it can be (how this bench measured chat pace before stop 45).
//! `OWARE_BENCH_ONLY=chat` (or `saturated`) runs one of the two.
//!
//! PostgreSQL comes from `tools/postgres.sh` (`OWARE_TEST_POSTGRES_URL`); without it
//! only SQLite runs. `cargo bench --bench scale`.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

#[path = "../tests/discord_fake/mod.rs"]
mod discord_fake;
#[path = "../tests/support/mod.rs"]
mod support;

use std::time::Duration;

use discord_fake::scale::{self, quantile, Setup};

fn games() -> usize {
    std::env::var("OWARE_BENCH_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(200)
}

fn paced_plies() -> usize {
    std::env::var("OWARE_BENCH_PACED_PLIES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(12)
}

/// One run; prints a line and returns (moves/s, p50, p99).
async fn measure(label: &str, backend: &str, processes: usize, paced: bool) {
    let dir = tempfile::tempdir().expect("a directory");
    let url = match backend {
        "postgres" => support::postgres_database(),
        _ => format!("sqlite://{}", dir.path().join("oware.db").display()),
    };
    let setup = Setup {
        games: if paced { 200 } else { games() },
        database_url: url,
        processes,
        pace_ms: paced.then_some((2000, 6000)),
        kill_halfway: false,
        plies: paced.then(paced_plies),
        pace_starts: paced && std::env::var_os("OWARE_BENCH_START_BURST").is_none(),
        dir: dir.path().to_owned(),
    };
    let (outcome, _fake) = scale::run(setup.clone(), support::winning_line()).await;
    let secs = outcome.wall.as_secs_f64();
    println!(
        "{label:<34} {:>5} games {:>6} moves {:>7.1} s {:>7.0} moves/s   answer p50 {:>8.1?} p99 {:>8.1?}",
        setup.games,
        outcome.moves,
        secs,
        outcome.moves as f64 / secs,
        quantile(&outcome.latencies, 0.5),
        quantile(&outcome.latencies, 0.99),
    );
    println!(
        "{:<34} moves only: answer p50 {:>8.1?} p99 {:>8.1?} over {} presses",
        "",
        quantile(&outcome.move_latencies, 0.5),
        quantile(&outcome.move_latencies, 0.99),
        outcome.move_latencies.len(),
    );
    let [challenges, accepts] = &outcome.start_latencies;
    println!(
        "{:<34} the starts: challenges p50 {:>8.1?} p99 {:>8.1?}, accepts p50 {:>8.1?} p99 {:>8.1?}",
        "",
        quantile(challenges, 0.5),
        quantile(challenges, 0.99),
        quantile(accepts, 0.5),
        quantile(accepts, 0.99),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs it once too: skip
    // the long measurement there.
    if !std::env::args().any(|a| a == "--bench") {
        println!("scale: run with `cargo bench --bench scale`");
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    println!("scale bench on {cores} cores (bot processes, PostgreSQL and the load generator share them)");
    let postgres = std::env::var_os("OWARE_TEST_POSTGRES_URL").is_some();
    if !postgres {
        println!("no OWARE_TEST_POSTGRES_URL (tools/postgres.sh): SQLite only");
    }
    runtime.block_on(async {
        let only = std::env::var("OWARE_BENCH_ONLY").unwrap_or_default();
        for paced in [false, true] {
            if (only == "chat" && !paced) || (only == "saturated" && paced) {
                continue;
            }
            let kind = if paced { "chat pace" } else { "saturated" };
            measure(&format!("SQLite, 1 process, {kind}"), "sqlite", 1, paced).await;
            if postgres {
                measure(
                    &format!("PostgreSQL, 1 process, {kind}"),
                    "postgres",
                    1,
                    paced,
                )
                .await;
                measure(
                    &format!("PostgreSQL, 2 processes, {kind}"),
                    "postgres",
                    2,
                    paced,
                )
                .await;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}
