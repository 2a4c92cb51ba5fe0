//! A finished game's thread is archived after the delay its server set
//! (`/oware settings archive:…`), on tokio's paused clock through the real service:
//! however the game ends, its end schedules a job that, when it falls due and not
//! before, writes the message that tells the adapter to archive the thread;
//! `archive:never` schedules nothing; a thread the bot did not open, or one a
//! rematch goes on in, is left alone.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;
use oware_bot::service::GameId;

use std::{sync::Arc, time::Duration};

use crate::support::{cmd_at, place_at, play_plies, start_game_at, winning_line, TempDb};
use oware_bot::service::{
    Action, AdminAction, ChallengeOptions, Command, Outgoing, Place, Platform, Role, Service,
    TimeControl,
};
use tokio::time::advance;

const GUILD: &str = "100000000000000001";
const MINUTE: u64 = 60;
const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;

fn channel() -> Place {
    place_at(Platform::Discord, Some(GUILD), "200")
}

fn thread(id: &str) -> Place {
    Place {
        thread: Some(id.to_owned()),
        ..channel()
    }
}

fn admin(action: Action) -> Command {
    cmd_at(&channel(), "mod", action).with_role(Role::Admin)
}

/// A service on a fresh database, then tokio's clock paused (see `tests/service/clocks.rs`:
/// a task that only yields keeps the paused clock from jumping by itself).
async fn service() -> (TempDb, Arc<Service>) {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    support::pause_clock();
    (db, service)
}

/// `south` challenges `north` in the channel and `north` accepts; the game gets a
/// thread `id` of its own, as the Discord adapter opens one. Returns the game.
async fn game_in_own_thread(service: &Service, [south, north]: [&str; 2], id: &str) -> i64 {
    game_in_own_thread_with(service, [south, north], id, ChallengeOptions::default()).await
}

async fn game_in_own_thread_with(
    service: &Service,
    [south, north]: [&str; 2],
    id: &str,
    options: ChallengeOptions,
) -> i64 {
    let game = start_game_at(service, &channel(), south, north, options).await;
    service
        .ops()
        .set_thread(game, &thread(id))
        .await
        .expect("the thread is recorded");
    game.get()
}

async fn set(service: &Service, key: &str, value: &str) {
    let reply = service
        .handle(admin(Action::Settings {
            changes: vec![(key.to_owned(), value.to_owned())],
        }))
        .await;
    assert!(reply.text.contains("Settings changed"), "{}", reply.text);
}

async fn resign(service: &Service, id: &str, who: &str, game: GameId) {
    let reply = service
        .handle(cmd_at(
            &thread(id),
            who,
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
}

/// Advances the paused clock by `secs`, runs what fell due, and returns the archiving
/// messages the bot wrote (every message written is marked sent).
async fn archived_after(service: &Arc<Service>, secs: u64) -> Vec<Outgoing> {
    advance(Duration::from_secs(secs)).await;
    service.ops().run_due_jobs().await;
    let sent = service.ops().unsent(Platform::Discord, None).await;
    for message in &sent {
        service.ops().mark_sent(message.id).await;
    }
    sent.into_iter()
        .filter(|m| m.reply.archive_thread)
        .collect()
}

/// The threads of `messages`, sorted.
fn threads(messages: &[Outgoing]) -> Vec<String> {
    let mut out: Vec<String> = messages
        .iter()
        .map(|m| m.place.thread.clone().unwrap_or_default())
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn a_finished_games_thread_is_archived_a_day_later_and_not_before() {
    let (_db, service) = service().await;
    let game = game_in_own_thread(&service, ["alice", "bob"], "31").await;
    play_plies(
        &service,
        &thread("31"),
        GameId::new(game),
        ["alice", "bob"],
        10,
    )
    .await;
    resign(&service, "31", "bob", GameId::new(game)).await;
    assert!(archived_after(&service, 0).await.is_empty());

    assert!(archived_after(&service, DAY - MINUTE).await.is_empty());
    let archived = archived_after(&service, 2 * MINUTE).await;
    assert_eq!(archived.len(), 1, "{archived:?}");
    let message = &archived[0];
    assert_eq!(message.place.thread.as_deref(), Some("31"));
    assert_eq!(message.reply.game, Some(GameId::new(game)));
    assert!(!message.reply.private);
    assert!(
        message.reply.text.contains("thread is archived")
            && message.reply.text.contains("/oware stats history"),
        "{}",
        message.reply.text
    );
    // Done once: nothing is left to run.
    assert_eq!(service.ops().earliest_job().await.unwrap(), None);
    assert!(archived_after(&service, 2 * DAY).await.is_empty());
}

#[tokio::test]
async fn the_server_sets_the_delay_and_never_schedules_nothing() {
    let (db, service) = service().await;
    set(&service, "archive", "1h").await;
    // A game played to its end on the board.
    let game = game_in_own_thread(&service, ["alice", "bob"], "31").await;
    for (i, pit) in winning_line().into_iter().enumerate() {
        let author = if i % 2 == 0 { "alice" } else { "bob" };
        let reply = service
            .handle(cmd_at(
                &thread("31"),
                author,
                Action::Move {
                    pit: oware_bot::rules::Typed::of(pit),
                    game: Some(GameId::new(game)),
                    ply: None,
                },
            ))
            .await;
        assert!(!reply.private, "{}", reply.text);
    }
    let row = db
        .store()
        .games()
        .game(GameId::new(game))
        .await
        .unwrap()
        .expect("the game");
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("score_25")
    );
    assert!(archived_after(&service, HOUR - MINUTE).await.is_empty());
    assert_eq!(threads(&archived_after(&service, 2 * MINUTE).await), ["31"]);

    set(&service, "archive", "never").await;
    let game = game_in_own_thread(&service, ["carol", "dave"], "32").await;
    play_plies(
        &service,
        &thread("32"),
        GameId::new(game),
        ["carol", "dave"],
        10,
    )
    .await;
    resign(&service, "32", "carol", GameId::new(game)).await;
    assert_eq!(
        service.ops().earliest_job().await.unwrap(),
        None,
        "nothing scheduled"
    );
    assert!(archived_after(&service, 31 * DAY).await.is_empty());
}

#[tokio::test]
async fn every_way_a_game_ends_schedules_the_archive() {
    let (db, service) = service().await;
    // Decided by an admin, ended by agreement, aborted by an admin.
    let decided = game_in_own_thread(&service, ["alice", "bob"], "41").await;
    play_plies(
        &service,
        &thread("41"),
        GameId::new(decided),
        ["alice", "bob"],
        10,
    )
    .await;
    let reply = service
        .handle(admin(Action::admin(AdminAction::Adjudicate {
            game: GameId::new(decided),
            winner: None,
            reason: "both asked".to_owned(),
        })))
        .await;
    assert!(reply.text.contains("is decided"), "{}", reply.text);

    let agreed = game_in_own_thread(&service, ["carol", "dave"], "42").await;
    play_plies(
        &service,
        &thread("42"),
        GameId::new(agreed),
        ["carol", "dave"],
        10,
    )
    .await;
    for who in ["carol", "dave"] {
        let reply = service
            .handle(cmd_at(
                &thread("42"),
                who,
                Action::End {
                    game: Some(GameId::new(agreed)),
                },
            ))
            .await;
        assert!(!reply.private, "{}", reply.text);
    }

    let aborted = game_in_own_thread(&service, ["erin", "frank"], "43").await;
    let reply = service
        .handle(admin(Action::admin(AdminAction::Abort {
            game: GameId::new(aborted),
            reason: "one person, two accounts".to_owned(),
        })))
        .await;
    assert!(reply.text.contains("is aborted"), "{}", reply.text);

    // Lost on time an hour from now.
    let hour = ChallengeOptions {
        time: Some("1h".parse::<TimeControl>().expect("a time control")),
        ..ChallengeOptions::default()
    };
    let timed = game_in_own_thread_with(&service, ["gina", "hank"], "44", hour).await;
    play_plies(
        &service,
        &thread("44"),
        GameId::new(timed),
        ["gina", "hank"],
        4,
    )
    .await;
    assert!(archived_after(&service, HOUR).await.is_empty());
    let row = db
        .store()
        .games()
        .game(GameId::new(timed))
        .await
        .unwrap()
        .expect("the game");
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("timeout")
    );

    assert_eq!(
        threads(&archived_after(&service, DAY - HOUR).await),
        ["41", "42", "43"]
    );
    assert_eq!(threads(&archived_after(&service, HOUR).await), ["44"]);
}

#[tokio::test]
async fn a_thread_the_bot_did_not_open_or_a_rematch_goes_on_in_is_left_alone() {
    let (_db, service) = service().await;
    // A game challenged in a thread of the players' own plays there: not the bot's.
    let theirs = start_game_at(
        &service,
        &thread("51"),
        "alice",
        "bob",
        ChallengeOptions::default(),
    )
    .await;
    play_plies(&service, &thread("51"), theirs, ["alice", "bob"], 10).await;
    resign(&service, "51", "bob", theirs).await;
    assert!(archived_after(&service, 2 * DAY).await.is_empty());

    // A game in its own thread, then a second game in that thread.
    let first = game_in_own_thread(&service, ["carol", "dave"], "61").await;
    play_plies(
        &service,
        &thread("61"),
        GameId::new(first),
        ["carol", "dave"],
        10,
    )
    .await;
    resign(&service, "61", "dave", GameId::new(first)).await;
    let second = start_game_at(
        &service,
        &thread("61"),
        "dave",
        "carol",
        ChallengeOptions::default(),
    )
    .await;
    assert!(
        archived_after(&service, DAY).await.is_empty(),
        "not while the second game goes on"
    );
    resign(&service, "61", "carol", second).await;
    assert!(archived_after(&service, DAY - MINUTE).await.is_empty());
    let archived = archived_after(&service, 2 * MINUTE).await;
    assert_eq!(threads(&archived), ["61"]);
    assert_eq!(archived[0].reply.game, Some(second));
}
