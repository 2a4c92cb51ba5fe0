//! A whole game through the Discord adapter: the real serenity + poise client against
//! the loopback fake Discord, with the scripted fake service.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::service::GameId;
use std::time::Duration;

use crate::discord_fake::harness::{
    alice, bob, bob_user, callback, channel, custom_ids, start_bot, EPHEMERAL,
};
use crate::discord_fake::payloads::{self, CHANNEL_ID};
use crate::discord_fake::service as script;
use oware_bot::service::{Action, Place, Reply, User};
use serde_json::json;

/// A whole game through the adapter: a challenge, Accept by button (the game opens in
/// its own thread), moves by button and by `/move`, a refused move, the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_the_adapter() {
    let bot = start_bot(None).await;
    let (fake, service) = (&bot.fake, &bot.service);

    service.then(script::challenge(3, bob_user()));
    let play = payloads::oware(
        &alice(),
        "play",
        json!([{ "name": "opponent", "type": 6, "value": "222222222222222222" }]),
        &[bob()],
    );
    fake.interaction(play.clone());
    callback(fake, &play).await;

    // Bob accepts: a title message in the channel, a thread on it, the board there.
    let mut started = script::board(
        "Bob accepted. Alice to move.",
        GameId::new(12),
        0,
        "ABCDEF",
        "",
    );
    started.open_thread = Some("Oware: Alice vs Bob".into());
    started.mentions = vec![User {
        id: "111111111111111111".into(),
        name: "Alice".into(),
        is_bot: false,
    }];
    service.then(started);
    let accept = payloads::button(&bob(), "ok:3");
    fake.interaction(accept.clone());
    let title = callback(fake, &accept).await.json();
    assert_eq!(title["type"], json!(4), "a new message, not an edit");
    let opened = fake
        .wait_for(1, |r| r.method == "POST" && r.path.ends_with("/threads"))
        .await;
    let title_id = fake
        .original_id(&payloads::token(&accept))
        .expect("the bot fetched its title message");
    assert_eq!(
        opened[0].path,
        format!("/api/v10/channels/{CHANNEL_ID}/messages/{title_id}/threads"),
        "the thread hangs off the title message"
    );
    assert_eq!(opened[0].json()["name"], json!("Oware: Alice vs Bob"));
    let posted = fake
        .wait_for(1, |r| {
            r.method == "POST" && r.path.ends_with("/messages") && !r.path.contains(CHANNEL_ID)
        })
        .await;
    let thread_id = posted[0].path.split('/').nth(4).unwrap().to_owned();
    let board = posted[0].json();
    assert!(board["content"]
        .as_str()
        .unwrap()
        .starts_with("<@111111111111111111> Bob accepted."));
    assert_eq!(posted[0].files()[0].bytes, script::PNG);
    assert_eq!(custom_ids(&board["components"])[0][0], "mv:12:0:A");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while service.threads().is_empty() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let in_thread = Place {
        thread: Some(thread_id.clone()),
        ..channel()
    };
    assert_eq!(service.threads(), [(12, in_thread.clone())]);

    // Alice presses pit C in the thread; Bob answers with `/move f`; Bob then tries
    // to move out of turn and is refused privately; Alice resigns.
    service.then(script::board(
        "Alice sowed C. Bob to move.",
        GameId::new(12),
        1,
        "fedcba",
        "",
    ));
    let mut press = payloads::button(&alice(), "mv:12:0:C");
    payloads::in_thread(&mut press, &thread_id);
    fake.interaction(press.clone());
    let moved = callback(fake, &press).await;
    assert_eq!(moved.json()["type"], json!(4));
    assert_eq!(
        custom_ids(&moved.json()["data"]["components"])[1],
        ["mv:12:1:c", "mv:12:1:b", "mv:12:1:a"]
    );

    service.then(script::board(
        "Bob sowed f. Alice to move.",
        GameId::new(12),
        2,
        "ABCDEF",
        "C",
    ));
    let mut typed = payloads::slash_move(&bob(), "f");
    payloads::in_thread(&mut typed, &thread_id);
    fake.interaction(typed.clone());
    callback(fake, &typed).await;

    service.then(Reply::private("It is Alice's turn, not yours."));
    let mut early = payloads::slash_move(&bob(), "e");
    payloads::in_thread(&mut early, &thread_id);
    fake.interaction(early.clone());
    let refused = callback(fake, &early).await.json();
    assert_eq!(
        refused["data"]["flags"].as_u64().unwrap() & EPHEMERAL,
        EPHEMERAL
    );

    service.then(Reply {
        game: Some(GameId::new(12)),
        ..Reply::public("Alice resigned. Bob wins (rating 1500 → 1516).")
    });
    let mut resign = payloads::oware(&alice(), "resign", json!([]), &[]);
    payloads::in_thread(&mut resign, &thread_id);
    fake.interaction(resign.clone());
    let end = callback(fake, &resign).await.json();
    assert!(end["data"]["content"]
        .as_str()
        .unwrap()
        .starts_with("Alice resigned."));

    let actions: Vec<(String, Action, Option<String>)> = service
        .commands()
        .into_iter()
        .map(|c| (c.author.name, c.action, c.place.thread))
        .collect();
    let thread = Some(thread_id);
    assert_eq!(
        actions,
        [
            (
                "Alice".into(),
                Action::Play {
                    opponent: bob_user(),
                    options: Default::default()
                },
                None
            ),
            (
                "Bob".into(),
                Action::Accept {
                    challenge: Some(oware_bot::service::ChallengeId::new(3))
                },
                None
            ),
            (
                "Alice".into(),
                Action::Move {
                    pit: "C".parse().expect("a pit letter"),
                    game: Some(GameId::new(12)),
                    ply: Some(0)
                },
                thread.clone()
            ),
            (
                "Bob".into(),
                Action::Move {
                    pit: "f".parse().expect("a pit letter"),
                    game: None,
                    ply: None
                },
                thread.clone()
            ),
            (
                "Bob".into(),
                Action::Move {
                    pit: "e".parse().expect("a pit letter"),
                    game: None,
                    ply: None
                },
                thread.clone()
            ),
            (
                "Alice".into(),
                Action::Resign {
                    game: None,
                    confirmed: false
                },
                thread
            ),
        ]
    );
}
