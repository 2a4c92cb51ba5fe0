//! `/oware forget-me` and `/oware admin forget` through the real service: after
//! it, no table holds the person's ids or names; their games stay, against a
//! "deleted player", and their opponents' games and ratings do not change; a
//! forgotten person who plays again starts fresh.

use crate::support::{
    cmd, cmd_at, place, play_plies, rated_win, start_game_at, state::Inspector, user, TempDb,
};
use oware_bot::service::{
    Action, AdminAction, ButtonAction, ChallengeOptions, Place, Platform, Role, Service, Speed,
};

/// Zenobia's id and name are unlike any word the bot writes, so that finding either
/// anywhere in the database means it was kept.
const ZENOBIA: &str = "Zenobia";

fn forget_me(confirmed: bool) -> Action {
    Action::ForgetMe { confirmed }
}

fn stats(who: &str) -> Action {
    Action::Stats {
        user: Some(user(who)),
        speed: Some(Speed::Correspondence),
    }
}

/// Zenobia leaves traces everywhere: a rated game won against Bob, advice in
/// Bob's casual game with Carol, her own settings, a link code, a puzzle.
async fn zenobia_everywhere(service: &Service) -> i64 {
    let (won, _) = rated_win(service, &place(), ZENOBIA, "Bob").await;
    let casual = ChallengeOptions {
        rated: Some(false),
        advice: Some(true),
        ..ChallengeOptions::default()
    };
    let watched = start_game_at(service, &place(), "Bob", "Carol", casual).await;
    play_plies(service, &place(), watched, ["Bob", "Carol"], 2).await;
    let advice = Action::Advise {
        pit: "a".into(),
        game: Some(watched),
    };
    let reply = service.handle(cmd(ZENOBIA, advice)).await;
    assert!(
        reply.text.contains("advice") || reply.text.contains("Advice"),
        "{}",
        reply.text
    );
    let settings = Action::MySettings {
        changes: vec![("notify".into(), "dm".into())],
    };
    service.handle(cmd(ZENOBIA, settings)).await;
    service
        .handle(cmd(ZENOBIA, Action::Link { code: None }))
        .await;
    service
        .handle(cmd(ZENOBIA, Action::Puzzle { daily: false }))
        .await;
    won
}

#[tokio::test]
async fn forget_me_erases_every_trace_and_keeps_the_opponents_games() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    let won = zenobia_everywhere(&service).await;
    // A game in progress stops it: her opponent would wait on nobody.
    let playing = start_game_at(
        &service,
        &place(),
        "Bob",
        ZENOBIA,
        ChallengeOptions::default(),
    )
    .await;
    let bob_before = service.handle(cmd("Bob", stats("Bob"))).await.text;
    let games_before = db.count("SELECT COUNT(*) FROM games").await;

    let ask = service.handle(cmd(ZENOBIA, forget_me(false))).await;
    assert!(
        ask.private && ask.text.contains("Forget you?"),
        "{}",
        ask.text
    );
    assert_eq!(
        ask.buttons.iter().map(|b| &b.action).collect::<Vec<_>>(),
        [&ButtonAction::ForgetMe]
    );
    assert_eq!(
        ButtonAction::ForgetMe.typed(),
        "/oware forget-me confirm",
        "the text platforms' way to press it"
    );
    assert!(
        inspector.dump().await.to_lowercase().contains("zenobia"),
        "asking changes nothing"
    );
    let refused = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(
        refused.private && refused.text.contains(&format!("#{playing}")),
        "{}",
        refused.text
    );
    let resign = Action::Resign {
        game: Some(playing),
        confirmed: true,
    };
    assert!(!service.handle(cmd(ZENOBIA, resign)).await.private);
    let bob_before_forget = service.handle(cmd("Bob", stats("Bob"))).await.text;

    let done = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(done.private, "{}", done.text);
    assert!(done.text.contains("forgotten you"), "{}", done.text);
    assert!(done.text.contains("2 games stay"), "{}", done.text);

    let dump = inspector.dump().await.to_lowercase();
    assert!(
        !dump.contains("zenobia"),
        "her id or name is still stored: {}",
        &dump[dump.find("zenobia").unwrap().saturating_sub(300)..]
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM games").await, games_before);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM advice").await,
        0,
        "her advice goes"
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM link_codes").await, 0);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM user_settings WHERE notify IS NOT NULL")
            .await,
        0
    );
    // Bob keeps his games and his rating as they were.
    let bob_after = service.handle(cmd("Bob", stats("Bob"))).await.text;
    assert_eq!(
        bob_after,
        bob_before_forget.replace(ZENOBIA, "deleted player")
    );
    assert_ne!(bob_before, "");
    let replay = service
        .handle(cmd("Bob", Action::Replay { game: won }))
        .await;
    assert!(replay.text.contains("deleted player"), "{}", replay.text);

    // Playing again, she starts fresh: no rating, no record.
    start_game_at(
        &service,
        &place(),
        ZENOBIA,
        "Carol",
        ChallengeOptions::default(),
    )
    .await;
    let fresh = service.handle(cmd(ZENOBIA, stats(ZENOBIA))).await;
    assert!(!fresh.text.contains("1 win"), "{}", fresh.text);
    let again = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(again.text.contains("playing"), "{}", again.text);
}

#[tokio::test]
async fn someone_unknown_has_nothing_to_forget() {
    let db = TempDb::new();
    let service = db.service().await;
    let reply = service.handle(cmd("Nobody", forget_me(true))).await;
    assert!(reply.text.contains("nothing to forget"), "{}", reply.text);
}

fn elsewhere() -> Place {
    Place {
        platform: Platform::Console,
        space: None,
        channel: "elsewhere".to_owned(),
        thread: None,
    }
}

fn admin_forget(who: &str, why: &str) -> Action {
    Action::admin(AdminAction::Forget {
        user: user(who),
        reason: why.to_owned(),
    })
}

#[tokio::test]
async fn an_admin_forgets_a_player_of_their_place_only_and_the_log_keeps_no_name() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    rated_win(&service, &place(), ZENOBIA, "Bob").await;

    // Not an admin; an admin of another place; no reason: each refused.
    let member = service
        .handle(cmd("Mallory", admin_forget(ZENOBIA, "spite")))
        .await;
    assert!(member.private, "{}", member.text);
    let other =
        cmd_at(&elsewhere(), "Mallory", admin_forget(ZENOBIA, "spite")).with_role(Role::Admin);
    let other = service.handle(other).await;
    assert!(other.text.contains("never played"), "{}", other.text);
    let no_reason = cmd("Mod", admin_forget(ZENOBIA, " ")).with_role(Role::Admin);
    let no_reason = service.handle(no_reason).await;
    assert!(
        no_reason.text.contains("admin forget"),
        "{}",
        no_reason.text
    );
    assert!(inspector.dump().await.to_lowercase().contains("zenobia"));

    let why = format!("{ZENOBIA} asked us by mail");
    let done = cmd("Mod", admin_forget(ZENOBIA, &why)).with_role(Role::Admin);
    let done = service.handle(done).await;
    assert!(done.text.contains("is forgotten"), "{}", done.text);
    let dump = inspector.dump().await.to_lowercase();
    assert!(
        !dump.contains("zenobia"),
        "still stored after an admin's forget"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE action = 'forget' AND target_id IS NULL")
            .await,
        1,
        "the fact is logged, not the name"
    );
    let log = cmd("Mod", Action::admin(AdminAction::Log)).with_role(Role::Admin);
    let log = service.handle(log).await;
    assert!(log.text.contains("forget") || log.table.iter().any(|t| t.contains("forget")));
}
