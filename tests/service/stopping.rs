//! Stopping the service: every background task (the scheduler, the jobs it runs,
//! puzzle generation) ends before the store closes, so none reaches for a closed
//! pool ("could not generate puzzles: attempted to acquire a connection on a closed
//! pool" after a console session ended).

use std::sync::Arc;
use std::time::Duration;

use crate::support::{cmd, TempDb};
use oware_bot::service::Action;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_ends_every_background_task_before_the_store_closes() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    service.start_scheduler();
    // A puzzle asked for while none is stored queues their generation.
    let _ = service
        .handle(cmd("alice", Action::Puzzle { daily: false }))
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(service.ops().background_tasks() >= 1, "the scheduler runs");

    tokio::time::timeout(Duration::from_secs(15), service.stop())
        .await
        .expect("stops in time");
    assert_eq!(
        service.ops().background_tasks(),
        0,
        "nothing left to use the store"
    );
    db.store().close().await;

    // Work asked for once stopped starts nothing.
    service
        .ops()
        .spawn_background(async { std::future::pending::<()>().await });
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(service.ops().background_tasks(), 0);
}
