//! Stopping on SIGTERM while Discord commands are in hand: the bot stops taking new
//! ones, answers those it holds (here an accepted challenge, whose answer then opens
//! the game's thread), and only then stops the service and closes the store.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::discord_fake::scale::{self, at, is_private, player};
use crate::discord_fake::{payloads, FakeDiscord};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_the_commands_in_hand_finish() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let fake = FakeDiscord::start().await;
    let mut bot = scale::spawn(dir.path(), &url, &fake.rest_url, "0..2", "stop");
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.identified(0) == 0 || fake.identified(1) == 0 {
        assert!(Instant::now() < deadline, "the shards never identified");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.wait_ready().await;
    let (a, b) = (player(0, 0), player(0, 1));
    let options = json!([{ "name": "opponent", "type": 6, "value": b["id"] }]);
    let challenge = at(
        payloads::oware(&a, "play", options, std::slice::from_ref(&b)),
        0,
    );
    let answered = fake.answer_to(&challenge);
    fake.interaction(challenge);
    let answer = tokio::time::timeout(Duration::from_secs(30), answered)
        .await
        .expect("answered in time")
        .expect("an answer");
    assert!(!is_private(&answer), "the challenge stands");

    // The accept is in hand (Discord is slow to take its answer) when SIGTERM comes.
    fake.hold_callbacks(Duration::from_secs(3));
    let accept = at(payloads::oware(&b, "accept", json!([]), &[]), 0);
    let answered = fake.answer_to(&accept);
    fake.interaction(accept);
    tokio::time::timeout(Duration::from_secs(30), answered)
        .await
        .expect("the answer was sent")
        .expect("an answer");
    let term = std::process::Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(term.success());
    let deadline = Instant::now() + Duration::from_secs(45);
    let status = loop {
        if let Some(status) = bot.try_wait().expect("the process") {
            break status;
        }
        assert!(Instant::now() < deadline, "the bot did not stop");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let log = std::fs::read_to_string(dir.path().join("bot-stop.log")).unwrap_or_default();
    assert!(status.success(), "a graceful stop exits 0: {status}\n{log}");
    // The accept's answer was taken, then its game's thread opened from it.
    let thread = fake
        .requests()
        .iter()
        .any(|r| r.method == "POST" && r.path.ends_with("/threads"));
    assert!(thread, "the command in hand finished after SIGTERM\n{log}");
    assert!(!log.contains("closed pool"), "{log}");
}
