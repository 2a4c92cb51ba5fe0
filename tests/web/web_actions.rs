//! The game page's other buttons over real HTTP: resign (asked first), offer,
//! accept or decline a draw, ask a takeback, and a rematch once the game is over;
//! each goes through the chat's own command path and the chat hears it. A forged
//! or cross-site POST is refused with 403 and changes nothing; someone who does
//! not play in the game cannot act in it; the sign-in page speaks its person's
//! language.

use oware_bot::service::{Action, ButtonAction, Platform};
use oware_bot::store::GameId;

use crate::http::{get, send_form, Got};
use crate::pages::game_with_link;
use crate::signin::{assert_forgeries_refused, field, get_with, link_for, signed_in};
use crate::support::cmd;
use crate::Site;

/// Posts button `deed` of `link`'s page for the session `cookie`, with form nonce
/// `nonce`, from this site.
pub(crate) async fn press(site: &Site, link: &str, cookie: &str, deed: &str, nonce: &str) -> Got {
    let csrf = field(&get_with(link, cookie).await.text(), "csrf");
    send_form(
        "POST",
        &format!("{link}/act"),
        &[("cookie", cookie), ("origin", &site.base)],
        &format!("csrf={csrf}&nonce={nonce}&deed={deed}"),
    )
    .await
}

/// The texts of the messages waiting for the chat, which are then marked sent.
pub(crate) async fn heard(site: &Site) -> Vec<String> {
    let unsent = site.service.ops().unsent(Platform::Console, None).await;
    for message in &unsent {
        site.service.ops().mark_sent(message.id).await;
    }
    unsent.into_iter().map(|m| m.reply.text).collect()
}

async fn version(site: &Site, game: i64) -> i64 {
    site.db.game(GameId::new(game)).await.version
}

#[tokio::test]
async fn resigning_asks_first_then_ends_the_game_and_the_chat_hears_it() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    heard(&site).await;
    let alice = signed_in(&site, "alice").await;
    let html = get_with(&link, &alice).await.text();
    assert!(html.contains("form id=\"actions\""), "{html}");
    for deed in ["resign", "draw", "takeback"] {
        assert!(
            html.contains(&format!("value=\"{deed}\"")),
            "{deed}: {html}"
        );
    }
    assert!(!html.contains("value=\"rematch\""), "{html}");
    // The first press only asks.
    let asked = press(&site, &link, &alice, "resign", "resign001").await;
    assert_eq!(asked.status, 200, "{}", asked.text());
    let text = asked.text();
    assert!(text.contains("form id=\"confirm\""), "{text}");
    assert!(text.contains("value=\"resign-confirm\""), "{text}");
    assert!(!text.contains("**"), "no chat markup on the page: {text}");
    assert!(site.db.game(GameId::new(game)).await.is_active());
    assert!(heard(&site).await.is_empty(), "a question is not announced");
    // Confirmed: over, and said in the chat.
    let done = press(&site, &link, &alice, "resign-confirm", "resign002").await;
    assert_eq!(done.status, 303, "{}", done.text());
    assert!(!site.db.game(GameId::new(game)).await.is_active());
    let said = heard(&site).await;
    assert!(
        said.iter()
            .any(|t| t.contains("alice") && t.contains("resign")),
        "{said:?}"
    );
    // Sent again: nothing more happens, nothing more is said.
    let again = press(&site, &link, &alice, "resign-confirm", "resign002").await;
    assert_ne!(again.status, 500);
    assert!(heard(&site).await.is_empty());
    // Over: the rematch button, which challenges Bob again, in the chat.
    let html = get_with(&link, &alice).await.text();
    assert!(html.contains("value=\"rematch\""), "{html}");
    assert!(!html.contains("value=\"resign\""), "{html}");
    let rematch = press(&site, &link, &alice, "rematch", "rematch01").await;
    assert_eq!(rematch.status, 303, "{}", rematch.text());
    assert_eq!(
        site.db
            .count("SELECT COUNT(*) FROM challenges WHERE status = 'pending'")
            .await,
        1
    );
    // Announced by the challenge's own write, as what happened: worded when sent.
    assert_eq!(challenged_recipes(&site).await, 1);
    let said = site.service.ops().unsent(Platform::Console, None).await;
    assert_eq!(said.len(), 1, "{said:?}");
    let text = &said[0].reply.text;
    assert!(text.contains("**alice** challenges **bob**"), "{text}");
    let buttons: Vec<_> = said[0].reply.buttons.iter().map(|b| &b.action).collect();
    assert!(
        matches!(
            buttons[..],
            [ButtonAction::Accept { .. }, ButtonAction::Decline { .. }]
        ),
        "{buttons:?}"
    );
    assert!(said[0].reply.mentions.iter().any(|u| u.name == "bob"));
    site.service.ops().mark_sent(said[0].id).await;
    // The same form again challenges nobody twice and says nothing.
    let again = press(&site, &link, &alice, "rematch", "rematch01").await;
    assert_ne!(again.status, 500);
    assert!(heard(&site).await.is_empty());
}

/// The outbox's messages that keep a challenge made, to be worded when sent.
async fn challenged_recipes(site: &Site) -> i64 {
    site.db
        .count(
            "SELECT COUNT(*) FROM outbox
             WHERE challenge_id IS NOT NULL AND body LIKE '%\"recipe\":\"challenged\"%'",
        )
        .await
}

#[tokio::test]
async fn a_rematch_answered_before_its_announcement_went_out_is_not_announced() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    let alice = signed_in(&site, "alice").await;
    let resigned = site
        .service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: Some(GameId::new(game)),
                confirmed: true,
            },
        ))
        .await;
    assert!(!resigned.private, "{}", resigned.text);
    heard(&site).await;
    let rematch = press(&site, &link, &alice, "rematch", "rematch02").await;
    assert_eq!(rematch.status, 303, "{}", rematch.text());
    assert_eq!(challenged_recipes(&site).await, 1);
    // Bob accepts in the chat before the chat was told of it: the message is moot.
    let accepted = site
        .service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(!accepted.private, "{}", accepted.text);
    let said = heard(&site).await;
    assert!(
        !said.iter().any(|t| t.contains("challenges **bob**")),
        "{said:?}"
    );
}

#[tokio::test]
async fn a_draw_offered_on_one_page_is_answered_on_the_other() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    heard(&site).await;
    let (alice, bob) = (
        signed_in(&site, "alice").await,
        signed_in(&site, "bob").await,
    );
    let offered = press(&site, &link, &alice, "draw", "drawoffer1").await;
    assert_eq!(offered.status, 303, "{}", offered.text());
    let said = heard(&site).await;
    assert!(said.iter().any(|t| t.contains("offers a draw")), "{said:?}");
    // Alice sees her offer waiting, with a way to withdraw it.
    let html = get_with(&link, &alice).await.text();
    assert!(html.contains("You offered a draw"), "{html}");
    assert!(html.contains("value=\"draw-decline\""), "{html}");
    // Bob sees it with Accept and Decline; he declines.
    let html = get_with(&link, &bob).await.text();
    assert!(html.contains("alice offers a draw."), "{html}");
    assert!(html.contains(">Accept<"), "{html}");
    let declined = press(&site, &link, &bob, "draw-decline", "drawno0001").await;
    assert_eq!(declined.status, 303, "{}", declined.text());
    assert!(site.db.game(GameId::new(game)).await.pending.0.is_none());
    let said = heard(&site).await;
    assert!(said.iter().any(|t| t.contains("declined")), "{said:?}");
    // Offered again, accepted: drawn, and the chat hears it.
    press(&site, &link, &alice, "draw", "drawoffer2").await;
    let accepted = press(&site, &link, &bob, "draw", "drawyes001").await;
    assert_eq!(accepted.status, 303, "{}", accepted.text());
    assert!(!site.db.game(GameId::new(game)).await.is_active());
    let said = heard(&site).await;
    assert!(said.iter().any(|t| t.contains("drawn")), "{said:?}");
}

#[tokio::test]
async fn a_refused_request_explains_itself_on_the_page() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    let alice = signed_in(&site, "alice").await;
    // Nothing to take back yet (and a rated game takes none back).
    let before = version(&site, game).await;
    let refused = press(&site, &link, &alice, "takeback", "takeback01").await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    let text = refused.text();
    assert!(text.contains("role=\"alert\""), "{text}");
    assert!(text.contains("That was not done"), "{text}");
    // Nothing to decline.
    let refused = press(&site, &link, &alice, "draw-decline", "nodecline1").await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    // A button no page has.
    let odd = press(&site, &link, &alice, "explode", "explode001").await;
    assert_eq!(odd.status, 400, "{}", odd.text());
    assert!(odd.text().contains("reload the page"), "{}", odd.text());
    assert_eq!(version(&site, game).await, before);
}

#[tokio::test]
async fn forged_requests_are_refused_and_change_nothing() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    heard(&site).await;
    let alice = signed_in(&site, "alice").await;
    let bob = signed_in(&site, "bob").await;
    let csrf = field(&get_with(&link, &alice).await.text(), "csrf");
    let bob_csrf = field(&get_with(&link, &bob).await.text(), "csrf");
    let url = format!("{link}/act");
    let before = version(&site, game).await;
    for deed in [
        "resign",
        "resign-confirm",
        "draw",
        "draw-decline",
        "takeback",
        "takeback-decline",
        "rematch",
    ] {
        let fields = format!("deed={deed}");
        assert_forgeries_refused(&site, &url, (&alice, &csrf), &bob_csrf, &fields).await;
    }
    assert_eq!(version(&site, game).await, before);
    assert!(site.db.game(GameId::new(game)).await.is_active());
    assert!(heard(&site).await.is_empty());
}

#[tokio::test]
async fn someone_outside_the_game_cannot_resign_or_offer_in_it() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    heard(&site).await;
    let carol = signed_in(&site, "carol").await;
    let html = get_with(&link, &carol).await.text();
    assert!(!html.contains("form id=\"actions\""), "{html}");
    let before = version(&site, game).await;
    for deed in ["resign-confirm", "draw", "takeback", "rematch"] {
        let got = press(&site, &link, &carol, deed, "carol00001").await;
        assert_eq!(got.status, 403, "{deed}: {}", got.text());
        assert!(
            got.text().contains("only its two players"),
            "{}",
            got.text()
        );
    }
    assert_eq!(version(&site, game).await, before);
    assert!(heard(&site).await.is_empty());
}

#[tokio::test]
async fn the_sign_in_pages_speak_the_persons_language() {
    let site = Site::new().await;
    let set = site
        .service
        .handle(cmd(
            "alice",
            Action::MySettings {
                changes: vec![("language".to_owned(), "fr".to_owned())],
            },
        ))
        .await;
    assert!(!set.text.is_empty(), "{set:?}");
    let link = link_for(&site, "alice").await;
    let page = get(&link).await;
    assert_eq!(page.status, 200);
    let text = page.text();
    assert!(text.contains("lang=\"fr\""), "{text}");
    assert!(
        text.contains("Se connecter") || text.contains("connexion"),
        "{text}"
    );
    // Bob chose nothing: the default.
    let bob = get(&link_for(&site, "bob").await).await.text();
    assert!(bob.contains("lang=\"en\""), "{bob}");
    // Signed in, then out: still French.
    let got = send_form("POST", &link, &[("origin", &site.base)], "").await;
    assert_eq!(got.status, 303);
    let cookie = got
        .header("set-cookie")
        .split(';')
        .next()
        .expect("a cookie")
        .to_owned();
    let home = get_with(&format!("{}/", site.base), &cookie).await.text();
    let csrf = field(&home, "csrf");
    let out = send_form(
        "POST",
        &format!("{}/signout", site.base),
        &[("cookie", &cookie), ("origin", &site.base)],
        &format!("csrf={csrf}"),
    )
    .await;
    assert_eq!(out.status, 200);
    assert!(out.text().contains("lang=\"fr\""), "{}", out.text());
}
