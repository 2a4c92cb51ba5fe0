//! Rooms are independent, with a deliberately slow fake service: a move in one
//! room is answered while another room's command is still running, commands in
//! one room are answered in order, and a graceful stop lets the command in hand
//! finish and strikes it out of the journal, so a restart does not answer it
//! again.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use matrix_sdk::Room;

use crate::fake::FakeService;
use crate::support::{body, env, login, say, start_bot, Env, Watch};
use crate::{bot_config, game_room, start_game, temp, ONE_BOT, SKIPPED};

fn watch(env: &Env, room: &Room) -> Watch {
    Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_command_in_one_room_does_not_delay_another() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("rooms");
    let cfg = bot_config(&env, &dir);
    let service = Arc::new(FakeService::default());
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (slow_room, _) = game_room(&env, &alice, &bob, None).await;
    let (room_a, room_b) = game_room(&env, &alice, &bob, None).await;
    let mut slow = watch(&env, &slow_room);
    let mut quick = watch(&env, &room_a);
    start_game(&env, &mut quick, &room_a, &room_b, 1, false).await;

    // Two commands in the slow room (6 s each), then a move in the other room.
    // Waiting for the slow room would answer it 5.5 s later at the soonest; the
    // bound leaves a loaded machine (CI beside other builds) room below that.
    service.slow_down(slow_room.room_id().as_str(), Duration::from_secs(6));
    say(&slow_room, "!oware help", None).await;
    say(&slow_room, &format!("!oware play {}", env.bob.0), None).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let sent = Instant::now();
    say(&room_a, "!move c", None).await;
    let board = quick.until_text("the move in the other room").await;
    assert!(
        body(board.last().expect("text")).contains("sowed"),
        "{board:#?}"
    );
    assert!(
        sent.elapsed() < Duration::from_millis(4500),
        "answered while the slow room's command ran: {:?}",
        sent.elapsed()
    );
    slow.quiet(Duration::ZERO, "the slow room's command is still running")
        .await;

    // The slow room's answers come in the order of its commands.
    let answers = slow.next(2, "the slow room's answers").await;
    assert!(body(&answers[0]).contains("Commands"), "{:#}", answers[0]);
    assert!(body(&answers[1]).contains("challenges"), "{:#}", answers[1]);
    bot.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_finishes_the_command_in_hand_and_strikes_it_out() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("stop");
    let cfg = bot_config(&env, &dir);
    let service = Arc::new(FakeService::default());
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let mut watch = watch(&env, &room);
    service.slow_down(room.room_id().as_str(), Duration::from_secs(3));
    say(&room, "!oware help", None).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while service.commands().is_empty() {
        assert!(Instant::now() < deadline, "the command never arrived");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Stopped while the command runs: it is answered before the bot returns.
    bot.stop().await;
    let answer = watch.next(1, "the command in hand").await;
    assert!(body(&answer[0]).contains("Commands"), "{:#}", answer[0]);

    // The token was saved after it: a restart (the fake has no inbox) does not
    // see the command again.
    let bot = start_bot(&service, &cfg);
    say(&room, "!oware help", None).await;
    watch.next(1, "the next command").await;
    watch
        .quiet(Duration::from_secs(2), "nothing answered twice")
        .await;
    assert_eq!(service.commands().len(), 2, "each command handled once");
    bot.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

fn saved_token(dir: &std::path::Path) -> String {
    let bytes = std::fs::read(dir.join("sync-token.json")).expect("a token saved");
    serde_json::from_slice(&bytes).expect("a token")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_room_holds_up_no_sync_and_a_crash_loses_none_of_its_commands() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("journal");
    let cfg = bot_config(&env, &dir);
    let service = Arc::new(FakeService::default());
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (slow_room, _) = game_room(&env, &alice, &bob, None).await;
    let (quick_room, _) = game_room(&env, &alice, &bob, None).await;
    let mut slow = watch(&env, &slow_room);
    let mut quick = watch(&env, &quick_room);

    // A command that takes a minute in one room.
    service.slow_down(slow_room.room_id().as_str(), Duration::from_secs(60));
    say(&slow_room, "!oware help", None).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while service.commands().is_empty() {
        assert!(Instant::now() < deadline, "the command never arrived");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = saved_token(&dir);

    // The other room's commands are answered, and the sync position moves on
    // past them, while the slow room's command is in hand.
    for _ in 0..3 {
        say(&quick_room, "!oware help", None).await;
        quick.next(1, "the other room's command").await;
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while saved_token(&dir) == before {
        assert!(
            Instant::now() < deadline,
            "the sync position waited for the slow room"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // A crash with the slow command in hand: it is handled after the restart.
    bot.crash().await;
    service.slow_down(slow_room.room_id().as_str(), Duration::ZERO);
    let bot = start_bot(&service, &cfg);
    let answer = slow.next(1, "the command in hand at the crash").await;
    assert!(body(&answer[0]).contains("Commands"), "{:#}", answer[0]);
    let slow_commands = service
        .commands()
        .iter()
        .filter(|c| c.place.channel == slow_room.room_id().as_str())
        .count();
    // The fake has no inbox: the real service would ignore the second handling.
    assert_eq!(slow_commands, 2, "started before the crash, again after it");
    quick
        .quiet(
            Duration::from_secs(1),
            "nothing answered again in the other room",
        )
        .await;
    bot.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_the_bot_is_kicked_from_is_forgotten_and_the_others_go_on() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("kicked");
    let cfg = bot_config(&env, &dir);
    let service = Arc::new(FakeService::default());
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (kicked_room, _) = game_room(&env, &alice, &bob, None).await;
    let (other_room, _) = game_room(&env, &alice, &bob, None).await;
    let mut other = watch(&env, &other_room);

    let bot_id = matrix_sdk::ruma::OwnedUserId::try_from(env.bot.as_str()).expect("user id");
    kicked_room
        .kick_user(&bot_id, Some("testing"))
        .await
        .expect("alice kicks the bot");
    // The service is told, so that the room's undelivered messages are given up.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !service
        .rooms_left()
        .contains(&kicked_room.room_id().to_string())
    {
        assert!(Instant::now() < deadline, "the service was never told");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(service.rooms_left().len(), 1, "told once");
    say(&other_room, "!oware help", None).await;
    other
        .next(1, "a command in a room the bot is still in")
        .await;
    bot.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
