//! Draw offers (`/oware draw`): offered with Accept and Decline buttons, declined or
//! withdrawn, lapsed by the next move, accepted (drawn by agreement, rated as a
//! draw), and answered at once by the engine.

use crate::support::{
    cmd, cmd_at, mv, place, play_plies, start_engine_game, start_game, start_game_at, user, TempDb,
};
use oware_bot::{
    play::proposal::{Proposal, Request},
    rules::{EndReason, Side},
    service::{Action, ButtonAction, ChallengeOptions, Speed},
};

fn draw(decline: bool) -> Action {
    Action::Draw {
        game: None,
        decline,
    }
}

#[tokio::test]
async fn a_draw_offer_is_declined_lapses_at_the_next_move_and_is_accepted() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;

    let offer = service.handle(cmd("alice", draw(false))).await;
    assert!(!offer.private, "{}", offer.text);
    assert_eq!(offer.mentions, vec![user("bob")]);
    assert!(
        offer.text.contains("**alice** offers a draw in game #")
            && offer.text.contains("lapses at the next move"),
        "{}",
        offer.text
    );
    let actions: Vec<ButtonAction> = offer.buttons.iter().map(|b| b.action.clone()).collect();
    assert_eq!(
        actions,
        [true, false].map(|accept| ButtonAction::Answer {
            game,
            request: Request::Draw,
            accept
        })
    );
    let labels: Vec<&str> = offer.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Accept draw", "Decline"]);
    let row = db.game(game).await;
    assert_eq!(
        row.pending.0,
        Some(Proposal {
            request: Request::Draw,
            by: Side::South
        })
    );

    let again = service.handle(cmd("alice", draw(false))).await;
    assert!(
        again.private && again.text.contains("already offered bob a draw"),
        "{}",
        again.text
    );
    let declined = service.handle(cmd("bob", draw(true))).await;
    assert!(
        !declined.private && declined.text.contains("**bob** declined the draw"),
        "{}",
        declined.text
    );
    assert_eq!(declined.mentions, vec![user("alice")]);
    let nothing = service.handle(cmd("bob", draw(true))).await;
    assert!(
        nothing.private && nothing.text.contains("No draw offer is pending"),
        "{}",
        nothing.text
    );

    // Withdrawn by its maker.
    service.handle(cmd("alice", draw(false))).await;
    let withdrawn = service.handle(cmd("alice", draw(true))).await;
    assert!(
        withdrawn
            .text
            .contains("**alice** withdrew their draw offer"),
        "{}",
        withdrawn.text
    );

    // The next move clears an offer.
    service.handle(cmd("alice", draw(false))).await;
    let moved = service.handle(cmd("alice", mv("c"))).await;
    assert!(!moved.private, "{}", moved.text);
    let row = db.game(game).await;
    assert_eq!(row.pending.0, None);
    let lapsed = service.handle(cmd("alice", draw(true))).await;
    assert!(lapsed.private, "{}", lapsed.text);

    // Offered by bob, accepted by alice typing the same.
    service.handle(cmd("bob", draw(false))).await;
    let accepted = service.handle(cmd("alice", draw(false))).await;
    assert!(
        accepted.text.contains("**alice** accepted the draw")
            && accepted.text.contains("Game over: a draw by agreement."),
        "{}",
        accepted.text
    );
    // No score that decided nothing: not in the message, the picture or the history.
    let alt = &accepted.files[0].description;
    assert!(alt.contains("Draw by agreement"), "{alt}");
    assert!(
        !accepted.text.contains("0–0") && !alt.contains("0–0"),
        "{}\n{alt}",
        accepted.text
    );
    let history = service
        .handle(cmd("alice", Action::History { user: None }))
        .await;
    assert!(
        history.text.contains("drew by agreement"),
        "{}",
        history.text
    );
    assert!(!history.text.contains("drew 0–0"), "{}", history.text);
    let row = db.game(game).await;
    let ending = row.state.ending().expect("over");
    assert_eq!(ending.reason, EndReason::DrawAgreed);
    assert_eq!(ending.winner, None);
    // The board stays as it stood.
    assert_eq!(row.ply, 1);
    assert!(service.handle(cmd("bob", mv("a"))).await.private);
}

#[tokio::test]
async fn an_agreed_draw_is_rated_as_a_draw_and_only_players_may_offer() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    let onlooker = service.handle(cmd_at(&here, "carol", draw(false))).await;
    assert!(onlooker.private, "{}", onlooker.text);

    // Bob accepts with the button's action.
    service.handle(cmd("alice", draw(false))).await;
    let accept = Action::answer(Request::Draw, Some(game), false);
    let accepted = service.handle(cmd("bob", accept)).await;
    assert!(
        accepted
            .text
            .contains("Correspondence ratings: alice 1500? → ")
            && accepted.text.contains("bob 1500? → "),
        "{}",
        accepted.text
    );
    let row = db.game(game).await;
    let [alice, bob] = [row.south.identity, row.north.identity];
    for identity in [alice, bob] {
        let rating = db
            .store()
            .people()
            .rating(identity, Speed::Correspondence)
            .await
            .unwrap()
            .unwrap();
        assert!((rating.rating - 1500.0).abs() < 0.001, "{rating:?}");
        assert_eq!((rating.wins, rating.draws, rating.losses), (0, 1, 0));
    }
}

#[tokio::test]
async fn the_engine_answers_a_draw_offer_at_once() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_engine_game(&service, "alice").await;
    let answer = service.handle(cmd("alice", draw(false))).await;
    assert!(!answer.private, "{}", answer.text);
    let row = db.game(game).await;
    // Either way, nothing is left pending: the engine has answered.
    assert_eq!(row.pending.0, None);
    if row.is_active() {
        assert!(
            answer.text.contains("**oware-bot** declines the draw"),
            "{}",
            answer.text
        );
    } else {
        assert_eq!(
            row.state.ending().map(|e| e.reason),
            Some(EndReason::DrawAgreed)
        );
        assert!(
            answer.text.contains("**oware-bot** accepted the draw"),
            "{}",
            answer.text
        );
    }
}
