//! Vacations, on tokio's paused clock: a player away has their correspondence
//! clocks wait (the turn they have now gets the vacation's length; a turn that
//! begins while they are away begins at their return), their opponents are told in
//! each game, live clocks never wait, and the days are counted: 30 in any 365,
//! those not taken given back by `vacation off`.

use oware_bot::service::GameId;
use std::{sync::Arc, time::Duration};

use crate::support::{
    self, cmd_at, due, first_legal_pit, mv_in, place, play_plies, start_game_at, timed, TempDb,
};
use oware_bot::service::Platform;
use oware_bot::service::{Action, Reply, Service, VacationRequest};
use tokio::time::advance;

const DAY_MS: i64 = 86_400_000;
const DAY: Duration = Duration::from_secs(86_400);

async fn service() -> (TempDb, Arc<Service>) {
    support::paused_service().await
}

async fn vacation(service: &Service, author: &str, request: VacationRequest) -> Reply {
    service
        .handle(cmd_at(&place(), author, Action::Vacation(request)))
        .await
}

fn away(days: u32) -> VacationRequest {
    VacationRequest::Start { days }
}

#[tokio::test]
async fn the_turn_a_player_has_waits_for_their_return_and_the_opponent_is_told() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("3d")).await;
    // Two moves played (a game lost on time, not aborted); alice (South) to move.
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    due(&service).await;
    let before = support::deadline(&db.store(), game).await;

    let reply = vacation(&service, "alice", away(7)).await;
    assert!(reply.private, "{}", reply.text);
    assert!(
        reply.text.contains("on vacation until") && reply.text.contains("23 vacation days"),
        "{}",
        reply.text
    );
    assert_eq!(
        support::deadline(&db.store(), game).await,
        before + 7 * DAY_MS
    );
    let told = due(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].reply.text.contains("**alice** is on vacation")
            && told[0].reply.mentions.iter().any(|u| u.name == "bob"),
        "{:?}",
        told[0].reply
    );

    // The board says why the turn is so long, rather than "9 days 23 h to move".
    let board = service
        .handle(cmd_at(&here, "bob", support::board(Some(game))))
        .await;
    assert!(
        board.text.contains("alice is on vacation until")
            && board.text.contains("their clock waits until then")
            && !board.text.contains("days to move"),
        "{}",
        board.text
    );

    // Past the old deadline, the game goes on; past the new one, it is lost.
    advance(4 * DAY).await;
    due(&service).await;
    assert!(support::active(&db.store(), game).await);
    advance(6 * DAY + Duration::from_secs(1)).await;
    let lost = due(&service).await;
    assert!(
        lost.iter()
            .any(|m| m.reply.text.contains("ran out of time")),
        "{lost:?}"
    );
}

#[tokio::test]
async fn a_turn_that_begins_while_away_begins_at_the_return() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1d")).await;
    // Alice (South) moves: bob to move.
    play_plies(&service, &here, game, ["alice", "bob"], 1).await;
    let bobs = support::deadline(&db.store(), game).await;
    let start = service.now();
    let reply = vacation(&service, "alice", away(5)).await;
    assert!(
        reply.text.contains("your opponent is told"),
        "{}",
        reply.text
    );
    // Bob's clock is not hers: it stands.
    assert_eq!(support::deadline(&db.store(), game).await, bobs);
    advance(Duration::from_secs(3600)).await;
    let row = db.game(game).await;
    let moved = service
        .handle(cmd_at(&here, "bob", mv_in(&first_legal_pit(&row), game)))
        .await;
    assert!(!moved.private, "{}", moved.text);
    assert_eq!(
        support::deadline(&db.store(), game).await,
        start + 5 * DAY_MS + DAY_MS
    );
}

#[tokio::test]
async fn coming_back_early_gives_back_the_time_not_taken() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("3d")).await;
    let before = support::deadline(&db.store(), game).await;
    vacation(&service, "alice", away(10)).await;
    due(&service).await;
    advance(2 * DAY).await;
    let reply = vacation(&service, "alice", VacationRequest::End).await;
    assert!(
        reply.text.contains("8 days were") && reply.text.contains("(28 days left)"),
        "{}",
        reply.text
    );
    assert_eq!(
        support::deadline(&db.store(), game).await,
        before + 2 * DAY_MS
    );
    let told = due(&service).await;
    assert!(
        told.iter()
            .any(|m| m.reply.text.contains("back from vacation")),
        "{told:?}"
    );
    // Not away any more.
    let again = vacation(&service, "alice", VacationRequest::End).await;
    assert!(again.text.contains("not on vacation"), "{}", again.text);
}

#[tokio::test]
async fn live_clocks_never_wait() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("5+3")).await;
    due(&service).await;
    let before = support::deadline(&db.store(), game).await;
    let reply = vacation(&service, "alice", away(3)).await;
    assert!(
        reply.text.contains("no correspondence game"),
        "{}",
        reply.text
    );
    assert_eq!(support::deadline(&db.store(), game).await, before);
    assert!(due(&service).await.is_empty());
}

#[tokio::test]
async fn the_days_are_counted_and_refusals_say_what_to_do() {
    let (_db, service) = service().await;
    let zero = vacation(&service, "alice", away(0)).await;
    assert!(zero.text.contains("1 to 30 days"), "{}", zero.text);
    let long = vacation(&service, "alice", away(31)).await;
    assert!(long.text.contains("1 to 30 days"), "{}", long.text);

    assert!(vacation(&service, "alice", away(20))
        .await
        .text
        .contains("until"));
    let twice = vacation(&service, "alice", away(2)).await;
    assert!(twice.text.contains("already on vacation"), "{}", twice.text);
    let status = vacation(&service, "alice", VacationRequest::Status).await;
    assert!(
        status.text.contains("You are on vacation until"),
        "{}",
        status.text
    );

    advance(5 * DAY).await;
    vacation(&service, "alice", VacationRequest::End).await;
    let status = vacation(&service, "alice", VacationRequest::Status).await;
    assert!(
        status.text.contains("25 vacation days left of 30"),
        "{}",
        status.text
    );
    let too_many = vacation(&service, "alice", away(26)).await;
    assert!(
        too_many.text.contains("25 vacation days left of 30")
            && too_many.text.contains("vacation 25d"),
        "{}",
        too_many.text
    );
    let last = vacation(&service, "alice", away(25)).await;
    assert!(
        last.text.contains("0 vacation days are left"),
        "{}",
        last.text
    );

    // The days count over the last 365: a year and a day after the last one
    // began (the first is out of the window), 24 of its days still count; a year
    // after it ended, none does.
    advance(366 * DAY).await;
    let status = vacation(&service, "alice", VacationRequest::Status).await;
    assert!(
        status.text.contains("You have 6 vacation days left of 30"),
        "{}",
        status.text
    );
    advance(30 * DAY).await;
    let status = vacation(&service, "alice", VacationRequest::Status).await;
    assert!(
        status.text.contains("30 vacation days left of 30"),
        "{}",
        status.text
    );
}

#[tokio::test]
async fn a_game_started_while_away_waits_for_the_return() {
    let (db, service) = service().await;
    let here = place();
    let start = service.now();
    vacation(&service, "alice", away(2)).await;
    // Alice challenges and plays South: her first turn begins at her return.
    let game = start_game_at(&service, &here, "alice", "bob", timed("1d")).await;
    assert_eq!(
        support::deadline(&db.store(), game).await,
        start + 3 * DAY_MS
    );
}

#[tokio::test]
async fn games_at_live_speed_never_wait_whatever_their_clock() {
    let (db, service) = service().await;
    let here = place();
    // Under a day a move is live speed (rated as live): a vacation stops none.
    for time in ["15s", "30m", "12h"] {
        let game = start_game_at(&service, &here, "alice", "bob", timed(time)).await;
        play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    }
    let games: Vec<i64> = (1..=3).collect();
    let mut before = Vec::new();
    for &game in &games {
        before.push(support::deadline(&db.store(), GameId::new(game)).await);
    }
    due(&service).await;
    let reply = vacation(&service, "alice", away(3)).await;
    assert!(
        reply.text.contains("no correspondence game"),
        "{}",
        reply.text
    );
    for (&game, &was) in games.iter().zip(&before) {
        assert_eq!(
            support::deadline(&db.store(), GameId::new(game)).await,
            was,
            "game #{game}"
        );
    }
    assert!(due(&service).await.is_empty());
    // Nor does a turn of hers that begins while she is away: in the 12 h game it
    // starts now, not at her return.
    let row = db
        .store()
        .games()
        .game(GameId::new(3))
        .await
        .unwrap()
        .unwrap();
    let pit = first_legal_pit(&row);
    let moved = service
        .handle(cmd_at(&here, "alice", mv_in(&pit, GameId::new(3))))
        .await;
    assert!(!moved.private, "{}", moved.text);
    let row = db
        .store()
        .games()
        .game(GameId::new(3))
        .await
        .unwrap()
        .unwrap();
    let moved = service
        .handle(cmd_at(
            &here,
            "bob",
            mv_in(&first_legal_pit(&row), GameId::new(3)),
        ))
        .await;
    assert!(!moved.private, "{}", moved.text);
    assert_eq!(
        support::deadline(&db.store(), GameId::new(3)).await,
        service.now() + DAY_MS / 2
    );
}

#[tokio::test]
async fn a_vacation_rescues_no_turn_whose_deadline_has_passed() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1d")).await;
    // Alice (South) to move, with a day to do it.
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    due(&service).await;
    let before = support::deadline(&db.store(), game).await;
    // Her day passes; the timeout job has not run yet (a busy database, a lease
    // not yet lapsed) when she asks for a vacation.
    advance(DAY + Duration::from_secs(60)).await;
    let reply = vacation(&service, "alice", away(7)).await;
    assert!(reply.private, "{}", reply.text);
    assert_eq!(
        support::deadline(&db.store(), game).await,
        before,
        "not moved"
    );
    // The timeout job then ends the game as usual.
    let told = due(&service).await;
    assert!(
        told.iter()
            .any(|m| m.reply.text.contains("ran out of time")),
        "{told:?}"
    );
    assert!(!support::active(&db.store(), game).await);
}

#[tokio::test]
async fn the_store_shifts_no_turn_already_lost_even_when_asked_to() {
    use oware_bot::store::{AwayGame, Body, Claim, Event, NewMessage};
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1d")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    due(&service).await;
    let before = support::deadline(&db.store(), game).await;
    advance(DAY + Duration::from_secs(60)).await;
    // The game was read as still to be paused, then alice's deadline passed before
    // the write (a race the service cannot see): the write leaves it alone.
    let row = db.game(game).await;
    let away = AwayGame {
        game,
        message: NewMessage {
            platform: here.platform,
            space: here.space.clone(),
            channel: here.channel.clone(),
            thread: None,
            game_id: Some(game),
            body: Body::of(&Reply::public("alice is on vacation")),
            board_ply: None,
            attach: None,
            edits: None,
            recipient: None,
        },
    };
    let now = service.now();
    let event = Event::new(Platform::Console, "late-vacation");
    let started = db
        .store()
        .people()
        .start_vacation(
            Claim::Event(&event),
            row.south.id,
            &[away],
            now,
            now + 7 * DAY_MS,
        )
        .await
        .unwrap();
    assert!(started);
    let after = db.game(game).await;
    assert_eq!(after.deadline_at, Some(before), "not moved");
    assert_eq!(after.version, row.version, "not touched");
    assert!(
        service
            .ops()
            .unsent(oware_bot::service::Platform::Console, None)
            .await
            .is_empty(),
        "nobody told the clock waits"
    );
}
