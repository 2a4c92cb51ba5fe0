//! Who may act on whom, through the real service: a walk of actor × action ×
//! target, with every hole the security review of 2026-11-27 found tried as an
//! attacker would. A refused action changes nothing.

use crate::support::{cmd_at, place_at, rated_win, user, TempDb};
use oware_bot::service::{
    Action, AdminAction, Admins, BanLength, Owner, Place, Platform, Role, Service, ServiceConfig,
    Speed,
};

/// Victor's room, where he played one rated game with Bob.
fn lounge() -> Place {
    place_at(Platform::Console, None, "lounge")
}

/// Mallory's own room, where Victor never played.
fn evil() -> Place {
    place_at(Platform::Console, None, "evil")
}

/// A service whose owner is the console's `root`, and the Discord account `111`.
async fn service(db: &TempDb) -> Service {
    db.service_with(ServiceConfig {
        rates: [None; 3],
        admins: Admins {
            owners: vec![Owner::parse("console:root"), Owner::parse("111")],
            console: None,
        },
        ..ServiceConfig::default()
    })
    .await
}

fn forget(who: &str) -> Action {
    Action::admin(AdminAction::Forget {
        user: user(who),
        reason: "testing".into(),
    })
}

fn ban(who: &str) -> Action {
    Action::admin(AdminAction::Ban {
        user: user(who),
        length: Some(BanLength::Forever),
        reason: "testing".into(),
    })
}

fn settings() -> Action {
    Action::Settings {
        changes: vec![("rated".into(), "no".into())],
    }
}

/// Victor's correspondence rating as `/oware stats` shows it (a Member asking).
async fn victor_stats(service: &Service) -> String {
    let stats = Action::Stats {
        user: Some(user("Victor")),
        speed: Some(Speed::Correspondence),
    };
    service.handle(cmd_at(&lounge(), "Bob", stats)).await.text
}

/// What became of one attempt.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// The service did it.
    Done,
    /// Refused: only for admins (or owners).
    NotAdmin,
    /// Refused: the person has no tie to the place.
    NotHere,
}

fn verdict(text: &str) -> Verdict {
    if text.contains("is only for") {
        Verdict::NotAdmin
    } else if text.contains("never played") {
        Verdict::NotHere
    } else {
        Verdict::Done
    }
}

#[tokio::test]
async fn every_actor_action_and_target_is_judged_by_one_table() {
    let db = TempDb::new();
    let service = service(&db).await;
    rated_win(&service, &lounge(), "Bob", "Victor").await;
    let rating = victor_stats(&service).await;
    assert!(rating.contains("Victor"), "{rating}");
    // H1's first step: Mallory makes her own room and challenges Victor there. A
    // challenge is no tie.
    let challenge = Action::Play {
        opponent: user("Victor"),
        options: Default::default(),
    };
    service
        .handle(cmd_at(&evil(), "Mallory", challenge).with_role(Role::Admin))
        .await;

    // (place, author, role, action, expected), in order; refused ones first.
    let walk: Vec<(Place, &str, Role, Action, Verdict)> = vec![
        // H1: an admin of a room Victor never played in erases nothing of his.
        (
            evil(),
            "Mallory",
            Role::Admin,
            forget("Victor"),
            Verdict::NotHere,
        ),
        // A member administers nothing, even where the person played.
        (
            lounge(),
            "Mallory",
            Role::Member,
            forget("Victor"),
            Verdict::NotAdmin,
        ),
        (
            lounge(),
            "Mallory",
            Role::Member,
            ban("Victor"),
            Verdict::NotAdmin,
        ),
        (
            lounge(),
            "Mallory",
            Role::Member,
            settings(),
            Verdict::NotAdmin,
        ),
        (
            lounge(),
            "Mallory",
            Role::Member,
            Action::admin(AdminAction::Log),
            Verdict::NotAdmin,
        ),
        // An owner's id counts on its own network only: `111` is a Discord owner,
        // not the console user named 111.
        (
            lounge(),
            "111",
            Role::Member,
            forget("Victor"),
            Verdict::NotAdmin,
        ),
        (lounge(), "111", Role::Member, settings(), Verdict::NotAdmin),
        // A place keeps out whom it wants: it touches nothing of theirs elsewhere.
        (evil(), "Mallory", Role::Admin, ban("Victor"), Verdict::Done),
        (evil(), "Mallory", Role::Admin, settings(), Verdict::Done),
        (
            evil(),
            "Mallory",
            Role::Admin,
            Action::admin(AdminAction::Bans),
            Verdict::Done,
        ),
    ];
    for (place, author, role, action, expected) in walk {
        let shown = format!("{author} ({role:?}) at {}: {action:?}", place.channel);
        let reply = service
            .handle(cmd_at(&place, author, action).with_role(role))
            .await;
        assert_eq!(verdict(&reply.text), expected, "{shown}: {}", reply.text);
        if expected != Verdict::Done {
            assert!(reply.private, "{shown}: a refusal is private");
        }
        // Nothing any of them did erased or changed Victor's rating.
        assert_eq!(victor_stats(&service).await, rating, "after {shown}");
    }
}

#[tokio::test]
async fn an_owner_erases_anyone_anywhere_and_an_admin_only_their_places_players() {
    let db = TempDb::new();
    let service = service(&db).await;
    rated_win(&service, &lounge(), "Bob", "Victor").await;
    rated_win(&service, &lounge(), "Bob", "Walter").await;
    // The lounge's admin may: Victor played there.
    let admin = service
        .handle(cmd_at(&lounge(), "Ann", forget("Victor")).with_role(Role::Admin))
        .await;
    assert_eq!(verdict(&admin.text), Verdict::Done, "{}", admin.text);
    // The owner, from a room Walter never played in.
    let owner = service
        .handle(cmd_at(&evil(), "root", forget("Walter")))
        .await;
    assert_eq!(verdict(&owner.text), Verdict::Done, "{}", owner.text);
}
