//! `/oware games` (the author's turn first) and `/oware live` (the games in progress
//! here, with links to their threads).

use crate::support::{active, cmd, cmd_at, mv_in, place, place_at, start_game_at, TempDb};
use oware_bot::service::{Action, ChallengeOptions, Place, Platform};

#[tokio::test]
async fn games_lists_the_authors_turn_first() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let options = ChallengeOptions::default;
    // alice is South (to move) against bob; carol is South against alice (carol to
    // move); alice has moved against dave (dave to move).
    let bob = start_game_at(&service, &here, "alice", "bob", options()).await;
    let carol = start_game_at(&service, &here, "carol", "alice", options()).await;
    let dave = start_game_at(&service, &here, "alice", "dave", options()).await;
    let moved = service.handle(cmd("alice", mv_in("c", dave))).await;
    assert!(!moved.private, "{}", moved.text);

    let games = service.handle(cmd("alice", Action::Games)).await.text;
    let at = |needle: &str| {
        games
            .find(needle)
            .unwrap_or_else(|| panic!("{needle}: {games}"))
    };
    assert!(
        at("Your turn:") < at(&format!("#{bob} alice vs bob")),
        "{games}"
    );
    assert!(
        at(&format!("#{bob} ")) < at("Waiting for your opponents:"),
        "{games}"
    );
    assert!(at("Waiting for your opponents:") < at(&format!("#{carol} carol vs alice")));
    assert!(at("Waiting for your opponents:") < at(&format!("#{dave} alice vs dave")));
    // dave's is the only game where it is alice's opponent's turn after her move.
    let bob_line = games
        .lines()
        .find(|l| l.contains(&format!("#{bob} ")))
        .unwrap();
    assert!(bob_line.ends_with("alice to move"), "{bob_line}");
}

#[tokio::test]
async fn live_lists_this_servers_games_in_progress_with_their_threads() {
    let db = TempDb::new();
    let service = db.service().await;
    let general = place_at(Platform::Discord, Some("guild"), "general");
    let other_channel = place_at(Platform::Discord, Some("guild"), "oware");
    let elsewhere = place_at(Platform::Discord, Some("other-guild"), "general");

    let empty = service.handle(cmd_at(&general, "zoe", Action::Live)).await;
    assert!(
        empty.private && empty.text.contains("No games are being played here"),
        "{}",
        empty.text
    );
    let first = start_game_at(
        &service,
        &general,
        "alice",
        "bob",
        ChallengeOptions::default(),
    )
    .await;
    let thread = Place {
        thread: Some("777".into()),
        ..general.clone()
    };
    service.ops().set_thread(first, &thread).await.unwrap();
    let second = start_game_at(
        &service,
        &other_channel,
        "carol",
        "dave",
        ChallengeOptions::default(),
    )
    .await;
    let hidden = start_game_at(
        &service,
        &elsewhere,
        "erin",
        "frank",
        ChallengeOptions::default(),
    )
    .await;
    let finished = start_game_at(
        &service,
        &general,
        "gina",
        "hank",
        ChallengeOptions::default(),
    )
    .await;
    service
        .handle(cmd_at(
            &general,
            "gina",
            Action::Abort {
                game: Some(finished),
            },
        ))
        .await;
    assert!(!active(&db.store(), finished).await);

    let live = service.handle(cmd_at(&general, "zoe", Action::Live)).await;
    let text = &live.text;
    assert!(text.starts_with("Games in progress here"), "{text}");
    let line = |game: i64| {
        text.lines()
            .find(|l| l.contains(&format!("#{game} ")))
            .map(str::to_owned)
    };
    let first_line = line(first.get()).expect("the first game");
    assert!(
        first_line.contains("alice vs bob") && first_line.contains("`777`"),
        "{first_line}"
    );
    // The thread is noted for the adapters that link it (Discord's <#777>).
    assert!(
        live.places
            .iter()
            .any(|p| p.text == "`777`" && p.thread.as_deref() == Some("777")),
        "{:?}",
        live.places
    );
    assert!(line(second.get()).is_some(), "{text}");
    assert_eq!(line(hidden.get()), None, "{text}");
    assert_eq!(line(finished.get()), None, "{text}");
    // The most recently played first.
    assert!(text.find(&format!("#{second} ")) < text.find(&format!("#{first} ")));

    // A room without a server lists only its own games.
    let room = place_at(Platform::Matrix, None, "!room:example.org");
    let other_room = place_at(Platform::Matrix, None, "!other:example.org");
    let mine = start_game_at(
        &service,
        &room,
        "@ivy:x",
        "@jo:x",
        ChallengeOptions::default(),
    )
    .await;
    start_game_at(
        &service,
        &other_room,
        "@kim:x",
        "@lee:x",
        ChallengeOptions::default(),
    )
    .await;
    let live = service.handle(cmd_at(&room, "@zoe:x", Action::Live)).await;
    assert_eq!(live.text.lines().count(), 2, "{}", live.text);
    assert!(live.text.contains(&format!("#{mine} ")), "{}", live.text);
}
