//! Caps that tournaments could pass by, through the real service: a player at the
//! active-game cap cannot join a tournament (a round's game is still created for a
//! player who reached the cap after joining: a tournament must go on), and a
//! round-robin takes at most `MAX_ROUND_ROBIN_PLAYERS` players, a Swiss at most
//! `MAX_SWISS_PLAYERS`, each entry beyond refused when it is made.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::{cmd_at, place_at, refused, start_game_at, TempDb};
use oware_bot::service::{
    Action, Caps, ChallengeOptions, Command, Format, Place, Platform, Role, Service, ServiceConfig,
    TournamentAction, TournamentOptions,
};

fn guild() -> Place {
    place_at(Platform::Discord, Some("100000000000000001"), "200")
}

fn t(author: &str, action: TournamentAction) -> Command {
    cmd_at(&guild(), author, Action::Tournament(action))
}

fn create(format: Format) -> Command {
    let options = TournamentOptions {
        name: "Cup".to_owned(),
        format: Some(format),
        rounds: (format == Format::Swiss).then_some(3),
        ..TournamentOptions::default()
    };
    t("mod", TournamentAction::Create(options)).with_role(Role::Admin)
}

async fn service(db: &TempDb, caps: Caps) -> Service {
    db.service_with(ServiceConfig {
        rates: [None; 3],
        caps,
        ..ServiceConfig::default()
    })
    .await
}

async fn games_of(db: &TempDb, who: &str) -> i64 {
    db.count(&format!(
        "SELECT COUNT(*) FROM games g JOIN players s ON s.id = g.south_id
         JOIN players n ON n.id = g.north_id
         WHERE g.status = 'active' AND (s.user_id = '{who}' OR n.user_id = '{who}')"
    ))
    .await
}

#[tokio::test]
async fn a_player_at_the_game_cap_cannot_join_but_a_round_still_pairs_them() {
    let db = TempDb::new();
    let caps = Caps {
        active_games: 1,
        ..Caps::default()
    };
    let service = service(&db, caps).await;
    let casual = ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    };
    start_game_at(&service, &guild(), "alice", "bob", casual.clone()).await;
    assert!(!refused(&service.handle(create(Format::RoundRobin)).await));

    // Alice plays as many games as she may: she cannot join.
    let reply = service
        .handle(t("alice", TournamentAction::Join(None)))
        .await;
    assert!(refused(&reply), "{}", reply.text);
    assert!(
        reply.text.contains("cannot join tournament T1") && reply.text.contains("Finish one"),
        "{}",
        reply.text
    );
    // Carol and dave join with no game; carol then starts one, reaching the cap.
    for who in ["carol", "dave"] {
        let reply = service.handle(t(who, TournamentAction::Join(None))).await;
        assert!(!refused(&reply), "{}", reply.text);
    }
    start_game_at(&service, &guild(), "carol", "erin", casual).await;
    assert_eq!(games_of(&db, "carol").await, 1);
    // The round's game is created all the same: a tournament goes on.
    let start = t("mod", TournamentAction::Start(None)).with_role(Role::Admin);
    assert!(!refused(&service.handle(start).await));
    assert_eq!(games_of(&db, "carol").await, 2);
    assert_eq!(games_of(&db, "dave").await, 1);
}

#[tokio::test]
async fn a_round_robin_takes_at_most_its_cap_of_players_a_swiss_more() {
    let db = TempDb::new();
    // The default cap, 16 (`MAX_ROUND_ROBIN_PLAYERS`).
    let service = service(&db, Caps::default()).await;
    assert!(!refused(&service.handle(create(Format::RoundRobin)).await));
    let players: Vec<String> = (1..=17).map(|n| format!("p{n}")).collect();
    for who in &players[..16] {
        let reply = service
            .handle(t(
                who,
                TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
            ))
            .await;
        assert!(!refused(&reply), "{}", reply.text);
    }
    let reply = service
        .handle(t(
            "p17",
            TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
        ))
        .await;
    assert!(refused(&reply), "{}", reply.text);
    assert!(
        reply.text.contains("16 players already") && reply.text.contains("format:swiss"),
        "{}",
        reply.text
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = 1")
            .await,
        16
    );
    // A player who leaves makes room.
    service
        .handle(t(
            "p3",
            TournamentAction::Leave(Some(oware_bot::service::TournamentId::new(1))),
        ))
        .await;
    let reply = service
        .handle(t(
            "p17",
            TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
        ))
        .await;
    assert!(!refused(&reply), "{}", reply.text);

    // A Swiss is not capped by it.
    assert!(!refused(&service.handle(create(Format::Swiss)).await));
    for who in &players {
        let reply = service
            .handle(t(
                who,
                TournamentAction::Join(Some(oware_bot::service::TournamentId::new(2))),
            ))
            .await;
        assert!(!refused(&reply), "{}", reply.text);
    }
}

#[tokio::test]
async fn a_swiss_refuses_the_entry_beyond_its_cap_when_it_is_made() {
    let db = TempDb::new();
    // The default cap, 64 (`MAX_SWISS_PLAYERS`): all its pairing takes.
    let service = service(&db, Caps::default()).await;
    assert!(!refused(&service.handle(create(Format::Swiss)).await));
    for n in 1..=64 {
        let reply = service
            .handle(t(
                &format!("p{n}"),
                TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
            ))
            .await;
        assert!(!refused(&reply), "{}", reply.text);
    }
    let reply = service
        .handle(t(
            "p65",
            TournamentAction::Join(Some(oware_bot::service::TournamentId::new(1))),
        ))
        .await;
    assert!(refused(&reply), "{}", reply.text);
    assert!(
        reply.text.contains("64 players already") && reply.text.contains("create another"),
        "{}",
        reply.text
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = 1")
            .await,
        64
    );
    // So the start pairs everyone instead of ending the tournament "too many".
    let start = t("mod", TournamentAction::Start(None)).with_role(Role::Admin);
    let started = service.handle(start).await;
    assert!(!refused(&started), "{}", started.text);
    assert_eq!(games_of(&db, "p64").await, 1);
}
