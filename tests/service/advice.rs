//! Onlookers' advice through the real service on a fresh SQLite file each.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use crate::support::{cmd_at, place, start_game_at, TempDb};
use oware_bot::service::{Action, ChallengeOptions, Place, Reply};

fn advise(pit: &str) -> Action {
    Action::Advise {
        pit: pit.parse().expect("a pit letter"),
        game: None,
    }
}

fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    }
}

fn board() -> Action {
    support::board(None)
}

fn tally_of(reply: &Reply) -> Option<&str> {
    reply
        .text
        .lines()
        .find(|l| l.starts_with("Onlookers suggest"))
}

#[tokio::test]
async fn onlookers_vote_once_per_ply_and_the_board_shows_the_tally() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", casual()).await;
    // Advice happens in the game's thread.
    let thread = Place {
        thread: Some("thread-1".to_owned()),
        ..here.clone()
    };
    service.ops().set_thread(game, &thread).await.unwrap();

    let ack = service.handle(cmd_at(&thread, "carol", advise("d"))).await;
    assert!(ack.private, "the ack is private");
    assert!(
        ack.text.contains("you suggest **D**") && ack.text.contains("Onlookers suggest: D ×1"),
        "{}",
        ack.text
    );
    let ack = service.handle(cmd_at(&thread, "dave", advise("D"))).await;
    assert!(ack.text.contains("Onlookers suggest: D ×2"), "{}", ack.text);
    // Carol changes her mind: her latest vote counts, once.
    let ack = service.handle(cmd_at(&thread, "carol", advise("b"))).await;
    assert!(
        ack.text.contains("Onlookers suggest: B ×1, D ×1"),
        "{}",
        ack.text
    );
    let votes = db.store().moderation().advice_votes(game, 0).await.unwrap();
    assert_eq!(votes.len(), 2);

    // Players cannot advise in their own game; illegal pits are refused.
    let own = service.handle(cmd_at(&thread, "alice", advise("c"))).await;
    assert!(
        own.private && own.text.contains("you are playing in this game"),
        "{}",
        own.text
    );
    let own = service.handle(cmd_at(&thread, "bob", advise("c"))).await;
    assert!(
        own.private && own.text.contains("you are playing in this game"),
        "{}",
        own.text
    );

    // The board for the side to move shows the tally, in the text and the picture.
    let shown = service.handle(cmd_at(&thread, "alice", board())).await;
    assert_eq!(
        tally_of(&shown),
        Some("Onlookers suggest: B ×1, D ×1."),
        "{}",
        shown.text
    );
    assert!(
        shown.files[0]
            .description
            .contains("Onlookers suggest: B ×1, D ×1"),
        "{}",
        shown.files[0].description
    );

    // A move resets the tally for the next ply.
    let moved = service
        .handle(cmd_at(
            &thread,
            "alice",
            Action::Move {
                pit: "d".parse().expect("a pit letter"),
                game: None,
                ply: None,
            },
        ))
        .await;
    assert!(!moved.private, "{}", moved.text);
    assert_eq!(tally_of(&moved), None, "{}", moved.text);
    let shown = service.handle(cmd_at(&thread, "carol", board())).await;
    assert_eq!(tally_of(&shown), None, "{}", shown.text);
    assert!(!shown.files[0].description.contains("Onlookers"));
    // Now North is to move: letters name North's row.
    let ack = service.handle(cmd_at(&thread, "carol", advise("B"))).await;
    assert!(ack.text.contains("Onlookers suggest: b ×1"), "{}", ack.text);
    let shown = service.handle(cmd_at(&thread, "bob", board())).await;
    assert_eq!(
        tally_of(&shown),
        Some("Onlookers suggest: b ×1."),
        "{}",
        shown.text
    );
    // A pit that cannot be played now is refused with the legal ones.
    service
        .handle(cmd_at(
            &thread,
            "bob",
            Action::Move {
                pit: "a".parse().expect("a pit letter"),
                game: None,
                ply: None,
            },
        ))
        .await;
    // South's D was emptied by the first move.
    let empty = service.handle(cmd_at(&thread, "carol", advise("d"))).await;
    assert!(
        empty.private && empty.text.contains("not a legal move now"),
        "{}",
        empty.text
    );
}

#[tokio::test]
async fn advice_is_off_for_rated_games_and_when_disabled() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let challenge = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: support::user("bob"),
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(
        challenge.text.contains("rated, 3 days a move, advice off"),
        "{}",
        challenge.text
    );
    service
        .handle(cmd_at(&here, "bob", Action::Accept { challenge: None }))
        .await;
    let off = service.handle(cmd_at(&here, "carol", advise("c"))).await;
    assert!(
        off.private && off.text.contains("advice is off"),
        "{}",
        off.text
    );

    let elsewhere = support::place_at(oware_bot::service::Platform::Console, None, "side-room");
    let options = ChallengeOptions {
        advice: Some(false),
        ..casual()
    };
    let game = start_game_at(&service, &elsewhere, "dave", "erin", options).await;
    let off = service
        .handle(cmd_at(
            &elsewhere,
            "carol",
            Action::Advise {
                pit: "c".parse().expect("a pit letter"),
                game: Some(game),
            },
        ))
        .await;
    assert!(
        off.private && off.text.contains("advice is off"),
        "{}",
        off.text
    );
    assert!(db
        .store()
        .moderation()
        .advice_votes(game, 0)
        .await
        .unwrap()
        .is_empty());
    // Rated with advice explicitly on is allowed.
    let options = ChallengeOptions {
        advice: Some(true),
        ..ChallengeOptions::default()
    };
    let game = start_game_at(&service, &elsewhere, "frank", "gina", options).await;
    let ok = service
        .handle(cmd_at(
            &elsewhere,
            "carol",
            Action::Advise {
                pit: "c".parse().expect("a pit letter"),
                game: Some(game),
            },
        ))
        .await;
    assert!(ok.text.contains("Onlookers suggest: C ×1"), "{}", ok.text);
}
