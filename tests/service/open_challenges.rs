//! Open challenges (`/oware play` with nobody named): anyone at the place but their
//! maker may accept one; nobody declines one; one pending per player; they expire
//! like any challenge and can be made again.

use std::time::Duration;

use crate::support::{cmd_at, place_at, TempDb};
use oware_bot::service::{Action, ButtonAction, ChallengeOptions, Platform, ServiceConfig};
use oware_bot::store::ChallengeStatus;

fn open() -> Action {
    Action::Open {
        options: ChallengeOptions::default(),
    }
}

#[tokio::test]
async fn anyone_here_but_its_maker_accepts_an_open_challenge() {
    let db = TempDb::new();
    let service = db.service().await;
    let general = place_at(Platform::Discord, Some("guild"), "general");
    let other_channel = place_at(Platform::Discord, Some("guild"), "oware");
    let elsewhere = place_at(Platform::Discord, Some("other-guild"), "general");

    let made = service.handle(cmd_at(&general, "alice", open())).await;
    assert!(
        !made.private && made.text.contains("**alice** makes an open challenge"),
        "{}",
        made.text
    );
    assert!(made.mentions.is_empty(), "{:?}", made.mentions);
    let buttons: Vec<&ButtonAction> = made.buttons.iter().map(|b| &b.action).collect();
    assert_eq!(
        buttons,
        [&ButtonAction::Accept {
            challenge: oware_bot::service::ChallengeId::new(1)
        }]
    );

    let twice = service.handle(cmd_at(&general, "alice", open())).await;
    assert!(
        twice.private && twice.text.contains("already have an open challenge"),
        "{}",
        twice.text
    );
    let own = service
        .handle(cmd_at(
            &general,
            "alice",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(own.private && own.text.contains("is yours"), "{}", own.text);
    let decline = service
        .handle(cmd_at(
            &general,
            "bob",
            Action::Decline {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        decline.private && decline.text.contains("nothing to decline"),
        "{}",
        decline.text
    );
    // Another server does not see it.
    let stranger = service
        .handle(cmd_at(
            &elsewhere,
            "zed",
            Action::Accept { challenge: None },
        ))
        .await;
    assert!(stranger.private, "{}", stranger.text);

    // Accepted from another channel of the server, without its id.
    let accepted = service
        .handle(cmd_at(
            &other_channel,
            "bob",
            Action::Accept { challenge: None },
        ))
        .await;
    assert!(
        !accepted.private
            && accepted
                .text
                .contains("**bob** accepted **alice**'s challenge"),
        "{}",
        accepted.text
    );
    let game = accepted.game.expect("a game");
    let row = db.game(game).await;
    assert_eq!(
        (row.south.user.as_str(), row.north.user.as_str()),
        ("alice", "bob")
    );
    let challenge = db
        .store()
        .challenges()
        .challenge(oware_bot::service::ChallengeId::new(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Accepted);
    assert_eq!(challenge.opponent.user(), Some("bob"));
    // Taken: nobody else gets it.
    let late = service
        .handle(cmd_at(
            &general,
            "carol",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(late.private, "{}", late.text);
    // Its maker may open another one now.
    let again = service.handle(cmd_at(&general, "alice", open())).await;
    assert!(!again.private, "{}", again.text);
}

#[tokio::test]
async fn an_open_challenge_expires_and_is_made_open_again() {
    let db = TempDb::new();
    let service = std::sync::Arc::new(
        db.service_with(ServiceConfig {
            challenge_ttl: Duration::ZERO,
            ..ServiceConfig::default()
        })
        .await,
    );
    let room = place_at(Platform::Matrix, None, "!room:example.org");
    service.handle(cmd_at(&room, "@alice:x", open())).await;
    assert_eq!(service.ops().run_due_jobs().await, 1);
    let sent = service.ops().unsent(Platform::Matrix, None).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].reply.text.contains("to **anyone here** expired"),
        "{}",
        sent[0].reply.text
    );
    let service = db.service().await;
    let again = service
        .handle(cmd_at(
            &room,
            "@alice:x",
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(1),
            },
        ))
        .await;
    assert!(
        !again.private && again.text.contains("makes an open challenge"),
        "{}",
        again.text
    );
}
