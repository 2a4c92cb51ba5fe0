//! Time controls on tokio's paused clock, through the real service and a real
//! SQLite file: correspondence deadlines and reminders, live Fischer clocks, timeouts
//! (rated in the transaction that ends the game), aborts, idle engine games, expired
//! challenges made again, and rematches. Jobs are run with `run_due_jobs` after
//! advancing time, so each test sees exactly what the scheduler would do.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::{sync::Arc, time::Duration};

use crate::support::{cmd_at, place, play_plies, start_game_at, timed, user, TempDb};
use oware_bot::service::{
    Action, ButtonAction, ChallengeOptions, Outgoing, Platform, Service, Speed, User,
};
use oware_bot::store::Store;
use tokio::time::advance;

const MINUTE: u64 = 60;
const HOUR: u64 = 3600;

/// A service on a fresh file, then tokio's clock paused: it only moves when a test
/// advances it.
///
/// A paused clock also jumps ahead by itself whenever the runtime has nothing to do,
/// and it has nothing to do while a query waits on SQLite's own threads: it would jump
/// to the connection pool's time-out. A task that only yields keeps the runtime busy,
/// so time moves only with `advance`.
async fn service() -> (TempDb, Arc<Service>) {
    support::paused_service().await
}

/// Advances the paused clock by `secs` and runs what fell due; returns the
/// messages the bot sent unprompted, marking them sent.
async fn after(service: &Arc<Service>, secs: u64) -> Vec<Outgoing> {
    advance(Duration::from_secs(secs)).await;
    service.ops().run_due_jobs().await;
    let sent = service.ops().unsent(Platform::Console, None).await;
    for message in &sent {
        service.ops().mark_sent(message.id).await;
    }
    sent
}

async fn rating_of(store: &Store, user: &str, speed: Speed) -> Option<oware_bot::store::RatingRow> {
    let identity = store
        .people()
        .identity_of(Platform::Console, user)
        .await
        .unwrap()?;
    store.people().rating(identity, speed).await.unwrap()
}

fn mentions(message: &Outgoing, name: &str) -> bool {
    message.reply.mentions.iter().any(|u| u.name == name)
}

#[tokio::test]
async fn a_correspondence_game_reminds_then_times_out_rated() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("4h")).await;
    let reply = play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    assert!(
        reply.text.contains("alice has 4 h to move (until "),
        "{}",
        reply.text
    );
    // The deadline is noted as a time, for the platforms that show each reader theirs.
    let deadline = support::deadline(&db.store(), game).await;
    assert!(
        reply.times.len() == 1
            && reply.times[0].at == deadline
            && reply.text.contains(&reply.times[0].text),
        "{:?}",
        reply.times
    );
    // Half time: one reminder, mentioning the player to move, in the game.
    let sent = after(&service, 2 * HOUR).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0]
            .reply
            .text
            .starts_with("Reminder: **alice**, it is your move in game")
            && mentions(&sent[0], "alice"),
        "{:?}",
        sent[0].reply
    );
    assert!(
        sent[0].reply.text.contains("Time left: 2 h"),
        "{}",
        sent[0].reply.text
    );
    assert_eq!(sent[0].reply.game, Some(game));
    // Kept through the outbox, with its deadline.
    assert_eq!(
        sent[0].reply.times.iter().map(|m| m.at).collect::<Vec<_>>(),
        [deadline]
    );
    // One hour before the deadline: the second reminder.
    let sent = after(&service, HOUR).await;
    assert!(
        sent.len() == 1 && sent[0].reply.text.contains("Time left: 1 h"),
        "{sent:?}"
    );
    // Just before the deadline nothing happens.
    assert!(after(&service, HOUR - 1).await.is_empty());
    let row = db.game(game).await;
    assert!(row.is_active());
    // The deadline: alice loses on time, rated, announced once with the final board.
    let sent = after(&service, 1).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let text = &sent[0].reply.text;
    assert!(
        text.contains("**alice** ran out of time") && text.contains("**bob** wins on time"),
        "{text}"
    );
    assert!(
        text.contains("Live ratings: alice"),
        "rated in the same change, as a live game (under a day a move): {text}"
    );
    assert!(mentions(&sent[0], "alice") && mentions(&sent[0], "bob"));
    assert!(sent[0].reply.files[0].file_name.ends_with(".png"));
    let row = db.game(game).await;
    assert_eq!(
        (
            if row.is_active() {
                "active"
            } else {
                "finished"
            },
            row.state.ending().and_then(|e| e.result_column()),
            row.state.ending().map(|e| e.reason_column())
        ),
        ("finished", Some("N"), Some("timeout"))
    );
    assert_eq!(row.deadline_at, None);
    let bob = rating_of(&db.store(), "bob", Speed::Live).await;
    assert!(
        bob.as_ref()
            .is_some_and(|r| r.wins == 1 && r.rating > 1500.0),
        "{bob:?}"
    );
    // Four hours a move is live: the correspondence rating is untouched.
    assert_eq!(
        rating_of(&db.store(), "bob", Speed::Correspondence).await,
        None
    );
    // Nothing is left to happen, and nothing happens twice.
    assert!(after(&service, 30 * 24 * HOUR).await.is_empty());
    // The board shows the result.
    let board = service
        .handle(cmd_at(&here, "bob", support::board(Some(game))))
        .await;
    assert!(board.text.contains("on time"), "{}", board.text);
    assert!(!board.text.contains("(seeds"), "{}", board.text);
    // A move after it names how the game was won, not a score that decided nothing.
    let late = service
        .handle(cmd_at(&here, "alice", support::mv_in("a", game)))
        .await;
    assert!(late.text.contains("(bob won on time)"), "{}", late.text);
}

#[tokio::test]
async fn a_live_clock_counts_down_gains_the_increment_and_flags() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1+2")).await;
    advance(Duration::from_secs(10)).await;
    let reply = play_plies(&service, &here, game, ["alice", "bob"], 1).await;
    // alice used 10 s of her minute and gained 2 s; bob's clock runs.
    assert!(
        reply
            .text
            .contains("Clocks: alice 0:52 – bob 1:00 (running)."),
        "{}",
        reply.text
    );
    assert!(
        reply.files[0]
            .description
            .contains("clocks: alice 0:52, bob 1:00, running"),
        "{}",
        reply.files[0].description
    );
    advance(Duration::from_secs(5)).await;
    let board = service
        .handle(cmd_at(&here, "carol", support::board(Some(game))))
        .await;
    assert!(board.text.contains("bob 0:55 (running)"), "{}", board.text);
    // Bob lets his clock run out; his move just after the flag falls is too late.
    advance(Duration::from_secs(56)).await;
    let late = service
        .handle(cmd_at(&here, "bob", support::mv_in("a", game)))
        .await;
    assert!(
        late.private && late.text.contains("Too late"),
        "{}",
        late.text
    );
    let sent = after(&service, 0).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    // Bob never made a first move: the game is aborted, not lost.
    assert!(
        sent[0].reply.text.contains("is aborted")
            && sent[0]
                .reply
                .text
                .contains("**bob** did not make a first move within 1 min"),
        "{}",
        sent[0].reply.text
    );
    let row = db.game(game).await;
    assert_eq!(
        (
            row.state.ending().and_then(|e| e.result_column()),
            row.state.ending().map(|e| e.reason_column())
        ),
        (None, Some("aborted"))
    );
}

#[tokio::test]
async fn a_live_game_under_way_is_lost_on_time() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1+0")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 3).await;
    // Bob (North) is to move with a full minute: it runs out.
    let sent = after(&service, MINUTE).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].reply.text.contains("**bob** ran out of time"),
        "{}",
        sent[0].reply.text
    );
    // Too short to count for ratings, and says so.
    assert!(
        sent[0].reply.text.contains("counts as casual"),
        "{}",
        sent[0].reply.text
    );
    let row = db.game(game).await;
    assert_eq!(
        row.state.ending().and_then(|e| e.result_column()),
        Some("S")
    );
}

#[tokio::test]
async fn either_player_may_abort_before_both_have_moved() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 1).await;
    let reply = service
        .handle(cmd_at(&here, "bob", Action::Abort { game: None }))
        .await;
    assert!(!reply.text.contains("cannot"), "{}", reply.text);
    let sent = after(&service, 0).await;
    assert!(
        sent.len() == 1
            && sent[0].reply.text.contains("**bob** called it off")
            && mentions(&sent[0], "alice")
            && mentions(&sent[0], "bob"),
        "{sent:?}"
    );
    let row = db.game(game).await;
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("aborted")
    );
    assert!(rating_of(&db.store(), "bob", Speed::Live).await.is_none());
    // No review is offered for it, and none is made: one side never moved.
    assert!(
        sent[0].reply.buttons.iter().any(|b| b.label == "Rematch")
            && sent[0].reply.buttons.iter().all(|b| b.label != "Analyse"),
        "{:?}",
        sent[0].reply.buttons
    );
    let review = service
        .handle(cmd_at(&here, "alice", Action::Analyse { game: Some(game) }))
        .await;
    assert!(
        review.private && review.text.contains("was aborted or has no moves"),
        "{}",
        review.text
    );
    // Its deadline and reminders went with it.
    assert!(after(&service, 4 * 24 * HOUR).await.is_empty());

    let game = start_game_at(
        &service,
        &here,
        "carol",
        "dave",
        ChallengeOptions::default(),
    )
    .await;
    play_plies(&service, &here, game, ["carol", "dave"], 2).await;
    let refused = service
        .handle(cmd_at(&here, "carol", Action::Abort { game: Some(game) }))
        .await;
    assert!(
        refused.private && refused.text.contains("cannot be aborted"),
        "{}",
        refused.text
    );
}

#[tokio::test]
async fn an_expired_challenge_is_announced_and_can_be_made_again() {
    let (_db, service) = service().await;
    let here = place();
    let options = timed("12h");
    service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: user("bob"),
                options,
            },
        ))
        .await;
    assert!(after(&service, 599).await.is_empty());
    let sent = after(&service, 1).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let message = &sent[0];
    assert!(
        message
            .reply
            .text
            .contains("Challenge c1 from **alice** to **bob** expired"),
        "{}",
        message.reply.text
    );
    assert!(mentions(message, "alice"));
    assert_eq!(
        message.reply.buttons[0].action,
        ButtonAction::Reissue {
            challenge: oware_bot::service::ChallengeId::new(1)
        }
    );
    let late = service
        .handle(cmd_at(&here, "bob", Action::Accept { challenge: None }))
        .await;
    assert!(late.private, "{}", late.text);
    let not_yours = service
        .handle(cmd_at(
            &here,
            "bob",
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(1),
            },
        ))
        .await;
    assert!(
        not_yours.private && not_yours.text.contains("Only alice"),
        "{}",
        not_yours.text
    );
    let again = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(1),
            },
        ))
        .await;
    assert!(
        !again.private && again.text.contains("challenge c2") && again.text.contains("12 h a move"),
        "{}",
        again.text
    );
    // Only a challenge that came to nothing is made again.
    let pending = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(2),
            },
        ))
        .await;
    assert!(
        pending.private && pending.text.contains("still waiting for bob"),
        "{}",
        pending.text
    );
    let accepted = service
        .handle(cmd_at(&here, "bob", Action::Accept { challenge: None }))
        .await;
    assert!(!accepted.private, "{}", accepted.text);
    let reissued = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(2),
            },
        ))
        .await;
    assert!(
        reissued.private && reissued.text.contains("was accepted: it is game #1"),
        "{}",
        reissued.text
    );
}

#[tokio::test]
async fn a_rematch_swaps_the_sides_and_keeps_the_options() {
    let (_db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("2d")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 4).await;
    service
        .handle(cmd_at(
            &here,
            "bob",
            Action::Resign {
                game: None,
                confirmed: true,
            },
        ))
        .await;
    let early = service
        .handle(cmd_at(&here, "carol", Action::Rematch { game: Some(game) }))
        .await;
    assert!(early.private, "{}", early.text);
    let reply = service
        .handle(cmd_at(&here, "bob", Action::Rematch { game: None }))
        .await;
    assert!(
        !reply.private
            && reply.text.contains("**bob** challenges **alice**")
            && reply.text.contains("2 days a move")
            && reply.text.contains("bob moves first"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn an_engine_game_left_for_a_week_is_aborted() {
    let (db, service) = service().await;
    let here = place();
    let bot = User {
        id: "oware-bot".into(),
        name: "oware-bot".into(),
        is_bot: true,
    };
    let clock = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: bot.clone(),
                options: timed("5+3"),
            },
        ))
        .await;
    assert!(
        clock.private && clock.text.contains("no clock"),
        "{}",
        clock.text
    );
    let reply = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: bot,
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    let game = reply.game.expect("a game");
    assert!(after(&service, 7 * 24 * HOUR - 1).await.is_empty());
    let sent = after(&service, 1).await;
    assert!(
        sent.len() == 1 && sent[0].reply.text.contains("aborted") && mentions(&sent[0], "alice"),
        "{sent:?}"
    );
    let row = db.game(game).await;
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("aborted")
    );
}

#[tokio::test]
async fn rated_games_need_a_clock() {
    let (_db, service) = service().await;
    let reply = service
        .handle(cmd_at(
            &place(),
            "alice",
            Action::Play {
                opponent: user("bob"),
                options: ChallengeOptions {
                    rated: Some(true),
                    ..timed("none")
                },
            },
        ))
        .await;
    assert!(
        reply.private && reply.text.contains("Rated games need a clock"),
        "{}",
        reply.text
    );
    // Without `rated:`, no clock means a casual game.
    let reply = service
        .handle(cmd_at(
            &place(),
            "alice",
            Action::Play {
                opponent: user("bob"),
                options: timed("none"),
            },
        ))
        .await;
    assert!(reply.text.contains("casual, no clock"), "{}", reply.text);
}

#[tokio::test]
async fn the_scheduler_sleeps_until_a_deadline_and_wakes_for_a_new_one() {
    let (_db, service) = service().await;
    tokio::spawn(service.ops().scheduler());
    let here = place();
    // The scheduler is asleep (nothing is due) when the challenge is made: the new
    // job must wake it so it sleeps until the challenge's expiry instead.
    advance(Duration::from_secs(5)).await;
    service
        .handle(cmd_at(&here, "alice", support::play("bob")))
        .await;
    advance(Duration::from_secs(599)).await;
    for _ in 0..200 {
        tokio::task::yield_now().await;
    }
    assert!(service
        .ops()
        .unsent(Platform::Console, None)
        .await
        .is_empty());
    // tokio rounds a sleep's end up to the next millisecond.
    advance(Duration::from_millis(1001)).await;
    // The scheduler's work is real database I/O: give it real time (a loaded machine
    // needs more than a fixed number of turns), without moving the paused clock.
    let mut sent = Vec::new();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while std::time::Instant::now() < deadline {
        sent = service.ops().unsent(Platform::Console, None).await;
        if !sent.is_empty() {
            break;
        }
        tokio::task::yield_now().await;
    }
    assert!(
        sent.len() == 1 && sent[0].reply.text.contains("expired"),
        "the scheduler announced the expiry on time: {sent:?} {:?} now {}",
        service.ops().earliest_job().await,
        service.now()
    );
}

/// A deadline seconds away is shown to the second, not to a minute already begun,
/// and the reminder names the player first.
#[tokio::test]
async fn a_short_deadline_is_shown_to_the_second() {
    let (_db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("30s")).await;
    let reply = play_plies(&service, &here, game, ["alice", "bob"], 1).await;
    let until = reply
        .text
        .split("(until ")
        .nth(1)
        .and_then(|rest| rest.split(" UTC").next())
        .unwrap_or_else(|| panic!("a deadline: {}", reply.text));
    assert_eq!(until.matches(':').count(), 2, "hh:mm:ss: {until}");
    let den = oware_bot::service::Place {
        channel: "den".into(),
        ..place()
    };
    let long = start_game_at(&service, &den, "carol", "dan", timed("4h")).await;
    let reply = play_plies(&service, &den, long, ["carol", "dan"], 1).await;
    assert!(reply.text.contains("to move (until "), "{}", reply.text);
    let until = reply.text.split("(until ").nth(1).unwrap();
    assert_eq!(until.split(" UTC").next().unwrap().matches(':').count(), 1);
}
