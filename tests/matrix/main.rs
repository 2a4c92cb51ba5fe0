//! The real Matrix adapter against a real Synapse on loopback (`tools/synapse.sh
//! start DIR`, then `set -a; . DIR/env; set +a`): two players challenge, accept and
//! play a whole game by typed `!move`s, boards arrive as `m.image` in the game's
//! thread, refusals are replies to the offending message, and a restart mid-game
//! loses and replays nothing. Without `MATRIX_TEST_HOMESERVER` the test says SKIPPED.

mod fake;
mod support;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fake::FakeService;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};
use oware_bot::chat::matrix::{MatrixConfig, Secret};
use oware_bot::rules::{Game, Pit, Side, Variant};
use support::{
    assert_board, body, env, login, mentions, replies_to, say, start_bot, thread_root, wait_joined,
    Watch,
};

/// The move a test player makes: the biggest immediate capture, else the first
/// legal pit, so the game ends in a reasonable number of plies. Returned as typed
/// (a letter of the mover's own row).
fn pick(game: &Game) -> (Pit, String) {
    let side = game.to_move().expect("game not over");
    let best = game
        .legal_moves()
        .into_iter()
        .max_by_key(|&pit| {
            let mut g = game.clone();
            g.play(pit).expect("legal");
            (g.position().score(side), std::cmp::Reverse(pit.index()))
        })
        .expect("a legal move");
    (best, best.letter().to_ascii_lowercase().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_a_whole_game_on_a_real_homeserver() {
    let Some(env) = env() else {
        println!("SKIPPED: no Synapse configured (run tools/synapse.sh start)");
        return;
    };
    let store_dir: PathBuf =
        std::env::temp_dir().join(format!("oware-matrix-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&store_dir);
    let cfg = MatrixConfig {
        homeserver: env.homeserver.clone(),
        user: env.bot.clone(),
        password: Some(Secret::new(env.bot_password.clone())),
        access_token: None,
        store_dir: store_dir.clone(),
    };
    let service = Arc::new(FakeService::default());
    let mut bot = start_bot(&service, &cfg);

    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (alice_id, bob_id) = (env.alice.0.as_str(), env.bob.0.as_str());
    let mut request = create_room::v3::Request::new();
    request.invite = [&env.bob.0, &env.bot]
        .into_iter()
        .map(|u| OwnedUserId::try_from(u.as_str()).expect("user id"))
        .collect();
    let room_a = alice
        .create_room(request)
        .await
        .expect("alice creates a room");
    let room_id = room_a.room_id().to_owned();
    let room_b = bob.join_room_by_id(&room_id).await.expect("bob joins");
    wait_joined(&alice, &room_id, &env.bot).await;
    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    // Chatter is ignored; help is answered.
    say(&room_a, "hello bob, fancy a game?", None).await;
    say(&room_a, "!oware help", None).await;
    let help = watch.next(1, "help").await;
    assert!(body(&help[0]).contains("!move"));

    // Challenge and accept: a thread opens under a new root message.
    say(&room_a, &format!("!oware play {bob_id}"), None).await;
    let challenge = watch.next(1, "challenge").await;
    assert!(
        body(&challenge[0]).contains("challenges"),
        "{:#}",
        challenge[0]
    );
    assert!(body(&challenge[0]).contains("!oware accept"));
    assert!(
        mentions(&challenge[0], bob_id),
        "the challenged player is mentioned"
    );
    say(&room_b, "!oware accept", None).await;
    let opened = watch.next(3, "accept").await;
    let root = opened[0]["event_id"].as_str().expect("root id").to_string();
    assert!(
        opened[0]["content"].get("m.relates_to").is_none(),
        "the root is in the main timeline"
    );
    assert!(body(&opened[0]).contains("Oware #1"));
    assert_board(&opened[1..], &root, "first board");
    assert!(
        mentions(&opened[2], alice_id),
        "the first mover is mentioned"
    );
    assert!(body(&opened[2]).contains("Your move: A B C D E F"));
    let root_id = OwnedEventId::try_from(root.as_str()).expect("event id");
    let set = service.threads_set();
    assert_eq!(set.len(), 1);
    assert_eq!(set[0].0, 1);
    assert_eq!(set[0].1.thread.as_deref(), Some(root.as_str()));
    assert_eq!(set[0].1.channel, room_id.as_str());

    // Refusals reply to the offending message, in its thread.
    let wrong_turn = say(&room_b, "!move a", Some(&root_id)).await;
    let refusal = watch.next(1, "out of turn").await;
    assert_eq!(replies_to(&refusal[0]), Some(wrong_turn.as_str()));
    assert_eq!(thread_root(&refusal[0]), Some(root.as_str()));
    assert!(body(&refusal[0]).contains("not your turn"));
    let bad_pit = say(&room_a, "!move z", None).await;
    let refusal = watch.next(1, "not a pit").await;
    assert_eq!(replies_to(&refusal[0]), Some(bad_pit.as_str()));
    assert_eq!(
        thread_root(&refusal[0]),
        None,
        "a main-timeline command is answered there"
    );
    assert!(body(&refusal[0]).contains("not a pit"));

    // Play to the end: Alice types in the thread, Bob in the main timeline; every
    // board lands in the thread. One empty-pit refusal and one restart on the way.
    let mut game = Game::new(Variant::Abapa);
    let (mut refused_empty, mut restarted) = (false, false);
    while !game.is_over() {
        let south = game.to_move() == Some(Side::South);
        let (room, thread, mover, other) = if south {
            (&room_a, Some(&root_id), alice_id, bob_id)
        } else {
            (&room_b, None, bob_id, alice_id)
        };
        if !refused_empty && south {
            let empty = (0..6).find(|&c| game.position().seeds(Pit::of(Side::South, c)) == 0);
            if let Some(c) = empty {
                let letter = Pit::of(Side::South, c).letter().to_ascii_lowercase();
                let cmd = say(room, &format!("!move {letter}"), thread).await;
                let refusal = watch.next(1, "empty pit").await;
                assert_eq!(replies_to(&refusal[0]), Some(cmd.as_str()));
                assert!(body(&refusal[0]).contains("is empty"), "{:#}", refusal[0]);
                refused_empty = true;
            }
        }
        let (pit, typed) = pick(&game);
        game.play(pit).expect("legal");
        let ply = game.plies().len();
        if !restarted && ply == 9 {
            // Stop the bot, move while it is down, start it again from its store.
            let session = std::fs::read(store_dir.join("session.json")).expect("session saved");
            bot.stop().await;
            say(room, &format!("!move {typed}"), thread).await;
            bot = start_bot(&service, &cfg);
            let after = std::fs::read(store_dir.join("session.json")).expect("session kept");
            assert_eq!(
                session, after,
                "the restart reused the session instead of logging in"
            );
            restarted = true;
        } else {
            say(room, &format!("!move {typed}"), thread).await;
        }
        let board = watch.next(2, &format!("ply {ply}")).await;
        assert_board(&board, &root, &format!("ply {ply}"));
        if game.is_over() {
            assert!(body(&board[1]).contains("Game over"), "{:#}", board[1]);
        } else {
            assert!(
                mentions(&board[1], other),
                "ply {ply}: the next mover is mentioned"
            );
            assert!(!mentions(&board[1], mover));
        }
    }
    assert!(
        refused_empty && restarted,
        "the game exercised an empty pit and a restart"
    );
    println!(
        "matrix: a whole game in {} plies: {:?}",
        game.plies().len(),
        game.outcome()
    );

    // Nothing was replayed: every command reached the service once.
    let moves = service
        .commands()
        .iter()
        .filter(|c| matches!(c.action, oware_bot::service::Action::Move { .. }))
        .count();
    assert_eq!(
        moves,
        game.plies().len() + 3,
        "each move once, plus three refused ones"
    );
    watch.quiet(Duration::from_secs(2), "after the game").await;

    // An encrypted room gets a clear answer instead of silence.
    let mut request = create_room::v3::Request::new();
    request.invite = vec![OwnedUserId::try_from(env.bot.as_str()).expect("bot id")];
    let encryption = InitialStateEvent::new(
        matrix_sdk::ruma::events::EmptyStateKey,
        RoomEncryptionEventContent::with_recommended_defaults(),
    );
    request.initial_state = vec![encryption.to_raw_any()];
    let secret_room = bob
        .create_room(request)
        .await
        .expect("bob creates an encrypted room");
    let secret = Watch {
        room: secret_room,
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    let mut secret = secret;
    let warning = secret.next(1, "encrypted room").await;
    assert!(body(&warning[0]).contains("encryption is not supported"));

    bot.stop().await;
    let _ = std::fs::remove_dir_all(&store_dir);
}
