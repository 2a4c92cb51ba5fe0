//! The pages of places whose pages are public: a place's leaderboard and games in
//! progress, its players' pages, and its daily puzzle.

use oware_bot::service::{Action, Format, Role, TournamentAction, TournamentOptions};

use crate::http::get;
use crate::pages::{decode_png, game_with_link};
use crate::support::cmd;
use crate::{link_in, Site};

/// Adds a puzzle (from the start, play C), and Alice asks for the daily one (it).
pub(crate) async fn daily_puzzle(site: &Site) {
    use oware_bot::rules::{Game, Pit, Variant};
    use oware_bot::store::{NewPuzzle, PuzzleGoal};
    let c = Pit::from_letter('C').unwrap();
    let puzzle = NewPuzzle {
        source: "tables",
        game_id: None,
        ply: None,
        position: Game::new(Variant::Abapa).position(),
        solution: c,
        line: vec![c, Pit::from_letter('d').unwrap()],
        goal: PuzzleGoal::Seeds(2),
    };
    site.db
        .store()
        .learning()
        .insert_puzzles(&[puzzle], site.service.now())
        .await
        .unwrap();
    let daily = site
        .service
        .handle(cmd("alice", Action::Puzzle { daily: true }))
        .await;
    assert!(!daily.private, "{}", daily.text);
}

/// An admin makes the console's pages public.
pub(crate) async fn make_public(site: &Site) {
    let reply = site.set("web", "public").await;
    assert!(reply.contains("public"), "{reply}");
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
    let alice = site.identity("alice").await;
    let page = site.player_page("alice").await;
    // Her only game is in an unlisted place: no page.
    assert_eq!(get(&page).await.status, 404);
    assert_eq!(get(&format!("{}/u/999999", site.base)).await.status, 404);
    assert_eq!(get(&format!("{}/u/x", site.base)).await.status, 404);
    make_public(&site).await;
    let got = get(&page).await;
    assert_eq!(got.status, 200);
    // Not at her enumerable number: only at her unguessable slug.
    assert_eq!(get(&format!("{}/u/{alice}", site.base)).await.status, 404);
    let html = got.text();
    let slug = link.rsplit('/').next().unwrap();
    assert!(
        html.contains("alice") && html.contains(&format!("/g/{slug}")),
        "{html}"
    );
}

#[tokio::test]
async fn a_public_place_shows_its_daily_puzzle_and_only_yesterdays_solution() {
    // The test moves the clock a day on: the pages must follow it.
    let site = Site::on_test_clock().await;
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

    daily_puzzle(&site).await;
    // Today's puzzle is live (answered and rated in chat today): no solution.
    let html = get(&page).await.text();
    assert!(html.contains("Puzzle #"), "{html}");
    assert!(!html.contains("Play C"), "today's solution shown: {html}");
    assert!(!html.contains("<details>"), "{html}");
    assert!(html.contains("shows here tomorrow"), "{html}");
    let picture = get(&format!("{page}.png")).await;
    assert_eq!(picture.status, 200);
    decode_png(&picture.body);

    // The next day, it is yesterday's: its solution is behind the button.
    crate::support::pause_clock();
    tokio::time::advance(std::time::Duration::from_secs(24 * 3600)).await;
    let html = get(&page).await.text();
    assert!(html.contains("Yesterday's puzzle #"), "{html}");
    assert!(
        html.contains("<details>") && html.contains("<summary>"),
        "{html}"
    );
    assert!(html.contains("Play C"), "{html}");
    assert!(
        html.contains("The line: C d."),
        "moves a space apart: {html}"
    );
    assert!(
        html.contains("/oware puzzle daily"),
        "no puzzle today yet: {html}"
    );
    assert_eq!(get(&format!("{page}.png")).await.status, 404);
}

/// A place set to French serves its place and puzzle pages in French; a player's
/// page follows the language they chose for themselves.
#[tokio::test]
async fn a_french_place_serves_its_pages_in_french() {
    let site = Site::new().await;
    game_with_link(&site).await;
    make_public(&site).await;
    site.set("language", "fr").await;

    let place = get(&format!("{}/p/console/console", site.base)).await;
    assert_eq!(place.status, 200);
    let html = place.text();
    assert!(html.contains(r#"<html lang="fr">"#), "{html}");
    assert!(html.contains("Parties en cours"), "{html}");
    assert!(html.contains("par correspondance"), "{html}");
    assert!(!html.contains("Games being played"), "{html}");

    let puzzle = get(&format!("{}/p/console/console/puzzle", site.base)).await;
    assert_eq!(puzzle.status, 200);
    let html = puzzle.text();
    assert!(html.contains(r#"<html lang="fr">"#), "{html}");
    assert!(html.contains("Le problème du"), "{html}");
    assert!(!html.contains("The puzzle of"), "{html}");
    // The day in words (« 28 novembre 2026 »), not as 2026-11-28.
    let title = html
        .split("<h1>")
        .nth(1)
        .and_then(|h| h.split("</h1>").next())
        .expect("a heading");
    assert!(
        title.contains(" 20") && !title.contains('-'),
        "the date in French words: {title}"
    );

    // A player's page: in the language of the place where they play (French
    // here), unless they chose one for themselves.
    let page = site.player_page("alice").await;
    let html = get(&page).await.text();
    assert!(html.contains(r#"<html lang="fr">"#), "{html}");
    assert!(html.contains("Parties dans les lieux publics"), "{html}");
    let mine = Action::MySettings {
        changes: vec![("language".into(), "en".into())],
    };
    let reply = site.service.handle(cmd("alice", mine)).await;
    assert!(reply.text.contains("`language:en`"), "{}", reply.text);
    let html = get(&page).await.text();
    assert!(html.contains(r#"<html lang="en">"#), "{html}");
    assert!(html.contains("Games in public places"), "{html}");
}

/// A running tournament's current round is on the place's page: who plays whom,
/// each board linked to its game's page, and the bye.
#[tokio::test]
async fn a_place_page_shows_the_pairings_of_the_current_round() {
    let site = Site::new().await;
    make_public(&site).await;
    let admin = |action| cmd("mod", Action::Tournament(action)).with_role(Role::Admin);
    let created = site
        .service
        .handle(admin(TournamentAction::Create(TournamentOptions {
            name: "Winter Cup".to_owned(),
            format: Some(Format::RoundRobin),
            ..TournamentOptions::default()
        })))
        .await;
    assert!(!created.private, "{}", created.text);
    for who in ["carol", "dave", "erin"] {
        let joined = site
            .service
            .handle(cmd(who, Action::Tournament(TournamentAction::Join(None))))
            .await;
        assert!(!joined.private, "{}", joined.text);
    }
    let place = format!("{}/p/console/console", site.base);
    let html = get(&place).await.text();
    assert!(
        !html.contains("This round's pairings"),
        "not started: {html}"
    );
    let started = site
        .service
        .handle(admin(TournamentAction::Start(None)))
        .await;
    assert!(!started.private, "{}", started.text);

    let html = get(&place).await.text();
    let at = html
        .find("This round's pairings")
        .unwrap_or_else(|| panic!("no pairings: {html}"));
    let pairings = &html[at..html[at..].find("</ol>").map_or(html.len(), |end| at + end)];
    assert_eq!(pairings.matches("<li>").count(), 2, "{pairings}");
    assert!(pairings.contains(": bye"), "{pairings}");
    let board = site
        .db
        .store()
        .tournaments()
        .tournament_boards(oware_bot::service::TournamentId::new(1))
        .await
        .unwrap()
        .into_iter()
        .find(|b| b.round == 1 && b.north.is_some())
        .expect("a board with a game");
    let game = site
        .db
        .store()
        .games()
        .game(board.game_id.expect("its game"))
        .await
        .unwrap()
        .unwrap();
    let slug = site
        .service
        .ops()
        .game_slug(game.id)
        .await
        .unwrap()
        .expect("the page's slug");
    let link = format!(
        r#"<a href="/g/{slug}">{} – {}</a>"#,
        game.south.name, game.north.name
    );
    assert!(pairings.contains(&link), "{link} in {pairings}");
    assert_eq!(get(&format!("{}/g/{slug}", site.base)).await.status, 200);
}
