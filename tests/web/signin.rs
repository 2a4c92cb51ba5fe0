//! Signing in from chat and moving from a game's page, over real HTTP: the link's
//! page changes nothing, its POST sets a safe cookie once; a player's pits post a
//! move that the chat announces; a refusal explains itself on the page; a forged
//! or cross-site POST is refused with 403 and plays nothing; signing out ends the
//! session.

use oware_bot::service::{Action, Platform};
use oware_bot::web::{Running, WebState};
use tokio::net::TcpListener;

use crate::http::{get, send_form, Got};
use crate::pages::game_with_link;
use crate::support::cmd;
use crate::{link_in, Site};

/// The sign-in link `/oware web` gives `who`.
pub(crate) async fn link_for(site: &Site, who: &str) -> String {
    link_from(site, cmd(who, Action::Web { logout_all: false })).await
}

/// The sign-in link `/oware web` (`asked`) gives its author.
async fn link_from(site: &Site, asked: oware_bot::service::Command) -> String {
    let reply = site.service.handle(asked).await;
    assert!(reply.private && reply.secret, "{reply:?}");
    link_in(&reply.text).unwrap_or_else(|| panic!("no link: {}", reply.text))
}

/// The `name=value` of the session cookie a sign-in set.
fn session_cookie(got: &Got) -> String {
    got.header("set-cookie")
        .split(';')
        .next()
        .expect("a cookie")
        .to_owned()
}

/// Signs `who` in through the link's page and its button; returns the cookie.
pub(crate) async fn signed_in(site: &Site, who: &str) -> String {
    sign_in_with(site, link_for(site, who).await).await
}

/// Signs `who` in from chat at `place` (their account on its network); returns
/// the cookie.
pub(crate) async fn signed_in_at(
    site: &Site,
    place: &oware_bot::service::Place,
    who: &str,
) -> String {
    let asked = crate::support::cmd_at(place, who, Action::Web { logout_all: false });
    sign_in_with(site, link_from(site, asked).await).await
}

/// Presses the button of sign-in `link`'s page; returns the session cookie.
async fn sign_in_with(site: &Site, link: String) -> String {
    let got = send_form("POST", &link, &[("origin", &site.base)], "").await;
    assert_eq!(got.status, 303, "{}", got.text());
    session_cookie(&got)
}

/// The value of the form field `name` on a page.
pub(crate) fn field(html: &str, name: &str) -> String {
    let at = html
        .find(&format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} field in {html}"));
    let rest = &html[at + name.len() + 15..];
    rest[..rest.find('"').expect("a closing quote")].to_owned()
}

/// Posts every forgery of a form to `url` and checks each is refused (403, in
/// words): the real form (`csrf`, the session `cookie`'s token, and `fields`) sent
/// from another site; without a token, with a made-up one, with `other_csrf`
/// (another session's), with a nonce no page makes; and without a session.
pub(crate) async fn assert_forgeries_refused(
    site: &Site,
    url: &str,
    (cookie, csrf): (&str, &str),
    other_csrf: &str,
    fields: &str,
) {
    let good = format!("csrf={csrf}&nonce=forged0001&{fields}");
    let cross = send_form(
        "POST",
        url,
        &[("cookie", cookie), ("origin", "http://evil.example")],
        &good,
    )
    .await;
    assert_eq!(cross.status, 403, "{url} {fields} from another site");
    for body in [
        format!("nonce=forged0002&{fields}"),
        format!("csrf={}&nonce=forged0003&{fields}", "0".repeat(64)),
        format!("csrf={other_csrf}&nonce=forged0004&{fields}"),
        format!("csrf={csrf}&nonce=bad&{fields}"),
    ] {
        let got = send_form(
            "POST",
            url,
            &[("cookie", cookie), ("origin", &site.base)],
            &body,
        )
        .await;
        assert_eq!(got.status, 403, "{url}: {body}");
        assert!(got.text().contains("refused"), "{}", got.text());
    }
    let signed_out = send_form("POST", url, &[("origin", &site.base)], &good).await;
    assert_eq!(signed_out.status, 403, "{url} {fields} without a session");
}

pub(crate) async fn get_with(url: &str, cookie: &str) -> Got {
    send_form("GET", url, &[("cookie", cookie)], "").await
}

async fn moves(site: &Site) -> i64 {
    site.db.count("SELECT COUNT(*) FROM moves").await
}

#[tokio::test]
async fn a_link_signs_in_once_with_a_safe_cookie() {
    let site = Site::new().await;
    let link = link_for(&site, "alice").await;
    assert!(
        link.starts_with(&format!("{}/signin/", site.base)),
        "{link}"
    );
    // The link's page (what a chat's preview fetches) only shows the button.
    let page = get(&link).await;
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("<form method=\"post\">"),
        "{}",
        page.text()
    );
    assert!(page.header("cache-control").contains("no-store"));
    let got = send_form("POST", &link, &[("origin", &site.base)], "").await;
    assert_eq!(got.status, 303, "{}", got.text());
    assert_eq!(got.header("location"), "/");
    let cookie = got.header("set-cookie");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(flag), "{flag} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    // Replayed: refused, saying what to do.
    let again = send_form("POST", &link, &[], "").await;
    assert_eq!(again.status, 410);
    assert!(again.text().contains("/oware web"), "{}", again.text());
    assert!(!again.headers.contains_key("set-cookie"));
    // Home knows who is signed in; without the cookie it does not.
    let home = get_with(&format!("{}/", site.base), &session_cookie(&got)).await;
    assert!(
        home.text().contains("Signed in as alice"),
        "{}",
        home.text()
    );
    assert!(home.header("cache-control").contains("no-store"));
    assert!(!get(&format!("{}/", site.base))
        .await
        .text()
        .contains("Signed in"));
    // A cookie made up is nobody.
    let made_up = format!("oware_session={}", "ab".repeat(32));
    let home = get_with(&format!("{}/", site.base), &made_up).await;
    assert!(!home.text().contains("Signed in"));
}

#[tokio::test]
async fn behind_https_the_cookie_is_secure_and_a_cross_site_sign_in_is_refused() {
    let site = Site::new().await;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = WebState::new(
        site.service.pages(),
        Some("https://oware.example".to_owned()),
        Vec::new(),
    )
    .with_sessions(site.service.sessions());
    let _web = Running::start(listener, state);
    let link = link_for(&site, "alice").await;
    let path = &link[site.base.len()..];
    let forged = send_form(
        "POST",
        &format!("{base}{path}"),
        &[("origin", "https://evil.example")],
        "",
    )
    .await;
    assert_eq!(forged.status, 403);
    let got = send_form(
        "POST",
        &format!("{base}{path}"),
        &[("origin", "https://oware.example")],
        "",
    )
    .await;
    assert_eq!(got.status, 303, "the forged POST spent nothing");
    assert!(
        got.header("set-cookie").contains("; Secure"),
        "{got:?}",
        got = got.header("set-cookie")
    );
}

#[tokio::test]
async fn a_player_moves_by_post_and_the_chat_announces_it() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    for message in site.service.ops().unsent(Platform::Console, None).await {
        site.service.ops().mark_sent(message.id).await;
    }
    let alice = signed_in(&site, "alice").await;
    let page = get_with(&link, &alice).await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("form id=\"play\""), "{html}");
    assert!(html.contains("aria-label=\"Sow pit A, 4 seeds\""), "{html}");
    assert!(page.header("cache-control").contains("private"));
    // Bob, to wait, sees no pits; nor does anyone signed out.
    let bob = signed_in(&site, "bob").await;
    assert!(!get_with(&link, &bob)
        .await
        .text()
        .contains("form id=\"play\""));
    assert!(!get(&link).await.text().contains("form id=\"play\""));
    let body = format!(
        "csrf={}&nonce={}&ply={}&pit=C",
        field(&html, "csrf"),
        field(&html, "nonce"),
        field(&html, "ply")
    );
    let got = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &alice), ("origin", &site.base)],
        &body,
    )
    .await;
    assert_eq!(got.status, 303, "{}", got.text());
    assert_eq!(got.header("location"), &link[site.base.len()..]);
    assert_eq!(moves(&site).await, 1);
    // Sent again (a double click, a reload): played once.
    let again = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &alice)],
        &body,
    )
    .await;
    assert_eq!(again.status, 303);
    assert_eq!(moves(&site).await, 1);
    // The chat sees it like any move, in the game's thread.
    let sent = site.service.ops().unsent(Platform::Console, None).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].reply.game.map(|g| g.get()), Some(game));
    assert!(
        sent[0].reply.text.contains("alice"),
        "{}",
        sent[0].reply.text
    );
    // Now Bob's page has his pits, North's letters.
    let html = get_with(&link, &bob).await.text();
    assert!(html.contains("aria-label=\"Sow pit a, "), "{html}");
}

#[tokio::test]
async fn a_refused_move_explains_itself_on_the_page() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let alice = signed_in(&site, "alice").await;
    let html = get_with(&link, &alice).await.text();
    let form = |pit: &str, nonce: &str| {
        format!(
            "csrf={}&nonce={nonce}&ply={}&pit={pit}",
            field(&html, "csrf"),
            field(&html, "ply")
        )
    };
    let played = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &alice)],
        &form("C", "first000"),
    )
    .await;
    assert_eq!(played.status, 303);
    // The same page again, another nonce: the game moved on, Bob is to move.
    let refused = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &alice)],
        &form("D", "second00"),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    let text = refused.text();
    assert!(text.contains("role=\"alert\""), "{text}");
    assert!(text.contains("Your move was not played"), "{text}");
    assert!(text.contains("bob"), "who is to move: {text}");
    // Not a pit at all.
    let refused = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &alice)],
        &form("Z", "third000"),
    )
    .await;
    assert_eq!(refused.status, 422);
    assert_eq!(moves(&site).await, 1);
    // Someone who does not play in the game.
    let carol = signed_in(&site, "carol").await;
    let carol_page = get_with(&link, &carol).await.text();
    let body = format!(
        "csrf={}&nonce=fourth00&ply=1&pit=a",
        field(&carol_page, "csrf")
    );
    let refused = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &carol)],
        &body,
    )
    .await;
    assert_eq!(refused.status, 403);
    assert!(
        refused.text().contains("only its two players"),
        "{}",
        refused.text()
    );
    assert_eq!(moves(&site).await, 1);
}

#[tokio::test]
async fn forged_posts_are_refused_and_play_nothing() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let alice = signed_in(&site, "alice").await;
    let html = get_with(&link, &alice).await.text();
    let (csrf, ply) = (field(&html, "csrf"), field(&html, "ply"));
    let url = format!("{link}/move");
    let bob = signed_in(&site, "bob").await;
    let bob_csrf = field(&get_with(&link, &bob).await.text(), "csrf");
    let fields = format!("ply={ply}&pit=C");
    assert_forgeries_refused(&site, &url, (&alice, &csrf), &bob_csrf, &fields).await;
    assert_eq!(moves(&site).await, 0);
    // The real form still plays.
    let got = send_form(
        "POST",
        &url,
        &[("cookie", &alice), ("origin", &site.base)],
        &format!("csrf={csrf}&nonce=nonce0001&{fields}"),
    )
    .await;
    assert_eq!(got.status, 303);
    assert_eq!(moves(&site).await, 1);
}

#[tokio::test]
async fn signing_out_ends_the_session() {
    let site = Site::new().await;
    let alice = signed_in(&site, "alice").await;
    let home = get_with(&format!("{}/", site.base), &alice).await.text();
    let csrf = field(&home, "csrf");
    let url = format!("{}/signout", site.base);
    let forged = send_form("POST", &url, &[("cookie", &alice)], "csrf=nope").await;
    assert_eq!(forged.status, 403);
    let cross = send_form(
        "POST",
        &url,
        &[("cookie", &alice), ("origin", "http://evil.example")],
        &format!("csrf={csrf}"),
    )
    .await;
    assert_eq!(cross.status, 403);
    assert!(get_with(&format!("{}/", site.base), &alice)
        .await
        .text()
        .contains("Signed in"));
    let out = send_form(
        "POST",
        &url,
        &[("cookie", &alice), ("origin", &site.base)],
        &format!("csrf={csrf}"),
    )
    .await;
    assert_eq!(out.status, 200, "{}", out.text());
    assert!(out.header("set-cookie").contains("Max-Age=0"));
    assert!(!get_with(&format!("{}/", site.base), &alice)
        .await
        .text()
        .contains("Signed in"));
    assert_eq!(site.db.count("SELECT COUNT(*) FROM web_sessions").await, 0);
}
