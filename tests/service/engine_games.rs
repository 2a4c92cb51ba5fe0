//! Games against the built-in engine through the real service and a real SQLite
//! file: they start at once, the bot answers every move legally (its move is a job,
//! announced through the outbox), and they are casual.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::sync::Arc;

use crate::support::{cmd, mv, refused, TempDb};
use oware_bot::engine::Level;
use oware_bot::rules::{Game, Pit, Variant};
use oware_bot::service::{Action, ChallengeOptions, First, Platform, User};
use oware_bot::store::Store;

fn bot() -> User {
    User {
        id: "oware-bot".to_owned(),
        name: "oware-bot".to_owned(),
        is_bot: true,
    }
}

fn play_bot(first: First) -> Action {
    Action::Play {
        opponent: bot(),
        options: ChallengeOptions {
            first,
            level: Some(Level::Easy),
            ..ChallengeOptions::default()
        },
    }
}

/// Replays the stored moves with the rules core: every one of them was legal.
async fn stored_game(store: &Store, game: oware_bot::service::GameId) -> Game {
    let moves = store.games().moves(game).await.unwrap();
    let pits: Vec<Pit> = moves.iter().map(|m| m.pit).collect();
    Game::from_moves(Variant::Abapa, &pits).expect("every stored move is legal")
}

#[tokio::test]
async fn the_bot_answers_every_move_legally_until_the_game_ends() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let reply = service
        .handle(cmd("alice", play_bot(First::Challenger)))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
    assert!(
        reply.text.contains("against the engine (easy level"),
        "{}",
        reply.text
    );
    let game_id = reply.game.expect("a game starts at once");
    let row = db.game(game_id).await;
    assert!(!row.rated, "games against the bot are never rated");
    for turn in 0..200 {
        let game = stored_game(&db.store(), game_id).await;
        if game.is_over() {
            assert!(turn > 0);
            return;
        }
        // Alice (South) plays her first legal pit; the bot answers through a job.
        let pit = game.legal_moves().into_iter().next().unwrap();
        let letter = pit.letter().to_string();
        let reply = service.handle(cmd("alice", mv(&letter))).await;
        assert!(!refused(&reply), "turn {turn}: {}", reply.text);
        if stored_game(&db.store(), game_id).await.is_over() {
            continue;
        }
        assert!(
            reply.text.contains("**oware-bot** is thinking")
                && reply.buttons.is_empty()
                && reply.mentions.is_empty(),
            "no pits are offered while the bot is to move: {reply:?}"
        );
        // The engine's job, and when its move ends the game, the check for advice to
        // judge (none here: it does nothing).
        let ran = service.ops().run_due_jobs().await;
        assert!((1..=2).contains(&ran), "one engine job: {ran}");
        let after = stored_game(&db.store(), game_id).await;
        assert_eq!(
            after.plies().len(),
            game.plies().len() + 2,
            "the bot answered once"
        );
        let sent = service.ops().unsent(Platform::Console, None).await;
        assert_eq!(sent.len(), 1, "one announcement of the bot's move");
        let message = &sent[0];
        assert!(
            message.reply.text.contains("**oware-bot** played"),
            "{}",
            message.reply.text
        );
        assert_eq!(message.reply.game, Some(game_id));
        assert!(
            message.reply.files[0].file_name.ends_with(".png"),
            "the board image is attached"
        );
        if !after.is_over() {
            assert_eq!(message.reply.mentions, vec![support::user("alice")]);
            assert!(
                !message.reply.buttons.is_empty(),
                "alice's pits are offered"
            );
        }
        service.ops().mark_sent(message.id).await;
    }
    panic!("the game did not end within 200 turns");
}

#[tokio::test]
async fn the_bot_moves_first_when_asked_and_others_cannot_move_for_it() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let reply = service
        .handle(cmd("alice", play_bot(First::Opponent)))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
    assert!(
        reply.text.contains("**oware-bot** is thinking"),
        "{}",
        reply.text
    );
    let game_id = reply.game.unwrap();
    assert_eq!(service.ops().run_due_jobs().await, 1);
    let game = stored_game(&db.store(), game_id).await;
    assert_eq!(game.plies().len(), 1, "the bot, South, has moved");
    let sent = service.ops().unsent(Platform::Console, None).await;
    assert!(
        sent.len() == 1 && sent[0].reply.text.contains("**oware-bot** played"),
        "{sent:?}"
    );
    // Run again: nothing is due, nothing moves twice.
    assert_eq!(service.ops().run_due_jobs().await, 0);
    assert_eq!(stored_game(&db.store(), game_id).await.plies().len(), 1);
    // Bob is no player here; he cannot move in Alice's game.
    let reply = service
        .handle(cmd("bob", support::mv_in("a", game_id)))
        .await;
    assert!(refused(&reply));
}

#[tokio::test]
async fn another_bot_cannot_be_challenged() {
    let db = TempDb::new();
    let service = db.service().await;
    let other = User {
        id: "some-other-bot".to_owned(),
        name: "OtherBot".to_owned(),
        is_bot: true,
    };
    let reply = service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: other,
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(refused(&reply), "{}", reply.text);
    // A registered account on another platform is the engine there.
    service.ops().register_bot_user(Platform::Discord, "42");
}
