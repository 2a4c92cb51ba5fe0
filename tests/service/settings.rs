//! `/oware settings` through the real service: anyone sees a server's settings, only
//! those who administer it change them, the channel restriction is enforced, and a
//! change applies to new games only (defaults for time, rated, advice; threads).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support;

use crate::support::{cmd_at, place_at, play, TempDb};
use oware_bot::service::{Action, Command, Place, Platform, Reply, Role, Service};

const GUILD: &str = "100000000000000001";

fn games_channel() -> Place {
    place_at(Platform::Discord, Some(GUILD), "200")
}

fn other_channel() -> Place {
    place_at(Platform::Discord, Some(GUILD), "300")
}

fn settings(changes: &[(&str, &str)]) -> Action {
    Action::Settings {
        changes: changes
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn admin(place: &Place, action: Action) -> Command {
    cmd_at(place, "mod", action).with_role(Role::Admin)
}

/// The value on the settings table row `key`.
fn value(reply: &Reply, key: &str) -> String {
    let table = reply.table.as_deref().expect("a settings table");
    table
        .lines()
        .find_map(|line| line.strip_prefix(key))
        .unwrap_or_else(|| panic!("no `{key}` in\n{table}"))
        .trim()
        .to_owned()
}

/// `challenger` challenges `opponent` at `place`, who accepts; the accept's reply.
async fn challenge_and_accept(
    service: &Service,
    place: &Place,
    challenger: &str,
    opponent: &str,
) -> Reply {
    let asked = service
        .handle(cmd_at(place, challenger, play(opponent)))
        .await;
    assert!(!asked.private, "{}", asked.text);
    service
        .handle(cmd_at(place, opponent, Action::Accept { challenge: None }))
        .await
}

#[tokio::test]
async fn anyone_sees_the_settings_and_only_admins_change_them() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = games_channel();
    let shown = service.handle(cmd_at(&here, "alice", settings(&[]))).await;
    assert!(shown.private, "{}", shown.text);
    assert_eq!(value(&shown, "channels"), "anywhere");
    assert!(value(&shown, "rated").starts_with("default"));
    assert_eq!(value(&shown, "threads"), "yes");
    assert_eq!(value(&shown, "archive"), "default (after 1 day)");

    let refused = service
        .handle(cmd_at(&here, "alice", settings(&[("rated", "no")])))
        .await;
    assert!(refused.private);
    assert!(refused.text.contains("Manage Server"), "{}", refused.text);
    let unchanged = service.handle(cmd_at(&here, "alice", settings(&[]))).await;
    assert!(value(&unchanged, "rated").starts_with("default"));

    let changed = service
        .handle(admin(&here, settings(&[("rated", "no"), ("time", "1d")])))
        .await;
    assert!(
        changed.text.contains("Settings changed"),
        "{}",
        changed.text
    );
    assert_eq!(value(&changed, "rated"), "no");
    assert_eq!(value(&changed, "time"), "1 day a move");

    let bad = service
        .handle(admin(&here, settings(&[("colour", "red")])))
        .await;
    assert!(
        bad.private && bad.text.contains("no setting `colour`"),
        "{}",
        bad.text
    );
    let bad = service
        .handle(admin(
            &here,
            settings(&[("time", "none"), ("rated", "yes")]),
        ))
        .await;
    assert!(bad.text.contains("need a clock"), "{}", bad.text);
    // A refused change changes nothing.
    let after = service.handle(cmd_at(&here, "alice", settings(&[]))).await;
    assert_eq!(value(&after, "time"), "1 day a move");
    assert_eq!(value(&after, "rated"), "no");

    // How long a finished game's thread stays open.
    let changed = service
        .handle(admin(&here, settings(&[("archive", "36h")])))
        .await;
    assert_eq!(value(&changed, "archive"), "after 1 day 12 h");
    let bad = service
        .handle(admin(&here, settings(&[("archive", "soon")])))
        .await;
    assert!(
        bad.private && bad.text.contains("`archive:soon` is not a setting I know"),
        "{}",
        bad.text
    );
    let changed = service
        .handle(admin(&here, settings(&[("archive", "never")])))
        .await;
    assert_eq!(value(&changed, "archive"), "never");
    let changed = service
        .handle(admin(&here, settings(&[("archive", "default")])))
        .await;
    assert_eq!(value(&changed, "archive"), "default (after 1 day)");
}

#[tokio::test]
async fn games_start_only_in_the_channels_the_server_allows() {
    let db = TempDb::new();
    let service = db.service().await;
    let (games, other) = (games_channel(), other_channel());
    let set = service
        .handle(admin(&games, settings(&[("channels", "here")])))
        .await;
    assert_eq!(value(&set, "channels"), "200");

    let refused = service.handle(cmd_at(&other, "alice", play("bob"))).await;
    assert!(refused.private, "{}", refused.text);
    assert!(
        refused.text.contains("Games start only in `200`"),
        "{}",
        refused.text
    );
    assert_eq!(
        refused.places,
        [oware_bot::service::PlaceLink::new("200", None)],
        "the channel is noted for the adapters that link it"
    );
    let engine = service
        .handle(cmd_at(&other, "alice", play("oware-bot")))
        .await;
    assert!(engine.private, "the engine too: {}", engine.text);

    let allowed = service.handle(cmd_at(&games, "alice", play("bob"))).await;
    assert!(!allowed.private, "{}", allowed.text);
    // Another server is not concerned.
    let elsewhere = place_at(Platform::Discord, Some("999"), "300");
    let free = service
        .handle(cmd_at(&elsewhere, "carol", play("dave")))
        .await;
    assert!(!free.private, "{}", free.text);

    service
        .handle(admin(&games, settings(&[("channels", "anywhere")])))
        .await;
    let again = service.handle(cmd_at(&other, "erin", play("frank"))).await;
    assert!(!again.private, "{}", again.text);
}

#[tokio::test]
async fn a_change_applies_to_new_games_only() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = games_channel();
    // Challenged before the change: rated, 3 days a move, a thread.
    let before = service.handle(cmd_at(&here, "alice", play("bob"))).await;
    assert!(before.text.contains("rated"), "{}", before.text);
    service
        .handle(admin(
            &here,
            settings(&[
                ("time", "1d"),
                ("rated", "no"),
                ("advice", "no"),
                ("threads", "no"),
            ]),
        ))
        .await;
    let old = service
        .handle(cmd_at(&here, "bob", Action::Accept { challenge: None }))
        .await;
    assert!(!old.private, "{}", old.text);
    let store = db.store();
    let first = store
        .games()
        .active_games_in_channel(Platform::Discord, Some(GUILD), "200")
        .await
        .expect("read")
        .pop()
        .expect("the first game");
    assert!(first.rated, "the earlier challenge keeps its options");
    assert_eq!(first.time_control.to_string(), "3d");

    let new = challenge_and_accept(&service, &here, "carol", "dave").await;
    assert!(
        new.open_thread.is_none(),
        "threads:no: no thread for new games"
    );
    let games = store
        .games()
        .active_games_in_channel(Platform::Discord, Some(GUILD), "200")
        .await
        .expect("read");
    let second = games
        .iter()
        .find(|g| g.id != first.id)
        .expect("the new game");
    assert!(!second.rated, "casual by the server's default");
    assert!(!second.advice, "advice off by the server's default");
    assert_eq!(second.time_control.to_string(), "1d");

    // A challenge's own options still win over the server's defaults.
    let explicit = service
        .handle(cmd_at(
            &here,
            "erin",
            Action::Play {
                opponent: support::user("frank"),
                options: oware_bot::service::ChallengeOptions {
                    rated: Some(true),
                    ..Default::default()
                },
            },
        ))
        .await;
    assert!(explicit.text.contains("rated"), "{}", explicit.text);
    assert!(explicit.text.contains("1 day"), "{}", explicit.text);
}

/// The language of the bot's messages is a setting: the languages the bot has (one
/// file each in `locales/`) are accepted and shown; any other is refused with the
/// list. English is the default.
#[tokio::test]
async fn the_language_is_one_the_bot_has() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = games_channel();
    let shown = service.handle(cmd_at(&here, "ann", settings(&[]))).await;
    assert_eq!(value(&shown, "language"), "en");
    let refused = service
        .handle(admin(&here, settings(&[("language", "xx")])))
        .await;
    assert!(
        refused.text.contains("not a language I speak") && refused.text.contains("en"),
        "{}",
        refused.text
    );
    let changed = service
        .handle(admin(&here, settings(&[("language", "en")])))
        .await;
    assert!(
        changed.text.contains("speaks English here"),
        "{}",
        changed.text
    );
    // And French, which answers in French at once.
    let changed = service
        .handle(admin(&here, settings(&[("language", "fr")])))
        .await;
    assert!(
        changed
            .text
            .contains("Le bot parle désormais français ici."),
        "{}",
        changed.text
    );
    let row = db
        .store()
        .places()
        .settings(Platform::Discord, GUILD)
        .await
        .unwrap();
    assert_eq!(row.language.map(|l| l.tag()).as_deref(), Some("fr"));
}
