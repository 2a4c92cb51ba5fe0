//! Starting games from a public place's page over real HTTP: a signed-in visitor
//! accepts an open challenge (or one addressed to them) and lands on the game's
//! page while the challenger's chat hears it; "play the engine" starts a game
//! against the bot; a challenge addressed to someone else has no button and a
//! forged POST accepting it is refused; cross-site or token-less POSTs are refused
//! (403) and start nothing; a visitor not signed in sees the lists and no button;
//! an unlisted or switched-off place's page stays 404.

use oware_bot::service::{Action, ChallengeOptions};

use crate::http::{get, send_form, Got};
use crate::pages::game_with_link;
use crate::places::make_public;
use crate::signin::{assert_forgeries_refused, field, get_with, signed_in, signed_in_at};
use crate::support::{cmd, cmd_at, place_at, start_game_at, user};
use crate::web_actions::heard;
use crate::Site;

/// The console's place page.
fn place(site: &Site) -> String {
    format!("{}/p/console/console", site.base)
}

/// `who` makes an open challenge at the console; returns its id.
async fn open_challenge(site: &Site, who: &str) -> i64 {
    let options = ChallengeOptions::default();
    let reply = site
        .service
        .handle(cmd(who, Action::Open { options }))
        .await;
    assert!(!reply.private, "{}", reply.text);
    newest_challenge(site).await
}

async fn newest_challenge(site: &Site) -> i64 {
    site.db.count("SELECT MAX(id) FROM challenges").await
}

async fn games(site: &Site) -> i64 {
    site.db.count("SELECT COUNT(*) FROM games").await
}

async fn pending(site: &Site) -> i64 {
    site.db
        .count("SELECT COUNT(*) FROM challenges WHERE status = 'pending'")
        .await
}

/// Posts `form` (the session's CSRF token added) to the place page's `path`
/// (`accept`, `engine`) for `cookie`, from this site.
async fn post(site: &Site, cookie: &str, path: &str, form: &str) -> Got {
    post_at(site, &place(site), cookie, path, form).await
}

/// [`post`] to the place page at `page`.
async fn post_at(site: &Site, page: &str, cookie: &str, path: &str, form: &str) -> Got {
    let csrf = field(&get_with(page, cookie).await.text(), "csrf");
    send_form(
        "POST",
        &format!("{page}/{path}"),
        &[("cookie", cookie), ("origin", &site.base)],
        &format!("csrf={csrf}&{form}"),
    )
    .await
}

#[tokio::test]
async fn a_signed_in_visitor_accepts_an_open_challenge_and_lands_on_its_game() {
    let site = Site::new().await;
    make_public(&site).await;
    let id = open_challenge(&site, "bob").await;
    let alice = signed_in(&site, "alice").await;
    heard(&site).await;
    let page = get_with(&place(&site), &alice).await;
    assert_eq!(page.status, 200);
    assert!(page.header("cache-control").contains("no-store"));
    let html = page.text();
    assert!(html.contains("Signed in as alice"), "{html}");
    assert!(html.contains("bob challenges anyone here"), "{html}");
    assert!(html.contains("form id=\"accept\""), "{html}");
    assert_eq!(field(&html, "challenge"), id.to_string());
    // Bob sees his own challenge as his, with nothing to press.
    let bob = signed_in(&site, "bob").await;
    let his = get_with(&place(&site), &bob).await.text();
    assert!(his.contains("Yours: it waits"), "{his}");
    assert!(!his.contains("name=\"challenge\""), "{his}");

    let form = format!("nonce=accept0001&challenge={id}");
    let accepted = post(&site, &alice, "accept", &form).await;
    assert_eq!(accepted.status, 303, "{}", accepted.text());
    let location = accepted.header("location").to_owned();
    assert!(location.starts_with("/g/"), "{location}");
    assert_eq!(pending(&site).await, 0);
    assert_eq!(games(&site).await, 1);
    // The game's page, with alice's buttons on it.
    let game = get_with(&format!("{}{location}", site.base), &alice)
        .await
        .text();
    assert!(game.contains("form id=\"actions\""), "{game}");
    // The challenger's chat hears it, once.
    let said = heard(&site).await;
    assert!(
        said.iter()
            .any(|t| t.contains("alice") && t.contains("accepted")),
        "{said:?}"
    );
    let again = post(&site, &alice, "accept", &form).await;
    assert_eq!(again.status, 303, "{}", again.text());
    assert_eq!(again.header("location"), location);
    assert!(heard(&site).await.is_empty());
    assert_eq!(games(&site).await, 1);
    // Taken: the page lists it no more, and lists the game.
    let html = get_with(&place(&site), &alice).await.text();
    assert!(!html.contains("name=\"challenge\""), "{html}");
    assert!(html.contains(&location), "{html}");
}

#[tokio::test]
async fn a_challenge_to_someone_else_has_no_button_and_a_forged_accept_is_refused() {
    let site = Site::new().await;
    make_public(&site).await;
    let reply = site
        .service
        .handle(cmd(
            "bob",
            Action::Play {
                opponent: user("carol"),
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let id = newest_challenge(&site).await;
    let (alice, carol) = (
        signed_in(&site, "alice").await,
        signed_in(&site, "carol").await,
    );
    heard(&site).await;
    let html = get_with(&place(&site), &alice).await.text();
    assert!(!html.contains("name=\"challenge\""), "{html}");
    assert!(!html.contains("bob challenges"), "{html}");
    // Carol, whom it names, sees it with its button.
    let hers = get_with(&place(&site), &carol).await.text();
    assert!(hers.contains("bob challenges you"), "{hers}");
    assert_eq!(field(&hers, "challenge"), id.to_string());
    // Alice posts it all the same: refused in the chat's words, nothing changes.
    let forged = post(
        &site,
        &alice,
        "accept",
        &format!("nonce=forged0001&challenge={id}"),
    )
    .await;
    assert_eq!(forged.status, 422, "{}", forged.text());
    let text = forged.text();
    assert!(text.contains("role=\"alert\""), "{text}");
    assert!(text.contains("No game was started"), "{text}");
    assert!(text.contains("carol"), "names whom it is for: {text}");
    assert_eq!(pending(&site).await, 1);
    assert_eq!(games(&site).await, 0);
    assert!(heard(&site).await.is_empty());
    // A challenge that does not exist, or a button no page has.
    let none = post(&site, &alice, "accept", "nonce=forged0002&challenge=999").await;
    assert_eq!(none.status, 422, "{}", none.text());
    let odd = post(&site, &alice, "accept", "nonce=forged0003&challenge=x").await;
    assert_eq!(odd.status, 400, "{}", odd.text());
    // Carol accepts it.
    let taken = post(
        &site,
        &carol,
        "accept",
        &format!("nonce=carol00001&challenge={id}"),
    )
    .await;
    assert_eq!(taken.status, 303, "{}", taken.text());
    assert_eq!(games(&site).await, 1);
}

#[tokio::test]
async fn forged_or_cross_site_starts_are_refused_and_start_nothing() {
    let site = Site::new().await;
    make_public(&site).await;
    let id = open_challenge(&site, "bob").await;
    let alice = signed_in(&site, "alice").await;
    let bob = signed_in(&site, "bob").await;
    let csrf = field(&get_with(&place(&site), &alice).await.text(), "csrf");
    let bob_csrf = field(&get_with(&place(&site), &bob).await.text(), "csrf");
    for (path, ask) in [
        ("accept", format!("challenge={id}")),
        ("engine", "level=easy".to_owned()),
    ] {
        let url = format!("{}/{path}", place(&site));
        assert_forgeries_refused(&site, &url, (&alice, &csrf), &bob_csrf, &ask).await;
    }
    assert_eq!(pending(&site).await, 1);
    assert_eq!(games(&site).await, 0);
}

#[tokio::test]
async fn playing_the_engine_from_the_place_page_starts_a_game_and_shows_it() {
    let site = Site::new().await;
    make_public(&site).await;
    let alice = signed_in(&site, "alice").await;
    heard(&site).await;
    let html = get_with(&place(&site), &alice).await.text();
    assert!(html.contains("form id=\"engine\""), "{html}");
    for level in ["easy", "medium", "hard"] {
        assert!(html.contains(&format!("value=\"{level}\"")), "{html}");
    }
    let started = post(&site, &alice, "engine", "nonce=engine0001&level=hard").await;
    assert_eq!(started.status, 303, "{}", started.text());
    let location = started.header("location").to_owned();
    assert!(location.starts_with("/g/"), "{location}");
    assert_eq!(games(&site).await, 1);
    assert_eq!(
        site.db
            .count(
                "SELECT COUNT(*) FROM games g JOIN players p ON p.id IN (g.south_id, g.north_id)
                 WHERE p.is_bot AND g.status = 'active'"
            )
            .await,
        1
    );
    assert_eq!(
        site.db
            .count("SELECT COUNT(*) FROM challenges WHERE level = 'hard'")
            .await,
        1
    );
    let said = heard(&site).await;
    assert!(said.iter().any(|t| t.contains("engine")), "{said:?}");
    // The same form again starts no second game.
    let again = post(&site, &alice, "engine", "nonce=engine0001&level=hard").await;
    assert_eq!(again.status, 303, "{}", again.text());
    assert_eq!(again.header("location"), location);
    assert_eq!(games(&site).await, 1);
    // A level no page offers.
    let odd = post(&site, &alice, "engine", "nonce=engine0002&level=godlike").await;
    assert_eq!(odd.status, 400, "{}", odd.text());
    // A second game while the first goes on; a third is refused as the chat
    // refuses it (two games against the engine at once, by default), in its words.
    let second = post(&site, &alice, "engine", "nonce=engine0003&level=easy").await;
    assert_eq!(second.status, 303, "{}", second.text());
    assert_ne!(second.header("location"), location);
    let third = post(&site, &alice, "engine", "nonce=engine0004&level=easy").await;
    assert_eq!(third.status, 422, "{}", third.text());
    let text = third.text();
    assert!(text.contains("role=\"alert\""), "{text}");
    assert!(
        text.contains("form id=\"engine\""),
        "the form stays: {text}"
    );
    assert_eq!(games(&site).await, 2);
}

#[tokio::test]
async fn a_visitor_not_signed_in_sees_the_lists_and_no_button() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    make_public(&site).await;
    open_challenge(&site, "carol").await;
    let page = get(&place(&site)).await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("carol challenges anyone here"), "{html}");
    assert!(html.contains("Sign in with"), "{html}");
    assert!(html.contains("/oware web"), "{html}");
    let slug = link.rsplit('/').next().unwrap();
    assert!(html.contains(&format!("/g/{slug}")), "{html}");
    for form in [
        "form id=\"accept\"",
        "form id=\"engine\"",
        "name=\"challenge\"",
    ] {
        assert!(!html.contains(form), "{form}: {html}");
    }
    // A made-up cookie is nobody.
    let made_up = format!("oware_session={}", "ab".repeat(32));
    let html = get_with(&place(&site), &made_up).await.text();
    assert!(!html.contains("name=\"challenge\""), "{html}");
}

#[tokio::test]
async fn an_unlisted_or_switched_off_place_has_no_page_to_start_from() {
    let site = Site::new().await;
    let id = open_challenge(&site, "bob").await;
    let alice = signed_in(&site, "alice").await;
    // A public page gives the token this test then posts elsewhere.
    make_public(&site).await;
    let csrf = field(&get_with(&place(&site), &alice).await.text(), "csrf");
    for setting in ["unlisted", "off"] {
        site.set("web", setting).await;
        assert_eq!(get(&place(&site)).await.status, 404, "{setting}");
        assert_eq!(get_with(&place(&site), &alice).await.status, 404);
        for (path, ask) in [
            ("accept", format!("challenge={id}")),
            ("engine", "level=easy".to_owned()),
        ] {
            let got = send_form(
                "POST",
                &format!("{}/{path}", place(&site)),
                &[("cookie", &alice), ("origin", &site.base)],
                &format!("csrf={csrf}&nonce=unlisted01&{ask}"),
            )
            .await;
            assert_eq!(got.status, 404, "{setting}: {path}");
        }
    }
    assert_eq!(pending(&site).await, 1);
    assert_eq!(games(&site).await, 0);
}

/// Discord servers and channels (their ids are snowflakes: the place pages check).
const G1: &str = "100000000000000001";
const G2: &str = "100000000000000002";
const G3: &str = "100000000000000003";
const GENERAL: &str = "200000000000000001";
const GAMES: &str = "200000000000000002";
const LOBBY: &str = "200000000000000003";

/// An admin of Discord server `server` sets `changes` from its channel `GENERAL`
/// (vouching for the channels it names, as the adapter does for its own server's).
async fn set_on_discord(site: &Site, server: &str, changes: &[(&str, &str)]) {
    use oware_bot::service::{Platform, Role};
    let mut asked = cmd_at(
        &place_at(Platform::Discord, Some(server), GENERAL),
        "owner",
        Action::Settings {
            changes: changes
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        },
    )
    .with_role(Role::Admin);
    asked.vouched = vec![GAMES.to_owned()];
    let reply = site.service.handle(asked).await;
    assert!(reply.text.contains("web:public"), "{}", reply.text);
}

#[tokio::test]
async fn on_discord_the_engine_plays_in_the_servers_games_channel_or_its_latest() {
    use oware_bot::service::Platform;
    let site = Site::new().await;
    site.service
        .ops()
        .register_bot_user(Platform::Discord, "bot-1");
    // The first server names its games channel; the second names none but has had
    // a game in its lobby; the third has neither.
    set_on_discord(&site, G1, &[("web", "public"), ("channels", GAMES)]).await;
    set_on_discord(&site, G2, &[("web", "public")]).await;
    set_on_discord(&site, G3, &[("web", "public")]).await;
    let lobby = place_at(Platform::Discord, Some(G2), LOBBY);
    start_game_at(
        &site.service,
        &lobby,
        "erin",
        "frank",
        ChallengeOptions::default(),
    )
    .await;
    let dora = signed_in_at(
        &site,
        &place_at(Platform::Discord, Some(G1), GENERAL),
        "dora",
    )
    .await;
    heard(&site).await;
    // (Each press is a new page's form: its own nonce.)
    for (server, channel, nonce) in [(G1, GAMES, "discord1"), (G2, LOBBY, "discord2")] {
        let page = format!("{}/p/discord/{server}", site.base);
        let started = post_at(
            &site,
            &page,
            &dora,
            "engine",
            &format!("nonce={nonce}&level=easy"),
        )
        .await;
        assert_eq!(started.status, 303, "{server}: {}", started.text());
        let played_there = site
            .db
            .count(&format!(
                "SELECT COUNT(*) FROM games g JOIN players p ON p.id IN (g.south_id, g.north_id)
                 WHERE p.user_id = 'dora' AND g.space = '{server}' AND g.channel = '{channel}'"
            ))
            .await;
        assert_eq!(played_there, 1, "{server}");
        // Announced there, where the game is played.
        let said = site.service.ops().unsent(Platform::Discord, None).await;
        assert!(
            said.iter().any(|m| m.place.channel == channel
                && m.place.space.as_deref() == Some(server)
                && m.reply.text.contains("dora")),
            "{server}: {said:?}"
        );
    }
    let page = format!("{}/p/discord/{G3}", site.base);
    let refused = post_at(&site, &page, &dora, "engine", "nonce=engine0002&level=easy").await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(
        refused.text().contains("which channel of this server"),
        "{}",
        refused.text()
    );
    // Someone signed in from the console has no account on Discord: the page says
    // how to sign in with one, and its forms start nothing.
    let alice = signed_in(&site, "alice").await;
    let before = games(&site).await;
    let page = format!("{}/p/discord/{G1}", site.base);
    let html = get_with(&page, &alice).await.text();
    assert!(html.contains("no account on this place"), "{html}");
    let refused = post_at(
        &site,
        &page,
        &alice,
        "engine",
        "nonce=engine0003&level=easy",
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(
        refused.text().contains("no account on this place"),
        "{}",
        refused.text()
    );
    assert_eq!(games(&site).await, before);
}

/// The messages about game `game` waiting in the outbox that keep what happened, to
/// be worded when they are sent (a recipe of how it began).
async fn began_recipes(site: &Site, game: i64) -> i64 {
    site.db
        .count(&format!(
            "SELECT COUNT(*) FROM outbox WHERE game_id = {game}
               AND body LIKE '%\"recipe\":\"began\"%'"
        ))
        .await
}

#[tokio::test]
async fn a_start_from_a_page_is_announced_by_its_own_write_in_the_places_language() {
    use oware_bot::service::Platform;
    let site = Site::new().await;
    make_public(&site).await;
    site.set("language", "fr").await;
    let id = open_challenge(&site, "bob").await;
    let alice = signed_in(&site, "alice").await;
    heard(&site).await;
    let accepted = post(
        &site,
        &alice,
        "accept",
        &format!("nonce=accept0042&challenge={id}"),
    )
    .await;
    assert_eq!(accepted.status, 303, "{}", accepted.text());
    let game = site.db.count("SELECT MAX(id) FROM games").await;
    // Written with the game, as what happened: nothing is left to a second write
    // that a crash could lose.
    assert_eq!(began_recipes(&site, game).await, 1);
    let said = site.service.ops().unsent(Platform::Console, None).await;
    assert_eq!(said.len(), 1, "{said:?}");
    let message = &said[0];
    // Worded when sent, in the place's language, with the first board's picture and
    // the game's page.
    let text = &message.reply.text;
    assert!(text.contains("accepte le défi lancé par **bob**"), "{text}");
    assert!(
        text.contains(&format!("la partie #{game} commence")),
        "{text}"
    );
    assert!(text.contains(&format!("{}/g/", site.base)), "{text}");
    assert_eq!(message.reply.game.map(|g| g.get()), Some(game));
    assert!(
        message.reply.files.iter().any(|f| f.mime == "image/png"),
        "{:?}",
        message.reply.files
    );
    site.service.ops().mark_sent(message.id).await;
    // The same form again starts nothing and says nothing.
    let again = post(
        &site,
        &alice,
        "accept",
        &format!("nonce=accept0042&challenge={id}"),
    )
    .await;
    assert_eq!(again.status, 303, "{}", again.text());
    assert!(heard(&site).await.is_empty());

    // The engine's game, begun from the page: its level in French too.
    let carol = signed_in(&site, "carol").await;
    let started = post(&site, &carol, "engine", "nonce=engine0042&level=hard").await;
    assert_eq!(started.status, 303, "{}", started.text());
    let game = site.db.count("SELECT MAX(id) FROM games").await;
    assert_eq!(began_recipes(&site, game).await, 1);
    let said = heard(&site).await;
    let began: Vec<&String> = said
        .iter()
        .filter(|t| t.contains("contre le moteur"))
        .collect();
    assert_eq!(began.len(), 1, "{said:?}");
    assert!(began[0].contains("niveau difficile"), "{}", began[0]);
    assert!(began[0].contains("**carol** joue Sud"), "{}", began[0]);
}
