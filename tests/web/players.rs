//! A player's page: their rating charts (games in public places only), their
//! puzzle rating, and their games, each with how it went for them.

use oware_bot::service::{Action, GameId, Platform, Speed};

use crate::http::get;
use crate::places::{daily_puzzle, make_public};
use crate::support::{cmd, place, place_at, play_plies, rated_win, start_game_at, timed};
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

/// The `<li>` of the player page `html` that links game page `slug`.
fn game_line<'a>(html: &'a str, slug: &str) -> &'a str {
    let link = format!(r#"href="/g/{slug}""#);
    html.split("<li>")
        .find(|item| item.contains(&link))
        .map(|item| item.split("</li>").next().unwrap())
        .unwrap_or_else(|| panic!("no line links {link} in {html}"))
}

/// The page slug of game `game`.
async fn slug(site: &Site, game: GameId) -> String {
    site.db
        .store()
        .pages()
        .web_slug(game)
        .await
        .unwrap()
        .expect("a game page")
}

#[tokio::test]
async fn a_player_page_tells_each_game_with_its_result_for_them_score_date_and_number() {
    let site = Site::on_test_clock().await;
    make_public(&site).await;
    let here = place();
    // Bob resigns (seeds decided nothing), a game is aborted, Bob runs out of time,
    // and a fourth goes on.
    let (resigned, _) = rated_win(&site.service, &here, "alice", "bob").await;
    let resigned = GameId::new(resigned);
    let aborted = start_game_at(&site.service, &here, "alice", "bob", Default::default()).await;
    let answer = site
        .service
        .handle(cmd(
            "bob",
            Action::Abort {
                game: Some(aborted),
            },
        ))
        .await;
    assert!(answer.text.contains("aborted"), "{}", answer.text);
    crate::support::pause_clock();
    let timed_out = start_game_at(&site.service, &here, "alice", "bob", timed("1+0")).await;
    play_plies(&site.service, &here, timed_out, ["alice", "bob"], 3).await;
    tokio::time::advance(std::time::Duration::from_secs(61)).await;
    site.service.ops().run_due_jobs().await;
    let row = site.db.game(timed_out).await;
    assert!(!row.is_active(), "bob ran out of time");
    let playing = start_game_at(&site.service, &here, "alice", "bob", Default::default()).await;

    for (who, expected) in [
        (
            "alice",
            [
                (resigned, "won by resignation"),
                (aborted, "aborted, no result"),
                (timed_out, "won on time"),
                (playing, "still being played"),
            ],
        ),
        (
            "bob",
            [
                (resigned, "lost by resignation"),
                (aborted, "aborted, no result"),
                (timed_out, "lost on time"),
                (playing, "still being played"),
            ],
        ),
    ] {
        let html = get(&site.player_page(who).await).await.text();
        for (game, result) in expected {
            let row = site.db.game(game).await;
            let line = game_line(&html, &slug(&site, game).await);
            let (year, month, day) = oware_bot::play::when::date(row.created_at);
            let date = format!("{year}-{month:02}-{day:02}");
            let score = format!(
                "alice {}\u{a0}–\u{a0}{} bob",
                row.south.score, row.north.score
            );
            for shown in [
                format!(">Game #{game}</a>"),
                format!(r#"<time datetime="{date}T"#),
                format!(">{date}</time>"),
                score,
                format!("<strong>{result}</strong>"),
            ] {
                assert!(line.contains(&shown), "{who}: {shown} in {line}");
            }
        }
    }

    // In French when Bob chose French for himself.
    let mine = Action::MySettings {
        changes: vec![("language".into(), "fr".into())],
    };
    let reply = site.service.handle(cmd("bob", mine)).await;
    assert!(reply.text.contains("language:fr"), "{}", reply.text);
    let html = get(&site.player_page("bob").await).await.text();
    for (game, result) in [
        (resigned, "perdue par abandon"),
        (aborted, "annulée, sans résultat"),
        (timed_out, "perdue au temps"),
    ] {
        let line = game_line(&html, &slug(&site, game).await);
        assert!(
            line.contains(&format!(">Partie n° {game}</a>"))
                && line.contains(&format!("<strong>{result}</strong>")),
            "{line}"
        );
    }
}

#[tokio::test]
async fn a_game_page_shows_what_it_did_to_the_ratings_and_links_the_players_when_public() {
    use oware_bot::service::IdentityId;
    let site = Site::new().await;
    let (game, resigned) = rated_win(&site.service, &place(), "alice", "bob").await;
    let link = crate::link_in(&resigned.text).expect("the game's link");
    let changes = site
        .db
        .store()
        .people()
        .game_rating_changes(GameId::new(game))
        .await
        .unwrap();
    let html = get(&link).await.text();
    for (who, sign) in [("alice", "+"), ("bob", "\u{2212}")] {
        let (before, after) = changes[&IdentityId::new(site.identity(who).await)];
        let (before, after) = (before.round(), after.round());
        let line = format!(
            "{before} \u{2192} {after} ({sign}{})",
            (after - before).abs()
        );
        assert!(html.contains(&line), "{who}: {line} in {html}");
    }
    // Unlisted, the page links nobody's page (it would reveal it to whoever has
    // the game's link).
    assert!(!html.contains("href=\"/u/"), "{html}");
    make_public(&site).await;
    let html = get(&link).await.text();
    for who in ["alice", "bob"] {
        let page = site.player_page(who).await;
        let path = page.strip_prefix(&site.base).unwrap();
        assert!(
            html.contains(&format!("<a href=\"{path}\">{who}</a>")),
            "{path} in {html}"
        );
        assert_eq!(get(&page).await.status, 200);
    }
}
