//! Tournaments through the real service and store (`/oware tournament …`): who may
//! create and start one, round-robin and Swiss events played to their final
//! crosstable with each round's games started by the scheduler's jobs, withdrawals,
//! forfeits on time, rated games, and a round that starts after a restart.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use std::{
    collections::{BTreeMap, BTreeSet},
    sync::Arc,
    time::Duration,
};

use crate::support::{cmd_at, place_at, refused, TempDb};
use oware_bot::service::{
    Action, Command, Format, Outgoing, Place, Platform, Role, Service, TournamentAction,
    TournamentOptions,
};
use oware_bot::store::Store;

const GUILD: &str = "100000000000000001";

fn guild() -> Place {
    place_at(Platform::Discord, Some(GUILD), "200")
}

fn t(author: &str, action: TournamentAction) -> Command {
    cmd_at(&guild(), author, Action::Tournament(action))
}

fn admin(action: TournamentAction) -> Command {
    t("mod", action).with_role(Role::Admin)
}

fn create(format: Format, rounds: Option<u32>) -> TournamentAction {
    TournamentAction::Create(TournamentOptions {
        name: "Autumn Cup".to_owned(),
        format: Some(format),
        rounds,
        ..TournamentOptions::default()
    })
}

/// Creates a tournament as an admin, `players` join, and the admin starts it.
async fn started(service: &Service, format: Format, rounds: Option<u32>, players: &[&str]) -> i64 {
    let reply = service.handle(admin(create(format, rounds))).await;
    assert!(!refused(&reply), "{}", reply.text);
    for who in players {
        let reply = service.handle(t(who, TournamentAction::Join(None))).await;
        assert!(!refused(&reply), "{}", reply.text);
    }
    let reply = service.handle(admin(TournamentAction::Start(None))).await;
    assert!(!refused(&reply), "{}", reply.text);
    1
}

/// The games of tournament `id` still being played, with their players' names.
async fn active_games(store: &Store, id: i64) -> Vec<(oware_bot::service::GameId, String, String)> {
    let mut out = Vec::new();
    for b in store
        .tournaments()
        .tournament_boards(oware_bot::service::TournamentId::new(id))
        .await
        .unwrap()
    {
        if b.state == Some(oware_bot::store::GameState::Active) {
            let game = b.game_id.unwrap();
            let row = store.games().game(game).await.unwrap().unwrap();
            out.push((game, row.south.name, row.north.name));
        }
    }
    out
}

/// Ends game `game`: `loser` resigns.
async fn resign(service: &Service, game: oware_bot::service::GameId, loser: &str) {
    let reply = service
        .handle(cmd_at(
            &guild(),
            loser,
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
}

/// Plays every round to the end, `winner` deciding each game, running the jobs that
/// start the next round; returns the number of rounds played.
async fn play_out(
    service: &Arc<Service>,
    store: &Store,
    id: i64,
    winner: impl Fn(&str, &str) -> bool,
) -> usize {
    let mut rounds = 0;
    for _ in 0..30 {
        let games = active_games(store, id).await;
        if games.is_empty() {
            service.ops().run_due_jobs().await;
            if active_games(store, id).await.is_empty() {
                break;
            }
            continue;
        }
        rounds += 1;
        for (game, south, north) in games {
            let loser = if winner(&south, &north) { north } else { south };
            resign(service, game, &loser).await;
        }
        service.ops().run_due_jobs().await;
    }
    rounds
}

async fn status(store: &Store, id: i64) -> &'static str {
    store
        .tournaments()
        .tournament(oware_bot::service::TournamentId::new(id))
        .await
        .unwrap()
        .unwrap()
        .status
        .as_str()
}

/// Each round's games (`(south, north)` entrants) and byes.
type Schedule = BTreeMap<i64, (Vec<(i64, i64)>, Vec<i64>)>;

/// The schedule as stored.
async fn schedule(store: &Store, id: i64) -> Schedule {
    let mut rounds = Schedule::new();
    for b in store
        .tournaments()
        .tournament_boards(oware_bot::service::TournamentId::new(id))
        .await
        .unwrap()
    {
        let round = rounds.entry(b.round).or_default();
        match b.north {
            Some(north) => round.0.push((b.south, north)),
            None => round.1.push(b.south),
        }
    }
    rounds
}

async fn outbox(service: &Service) -> Vec<Outgoing> {
    let sent = service.ops().unsent(Platform::Discord, None).await;
    for message in &sent {
        service.ops().mark_sent(message.id).await;
    }
    sent
}

#[tokio::test]
async fn a_round_robin_of_five_meets_everyone_once_and_rotates_the_bye() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let players = ["ann", "ben", "cat", "dan", "eve"];
    let id = started(&service, Format::RoundRobin, None, &players).await;
    let first = outbox(&service).await;
    let announcement = first
        .iter()
        .find(|m| m.reply.text.contains("round 1 of 5"))
        .expect("round 1 is announced");
    assert_eq!(announcement.reply.mentions.len(), 4, "{announcement:?}");
    assert!(announcement.reply.text.contains("has a bye"));
    let boards: Vec<_> = first.iter().filter(|m| m.reply.game.is_some()).collect();
    assert_eq!(boards.len(), 2, "one board per game of round 1");
    assert!(boards
        .iter()
        .all(|m| m.reply.files.iter().any(|f| f.mime == "image/png")));

    // The lower entrant (earlier in the alphabet here) wins every game.
    let rounds = play_out(&service, &db.store(), id, |south, north| south < north).await;
    assert_eq!(rounds, 5);
    assert_eq!(status(&db.store(), id).await, "finished");

    let schedule = schedule(&db.store(), id).await;
    let mut pairs = BTreeSet::new();
    let mut byes: Vec<i64> = Vec::new();
    for (games, bye) in schedule.values() {
        for &(s, n) in games {
            assert!(pairs.insert((s.min(n), s.max(n))), "{s} and {n} met twice");
        }
        byes.extend(bye);
    }
    assert_eq!(pairs.len(), 10, "every pair of five met");
    byes.sort_unstable();
    assert_eq!(byes, vec![1, 2, 3, 4, 5], "each player sat out once");

    let last = outbox(&service).await;
    let end = last
        .iter()
        .find(|m| m.reply.text.contains("is over"))
        .expect("the end is announced");
    assert!(
        end.reply.text.contains("Winner: **ann** with 5 points"),
        "{}",
        end.reply.text
    );
    let crosstable = end.reply.table.as_deref().expect("the crosstable");
    assert!(
        crosstable.contains("R5") && crosstable.contains("ann"),
        "{crosstable}"
    );
    let png = end
        .reply
        .files
        .iter()
        .find(|f| f.mime == "image/png")
        .expect("the standings picture");
    assert!(
        png.description.contains("1: ann, 5 points"),
        "{}",
        png.description
    );
    let image = image::load_from_memory(&png.bytes).expect("a PNG");
    assert!(image.width() > 100 && image.height() > 100);
}

#[tokio::test]
async fn a_swiss_of_eight_never_repeats_a_pairing_and_balances_colours() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
    let id = started(&service, Format::Swiss, Some(3), &players).await;
    // The lower-numbered player wins every game.
    let rounds = play_out(&service, &db.store(), id, |south, north| south < north).await;
    assert_eq!(rounds, 3);
    assert_eq!(status(&db.store(), id).await, "finished");
    let schedule = schedule(&db.store(), id).await;
    let mut pairs = BTreeSet::new();
    let mut colours: BTreeMap<i64, i64> = BTreeMap::new();
    for (games, byes) in schedule.values() {
        assert!(byes.is_empty());
        assert_eq!(games.len(), 4);
        for &(s, n) in games {
            assert!(pairs.insert((s.min(n), s.max(n))), "{s} and {n} met twice");
            *colours.entry(s).or_default() += 1;
            *colours.entry(n).or_default() -= 1;
        }
    }
    assert!(colours.values().all(|c| c.abs() <= 1), "{colours:?}");
    // Round 1 pairs 1-5, 2-6, 3-7, 4-8; round 2 the winners 1-3, 2-4 (Dutch top half
    // against bottom half); by round 3 only p1 has won every game.
    let standings = service
        .handle(t(
            "p1",
            TournamentAction::Standings(Some(oware_bot::service::TournamentId::new(id))),
        ))
        .await;
    assert!(
        standings.text.contains("1. **p1**: 3 points"),
        "{}",
        standings.text
    );
    assert!(standings.text.contains("final"), "{}", standings.text);
    let table = standings.table.as_deref().expect("the crosstable");
    assert!(table.contains("R3"), "{table}");
}

#[tokio::test]
async fn a_withdrawn_player_is_not_paired_again_and_their_opponents_get_byes() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let id = started(
        &service,
        Format::RoundRobin,
        None,
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    // Dan withdraws during round 1; his round-1 game is still his to play.
    let reply = service
        .handle(t("dan", TournamentAction::Leave(None)))
        .await;
    assert!(
        reply.text.contains("not paired from round 2 on"),
        "{}",
        reply.text
    );
    assert_eq!(active_games(&db.store(), id).await.len(), 2);
    play_out(&service, &db.store(), id, |south, north| south < north).await;
    let schedule = schedule(&db.store(), id).await;
    for (round, (games, byes)) in &schedule {
        if *round > 1 {
            assert!(
                games.iter().all(|&(s, n)| s != 4 && n != 4),
                "round {round}"
            );
            assert_eq!(byes.len(), 1, "dan's opponent sits out in round {round}");
        }
    }
    let standings = service
        .handle(t("ann", TournamentAction::Standings(None)))
        .await;
    assert!(
        standings.text.contains("**dan** (withdrawn)"),
        "{}",
        standings.text
    );
}

#[tokio::test]
async fn only_admins_create_and_only_the_creator_or_an_admin_starts() {
    let db = TempDb::new();
    let service = db.service().await;
    let reply = service
        .handle(t("ann", create(Format::Swiss, Some(3))))
        .await;
    assert!(
        refused(&reply) && reply.text.contains("/oware tournament create"),
        "{}",
        reply.text
    );
    let settings = Action::Settings {
        changes: vec![("tournaments".to_owned(), "anyone".to_owned())],
    };
    let reply = service
        .handle(cmd_at(&guild(), "mod", settings).with_role(Role::Admin))
        .await;
    assert!(reply.text.contains("Settings changed"), "{}", reply.text);
    let reply = service
        .handle(t("ann", create(Format::Swiss, Some(3))))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
    service.handle(t("ben", TournamentAction::Join(None))).await;
    let reply = service
        .handle(t("ben", TournamentAction::Start(None)))
        .await;
    assert!(
        refused(&reply) && reply.text.contains("Only the creator"),
        "{}",
        reply.text
    );
    let reply = service
        .handle(t("ann", TournamentAction::Start(None)))
        .await;
    assert!(
        refused(&reply) && reply.text.contains("needs at least 2"),
        "{}",
        reply.text
    );
    service.handle(t("cat", TournamentAction::Join(None))).await;
    let reply = service
        .handle(t("ann", TournamentAction::Start(None)))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
    let reply = service
        .handle(t(
            "dan",
            TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
        ))
        .await;
    assert!(
        refused(&reply) && reply.text.contains("has started"),
        "{}",
        reply.text
    );
    // A tournament game cannot be called off by its players.
    let (game, south, _) = active_games(&db.store(), 1).await[0].clone();
    let reply = service
        .handle(cmd_at(&guild(), &south, Action::Abort { game: Some(game) }))
        .await;
    assert!(
        refused(&reply) && reply.text.contains("tournament game"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn a_tournament_game_not_begun_in_time_is_a_loss_and_the_round_moves_on() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    support::pause_clock();
    let reply = service
        .handle(admin(TournamentAction::Create(TournamentOptions {
            name: "Blitz".to_owned(),
            format: Some(Format::Swiss),
            rounds: Some(2),
            time: Some("1h".to_owned()),
            ..TournamentOptions::default()
        })))
        .await;
    assert!(!refused(&reply), "{}", reply.text);
    for who in ["ann", "ben", "cat", "dan"] {
        service.handle(t(who, TournamentAction::Join(None))).await;
    }
    service.handle(admin(TournamentAction::Start(None))).await;
    let first = active_games(&db.store(), 1).await;
    assert_eq!(first.len(), 2);
    tokio::time::advance(Duration::from_secs(3601)).await;
    service.ops().run_due_jobs().await;
    for (game, _, _) in &first {
        let row = db.game(*game).await;
        assert!(!row.is_active());
        assert_eq!(
            row.state.ending().and_then(|e| e.result_column()),
            Some("N"),
            "South lost on time, not aborted"
        );
        assert_eq!(
            row.state.ending().map(|e| e.reason_column()),
            Some("timeout")
        );
    }
    let next = active_games(&db.store(), 1).await;
    assert_eq!(next.len(), 2, "round 2 started");
    assert!(next.iter().all(|g| first.iter().all(|f| f.0 != g.0)));
    // The two who won on time lead.
    let standings = service
        .handle(t("ann", TournamentAction::Standings(None)))
        .await;
    for (_, _, winner) in &first {
        assert!(
            standings
                .text
                .contains(&format!("1. **{winner}**: 1 point\n")),
            "{}",
            standings.text
        );
    }
}

#[tokio::test]
async fn rated_tournament_games_change_ratings() {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let id = started(&service, Format::RoundRobin, None, &["ann", "ben"]).await;
    let (game, south, north) = active_games(&db.store(), id).await[0].clone();
    let row = db.game(game).await;
    assert!(row.rated);
    assert_eq!(row.time_control.to_string(), "3d");
    // Ratings need 10 moves: play them, then resign.
    support::play_plies(&service, &guild(), game, [&south, &north], 10).await;
    resign(&service, game, &north).await;
    let stats = service
        .handle(cmd_at(
            &guild(),
            &south,
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(
        stats.text.contains("1 win") || stats.text.contains("1 won"),
        "{}",
        stats.text
    );
}

#[tokio::test]
async fn the_next_round_starts_after_a_restart_when_its_job_was_pending() {
    let db = TempDb::new();
    {
        let service = Arc::new(db.service().await);
        let id = started(&service, Format::RoundRobin, None, &["ann", "ben", "cat"]).await;
        let (game, south, _) = active_games(&db.store(), id).await[0].clone();
        // The round's last game ends; the bot stops before its job runs.
        resign(&service, game, &south).await;
        assert!(active_games(&db.store(), id).await.is_empty());
    }
    let service = Arc::new(db.service().await);
    assert!(service.ops().run_due_jobs().await >= 1);
    assert_eq!(
        active_games(&db.store(), 1).await.len(),
        1,
        "round 2 started"
    );
    let announced: Vec<_> = outbox(&service)
        .await
        .into_iter()
        .filter(|m| m.reply.text.contains("round 2 of 3"))
        .collect();
    assert_eq!(announced.len(), 1, "announced once");
}
