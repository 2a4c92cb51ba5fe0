//! Moderation (`/oware admin …`, `/oware report`) through the real service: only
//! those who administer a place abort or decide its games (a win or a draw), ban and
//! unban users and read its audit log; bans refuse challenges and accepts by and of
//! the banned user on their server only and lapse; every action and report lands in
//! the audit log.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;
use oware_bot::service::GameId;

use std::{sync::Arc, time::Duration};

use crate::support::{cmd_at, place_at, play, play_plies, start_game_at, user, TempDb};
use oware_bot::service::{
    Action, AdminAction, BanLength, ChallengeOptions, Command, Place, Platform, Reply, Role,
    Service, Speed,
};
use oware_bot::store::Store;

const GUILD: &str = "100000000000000001";
const OTHER_GUILD: &str = "100000000000000002";
const DAY: u64 = 24 * 3600;

fn guild() -> Place {
    place_at(Platform::Discord, Some(GUILD), "200")
}

fn other_guild() -> Place {
    place_at(Platform::Discord, Some(OTHER_GUILD), "300")
}

fn admin(place: &Place, action: AdminAction) -> Command {
    cmd_at(place, "mod", Action::admin(action)).with_role(Role::Admin)
}

fn abort(game: GameId, reason: &str) -> AdminAction {
    AdminAction::Abort {
        game,
        reason: reason.to_owned(),
    }
}

fn adjudicate(game: GameId, winner: &str, reason: &str) -> AdminAction {
    AdminAction::Adjudicate {
        game,
        winner: Some(user(winner)),
        reason: reason.to_owned(),
    }
}

fn draw(game: GameId, reason: &str) -> AdminAction {
    AdminAction::Adjudicate {
        game,
        winner: None,
        reason: reason.to_owned(),
    }
}

fn ban(who: &str, days: Option<u32>, reason: &str) -> AdminAction {
    AdminAction::Ban {
        user: user(who),
        length: days.map(BanLength::Days),
        reason: reason.to_owned(),
    }
}

fn unban(who: &str) -> AdminAction {
    AdminAction::Unban { user: user(who) }
}

fn accept() -> Action {
    Action::Accept { challenge: None }
}

/// A service on a fresh database, then tokio's clock paused (see `tests/service/clocks.rs`:
/// a task that only yields keeps the paused clock from jumping by itself).
async fn paused_service() -> (TempDb, Arc<Service>) {
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    support::pause_clock();
    (db, service)
}

async fn audit_rows(store: &Store, place: &str) -> Vec<oware_bot::store::AuditRow> {
    store
        .moderation()
        .audit_log(Platform::Discord, place, 100)
        .await
        .expect("the audit log")
}

async fn rating_of(store: &Store, user: &str) -> Option<f64> {
    let identity = store
        .people()
        .identity_of(Platform::Discord, user)
        .await
        .unwrap()?;
    store
        .people()
        .rating(identity, Speed::Correspondence)
        .await
        .unwrap()
        .map(|r| r.rating)
}

fn assert_ok(reply: &Reply) {
    assert!(
        !reply.text.contains("only for") && !reply.text.contains("Sorry"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn every_admin_command_is_refused_to_a_member_on_every_network() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game_at(
        &service,
        &guild(),
        "alice",
        "bob",
        ChallengeOptions::default(),
    )
    .await;
    let places = [
        guild(),
        place_at(Platform::Matrix, None, "!room:example.org"),
        place_at(Platform::Console, None, "console"),
    ];
    let actions = [
        abort(game, "spam"),
        adjudicate(game, "alice", "spam"),
        ban("bob", Some(3), "spam"),
        unban("bob"),
        AdminAction::Log,
        AdminAction::Bans,
    ];
    for place in &places {
        for action in &actions {
            let reply = service
                .handle(cmd_at(place, "carol", Action::admin(action.clone())))
                .await;
            assert!(reply.private, "{action:?} at {place:?}: {}", reply.text);
            assert!(
                reply.text.contains("`/oware admin") && reply.text.contains("is only for"),
                "{action:?} at {place:?}: {}",
                reply.text
            );
        }
    }
    assert!(audit_rows(&db.store(), GUILD).await.is_empty());
    // The game goes on, and bob still plays.
    let board = service
        .handle(cmd_at(&guild(), "bob", support::board(Some(game))))
        .await;
    assert!(!board.text.contains("is over"), "{}", board.text);
    // The usage is help, and anyone may read it (privately).
    let usage = service.handle(admin(&guild(), AdminAction::Usage)).await;
    assert!(usage.text.contains("/oware admin ban"), "{}", usage.text);
    for place in &places {
        let usage = service
            .handle(cmd_at(place, "carol", Action::admin(AdminAction::Usage)))
            .await;
        assert!(usage.private, "{}", usage.text);
        assert!(usage.text.contains("/oware admin ban"), "{}", usage.text);
    }
}

#[tokio::test]
async fn an_admin_abort_is_unrated_tells_the_players_and_is_audited() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    for message in service.ops().unsent(Platform::Discord, None).await {
        service.ops().mark_sent(message.id).await;
    }
    // Another server's admin cannot reach it; a reason is needed.
    let elsewhere = service
        .handle(admin(&other_guild(), abort(game, "spam")))
        .await;
    assert!(
        elsewhere.text.contains(&format!("no game #{game}")),
        "{}",
        elsewhere.text
    );
    let no_reason = service.handle(admin(&here, abort(game, "  "))).await;
    assert!(no_reason.text.contains("Say why"), "{}", no_reason.text);

    let reply = service
        .handle(admin(
            &here,
            abort(game, "played by one person on two accounts"),
        ))
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(reply.text.contains("is aborted"), "{}", reply.text);
    let row = db
        .store()
        .games()
        .game(game)
        .await
        .unwrap()
        .expect("the game");
    assert!(!row.is_active());
    assert_eq!(row.state.ending().and_then(|e| e.result_column()), None);
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("aborted")
    );
    assert_eq!(rating_of(&db.store(), "alice").await, None);
    assert_eq!(rating_of(&db.store(), "bob").await, None);
    let told = service.ops().unsent(Platform::Discord, None).await;
    assert_eq!(told.len(), 1, "{told:?}");
    let text = &told[0].reply.text;
    assert!(
        text.contains("is aborted") && text.contains("played by one person on two accounts"),
        "{text}"
    );
    let mentioned: Vec<&str> = told[0]
        .reply
        .mentions
        .iter()
        .map(|u| u.name.as_str())
        .collect();
    assert_eq!(mentioned, ["alice", "bob"]);
    let audit = audit_rows(&db.store(), GUILD).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "abort");
    assert_eq!(audit[0].actor_name, "mod");
    assert_eq!(audit[0].game_id, Some(game));
    assert_eq!(
        audit[0].reason.as_deref(),
        Some("played by one person on two accounts")
    );
    // Over now: a second abort is refused and recorded nowhere.
    let again = service.handle(admin(&here, abort(game, "again"))).await;
    assert!(again.text.contains("is over"), "{}", again.text);
    assert_eq!(audit_rows(&db.store(), GUILD).await.len(), 1);
}

#[tokio::test]
async fn an_adjudication_sets_the_winner_and_rates_the_game() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    let stranger = service
        .handle(admin(&here, adjudicate(game, "carol", "stalling")))
        .await;
    assert!(
        stranger.text.contains("carol is not playing in game"),
        "{}",
        stranger.text
    );
    let reply = service
        .handle(admin(
            &here,
            adjudicate(game, "bob", "alice stalled for days"),
        ))
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(
        reply.text.contains("**bob** wins") && reply.text.contains("Correspondence ratings:"),
        "{}",
        reply.text
    );
    let row = db
        .store()
        .games()
        .game(game)
        .await
        .unwrap()
        .expect("the game");
    assert!(!row.is_active());
    assert_eq!(
        row.state.ending().and_then(|e| e.result_column()),
        Some("N")
    );
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("adjudicated")
    );
    let (alice, bob) = (
        rating_of(&db.store(), "alice")
            .await
            .expect("alice is rated"),
        rating_of(&db.store(), "bob").await.expect("bob is rated"),
    );
    assert!(bob > 1500.0 && alice < 1500.0, "alice {alice}, bob {bob}");
    let told = service.ops().unsent(Platform::Discord, None).await;
    let last = told.last().expect("the players are told");
    assert!(
        last.reply.text.contains("decided by an admin")
            && last.reply.text.contains("alice stalled for days"),
        "{}",
        last.reply.text
    );
    let audit = audit_rows(&db.store(), GUILD).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "adjudicate");
    assert_eq!(audit[0].game_id, Some(game));
    assert_eq!(audit[0].target_name.as_deref(), Some("bob"));
    // The history says how it ended.
    let history = service
        .handle(cmd_at(&here, "bob", Action::History { user: None }))
        .await;
    let shown = format!("{} {}", history.text, history.table.unwrap_or_default());
    assert!(shown.contains("by an admin's decision"), "{shown}");
}

#[tokio::test]
async fn an_adjudicated_draw_is_rated_as_a_draw_shown_and_audited() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    let no_reason = service.handle(admin(&here, draw(game, ""))).await;
    assert!(no_reason.text.contains("Say why"), "{}", no_reason.text);

    let reply = service
        .handle(admin(&here, draw(game, "both players asked for it")))
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(
        reply.text.contains("it is a draw") && reply.text.contains("Correspondence ratings:"),
        "{}",
        reply.text
    );
    let row = db
        .store()
        .games()
        .game(game)
        .await
        .unwrap()
        .expect("the game");
    assert!(!row.is_active());
    assert_eq!(
        row.state.ending().and_then(|e| e.result_column()),
        Some("draw")
    );
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("adjudicated")
    );
    // Two new players drawing keep their rating; both are rated now.
    for name in ["alice", "bob"] {
        let rating = rating_of(&db.store(), name).await.expect("rated");
        assert!((rating - 1500.0).abs() < 0.5, "{name}: {rating}");
    }
    let told = service.ops().unsent(Platform::Discord, None).await;
    let last = told.last().expect("the players are told");
    assert!(
        last.reply
            .text
            .contains("decided by an admin (**mod**): it is a draw")
            && last.reply.text.contains("both players asked for it"),
        "{}",
        last.reply.text
    );
    let audit = audit_rows(&db.store(), GUILD).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "adjudicate");
    assert_eq!(audit[0].game_id, Some(game));
    assert_eq!(audit[0].target_name.as_deref(), Some("draw"));
    assert_eq!(
        audit[0].reason.as_deref(),
        Some("both players asked for it")
    );
    // The history and the board say how it ended (the stored end replays).
    let history = service
        .handle(cmd_at(&here, "bob", Action::History { user: None }))
        .await;
    let shown = format!("{} {}", history.text, history.table.unwrap_or_default());
    assert!(
        shown.contains("drew") && shown.contains("by an admin's decision"),
        "{shown}"
    );
    let board = service
        .handle(cmd_at(&here, "carol", support::board(Some(game))))
        .await;
    assert!(
        board
            .text
            .contains("Game over: a draw by an admin's decision."),
        "{}",
        board.text
    );
    // Over now: deciding it again is refused.
    let again = service.handle(admin(&here, draw(game, "again"))).await;
    assert!(again.text.contains("is over"), "{}", again.text);
}

#[tokio::test]
async fn a_ban_refuses_challenges_and_accepts_on_its_server_only_and_lapses() {
    let (db, service) = paused_service().await;
    let here = guild();
    let reply = service
        .handle(admin(&here, ban("bob", Some(2), "spam")))
        .await;
    assert!(reply.text.contains("**bob** may not"), "{}", reply.text);
    assert!(reply.text.contains("until "), "{}", reply.text);

    let refused = service.handle(cmd_at(&here, "bob", play("alice"))).await;
    assert!(refused.private, "{}", refused.text);
    assert!(
        refused
            .text
            .contains("You may not challenge or accept games on this server until 2")
            && refused.text.contains("(spam)"),
        "{}",
        refused.text
    );
    // Nobody may challenge bob here meanwhile; the reply names the ban, not its reason.
    let asked = service.handle(cmd_at(&here, "alice", play("bob"))).await;
    assert!(asked.private, "{}", asked.text);
    assert!(
        asked
            .text
            .contains("bob cannot play on this server until 2")
            && !asked.text.contains("spam"),
        "{}",
        asked.text
    );
    let refused = service.handle(cmd_at(&here, "bob", accept())).await;
    assert!(refused.text.contains("You may not"), "{}", refused.text);
    // Another server is not this one's business.
    let elsewhere = service
        .handle(cmd_at(&other_guild(), "bob", play("carol")))
        .await;
    assert!(!elsewhere.private, "{}", elsewhere.text);

    tokio::time::advance(Duration::from_secs(2 * DAY - 60)).await;
    let still = service.handle(cmd_at(&here, "bob", play("dave"))).await;
    assert!(still.text.contains("You may not"), "{}", still.text);
    let still = service.handle(cmd_at(&here, "dave", play("bob"))).await;
    assert!(still.text.contains("bob cannot play"), "{}", still.text);
    tokio::time::advance(Duration::from_secs(120)).await;
    let lapsed = service.handle(cmd_at(&here, "bob", play("dave"))).await;
    assert!(!lapsed.private, "{}", lapsed.text);
    let asked = service.handle(cmd_at(&here, "erin", play("bob"))).await;
    assert!(!asked.private, "{}", asked.text);
    let audit = audit_rows(&db.store(), GUILD).await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "ban");
    assert_eq!(audit[0].target_name.as_deref(), Some("bob"));
    assert_eq!(audit[0].reason.as_deref(), Some("spam"));
}

#[tokio::test]
async fn the_bans_in_force_here_are_listed_newest_first_and_lapsed_ones_are_not() {
    let (_db, service) = paused_service().await;
    let here = guild();
    let none = service.handle(admin(&here, AdminAction::Bans)).await;
    assert!(none.private, "{}", none.text);
    assert!(none.text.contains("No one is banned"), "{}", none.text);
    assert!(none.table.is_none());

    // bob played here before (his name is known); zed never did (his id stands in).
    start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    assert_ok(
        &service
            .handle(admin(&here, ban("bob", Some(2), "spam")))
            .await,
    );
    tokio::time::advance(Duration::from_secs(60)).await;
    assert_ok(
        &service
            .handle(admin(&here, ban("zed", None, "abuse")))
            .await,
    );
    tokio::time::advance(Duration::from_secs(60)).await;
    assert_ok(
        &service
            .handle(admin(&here, ban("carol", Some(1), "flood")))
            .await,
    );
    assert_ok(&service.handle(admin(&here, unban("carol"))).await);
    // Another server's bans are not listed here.
    assert_ok(
        &service
            .handle(admin(&other_guild(), ban("dave", None, "elsewhere")))
            .await,
    );

    let listed = service.handle(admin(&here, AdminAction::Bans)).await;
    assert!(listed.private, "{}", listed.text);
    assert!(listed.text.contains("2 bans in force"), "{}", listed.text);
    let table = listed.table.expect("a table");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert!(
        lines[0].starts_with("Who") && lines[0].contains("Reason"),
        "{table}"
    );
    assert!(
        lines[1].starts_with("zed") && lines[1].contains("unbanned") && lines[1].contains("abuse"),
        "newest first, until unbanned: {table}"
    );
    assert!(
        lines[2].starts_with("bob") && lines[2].contains("spam") && lines[2].contains("mod"),
        "{table}"
    );
    assert!(
        !table.contains("carol") && !table.contains("dave"),
        "{table}"
    );
    // The columns line up: every reason starts at the same place.
    let at = lines[0].find("Reason").unwrap();
    assert_eq!(lines[1].find("abuse"), Some(at), "{table}");
    assert_eq!(lines[2].find("spam"), Some(at), "{table}");

    // bob's ban lapses after two days; zed's stays.
    tokio::time::advance(Duration::from_secs(2 * DAY)).await;
    let later = service.handle(admin(&here, AdminAction::Bans)).await;
    assert!(later.text.contains("1 ban in force"), "{}", later.text);
    let table = later.table.expect("a table");
    assert!(table.contains("zed") && !table.contains("bob"), "{table}");
}

#[tokio::test]
async fn a_challenge_from_a_user_banned_since_cannot_be_accepted() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let asked = service.handle(cmd_at(&here, "alice", play("bob"))).await;
    assert!(!asked.private, "{}", asked.text);
    service
        .handle(admin(&here, ban("alice", None, "cheating")))
        .await;
    let refused = service.handle(cmd_at(&here, "bob", accept())).await;
    assert!(refused.private, "{}", refused.text);
    assert!(
        refused
            .text
            .contains("alice cannot play on this server until an admin lifts the ban")
            && !refused.text.contains("cheating"),
        "{}",
        refused.text
    );
    service.handle(admin(&here, unban("alice"))).await;
    let accepted = service.handle(cmd_at(&here, "bob", accept())).await;
    assert!(
        !accepted.private && accepted.game.is_some(),
        "{}",
        accepted.text
    );
}

#[tokio::test]
async fn a_ban_again_without_days_keeps_its_end_and_forever_makes_it_permanent() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let first = service
        .handle(admin(&here, ban("gina", Some(3), "spam")))
        .await;
    assert!(first.text.contains("until 20"), "{}", first.text);
    let again = service
        .handle(admin(&here, ban("gina", None, "more spam")))
        .await;
    assert!(
        again.text.contains("until 20") && !again.text.contains("unbanned"),
        "a re-ban without days keeps the 3 days: {}",
        again.text
    );
    let forever = AdminAction::Ban {
        user: user("gina"),
        length: Some(BanLength::Forever),
        reason: "still spamming".into(),
    };
    let forever = service.handle(admin(&here, forever)).await;
    assert!(forever.text.contains("until unbanned"), "{}", forever.text);
}

#[tokio::test]
async fn an_unban_lets_the_user_play_again() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    // A ban needs a reason.
    let reply = service.handle(admin(&here, ban("bob", None, ""))).await;
    assert!(
        reply.private && reply.text.contains("[days|forever] why"),
        "{}",
        reply.text
    );
    let reply = service.handle(admin(&here, ban("bob", None, "spam"))).await;
    assert!(reply.text.contains("until unbanned"), "{}", reply.text);
    let refused = service.handle(cmd_at(&here, "bob", play("alice"))).await;
    assert!(
        refused.text.contains("until an admin lifts the ban"),
        "{}",
        refused.text
    );
    let reply = service.handle(admin(&here, unban("bob"))).await;
    assert!(reply.text.contains("may start games"), "{}", reply.text);
    let asked = service.handle(cmd_at(&here, "bob", play("alice"))).await;
    assert!(!asked.private, "{}", asked.text);
    let again = service.handle(admin(&here, unban("bob"))).await;
    assert!(again.text.contains("bob is not banned"), "{}", again.text);
    let actions: Vec<String> = audit_rows(&db.store(), GUILD)
        .await
        .into_iter()
        .map(|r| r.action)
        .collect();
    assert_eq!(actions, ["unban", "ban"]);
}

#[tokio::test]
async fn a_report_is_recorded_and_the_log_lists_newest_first() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    let report = |author: &str, game: i64, reason: &str| {
        cmd_at(
            &here,
            author,
            Action::Report {
                game: GameId::new(game),
                reason: reason.to_owned(),
            },
        )
    };
    let reply = service
        .handle(report("carol", game.get(), "rude in chat"))
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(reply.text.contains("is recorded"), "{}", reply.text);
    let no_reason = service.handle(report("carol", game.get(), "")).await;
    assert!(no_reason.text.contains("Say why"), "{}", no_reason.text);
    let elsewhere = service
        .handle(cmd_at(
            &other_guild(),
            "carol",
            Action::Report {
                game,
                reason: "x".into(),
            },
        ))
        .await;
    assert!(elsewhere.text.contains("no game"), "{}", elsewhere.text);

    service
        .handle(admin(&here, ban("dave", Some(1), "spam")))
        .await;
    service
        .handle(admin(&here, abort(game, "reported twice")))
        .await;
    let log = service.handle(admin(&here, AdminAction::Log)).await;
    assert!(log.private, "{}", log.text);
    let table = log.table.expect("a table");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(lines[0].starts_with("When"), "{table}");
    let what = |line: &str| {
        line.split_whitespace()
            .nth(3)
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        lines[1..].iter().map(|l| what(l)).collect::<Vec<_>>(),
        ["aborted", "banned", "reported"],
        "{table}"
    );
    assert!(
        lines[3].contains("carol") && lines[3].contains("rude in chat"),
        "{table}"
    );
    assert!(lines[2].contains("dave"), "{table}");
    // The other server's log is its own.
    let other = service
        .handle(admin(&other_guild(), AdminAction::Log))
        .await;
    assert!(other.text.contains("empty"), "{}", other.text);
    assert_ok(&other);
}

#[tokio::test]
async fn a_report_is_posted_in_the_moderators_channel_when_the_server_set_one() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    let report = Action::Report {
        game,
        reason: "rude in chat".to_owned(),
    };
    // No moderators' channel: the report is only in the audit log.
    let before = service.ops().unsent(Platform::Discord, None).await.len();
    service.handle(cmd_at(&here, "carol", report.clone())).await;
    assert_eq!(
        service.ops().unsent(Platform::Discord, None).await.len(),
        before
    );

    let mods = place_at(Platform::Discord, Some(GUILD), "900");
    let set = service
        .handle(
            cmd_at(
                &mods,
                "mod",
                Action::Settings {
                    changes: vec![("moderators".into(), "here".into())],
                },
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(set.text.contains("Settings changed"), "{}", set.text);
    let reply = service.handle(cmd_at(&here, "carol", report)).await;
    assert!(
        reply.text.contains("posted in their channel"),
        "{}",
        reply.text
    );
    let posted: Vec<_> = service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .into_iter()
        .filter(|m| m.place.channel == "900")
        .collect();
    assert_eq!(posted.len(), 1, "one notice in the moderators' channel");
    let text = &posted[0].reply.text;
    assert!(
        text.contains(&format!("Report** of game #{game}")) && text.contains("rude in chat"),
        "{text}"
    );
    assert_eq!(posted[0].place.space.as_deref(), Some(GUILD));
}

#[tokio::test]
async fn a_banned_user_cannot_report_on_their_server_only() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = guild();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    service
        .handle(admin(&here, ban("carol", None, "report spam")))
        .await;
    let report = Action::Report {
        game,
        reason: "rude".to_owned(),
    };
    let reply = service.handle(cmd_at(&here, "carol", report.clone())).await;
    assert!(reply.private, "{}", reply.text);
    assert!(
        reply.text.contains("may not report") && reply.text.contains("write to one of them"),
        "{}",
        reply.text
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE action = 'report'")
            .await,
        0
    );
    // Others still report.
    let reply = service.handle(cmd_at(&here, "dave", report)).await;
    assert!(reply.text.contains("is recorded"), "{}", reply.text);
}

fn set_moderators(place: &Place, value: &str) -> Command {
    cmd_at(
        place,
        "mod",
        Action::Settings {
            changes: vec![("moderators".into(), value.into())],
        },
    )
    .with_role(Role::Admin)
}

#[tokio::test]
async fn the_moderators_channel_is_only_one_its_admin_set_from_inside_it() {
    let db = TempDb::new();
    let service = db.service().await;
    // Every Matrix user administers their DM room with the bot: from there, naming
    // another room is refused, and so is another channel's id on Discord.
    let dm = place_at(Platform::Matrix, None, "!dm:example.org");
    let refusal = service
        .handle(set_moderators(&dm, "!victim:example.org"))
        .await;
    assert!(
        refusal.private && refusal.text.contains("moderators:here"),
        "{}",
        refusal.text
    );
    let refusal = service.handle(set_moderators(&guild(), "<#999>")).await;
    assert!(refusal.text.contains("moderators:here"), "{}", refusal.text);
    let here = service.handle(set_moderators(&dm, "here")).await;
    assert!(here.text.contains("Settings changed"), "{}", here.text);

    // A channel stored before the check (any id) is not posted to when used (a
    // fresh service: settings are cached for a while).
    let game = start_game_at(&service, &dm, "@a:x", "@b:x", ChallengeOptions::default()).await;
    let server = guild();
    let theirs = start_game_at(
        &service,
        &server,
        "alice",
        "bob",
        ChallengeOptions::default(),
    )
    .await;
    db.execute("UPDATE settings SET moderators = '!victim:example.org' WHERE platform = 'matrix'")
        .await;
    db.execute(&format!(
        "INSERT INTO settings (platform, place, moderators, version, updated_by, updated_at)
         VALUES ('discord', '{GUILD}', '999', 1, 'x', 0)
         ON CONFLICT (platform, place) DO UPDATE SET moderators = '999'"
    ))
    .await;
    let service = db.service().await;
    let report = Action::Report {
        game,
        reason: "rude".to_owned(),
    };
    let reply = service.handle(cmd_at(&dm, "@c:x", report.clone())).await;
    assert!(
        reply.text.contains("not posted") && reply.text.contains("moderators:here"),
        "{}",
        reply.text
    );
    let posted = service.ops().unsent(Platform::Matrix, None).await;
    assert!(
        posted
            .iter()
            .all(|m| m.place.channel != "!victim:example.org"),
        "{posted:?}"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE action = 'report'")
            .await,
        1
    );
    // Same on Discord: a channel id set before the check.
    let reply = service
        .handle(cmd_at(
            &server,
            "carol",
            Action::Report {
                game: theirs,
                reason: "rude".to_owned(),
            },
        ))
        .await;
    assert!(reply.text.contains("not posted"), "{}", reply.text);
    assert!(service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .iter()
        .all(|m| m.place.channel != "999"));
}

#[tokio::test]
async fn a_matrix_room_vouched_for_by_the_adapter_gets_the_reports() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = place_at(Platform::Matrix, None, "!games:example.org");
    let mods = "!mods:example.org";
    // The adapter checked that the admin administers the other room too.
    let set = set_moderators(&room, mods).vouching(mods.to_owned());
    let reply = service.handle(set).await;
    assert!(reply.text.contains("Settings changed"), "{}", reply.text);
    let game = start_game_at(&service, &room, "@a:x", "@b:x", ChallengeOptions::default()).await;
    let report = Action::Report {
        game,
        reason: "rude".to_owned(),
    };
    let reply = service.handle(cmd_at(&room, "@c:x", report)).await;
    assert!(
        reply.text.contains("posted in their channel"),
        "{}",
        reply.text
    );
    assert!(service
        .ops()
        .unsent(Platform::Matrix, None)
        .await
        .iter()
        .any(|m| m.place.channel == mods));
}
