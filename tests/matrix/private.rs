//! Secrets with the real service: a `/oware link` code asked for in a shared room
//! arrives in a real direct chat with its author (invited with `is_direct`, listed
//! in the bot's `m.direct`), never in the shared room, where one line says that a
//! direct message was sent. The direct room is recorded in the database and reused,
//! and a command typed in it is answered there. A public room with only the author
//! and the bot in it is not private. A "your turn" message goes to the same
//! direct room.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::direct::DirectEventContent;
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId};
use matrix_sdk::{Client, Room};
use oware_bot::service::{Action, ChallengeOptions, Command, Place, Platform, User};

use crate::support::{body, dm, env, login, replies_to, say, start_bot, wait_joined, Env, Watch};
use crate::{bot_config, game_room, real_service, temp, ONE_BOT, SKIPPED};

/// Asserts that `shared` got exactly the one-line pointer, replying to `asked`.
async fn pointer_in_place(shared: &mut Watch, asked: &str, what: &str) {
    let pointer = shared.next(1, what).await;
    assert!(
        body(&pointer[0]).contains("direct message"),
        "{what}: {:#}",
        pointer[0]
    );
    assert!(!body(&pointer[0]).contains('\n'), "one line");
    assert_eq!(replies_to(&pointer[0]), Some(asked), "{what}: a reply");
}

/// Alice's invite to the bot's direct room says `is_direct` (read before she
/// joins: the SDK answers from her invite's member event).
async fn invited_as_direct(alice: &Client, room: &OwnedRoomId) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(invited) = alice.get_room(room) {
            if invited.state() == matrix_sdk::RoomState::Invited {
                assert!(
                    invited.is_direct().await.expect("reads the invite"),
                    "the invite is a direct chat's"
                );
                return;
            }
        }
        assert!(Instant::now() < deadline, "alice never saw the invite");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The rooms the bot's `m.direct` lists with `user` (read as the bot, from the
/// homeserver's copy of its account data).
async fn bots_direct_rooms(env: &Env, user: &str) -> Vec<String> {
    let bot = Client::builder()
        .homeserver_url(&env.homeserver)
        .build()
        .await
        .expect("client builds");
    bot.matrix_auth()
        .login_username(&env.bot, &env.bot_password)
        .send()
        .await
        .expect("the bot's account logs in");
    let raw = bot
        .account()
        .fetch_account_data_static::<DirectEventContent>()
        .await
        .expect("reads m.direct")
        .expect("the bot has an m.direct");
    let direct = raw.deserialize().expect("m.direct parses");
    let user = OwnedUserId::try_from(user).expect("user id");
    direct
        .get(<&matrix_sdk::ruma::events::direct::DirectUserIdentifier>::from(&*user))
        .map(|rooms| rooms.iter().map(ToString::to_string).collect())
        .unwrap_or_default()
}

/// A public room of Alice's with only the bot invited (two members once it joins).
async fn public_pair_room(env: &Env, alice: &Client) -> Room {
    let mut request = create_room::v3::Request::new();
    request.preset = Some(create_room::v3::RoomPreset::PublicChat);
    request.invite = vec![OwnedUserId::try_from(env.bot.as_str()).expect("bot id")];
    let room = alice
        .create_room(request)
        .await
        .expect("alice creates a public room");
    wait_joined(alice, &room.room_id().to_owned(), &env.bot).await;
    room
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_code_goes_to_a_direct_room_opened_once() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("private");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let mut shared = Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    let asked = say(&room, "!oware link", None).await;
    let recorded = loop {
        let dm_room = store
            .outbox()
            .dm_room(Platform::Matrix, &env.alice.0)
            .await
            .expect("reads");
        if let Some(id) = dm_room {
            break OwnedRoomId::try_from(id).expect("room id");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    invited_as_direct(&alice, &recorded).await;
    let mut private = dm(service.as_ref(), &alice, &env.bot).await;
    assert_ne!(private.room.room_id(), room.room_id());
    let code = private.next(1, "the link code").await;
    assert!(
        body(&code[0]).contains("Your link code is"),
        "{:#}",
        code[0]
    );
    pointer_in_place(&mut shared, asked.as_str(), "the pointer").await;
    assert!(
        bots_direct_rooms(&env, &env.alice.0)
            .await
            .contains(&recorded.to_string()),
        "the bot's m.direct lists the room"
    );

    // The same direct room again, and a command typed there is answered there.
    let asked = say(&room, "!oware link", None).await;
    let again = private.next(1, "a second code").await;
    assert!(body(&again[0]).contains("Your link code is"));
    pointer_in_place(&mut shared, asked.as_str(), "the second pointer").await;
    say(&private.room, "!oware link", None).await;
    let there = private.next(1, "asked in the direct room").await;
    assert!(body(&there[0]).contains("Your link code is"));
    let recorded_now = store
        .outbox()
        .dm_room(Platform::Matrix, &env.alice.0)
        .await
        .expect("reads");
    assert_eq!(
        recorded_now.as_deref(),
        Some(private.room.room_id().as_str()),
        "one direct room, recorded and reused"
    );
    shared
        .quiet(Duration::ZERO, "nothing more in the shared room")
        .await;

    // Two members, but anyone may join: the code still goes to the direct room.
    let public = public_pair_room(&env, &alice).await;
    let mut lobby = Watch {
        room: public.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    let asked = say(&public, "!oware link", None).await;
    let code = private.next(1, "asked in a public two-member room").await;
    assert!(body(&code[0]).contains("Your link code is"));
    pointer_in_place(&mut lobby, asked.as_str(), "the public room's pointer").await;

    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `/oware settings me notify:dm`: when a correspondence game waits for Alice's
/// move, the deliverer tells her in her direct room (opened for it and recorded),
/// not in the game's room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_arrives_in_a_direct_room() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("notify");
    let (service, _, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let shared = Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    let place = Place {
        platform: Platform::Matrix,
        space: None,
        channel: room.room_id().to_string(),
        thread: None,
    };
    let person = |id: &str, name: &str| User {
        id: id.to_owned(),
        name: name.to_owned(),
        is_bot: false,
    };
    let (a, b) = (person(&env.alice.0, "alice"), person(&env.bob.0, "bob"));
    let said = |who: &User, action: Action| {
        service.handle(Command::new(place.clone(), who.clone(), action))
    };
    let set = said(
        &a,
        Action::MySettings {
            changes: vec![("notify".into(), "dm".into())],
        },
    )
    .await;
    assert!(set.text.contains("Your settings changed"), "{}", set.text);
    let options = ChallengeOptions {
        time: Some("1d".parse().expect("a time control")),
        ..ChallengeOptions::default()
    };
    let challenged = said(
        &a,
        Action::Play {
            opponent: b.clone(),
            options,
        },
    )
    .await;
    assert!(!challenged.private, "{}", challenged.text);
    let accepted = said(&b, Action::Accept { challenge: None }).await;
    let game = accepted.game.expect("a game");
    for (who, pit) in [(&a, "c"), (&b, "a")] {
        let moved = said(
            who,
            Action::Move {
                pit: pit.parse().expect("a pit letter"),
                game: Some(game),
                ply: None,
            },
        )
        .await;
        assert!(!moved.private, "{}", moved.text);
    }

    let mut private = dm(service.as_ref(), &alice, &env.bot).await;
    let told = private.next(1, "alice's turn").await;
    assert!(
        body(&told[0]).contains("Your move in") && body(&told[0]).contains("played a"),
        "{:#}",
        told[0]
    );
    assert_ne!(private.room.room_id(), room.room_id());
    shared
        .quiet(Duration::from_secs(2), "nothing in the game's room")
        .await;

    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
