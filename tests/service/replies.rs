//! Every reply reads right to the person who gets it: the right game, the mover's own
//! letters, results in words, challenges numbered apart from games, one way of
//! counting moves, the engine answering proposals, and names that keep their form.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::{cmd, cmd_at, mv, place, play, play_plies, start_game_at, user, TempDb};
use oware_bot::rules::{IllegalMove, Pit, Position, Side, Variant};
use oware_bot::service::{Action, ChallengeOptions, Level, User};

fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    }
}

fn bot() -> User {
    User {
        id: "oware-bot".into(),
        name: "oware-bot".into(),
        is_bot: true,
    }
}

#[tokio::test]
async fn onlookers_and_non_players_hear_about_the_games_here() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    start_game_at(&service, &here, "alice", "bob", casual()).await;
    start_game_at(&service, &here, "carol", "dave", casual()).await;
    let board = service
        .handle(cmd("kim", crate::support::board(None)))
        .await;
    assert!(
        board
            .text
            .starts_with("There are several games here: #1 alice vs bob or #2 carol vs dave")
            && board.text.contains("`/oware board #1`"),
        "{}",
        board.text
    );
    let advise = service
        .handle(cmd(
            "kim",
            Action::Advise {
                pit: "b".parse().expect("a pit letter"),
                game: None,
            },
        ))
        .await;
    assert!(
        advise.text.contains("`/oware advise b #1`"),
        "{}",
        advise.text
    );
    let resign = service
        .handle(cmd(
            "kim",
            Action::Resign {
                game: None,
                confirmed: true,
            },
        ))
        .await;
    assert!(
        resign.text.starts_with("You have no game here."),
        "{}",
        resign.text
    );
    // A player with two games is asked with the command they typed.
    start_game_at(&service, &here, "alice", "erin", casual()).await;
    let which = service.handle(cmd("alice", mv("c"))).await;
    assert!(
        which
            .text
            .starts_with("You have several games here: #1 alice vs bob or #3 alice vs erin")
            && which.text.contains("`/move c #1`"),
        "{}",
        which.text
    );
    // Each asked with its own command, not another's.
    for (action, example) in [
        (
            Action::Draw {
                game: None,
                decline: false,
            },
            "`/oware draw #1`",
        ),
        (
            Action::Draw {
                game: None,
                decline: true,
            },
            "`/oware draw decline #1`",
        ),
        (
            Action::Takeback {
                game: None,
                decline: false,
            },
            "`/oware takeback #1`",
        ),
        (
            Action::Takeback {
                game: None,
                decline: true,
            },
            "`/oware takeback decline #1`",
        ),
    ] {
        let which = service.handle(cmd("alice", action)).await;
        assert!(
            which.text.starts_with("You have several games here") && which.text.contains(example),
            "{example}: {}",
            which.text
        );
    }
}

#[tokio::test]
async fn north_typing_a_capital_plays_their_own_pit() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    start_game_at(&service, &here, "alice", "bob", casual()).await;
    service.handle(cmd("alice", mv("c"))).await;
    // North typing South's capital plays their own pit, and hears so once a game.
    let capital = service.handle(cmd("bob", mv("C"))).await;
    // One short line the room can skim, not a paragraph.
    let note = "(C is your c: a letter always names your own row.)";
    assert!(
        capital.text.contains("**bob** played **c**") && capital.text.contains(note),
        "{}",
        capital.text
    );
    assert!(
        !capital.text.contains("South's pit") && note.chars().count() < 60,
        "{}",
        capital.text
    );
    service.handle(cmd("alice", mv("a"))).await;
    let again = service.handle(cmd("bob", mv("D"))).await;
    assert!(
        !again.private && !again.text.contains("names your own row"),
        "{}",
        again.text
    );
}

#[test]
fn an_empty_pit_names_the_legal_pits_and_why() {
    // North's row is empty: South must feed it, and only F reaches it.
    let mut board = [0u8; 12];
    board[0] = 3; // A
    board[2] = 1; // C
    board[5] = 2; // F
    let position = Position::new(board, [20, 22], Side::South).expect("48 seeds");
    let b = Pit::from_letter('B').expect("a pit");
    let err = position.check(b, Variant::Abapa).unwrap_err();
    assert!(matches!(err, IllegalMove::EmptyPit { .. }));
    let text = err.to_string();
    assert!(
        text.contains("your legal pits are F") && text.contains("only these give it seeds"),
        "{text}"
    );
}

#[tokio::test]
async fn results_challenges_and_move_counts_read_plainly() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let challenge = service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: user("bob"),
                options: casual(),
            },
        ))
        .await;
    assert!(
        challenge.text.contains("(challenge c1:"),
        "{}",
        challenge.text
    );
    let accepted = service
        .handle(cmd(
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        accepted.text.contains("game #1 begins"),
        "{}",
        accepted.text
    );
    play_plies(
        &service,
        &here,
        oware_bot::service::GameId::new(1),
        ["alice", "bob"],
        2,
    )
    .await;
    let board = service
        .handle(cmd("carol", crate::support::board(None)))
        .await;
    assert!(
        board.text.contains("2 moves played, move 3 next"),
        "{}",
        board.text
    );
    let advice = service
        .handle(cmd(
            "carol",
            Action::Advise {
                pit: "b".parse().expect("a pit letter"),
                game: None,
            },
        ))
        .await;
    assert!(advice.text.contains("move 3"), "{}", advice.text);
    let resigned = service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: None,
                confirmed: true,
            },
        ))
        .await;
    assert!(
        resigned
            .text
            .contains("Game over: **bob** wins by resignation."),
        "{}",
        resigned.text
    );
    assert!(
        resigned.files[0]
            .description
            .contains("bob wins by resignation"),
        "the board image says it too: {}",
        resigned.files[0].description
    );
    assert!(
        !resigned.files[0].description.contains("0–0"),
        "no score that decided nothing: {}",
        resigned.files[0].description
    );
}

#[tokio::test]
async fn a_gone_challenge_says_why() {
    let db = TempDb::new();
    let service = db.service().await;
    service.handle(cmd("alice", play("bob"))).await;
    service
        .handle(cmd("alice", Action::Cancel { challenge: None }))
        .await;
    let late = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(
        late.private && late.text.contains("alice withdrew challenge c1"),
        "{}",
        late.text
    );
    let by_id = service
        .handle(cmd(
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        by_id.text.contains("withdrawn by the challenger"),
        "{}",
        by_id.text
    );
    service.handle(cmd("carol", play("bob"))).await;
    service
        .handle(cmd("bob", Action::Decline { challenge: None }))
        .await;
    let declined = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(declined.text.contains("was declined"), "{}", declined.text);
}

#[tokio::test]
async fn the_engine_answers_at_once_and_is_never_rated() {
    let db = TempDb::new();
    let service = db.service().await;
    let rated = service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: bot(),
                options: ChallengeOptions {
                    rated: Some(true),
                    ..ChallengeOptions::default()
                },
            },
        ))
        .await;
    assert!(
        rated.private && rated.text.contains("never rated"),
        "{}",
        rated.text
    );
    let start = service
        .handle(cmd(
            "alice",
            Action::Play {
                opponent: bot(),
                options: ChallengeOptions {
                    level: Some(Level::Medium),
                    ..ChallengeOptions::default()
                },
            },
        ))
        .await;
    let game = start.game.expect("a game");
    // Its internal challenge is nobody's to answer.
    let internal = service
        .handle(cmd(
            "bob",
            Action::Accept {
                challenge: Some(oware_bot::service::ChallengeId::new(1)),
            },
        ))
        .await;
    assert!(
        internal.private && !internal.text.contains("oware-bot"),
        "{}",
        internal.text
    );
    let games = service.handle(cmd("alice", Action::Games)).await;
    assert!(games.text.contains("engine medium"), "{}", games.text);
    // A proposal to end is answered at once: agreed (the game ends) or declined.
    let end = service
        .handle(cmd("alice", Action::End { game: Some(game) }))
        .await;
    assert!(
        end.text.contains("**oware-bot** agrees") || end.text.contains("**oware-bot** declines"),
        "{}",
        end.text
    );
    assert!(
        !end.text.contains("type `/oware end` to agree"),
        "{}",
        end.text
    );
}

#[tokio::test]
async fn names_keep_their_first_form() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    // bob first appears as `bob`; a later `@BOB` mention does not rename him.
    service.handle(cmd_at(&here, "bob", Action::Games)).await;
    start_game_at(&service, &here, "carol", "bob", casual()).await;
    let reply = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Play {
                opponent: User {
                    id: "bob".into(),
                    name: "BOB".into(),
                    is_bot: false,
                },
                options: casual(),
            },
        ))
        .await;
    assert!(
        reply.text.contains("**bob**") && !reply.text.contains("BOB"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn no_chart_without_rated_games() {
    let db = TempDb::new();
    let service = db.service().await;
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", casual()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 2).await;
    service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    let stats = service
        .handle(cmd(
            "alice",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(!stats.private, "{}", stats.text);
    assert!(stats.files.is_empty(), "no empty chart: {:?}", stats.files);
}

#[tokio::test]
async fn a_short_challenge_time_is_shown_as_it_is() {
    let db = TempDb::new();
    let service = db
        .service_with(oware_bot::service::ServiceConfig {
            challenge_ttl: std::time::Duration::from_secs(2),
            rates: [None; 3],
            ..oware_bot::service::ServiceConfig::default()
        })
        .await;
    let reply = service.handle(cmd("alice", play("bob"))).await;
    assert!(reply.text.contains("within 2 s.\n"), "{}", reply.text);
}

/// A message its adapter could not read (`!oware hlep`) is answered with the
/// adapter's hint, privately, and counts against the author's command rate like
/// any command: a flood of them is told to slow down once, then dropped.
#[tokio::test]
async fn misunderstood_messages_count_against_the_rate() {
    let db = TempDb::new();
    let service = db
        .service_with(oware_bot::service::ServiceConfig {
            rates: [Some(oware_bot::service::RateLimit {
                burst: 2,
                per_second: 1,
            }); 3],
            ..oware_bot::service::ServiceConfig::default()
        })
        .await;
    let misread = || {
        cmd(
            "mallory",
            Action::Misunderstood {
                hint: "Did you mean `!oware help`?".into(),
            },
        )
    };
    for _ in 0..2 {
        let hint = service.handle(misread()).await;
        assert!(
            hint.private && hint.text.contains("Did you mean"),
            "{}",
            hint.text
        );
    }
    let slow = service.handle(misread()).await;
    assert!(
        slow.text.contains("faster than I take them"),
        "{}",
        slow.text
    );
    assert!(service.handle(misread()).await.is_empty(), "then dropped");
    // Others are not held back.
    let other = service.handle(cmd("alice", Action::Rules)).await;
    assert!(!other.is_empty());
}
