//! The pseudo-locale over every page: a public place set to `en-XA` (every message
//! English, accented and bracketed, its values left as they are) serves its game,
//! place, puzzle and player pages, and any plain English word a reader sees on them
//! (text, alt text, labels, titles, the link preview's words) was written by code,
//! not by the catalogue.

use oware_bot::service::{Action, GameId};

use crate::http::{get, Events};
use crate::pages::game_with_link;
use crate::places::{daily_puzzle, make_public};
use crate::support::pseudo::plain_words;
use crate::support::{cmd, first_legal_pit, mv_in};
use crate::Site;

/// The attributes whose values a person reads or hears.
const READ_ATTRIBUTES: [&str; 4] = ["alt", "aria-label", "title", "placeholder"];

/// `&amp;` and the other entities the pages write, decoded.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in tag `tag` (`<img alt="…" …`), if it has one.
fn attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// What a person reads or hears of `html`: the text between its tags (not in
/// scripts, styles or code), the read attributes, and the link preview's title and
/// description.
fn read_texts(html: &str) -> Vec<String> {
    let mut texts = Vec::new();
    let mut rest = html;
    // Inside a script, a style or code (commands stay English, as typed): which.
    let mut skipped: Option<String> = None;
    while let Some(open) = rest.find('<') {
        let between = &rest[..open];
        if skipped.is_none() && !between.trim().is_empty() {
            texts.push(unescape(between));
        }
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close + 1];
        rest = &rest[open + close + 1..];
        let name: String = tag[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '/')
            .collect();
        match &skipped {
            None if ["script", "style", "code"].contains(&name.as_str()) => {
                skipped = Some(name.clone());
            }
            Some(inside) if name.strip_prefix('/') == Some(inside.as_str()) => skipped = None,
            _ => {}
        }
        for name in READ_ATTRIBUTES {
            texts.extend(attribute(tag, name).map(unescape));
        }
        let preview = ["og:title", "og:description", "og:image:alt", "description"]
            .iter()
            .any(|p| {
                tag.contains(&format!("property=\"{p}\"")) || tag.contains(&format!("name=\"{p}\""))
            });
        if name == "meta" && preview {
            texts.extend(attribute(tag, "content").map(unescape));
        }
    }
    texts
}

/// The plain English words of the page at `url`, each with where it was found.
async fn plain_on(what: &str, url: &str) -> Vec<String> {
    let got = get(url).await;
    assert_eq!(got.status, 200, "{what}: {url}");
    plain_in(what, &got.text())
}

/// The plain English words of page `html`, each with where it was found.
fn plain_in(what: &str, html: &str) -> Vec<String> {
    let html = html.to_owned();
    assert!(
        html.contains(r#"<html lang="en-XA">"#),
        "{what} is in the pseudo-locale: {html}"
    );
    read_texts(&html)
        .into_iter()
        .filter_map(|text| {
            let words = plain_words(&text);
            (!words.is_empty()).then(|| format!("{what}: {words:?} in {text:?}"))
        })
        .collect()
}

/// Plays `n` moves of game `game`, each the first legal one.
async fn play(site: &Site, game: GameId, n: usize) {
    for _ in 0..n {
        let row = site.db.game(game).await;
        let mover = if row.ply % 2 == 0 { "alice" } else { "bob" };
        let reply = site
            .service
            .handle(cmd(mover, mv_in(&first_legal_pit(&row), game)))
            .await;
        assert!(!reply.private, "{}", reply.text);
    }
}

#[tokio::test]
async fn every_word_of_every_page_comes_from_the_catalogue() {
    let site = Site::new().await;
    let (live, live_link) = game_with_link(&site).await;
    make_public(&site).await;
    site.set("language", "en-XA").await;
    play(&site, GameId::new(live), 5).await;
    daily_puzzle(&site).await;
    // A finished game: alice resigns a second game against bob.
    let (ended, ended_link) = game_with_link(&site).await;
    play(&site, GameId::new(ended), 2).await;
    let resigned = site
        .service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: Some(GameId::new(ended)),
                confirmed: true,
            },
        ))
        .await;
    assert!(!resigned.private, "{}", resigned.text);
    // Reviewed: its accuracy, costly moves, graph and the graph's links.
    let html = crate::pages::reviewed(&site, ended, &ended_link).await;
    assert!(html.contains("review.png"), "{html}");

    let mut plain = Vec::new();
    for (what, url) in [
        ("a game being played", live_link.clone()),
        ("a game at its third move", format!("{live_link}?ply=3")),
        (
            "a game from North's seat",
            format!("{live_link}?ply=3&flip=1"),
        ),
        ("a study board", format!("{live_link}?ply=0&try=C")),
        (
            "the engine's view of a study",
            format!("{live_link}/engine?ply=0&try=C"),
        ),
        (
            "a study's refused move",
            format!("{live_link}?ply=0&try=CC"),
        ),
        ("a finished and reviewed game", ended_link),
        ("the place", format!("{}/p/console/console", site.base)),
        (
            "the puzzle",
            format!("{}/p/console/console/puzzle", site.base),
        ),
        ("a player", site.player_page("alice").await),
    ] {
        plain.extend(plain_on(what, &url).await);
    }
    // A `try` that is not pit letters: refused, in words of the catalogue.
    let unreadable = get(&format!("{live_link}?ply=0&try=x")).await;
    assert_eq!(unreadable.status, 400);
    plain.extend(plain_in("an unreadable study", &unreadable.text()));
    // The words a live page writes as the game goes on (its status, clocks and
    // advice) come with each update.
    let mut events = Events::open(&format!("{live_link}/live")).await;
    let state: serde_json::Value =
        serde_json::from_str(&events.next().await.expect("the state now")).unwrap();
    for key in ["status", "clocks", "advice"] {
        let text = state[key].as_str().unwrap_or_default();
        let words = plain_words(text);
        if !words.is_empty() {
            plain.push(format!("the live update's {key}: {words:?} in {text:?}"));
        }
    }
    assert!(
        state["status"].as_str().is_some_and(|s| s.contains('~')),
        "the live status is written: {state}"
    );
    assert!(
        plain.is_empty(),
        "words not from the catalogue:\n{}",
        plain.join("\n")
    );

    // The check finds what code writes: a plain word on a page is caught.
    assert_eq!(
        read_texts(r#"<p title="Board">x</p><script>let plain = 1;</script>"#)
            .iter()
            .flat_map(|t| plain_words(t))
            .collect::<Vec<_>>(),
        ["Board"]
    );
}

#[tokio::test]
async fn a_signed_in_players_buttons_and_answers_come_from_the_catalogue() {
    use crate::signin::{get_with, signed_in};
    use crate::web_actions::press;
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    site.set("language", "en-XA").await;
    let (alice, bob) = (
        signed_in(&site, "alice").await,
        signed_in(&site, "bob").await,
    );
    let offered = press(&site, &link, &alice, "draw", "pseudo0001").await;
    assert_eq!(offered.status, 303, "{}", offered.text());
    let mut plain = Vec::new();
    plain.extend(plain_in(
        "the asker's page",
        &get_with(&link, &alice).await.text(),
    ));
    plain.extend(plain_in(
        "the asked's page",
        &get_with(&link, &bob).await.text(),
    ));
    let question = press(&site, &link, &alice, "resign", "pseudo0002").await;
    assert_eq!(question.status, 200, "{}", question.text());
    plain.extend(plain_in("the resignation's question", &question.text()));
    let refused = press(&site, &link, &alice, "takeback", "pseudo0003").await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    plain.extend(plain_in("a refused request", &refused.text()));
    let carol = signed_in(&site, "carol").await;
    let outsider = press(&site, &link, &carol, "draw", "pseudo0004").await;
    assert_eq!(outsider.status, 403, "{}", outsider.text());
    plain.extend(plain_in("an outsider's request", &outsider.text()));
    assert!(
        plain.is_empty(),
        "written by code, not the catalogue:\n{}",
        plain.join("\n")
    );
}

#[tokio::test]
async fn a_place_pages_challenges_and_forms_come_from_the_catalogue() {
    use crate::signin::{field, get_with, signed_in};
    use oware_bot::service::ChallengeOptions;
    let site = Site::new().await;
    make_public(&site).await;
    site.set("language", "en-XA").await;
    let options = ChallengeOptions::default();
    let reply = site
        .service
        .handle(cmd("bob", Action::Open { options }))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let place = format!("{}/p/console/console", site.base);
    let mut plain = plain_on("the place to a visitor not signed in", &place).await;
    let alice = signed_in(&site, "alice").await;
    let html = get_with(&place, &alice).await.text();
    assert!(html.contains("name=\"challenge\""), "{html}");
    plain.extend(plain_in("the place to a signed-in visitor", &html));
    let bob = signed_in(&site, "bob").await;
    plain.extend(plain_in(
        "the place to its challenger",
        &get_with(&place, &bob).await.text(),
    ));
    // Bob cannot accept his own challenge: the refusal's page.
    let csrf = field(&get_with(&place, &bob).await.text(), "csrf");
    let id = site.db.count("SELECT MAX(id) FROM challenges").await;
    let refused = crate::http::send_form(
        "POST",
        &format!("{place}/accept"),
        &[("cookie", &bob), ("origin", &site.base)],
        &format!("csrf={csrf}&nonce=pseudo0001&challenge={id}"),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    plain.extend(plain_in("a refused start", &refused.text()));
    assert!(
        plain.is_empty(),
        "written by code, not the catalogue:\n{}",
        plain.join("\n")
    );
}
