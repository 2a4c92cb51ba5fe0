//! Ratings, the leaderboard, stats and history through the real service on a fresh
//! SQLite file each.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::{
    self, cmd, cmd_at, mv, place, place_at, play_plies, rated_win, start_game, start_game_at, user,
    winning_line, TempDb,
};
use oware_bot::{
    play::rating::{self, GameResult, Rating},
    rules::Side,
    service::{Action, ChallengeOptions, Platform, Speed},
};

fn stored(row: &oware_bot::store::RatingRow) -> Rating {
    Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

#[tokio::test]
async fn a_rated_win_updates_both_ratings_with_the_game() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let line = winning_line();
    assert!(line.len() >= rating::MIN_RATED_PLIES);
    let mut last = None;
    for (i, pit) in line.iter().enumerate() {
        let author = if i % 2 == 0 { "alice" } else { "bob" };
        last = Some(
            service
                .handle(cmd(author, mv(&pit.letter().to_string())))
                .await,
        );
    }
    let last = last.expect("moves");
    let store = db.store();
    let row = store.games().game(game).await.unwrap().unwrap();
    assert!(!row.is_active());
    let winner = row.state.ending().and_then(|e| e.winner);
    let (south, north) = rating::update(
        Rating::NEW,
        Rating::NEW,
        GameResult::for_side(winner, Side::South),
    );
    let alice = store
        .people()
        .rating(row.south.identity, Speed::Correspondence)
        .await
        .unwrap()
        .expect("alice is rated");
    let bob = store
        .people()
        .rating(row.north.identity, Speed::Correspondence)
        .await
        .unwrap()
        .expect("bob is rated");
    assert_eq!(stored(&alice), south);
    assert_eq!(stored(&bob), north);
    assert_eq!((alice.games, bob.games), (1, 1));
    assert_eq!(alice.wins + bob.wins, 1);
    assert_eq!(alice.losses + bob.losses, 1);
    assert_eq!(alice.seeds, row.south.score);
    assert_eq!(bob.seeds, row.north.score);
    let alice_history = store
        .people()
        .rating_history(row.south.identity, Speed::Correspondence)
        .await
        .unwrap();
    assert_eq!(alice_history, vec![(south.rating, south.deviation)]);
    // The result reply shows both changes, provisional ratings marked.
    let expected = format!(
        "alice 1500? → {}? ({:+})",
        south.label(1).trim_end_matches('?'),
        south.rating.round() as i64 - 1500
    );
    assert!(last.text.contains(&expected), "{expected} in {}", last.text);
    assert!(last.text.contains("bob 1500? → "), "{}", last.text);
}

#[tokio::test]
async fn ratings_change_exactly_once_when_both_players_resign_at_once() {
    let db = TempDb::new();
    let service = std::sync::Arc::new(db.service().await);
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 12).await;
    let resign = |who: &'static str| {
        let service = service.clone();
        let here = here.clone();
        tokio::spawn(async move {
            service
                .handle(cmd_at(
                    &here,
                    who,
                    Action::Resign {
                        game: Some(game),
                        confirmed: true,
                    },
                ))
                .await
        })
    };
    let (a, b) = (resign("alice"), resign("bob"));
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert_eq!(
        [a.private, b.private].iter().filter(|p| !**p).count(),
        1,
        "one resignation applies: {} / {}",
        a.text,
        b.text
    );
    let row = db.game(game).await;
    let winner = if row.state.ending().and_then(|e| e.result_column()) == Some("S") {
        Side::South
    } else {
        Side::North
    };
    let (south, north) = rating::update(
        Rating::NEW,
        Rating::NEW,
        GameResult::for_side(Some(winner), Side::South),
    );
    let alice = db
        .store()
        .people()
        .rating(row.south.identity, Speed::Correspondence)
        .await
        .unwrap()
        .unwrap();
    let bob = db
        .store()
        .people()
        .rating(row.north.identity, Speed::Correspondence)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((alice.games, bob.games), (1, 1));
    assert_eq!((stored(&alice), stored(&bob)), (south, north));
}

#[tokio::test]
async fn short_and_casual_games_leave_ratings_alone() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let game = start_game(&service).await;
    play_plies(&service, &here, game, ["alice", "bob"], 4).await;
    // The prompt already says it will not count: one truth, before and after.
    let asked = service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: None,
                confirmed: false,
            },
        ))
        .await;
    assert!(
        asked
            .text
            .contains("though not a rated one: with fewer than 10 moves played")
            && !asked.text.contains("it is rated"),
        "{}",
        asked.text
    );
    let reply = service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: None,
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
    assert!(
        reply
            .text
            .contains("ended after 4 moves, fewer than 10, so it counts as casual"),
        "{}",
        reply.text
    );
    let row = db.game(game).await;
    assert!(!row.is_active());
    // The history, the board and the replay call it casual too.
    let history = service
        .handle(cmd("alice", Action::History { user: None }))
        .await;
    let board = service
        .handle(cmd("alice", support::board(Some(game))))
        .await;
    let replay = service.handle(cmd("alice", Action::Replay { game })).await;
    for shown in [&history.text, &board.text, &replay.text] {
        assert!(
            shown.contains("casual") && !shown.contains("rated"),
            "{shown}"
        );
    }
    assert_eq!(
        db.store()
            .people()
            .rating(row.south.identity, Speed::Correspondence)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        db.store()
            .people()
            .rating(row.north.identity, Speed::Correspondence)
            .await
            .unwrap(),
        None
    );

    let casual = ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    };
    let game = start_game_at(&service, &here, "carol", "dave", casual).await;
    play_plies(&service, &here, game, ["carol", "dave"], 12).await;
    let reply = service
        .handle(cmd(
            "dave",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.text.contains("ratings:") && !reply.text.contains("casual:"));
    let row = db.game(game).await;
    assert_eq!(
        db.store()
            .people()
            .rating(row.south.identity, Speed::Correspondence)
            .await
            .unwrap(),
        None
    );
}

#[tokio::test]
async fn leaderboard_is_per_server_by_default_and_paginated() {
    let db = TempDb::new();
    let service = db.service().await;
    let s1 = place_at(Platform::Discord, Some("s1"), "general");
    let s2 = place_at(Platform::Discord, Some("s2"), "general");
    rated_win(&service, &s1, "alice", "bob").await;
    rated_win(&service, &s1, "alice", "carol").await;
    rated_win(&service, &s2, "dave", "erin").await;
    let board = |place, global, page| {
        cmd_at(
            place,
            "bob",
            Action::Leaderboard {
                global,
                page,
                speed: None,
            },
        )
    };
    let here = service.handle(board(&s1, false, 1)).await;
    assert!(!here.private, "{}", here.text);
    let lines: Vec<&str> = here.text.lines().filter(|l| l.contains(". **")).collect();
    assert_eq!(lines.len(), 3, "{}", here.text);
    assert!(lines[0].starts_with("1. **alice** ") && lines[0].contains("(2 won, 0 drawn, 0 lost)"));
    assert!(lines[0].contains('?'), "provisional: {}", lines[0]);
    // Carol lost to a stronger-rated alice, so she dropped less than bob.
    assert!(lines[1].starts_with("2. **carol**") && lines[2].starts_with("3. **bob**"));
    assert!(!here.text.contains("dave") && here.text.contains("this server"));
    let global = service.handle(board(&s1, true, 1)).await;
    let count = global.text.lines().filter(|l| l.contains(". **")).count();
    assert_eq!(count, 5, "{}", global.text);
    assert!(global.text.contains("dave") && global.text.contains("every server"));

    // Twelve players in a third server: two pages.
    let s3 = place_at(Platform::Discord, Some("s3"), "ladder");
    for i in 0..6 {
        rated_win(&service, &s3, &format!("w{i}"), &format!("l{i}")).await;
    }
    let page1 = service.handle(board(&s3, false, 1)).await;
    let ranks: Vec<&str> = page1.text.lines().filter(|l| l.contains(". **")).collect();
    assert_eq!(ranks.len(), 10, "{}", page1.text);
    assert!(ranks[0].starts_with("1. ") && ranks[9].starts_with("10. "));
    assert!(page1.text.contains("page 1 of 2") && page1.text.contains("page:2"));
    let page2 = service.handle(board(&s3, false, 2)).await;
    let ranks: Vec<&str> = page2.text.lines().filter(|l| l.contains(". **")).collect();
    assert_eq!(ranks.len(), 2, "{}", page2.text);
    assert!(ranks[0].starts_with("11. ") && ranks[1].starts_with("12. "));
    // Winners first: every w is above every l.
    let all = format!("{}\n{}", page1.text, page2.text);
    let last_w = (0..6)
        .map(|i| all.find(&format!("**w{i}**")).unwrap())
        .max()
        .unwrap();
    let first_l = (0..6)
        .map(|i| all.find(&format!("**l{i}**")).unwrap())
        .min()
        .unwrap();
    assert!(last_w < first_l, "{all}");
    let page3 = service.handle(board(&s3, false, 3)).await;
    assert!(
        page3.private && page3.text.contains("no page 3"),
        "{}",
        page3.text
    );
    let empty = place_at(Platform::Discord, Some("s4"), "quiet");
    let none = service.handle(board(&empty, false, 1)).await;
    assert!(
        none.text
            .contains("Nobody has finished a rated correspondence game"),
        "{}",
        none.text
    );
}

/// A room of no server (Matrix, the console) ranks those who played in it, not
/// everyone in every such room.
#[tokio::test]
async fn a_rooms_leaderboard_ranks_only_its_own_players() {
    let db = TempDb::new();
    let service = db.service().await;
    for platform in [Platform::Matrix, Platform::Console] {
        let lobby = place_at(platform, None, "#lobby");
        let den = place_at(platform, None, "#den");
        rated_win(&service, &lobby, "alice", "bob").await;
        rated_win(&service, &den, "carol", "dave").await;
        let board = |place| {
            cmd_at(
                place,
                "bob",
                Action::Leaderboard {
                    global: false,
                    page: 1,
                    speed: None,
                },
            )
        };
        let here = service.handle(board(&lobby)).await;
        let ranked: Vec<&str> = here.text.lines().filter(|l| l.contains(". **")).collect();
        assert_eq!(ranked.len(), 2, "{platform:?}: {}", here.text);
        assert!(here.text.contains("**alice**") && here.text.contains("**bob**"));
        assert!(!here.text.contains("carol"), "{platform:?}: {}", here.text);
        let there = service.handle(board(&den)).await;
        assert!(there.text.contains("**carol**") && !there.text.contains("alice"));
    }
}

#[tokio::test]
async fn stats_show_the_record_head_to_head_and_a_chart() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    rated_win(&service, &here, "alice", "bob").await;
    rated_win(&service, &here, "alice", "carol").await;
    let reply = service
        .handle(cmd(
            "bob",
            Action::Stats {
                user: Some(user("alice")),
                speed: None,
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let row = db
        .store()
        .people()
        .rating(
            oware_bot::service::IdentityId::new(1),
            Speed::Correspondence,
        )
        .await
        .unwrap()
        .expect("alice is player 1");
    assert!(
        reply.text.contains(&format!(
            "**alice**, correspondence: rating {}?",
            row.rating.round()
        )),
        "{}",
        reply.text
    );
    assert!(reply
        .text
        .contains(&format!("(deviation {:.0})", row.deviation)));
    assert!(reply.text.contains("2 rated games: 2 won, 0 drawn, 0 lost"));
    assert!(reply
        .text
        .contains(&format!("{} seeds captured", row.seeds)));
    assert!(
        reply.text.contains("best winning streak 2"),
        "{}",
        reply.text
    );
    assert!(
        reply
            .text
            .contains("Against you (bob): alice won 1, drew 0, lost 0."),
        "{}",
        reply.text
    );
    assert_eq!(reply.files.len(), 1);
    let chart = &reply.files[0];
    assert_eq!(chart.mime, "image/png");
    let image = image::load_from_memory(&chart.bytes).expect("the chart decodes");
    assert_eq!(
        (image.width(), image.height()),
        oware_bot::render::chart::CHART_SIZE
    );
    assert!(
        chart.description.contains("2 rated games"),
        "{}",
        chart.description
    );

    // Own stats (no head-to-head), someone unrated, someone unknown.
    let own = service
        .handle(cmd(
            "carol",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(
        own.text.contains("1 rated game: 0 won, 0 drawn, 1 lost") && !own.text.contains("Against")
    );
    let unknown = service
        .handle(cmd(
            "alice",
            Action::Stats {
                user: Some(user("zed")),
                speed: None,
            },
        ))
        .await;
    assert!(
        unknown.private && unknown.text.contains("zed has not played"),
        "{}",
        unknown.text
    );
}

#[tokio::test]
async fn history_lists_recent_games_newest_first() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let (first, _) = rated_win(&service, &here, "alice", "bob").await;
    let second = start_game_at(
        &service,
        &here,
        "carol",
        "alice",
        ChallengeOptions::default(),
    )
    .await;
    let reply = service
        .handle(cmd(
            "bob",
            Action::History {
                user: Some(user("alice")),
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
    let lines: Vec<&str> = reply
        .text
        .lines()
        .filter(|l| l.starts_with("- #"))
        .collect();
    assert_eq!(lines.len(), 2, "{}", reply.text);
    assert!(lines[0].starts_with(&format!("- #{second} vs **carol** (North, rated, ")));
    assert!(
        lines[0].ends_with("in progress, 0 moves played"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with(&format!("- #{first} vs **bob** (South, rated, ")));
    assert!(lines[1].ends_with("): won by resignation"), "{}", lines[1]);
    let bob = service
        .handle(cmd("bob", Action::History { user: None }))
        .await;
    assert!(
        bob.text.contains("vs **alice** (North") && bob.text.contains("): lost "),
        "{}",
        bob.text
    );
}

#[tokio::test]
async fn ending_by_agreement_rates_the_game_too() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", ChallengeOptions::default()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 10).await;
    let end = Action::End { game: Some(game) };
    let proposed = service.handle(cmd("alice", end.clone())).await;
    assert!(!proposed.private, "{}", proposed.text);
    let agreed = service.handle(cmd("bob", end)).await;
    assert!(agreed.text.contains("agreed to end"), "{}", agreed.text);
    let row = db.game(game).await;
    let winner = row.state.ending().and_then(|e| e.winner);
    let (south, _) = rating::update(
        Rating::NEW,
        Rating::NEW,
        GameResult::for_side(winner, Side::South),
    );
    let alice = db
        .store()
        .people()
        .rating(row.south.identity, Speed::Correspondence)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored(&alice), south);
    assert!(
        agreed
            .text
            .contains("Correspondence ratings: alice 1500? → "),
        "{}",
        agreed.text
    );
}

#[tokio::test]
async fn a_challenge_shows_both_players_ratings() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let (game, _) = rated_win(&service, &here, "alice", "bob").await;
    let row = db
        .store()
        .games()
        .game(oware_bot::service::GameId::new(game))
        .await
        .unwrap()
        .unwrap();
    let shown = |identity: i64| {
        let store = db.store();
        async move {
            let r = store
                .people()
                .rating(
                    oware_bot::service::IdentityId::new(identity),
                    Speed::Correspondence,
                )
                .await
                .unwrap()
                .unwrap();
            Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            }
            .label(u32::try_from(r.games).unwrap())
        }
    };
    let (alice, bob) = (
        shown(row.south.identity.get()).await,
        shown(row.north.identity.get()).await,
    );
    assert_ne!(alice, bob);
    let challenge = service
        .handle(cmd_at(
            &here,
            "bob",
            Action::Play {
                opponent: oware_bot::service::User {
                    id: "alice".into(),
                    name: "alice".into(),
                    is_bot: false,
                },
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(
        challenge.text.contains(&format!(
            "Correspondence ratings: bob {bob} and alice {alice}."
        )),
        "{}",
        challenge.text
    );
    // Someone new is shown at the starting rating, provisional.
    let open = service
        .handle(cmd_at(
            &here,
            "carol",
            Action::Open {
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert!(
        open.text.contains("Correspondence ratings: carol 1500?."),
        "{}",
        open.text
    );
}
