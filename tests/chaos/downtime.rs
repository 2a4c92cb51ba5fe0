//! Scenario 4: the bot is down for longer than a game's 1-minute deadline per move.
//! After the restart the game is still on: the player to move is told that the
//! clocks stopped while the bot was away and until when they may move, and their
//! move is taken.

use std::time::{Duration, Instant};

use oware_bot::rules::Game;
use oware_bot::store::Store;
use serde_json::{json, Value};

use crate::discord_fake::scale::{self, at, is_private, player};
use crate::discord_fake::{payloads, FakeDiscord, Recorded};
use oware_bot::service::Platform;

async fn ready(fake: &FakeDiscord, restarted: usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.identified(0) <= restarted || fake.identified(1) <= restarted {
        assert!(Instant::now() < deadline, "the shards never identified");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn ask(fake: &FakeDiscord, payload: Value) -> Recorded {
    let answered = fake.answer_to(&payload);
    fake.interaction(payload);
    tokio::time::timeout(Duration::from_secs(30), answered)
        .await
        .expect("answered in time")
        .expect("an answer")
}

/// Presses the button of the first legal pit for the player to move in game `id`.
async fn press(fake: &FakeDiscord, store: &Store, id: i64, players: &[Value; 2]) -> Recorded {
    let row = store
        .games()
        .game(oware_bot::service::GameId::new(id))
        .await
        .expect("reads")
        .expect("the game");
    let game = Game::from_moves(row.variant, &row.pits.0).expect("replays");
    let side = game.to_move().expect("a side to move");
    let user = [&row.south.user, &row.north.user][side.index()];
    let mover = players
        .iter()
        .find(|p| p["id"].as_str() == Some(user.as_str()))
        .expect("one of the players");
    let pit = game.legal_moves().into_iter().next().expect("a legal move");
    let button = format!("mv:{id}:{}:{}", row.ply, pit.letter());
    ask(fake, at(payloads::button(mover, &button), 0)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_fell_while_the_bot_was_down_is_extended_and_told() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let fake = FakeDiscord::start().await;
    let mut bot = scale::spawn(dir.path(), &url, &fake.rest_url, "0..2", "down");
    ready(&fake, 0).await;
    fake.wait_ready().await;
    let players = [player(0, 0), player(0, 1)];
    let [a, b] = &players;
    let options = json!([
        { "name": "opponent", "type": 6, "value": b["id"] },
        { "name": "time", "type": 3, "value": "1m" }
    ]);
    let challenge = at(
        payloads::oware(a, "play", options, std::slice::from_ref(b)),
        0,
    );
    assert!(!is_private(&ask(&fake, challenge).await), "challenged");
    let accept = at(payloads::oware(b, "accept", json!([]), &[]), 0);
    assert!(!is_private(&ask(&fake, accept).await), "accepted");
    let store = Store::open(&url).await.expect("the test's own connection");
    let guild = scale::guild_of(0).to_string();
    let channel = scale::channel_of(0).to_string();
    let id = store
        .games()
        .active_games_in_channel(Platform::Discord, Some(&guild), &channel)
        .await
        .expect("reads")[0]
        .id;
    // Both have moved: from now on a missed deadline loses the game.
    for _ in 0..2 {
        assert!(
            !is_private(&press(&fake, &store, id.get(), &players).await),
            "a move"
        );
    }

    // The bot dies, and stays down past the 1-minute deadline.
    bot.kill().expect("SIGKILL");
    let _ = bot.wait();
    let before = store
        .games()
        .game(id)
        .await
        .expect("reads")
        .expect("the game");
    let deadline = before.deadline_at.expect("a deadline");
    tokio::time::sleep(Duration::from_secs(75)).await;
    assert!(
        oware_bot::store::now_ms() > deadline,
        "down past the deadline"
    );
    let mut bot = scale::spawn(dir.path(), &url, &fake.rest_url, "0..2", "down");
    ready(&fake, 1).await;

    // Told, in the game's thread, and the game goes on.
    let thread = before.thread.clone().expect("the game's thread");
    let told = fake
        .wait_for(1, |r| {
            r.method == "POST"
                && r.path == format!("/api/v10/channels/{thread}/messages")
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("clocks stopped"))
        })
        .await;
    let text = told[0].json()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("extended"), "{text}");
    let after = store
        .games()
        .game(id)
        .await
        .expect("reads")
        .expect("the game");
    assert!(after.is_active(), "not lost on time: {:?}", after.state);
    assert!(
        after.deadline_at.expect("a deadline") >= deadline + 75_000,
        "extended by the time away"
    );
    let moved = press(&fake, &store, id.get(), &players).await;
    assert!(!is_private(&moved), "the move is taken: {:?}", moved.json());
    let row = store
        .games()
        .game(id)
        .await
        .expect("reads")
        .expect("the game");
    assert_eq!(row.ply, 3);
    let _ = bot.kill();
    let _ = bot.wait();
}
