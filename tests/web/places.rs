//! The pages of places whose pages are public: a place's leaderboard and games in
//! progress, its players' pages, and its daily puzzle.

use oware_bot::service::{Action, Format, Role, TournamentAction, TournamentOptions};

use crate::http::get;
use crate::pages::{decode_png, game_with_link};
use crate::support::cmd;
use crate::{link_in, Site};

/// An admin makes the console's pages public.
async fn make_public(site: &Site) {
    let reply = site
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
    assert!(reply.text.contains("public"), "{}", reply.text);
}

#[tokio::test]
async fn a_public_place_has_a_leaderboard_page_with_its_live_games() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let place = format!("{}/p/console/console", site.base);
    // Unlisted (the default): no place page, and the leaderboard does not link one.
    assert_eq!(get(&place).await.status, 404);
    let board = Action::Leaderboard {
        global: false,
        page: 1,
        speed: None,
    };
    let reply = site.service.handle(cmd("alice", board.clone())).await;
    assert!(link_in(&reply.text).is_none(), "{}", reply.text);

    make_public(&site).await;
    let reply = site.service.handle(cmd("alice", board)).await;
    let linked = link_in(&reply.text).unwrap_or_else(|| panic!("no link: {}", reply.text));
    assert!(linked.starts_with(&place), "{linked}");
    let page = get(&linked).await;
    assert_eq!(page.status, 200);
    let html = page.text();
    let slug = link.rsplit('/').next().unwrap();
    assert!(html.contains(&format!("/g/{slug}")), "{html}");
    assert!(html.contains("alice") && html.contains("bob"), "{html}");
    assert!(!html.contains("Tournaments"), "{html}");

    // Its tournaments, with their standings.
    let created = site
        .service
        .handle(
            cmd(
                "mod",
                Action::Tournament(TournamentAction::Create(TournamentOptions {
                    name: "Autumn Cup".to_owned(),
                    format: Some(Format::RoundRobin),
                    ..TournamentOptions::default()
                })),
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(!created.private, "{}", created.text);
    for who in ["carol", "dave"] {
        let joined = site
            .service
            .handle(cmd(who, Action::Tournament(TournamentAction::Join(None))))
            .await;
        assert!(!joined.private, "{}", joined.text);
    }
    let html = get(&linked).await.text();
    assert!(
        html.contains("Autumn Cup") && html.contains("carol"),
        "{html}"
    );
    assert_eq!(get(&format!("{place}?speed=fast")).await.status, 404);
    assert_eq!(
        get(&format!("{}/p/nowhere/console", site.base))
            .await
            .status,
        404
    );
}

#[tokio::test]
async fn a_player_page_lists_only_games_of_public_places() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let alice = site
        .service
        .store()
        .identity_of("console", "alice")
        .await
        .unwrap()
        .expect("alice played");
    let page = format!("{}/u/{alice}", site.base);
    // Her only game is in an unlisted place: no page.
    assert_eq!(get(&page).await.status, 404);
    assert_eq!(get(&format!("{}/u/999999", site.base)).await.status, 404);
    assert_eq!(get(&format!("{}/u/x", site.base)).await.status, 404);
    make_public(&site).await;
    let got = get(&page).await;
    assert_eq!(got.status, 200);
    let html = got.text();
    let slug = link.rsplit('/').next().unwrap();
    assert!(
        html.contains("alice") && html.contains(&format!("/g/{slug}")),
        "{html}"
    );
}

#[tokio::test]
async fn a_public_place_shows_its_daily_puzzle_with_the_solution_behind_a_button() {
    use oware_bot::rules::{Game, Pit, Variant};
    use oware_bot::store::{NewPuzzle, PuzzleGoal};
    let site = Site::new().await;
    let page = format!("{}/p/console/console/puzzle", site.base);
    assert_eq!(get(&page).await.status, 404, "unlisted: no page");
    make_public(&site).await;
    let none = get(&page).await;
    assert_eq!(none.status, 200);
    assert!(
        none.text().contains("/oware puzzle daily"),
        "{}",
        none.text()
    );
    assert_eq!(get(&format!("{page}.png")).await.status, 404);

    let c = Pit::from_letter('C').unwrap();
    let puzzle = NewPuzzle {
        source: "tables",
        game_id: None,
        ply: None,
        position: Game::new(Variant::Abapa).position(),
        solution: c,
        line: vec![c],
        goal: PuzzleGoal::Seeds(2),
    };
    site.service
        .store()
        .insert_puzzles(&[puzzle], site.service.now())
        .await
        .unwrap();
    let daily = site
        .service
        .handle(cmd("alice", Action::Puzzle { daily: true }))
        .await;
    assert!(!daily.private, "{}", daily.text);
    let html = get(&page).await.text();
    assert!(
        html.contains("<details>") && html.contains("<summary>"),
        "{html}"
    );
    assert!(html.contains("Play C"), "{html}");
    let picture = get(&format!("{page}.png")).await;
    assert_eq!(picture.status, 200);
    decode_png(&picture.body);
}
