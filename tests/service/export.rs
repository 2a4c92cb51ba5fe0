//! `/oware settings export` through the real service: a player gets, privately
//! (secret: a direct message on Matrix), one JSON file with every row the bot
//! stores about them, table by table, and their games as game records that parse
//! back; nothing of other people's accounts.

use crate::support::{cmd, cmd_at, place, play_plies, start_game_at, timed, TempDb};
use oware_bot::rules::GameRecord;
use oware_bot::service::{Action, VacationRequest};
use serde_json::Value;

#[tokio::test]
async fn a_player_gets_all_their_data_privately() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game_at(&service, &place(), "alice", "bob", timed("1d")).await;
    play_plies(&service, &place(), game, ["alice", "bob"], 3).await;
    let finished = start_game_at(&service, &place(), "bob", "alice", timed("1d")).await;
    play_plies(&service, &place(), finished, ["bob", "alice"], 2).await;
    let resign = Action::Resign {
        game: Some(finished),
        confirmed: true,
    };
    assert!(!service.handle(cmd("alice", resign)).await.private);
    let settings = Action::MySettings {
        changes: vec![("notify".into(), "dm".into())],
    };
    service.handle(cmd("alice", settings)).await;
    let away = Action::Vacation(VacationRequest::Start { days: 3 });
    service.handle(cmd_at(&place(), "alice", away)).await;

    let reply = service.handle(cmd("alice", Action::Export)).await;
    assert!(reply.private && reply.secret, "{}", reply.text);
    assert!(reply.text.contains("2 games"), "{}", reply.text);
    let [json, records] = reply.files.as_slice() else {
        panic!("two files: {:?}", reply.files.len());
    };
    assert_eq!(json.mime, "application/json");
    let export: Value = serde_json::from_slice(&json.bytes).expect("JSON");
    assert_eq!(export["format"], "oware-bot export 1");
    assert_eq!(export["accounts"][0]["user_id"], "alice");
    let tables = &export["tables"];
    let rows = |table: &str| tables[table].as_array().expect(table).len();
    assert_eq!(rows("accounts"), 1, "only her own account");
    assert_eq!(tables["accounts"][0]["user_id"], "alice");
    assert_eq!(rows("games"), 2);
    assert_eq!(
        rows("moves"),
        3,
        "her own moves: 2 in the first game, 1 in the second"
    );
    assert_eq!(rows("user_settings"), 1);
    assert_eq!(tables["user_settings"][0]["notify"], "dm");
    assert_eq!(rows("vacations"), 1);
    assert!(rows("challenges") >= 2);
    let text = String::from_utf8(json.bytes.clone()).expect("UTF-8");
    assert!(
        !text.contains("\"bob\""),
        "nothing of bob's account: {text}"
    );

    // The records parse back, each game as played.
    let text = String::from_utf8(records.bytes.clone()).expect("UTF-8");
    let parsed: Vec<GameRecord> = text
        .split("\n\n[Event")
        .enumerate()
        .map(|(i, part)| {
            let part = if i == 0 {
                part.to_owned()
            } else {
                format!("[Event{part}")
            };
            GameRecord::parse(&part).unwrap_or_else(|e| panic!("record {i}: {e}\n{part}"))
        })
        .collect();
    assert_eq!(parsed.len(), 2, "{text}");
    assert_eq!(parsed[0].moves().len(), 3);
    assert!(parsed[1].game().is_over());
}

#[tokio::test]
async fn someone_the_bot_knows_nothing_of_is_told_so() {
    let db = TempDb::new();
    let service = db.service().await;
    let reply = service.handle(cmd("stranger", Action::Export)).await;
    assert!(reply.private && reply.files.is_empty(), "{}", reply.text);
    assert!(
        reply.text.contains("stores nothing about you"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn privacy_says_what_is_kept_why_how_long_and_how_to_get_it() {
    let db = TempDb::new();
    let service = db.service().await;
    let reply = service.handle(cmd("carol", Action::Privacy)).await;
    assert!(reply.private, "{}", reply.text);
    let text = &reply.text;
    for part in [
        "ids and display names",
        "games and moves",
        "for 30 days",
        "10 min",
        "`/oware export`",
        "Delete it",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(text.chars().count() <= 2000, "one message");
}

/// The export file of `who`, as text.
async fn export_text(service: &oware_bot::service::Service, who: &str) -> String {
    let reply = service.handle(cmd(who, Action::Export)).await;
    let json = reply.files.first().expect("the export file");
    String::from_utf8(json.bytes.clone()).expect("UTF-8")
}

#[tokio::test]
async fn an_export_names_nobody_else_from_bans_and_the_audit_log() {
    use oware_bot::service::{AdminAction, Role};
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game_at(&service, &place(), "carol", "bob", timed("1d")).await;
    play_plies(&service, &place(), game, ["carol", "bob"], 2).await;
    let ban = Action::admin(AdminAction::Ban {
        user: crate::support::user("carol"),
        length: None,
        reason: "too slow".to_owned(),
    });
    let banned = service
        .handle(cmd("mallory", ban).with_role(Role::Admin))
        .await;
    assert!(banned.private, "{}", banned.text);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE actor_id = 'mallory' AND target_id = 'carol'")
            .await,
        1
    );

    let carols = export_text(&service, "carol").await;
    assert!(carols.contains("too slow"), "her ban is in it: {carols}");
    assert!(
        !carols.contains("mallory"),
        "who banned her is not: {carols}"
    );
    let mallorys = export_text(&service, "mallory").await;
    assert!(
        mallorys.contains("\"ban\""),
        "her action is in it: {mallorys}"
    );
    assert!(
        !mallorys.contains("carol"),
        "whom she banned is not: {mallorys}"
    );
}
