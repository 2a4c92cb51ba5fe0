//! A tournament in a Matrix room, with the real service, its scheduler and the
//! Matrix adapter on Synapse: the room's creator (power level 100) creates and starts
//! a round-robin of two with text commands; the round is announced with both players
//! mentioned, the game is played in its own thread, and when it ends the final
//! standings arrive as a picture (alt text as its body) with the crosstable.

use serde_json::Value;

use crate::support::{body, env, login, mentions, say, start_bot, thread_root, Watch};
use crate::{bot_config, game_room, real_service, temp, ONE_BOT, SKIPPED};

/// The bot's first message whose body contains `needle`, among those seen so far
/// (`history`) or new ones (messages that race, such as an answer and an outbox
/// announcement, may come in either order).
async fn until_body(watch: &mut Watch, history: &mut Vec<Value>, needle: &str) -> Value {
    for _ in 0..12 {
        if let Some(found) = history.iter().find(|e| body(e).contains(needle)) {
            return found.clone();
        }
        history.extend(watch.until_text(needle).await);
    }
    panic!("no bot message with {needle:?} in {history:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_runs_to_its_final_standings_in_a_room() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("tournament");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room_a, room_b) = game_room(&env, &alice, &bob, None).await;
    let mut seen = Vec::new();
    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: Default::default(),
    };

    say(
        &room_a,
        "!oware tournament create Matrix Cup format:round-robin time:1d",
        None,
    )
    .await;
    until_body(&mut watch, &mut seen, "(T1) is open").await;
    say(&room_a, "!oware tournament join", None).await;
    until_body(&mut watch, &mut seen, "as player 1").await;
    say(&room_b, "!oware tournament join", None).await;
    until_body(&mut watch, &mut seen, "as player 2").await;
    say(&room_a, "!oware tournament start", None).await;

    let announcement = until_body(&mut watch, &mut seen, "round 1 of 1").await;
    assert!(mentions(&announcement, &env.alice.0), "{announcement:#}");
    assert!(mentions(&announcement, &env.bob.0), "{announcement:#}");
    let board = until_body(&mut watch, &mut seen, "game #1 begins").await;
    let root = thread_root(&board)
        .expect("the game is played in a thread")
        .to_owned();
    let row = store
        .games()
        .game(oware_bot::service::GameId::new(1))
        .await
        .unwrap()
        .unwrap();
    assert!(
        row.tournament_id == Some(oware_bot::service::TournamentId::new(1))
            && row.thread.as_deref() == Some(root.as_str())
    );

    // South resigns in the game's thread: North wins, and the event is over.
    let root_id = matrix_sdk::ruma::OwnedEventId::try_from(root.as_str()).unwrap();
    let south_room = if row.south.user == env.alice.0 {
        &room_a
    } else {
        &room_b
    };
    say(south_room, "!oware resign confirm", Some(&root_id)).await;
    // The final message may come before or after the answer to the resignation.
    let end = until_body(&mut watch, &mut seen, "Final standings").await;
    let events = &seen;
    assert!(
        body(&end).contains(&format!("Winner: {}", row.north.name)),
        "{end:#}"
    );
    assert!(body(&end).contains("Pts"), "the crosstable: {end:#}");
    let picture = events
        .iter()
        .find(|e| e["content"]["msgtype"] == "m.image" && body(e).starts_with("Standings of"))
        .unwrap_or_else(|| panic!("the standings picture in {events:#?}"));
    assert!(body(picture).contains("1: "), "{picture:#}");
    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
