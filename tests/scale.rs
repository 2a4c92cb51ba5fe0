//! Scale-out on loopback: one PostgreSQL database, two bot processes (`oware-bot
//! run`, shards 0 and 1 of 2) and the fake Discord routing each guild's interactions
//! to its shard. 1,000 games (`OWARE_SCALE_GAMES` to change it) in guilds spread over
//! both shards are played to the end at once; halfway, the second process is killed
//! with SIGKILL and restarted.
//!
//! It asserts that every game finished with exactly its moves (none lost, none
//! doubled), that every answer and message about a guild came from the process that
//! owns the guild's shard, and that only shard 0's process registered the commands.
//! It prints the wall time (run with `--nocapture`). Needs `OWARE_TEST_POSTGRES_URL`
//! (`tools/postgres.sh`); skipped without it, except in CI.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

mod discord_fake;
mod support;

use std::collections::HashMap;

use discord_fake::scale::{self, quantile, Setup};
use oware_bot::store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shard_processes_on_postgres_finish_every_game_across_a_sigkill() {
    if std::env::var_os("OWARE_TEST_POSTGRES_URL").is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run PostgreSQL (tools/postgres.sh start DIR)"
        );
        println!("SKIPPED: no OWARE_TEST_POSTGRES_URL (tools/postgres.sh)");
        return;
    }
    let games: usize = std::env::var("OWARE_SCALE_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    let dir = tempfile::tempdir().expect("a directory");
    let url = support::postgres_database();
    let line = support::winning_line();
    let setup = Setup {
        games,
        database_url: url.clone(),
        processes: 2,
        pace_ms: None,
        kill_halfway: true,
        plies: None,
        dir: dir.path().to_owned(),
        pace_starts: false,
    };
    let (outcome, fake) = scale::run(setup, line.clone()).await;
    assert!(outcome.killed, "the second process was killed halfway");
    assert!(
        fake.identified(1) >= 2,
        "shard 1 identified again after the restart"
    );

    // Every game finished, with exactly its moves: none lost, none doubled.
    let store = Store::open(&url).await.expect("the database");
    for (i, &id) in outcome.game_ids.iter().enumerate() {
        let row = store
            .games()
            .game(oware_bot::service::GameId::new(id))
            .await
            .expect("read")
            .expect("the game");
        assert!(!row.is_active(), "game {i} (#{id}) finished");
        assert_eq!(row.ply as usize, line.len(), "game {i} (#{id}) plies");
        let stored: Vec<_> = store
            .games()
            .moves(oware_bot::service::GameId::new(id))
            .await
            .expect("the moves")
            .iter()
            .map(|m| m.pit)
            .collect();
        assert_eq!(stored, line, "game {i} (#{id}) has exactly its moves");
    }
    assert_eq!(outcome.moves, games * line.len());

    // Every answer and message about a guild came from its shard's process.
    let mut by_process: HashMap<usize, usize> = HashMap::new();
    for req in fake.requests() {
        let Some(i) = outcome.game_of(&fake, &req) else {
            continue;
        };
        let shard = usize::try_from(fake.shard_of(outcome.guilds[i])).expect("a shard");
        assert_eq!(
            req.via, outcome.via_of_shard[shard],
            "{} {} (game {i}, shard {shard}) came from the other process",
            req.method, req.path
        );
        *by_process.entry(req.via).or_default() += 1;
    }
    assert!(
        by_process.len() == 2 && by_process.values().all(|&n| n >= games),
        "both processes answered their guilds: {by_process:?}"
    );
    let registrations: Vec<usize> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.contains("/commands"))
        .map(|r| r.via)
        .collect();
    assert!(
        !registrations.is_empty() && registrations.iter().all(|&via| via == 0),
        "only shard 0's process registers the commands: {registrations:?}"
    );

    let secs = outcome.wall.as_secs_f64();
    println!(
        "scale: {games} games x {} plies on PostgreSQL, 2 processes, SIGKILL halfway: \
         {secs:.1} s wall, {:.0} moves/s, answer p50 {:?} p99 {:?}, {} presses sent again",
        line.len(),
        outcome.moves as f64 / secs,
        quantile(&outcome.latencies, 0.5),
        quantile(&outcome.latencies, 0.99),
        outcome.retries
    );
}
