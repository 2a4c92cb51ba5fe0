//! `/oware web`: a sign-in link given to the author alone, valid 10 minutes and
//! spent once, kept only hashed; `/oware web logout-all` ends every session of the
//! person (linked accounts are one person); a bot without public pages explains
//! what its owner can set. And the session port's moves: played as the chat's,
//! announced in the game's place, once per form, refused for anyone else.

use std::time::Duration;

use oware_bot::service::{
    Action, MoveOutcome, Platform, Service, ServiceConfig, SignedIn, WebAct, WebDeed, WebMove,
};

use crate::support::{self, cmd, cmd_at, place_at, TempDb};

const WEB: Action = Action::Web { logout_all: false };
const LOGOUT_ALL: Action = Action::Web { logout_all: true };

async fn service(db: &TempDb) -> Service {
    db.service_with(ServiceConfig {
        rates: [None; 3],
        web_url: Some("https://oware.example".to_owned()),
        ..ServiceConfig::default()
    })
    .await
}

/// The token in a sign-in link's reply.
pub(crate) fn token_in(text: &str) -> String {
    let start = text.find("/signin/").expect("a sign-in link") + "/signin/".len();
    text[start..].chars().take(64).collect()
}

async fn sign_in(service: &Service, who: &str) -> SignedIn {
    let reply = service.handle(cmd(who, WEB)).await;
    service
        .sessions()
        .sign_in(&token_in(&reply.text))
        .await
        .unwrap()
        .expect("a fresh link signs in")
}

#[tokio::test]
async fn a_sign_in_link_is_private_spent_once_and_kept_only_hashed() {
    let db = TempDb::new();
    let service = service(&db).await;
    let reply = service.handle(cmd("alice", WEB)).await;
    assert!(reply.private && reply.secret, "{reply:?}");
    assert!(
        reply.text.contains("https://oware.example/signin/") && reply.text.contains("10 minutes"),
        "{}",
        reply.text
    );
    let token = token_in(&reply.text);
    assert_eq!(token.len(), 64);
    assert_eq!(db.count("SELECT COUNT(*) FROM web_signins").await, 1);
    let stored = db
        .count(&format!(
            "SELECT COUNT(*) FROM web_signins WHERE token_hash = '{token}'"
        ))
        .await;
    assert_eq!(stored, 0, "the token itself is never stored");
    let port = service.sessions();
    // Not a token, a token cut short, another's: nothing.
    for wrong in ["", "nope", &token[..63], &"0".repeat(64)] {
        assert!(port.sign_in(wrong).await.unwrap().is_none(), "{wrong}");
    }
    let signed = port.sign_in(&token).await.unwrap().expect("signs in");
    assert!(!format!("{signed:?}").contains(signed.expose()));
    assert!(port.sign_in(&token).await.unwrap().is_none(), "spent once");
    let session = port.session(signed.expose()).await.unwrap().expect("live");
    assert_eq!(session.name, "alice");
    assert_eq!(session.csrf.len(), 64);
    let stored = db
        .count(&format!(
            "SELECT COUNT(*) FROM web_sessions WHERE id_hash = '{}'",
            signed.expose()
        ))
        .await;
    assert_eq!(stored, 0, "the session id itself is never stored");
    // Signing out needs the session's CSRF token.
    assert!(!port.sign_out(signed.expose(), "forged").await.unwrap());
    assert!(port.session(signed.expose()).await.unwrap().is_some());
    assert!(port.sign_out(signed.expose(), &session.csrf).await.unwrap());
    assert!(port.session(signed.expose()).await.unwrap().is_none());
}

#[tokio::test]
async fn a_sign_in_link_expires_after_ten_minutes() {
    let db = TempDb::new();
    let service = service(&db).await;
    support::pause_clock();
    let early = token_in(&service.handle(cmd("alice", WEB)).await.text);
    let late = token_in(&service.handle(cmd("alice", WEB)).await.text);
    tokio::time::advance(Duration::from_secs(9 * 60)).await;
    assert!(service.sessions().sign_in(&early).await.unwrap().is_some());
    tokio::time::advance(Duration::from_secs(61)).await;
    assert!(
        service.sessions().sign_in(&late).await.unwrap().is_none(),
        "10 minutes and a second later"
    );
}

#[tokio::test]
async fn logout_all_ends_every_session_of_the_person_linked_accounts_included() {
    let db = TempDb::new();
    let service = service(&db).await;
    let discord = place_at(Platform::Discord, Some("guild"), "chan");
    // Alice links her Discord account to her console one.
    let code = service
        .handle(cmd(
            "alice",
            Action::Link {
                code: None,
                confirmed: false,
            },
        ))
        .await;
    let code = code.text.split('`').nth(1).expect("a code").to_owned();
    let linked = service
        .handle(cmd_at(
            &discord,
            "ally",
            Action::Link {
                code: Some(oware_bot::service::LinkCode::new(code)),
                confirmed: true,
            },
        ))
        .await;
    assert!(linked.private, "{}", linked.text);
    let console = sign_in(&service, "alice").await;
    let reply = service.handle(cmd_at(&discord, "ally", WEB)).await;
    let from_discord = service
        .sessions()
        .sign_in(&token_in(&reply.text))
        .await
        .unwrap()
        .expect("signs in");
    let bob = sign_in(&service, "bob").await;
    let unused = token_in(&service.handle(cmd("alice", WEB)).await.text);
    let reply = service.handle(cmd_at(&discord, "ally", LOGOUT_ALL)).await;
    assert!(reply.private, "{reply:?}");
    assert!(
        reply.text.contains("2 web sessions ended"),
        "{}",
        reply.text
    );
    let port = service.sessions();
    assert!(port.session(console.expose()).await.unwrap().is_none());
    assert!(port.session(from_discord.expose()).await.unwrap().is_none());
    assert!(port.sign_in(&unused).await.unwrap().is_none(), "links too");
    assert!(
        port.session(bob.expose()).await.unwrap().is_some(),
        "another person's stays"
    );
    let again = service.handle(cmd("alice", LOGOUT_ALL)).await;
    assert!(again.text.contains("no web session"), "{}", again.text);
}

#[tokio::test]
async fn a_person_keeps_at_most_twenty_sessions() {
    let db = TempDb::new();
    let service = service(&db).await;
    let first = sign_in(&service, "alice").await;
    for _ in 0..oware_bot::service::SESSIONS_PER_PERSON {
        sign_in(&service, "alice").await;
    }
    assert_eq!(db.count("SELECT COUNT(*) FROM web_sessions").await, 20);
    assert!(
        service
            .sessions()
            .session(first.expose())
            .await
            .unwrap()
            .is_none(),
        "the oldest went"
    );
}

#[tokio::test]
async fn without_public_pages_the_command_says_what_the_owner_can_set() {
    let db = TempDb::new();
    let service = db
        .service_with(ServiceConfig {
            rates: [None; 3],
            ..ServiceConfig::default()
        })
        .await;
    let reply = service.handle(cmd("alice", WEB)).await;
    assert!(reply.private, "{reply:?}");
    assert!(reply.text.contains("WEB_PUBLIC_URL"), "{}", reply.text);
    assert!(!reply.text.contains("/signin/"));
    assert_eq!(db.count("SELECT COUNT(*) FROM web_signins").await, 0);
    // A place that turned its pages off says so, and how to turn them on.
    let service = self::service(&db).await;
    let off = service
        .handle(
            cmd(
                "mod",
                Action::Settings {
                    changes: vec![("web".into(), "off".into())],
                },
            )
            .with_role(oware_bot::service::Role::Admin),
        )
        .await;
    assert!(off.text.contains("web:off"), "{}", off.text);
    let reply = service.handle(cmd("alice", WEB)).await;
    assert!(reply.text.contains("web:off"), "{}", reply.text);
    assert_eq!(db.count("SELECT COUNT(*) FROM web_signins").await, 0);
}

#[tokio::test]
async fn a_move_from_a_page_is_the_players_own_announced_once_and_refused_to_others() {
    let db = TempDb::new();
    let service = service(&db).await;
    let game = support::start_game(&service).await;
    let slug = db
        .store()
        .pages()
        .web_slug(game)
        .await
        .unwrap()
        .expect("a slug");
    for message in service.ops().unsent(Platform::Console, None).await {
        service.ops().mark_sent(message.id).await;
    }
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    let carol = sign_in(&service, "carol").await;
    let csrf = |s: &SignedIn| {
        let port = service.sessions();
        let id = s.expose().to_owned();
        async move { port.session(&id).await.unwrap().unwrap().csrf }
    };
    let (alice_csrf, bob_csrf, carol_csrf) =
        (csrf(&alice).await, csrf(&bob).await, csrf(&carol).await);
    let mv = |session: &SignedIn, csrf: &str, pit: &str, nonce: &str| {
        let (session, csrf, pit, nonce, slug) = (
            session.expose().to_owned(),
            csrf.to_owned(),
            pit.to_owned(),
            nonce.to_owned(),
            slug.clone(),
        );
        let port = service.sessions();
        async move {
            port.play(WebMove {
                session: &session,
                csrf: &csrf,
                slug: &slug,
                pit: &pit,
                ply: Some(0),
                nonce: &nonce,
            })
            .await
            .unwrap()
        }
    };
    // A forged token, another person, the other player out of turn.
    assert_eq!(
        mv(&alice, &bob_csrf, "C", "nonce0001").await,
        MoveOutcome::Forbidden
    );
    assert_eq!(
        mv(&carol, &carol_csrf, "C", "nonce0002").await,
        MoveOutcome::NotAPlayer
    );
    match mv(&bob, &bob_csrf, "c", "nonce0003").await {
        MoveOutcome::Refused(text) => assert!(text.contains("turn"), "{text}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(db.count("SELECT COUNT(*) FROM moves").await, 0);
    // Alice's own move, pressed twice: played once, announced in the place.
    assert_eq!(
        mv(&alice, &alice_csrf, "C", "nonce0004").await,
        MoveOutcome::Played
    );
    assert_eq!(
        mv(&alice, &alice_csrf, "C", "nonce0004").await,
        MoveOutcome::Played
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM moves").await, 1);
    let sent = service.ops().unsent(Platform::Console, None).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].reply.game, Some(game));
    assert!(
        sent[0].reply.text.contains("alice"),
        "{}",
        sent[0].reply.text
    );
    // A stale page (it showed the start) is refused with words; and once the
    // place turns its pages off, there is no page to move from.
    match mv(&bob, &bob_csrf, "c", "nonce0005").await {
        MoveOutcome::Refused(text) => assert!(!text.is_empty()),
        other => panic!("{other:?}"),
    }
    assert_eq!(db.count("SELECT COUNT(*) FROM moves").await, 1);
    let off = Action::Settings {
        changes: vec![("web".into(), "off".into())],
    };
    service
        .handle(cmd("mod", off).with_role(oware_bot::service::Role::Admin))
        .await;
    let bob_move = |nonce: &'static str| {
        let (port, session, csrf, slug) = (
            service.sessions(),
            bob.expose().to_owned(),
            bob_csrf.clone(),
            slug.clone(),
        );
        async move {
            port.play(WebMove {
                session: &session,
                csrf: &csrf,
                slug: &slug,
                pit: "c",
                ply: Some(1),
                nonce,
            })
            .await
            .unwrap()
        }
    };
    assert_eq!(bob_move("nonce0006").await, MoveOutcome::NoGame);
    assert_eq!(db.count("SELECT COUNT(*) FROM moves").await, 1);
}

/// The texts of the messages queued since the last call, marked sent.
async fn posted(service: &Service) -> Vec<String> {
    let mut texts = Vec::new();
    for message in service.ops().unsent(Platform::Console, None).await {
        texts.push(message.reply.text.clone());
        service.ops().mark_sent(message.id).await;
    }
    texts
}

#[tokio::test]
async fn a_pages_draw_and_takeback_are_posted_with_their_own_write_once() {
    let db = TempDb::new();
    let service = service(&db).await;
    let casual = oware_bot::service::ChallengeOptions {
        rated: Some(false),
        ..oware_bot::service::ChallengeOptions::default()
    };
    let game = support::start_game_at(&service, &support::place(), "alice", "bob", casual).await;
    service.handle(cmd("alice", support::mv("c"))).await;
    let slug = db
        .store()
        .pages()
        .web_slug(game)
        .await
        .unwrap()
        .expect("a slug");
    posted(&service).await;
    let (alice, bob) = (
        sign_in(&service, "alice").await,
        sign_in(&service, "bob").await,
    );
    let port = service.sessions();
    let act = |who: &SignedIn, deed: WebDeed, nonce: &'static str| {
        let (port, session, slug) = (port.clone(), who.expose().to_owned(), slug.clone());
        async move {
            let csrf = port.session(&session).await.unwrap().unwrap().csrf;
            port.act(WebAct {
                session: &session,
                csrf: &csrf,
                slug: &slug,
                deed,
                nonce,
            })
            .await
            .unwrap()
        }
    };
    let ask = WebDeed::Takeback { decline: false };
    // Alice asks to take her move back, pressing twice: asked once, said once.
    assert_eq!(act(&alice, ask, "takeback01").await, MoveOutcome::Played);
    assert_eq!(act(&alice, ask, "takeback01").await, MoveOutcome::Played);
    let said = posted(&service).await;
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("asks to take back"), "{said:?}");
    // Bob grants it: the move is gone, and the place hears it with its board.
    assert_eq!(act(&bob, ask, "takeback02").await, MoveOutcome::Played);
    assert_eq!(db.count("SELECT COUNT(*) FROM moves").await, 0);
    let said = posted(&service).await;
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("is taken back"), "{said:?}");
    // A draw offered and declined: each said once.
    let offer = WebDeed::Draw { decline: false };
    assert_eq!(act(&alice, offer, "drawoffer1").await, MoveOutcome::Played);
    assert_eq!(
        act(&bob, WebDeed::Draw { decline: true }, "drawdecln1").await,
        MoveOutcome::Played
    );
    let said = posted(&service).await;
    assert_eq!(said.len(), 2, "{said:?}");
    // Offered again and accepted: the game ends, the end is said once.
    act(&alice, offer, "drawoffer2").await;
    posted(&service).await;
    assert_eq!(act(&bob, offer, "drawaccpt1").await, MoveOutcome::Played);
    assert_eq!(act(&bob, offer, "drawaccpt1").await, MoveOutcome::Played);
    let said = posted(&service).await;
    assert!(
        said.iter().filter(|t| t.contains("drawn")).count() == 1,
        "{said:?}"
    );
    // Each was one write: the announcement rode with the change, never a second
    // write of its own.
    assert_eq!(
        db.count("SELECT COUNT(*) FROM inbox WHERE event_id LIKE 'web-said:%'")
            .await,
        0
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM inbox WHERE event_id LIKE 'web:%'")
            .await,
        6
    );
}
