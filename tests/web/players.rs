//! A player's page: their rating charts (games in public places only) and their
//! puzzle rating.

use oware_bot::service::{Action, Platform, Speed};

use crate::http::get;
use crate::places::{daily_puzzle, make_public};
use crate::support::{cmd, place, place_at, rated_win};
use crate::Site;

#[tokio::test]
async fn a_player_page_charts_their_public_ratings_and_shows_their_puzzle_rating() {
    let site = Site::new().await;
    make_public(&site).await;
    for _ in 0..2 {
        rated_win(&site.service, &place(), "alice", "bob").await;
    }
    // A rated game in a room whose pages are unlisted is not charted.
    let elsewhere = place_at(Platform::Console, None, "back-room");
    rated_win(&site.service, &elsewhere, "alice", "bob").await;
    let alice = site.identity("alice").await;
    let history = site
        .db
        .store()
        .people()
        .rating_history(
            oware_bot::service::IdentityId::new(alice),
            Speed::Correspondence,
        )
        .await
        .unwrap();
    assert_eq!(history.len(), 3, "{history:?}");

    let page = site.player_page("alice").await;
    // The place's leaderboard links her page at its slug.
    let place = get(&format!("{}/p/console/console", site.base))
        .await
        .text();
    let path = page.strip_prefix(&site.base).unwrap();
    assert!(place.contains(&format!("href=\"{path}\"")), "{place}");
    let html = get(&page).await.text();
    let text = format!(
        "Correspondence rating over 2 rated games: from {:.0} to {:.0}.",
        history[0].0, history[1].0
    );
    assert!(html.contains("<h2>Rating history</h2>"), "{html}");
    assert!(html.contains(&format!(r#"aria-label="{text}""#)), "{html}");
    assert!(html.contains(&format!("<title>{text}</title>")), "{html}");
    assert_eq!(html.matches("<polyline").count(), 1, "{html}");
    assert!(!html.contains("<script"), "no script: {html}");
    assert!(!html.contains("Puzzles:"), "no puzzle answered yet: {html}");

    daily_puzzle(&site).await;
    let solved = site
        .service
        .handle(cmd(
            "alice",
            Action::Solve {
                pit: "C".parse().expect("a pit letter"),
                puzzle: None,
            },
        ))
        .await;
    assert!(solved.text.contains("C"), "{}", solved.text);
    let stats = site
        .db
        .store()
        .learning()
        .puzzle_stats(Platform::Console, "alice")
        .await
        .unwrap()
        .expect("a puzzle rating");
    let html = get(&page).await.text();
    let line = format!("Puzzles: rating {:.0}", stats.rating);
    assert!(html.contains(&line), "{line} in {html}");
    assert!(html.contains("1 solved of 1"), "{html}");
}
