//! "Ask the engine" on a game's page, over real HTTP: the engine's view of the
//! position shown (the game's at a move, or a study's), a best move the rules
//! allow there and a link that tries its line, a resigned game's last position
//! too; and each client's rate (a burst of 5, then 429 with `Retry-After`),
//! which another client does not share.

use oware_bot::rules::{Game, Pit, Variant};

use crate::http::send_form;
use crate::pages::game_with_link;
use crate::support::{cmd, mv};
use crate::Site;

/// `GET url` as the client at `address` (behind the loopback proxy).
async fn ask(url: &str, address: &str) -> crate::http::Got {
    send_form("GET", url, &[("x-forwarded-for", address)], "").await
}

/// The best move the engine's line names in `html`.
fn best(html: &str) -> Pit {
    let at = html
        .find("Best: ")
        .unwrap_or_else(|| panic!("a best move in {html}"))
        + 6;
    html[at..]
        .chars()
        .next()
        .and_then(Pit::from_letter)
        .unwrap_or_else(|| panic!("a pit letter in {html}"))
}

#[tokio::test]
async fn the_engine_values_the_position_shown_and_its_move_is_legal_there() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    for (author, pit) in [("alice", "C"), ("bob", "d")] {
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    // The page links to it, keeping the move shown.
    let page = ask(&link, "198.51.100.1").await.text();
    assert!(page.contains("/engine?ply=2"), "{page}");
    // At the start: South to move, a South pit.
    let got = ask(&format!("{link}/engine?ply=0"), "198.51.100.1").await;
    assert_eq!(got.status, 200, "{}", got.text());
    assert_eq!(got.header("cache-control"), "no-store");
    let html = got.text();
    assert!(html.contains(r#"id="engine""#), "{html}");
    assert!(html.contains("moves deep"), "{html}");
    // The bar says it to the eye: South's share, about even at the start.
    let at = html.find(r#"class="evalbar""#).expect("the evaluation bar");
    let width: f64 = html[at..]
        .split("width:")
        .nth(1)
        .and_then(|w| w.split('%').next())
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("its width in {html}"));
    assert!((40.0..=60.0).contains(&width), "{width}% at the start");
    let start = Game::new(Variant::Abapa);
    assert!(start.legal_moves().contains(best(&html)), "{html}");
    // Its line, tried on the study board from the same move.
    assert!(
        html.contains(&format!("?ply=0&amp;try={}", best(&html).letter())),
        "{html}"
    );
    // After C d, on a study of one more move (A): North to move, a North pit.
    let got = ask(&format!("{link}/engine?ply=2&try=A"), "198.51.100.1").await;
    assert_eq!(got.status, 200, "{}", got.text());
    let html = got.text();
    let studied = Game::from_moves(
        Variant::Abapa,
        &"CdA"
            .chars()
            .filter_map(Pit::from_letter)
            .collect::<Vec<_>>(),
    )
    .expect("legal moves");
    assert!(studied.legal_moves().contains(best(&html)), "{html}");
    assert!(best(&html).letter().is_ascii_lowercase(), "{html}");
    // A game that does not exist.
    let missing = ask(
        &format!("{}/engine", &link[..link.len() - 3]),
        "198.51.100.1",
    )
    .await;
    assert_eq!(missing.status, 404);
}

#[tokio::test]
async fn a_resigned_games_last_position_is_still_searched() {
    // Whether the resignation was too soon is a fair question: the rules did not
    // end the game there, so the engine searches it (as the review does).
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let resign = oware_bot::service::Action::Resign {
        game: None,
        confirmed: true,
    };
    site.service.handle(cmd("alice", resign)).await;
    let got = ask(&format!("{link}/engine"), "198.51.100.2").await;
    assert_eq!(got.status, 200, "{}", got.text());
    let html = got.text();
    assert!(html.contains("moves deep"), "{html}");
    assert!(
        Game::new(Variant::Abapa)
            .legal_moves()
            .contains(best(&html)),
        "{html}"
    );
}

#[tokio::test]
async fn each_client_asks_at_its_own_bounded_rate() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let url = format!("{link}/engine?ply=0");
    for n in 0..5 {
        let got = ask(&url, "203.0.113.7").await;
        assert_eq!(got.status, 200, "ask {n}: {}", got.text());
    }
    let refused = ask(&url, "203.0.113.7").await;
    assert_eq!(refused.status, 429, "{}", refused.text());
    let wait: u64 = refused.header("retry-after").parse().expect("a wait");
    assert!((1..=6).contains(&wait), "{wait}");
    assert!(
        refused.text().contains("ask again in"),
        "{}",
        refused.text()
    );
    // Another client is not held back by the first.
    assert_eq!(ask(&url, "203.0.113.8").await.status, 200);
}
