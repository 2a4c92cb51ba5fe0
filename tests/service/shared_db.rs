//! Several processes on one PostgreSQL database: each due job is claimed by exactly
//! one of them (`FOR UPDATE SKIP LOCKED`), and a job or message one writes wakes the
//! others (`LISTEN`/`NOTIFY`). Each "process" here is a store of its own, with its
//! own connections. Needs `OWARE_TEST_POSTGRES_URL` (`tools/postgres.sh`); skipped
//! without it, except in CI.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::{collections::HashSet, time::Duration};

use oware_bot::store::{NewJob, Store};

/// A fresh database and two stores on it, or `None` (skipped) without a server.
async fn two_processes() -> Option<(Store, Store)> {
    if std::env::var_os("OWARE_TEST_POSTGRES_URL").is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run PostgreSQL (tools/postgres.sh start DIR)"
        );
        println!("SKIPPED: no OWARE_TEST_POSTGRES_URL (tools/postgres.sh)");
        return None;
    }
    let url = support::postgres_database();
    let a = Store::open(&url).await.expect("the first store opens");
    let b = Store::open(&url).await.expect("the second store opens");
    Some((a, b))
}

fn job(due_at: i64) -> NewJob {
    NewJob {
        kind: oware_bot::store::JobKind::Reminder,
        game_id: None,
        challenge_id: None,
        due_at,
        request: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_due_job_is_claimed_by_exactly_one_process() {
    let Some((a, b)) = two_processes().await else {
        return;
    };
    let now = oware_bot::store::now_ms();
    let jobs: Vec<NewJob> = (0..200).map(|i| job(now - 1000 + i)).collect();
    a.jobs()
        .schedule(None, &jobs, now)
        .await
        .expect("scheduled");
    // Each process claims its first batch before either goes on, so both take a
    // share however the two tasks are scheduled (200 jobs, 7 a claim); then they
    // race for the rest.
    let both_started = std::sync::Arc::new(tokio::sync::Barrier::new(2));
    let claim_all = |store: Store, both_started: std::sync::Arc<tokio::sync::Barrier>| async move {
        let mut ids = Vec::new();
        let mut first = true;
        loop {
            let claimed = store
                .jobs()
                .claim_due_jobs(now, now + 60_000, 7)
                .await
                .expect("claims");
            if first {
                both_started.wait().await;
                first = false;
            }
            if claimed.is_empty() {
                return ids;
            }
            ids.extend(claimed.iter().map(|j| j.id));
        }
    };
    let (from_a, from_b) = tokio::join!(
        tokio::spawn(claim_all(a.clone(), both_started.clone())),
        tokio::spawn(claim_all(b.clone(), both_started))
    );
    let (from_a, from_b) = (from_a.expect("a"), from_b.expect("b"));
    let all: HashSet<i64> = from_a.iter().chain(&from_b).copied().collect();
    assert_eq!(all.len(), 200, "every job claimed");
    assert_eq!(from_a.len() + from_b.len(), 200, "and none twice");
    assert!(
        !from_a.is_empty() && !from_b.is_empty(),
        "both processes took a share ({} and {})",
        from_a.len(),
        from_b.len()
    );
    // A claim holds until it lapses: nothing is due for anyone meanwhile.
    assert!(b
        .jobs()
        .claim_due_jobs(now + 1, now + 60_000, 10)
        .await
        .expect("claims")
        .is_empty());
    let lapsed = a
        .jobs()
        .claim_due_jobs(now + 60_000, now + 120_000, 500)
        .await
        .expect("claims");
    assert_eq!(lapsed.len(), 200, "a crashed runner's claims lapse");
}

#[tokio::test]
async fn a_job_written_by_one_process_wakes_the_other() {
    let Some((a, b)) = two_processes().await else {
        return;
    };
    let mut changes = b
        .changes()
        .await
        .expect("listens")
        .expect("PostgreSQL has notifications");
    let now = oware_bot::store::now_ms();
    a.jobs()
        .schedule(None, &[job(now)], now)
        .await
        .expect("scheduled");
    tokio::time::timeout(Duration::from_secs(10), changes.next())
        .await
        .expect("the other process hears of the job")
        .expect("the notification");
    // Nothing else was written: no second wake-up.
    assert!(
        tokio::time::timeout(Duration::from_millis(500), changes.next())
            .await
            .is_err(),
        "one insert, one notification"
    );
}

#[tokio::test]
async fn sqlite_has_no_notifications() {
    let db = support::TempDb::new();
    if db.url.starts_with("postgres") {
        return;
    }
    let store = Store::open(&db.url).await.expect("opens");
    assert!(store.changes().await.expect("no error").is_none());
}

#[tokio::test]
async fn one_process_only_holds_the_matrix_lock() {
    let Some((a, b)) = two_processes().await else {
        return;
    };
    let held = a.hold_exclusive(42).await.expect("asks").expect("granted");
    assert!(
        b.hold_exclusive(42).await.expect("asks").is_none(),
        "a second process is refused"
    );
    assert!(
        a.hold_exclusive(43).await.expect("asks").is_some(),
        "per key"
    );
    // The holder stops (or dies): its session ends and the lock is free.
    drop(held);
    let mut granted = None;
    for _ in 0..50 {
        granted = b.hold_exclusive(42).await.expect("asks");
        if granted.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(granted.is_some(), "free once the holder is gone");
}
