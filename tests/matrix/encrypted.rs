//! An end-to-end encrypted room as Element makes one, with the real `oware-bot run`
//! binary: the players are matrix-sdk clients with encryption (see
//! `support::login`). Alice challenges, Bob accepts, they play a
//! few moves and Alice resigns; every message the bot sends there is encrypted and
//! decrypts, its board images included (uploaded encrypted, the key in `file`).
//! The bot is killed (SIGKILL) mid-game and restarted from its store: it reads the
//! move sent while it was down and its replies still decrypt. A message nobody can
//! decrypt gets one answer saying what to do, never a loop. The bot has a
//! cross-signing identity. Help and refusals typed in the game's thread are
//! answered there, as encrypted notices replying to the command.

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::room::MessagesOptions;
use matrix_sdk::ruma::api::client::message::send_message_event;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::member::MembershipState;
use matrix_sdk::ruma::events::room::{EncryptedFile, MediaSource};
use matrix_sdk::ruma::events::{InitialStateEvent, MessageLikeEventType};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId, TransactionId, UInt};
use matrix_sdk::{Client, Room};
use oware_bot::rules::{Game, Side, Variant};
use serde_json::{json, Value};

use crate::in_place::everyday_answers_in_the_thread;
use crate::kill::start;
use crate::support::{assert_board, body, env, login, mentions, say, wait_joined, Env, Watch};
use crate::{pick, temp, ONE_BOT, SKIPPED};

/// Alice's encrypted room with Bob and the bot, as (Alice's view, Bob's view).
pub(crate) async fn encrypted_room(env: &Env, alice: &Client, bob: &Client) -> (Room, Room) {
    let mut request = create_room::v3::Request::new();
    request.invite = [&env.bob.0, &env.bot]
        .into_iter()
        .map(|id| OwnedUserId::try_from(id.as_str()).expect("user id"))
        .collect();
    let encryption = InitialStateEvent::new(
        matrix_sdk::ruma::events::EmptyStateKey,
        RoomEncryptionEventContent::with_recommended_defaults(),
    );
    request.initial_state = vec![encryption.to_raw_any()];
    let room_a = alice
        .create_room(request)
        .await
        .expect("alice creates an encrypted room");
    let id = room_a.room_id().to_owned();
    let room_b = bob.join_room_by_id(&id).await.expect("bob joins");
    wait_joined(alice, &id, &env.bot).await;
    for room in [&room_a, &room_b] {
        let state = room.latest_encryption_state().await.expect("state");
        assert!(state.is_encrypted());
        // A client shares a message's room key with the members it knows of when it
        // sends: the first command must wait until each player's own view of the
        // room has the bot in it (the server's list is ahead of their syncs).
        knows_joined(room, &env.bot).await;
    }
    (room_a, room_b)
}

/// Waits until `room`'s client has seen `user` join it in its own sync.
async fn knows_joined(room: &Room, user: &str) {
    let user = OwnedUserId::try_from(user).expect("user id");
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let member = room.get_member_no_sync(&user).await.expect("reads members");
        if member.is_some_and(|m| *m.membership() == MembershipState::Join) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{user} never joined in this client's view"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every message the bot sent in `room` was encrypted and decrypts for `room`'s
/// client; returns how many there are.
async fn all_bot_messages_decrypt(room: &Room, bot: &str) -> usize {
    let mut options = MessagesOptions::backward();
    options.limit = UInt::from(200u32);
    let messages = room.messages(options).await.expect("reads messages");
    let mut n = 0;
    for event in &messages.chunk {
        let value: Value = serde_json::from_str(event.raw().json().get()).expect("json");
        if value["sender"] != bot {
            continue;
        }
        assert_ne!(
            value["type"], "m.room.encrypted",
            "a bot message does not decrypt: {value:#}"
        );
        if value["type"] == "m.room.message" {
            assert!(
                event.encryption_info().is_some(),
                "sent in clear text: {value:#}"
            );
            n += 1;
        }
    }
    n
}

/// Downloads and decrypts a board image; it must be a PNG.
async fn decrypt_image(client: &Client, image: &Value) {
    assert!(
        image["content"].get("url").is_none(),
        "no clear-text url: {image:#}"
    );
    let file: EncryptedFile =
        serde_json::from_value(image["content"]["file"].clone()).expect("an encrypted file");
    let request = MediaRequestParameters {
        source: MediaSource::Encrypted(Box::new(file)),
        format: MediaFormat::File,
    };
    let bytes = client
        .media()
        .get_media_content(&request, false)
        .await
        .expect("downloads and decrypts the image");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
}

/// A board in the thread, encrypted, its images decrypted.
async fn board(client: &Client, watch: &mut Watch, root: &str, what: &str) -> Vec<Value> {
    let board = watch.until_text(what).await;
    assert_board(&board, root, 1, what);
    for image in &board[..board.len() - 1] {
        decrypt_image(client, image).await;
    }
    board
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_an_encrypted_room_survives_a_kill() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("e2e");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut run = start(&env, &dir, 1, false);
    // Players with encryption, syncing in the background (see `login`).
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room_a, room_b) = encrypted_room(&env, &alice, &bob).await;
    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    let (alice_id, bob_id) = (env.alice.0.as_str(), env.bob.0.as_str());

    say(&room_a, &format!("!oware play {bob_id}"), None).await;
    let challenge = watch.next(1, "challenge").await;
    assert!(body(&challenge[0]).contains("challenges"), "{challenge:#?}");
    assert!(mentions(&challenge[0], bob_id));
    say(&room_b, "!oware accept", None).await;
    let root_event = watch.until_text("thread root").await;
    let root = root_event[0]["event_id"].as_str().expect("id").to_string();
    let root_id = OwnedEventId::try_from(root.as_str()).expect("event id");
    let first = board(&alice, &mut watch, &root, "first board").await;
    assert!(mentions(first.last().expect("text"), alice_id));

    let mut game = Game::new(Variant::Abapa);
    for ply in 1..=6 {
        let south = game.to_move() == Some(Side::South);
        let room = if south { &room_a } else { &room_b };
        let (pit, typed) = pick(&game);
        game.play(pit).expect("legal");
        if ply == 3 {
            // Killed mid-game: the next move is sent while the bot is down.
            run.kill().await;
            say(room, &format!("!move {typed}"), Some(&root_id)).await;
            run = start(&env, &dir, 2, false);
        } else {
            say(room, &format!("!move {typed}"), Some(&root_id)).await;
        }
        board(&alice, &mut watch, &root, &format!("ply {ply}")).await;
        if ply == 2 {
            // South's first pit is empty now: every everyday answer, in the thread.
            let tried_empty =
                everyday_answers_in_the_thread(&mut watch, &room_a, &room_b, &root_id, &game).await;
            assert!(tried_empty, "South's first pit is empty after ply 2");
        }
    }
    say(&room_a, "!oware resign confirm", Some(&root_id)).await;
    let end = watch.until_text("resignation").await;
    let text = end.last().expect("text");
    assert!(body(text).contains("resigned"), "{text:#}");

    let n = all_bot_messages_decrypt(&room_a, &env.bot).await;
    assert!(n >= 10, "alice read {n} of the bot's messages");
    // Bob's view decrypts too: the room key reached every member's devices.
    assert_eq!(all_bot_messages_decrypt(&room_b, &env.bot).await, n);

    // The bot bootstrapped its cross-signing identity: players can verify it once.
    let bot_id = OwnedUserId::try_from(env.bot.as_str()).expect("bot id");
    let identity = bob
        .encryption()
        .request_user_identity(&bot_id)
        .await
        .expect("asks the server");
    assert!(identity.is_some(), "the bot has a cross-signing identity");

    undecryptable_gets_one_answer(&alice, &mut watch).await;
    assert!(!run.log().contains("panicked"), "bot log:\n{}", run.log());
    run.terminate().await;
    let _ = std::fs::remove_dir_all(Path::new(&dir));
}

/// Two messages nobody can decrypt (no such Megolm session): after waiting for the
/// keys the bot answers once with what to do, and not again.
async fn undecryptable_gets_one_answer(client: &Client, watch: &mut Watch) {
    for n in 0..2 {
        let content = json!({
            "algorithm": "m.megolm.v1.aes-sha2",
            "ciphertext": "AwgAEnAq",
            "sender_key": "cb8TvG0iYK3fWRE4NE1X7U/rPDgaH4TRdcCt6VEjhVM",
            "device_id": "NOSUCHDEVICE",
            "session_id": format!("no-such-session-{n}"),
        });
        let request = send_message_event::v3::Request::new_raw(
            watch.room.room_id().to_owned(),
            TransactionId::new(),
            MessageLikeEventType::RoomEncrypted,
            Raw::from_json(serde_json::value::to_raw_value(&content).expect("json")),
        );
        client.send(request).await.expect("sends garbage");
    }
    let answer = watch.next(1, "undecryptable").await;
    assert!(
        body(&answer[0]).contains("could not decrypt"),
        "{:#}",
        answer[0]
    );
    watch
        .quiet(Duration::from_secs(12), "one answer, no loop")
        .await;
}
