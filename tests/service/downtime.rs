//! Time the bot could not see, on tokio's paused clock: a deadline that fell while
//! the bot was down is extended by the time it was away (the clocks stopped), the
//! player to move is told, and the game is lost on time only at the new deadline. A
//! short absence, or a deadline far ahead, changes nothing visible. A move read
//! late counts when it was sent. An announcement made moot by a move is not sent.

use std::{sync::Arc, time::Duration};

use crate::support::{
    self, cmd_at, due, first_legal_pit, mv, place, place_at, play_plies, start_game_at, timed,
    TempDb,
};
use oware_bot::service::{ChatService, Platform, Receipt, Service};
use tokio::time::advance;

async fn service() -> (TempDb, Arc<Service>) {
    support::paused_service().await
}

#[tokio::test]
async fn a_deadline_missed_while_the_bot_was_down_moves_later_and_the_player_is_told() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1m")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    let before = db.game(game).await;
    let deadline = before.deadline_at.expect("a deadline");
    // The bot last ran now, then was down for 3 minutes.
    db.store().jobs().beat("bot", service.now()).await.unwrap();
    advance(Duration::from_secs(180)).await;
    assert_eq!(service.ops().credit_downtime().await, 1);
    let after = db.game(game).await;
    assert!(after.is_active());
    assert_eq!(after.deadline_at, Some(deadline + 180_000));
    let told = due(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    let text = &told[0].reply.text;
    assert!(
        text.contains("The bot was away for 3 min")
            && text.contains("**alice**")
            && text.contains("extended"),
        "{text}"
    );
    assert!(told[0].reply.mentions.iter().any(|u| u.name == "alice"));
    assert!(!told[0].reply.buttons.is_empty(), "pits to press");

    // A minute minus a second later (the minute she had left), still on (a reminder
    // at most); then lost.
    advance(Duration::from_secs(59)).await;
    let meanwhile = due(&service).await;
    assert!(
        meanwhile.iter().all(|m| m.reply.text.contains("Reminder")),
        "{meanwhile:?}"
    );
    assert!(support::active(&db.store(), game).await);
    advance(Duration::from_secs(2)).await;
    let lost = due(&service).await;
    assert!(
        lost.iter()
            .any(|m| m.reply.text.contains("ran out of time")),
        "{lost:?}"
    );
}

#[tokio::test]
async fn the_extension_is_not_announced_once_the_player_has_moved() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1m")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    db.store().jobs().beat("bot", service.now()).await.unwrap();
    advance(Duration::from_secs(180)).await;
    assert_eq!(service.ops().credit_downtime().await, 1);
    // Alice moves before the message "it is still your move" goes out (its network
    // was slow to come back): it would mislead, so it is not sent.
    let row = db.game(game).await;
    let pit = first_legal_pit(&row);
    let moved = service.handle(cmd_at(&here, "alice", mv(&pit))).await;
    assert!(!moved.private, "{}", moved.text);
    let sent = due(&service).await;
    assert!(
        sent.iter().all(|m| !m.reply.text.contains("extended")),
        "{sent:?}"
    );
    // And it is done with: not offered again.
    assert!(service
        .ops()
        .unsent(Platform::Console, None)
        .await
        .is_empty());
}

#[tokio::test]
async fn a_short_absence_or_a_far_deadline_is_not_announced() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1d")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    let deadline = support::deadline(&db.store(), game).await;
    // 20 s away: a restart, not an outage.
    db.store().jobs().beat("bot", service.now()).await.unwrap();
    advance(Duration::from_secs(20)).await;
    assert_eq!(service.ops().credit_downtime().await, 0);
    // 10 minutes away with a day to move: the time is given back quietly.
    db.store().jobs().beat("bot", service.now()).await.unwrap();
    advance(Duration::from_secs(600)).await;
    assert_eq!(service.ops().credit_downtime().await, 1);
    let row = db.game(game).await;
    assert_eq!(row.deadline_at, Some(deadline + 600_000));
    assert!(due(&service).await.is_empty());
}

#[tokio::test]
async fn a_move_sent_in_time_but_read_late_counts_when_it_was_sent() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1m")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    let row = db.game(game).await;
    let deadline = row.deadline_at.unwrap();
    let pit = first_legal_pit(&row);
    // Read 2 s after the deadline (the scheduler has not run yet): sent 1 s after it,
    // too late; sent 1 s before it, taken.
    advance(Duration::from_secs(62)).await;
    let late = cmd_at(&here, "alice", mv(&pit)).sent_at(deadline + 1_000);
    let refused = service.handle(late).await;
    assert!(
        refused.private && refused.text.contains("Too late"),
        "{}",
        refused.text
    );
    let in_time = cmd_at(&here, "alice", mv(&pit)).sent_at(deadline - 1_000);
    let taken = service.handle(in_time).await;
    assert!(!taken.private, "{}", taken.text);
    assert_eq!(db.game(game).await.ply, 3);
}

#[tokio::test]
async fn no_game_is_lost_on_time_while_its_network_cannot_be_reached() {
    let (db, service) = service().await;
    let room = place_at(Platform::Matrix, None, "!room:example.org");
    let players = ["@alice:example.org", "@bob:example.org"];
    let on_matrix = start_game_at(&service, &room, players[0], players[1], timed("1m")).await;
    play_plies(&service, &room, on_matrix, players, 2).await;
    let here = place();
    let on_console = start_game_at(&service, &here, "carol", "dan", timed("1m")).await;
    play_plies(&service, &here, on_console, ["carol", "dan"], 2).await;
    let deadline = db
        .store()
        .games()
        .game(on_matrix)
        .await
        .unwrap()
        .unwrap()
        .deadline_at
        .unwrap();
    let reachable = |reachable| Receipt::Reachable {
        platform: Platform::Matrix,
        reachable,
    };

    // The homeserver cannot be reached for 2 minutes: the console game is lost on
    // time, the Matrix one waits.
    ChatService::receipt(service.as_ref(), reachable(false)).await;
    advance(Duration::from_secs(120)).await;
    service.ops().run_due_jobs().await;
    assert!(!support::active(&db.store(), on_console).await);
    assert!(support::active(&db.store(), on_matrix).await);

    // Back: the 2 minutes are given back and the player to move is told.
    ChatService::receipt(service.as_ref(), reachable(true)).await;
    let row = db.game(on_matrix).await;
    assert_eq!(row.deadline_at, Some(deadline + 120_000));
    let told = service.ops().unsent(Platform::Matrix, None).await;
    // It says what was away: the network, not the bot.
    assert!(
        told.iter().any(|m| m.reply.text.contains("clocks stopped")
            && m.reply
                .text
                .starts_with("Matrix could not be reached for 2 min")),
        "{told:?}"
    );
    // Lost on time only at the new deadline.
    advance(Duration::from_secs(59)).await;
    service.ops().run_due_jobs().await;
    assert!(support::active(&db.store(), on_matrix).await);
    advance(Duration::from_secs(2)).await;
    service.ops().run_due_jobs().await;
    assert!(!support::active(&db.store(), on_matrix).await);
}

#[tokio::test]
async fn a_move_sent_as_the_bot_starts_again_waits_for_the_downtime_to_be_credited() {
    let (db, service) = service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", timed("1m")).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    let row = db.game(game).await;
    let pit = first_legal_pit(&row);
    // The bot last ran now, then was down for 3 minutes: alice's minute ran out
    // meanwhile.
    db.store().jobs().beat("bot", service.now()).await.unwrap();
    advance(Duration::from_secs(180)).await;
    // The bot starts again, and her move is the first command it reads (as the
    // first Matrix sync after a restart delivers it): it is judged against the
    // deadline moved later by the downtime, not refused as too late.
    service.start_scheduler();
    let moved = service.handle(cmd_at(&here, "alice", mv(&pit))).await;
    assert!(!moved.private, "{}", moved.text);
    assert!(!moved.text.contains("Too late"), "{}", moved.text);
    let after = db.game(game).await;
    assert!(after.is_active());
    assert_eq!(after.ply, 3);
    service.stop().await;
}
