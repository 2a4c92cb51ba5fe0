//! Ratings per speed (issue 29): a live game (a live clock, or under a day a move)
//! changes only live ratings and a correspondence game only correspondence ones; the
//! leaderboard, stats and a challenge show one speed's ratings; linking accounts
//! merges each speed apart; and migration 25 carries today's ratings over to both.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::borrow::Cow;

use crate::support::{cmd_at, place, place_at, play_plies, start_game_at, timed, TempDb};
use oware_bot::{
    service::{Action, ChallengeOptions, LinkCode, Place, Platform, Reply, Service, Speed},
    store::{RatingRow, Scope, Store},
};

/// `winner` challenges `loser` with `options`, both play 10 moves, `loser` resigns.
async fn win(
    service: &Service,
    here: &Place,
    winner: &str,
    loser: &str,
    options: ChallengeOptions,
) -> Reply {
    let game = start_game_at(service, here, winner, loser, options).await;
    play_plies(service, here, game, [winner, loser], 10).await;
    let reply = service
        .handle(cmd_at(
            here,
            loser,
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.private, "resign refused: {}", reply.text);
    reply
}

async fn rating(store: &Store, here: &Place, who: &str, speed: Speed) -> Option<RatingRow> {
    let identity = store
        .people()
        .identity_of(here.platform, who)
        .await
        .unwrap()?;
    store.people().rating(identity, speed).await.unwrap()
}

fn leaderboard(speed: Option<Speed>) -> Action {
    Action::Leaderboard {
        global: false,
        page: 1,
        speed,
    }
}

fn ranked(reply: &Reply) -> Vec<&str> {
    reply.text.lines().filter(|l| l.contains(". **")).collect()
}

#[tokio::test]
async fn a_live_game_changes_only_live_ratings_and_a_correspondence_game_only_those() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let live = win(&service, &here, "alice", "bob", timed("5+3")).await;
    assert!(
        live.text.contains("Live ratings: alice 1500? → "),
        "{}",
        live.text
    );
    for who in ["alice", "bob"] {
        let row = rating(&db.store(), &here, who, Speed::Live).await.unwrap();
        assert_eq!((row.games, row.speed), (1, Speed::Live));
        assert_eq!(
            rating(&db.store(), &here, who, Speed::Correspondence).await,
            None
        );
    }
    // Twelve hours a move is live too; a day a move is correspondence.
    win(&service, &here, "alice", "bob", timed("12h")).await;
    let corr = win(&service, &here, "bob", "alice", timed("1d")).await;
    assert!(
        corr.text.contains("Correspondence ratings: bob 1500? → "),
        "{}",
        corr.text
    );
    let alice_live = rating(&db.store(), &here, "alice", Speed::Live)
        .await
        .unwrap();
    assert_eq!((alice_live.games, alice_live.wins), (2, 2));
    let alice_corr = rating(&db.store(), &here, "alice", Speed::Correspondence)
        .await
        .unwrap();
    assert_eq!((alice_corr.games, alice_corr.losses), (1, 1));
    // Each speed's history is its own.
    let store = db.store();
    let alice = store
        .people()
        .identity_of(Platform::Console, "alice")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store
            .people()
            .rating_history(alice, Speed::Live)
            .await
            .unwrap()
            .len(),
        2
    );
    let corr_history = store
        .people()
        .rating_history(alice, Speed::Correspondence)
        .await
        .unwrap();
    assert_eq!(corr_history, [(alice_corr.rating, alice_corr.deviation)]);
}

#[tokio::test]
async fn the_leaderboard_ranks_one_speed_correspondence_unless_asked() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place_at(Platform::Discord, Some("s1"), "general");
    win(&service, &here, "alice", "bob", timed("5+3")).await;
    win(
        &service,
        &here,
        "carol",
        "dave",
        ChallengeOptions::default(),
    )
    .await;
    let default = service
        .handle(cmd_at(&here, "bob", leaderboard(None)))
        .await;
    let lines = ranked(&default);
    assert_eq!(lines.len(), 2, "{}", default.text);
    assert!(lines[0].starts_with("1. **carol**") && lines[1].starts_with("2. **dave**"));
    assert!(
        default
            .text
            .contains("(this server, correspondence ratings)")
            && default
                .text
                .contains("Live games: `/oware leaderboard speed:live`."),
        "{}",
        default.text
    );
    let live = service
        .handle(cmd_at(&here, "bob", leaderboard(Some(Speed::Live))))
        .await;
    let lines = ranked(&live);
    assert_eq!(lines.len(), 2, "{}", live.text);
    assert!(lines[0].starts_with("1. **alice**") && lines[1].starts_with("2. **bob**"));
    assert!(
        live.text.contains("live ratings")
            && live
                .text
                .contains("Correspondence games: `/oware leaderboard speed:correspondence`."),
        "{}",
        live.text
    );
    let store = db.store();
    let (rows, total) = store
        .people()
        .leaderboard(Scope::Global, Speed::Live, 10, 0)
        .await
        .unwrap();
    assert_eq!(total, 2);
    assert!(rows.iter().all(|r| r.speed == Speed::Live));
    // Nobody live elsewhere: the empty board names its speed and the other one.
    let elsewhere = place_at(Platform::Discord, Some("s2"), "general");
    win(
        &service,
        &elsewhere,
        "erin",
        "fred",
        ChallengeOptions::default(),
    )
    .await;
    let empty = service
        .handle(cmd_at(&elsewhere, "erin", leaderboard(Some(Speed::Live))))
        .await;
    assert!(
        empty
            .text
            .contains("Nobody has finished a rated live game on this server yet.")
            && empty.text.contains("speed:correspondence"),
        "{}",
        empty.text
    );
}

#[tokio::test]
async fn the_leaderboards_next_page_keeps_its_speed() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place_at(Platform::Discord, Some("s3"), "ladder");
    for i in 0..6 {
        win(
            &service,
            &here,
            &format!("w{i}"),
            &format!("l{i}"),
            timed("10m"),
        )
        .await;
    }
    let page1 = service
        .handle(cmd_at(&here, "w0", leaderboard(Some(Speed::Live))))
        .await;
    assert_eq!(ranked(&page1).len(), 10, "{}", page1.text);
    assert!(
        page1
            .text
            .contains("Next page: `/oware leaderboard speed:live page:2`."),
        "{}",
        page1.text
    );
}

#[tokio::test]
async fn stats_show_both_speeds_or_the_one_asked_for() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    win(&service, &here, "alice", "bob", timed("5+3")).await;
    let stats = |who: &str, speed| {
        service.handle(cmd_at(
            &here,
            "bob",
            Action::Stats {
                user: Some(crate::support::user(who)),
                speed,
            },
        ))
    };
    let both = stats("alice", None).await;
    assert!(!both.private, "{}", both.text);
    let lines: Vec<&str> = both.text.lines().collect();
    assert!(
        lines[0].starts_with("**alice**, correspondence: rating 1500? (no rated games yet)"),
        "{}",
        both.text
    );
    assert!(
        lines[1].starts_with("**alice**, live: rating ")
            && lines[1].contains("1 rated game: 1 won, 0 drawn, 0 lost"),
        "{}",
        both.text
    );
    // One chart: live, the only speed with games.
    assert_eq!(both.files.len(), 1);
    assert!(both.files[0].file_name.ends_with("-live.png"));
    assert!(
        both.files[0]
            .description
            .starts_with("Rating chart of alice (live) over 1 rated game"),
        "{}",
        both.files[0].description
    );
    let corr = stats("alice", Some(Speed::Correspondence)).await;
    assert!(
        corr.text
            .starts_with("**alice**, correspondence: rating 1500?")
            && !corr.text.contains("live:"),
        "{}",
        corr.text
    );
    assert!(corr.files.is_empty());
    win(&service, &here, "bob", "alice", ChallengeOptions::default()).await;
    let both = stats("alice", None).await;
    assert_eq!(both.files.len(), 2, "a chart for each speed");
    let live = stats("alice", Some(Speed::Live)).await;
    assert!(
        live.text.starts_with("**alice**, live: rating ") && !live.text.contains("correspondence:"),
        "{}",
        live.text
    );
    assert_eq!(live.files.len(), 1);
}

#[tokio::test]
async fn a_challenge_shows_the_ratings_of_its_speed() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    win(&service, &here, "alice", "bob", timed("5+3")).await;
    let alice = rating(&db.store(), &here, "alice", Speed::Live)
        .await
        .unwrap();
    assert!(alice.rating > 1500.0);
    let challenge = |options| {
        service.handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: crate::support::user("bob"),
                options,
            },
        ))
    };
    let live = challenge(timed("3+2")).await;
    let shown = format!("Live ratings: alice {}? and bob ", alice.rating.round());
    assert!(live.text.contains(&shown), "{shown} in {}", live.text);
    service
        .handle(cmd_at(&here, "alice", Action::Cancel { challenge: None }))
        .await;
    // At correspondence pace neither has played: both start at 1500.
    let corr = challenge(timed("3d")).await;
    assert!(
        corr.text
            .contains("Correspondence ratings: alice 1500? and bob 1500?."),
        "{}",
        corr.text
    );
}

/// The code in a `/oware link` reply.
fn code_of(reply: &Reply) -> String {
    assert!(reply.private && reply.secret, "{}", reply.text);
    reply
        .text
        .split('`')
        .nth(1)
        .expect("a code in backticks")
        .to_owned()
}

#[tokio::test]
async fn linking_keeps_at_each_speed_the_rating_with_more_games() {
    let db = TempDb::new();
    let service = db.service().await;
    let console = place();
    let discord = place_at(Platform::Discord, Some("guild"), "general");
    // Alice (console): two live games. Ally (Discord): one live, one correspondence.
    win(&service, &console, "alice", "bob", timed("5+3")).await;
    win(&service, &console, "alice", "carol", timed("5+3")).await;
    win(&service, &discord, "ally", "dan", timed("5+3")).await;
    win(
        &service,
        &discord,
        "ally",
        "eve",
        ChallengeOptions::default(),
    )
    .await;
    let ally_corr = rating(&db.store(), &discord, "ally", Speed::Correspondence)
        .await
        .unwrap();
    let alice_live = rating(&db.store(), &console, "alice", Speed::Live)
        .await
        .unwrap();
    let code = code_of(
        &service
            .handle(cmd_at(
                &console,
                "alice",
                Action::Link {
                    code: None,
                    confirmed: false,
                },
            ))
            .await,
    );
    let linked = service
        .handle(cmd_at(
            &discord,
            "ally",
            Action::Link {
                code: Some(LinkCode::new(code)),
                confirmed: true,
            },
        ))
        .await;
    assert!(
        linked.text.contains(
            "correspondence: kept ally (discord) (1 rated game), dropped the rating of \
             alice (console) (0 rated games)"
        ) && linked.text.contains(
            "live: kept alice (console) (2 rated games), dropped the rating of ally \
             (discord) (1 rated game)"
        ),
        "{}",
        linked.text
    );
    // Both accounts now show the same two ratings: Alice's live, Ally's correspondence.
    for (here, who) in [(&console, "alice"), (&discord, "ally")] {
        let live = rating(&db.store(), here, who, Speed::Live).await.unwrap();
        let corr = rating(&db.store(), here, who, Speed::Correspondence)
            .await
            .unwrap();
        assert_eq!(
            (live.rating, live.games, live.wins),
            (alice_live.rating, 2, 2)
        );
        assert_eq!(
            (corr.rating, corr.games, corr.wins),
            (ally_corr.rating, 1, 1)
        );
    }
    let store = db.store();
    let identity = store
        .people()
        .identity_of(Platform::Discord, "ally")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store
            .people()
            .rating_history(identity, Speed::Live)
            .await
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        store
            .people()
            .rating_history(identity, Speed::Correspondence)
            .await
            .unwrap()
            .len(),
        1
    );
    // Nothing is left under the identity that was dropped.
    let rows = db.count("SELECT count(*) FROM ratings").await;
    let history = db.count("SELECT count(*) FROM rating_history").await;
    // The merged identity (2), bob, carol, dan (live) and eve (correspondence).
    assert_eq!((rows, history), (6, 7));
}

/// Migration 25 copies today's ratings, and their history, to both speeds.
#[tokio::test]
async fn the_speed_migration_carries_todays_ratings_over_to_both() {
    use sqlx::Connection;
    let db = TempDb::new();
    sqlx::any::install_default_drivers();
    let url = if db.url.starts_with("sqlite:") {
        format!("{}?mode=rwc", db.url)
    } else {
        db.url.clone()
    };
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    let mut before = if db.url.starts_with("sqlite:") {
        sqlx::migrate!("./migrations/sqlite")
    } else {
        sqlx::migrate!("./migrations/postgres")
    };
    let all = before.migrations.to_vec();
    before.migrations = Cow::Owned(all.into_iter().filter(|m| m.version < 25).collect());
    before
        .run(&mut conn)
        .await
        .expect("the migrations before 25");
    for sql in [
        "INSERT INTO players (platform, user_id, name, created_at, updated_at)
         VALUES ('console', 'alice', 'alice', 0, 0), ('console', 'bob', 'bob', 0, 0)",
        "INSERT INTO games (platform, channel, south_id, north_id, variant, rated, advice,
             status, result, reason, south_score, north_score, ply, created_at, updated_at,
             time_control)
         VALUES ('console', 'console', 1, 2, 'abapa', TRUE, FALSE, 'finished', 'S',
             'resignation', 10, 4, 12, 0, 0, '5+3')",
        "INSERT INTO ratings (identity_id, rating, deviation, volatility, games, wins, draws,
             losses, seeds, streak, best_streak, updated_at)
         VALUES (1, 1662.0, 290.0, 0.06, 1, 1, 0, 0, 10, 1, 1, 0),
                (2, 1338.0, 290.0, 0.06, 1, 0, 0, 1, 4, 0, 0, 0)",
        "INSERT INTO rating_history (identity_id, game_id, before, rating, deviation,
             volatility, rated_at)
         VALUES (1, 1, 1500.0, 1662.0, 290.0, 0.06, 0), (2, 1, 1500.0, 1338.0, 290.0, 0.06, 0)",
    ] {
        sqlx::query(sql).execute(&mut conn).await.expect("old rows");
    }
    conn.close().await.unwrap();
    let service = db.service().await;
    let store = db.store();
    for speed in Speed::ALL {
        let alice = store
            .people()
            .rating(oware_bot::service::IdentityId::new(1), speed)
            .await
            .unwrap()
            .expect("carried over");
        assert_eq!(
            (
                alice.rating,
                alice.games,
                alice.wins,
                alice.seeds,
                alice.best_streak
            ),
            (1662.0, 1, 1, 10, 1),
            "{speed}"
        );
        assert_eq!(alice.speed, speed);
        let bob = store
            .people()
            .rating(oware_bot::service::IdentityId::new(2), speed)
            .await
            .unwrap()
            .expect("carried over");
        assert_eq!((bob.rating, bob.losses), (1338.0, 1), "{speed}");
        assert_eq!(
            store
                .people()
                .rating_history(oware_bot::service::IdentityId::new(1), speed)
                .await
                .unwrap(),
            [(1662.0, 290.0)],
            "{speed}"
        );
    }
    // Both leaderboards rank them, and the next game rates at its own speed only.
    let here = place();
    for speed in Speed::ALL {
        let board = service
            .handle(cmd_at(&here, "bob", leaderboard(Some(speed))))
            .await;
        let lines = ranked(&board);
        assert!(
            lines.len() == 2 && lines[0].starts_with("1. **alice** 1662?"),
            "{}",
            board.text
        );
    }
    win(&service, &here, "bob", "alice", timed("5+3")).await;
    assert_eq!(
        store
            .people()
            .rating(oware_bot::service::IdentityId::new(1), Speed::Live)
            .await
            .unwrap()
            .unwrap()
            .games,
        2
    );
    assert_eq!(
        store
            .people()
            .rating(
                oware_bot::service::IdentityId::new(1),
                Speed::Correspondence
            )
            .await
            .unwrap()
            .unwrap()
            .games,
        1
    );
}

#[tokio::test]
async fn an_empty_leaderboard_reads_as_a_sentence_and_suggests_a_game_of_its_speed() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = place();
    let server = place_at(Platform::Discord, Some("s1"), "general");
    let cases = [
        (
            &room,
            false,
            None,
            "correspondence game here yet",
            "`/oware play @someone` (3 days a move)",
        ),
        (
            &server,
            false,
            Some(Speed::Live),
            "live game on this server yet",
            "`/oware play @someone time:5+3`",
        ),
        (
            &server,
            true,
            None,
            "game on any server or network yet",
            "`/oware play @someone`",
        ),
    ];
    for (here, global, speed, says, suggests) in cases {
        let empty = service
            .handle(cmd_at(
                here,
                "alice",
                Action::Leaderboard {
                    global,
                    page: 1,
                    speed,
                },
            ))
            .await;
        assert!(
            empty.text.contains(says) && empty.text.contains(suggests),
            "{}",
            empty.text
        );
        assert!(!empty.text.contains("on here"), "{}", empty.text);
    }
}
