//! Public pages never write (issue 48): a game's slug is given when the game
//! starts and a player's with their row, so reading every public page leaves the
//! database as it was.

use oware_bot::service::Platform;

use crate::http::{get, Events};
use crate::pages::game_with_link;
use crate::places::{daily_puzzle, make_public};
use crate::support::{place, rated_win, start_game_at};
use crate::Site;

/// What the database holds, as far as a page could change it: the slugs of every
/// game and player, row counts, and (on SQLite) the file's data version as one
/// connection of its own sees it, which moves with any other connection's commit.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    games: Vec<(i64, Option<String>)>,
    players: Vec<(i64, Option<String>)>,
    counts: Vec<i64>,
    data_version: Option<i64>,
}

async fn snapshot(conn: &mut sqlx::AnyConnection, sqlite: bool) -> Snapshot {
    let games = sqlx::query_as("SELECT id, web_slug FROM games ORDER BY id")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let players = sqlx::query_as("SELECT id, web_slug FROM players ORDER BY id")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let mut counts = Vec::new();
    for table in [
        "games", "players", "moves", "settings", "outbox", "jobs", "inbox", "ratings",
    ] {
        let count: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                .fetch_one(&mut *conn)
                .await
                .unwrap();
        counts.push(count);
    }
    let data_version = if sqlite {
        Some(
            sqlx::query_scalar("PRAGMA data_version")
                .fetch_one(&mut *conn)
                .await
                .unwrap(),
        )
    } else {
        None
    };
    Snapshot {
        games,
        players,
        counts,
        data_version,
    }
}

#[tokio::test]
async fn reading_every_public_page_writes_nothing() {
    use sqlx::Connection;
    let site = Site::new().await;
    make_public(&site).await;
    rated_win(&site.service, &place(), "alice", "bob").await;
    let (_, link) = game_with_link(&site).await;
    // A game in a place with unlisted pages, on another platform's room.
    let elsewhere = crate::support::place_at(Platform::Console, None, "back-room");
    start_game_at(
        &site.service,
        &elsewhere,
        "carol",
        "dave",
        Default::default(),
    )
    .await;
    daily_puzzle(&site).await;
    let alice = site.player_page("alice").await;

    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&site.db.url).await.unwrap();
    let sqlite = site.db.url.starts_with("sqlite:");
    let before = snapshot(&mut conn, sqlite).await;
    assert!(
        before.games.iter().all(|(_, slug)| slug.is_some()),
        "every game has its slug from its start: {:?}",
        before.games
    );
    assert!(
        before.players.iter().all(|(_, slug)| slug.is_some()),
        "every player has a page slug: {:?}",
        before.players
    );

    let base = &site.base;
    let mut pages = vec![
        format!("{base}/"),
        link.clone(),
        format!("{link}?ply=1"),
        format!("{link}/board.png"),
        format!("{link}/board.png?ply=0"),
        format!("{link}/alt?ply=0"),
        format!("{link}/record.txt"),
        format!("{link}/review.png"),
        format!("{base}/p/console/console"),
        format!("{base}/p/console/console?speed=live"),
        format!("{base}/p/console/console/puzzle"),
        format!("{base}/p/console/console/puzzle.png"),
        format!("{base}/p/console/back-room"),
        format!("{base}/p/discord/123456789012345678"),
        format!("{base}/p/matrix/%21room%3Aexample.org"),
        alice.clone(),
        format!("{base}/u/1"),
        format!("{base}/u/aaaaaaaaaaaaaaaa"),
        format!("{base}/g/aaaaaaaaaaaaaaaa"),
        format!("{base}/healthz"),
    ];
    // The games the pages list, each read too.
    for listing in [format!("{base}/p/console/console"), alice] {
        let html = get(&listing).await.text();
        for part in html.split("href=\"/g/").skip(1) {
            let slug: String = part.chars().take_while(|c| *c != '"').collect();
            pages.push(format!("{base}/g/{slug}"));
            pages.push(format!("{base}/g/{slug}/board.png"));
        }
    }
    for page in &pages {
        let got = get(page).await;
        assert!(got.status < 500, "{page}: {}", got.status);
    }
    let mut live = Events::open(&format!("{link}/live")).await;
    assert!(live.next().await.is_some(), "the live page's first state");
    drop(live);

    let after = snapshot(&mut conn, sqlite).await;
    assert_eq!(before, after, "a page wrote to the database");
}

/// Games and players from before slugs were given at creation get theirs once,
/// when the store opens, not when a page is first read.
#[tokio::test]
async fn rows_without_a_slug_get_one_when_the_store_opens() {
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    site.db
        .execute("UPDATE games SET web_slug = NULL WHERE id > 0")
        .await;
    site.db
        .execute("UPDATE players SET web_slug = NULL WHERE id > 0")
        .await;
    assert_eq!(get(&link).await.status, 404, "the old slug is gone");
    let store = oware_bot::store::Store::open(&site.db.url).await.unwrap();
    let slug = store
        .pages()
        .web_slug(oware_bot::service::GameId::new(game))
        .await
        .unwrap()
        .expect("a new slug");
    assert!(oware_bot::store::plausible_slug(&slug), "{slug}");
    assert_eq!(
        site.db
            .count("SELECT COUNT(*) FROM players WHERE web_slug IS NULL")
            .await,
        0
    );
    assert_eq!(get(&format!("{}/g/{slug}", site.base)).await.status, 200);
}

/// Thousands of addresses naming no place (well-formed ids of places that do not
/// exist, and keys no place could have) are answered 404 and leave nothing in the
/// settings cache; a public place is still served.
#[tokio::test]
async fn addresses_of_places_that_do_not_exist_leave_the_settings_cache_as_it_was() {
    let site = Site::new().await;
    make_public(&site).await;
    assert_eq!(
        get(&format!("{}/p/console/console", site.base))
            .await
            .status,
        200
    );
    let kept = site.service.ops().settings_cached();
    let long = "7".repeat(4_000);
    for i in 0..2_000_u64 {
        let key = match i % 4 {
            0 => format!("discord/{}", 100_000_000_000_000_000 + i),
            1 => format!("matrix/%21room{i}%3Aexample.org"),
            2 => format!("console/room-{i}"),
            _ => format!("discord/{long}{i}"),
        };
        let got = get(&format!("{}/p/{key}", site.base)).await;
        assert_eq!(got.status, 404, "{key}");
    }
    // None kept: the place that exists may have left meanwhile (its entry lives
    // 30 s), but none came.
    assert!(site.service.ops().settings_cached() <= kept);
    assert_eq!(
        get(&format!("{}/p/console/console", site.base))
            .await
            .status,
        200
    );
}
