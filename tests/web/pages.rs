//! Game pages, their pictures, records and live updates.

use std::time::Duration;

use oware_bot::service::{Action, Role};

use crate::http::{get, Events};
use crate::support::{cmd, mv};
use crate::{link_in, Site};

/// Alice and Bob start a game; returns its id and its page's address from the
/// bot's reply.
pub(crate) async fn game_with_link(site: &Site) -> (i64, String) {
    let reply = site
        .service
        .handle(cmd("alice", crate::support::play("bob")))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let accepted = site
        .service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    let game = accepted.game.expect("a game");
    let link = link_in(&accepted.text).unwrap_or_else(|| panic!("no link: {}", accepted.text));
    assert!(
        link.starts_with(&format!("{}/g/", site.base)),
        "{link} from {}",
        accepted.text
    );
    (game.get(), link)
}

/// The `content` of `<meta property="…">`.
fn meta<'a>(html: &'a str, property: &str) -> Option<&'a str> {
    let at = html.find(&format!("property=\"{property}\""))?;
    let tag_start = html[..at].rfind('<')?;
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>')?];
    let content = tag.split("content=\"").nth(1)?;
    Some(&content[..content.find('"')?])
}

pub(crate) fn decode_png(bytes: &[u8]) -> image::DynamicImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).expect("a PNG")
}

#[tokio::test]
async fn a_game_page_shows_the_board_players_moves_and_unfurls() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    for pit in ["c", "d"] {
        let author = if pit == "c" { "alice" } else { "bob" };
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    let page = get(&link).await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").starts_with("text/html"));
    let html = page.text();
    assert!(html.len() < 50_000, "{} bytes", html.len());
    assert!(html.contains("alice") && html.contains("bob"), "{html}");
    assert_well_formed(&html, "en");
    // Unlisted by default.
    assert!(html.contains(r#"name="robots" content="noindex"#), "{html}");
    // The move list: links that step without a script.
    assert!(html.contains(r#"data-ply="1""#) && html.contains(r#"data-ply="2""#));
    assert!(html.contains("?ply=1"), "{html}");
    // The board, drawn in the page: each pit labelled with its seeds.
    assert!(html.contains(r#"<div id="board""#), "{html}");
    assert_eq!(html.matches(r#"aria-label="Pit "#).count(), 12, "{html}");
    assert!(html.contains(r#"aria-label="Pit C: 0 seeds""#), "{html}");

    let image = meta(&html, "og:image").expect("og:image");
    assert!(image.starts_with(&site.base), "absolute: {image}");
    let png = get(&image.replace("&amp;", "&")).await;
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), "image/png");
    let picture = decode_png(&png.body);
    assert_eq!(
        (picture.width(), picture.height()),
        (oware_bot::render::PNG_WIDTH, oware_bot::render::PNG_HEIGHT)
    );
    assert_eq!(meta(&html, "og:url"), Some(link.as_str()));
    assert!(meta(&html, "og:title").unwrap().contains("alice"));

    // Any move's board, and its alt text.
    let first = get(&format!("{link}/board.png?ply=0")).await;
    assert_eq!(first.status, 200);
    assert_ne!(first.body, png.body, "the start is not the latest position");
    decode_png(&first.body);
    let alt = get(&format!("{link}/alt?ply=1")).await;
    assert_eq!(alt.status, 200);
    assert!(!alt.text().is_empty());
    let at_one = get(&format!("{link}?ply=1")).await.text();
    assert!(at_one.contains(r#"data-shown="1""#), "{at_one}");

    let record = get(&format!("{link}/record.txt")).await;
    assert_eq!(record.status, 200);
    assert!(record.header("content-disposition").contains("attachment"));
    let text = record.text();
    assert!(text.contains("alice") && text.contains("bob"), "{text}");
    assert!(text.contains("1."), "{text}");
}

#[tokio::test]
async fn pages_are_unguessable_and_a_place_can_turn_them_off() {
    let site = Site::new().await;
    assert_eq!(
        get(&format!("{}/g/aaaaaaaaaaaaaaaa", site.base))
            .await
            .status,
        404
    );
    assert_eq!(get(&format!("{}/g/1", site.base)).await.status, 404);
    assert_eq!(
        get(&format!("{}/g/..%2f..%2fetc", site.base)).await.status,
        404
    );
    let (_, link) = game_with_link(&site).await;
    assert_eq!(get(&link).await.status, 200);

    let off = site
        .service
        .handle(
            cmd(
                "mod",
                Action::Settings {
                    changes: vec![("web".into(), "off".into())],
                },
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(off.text.contains("web"), "{}", off.text);
    for path in ["", "/board.png", "/record.txt", "/alt", "/live"] {
        let got = get(&format!("{link}{path}")).await;
        assert_eq!(got.status, 404, "{link}{path}");
    }
    // And the bot stops linking.
    let reply = site.service.handle(cmd("alice", mv("c"))).await;
    assert!(link_in(&reply.text).is_none(), "{}", reply.text);

    let public = site
        .service
        .handle(
            cmd(
                "mod",
                Action::Settings {
                    changes: vec![("web".into(), "public".into())],
                },
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(!public.text.is_empty());
    let html = get(&link).await.text();
    assert!(!html.contains("noindex"), "public pages may be indexed");
}

#[tokio::test]
async fn a_live_page_gets_each_move_within_a_second() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    let mut events = Events::open(&format!("{link}/live")).await;
    assert!(events.content_type.starts_with("text/event-stream"));
    let first: serde_json::Value =
        serde_json::from_str(&events.next().await.expect("the state now")).unwrap();
    assert_eq!(first["plies"], 0);
    assert_eq!(first["live"], true);
    for (n, (author, pit)) in [("alice", "c"), ("bob", "d")].into_iter().enumerate() {
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
        let data = tokio::time::timeout(Duration::from_secs(1), events.next())
            .await
            .expect("the move shows within a second")
            .expect("an event");
        let state: serde_json::Value = serde_json::from_str(&data).unwrap();
        assert_eq!(state["plies"], n + 1, "{state}");
        assert_eq!(state["moves"].as_array().unwrap().len(), n + 1);
        // The position, for the board: after C, then d (which reaches A and B).
        let position = &state["position"];
        assert_eq!(position[0][2], 0, "C was sown: {state}");
        assert_eq!(position[0][0], if n == 0 { 4 } else { 5 }, "{state}");
        assert_eq!(position[1], serde_json::json!([0, 0]), "{state}");
        assert_eq!(position[2], if n == 0 { "N" } else { "S" }, "{state}");
        assert_eq!(position[3], if n == 0 { "C" } else { "d" }, "{state}");
    }
    // A resignation ends the game and the stream.
    let resigned = site
        .service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: Some(oware_bot::service::GameId::new(game)),
                confirmed: true,
            },
        ))
        .await;
    assert!(!resigned.private, "{}", resigned.text);
    let last = tokio::time::timeout(Duration::from_secs(1), events.next())
        .await
        .expect("the end shows within a second")
        .expect("the last state");
    let state: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(state["live"], false, "{state}");
    assert_eq!(
        state["position"][2],
        serde_json::Value::Null,
        "nobody to move"
    );
    let end = tokio::time::timeout(Duration::from_secs(2), events.next())
        .await
        .expect("the stream ends");
    assert!(end.is_none());
}

#[tokio::test]
async fn nothing_private_shows_on_a_page() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    let code = site
        .service
        .handle(cmd(
            "alice",
            Action::Link {
                code: None,
                confirmed: false,
            },
        ))
        .await;
    let words: Vec<String> = code
        .text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 6 && w.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect();
    let report = site
        .service
        .handle(cmd(
            "carol",
            Action::Report {
                game: oware_bot::service::GameId::new(game),
                reason: "secret-report-reason".into(),
            },
        ))
        .await;
    assert!(report.private, "{}", report.text);
    let html = get(&link).await.text();
    let record = get(&format!("{link}/record.txt")).await.text();
    for shown in [&html, &record] {
        assert!(!shown.contains("secret-report-reason"));
        for word in &words {
            assert!(!shown.contains(word.as_str()), "link code {word} shown");
        }
    }
}

/// Stores a review of game `game` (Alice's C, best; Bob's d, a blunder losing 450
/// centi-seeds where a was better), as the analysis job would, and waits until its
/// page shows it (a review comes without a new version of the game: a page read
/// just before may be served for up to a second more). Returns the page.
pub(crate) async fn reviewed(site: &Site, game: i64, link: &str) -> String {
    use oware_bot::engine::analysis::Class;
    use oware_bot::store::{StoredPly, StoredReview};
    let ply = |played, best, loss, class| StoredPly {
        played,
        best,
        loss,
        class,
        line: String::new(),
        scores: Vec::new(),
    };
    let review = StoredReview {
        plies: vec![
            ply('C', 'C', 0, Class::Best),
            ply('d', 'a', 450, Class::Blunder),
        ],
        graph: vec![0, 10, 480],
        accuracy: [97.0, 61.0],
        turning_point: Some(1),
    };
    let json = serde_json::to_string(&review).unwrap().replace('\'', "''");
    site.db
        .execute(&format!(
            "INSERT INTO analyses (game_id, engine, result, finished_at) \
             VALUES ({game}, 'test', '{json}', 0)"
        ))
        .await;
    let mut html = get(link).await.text();
    for _ in 0..30 {
        // In any language: the review's graph.
        if html.contains("review.png") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        html = get(link).await.text();
    }
    html
}

/// The checks every page passes: an HTML5 document in its language, and pictures
/// sized as HTML wants them (`width` and `height` attributes take whole pixels, never
/// a percentage: the style scales a picture).
pub(crate) fn assert_well_formed(html: &str, lang: &str) {
    assert!(
        html.starts_with(&format!(r#"<!DOCTYPE html><html lang="{lang}">"#)),
        "{html}"
    );
    for tag in html.split("<img ").skip(1) {
        let tag = &tag[..tag.find('>').expect("an img tag ends")];
        for attribute in ["width", "height"] {
            let Some(at) = tag.find(&format!(" {attribute}=\"")) else {
                continue;
            };
            let value = tag[at + attribute.len() + 3..].split('"').next().unwrap();
            assert!(
                !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()),
                "{attribute}=\"{value}\" is not a number of pixels in <img {tag}>"
            );
        }
    }
}

#[tokio::test]
async fn a_reviewed_game_shows_its_costly_moves_and_evaluation_graph() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    for (author, pit) in [("alice", "c"), ("bob", "d")] {
        site.service.handle(cmd(author, mv(pit))).await;
    }
    assert!(!get(&link).await.text().contains("review.png"));
    assert_eq!(get(&format!("{link}/review.png")).await.status, 404);
    let html = reviewed(&site, game, &link).await;
    assert!(
        html.contains("a blunder") && html.contains("a was better"),
        "{html}"
    );
    assert!(html.contains("97%") && html.contains("61%"), "{html}");
    let graph = get(&format!("{link}/review.png")).await;
    assert_eq!(graph.status, 200);
    let picture = decode_png(&graph.body);

    // The graph's attributes give its size in pixels (the style fits it to the
    // column): `width="100%"` is not HTML.
    assert!(!html.contains(r#"width="100%""#), "{html}");
    let tag = format!(
        r#"src="{}/review.png" alt="#,
        link.strip_prefix(&site.base).unwrap()
    );
    let at = html.find(&tag).unwrap_or_else(|| panic!("{tag} in {html}"));
    let img = &html[at..at + html[at..].find('>').unwrap()];
    let size = format!(
        r#"width="{}" height="{}""#,
        picture.width(),
        picture.height()
    );
    assert!(img.contains(&size), "{size} in {img}");
    // Over it, a link to each position it draws (the move list has them too, for
    // the keyboard), the one shown marked.
    for ply in 0..=2 {
        let jump = format!(
            r#"href="{}?ply={ply}" data-ply="{ply}" tabindex="-1""#,
            link.strip_prefix(&site.base).unwrap()
        );
        assert!(html.contains(&jump), "{jump} in {html}");
    }
    assert!(
        html.contains(r#"title="The position after move 1""#),
        "{html}"
    );
    assert!(html.contains("Press the graph"), "{html}");
    assert_well_formed(&html, "en");
}

#[tokio::test]
async fn names_are_escaped_on_the_page() {
    use oware_bot::service::{Command, User};
    let site = Site::new().await;
    let evil = User {
        id: "evil".to_owned(),
        name: "<img src=x onerror=alert(1)>".to_owned(),
        is_bot: false,
    };
    let asked = site
        .service
        .handle(Command::new(
            crate::support::place(),
            evil,
            crate::support::play("bob"),
        ))
        .await;
    assert!(!asked.private, "{}", asked.text);
    let accepted = site
        .service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    let link = link_in(&accepted.text).expect("a link");
    let html = get(&link).await.text();
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(html.contains("&lt;img src=x"), "{html}");
}

/// A French place's game pages are written in French.
#[tokio::test]
async fn a_french_places_pages_are_in_french() {
    let site = Site::new().await;
    site.set("language", "fr").await;
    let (_, link) = game_with_link(&site).await;
    let html = get(&link).await.text();
    assert!(html.contains(r#"<html lang="fr">"#), "{html}");
    assert!(html.contains("Télécharger la notation"), "{html}");
    assert!(!html.contains("Download the game record"), "{html}");
}

#[tokio::test]
async fn a_page_read_again_shows_each_change_at_once() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let first = get(&link).await;
    assert_eq!(first.status, 200);
    assert!(!first.text().contains(r#"data-ply="1""#));
    // Read again at once: the same page (written once for both readers).
    assert_eq!(get(&link).await.body, first.body);

    // A move, a language and pages turned off each show on the next read, with no wait.
    let reply = site.service.handle(cmd("alice", mv("c"))).await;
    assert!(!reply.private, "{}", reply.text);
    let after = get(&link).await.text();
    assert!(after.contains(r#"data-ply="1""#), "{after}");
    site.set("language", "fr").await;
    let french = get(&link).await.text();
    assert!(french.contains(r#"<html lang="fr">"#), "{french}");
    site.set("web", "off").await;
    assert_eq!(get(&link).await.status, 404);
}

#[tokio::test]
async fn a_live_page_says_how_many_have_the_game_open() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let page = crate::http::get(&link).await.text();
    assert!(page.contains(r#"id="watching""#), "{page}");
    let mut first = Events::open(&format!("{link}/live")).await;
    watching(&mut first, "Only you have this game open.").await;
    let mut second = Events::open(&format!("{link}/live")).await;
    watching(&mut second, "2 people have this game open.").await;
    watching(&mut first, "2 people have this game open.").await;
    let third = Events::open(&format!("{link}/live")).await;
    watching(&mut first, "3 people have this game open.").await;
    // One leaves: the others hear it.
    drop(third);
    watching(&mut second, "2 people have this game open.").await;
    // The game's states still come between the counts (the first, from when the
    // stream opened, was passed over while reading the counts).
    let reply = site.service.handle(cmd("alice", mv("c"))).await;
    assert!(!reply.private, "{}", reply.text);
    let state: serde_json::Value = serde_json::from_str(
        &tokio::time::timeout(Duration::from_secs(2), first.next())
            .await
            .expect("the move comes")
            .expect("a state"),
    )
    .unwrap();
    assert_eq!(state["plies"], 1, "{state}");
}

/// Reads the counts of viewers on `events` until one says `expected`, within two
/// seconds (a newcomer may first hear the count from before it came).
async fn watching(events: &mut Events, expected: &str) {
    let until = async {
        loop {
            let count = events.next_named("watching").await.expect("a count");
            if count == expected {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(2), until)
        .await
        .unwrap_or_else(|_| panic!("no count of {expected:?} within two seconds"));
}

#[tokio::test]
async fn each_move_shows_how_long_it_took() {
    // The test moves the clock between moves: the page follows it.
    let site = Site::on_test_clock().await;
    crate::support::pause_clock();
    let (_, link) = game_with_link(&site).await;
    tokio::time::advance(Duration::from_secs(12)).await;
    let reply = site.service.handle(cmd("alice", mv("c"))).await;
    assert!(!reply.private, "{}", reply.text);
    tokio::time::advance(Duration::from_secs(3 * 60 + 5)).await;
    let reply = site.service.handle(cmd("bob", mv("d"))).await;
    assert!(!reply.private, "{}", reply.text);
    let html = get(&link).await.text();
    assert!(
        html.contains(r#">C <small class="t">12 s</small></a>"#),
        "{html}"
    );
    assert!(
        html.contains(r#">d <small class="t">3 min 5 s</small></a>"#),
        "{html}"
    );
    // The live page has them too, to rebuild its list.
    let mut events = Events::open(&format!("{link}/live")).await;
    let state: serde_json::Value =
        serde_json::from_str(&events.next().await.expect("the state now")).unwrap();
    assert_eq!(state["times"], serde_json::json!(["12 s", "3 min 5 s"]));
}
