//! Takebacks (`/oware takeback`): casual games only; the asker's last move (and the
//! reply to it) taken back once the opponent agrees, with the board and its buttons
//! at the earlier position; declined, lapsed at the next move; granted at once by
//! the engine.

use crate::support::{cmd, mv, place, start_engine_game, start_game, start_game_at, TempDb};
use oware_bot::{
    play::proposal::Request,
    service::{Action, ButtonAction, ChallengeOptions},
    store::Store,
};

fn takeback(decline: bool) -> Action {
    Action::Takeback {
        game: None,
        decline,
    }
}

fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    }
}

async fn plies(store: &Store, game: oware_bot::service::GameId) -> (i64, usize) {
    let row = store.games().game(game).await.unwrap().unwrap();
    let stored = store.games().moves(game).await.unwrap().len();
    (row.ply, stored)
}

#[tokio::test]
async fn rated_games_take_nothing_back() {
    let db = TempDb::new();
    let service = db.service().await;
    start_game(&service).await;
    service.handle(cmd("alice", mv("c"))).await;
    let refused = service.handle(cmd("alice", takeback(false))).await;
    assert!(
        refused.private && refused.text.contains("Takebacks are for casual games"),
        "{}",
        refused.text
    );
}

#[tokio::test]
async fn a_takeback_rewinds_the_askers_last_move_once_the_opponent_agrees() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game_at(&service, &place(), "alice", "bob", casual()).await;
    let early = service.handle(cmd("alice", takeback(false))).await;
    assert!(
        early.private && early.text.contains("no move to take back"),
        "{}",
        early.text
    );

    // alice's own move, taken back at bob's word: alice moves again.
    service.handle(cmd("alice", mv("c"))).await;
    let asked = service.handle(cmd("alice", takeback(false))).await;
    assert!(
        !asked.private && asked.text.contains("**alice** asks to take back"),
        "{}",
        asked.text
    );
    assert!(asked.buttons.iter().any(|b| b.action
        == ButtonAction::Answer {
            game,
            request: Request::Takeback,
            accept: true
        }));
    let accepted = service
        .handle(cmd(
            "bob",
            Action::answer(Request::Takeback, Some(game), false),
        ))
        .await;
    assert!(
        !accepted.private
            && accepted.text.contains("**bob** accepted the takeback")
            && accepted.text.contains("**alice**'s last move in game #")
            && accepted.text.contains("**alice** to move"),
        "{}",
        accepted.text
    );
    assert_eq!(plies(&db.store(), game).await, (0, 0));
    // The board's buttons are for the position again at move 0.
    assert!(accepted.buttons.iter().any(|b| matches!(
        b.action,
        ButtonAction::Move {
            ply: 0,
            pit: 'C',
            ..
        }
    )));
    let row = db.game(game).await;
    assert_eq!((row.south.score, row.north.score), (0, 0));

    // After bob's reply it is alice's turn: her move and his reply go back.
    service.handle(cmd("alice", mv("f"))).await;
    service.handle(cmd("bob", mv("a"))).await;
    service.handle(cmd("alice", takeback(false))).await;
    let declined = service.handle(cmd("bob", takeback(true))).await;
    assert!(
        declined.text.contains("**bob** declined the takeback"),
        "{}",
        declined.text
    );
    assert_eq!(plies(&db.store(), game).await, (2, 2));
    // A move lets a request lapse.
    service.handle(cmd("alice", takeback(false))).await;
    service.handle(cmd("alice", mv("c"))).await;
    let lapsed = service.handle(cmd("bob", takeback(true))).await;
    assert!(lapsed.private, "{}", lapsed.text);
    // bob asks now (alice has moved): his reply and alice's move before it go.
    service.handle(cmd("bob", takeback(false))).await;
    let done = service.handle(cmd("alice", takeback(false))).await;
    assert!(
        done.text.contains("**bob**'s last move in game #")
            && done.text.contains("and the reply to it"),
        "{}",
        done.text
    );
    assert_eq!(plies(&db.store(), game).await, (1, 1));
    let again = service.handle(cmd("bob", mv("b"))).await;
    assert!(!again.private, "{}", again.text);
}

#[tokio::test]
async fn the_engine_grants_a_takeback_at_once() {
    let db = TempDb::new();
    let service = std::sync::Arc::new(db.service().await);
    let game = start_engine_game(&service, "alice").await;
    // While the engine thinks: alice's move goes back, and its move is not made.
    service.handle(cmd("alice", mv("c"))).await;
    let back = service.handle(cmd("alice", takeback(false))).await;
    assert!(
        back.text.contains("**oware-bot** accepted the takeback"),
        "{}",
        back.text
    );
    assert_eq!(service.ops().run_due_jobs().await, 0);
    assert_eq!(plies(&db.store(), game).await, (0, 0));
    // After its reply: alice's move and the engine's go back.
    service.handle(cmd("alice", mv("d"))).await;
    assert_eq!(service.ops().run_due_jobs().await, 1);
    assert_eq!(plies(&db.store(), game).await.0, 2);
    service.handle(cmd("alice", takeback(false))).await;
    assert_eq!(plies(&db.store(), game).await, (0, 0));
}
