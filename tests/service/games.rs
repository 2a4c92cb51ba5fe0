//! The service end to end on a real SQLite file: whole games, refusals, buttons,
//! resigning and agreeing, concurrency, restarts (challenges: `tests/service/challenges.rs`).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::{sync::Arc, time::Duration};

use crate::support::{self, cmd, mv, play, refused, start_game, user, winning_line, TempDb};
use oware_bot::service::{Action, Button, ButtonAction};

#[tokio::test]
async fn a_whole_game_to_a_25_win() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let line = winning_line();
    let mut last = None;
    for (i, pit) in line.iter().enumerate() {
        let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let reply = service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
        assert!(!refused(&reply), "ply {}: {}", i + 1, reply.text);
        assert_eq!(reply.game, Some(game));
        assert!(reply.board_text.is_some());
        assert!(
            reply.text.contains(&format!("played **{}**", pit.letter())),
            "{}",
            reply.text
        );
        last = Some(reply);
    }
    let last = last.expect("moves were played");
    assert!(last.text.contains("Game over"), "{}", last.text);
    assert!(last.mentions.is_empty());
    assert!(
        matches!(
            last.buttons.as_slice(),
            [
                Button { action: ButtonAction::Rematch { game: g }, .. },
                Button { action: ButtonAction::Analyse { game: a }, .. },
            ] if *g == game && *a == game
        ),
        "a rematch and a review are offered at the end: {:?}",
        last.buttons
    );
    let row = db.game(game).await;
    assert!(!row.is_active());
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("score_25")
    );
    assert!(row.south.score >= 25 || row.north.score >= 25);
    assert!(last.text.contains(&format!(
        "{}–{}",
        row.south.score.max(row.north.score),
        row.south.score.min(row.north.score)
    )));
    // The moves table replays the game.
    let moves = db.store().games().moves(game).await.unwrap();
    assert_eq!(moves.len(), line.len());
    let after = service.handle(cmd("alice", mv("a"))).await;
    assert!(refused(&after));
}

/// 61 plies from the start after which North's `a` would bring back a position seen
/// since the last capture (found by searching random games).
const BEFORE_A_REPETITION: &str = "FaCdEdFbCcCaBaCfCeCdDaAfBbFdBfBcEdFbCeDcFaAdFfEeFfAbBcCdDeEfF";

/// Beside the pits, the board warns of a move that would end the game by repetition,
/// with the result it would give; its button says so; played, it ends the game.
#[tokio::test]
async fn a_move_that_would_repeat_a_position_is_announced_beside_the_pits() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let mut last = None;
    for (i, pit) in BEFORE_A_REPETITION.chars().enumerate() {
        let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let reply = service.handle(cmd(author, mv(&pit.to_string()))).await;
        assert!(!refused(&reply), "ply {}: {}", i + 1, reply.text);
        last = Some(reply);
    }
    let before = last.expect("moves were played");
    assert!(before.text.contains("**bob** to move"), "{}", before.text);
    let warning = before
        .text
        .lines()
        .find(|l| l.starts_with("**a** would repeat an earlier position"))
        .unwrap_or_else(|| panic!("a warning: {}", before.text));
    assert!(
        warning.contains("ends the game at once") && warning.contains(" would "),
        "{warning}"
    );
    let a = before
        .buttons
        .iter()
        .find(|b| matches!(b.action, ButtonAction::Move { pit: 'a', .. }))
        .expect("pit a's button");
    assert!(a.label.ends_with("ends, repeats"), "{}", a.label);
    assert_eq!(
        before
            .buttons
            .iter()
            .filter(|b| b.label.contains("repeats"))
            .count(),
        1,
        "only a repeats"
    );
    let ended = service.handle(cmd("bob", mv("a"))).await;
    assert!(ended.text.contains("Game over"), "{}", ended.text);
    let row = db.game(game).await;
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("repetition")
    );
    // The warning named the result the game then had.
    let result = warning.split(": ").last().unwrap_or_default();
    let scores = result
        .trim_end_matches('.')
        .rsplit(' ')
        .next()
        .unwrap_or_default();
    assert!(
        ended.text.contains(scores),
        "warned {scores}, ended: {}",
        ended.text
    );
}

#[tokio::test]
async fn move_reply_has_buttons_mentions_and_board() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let reply = service.handle(cmd("alice", mv("c"))).await;
    assert!(!reply.private);
    assert!(
        reply.text.contains("**alice** played **C**"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("**bob** to move"), "{}", reply.text);
    assert_eq!(reply.mentions, vec![user("bob")]);
    let [png] = reply.files.as_slice() else {
        panic!("one board image, not {}", reply.files.len());
    };
    assert_eq!(png.mime, "image/png");
    assert!(png.bytes.starts_with(b"\x89PNG") && !png.description.is_empty());
    assert_eq!(reply.buttons.len(), 6);
    let labels: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        ["f (4)", "e (4)", "d (4)", "c (4)", "b (4)", "a (5)"]
    );
    assert_eq!(reply.buttons.iter().filter(|b| b.row == 0).count(), 3);
    assert!(reply.buttons.iter().all(|b| b.enabled
        && matches!(b.action, ButtonAction::Move { game: g, ply: 1, .. } if g == game)));
    // A button press is a Move with the ply it was made for; a stale one is refused.
    let stale = service
        .handle(cmd(
            "bob",
            Action::Move {
                pit: "a".parse().expect("a pit letter"),
                game: Some(game),
                ply: Some(0),
            },
        ))
        .await;
    assert!(
        stale.private && stale.text.contains("out of date"),
        "{}",
        stale.text
    );
    let press = service
        .handle(cmd(
            "bob",
            Action::Move {
                pit: "a".parse().expect("a pit letter"),
                game: Some(game),
                ply: Some(1),
            },
        ))
        .await;
    assert!(!press.private, "{}", press.text);
    // South's C is now empty: its button is disabled.
    let c = press
        .buttons
        .iter()
        .find(|b| b.label.starts_with('C'))
        .unwrap();
    assert!(!c.enabled);
}

#[tokio::test]
async fn refusals_are_private_and_change_nothing() {
    let db = TempDb::new();
    let service = db.service().await;
    let no_game = service.handle(cmd("alice", mv("c"))).await;
    assert!(
        no_game.private && no_game.text.contains("no game here"),
        "{}",
        no_game.text
    );
    let game = start_game(&service).await;
    let cases = [
        ("bob", mv("a"), "not your turn: **alice**"),
        ("carol", mv("a"), "you have no game here"),
        (
            "alice",
            support::mv_in("c", oware_bot::service::GameId::new(999)),
            "no game #999",
        ),
        (
            "carol",
            Action::Resign {
                game: None,
                confirmed: true,
            },
            "you have no game here",
        ),
        (
            "alice",
            Action::Advise {
                pit: "c".parse().expect("a pit letter"),
                game: None,
            },
            "you are playing in this game",
        ),
        (
            "carol",
            Action::Advise {
                pit: "c".parse().expect("a pit letter"),
                game: None,
            },
            "advice is off",
        ),
        (
            "alice",
            Action::Replay {
                game: oware_bot::service::GameId::new(999),
            },
            "no game #999",
        ),
    ];
    for (author, action, expected) in cases {
        let reply = service.handle(cmd(author, action.clone())).await;
        assert!(reply.private, "{action:?}: {}", reply.text);
        assert!(
            reply
                .text
                .to_lowercase()
                .contains(&expected.to_lowercase().replace("**", "")),
            "{action:?}: {}",
            reply.text
        );
    }
    let row = db.game(game).await;
    assert_eq!((row.ply, row.version), (0, 0));
}

#[tokio::test]
async fn illegal_moves_quote_the_rules() {
    let db = TempDb::new();
    let service = db.service().await;
    start_game(&service).await;
    // C empties C; then a, and South's C is empty.
    service.handle(cmd("alice", mv("c"))).await;
    service.handle(cmd("bob", mv("a"))).await;
    let reply = service.handle(cmd("alice", mv("C"))).await;
    assert!(reply.private);
    assert!(
        reply.text.contains("pit C is empty") && reply.text.contains("A, B, D, E and F"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn resign_and_end_by_agreement() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let reply = service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: None,
                confirmed: true,
            },
        ))
        .await;
    assert!(
        !reply.private && reply.text.contains("**alice** wins"),
        "{}",
        reply.text
    );
    let row = db.game(game).await;
    assert_eq!(
        (
            row.state.ending().and_then(|e| e.result_column()),
            row.state.ending().map(|e| e.reason_column())
        ),
        (Some("S"), Some("resignation"))
    );
    let board = service
        .handle(cmd("carol", support::board(Some(game))))
        .await;
    assert!(board.text.contains("Game over"), "{}", board.text);

    // Resigning is asked first: the question names the game and the opponent, and
    // its button resigns exactly that game.
    let game = start_game(&service).await;
    let asked = service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: Some(game),
                confirmed: false,
            },
        ))
        .await;
    assert!(
        asked.private
            && asked
                .text
                .contains(&format!("Resign game #{game} against **bob**?")),
        "{}",
        asked.text
    );
    assert_eq!(
        asked
            .buttons
            .iter()
            .map(|b| b.action.clone())
            .collect::<Vec<_>>(),
        [ButtonAction::Resign { game }]
    );
    assert_eq!(
        asked.buttons[0].action.typed(),
        format!("/oware resign #{game} confirm")
    );
    assert!(support::active(&db.store(), game).await);
    // A game that is not hers is refused, asked or confirmed.
    let wrong = service
        .handle(cmd(
            "carol",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(wrong.private, "{}", wrong.text);
    assert!(support::active(&db.store(), game).await);
    let done = service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(done.text.contains("**alice** resigned"), "{}", done.text);

    let game = start_game(&service).await;
    // F sows its 4 seeds into bob's row: 20 on alice's, 28 on his.
    service.handle(cmd("alice", mv("f"))).await;
    let propose = service
        .handle(cmd("alice", Action::End { game: None }))
        .await;
    assert!(
        !propose.private && propose.mentions == vec![user("bob")],
        "{}",
        propose.text
    );
    // It names the result it would give, to both, and is not a draw offer.
    assert!(
        propose.text.contains("not a draw offer")
            && propose.text.contains("**bob** would win 28–20")
            && propose.text.contains("`/oware end` to accept that result"),
        "{}",
        propose.text
    );
    let again = service
        .handle(cmd("alice", Action::End { game: None }))
        .await;
    assert!(
        again.private && again.text.contains("already proposed"),
        "{}",
        again.text
    );
    let agree = service.handle(cmd("bob", Action::End { game: None })).await;
    assert!(
        agree.text.contains("Game over") && agree.text.contains("agreement"),
        "{}",
        agree.text
    );
    let row = db.game(game).await;
    assert_eq!(row.south.score + row.north.score, 48);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_identical_moves_at_once_apply_exactly_once() {
    let lang = &oware_bot::i18n::Language::english();
    let db = TempDb::new();
    let service = Arc::new(db.service().await);
    let game = start_game(&service).await;
    let tasks: Vec<_> = (0..50)
        .map(|_| {
            let service = Arc::clone(&service);
            tokio::spawn(async move { service.handle(cmd("alice", mv("c"))).await })
        })
        .collect();
    let mut applied = 0;
    let mut refusals = Vec::new();
    for task in tasks {
        let reply = task.await.unwrap();
        if reply.private {
            refusals.push(reply.text);
        } else {
            applied += 1;
        }
    }
    assert_eq!(applied, 1);
    assert_eq!(refusals.len(), 49);
    for text in &refusals {
        assert!(
            text.contains("not your turn") || text.contains("changed while your command"),
            "unclear refusal: {text}"
        );
        assert_ne!(*text, oware_bot::service::generic_failure(lang));
    }
    let moves = db.store().games().moves(game).await.unwrap();
    assert_eq!(moves.len(), 1);
    let row = db.game(game).await;
    assert_eq!((row.ply, row.version), (1, 1));
}

#[tokio::test]
async fn games_and_challenges_survive_a_restart() {
    let db = TempDb::new();
    let line = winning_line();
    let half = line.len() / 2;
    let game = {
        let service = db.service().await;
        let game = start_game(&service).await;
        for (i, pit) in line[..half].iter().enumerate() {
            let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
            let reply = service
                .handle(cmd(author, mv(&pit.letter().to_string())))
                .await;
            assert!(!reply.private, "{}", reply.text);
        }
        service.handle(cmd("carol", play("dave"))).await;
        db.store().close().await;
        game
    };
    let service = db.service().await;
    let pending = service.handle(cmd("dave", Action::Games)).await;
    assert!(
        pending.text.contains("carol challenged dave"),
        "{}",
        pending.text
    );
    let mut last = None;
    for (i, pit) in line.iter().enumerate().skip(half) {
        let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let reply = service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
        assert!(!reply.private, "ply {}: {}", i + 1, reply.text);
        last = Some(reply);
    }
    assert!(last.unwrap().text.contains("Game over"));
    let row = db.game(game).await;
    assert_eq!((row.is_active(), row.ply as usize), (false, line.len()));
    let accepted = service
        .handle(cmd("dave", Action::Accept { challenge: None }))
        .await;
    assert!(!accepted.private, "{}", accepted.text);
}

#[tokio::test]
async fn an_unreadable_database_is_a_clear_error_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("not-a-db.db");
    std::fs::write(
        &path,
        b"this is not an SQLite database, just text. ".repeat(100),
    )
    .unwrap();
    let err = oware_bot::store::Store::open(path.to_str().unwrap())
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("cannot open the database") || text.contains("schema"),
        "{text}"
    );
    let missing_dir = dir.path().join("no/such/dir/oware.db");
    let err = oware_bot::store::Store::open(missing_dir.to_str().unwrap())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("DATABASE_URL"), "{err}");
}

#[tokio::test]
async fn a_locked_database_is_a_clear_error_at_start_up() {
    use sqlx::{Connection, Executor};
    let db = TempDb::new();
    if !db.url.starts_with("sqlite:") {
        return; // a file another program locks: SQLite's case only
    }
    drop(db.service().await);
    db.store().close().await;
    // Another program takes the file for itself.
    let mut holder = sqlx::SqliteConnection::connect(&db.url).await.unwrap();
    holder
        .execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;")
        .await
        .unwrap();
    let err = oware_bot::store::Store::open_with_busy_timeout(&db.url, Duration::from_millis(200))
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("cannot open the database") && text.contains("locked"),
        "{text}"
    );
    holder.execute("COMMIT").await.unwrap();
}

#[tokio::test]
async fn the_board_after_an_earlier_move_shows_that_position_without_buttons_or_clocks() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let line = winning_line();
    for (i, pit) in line.iter().take(4).enumerate() {
        let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let reply = service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
        assert!(!refused(&reply), "ply {}: {}", i + 1, reply.text);
    }
    let board_after = |after| Action::Board {
        game: Some(game),
        after: Some(after),
    };

    let then = service.handle(cmd("carol", board_after(2))).await;
    assert!(!then.private, "{}", then.text);
    assert!(
        then.text
            .contains(&format!("Game {game} after move 2 of 4"))
            && then.text.contains("**alice** was to move")
            && then
                .text
                .contains(&format!("`/oware board #{game}` shows it now")),
        "{}",
        then.text
    );
    assert!(then.buttons.is_empty(), "{:?}", then.buttons);
    assert_eq!(then.game, Some(game));
    let mut replayed = oware_bot::rules::Game::new(oware_bot::rules::Variant::Abapa);
    for &pit in &line[..2] {
        replayed.play(pit).expect("legal");
    }
    assert_eq!(
        then.board_text.as_deref(),
        Some(
            oware_bot::rules::text_board(replayed.position(), true, oware_bot::rules::Side::South)
                .as_str()
        )
    );
    let [picture] = then.files.as_slice() else {
        panic!("one picture: {:?}", then.files.len());
    };
    assert!(picture.bytes.starts_with(b"\x89PNG"));
    assert!(
        picture.description.contains("after move 2"),
        "{}",
        picture.description
    );

    let start = service.handle(cmd("carol", board_after(0))).await;
    assert!(
        start.text.contains("at the start, before move 1 of 4"),
        "{}",
        start.text
    );

    // Past the moves played: refused, saying what `move:` takes.
    let past = service.handle(cmd("carol", board_after(9))).await;
    assert!(past.private, "{}", past.text);
    assert!(
        past.text.contains("has 4 moves so far")
            && past.text.contains(&format!("/oware board #{game} move:4")),
        "{}",
        past.text
    );

    // The move the game is at is the board now, with its buttons.
    let now = service.handle(cmd("alice", board_after(4))).await;
    assert!(!now.buttons.is_empty(), "{}", now.text);
    assert!(!now.text.contains("after move"), "{}", now.text);
}
