//! Games and challenges act only in their own space (a Discord server, a Matrix room,
//! a console room): from elsewhere they are "no such game here". One's own finished
//! games can be replayed from anywhere, and only a player's command pings a player.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use crate::support::{cmd_at, place_at, play_plies, start_game_at, user, TempDb};
use oware_bot::service::{Action, ChallengeOptions, Platform};

#[tokio::test]
async fn a_game_is_reached_only_from_its_own_server_or_room() {
    let db = TempDb::new();
    let service = db.service().await;
    let server = place_at(Platform::Discord, Some("guild-1"), "chan-1");
    let same_server = place_at(Platform::Discord, Some("guild-1"), "chan-2");
    let other_server = place_at(Platform::Discord, Some("guild-2"), "chan-9");
    let casual = ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    };
    let game = start_game_at(&service, &server, "alice", "bob", casual).await;
    play_plies(&service, &server, game, ["alice", "bob"], 2).await;

    // Another channel of the same server may look; another server may not.
    let board = service
        .handle(cmd_at(&same_server, "carol", support::board(Some(game))))
        .await;
    assert!(!board.private, "{}", board.text);
    for action in [
        support::board(Some(game)),
        Action::Advise {
            pit: "c".parse().expect("a pit letter"),
            game: Some(game),
        },
        Action::Replay { game },
    ] {
        let reply = service
            .handle(cmd_at(&other_server, "carol", action.clone()))
            .await;
        assert!(
            reply.private && reply.text.contains(&format!("no game #{game} here")),
            "{action:?}: {}",
            reply.text
        );
    }
    // A player cannot move it from elsewhere either, nor replay it while it runs.
    let reply = service
        .handle(cmd_at(&other_server, "alice", support::mv_in("a", game)))
        .await;
    assert!(
        reply.private && reply.text.contains("here"),
        "{}",
        reply.text
    );
    let reply = service
        .handle(cmd_at(&other_server, "alice", Action::Replay { game }))
        .await;
    assert!(reply.private, "{}", reply.text);

    // Finished, it is alice's to replay from anywhere, and in her history everywhere;
    // carol elsewhere does not see it in alice's history.
    service
        .handle(cmd_at(
            &server,
            "bob",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    let reply = service
        .handle(cmd_at(&other_server, "alice", Action::Replay { game }))
        .await;
    assert!(
        !reply.private && reply.text.contains("Replay of game"),
        "{}",
        reply.text
    );
    let history = service
        .handle(cmd_at(
            &other_server,
            "alice",
            Action::History { user: None },
        ))
        .await;
    assert!(
        history.text.contains(&format!("#{game} vs")),
        "{}",
        history.text
    );
    let theirs = service
        .handle(cmd_at(
            &other_server,
            "carol",
            Action::History {
                user: Some(user("alice")),
            },
        ))
        .await;
    assert!(
        !theirs.text.contains(&format!("#{game} vs")),
        "{}",
        theirs.text
    );
    // It says why: not "never played", but none here, and where to look.
    assert!(
        theirs
            .text
            .contains("**alice** has played no games in this room")
            && theirs.text.contains("`/oware stats @alice`")
            && !theirs.text.contains("not played a game yet"),
        "{}",
        theirs.text
    );
}

#[tokio::test]
async fn challenges_and_threads_stay_in_their_room() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = place_at(Platform::Matrix, None, "!room-a:localhost");
    let elsewhere = place_at(Platform::Matrix, None, "!room-b:localhost");
    service
        .handle(cmd_at(
            &room,
            "alice",
            Action::Play {
                opponent: user("bob"),
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    // Bob's accept in another room finds no challenge, even by id (a stale button).
    for challenge in [None, Some(oware_bot::service::ChallengeId::new(1))] {
        let reply = service
            .handle(cmd_at(&elsewhere, "bob", Action::Accept { challenge }))
            .await;
        assert!(reply.private && reply.game.is_none(), "{}", reply.text);
    }
    let reply = service
        .handle(cmd_at(
            &room,
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    let game = reply.game.expect("accepted in its room");
    // A thread in another room cannot become the game's thread.
    let mut thread = elsewhere.clone();
    thread.thread = Some("$root-b".into());
    assert!(service.ops().set_thread(game, &thread).await.is_err());
    let mut thread = room.clone();
    thread.thread = Some("$root-a".into());
    service
        .ops()
        .set_thread(game, &thread)
        .await
        .expect("its own room");
}

#[tokio::test]
async fn only_a_players_command_pings_a_player() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = support::place();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    let onlooker = service
        .handle(cmd_at(&here, "carol", support::board(Some(game))))
        .await;
    assert!(onlooker.mentions.is_empty(), "{:?}", onlooker.mentions);
    let player = service
        .handle(cmd_at(&here, "bob", support::board(Some(game))))
        .await;
    assert_eq!(player.mentions, vec![user("alice")]);
}

#[tokio::test]
async fn a_thread_id_reaches_only_the_games_of_its_own_room() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = place_at(Platform::Matrix, None, "!a:example.org");
    let game = start_game_at(&service, &room, "alice", "bob", ChallengeOptions::default()).await;
    let mut thread = room.clone();
    thread.thread = Some("$root-a".into());
    service.ops().set_thread(game, &thread).await.unwrap();

    // In another room a client names room A's thread in its thread relation: the
    // game there is not reached, neither to look at nor to move in.
    let mut forged = place_at(Platform::Matrix, None, "!b:example.org");
    forged.thread = Some("$root-a".into());
    for action in [support::board(None), support::mv("a")] {
        let reply = service
            .handle(cmd_at(&forged, "alice", action.clone()))
            .await;
        assert!(
            reply.private && reply.game.is_none(),
            "{action:?}: {}",
            reply.text
        );
    }
    assert_eq!(
        db.count(&format!("SELECT ply FROM games WHERE id = {game}"))
            .await,
        0
    );
    // The same in another Discord server naming this server's thread.
    let server = place_at(Platform::Discord, Some("guild-1"), "chan-1");
    let theirs = start_game_at(
        &service,
        &server,
        "carol",
        "dave",
        ChallengeOptions::default(),
    )
    .await;
    let mut opened = server.clone();
    opened.thread = Some("555".into());
    service.ops().set_thread(theirs, &opened).await.unwrap();
    let mut other = place_at(Platform::Discord, Some("guild-2"), "chan-9");
    other.thread = Some("555".into());
    let reply = service
        .handle(cmd_at(&other, "carol", support::mv("a")))
        .await;
    assert!(reply.private && reply.game.is_none(), "{}", reply.text);

    // In its own thread it is found.
    let reply = service
        .handle(cmd_at(&thread, "alice", support::mv("a")))
        .await;
    assert!(!reply.private, "{}", reply.text);
}
