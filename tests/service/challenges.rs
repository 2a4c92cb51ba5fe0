//! Challenges, threads, several games in one channel, and the adapters' view of the
//! service (`ChatService`), on a real SQLite file.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::time::Duration;

use crate::support::{cmd, mv, play, start_game, user, TempDb};
use oware_bot::service::{Action, ChallengeOptions, First, Place, Platform, ServiceConfig};

#[tokio::test]
async fn challenges_refuse_self_bots_and_duplicates() {
    let db = TempDb::new();
    let service = db.service().await;
    let me = service.handle(cmd("alice", play("alice"))).await;
    assert!(me.private && me.text.contains("yourself"), "{}", me.text);
    // Another bot cannot be challenged; this bot (the engine) can, see engine_games.rs.
    let mut bot = user("helperbot");
    bot.is_bot = true;
    let reply = service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: bot,
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(
        reply.private && reply.text.contains("bot"),
        "{}",
        reply.text
    );
    let first = service.handle(cmd("alice", play("bob"))).await;
    assert!(!first.private && first.mentions == vec![user("bob")]);
    assert_eq!(first.buttons.len(), 2);
    let again = service.handle(cmd("alice", play("bob"))).await;
    assert!(
        again.private && again.text.contains("already have a pending challenge"),
        "{}",
        again.text
    );
    // Bob cannot cancel Alice's challenge; Alice cannot accept it; Carol has none.
    let reply = service
        .handle(cmd(
            "bob",
            Action::Cancel {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(reply.private, "{}", reply.text);
    let reply = service
        .handle(cmd(
            "alice",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        reply.private && reply.text.contains("is yours"),
        "{}",
        reply.text
    );
    let reply = service
        .handle(cmd("carol", Action::Accept { challenge: None }))
        .await;
    assert!(
        reply.private && reply.text.contains("Nobody has challenged you"),
        "{}",
        reply.text
    );
    let reply = service
        .handle(cmd("bob", Action::Decline { challenge: None }))
        .await;
    assert!(
        !reply.private && reply.text.contains("declined"),
        "{}",
        reply.text
    );
    let reply = service
        .handle(cmd(
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        reply.private && reply.text.contains("was declined"),
        "{}",
        reply.text
    );
    // Once declined, a new challenge is fine; and it can be withdrawn.
    let reply = service.handle(cmd("alice", play("bob"))).await;
    assert!(!reply.private, "{}", reply.text);
    let reply = service
        .handle(cmd("alice", Action::Cancel { challenge: None }))
        .await;
    assert!(
        !reply.private && reply.text.contains("withdrew"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn challenges_expire_and_first_option_picks_sides() {
    let db = TempDb::new();
    let service = std::sync::Arc::new(
        db.service_with(ServiceConfig {
            challenge_ttl: Duration::ZERO,
            ..ServiceConfig::default()
        })
        .await,
    );
    service.handle(cmd("alice", play("bob"))).await;
    let reply = service
        .handle(cmd(
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        reply.private && reply.text.contains("expired"),
        "{}",
        reply.text
    );
    // The expiry is a job: it marks the challenge and announces it, once.
    assert_eq!(service.ops().run_due_jobs().await, 1);
    assert_eq!(service.ops().run_due_jobs().await, 0);
    let row = db
        .store()
        .challenges()
        .challenge(oware_bot::service::ChallengeId::new(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status.as_str(), "expired");
    let sent = service
        .ops()
        .unsent(oware_bot::service::Platform::Console, None)
        .await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].reply.text.contains("Challenge c1"), "{:?}", sent[0]);

    let service = db.service().await;
    let options = ChallengeOptions {
        first: First::Opponent,
        ..ChallengeOptions::default()
    };
    service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: user("bob"),
                options,
            },
        ))
        .await;
    let reply = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(reply.text.contains("**bob** plays South"), "{}", reply.text);
    assert_eq!(reply.mentions, vec![user("bob")]);
}

#[tokio::test]
async fn threads_and_several_games() {
    let db = TempDb::new();
    let service = db.service().await;
    let server = Place {
        platform: Platform::Discord,
        space: Some("guild".into()),
        channel: "general".into(),
        thread: None,
    };
    let at = |author: &str, action: Action, place: &Place| {
        oware_bot::service::Command::new(place.clone(), user(author), action)
    };
    service.handle(at("alice", play("bob"), &server)).await;
    let accepted = service
        .handle(at("bob", Action::Accept { challenge: None }, &server))
        .await;
    assert_eq!(accepted.open_thread.as_deref(), Some("Oware: alice vs bob"));
    let first = accepted.game.unwrap();
    let thread = Place {
        thread: Some("t1".into()),
        ..server.clone()
    };
    service.ops().set_thread(first, &thread).await.unwrap();
    service.handle(at("alice", play("bob"), &server)).await;
    let second = service
        .handle(at("bob", Action::Accept { challenge: None }, &server))
        .await
        .game
        .unwrap();
    // In the channel, `move c` is ambiguous; in the thread it means the first game.
    let reply = service.handle(at("alice", mv("c"), &server)).await;
    assert!(
        reply.private && reply.text.contains("several games"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(&format!("#{second}")), "{}", reply.text);
    let reply = service.handle(at("alice", mv("c"), &thread)).await;
    assert_eq!(
        (reply.private, reply.game),
        (false, Some(first)),
        "{}",
        reply.text
    );
    let named = support::mv_in("d", second);
    let reply = service.handle(at("alice", named, &server)).await;
    assert_eq!(
        (reply.private, reply.game),
        (false, Some(second)),
        "{}",
        reply.text
    );
    assert!(service
        .ops()
        .set_thread(oware_bot::service::GameId::new(9999), &thread)
        .await
        .is_err());
    let games = service.handle(at("alice", Action::Games, &server)).await;
    assert!(
        games.private && games.text.matches("alice vs bob").count() == 2,
        "{}",
        games.text
    );
}

#[tokio::test]
async fn the_chat_service_trait_for_adapters() {
    use oware_bot::chat::{ChatService, Receipt};
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let choices = |name: &str| ChatService::move_choices(&service, support::place(), user(name));
    assert_eq!(choices("alice").await, vec!['A', 'B', 'C', 'D', 'E', 'F']);
    assert!(choices("bob").await.is_empty());
    assert!(choices("carol").await.is_empty());
    let reply = ChatService::handle(&service, cmd("alice", mv("f"))).await;
    assert!(!reply.private, "{}", reply.text);
    assert_eq!(choices("bob").await, vec!['a', 'b', 'c', 'd', 'e', 'f']);
    let thread = Place {
        thread: Some("thread-9".into()),
        ..support::place()
    };
    let receipt = |game| Receipt::Thread {
        game,
        thread: thread.clone(),
    };
    ChatService::receipt(&service, receipt(game)).await;
    let row = db.game(game).await;
    assert_eq!(row.thread.as_deref(), Some("thread-9"));
    // The game's replies say where its thread is.
    let board = ChatService::handle(&service, cmd("bob", support::board(None))).await;
    assert_eq!(board.thread, Some(thread.clone()), "{}", board.text);
    // Unknown games are logged, not panicked on.
    ChatService::receipt(&service, receipt(oware_bot::service::GameId::new(4242))).await;
}

#[tokio::test]
async fn accepting_ones_own_open_challenge_says_it_is_theirs() {
    let db = TempDb::new();
    let service = db.service().await;
    // Bob's last answered challenge is alice's, accepted.
    start_game(&service).await;
    let open = service
        .handle(cmd(
            "bob",
            Action::Open {
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(!open.private, "{}", open.text);
    let accept = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(
        accept.private
            && accept.text.starts_with("Challenge c2 is yours")
            && accept.text.contains("/oware cancel")
            && !accept.text.contains("accepted already"),
        "{}",
        accept.text
    );
}

#[tokio::test]
async fn a_level_applies_only_to_the_engine() {
    let db = TempDb::new();
    let service = db.service().await;
    let easy = ChallengeOptions {
        level: Some(oware_bot::service::Level::Easy),
        ..ChallengeOptions::default()
    };
    for opponent in [Some(user("bob")), None] {
        let action = match opponent {
            Some(opponent) => Action::Play {
                opponent,
                options: easy.clone(),
            },
            None => Action::Open {
                options: easy.clone(),
            },
        };
        let refused = service.handle(cmd("alice", action)).await;
        assert!(
            refused.private
                && refused
                    .text
                    .starts_with("`level:` sets the strength of the engine"),
            "{}",
            refused.text
        );
    }
    // Nothing was made: bob has nothing to accept.
    let accept = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(accept.private, "{}", accept.text);
    assert!(accept.game.is_none(), "{}", accept.text);
}
