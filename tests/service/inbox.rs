//! Exactly once: a command's event handled again (a Matrix sync replayed after a
//! crash) is answered with nothing and changes nothing, whether it made a
//! challenge, accepted one, started a game against the engine, played a move or
//! only read something. Through the real service on a fresh SQLite file.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::sync::Arc;

use crate::support::{cmd, mv, play, refused, TempDb};
use oware_bot::engine::Level;
use oware_bot::service::{Action, ChallengeOptions, First, Platform, User};
use oware_bot::store::Store;

fn play_engine() -> Action {
    Action::Play {
        opponent: User {
            id: "oware-bot".to_owned(),
            name: "oware-bot".to_owned(),
            is_bot: true,
        },
        options: ChallengeOptions {
            first: First::Challenger,
            level: Some(Level::Easy),
            ..ChallengeOptions::default()
        },
    }
}

async fn plies(store: &Store, game: oware_bot::service::GameId) -> usize {
    store.games().moves(game).await.expect("reads").len()
}

#[tokio::test]
async fn a_replayed_engine_game_start_and_move_change_nothing() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);

    let start = service
        .handle_event("$play", cmd("alice", play_engine()))
        .await;
    assert!(!refused(&start), "{}", start.text);
    let game = start.game.expect("a game starts at once");
    let again = service
        .handle_event("$play", cmd("alice", play_engine()))
        .await;
    assert!(again.is_empty(), "a replayed start says nothing: {again:?}");
    let games = db
        .store()
        .games()
        .active_games_of(Platform::Console, "alice")
        .await
        .expect("reads");
    assert_eq!(games.len(), 1, "one game against the engine");

    let moved = service.handle_event("$move", cmd("alice", mv("c"))).await;
    assert!(!refused(&moved), "{}", moved.text);
    assert_eq!(service.ops().run_due_jobs().await, 1, "the engine answers");
    assert_eq!(plies(&db.store(), game).await, 2);
    // Alice is to move again: without the inbox, `move c` would be played again.
    let replayed = service.handle_event("$move", cmd("alice", mv("c"))).await;
    assert!(replayed.is_empty(), "{replayed:?}");
    assert_eq!(
        plies(&db.store(), game).await,
        2,
        "the move is not played twice"
    );
    assert_eq!(
        service.ops().run_due_jobs().await,
        0,
        "no engine move is due"
    );

    // The same command in a new event is a new move.
    let fresh = service.handle_event("$move2", cmd("alice", mv("d"))).await;
    assert!(!refused(&fresh), "{}", fresh.text);
    assert_eq!(plies(&db.store(), game).await, 3);
}

#[tokio::test]
async fn a_replayed_challenge_accept_and_move_between_people_change_nothing() {
    let db = TempDb::new();
    let service = db.service().await;

    let challenge = service.handle_event("$c", cmd("alice", play("bob"))).await;
    assert!(!refused(&challenge), "{}", challenge.text);
    // Even once the first is answered, a replay does not challenge again.
    assert!(service
        .handle_event("$c", cmd("alice", play("bob")))
        .await
        .is_empty());
    let pending = db
        .store()
        .challenges()
        .pending_challenges_of(Platform::Console, "alice", service.now())
        .await
        .expect("reads");
    assert_eq!(pending.len(), 1);

    let accept = Action::Accept { challenge: None };
    let accepted = service.handle_event("$a", cmd("bob", accept.clone())).await;
    assert!(!refused(&accepted), "{}", accepted.text);
    let game = accepted.game.expect("a game");
    assert!(service
        .handle_event("$a", cmd("bob", accept))
        .await
        .is_empty());

    let moved = service.handle_event("$m", cmd("alice", mv("c"))).await;
    assert!(!refused(&moved), "{}", moved.text);
    assert!(service
        .handle_event("$m", cmd("alice", mv("c")))
        .await
        .is_empty());
    assert_eq!(plies(&db.store(), game).await, 1);

    // A refusal is answered once too.
    let early = service.handle_event("$early", cmd("alice", mv("d"))).await;
    assert!(
        refused(&early) && early.text.contains("not your turn"),
        "{early:?}"
    );
    assert!(service
        .handle_event("$early", cmd("alice", mv("d")))
        .await
        .is_empty());
    // So is a command that only reads.
    let board = support::board(None);
    assert!(!service
        .handle_event("$b", cmd("bob", board.clone()))
        .await
        .is_empty());
    assert!(service
        .handle_event("$b", cmd("bob", board))
        .await
        .is_empty());
    assert_eq!(
        db.store()
            .games()
            .active_games_of(Platform::Console, "alice")
            .await
            .expect("reads")
            .len(),
        1
    );
}

#[tokio::test]
async fn the_same_event_twice_at_once_applies_once() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    support::start_game(&service).await;
    let (a, b) = tokio::join!(
        service.handle_event("$twice", cmd("alice", mv("c"))),
        service.handle_event("$twice", cmd("alice", mv("c"))),
    );
    let answered = [&a, &b].iter().filter(|r| !r.is_empty()).count();
    assert_eq!(answered, 1, "one answer: {a:?} {b:?}");
    assert!(!refused(if a.is_empty() { &b } else { &a }));
    assert_eq!(
        plies(&db.store(), oware_bot::service::GameId::new(1)).await,
        1
    );
}

#[tokio::test]
async fn a_replayed_link_code_request_makes_no_second_code() {
    let db = TempDb::new();
    let service = db.service().await;
    let link = Action::Link {
        code: None,
        confirmed: false,
    };
    let first = service.handle_event("$l", cmd("alice", link.clone())).await;
    assert!(first.text.contains("Your link code is"), "{first:?}");
    assert!(service
        .handle_event("$l", cmd("alice", link))
        .await
        .is_empty());
    // Events are per network: the same id elsewhere is another event.
    let mut elsewhere = cmd("alice", Action::Help);
    elsewhere.place.platform = Platform::Discord;
    assert!(!service.handle_event("$l", elsewhere).await.is_empty());
}
