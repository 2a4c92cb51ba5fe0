//! The board a game's page draws in HTML, over real HTTP: each move's seeds, from
//! either seat, the mover's pits as the move form's buttons, and the study board
//! (`?try=`), which tries moves without changing the game.

use oware_bot::rules::{Game, Pit, Variant};

use crate::http::{get, send_form};
use crate::pages::game_with_link;
use crate::signin::{field, get_with, signed_in};
use crate::support::{cmd, mv};
use crate::Site;

/// The board's markup in `html`: from `id="board"` to the end of its element (its
/// second store, in the side drawn last).
fn board(html: &str) -> &str {
    let at = html
        .find(r#"<div id="board""#)
        .unwrap_or_else(|| panic!("a board in {html}"));
    let stores: Vec<usize> = html[at..]
        .match_indices("data-store=")
        .map(|(i, _)| i)
        .collect();
    let last = at + stores[1];
    let end = last + html[last..].find("</div>").expect("the board ends") + 6;
    &html[at..end]
}

/// The board's pits as drawn, left to right and top to bottom: `letter:seeds`.
fn pits(html: &str) -> Vec<String> {
    board(html)
        .split("data-pit=\"")
        .skip(1)
        .map(|cell| {
            let letter = &cell[..1];
            let seeds = cell.split("class=\"n\">").nth(1).expect("seeds");
            format!("{letter}:{}", &seeds[..seeds.find('<').expect("a number")])
        })
        .collect()
}

/// What the rules say the pits hold after `moves`, in the order drawn from South's
/// seat.
fn expected(moves: &str) -> Vec<String> {
    let played: Vec<Pit> = moves.chars().filter_map(Pit::from_letter).collect();
    let game = Game::from_moves(Variant::default(), &played).expect("legal moves");
    "fedcbaABCDEF"
        .chars()
        .map(|letter| {
            let pit = Pit::from_letter(letter).expect("a pit");
            format!("{letter}:{}", game.position().seeds(pit))
        })
        .collect()
}

fn letters(pits: &[String]) -> String {
    pits.iter().map(|p| &p[..1]).collect()
}

/// A game of Alice (South) and Bob (North) with `moves` played in chat.
async fn played(site: &Site, moves: &str) -> String {
    let (_, link) = game_with_link(site).await;
    for pit in moves.chars() {
        let author = if pit.is_ascii_uppercase() {
            "alice"
        } else {
            "bob"
        };
        let reply = site.service.handle(cmd(author, mv(&pit.to_string()))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    link
}

#[tokio::test]
async fn the_board_shows_each_moves_seeds_from_either_seat() {
    let site = Site::new().await;
    let link = played(&site, "CdAa").await;
    let html = get(&link).await.text();
    assert_eq!(pits(&html), expected("CdAa"));
    // The last move's pit and the side to move are marked; each pit is labelled.
    assert!(
        board(&html).contains(r#"class="pit last" data-pit="a""#),
        "{html}"
    );
    assert!(
        board(&html).contains(r#"<p class="side turn" data-side="S">"#),
        "{html}"
    );
    assert!(
        board(&html).contains(r#"aria-label="Pit a: 0 seeds""#),
        "{html}"
    );
    assert!(!html.contains("<img id=\"board\""), "no picture: {html}");
    // The preview keeps its picture.
    assert!(html.contains("/board.png?v="), "{html}");
    assert_eq!(get(&format!("{link}/board.png")).await.status, 200);
    for (ply, moves) in [(0, ""), (1, "C"), (2, "Cd"), (3, "CdA")] {
        let html = get(&format!("{link}?ply={ply}")).await.text();
        assert_eq!(pits(&html), expected(moves), "at move {ply}");
    }
    // The script's data: every position, the latest last.
    let json = html.split(r#"id="positions">"#).nth(1).expect("positions");
    let data: serde_json::Value =
        serde_json::from_str(&json[..json.find("</script>").unwrap()]).unwrap();
    assert_eq!(data["positions"].as_array().unwrap().len(), 5);
    assert_eq!(data["positions"][4][3], "a");

    // Flipped: North's row at the bottom, a to f; the links keep the seat.
    let flipped = get(&format!("{link}?ply=2&flip=1")).await.text();
    let from_north = pits(&flipped);
    assert_eq!(letters(&from_north), "FEDCBAabcdef");
    let mut from_south = expected("Cd");
    from_south.sort();
    let mut sorted = from_north.clone();
    sorted.sort();
    assert_eq!(sorted, from_south, "the same seeds");
    assert!(flipped.contains(r#"href="/g/"#) && flipped.contains("?ply=1&amp;flip=1"));
    assert!(flipped.contains(r#"data-tail="&amp;flip=1""#), "{flipped}");
    // Its own flip link goes back to South's seat.
    assert!(flipped.contains("?ply=2&amp;flip=0"), "{flipped}");
    let back = get(&format!("{link}?ply=2&flip=0")).await.text();
    assert_eq!(letters(&pits(&back)), "fedcbaABCDEF");
}

#[tokio::test]
async fn a_north_player_sees_the_board_from_north_and_presses_a_pit_of_it() {
    let site = Site::new().await;
    let link = played(&site, "C").await;
    let bob = signed_in(&site, "bob").await;
    let html = get_with(&link, &bob).await.text();
    assert_eq!(letters(&pits(&html)), "FEDCBAabcdef");
    // His row's pits are the form's buttons, and there are no others.
    let form = &html[html.find(r#"<form id="play""#).expect("the move form")..];
    let form = &form[..form.find("</form>").unwrap()];
    assert!(
        form.contains(r#"<div id="board""#),
        "the board is in the form"
    );
    assert_eq!(form.matches("<button").count(), 6, "{form}");
    assert_eq!(html.matches(r#"name="pit""#).count(), 6, "{html}");
    assert!(
        form.contains(r#"value="d" class="pit" data-pit="d" aria-label="Sow pit d, 4 seeds""#),
        "{form}"
    );
    // South's seat when he asks for it; no buttons on a move before the last.
    let south = get_with(&format!("{link}?flip=0"), &bob).await.text();
    assert_eq!(letters(&pits(&south)), "fedcbaABCDEF");
    assert!(south.contains(r#"<form id="play""#));
    let before = get_with(&format!("{link}?ply=0"), &bob).await.text();
    assert!(!before.contains(r#"<form id="play""#), "{before}");

    // Pressing pit d of the board posts the form: the move is played.
    let body = format!(
        "csrf={}&nonce={}&ply={}&pit=d",
        field(&html, "csrf"),
        field(form, "nonce"),
        field(&html, "ply")
    );
    let got = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &bob), ("origin", &site.base)],
        &body,
    )
    .await;
    assert_eq!(got.status, 303, "{}", got.text());
    assert_eq!(pits(&get(&link).await.text()), expected("Cd"));
}

#[tokio::test]
async fn moves_tried_show_a_study_and_change_nothing() {
    let site = Site::new().await;
    let link = played(&site, "Cd").await;
    let moves = || site.db.count("SELECT COUNT(*) FROM moves");
    // From move 1 (after C), North tries e, then South B.
    let got = get(&format!("{link}?ply=1&try=eB")).await;
    assert_eq!(got.status, 200);
    let html = got.text();
    assert_eq!(pits(&html), expected("CeB"));
    assert!(html.contains("Trying: e B, from move 1"), "{html}");
    assert!(
        html.contains(r#"id="status" aria-live="polite">bob to move"#),
        "{html}"
    );
    // North's legal pits link one move further; back to the game, or one try back.
    assert!(html.contains("?ply=1&amp;try=eBa"), "{html}");
    assert!(
        !html.contains("?ply=1&amp;try=eBA"),
        "South's pits are not links: {html}"
    );
    assert!(html.contains(r#"<a href="/g/"#) && html.contains("?ply=1\">back to the game</a>"));
    assert!(
        html.contains("?ply=1&amp;try=e\">take back the last one</a>"),
        "{html}"
    );
    // A study does not follow the game live, and carries no positions to step.
    assert!(html.contains(r#"data-live="0""#) && !html.contains(r#"id="positions""#));
    // None tried yet: the position shown, its mover's pits as links.
    let start = get(&format!("{link}?ply=0&try=")).await.text();
    assert_eq!(pits(&start), expected(""));
    assert_eq!(board(&start).matches("<a ").count(), 6, "{start}");
    assert!(start.contains("Trying moves from move 0"), "{start}");
    // Flipped, the study keeps its moves.
    let flipped = get(&format!("{link}?ply=1&try=eB&flip=1")).await.text();
    assert_eq!(letters(&pits(&flipped)), "FEDCBAabcdef");
    assert!(
        flipped.contains("?ply=1&amp;flip=1&amp;try=eBa"),
        "{flipped}"
    );

    // A move the rules refuse: said, with the board before it.
    let got = get(&format!("{link}?ply=1&try=eBB")).await;
    assert_eq!(got.status, 200);
    let html = got.text();
    assert_eq!(pits(&html), expected("CeB"));
    assert!(
        html.contains(r#"<p role="alert">Move 3 of those tried, B, was not played. That move is not allowed: "#),
        "{html}"
    );
    assert!(html.contains("B is South"), "{html}");
    // Not pit letters, or too many: 400, with why.
    let got = get(&format!("{link}?ply=1&try=e%3Cx")).await;
    assert_eq!(got.status, 400);
    assert!(
        got.text().contains("Moves to try are pit letters"),
        "{}",
        got.text()
    );
    assert_eq!(pits(&got.text()), expected("C"));
    let long = "Aa".repeat(101);
    let got = get(&format!("{link}?try={long}")).await;
    assert_eq!(got.status, 400);
    assert!(
        got.text().contains("At most 200 moves can be tried"),
        "{}",
        got.text()
    );
    // A signed-in player's study: links, not buttons, and the game unchanged.
    let alice = signed_in(&site, "alice").await;
    let mine = get_with(&format!("{link}?try=A"), &alice).await.text();
    assert!(!mine.contains(r#"<form id="play""#), "{mine}");
    assert_eq!(pits(&mine), expected("CdA"));
    assert_eq!(moves().await, 2);
    assert_eq!(pits(&get(&link).await.text()), expected("Cd"));
}

/// What overflows the page at the right, as `[scrollWidth, innerWidth]`, else
/// `null`.
const OVERFLOW: &str = "var d=document.documentElement;\
    return d.scrollWidth>window.innerWidth?[d.scrollWidth,window.innerWidth]:null";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_board_flips_and_tries_moves_by_its_links() {
    use serde_json::json;
    use std::time::Duration;
    let Some(browser) = crate::browser::Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let link = played(&site, "Cd").await;
    browser.resize(360).await;
    browser.open(&link).await;
    assert_eq!(browser.script(OVERFLOW).await, json!(null), "the board");
    let order = "return Array.from(document.querySelectorAll('#board [data-pit]'))\
                 .map(function(p){return p.dataset.pit}).join('')";
    assert_eq!(browser.script(order).await, "fedcbaABCDEF");
    // Stepped back to move 1 by the keyboard, then flipped: still move 1.
    browser
        .script("document.querySelector('a[data-step=prev]').click();return null")
        .await;
    browser
        .script("document.getElementById('flip').click();return null")
        .await;
    browser
        .until(order, json!("FEDCBAabcdef"), Duration::from_secs(5))
        .await;
    assert_eq!(
        browser
            .script("return document.querySelector('main').dataset.shown")
            .await,
        "1"
    );
    assert_eq!(browser.script(OVERFLOW).await, json!(null), "flipped");
    // Trying moves from there: North's pits are links; pressing e sows it.
    browser
        .script("document.getElementById('try').click();return null")
        .await;
    browser
        .until(
            "return document.querySelectorAll('#board a[data-pit]').length",
            json!(6),
            Duration::from_secs(5),
        )
        .await;
    browser
        .script("document.querySelector('#board a[data-pit=e]').click();return null")
        .await;
    browser
        .until(
            "var s=document.getElementById('study');return !!s&&s.textContent.includes('Trying: e, from move 1')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(
        browser.script(order).await,
        "FEDCBAabcdef",
        "the seat is kept"
    );
    let e = "return document.querySelector('#board [data-pit=e] .n').textContent";
    assert_eq!(browser.script(e).await, "0");
    assert_eq!(browser.script(OVERFLOW).await, json!(null), "the study");
    assert_eq!(site.db.count("SELECT COUNT(*) FROM moves").await, 2);
}
