//! "Your turn" direct messages (`/oware settings me notify:dm`) through the real
//! service: a player who asked for them gets one, addressed to them and not to the
//! game's channel, each time a correspondence game waits for their move; nobody
//! else does, live games send none, and one made moot by their move is not sent.

use std::sync::Arc;

use crate::support::{self, cmd_at, first_legal_pit, mv_in, place, start_game_at, timed, TempDb};
use oware_bot::service::{Action, Outgoing, Platform, Service};
use oware_bot::store::Store;

async fn service() -> (TempDb, Arc<Service>) {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    (db, service)
}

async fn notify(service: &Service, author: &str, value: &str, shown: &str) {
    let reply = service
        .handle(cmd_at(
            &place(),
            author,
            Action::MySettings {
                changes: vec![("notify".into(), value.into())],
            },
        ))
        .await;
    assert!(
        reply.text.contains("Your settings changed"),
        "{}",
        reply.text
    );
    assert!(
        reply
            .table
            .as_deref()
            .is_some_and(|t| t.contains(&format!("notify   {shown}"))),
        "{:?}",
        reply.table
    );
}

/// `author` plays the first legal pit of game `game`.
async fn play(service: &Service, store: &Store, game: oware_bot::service::GameId, author: &str) {
    let row = store.games().game(game).await.unwrap().unwrap();
    let reply = service
        .handle(cmd_at(
            &place(),
            author,
            mv_in(&first_legal_pit(&row), game),
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
}

/// The direct messages waiting, marking everything sent.
async fn direct(service: &Arc<Service>) -> Vec<Outgoing> {
    support::due(service)
        .await
        .into_iter()
        .filter(|m| m.recipient.is_some())
        .collect()
}

#[tokio::test]
async fn a_player_who_asked_is_told_each_time_it_is_their_move() {
    let (db, service) = service().await;
    notify(&service, "alice", "dm", "dm").await;
    let game = start_game_at(&service, &place(), "alice", "bob", timed("1d")).await;
    // Alice moves: bob's turn, and bob asked for nothing.
    play(&service, &db.store(), game, "alice").await;
    assert!(direct(&service).await.is_empty());
    // Bob moves: alice's turn.
    play(&service, &db.store(), game, "bob").await;
    let told = direct(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    let dm = &told[0];
    assert_eq!(dm.recipient.as_deref(), Some("alice"));
    assert_eq!(dm.place.platform, Platform::Console);
    assert_eq!(dm.place.channel, "alice", "queued as the person's own");
    assert_eq!(dm.reply.game, None, "no game thread to post in");
    let text = &dm.reply.text;
    assert!(
        text.contains("Your move in #1 alice vs bob")
            && text.contains("**bob** played")
            && text.contains("Play before"),
        "{text}"
    );

    // Once she no longer wants them, none comes.
    notify(&service, "alice", "off", "off").await;
    play(&service, &db.store(), game, "alice").await;
    play(&service, &db.store(), game, "bob").await;
    assert!(direct(&service).await.is_empty());
}

#[tokio::test]
async fn a_message_made_moot_by_the_move_is_not_sent() {
    let (db, service) = service().await;
    notify(&service, "alice", "on", "dm").await;
    let game = start_game_at(&service, &place(), "alice", "bob", timed("3d")).await;
    play(&service, &db.store(), game, "alice").await;
    play(&service, &db.store(), game, "bob").await;
    // Alice moves before the message goes out.
    play(&service, &db.store(), game, "alice").await;
    assert!(direct(&service).await.is_empty());
}

#[tokio::test]
async fn live_games_send_none() {
    let (db, service) = service().await;
    notify(&service, "alice", "dm", "dm").await;
    let game = start_game_at(&service, &place(), "alice", "bob", timed("5+3")).await;
    play(&service, &db.store(), game, "alice").await;
    play(&service, &db.store(), game, "bob").await;
    assert!(direct(&service).await.is_empty());
}

/// The message is kept as what happened and written when it goes out, in its
/// reader's language: alice's own French, though bob moved in English; carol, who
/// chose none, reads the language of the place where the game is played.
#[tokio::test]
async fn each_is_written_in_its_readers_language() {
    let (db, service) = service().await;
    notify(&service, "alice", "dm", "dm").await;
    let french = service
        .handle(cmd_at(
            &place(),
            "alice",
            Action::MySettings {
                changes: vec![("language".into(), "fr".into())],
            },
        ))
        .await;
    assert!(
        french.table.as_deref().is_some_and(|t| t.contains("fr")),
        "{french:?}"
    );
    let game = start_game_at(&service, &place(), "alice", "bob", timed("1d")).await;
    play(&service, &db.store(), game, "alice").await;
    play(&service, &db.store(), game, "bob").await;
    let told = direct(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    let text = &told[0].reply.text;
    assert!(
        text.contains("À vous de jouer dans") && text.contains("**bob** a joué"),
        "written in alice's French: {text}"
    );
    assert_eq!(told[0].reply.language.tag(), "fr");

    // Carol chose no language; the game's room speaks French.
    let room = oware_bot::service::Place {
        channel: "salon".into(),
        ..place()
    };
    let set = service
        .handle(
            cmd_at(
                &room,
                "mod",
                Action::Settings {
                    changes: vec![("language".into(), "fr".into())],
                },
            )
            .with_role(oware_bot::service::Role::Admin),
        )
        .await;
    assert!(
        set.text.contains("parle désormais français"),
        "{}",
        set.text
    );
    notify(&service, "carol", "dm", "dm").await;
    let game = start_game_at(&service, &room, "carol", "dave", timed("1d")).await;
    for author in ["carol", "dave"] {
        let row = db.game(game).await;
        let reply = service
            .handle(cmd_at(&room, author, mv_in(&first_legal_pit(&row), game)))
            .await;
        assert!(!reply.private, "{}", reply.text);
    }
    let told = direct(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].recipient.as_deref(), Some("carol"));
    assert!(
        told[0].reply.text.contains("À vous de jouer dans"),
        "written in the room's French: {}",
        told[0].reply.text
    );
}
