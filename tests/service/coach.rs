//! The engine as a coach, through the real service on a fresh SQLite file each:
//! a finished game's review (a job, delivered once, stored, replacing the
//! "analysing…" message), onlookers' advice judged and their leaderboard, and
//! puzzles (never repeated, rated, one a day per server, every solution checked).

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::service::GameId;
use std::{sync::Arc, time::Duration};

use crate::support::{cmd_at, place, play_plies, start_game_at, TempDb};
use oware_bot::{
    engine::{self, puzzles::Puzzle, tables},
    rules::{Pit, Variant},
    service::{
        Action, ChallengeOptions, ChatService, Outgoing, Place, Platform, Reply, Service,
        ServiceConfig,
    },
    store::{JobRequest, Store},
};

/// Small budgets: the tests run unoptimised.
fn config() -> ServiceConfig {
    ServiceConfig {
        rates: [None; 3],
        analysis_nodes: 3_000,
        ..ServiceConfig::default()
    }
}

fn casual() -> ChallengeOptions {
    ChallengeOptions {
        rated: Some(false),
        ..ChallengeOptions::default()
    }
}

fn analyse(game: GameId) -> Action {
    Action::Analyse { game: Some(game) }
}

fn is_png(bytes: &[u8]) -> bool {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok()
}

/// A game of `plies` moves between alice (South) and bob that bob resigns, in a
/// thread; `advice` gives onlookers' votes `(ply, onlooker, pit)` before each ply.
async fn finished_game(
    service: &Service,
    store: &Store,
    plies: usize,
    advice: &[(usize, &str, &str)],
) -> (i64, Place) {
    let here = place();
    let game = start_game_at(service, &here, "alice", "bob", casual()).await;
    let thread = Place {
        thread: Some(format!("thread-{game}")),
        ..here.clone()
    };
    service
        .ops()
        .set_thread(game, &thread)
        .await
        .expect("the thread");
    for ply in 0..plies {
        for &(at, who, pit) in advice.iter().filter(|(at, _, _)| *at == ply) {
            let _ = at;
            let ack = service
                .handle(cmd_at(
                    &thread,
                    who,
                    Action::Advise {
                        pit: pit.parse().expect("a pit letter"),
                        game: None,
                    },
                ))
                .await;
            // A pit that is not legal there is refused: the test asks for legal ones.
            assert!(ack.text.contains("you suggest"), "{}", ack.text);
        }
        let played = moves_of(store, game).await.len();
        assert_eq!(played, ply);
        play_next(service, store, &thread, game, ply).await;
    }
    let reply = service
        .handle(cmd_at(
            &thread,
            "bob",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
    (game.get(), thread)
}

/// The pits played so far in `game`, as its moves are stored.
async fn moves_of(store: &Store, game: GameId) -> Vec<Pit> {
    let moves = store.games().moves(game).await.expect("moves");
    moves.iter().map(|m| m.pit).collect()
}

/// Plays the first legal pit of the game's position (as `play_plies` does).
async fn play_next(service: &Service, store: &Store, at: &Place, game: GameId, ply: usize) {
    let moves = moves_of(store, game).await;
    let local = oware_bot::rules::Game::from_moves(Variant::Abapa, &moves).expect("legal");
    let pit = local
        .legal_moves()
        .into_iter()
        .next()
        .expect("a legal move");
    let author = if ply.is_multiple_of(2) {
        "alice"
    } else {
        "bob"
    };
    let reply = service
        .handle(cmd_at(
            at,
            author,
            Action::Move {
                pit: oware_bot::rules::Typed::of(pit),
                game: Some(game),
                ply: None,
            },
        ))
        .await;
    assert!(!reply.private, "{}", reply.text);
}

/// The first legal pits of the game `play_next` plays, as letters.
fn first_legal_line(plies: usize) -> Vec<String> {
    let mut game = oware_bot::rules::Game::new(Variant::Abapa);
    let mut out = Vec::new();
    for _ in 0..plies {
        let pit = game.legal_moves().into_iter().next().expect("legal");
        out.push(pit.letter().to_string());
        game.play(pit).expect("legal");
    }
    out
}

async fn outbox(service: &Service) -> Vec<Outgoing> {
    service.ops().unsent(Platform::Console, None).await
}

#[tokio::test]
async fn a_review_is_a_job_that_replaces_its_placeholder_and_is_stored() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    let here = place();
    let game = start_game_at(&service, &here, "alice", "bob", casual()).await;
    play_plies(&service, &here, game, ["alice", "bob"], 12).await;

    // Not while the game goes on.
    let early = service.handle(cmd_at(&here, "carol", analyse(game))).await;
    assert!(
        early.private && early.text.contains("still being played"),
        "{}",
        early.text
    );
    let end = service
        .handle(cmd_at(
            &here,
            "bob",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(
        end.buttons.iter().any(|b| b.label == "Analyse"),
        "the final board offers a review: {:?}",
        end.buttons
    );

    // Asked: answered at once, the review is a job.
    let asked = service.handle(cmd_at(&here, "carol", analyse(game))).await;
    assert!(!asked.private, "{}", asked.text);
    assert!(asked.text.contains("Analysing game #"), "{}", asked.text);
    let anchor = asked
        .anchor
        .clone()
        .expect("the placeholder can be replaced");
    // The adapter sent it and tells the service its id.
    service
        .ops()
        .set_anchor(Platform::Console, &anchor, "message-1")
        .await;
    assert!(outbox(&service).await.is_empty());
    assert!(service.ops().run_due_jobs().await >= 1);

    let sent = outbox(&service).await;
    assert_eq!(sent.len(), 1, "one review");
    let review = &sent[0];
    assert_eq!(review.edits.as_deref(), Some(anchor.as_str()));
    assert_eq!(
        ChatService::anchored(&*service, Platform::Console, anchor.clone())
            .await
            .as_deref(),
        Some("message-1")
    );
    assert_eq!(review.place.channel, here.channel, "where it was asked");
    assert!(
        review.reply.text.contains("Review of game"),
        "{}",
        review.reply.text
    );
    assert!(
        review.reply.text.contains("Accuracy: alice"),
        "{}",
        review.reply.text
    );
    let table = review.reply.table.as_deref().expect("the table");
    assert!(
        table.contains("blund") && table.contains("alice"),
        "{table}"
    );
    let graph = review
        .reply
        .files
        .iter()
        .find(|f| f.file_name.starts_with("eval-"))
        .expect("the evaluation graph");
    assert!(is_png(&graph.bytes));
    assert!(
        graph.description.contains("Evaluation"),
        "{}",
        graph.description
    );
    for file in &review.reply.files {
        assert!(is_png(&file.bytes), "{}", file.file_name);
        assert!(
            !file.description.is_empty(),
            "alt text for {}",
            file.file_name
        );
    }
    service.ops().mark_sent(review.id).await;

    // Stored: asking again answers at once, with the pictures, and queues nothing.
    let again = service.handle(cmd_at(&here, "dave", analyse(game))).await;
    assert!(again.text.contains("Review of game"), "{}", again.text);
    assert!(again.anchor.is_none());
    assert!(again.files.iter().any(|f| f.file_name.starts_with("eval-")));
    assert_eq!(service.ops().run_due_jobs().await, 0);
    assert!(outbox(&service).await.is_empty());
    let stored = db
        .store()
        .learning()
        .analysis(game)
        .await
        .expect("read")
        .expect("stored");
    assert!(stored.engine.contains("3000"), "{}", stored.engine);
    assert!(stored.review.is_some(), "read back typed");

    // A review stored in a form this version cannot read is made again, not an
    // error.
    db.execute(&format!(
        "UPDATE analyses SET result = 'not a review' WHERE game_id = {game}"
    ))
    .await;
    let garbled = db
        .store()
        .learning()
        .analysis(game)
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(garbled.review, None);
    let redo = service.handle(cmd_at(&here, "dave", analyse(game))).await;
    assert!(!redo.private, "{}", redo.text);
    assert!(redo.text.contains("Analysing"), "{}", redo.text);
    assert!(service.ops().run_due_jobs().await >= 1);
    let again = outbox(&service).await;
    assert_eq!(again.len(), 1, "the review made again");
    assert!(
        again[0].reply.text.contains("Review of game"),
        "{}",
        again[0].reply.text
    );
}

#[tokio::test]
async fn a_review_interrupted_by_a_restart_is_delivered_once() {
    let db = TempDb::new();
    let here = place();
    let game = {
        let service = Arc::new(db.service_with(config()).await);
        let game = start_game_at(&service, &here, "alice", "bob", casual()).await;
        play_plies(&service, &here, game, ["alice", "bob"], 6).await;
        service
            .handle(cmd_at(
                &here,
                "bob",
                Action::Resign {
                    game: Some(game),
                    confirmed: true,
                },
            ))
            .await;
        let asked = service.handle(cmd_at(&here, "alice", analyse(game))).await;
        assert!(asked.text.contains("Analysing"), "{}", asked.text);
        // A runner takes the job and the process dies before it finishes. Its claim
        // is released at start-up on SQLite and lapses on PostgreSQL (where other
        // processes may be at work), in 20 s here.
        let now = service.now();
        let claimed = db
            .store()
            .jobs()
            .claim_due_jobs(now, now + 20_000, 10)
            .await
            .expect("claim");
        // The review asked for (and the advice check every casual game gets).
        assert!(claimed.iter().any(|j| matches!(
            &j.request,
            Some(JobRequest::Review { to: Some(to) }) if to.anchor.starts_with("analysis-")
        )));
        game
    };
    let service = Arc::new(db.service_with(config()).await);
    let scheduler = tokio::spawn(service.ops().scheduler());
    for _ in 0..600 {
        if !outbox(&service).await.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Give a duplicate every chance to appear.
    tokio::time::sleep(Duration::from_millis(500)).await;
    scheduler.abort();
    let sent = outbox(&service).await;
    assert_eq!(sent.len(), 1, "delivered once after the restart");
    assert!(sent[0]
        .reply
        .text
        .contains(&format!("Review of game #{game}")));
    assert_eq!(service.ops().run_due_jobs().await, 0, "no job left");
}

#[tokio::test]
async fn onlookers_advice_is_judged_when_the_game_ends() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    let line = first_legal_line(12);
    // carol advises the move that will be played on 11 plies; dave on 3, elsewhere
    // when he can.
    let mut advice: Vec<(usize, &str, &str)> = (0..11)
        .map(|ply| (ply, "carol", line[ply].as_str()))
        .collect();
    advice.extend([(0, "dave", "F"), (2, "dave", "E"), (4, "dave", "D")]);
    let (game, thread) = finished_game(&service, &db.store(), 12, &advice).await;
    assert!(
        service.ops().run_due_jobs().await >= 1,
        "the game's review ran"
    );
    let sent = outbox(&service).await;
    let verdict = sent
        .iter()
        .find(|m| m.reply.text.contains("Advice judged"))
        .expect("a verdict in the thread");
    assert_eq!(verdict.place.thread, thread.thread, "in the game's thread");
    assert!(
        verdict.reply.text.contains("11 moves had advice"),
        "{}",
        verdict.reply.text
    );
    assert!(
        verdict.reply.text.contains("best adviser:"),
        "{}",
        verdict.reply.text
    );
    // Judged in the review's transaction: stored, and carol has 11 picks.
    assert!(db
        .store()
        .learning()
        .analysis(GameId::new(game))
        .await
        .unwrap()
        .is_some());
    let board = service
        .handle(cmd_at(&place(), "erin", Action::Advisers { global: false }))
        .await;
    assert!(board.text.contains("carol"), "{}", board.text);
    assert!(board.text.contains("of 11 within a seed"), "{}", board.text);
    assert!(
        !board.text.contains("dave"),
        "3 picks are too few: {}",
        board.text
    );
    let global = service
        .handle(cmd_at(&place(), "erin", Action::Advisers { global: true }))
        .await;
    assert!(global.text.contains("everywhere") && global.text.contains("carol"));

    // A game nobody advised in gets no verdict.
    let (_, _) = finished_game(&service, &db.store(), 4, &[]).await;
    for m in outbox(&service).await {
        service.ops().mark_sent(m.id).await;
    }
    service.ops().run_due_jobs().await;
    assert!(outbox(&service).await.is_empty());
}

/// The analysis jobs queued for `game`.
async fn analysis_jobs(db: &TempDb, game: GameId) -> i64 {
    db.count(&format!(
        "SELECT count(*) FROM jobs WHERE kind = 'analysis' AND game_id = {game}"
    ))
    .await
}

#[tokio::test]
async fn a_game_is_analysed_once_however_often_it_is_asked() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    let line = first_legal_line(8);
    // Advice was given: the game's end queues its automatic review.
    let advice: Vec<(usize, &str, &str)> = (0..4)
        .map(|ply| (ply, "carol", line[ply].as_str()))
        .collect();
    let (game, _) = finished_game(&service, &db.store(), 8, &advice).await;
    assert_eq!(
        analysis_jobs(&db, GameId::new(game)).await,
        1,
        "the automatic review"
    );

    // The first request joins the queued review: still one job, and it now posts
    // the whole review to the asker.
    let first = service
        .handle(cmd_at(&place(), "carol", analyse(GameId::new(game))))
        .await;
    assert!(!first.private, "{}", first.text);
    assert!(first.text.contains("Analysing game #"), "{}", first.text);
    assert_eq!(analysis_jobs(&db, GameId::new(game)).await, 1);
    // Asked again (and again) before it ran: told it is under way, nothing queued.
    for who in ["dave", "carol"] {
        let again = service
            .handle(cmd_at(&place(), who, analyse(GameId::new(game))))
            .await;
        assert!(again.private, "{}", again.text);
        assert!(
            again.text.contains("being analysed already"),
            "{}",
            again.text
        );
    }
    assert_eq!(
        analysis_jobs(&db, GameId::new(game)).await,
        1,
        "one review per game"
    );

    assert_eq!(service.ops().run_due_jobs().await, 1, "one review ran");
    let reviews: Vec<Outgoing> = outbox(&service)
        .await
        .into_iter()
        .filter(|m| m.reply.text.contains("Advice judged"))
        .collect();
    assert_eq!(
        reviews.len(),
        1,
        "posted once, to the asker, with the verdict"
    );
    assert!(
        reviews[0].reply.files.iter().any(|f| is_png(&f.bytes)),
        "with its evaluation graph"
    );
    // Once stored, asking shows it at once.
    let after = service
        .handle(cmd_at(&place(), "dave", analyse(GameId::new(game))))
        .await;
    assert!(!after.private && !after.files.is_empty(), "{}", after.text);
    assert_eq!(analysis_jobs(&db, GameId::new(game)).await, 0);
}

/// Small endgame tables, built once for this test binary and given to `service`'s
/// engine.
fn install_small_tables(service: &Service) -> Arc<engine::Tables> {
    static TABLES: std::sync::OnceLock<Arc<engine::Tables>> = std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| Arc::new(tables::build(10, |_| {})));
    assert!(service.engine().install_tables(Arc::clone(tables)));
    Arc::clone(tables)
}

fn solve(pit: &str, puzzle: Option<i64>) -> Action {
    Action::Solve {
        pit: pit.parse().expect("a pit letter"),
        puzzle,
    }
}

fn puzzle_id(reply: &Reply) -> i64 {
    let start = reply.text.find("**Puzzle #").expect("a puzzle") + "**Puzzle #".len();
    reply.text[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("its number")
}

#[tokio::test]
async fn puzzles_are_rated_never_repeated_and_checked() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    let tables = install_small_tables(&service);
    let here = place();

    let none = service
        .handle(cmd_at(&here, "alice", solve("a", None)))
        .await;
    assert!(none.text.contains("no puzzle open"), "{}", none.text);

    let first = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    assert!(!first.private, "{}", first.text);
    assert!(
        first.text.contains("Find the move that wins"),
        "{}",
        first.text
    );
    // The score names each side, so its order is never in doubt.
    assert!(
        first.text.contains("; captured so far: South ") && first.text.contains(", North "),
        "{}",
        first.text
    );
    let id = puzzle_id(&first);
    let png = first
        .files
        .iter()
        .find(|f| f.file_name.starts_with("puzzle-"))
        .expect("the board");
    assert!(is_png(&png.bytes) && !png.description.is_empty());
    assert!(!first.buttons.is_empty(), "a button per legal pit");
    let row = stored_puzzle(&db, id).await;
    let position = row.position;

    // A first wrong answer may be tried again: nothing shown, nothing rated.
    let wrong = position
        .legal_moves(Variant::Abapa)
        .into_iter()
        .find(|&p| p != row.solution)
        .expect("another legal move");
    let first_try = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&wrong.letter().to_string(), None),
        ))
        .await;
    assert!(
        first_try.private
            && first_try.text.contains("Not quite")
            && first_try.text.contains("try once more")
            && !first_try.text.contains("The move was"),
        "{}",
        first_try.text
    );
    assert_eq!(
        db.store()
            .learning()
            .puzzle_stats(Platform::Console, "alice")
            .await
            .unwrap(),
        None,
        "not rated yet"
    );
    // The second wrong answer is refused with the solution.
    let answer = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&wrong.letter().to_string(), None),
        ))
        .await;
    assert!(answer.text.contains("Not this time"), "{}", answer.text);
    assert!(
        answer
            .text
            .contains(&format!("The move was **{}**", row.solution)),
        "{}",
        answer.text
    );
    let line: Vec<String> = row.line.iter().map(ToString::to_string).collect();
    assert!(
        answer.text.contains(&line.join(" ")),
        "the line: {}",
        answer.text
    );
    assert!(
        answer.private && answer.secret,
        "the answer would spoil the puzzle for others: told privately"
    );
    assert!(
        outbox(&service).await.is_empty(),
        "a wrong answer is not announced"
    );
    let twice = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&row.solution.to_string(), Some(id)),
        ))
        .await;
    assert!(twice.text.contains("answered puzzle"), "{}", twice.text);

    // The next one is another puzzle; a button answers it.
    let second = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    let id2 = puzzle_id(&second);
    assert_ne!(id2, id, "never the same puzzle twice");
    let row2 = stored_puzzle(&db, id2).await;
    let right = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&row2.solution.to_string(), Some(id2)),
        ))
        .await;
    assert!(right.text.contains("**Right**"), "{}", right.text);
    assert!(right.private && right.secret, "{}", right.text);
    // The room hears who solved it, and nothing of the answer.
    let told = outbox(&service).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(
        told[0].reply.text,
        format!("**alice** solved puzzle #{id2}.")
    );
    assert!(!told[0].reply.private);
    service.ops().mark_sent(told[0].id).await;
    let stats = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(
        stats.text.contains("Puzzles: rating") && stats.text.contains("1 solved of 2"),
        "{}",
        stats.text
    );
    // Illegal answers do not count.
    let third = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    let third_row = db
        .store()
        .learning()
        .puzzle(puzzle_id(&third))
        .await
        .unwrap()
        .expect("stored");
    let position = third_row.position;
    let legal = position.legal_moves(oware_bot::rules::Variant::Abapa);
    let illegal = (0..6)
        .map(|column| oware_bot::rules::Pit::of(position.to_move(), column))
        .find(|pit| !legal.contains(*pit))
        .expect("a puzzle's side to move has a pit it cannot play");
    let bad = service
        .handle(cmd_at(&here, "alice", solve(&illegal.to_string(), None)))
        .await;
    assert!(
        bad.private && bad.text.contains(&format!("puzzle #{}", puzzle_id(&third))),
        "{}",
        bad.text
    );
    // Asking for another while it is open counts it as not solved.
    let fourth = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    assert!(
        fourth.text.starts_with(&format!(
            "Puzzle #{} was still open, so it counts as not solved",
            puzzle_id(&third)
        )),
        "{}",
        fourth.text
    );
    assert_ne!(puzzle_id(&fourth), puzzle_id(&third));
    let stats = service
        .handle(cmd_at(
            &here,
            "alice",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(stats.text.contains("1 solved of 3"), "{}", stats.text);

    // Every stored puzzle's solution holds, exactly by the tables.
    let all = db.store().learning().all_puzzles().await.unwrap();
    assert!(all.len() >= 3);
    for row in all {
        let puzzle = Puzzle {
            position: row.position,
            solution: row.solution,
            goal: engine::puzzles::Goal::Win,
            line: Vec::new(),
        };
        assert_eq!(row.source, "tables");
        assert!(
            engine::puzzles::verify(&puzzle, 3_000, Some(&tables)),
            "puzzle #{} {:?}",
            row.id,
            row.position
        );
    }
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_for_everyone_here_and_lists_its_solvers() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    install_small_tables(&service);
    let server = Place {
        platform: Platform::Discord,
        space: Some("guild-1".into()),
        channel: "general".into(),
        thread: None,
    };
    let elsewhere = Place {
        channel: "other".into(),
        ..server.clone()
    };
    let daily = Action::Puzzle { daily: true };
    let alice = service
        .handle(cmd_at(&server, "alice", daily.clone()))
        .await;
    assert!(alice.text.contains("Puzzle of the day"), "{}", alice.text);
    assert!(alice.text.contains("nobody yet"), "{}", alice.text);
    // The day's first asker posts it for the room; everyone later sees it privately.
    assert!(!alice.private, "{}", alice.text);
    let id = puzzle_id(&alice);
    let row = stored_puzzle(&db, id).await;
    let solved = service
        .handle(cmd_at(
            &server,
            "alice",
            solve(&row.solution.to_string(), None),
        ))
        .await;
    assert!(solved.text.contains("**Right**"), "{}", solved.text);
    let told = service.ops().unsent(Platform::Discord, None).await;
    assert!(
        told.iter()
            .any(|m| m.reply.text == "**alice** solved today's puzzle."
                && m.place.channel == "general"),
        "the room hears who solved it: {told:?}"
    );
    assert!(
        solved.private && solved.secret,
        "the others here are still solving it: the answer is a secret"
    );
    // Another channel of the same server: the same puzzle, alice listed.
    let bob = service
        .handle(cmd_at(&elsewhere, "bob", daily.clone()))
        .await;
    assert_eq!(puzzle_id(&bob), id);
    assert!(
        bob.private
            && bob
                .text
                .starts_with("Today's puzzle was posted here earlier"),
        "the board is posted once a day: {}",
        bob.text
    );
    assert!(
        bob.text.contains("Solved so far here: alice"),
        "{}",
        bob.text
    );
    // Alice sees it answered.
    let again = service.handle(cmd_at(&server, "alice", daily)).await;
    assert!(
        again.text.contains("answered this one already"),
        "{}",
        again.text
    );
    assert!(again.buttons.is_empty());
}

#[tokio::test]
async fn only_the_person_given_a_puzzle_answers_it_but_anyone_here_the_daily_one() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    install_small_tables(&service);
    let here = place();
    let platform = here.platform;
    let alices = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    let id = puzzle_id(&alices);
    let row = stored_puzzle(&db, id).await;
    let solution = row.solution.to_string();
    // Mallory presses the pit buttons of alice's public message: refused, told to
    // ask for her own, and nothing is recorded or rated.
    let pressed = service
        .handle(cmd_at(&here, "mallory", solve(&solution, Some(id))))
        .await;
    assert!(pressed.private, "{}", pressed.text);
    assert!(
        pressed.text.contains("given to someone else") && pressed.text.contains("/oware puzzle"),
        "{}",
        pressed.text
    );
    assert_eq!(
        db.store()
            .learning()
            .puzzle_stats(platform, "mallory")
            .await
            .unwrap(),
        None
    );
    assert!(outbox(&service).await.is_empty(), "nothing announced");
    // Alice's puzzle is still hers to answer.
    let answered = service
        .handle(cmd_at(&here, "alice", solve(&solution, Some(id))))
        .await;
    assert!(answered.text.contains("**Right**"), "{}", answered.text);

    // Today's puzzle is given to everyone at its place: bob, who never asked for it,
    // answers it from alice's message.
    let daily = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: true }))
        .await;
    let today = puzzle_id(&daily);
    let row = stored_puzzle(&db, today).await;
    let bobs = service
        .handle(cmd_at(
            &here,
            "bob",
            solve(&row.solution.to_string(), Some(today)),
        ))
        .await;
    assert!(bobs.text.contains("**Right**"), "{}", bobs.text);
    // Not from another place, where it is not today's puzzle.
    let elsewhere = Place {
        channel: "elsewhere".into(),
        ..here.clone()
    };
    let other = service
        .handle(cmd_at(
            &elsewhere,
            "carol",
            solve(&row.solution.to_string(), Some(today)),
        ))
        .await;
    assert!(
        other.private && other.text.contains("given to someone else"),
        "{}",
        other.text
    );
}

#[tokio::test]
async fn reviews_queued_are_capped_per_person_and_in_all() {
    let db = TempDb::new();
    let caps = oware_bot::service::Caps {
        queued_reviews_per_user: 2,
        queued_reviews: 3,
        ..oware_bot::service::Caps::default()
    };
    let service = Arc::new(db.service_with(ServiceConfig { caps, ..config() }).await);
    let mut games = Vec::new();
    for _ in 0..5 {
        games.push(finished_game(&service, &db.store(), 2, &[]).await.0);
    }
    // Reviews asked for (the automatic ones, which judge advice, are not counted).
    let queued = || async {
        db.count("SELECT count(*) FROM jobs WHERE kind = 'analysis' AND requested_by IS NOT NULL")
            .await
    };
    for &game in &games[..2] {
        let asked = service
            .handle(cmd_at(&place(), "carol", analyse(GameId::new(game))))
            .await;
        assert!(!asked.private, "{}", asked.text);
    }
    // Carol's third is refused, saying what to do instead; nothing is queued.
    let third = service
        .handle(cmd_at(&place(), "carol", analyse(GameId::new(games[2]))))
        .await;
    assert!(third.private, "{}", third.text);
    assert!(
        third.text.contains("2 reviews queued already")
            && third
                .text
                .contains(&format!("/oware analyse #{}", games[2])),
        "{}",
        third.text
    );
    assert_eq!(queued().await, 2);
    // Asking again for one she has queued is no new review.
    let again = service
        .handle(cmd_at(&place(), "carol", analyse(GameId::new(games[0]))))
        .await;
    assert!(
        again.text.contains("being analysed already"),
        "{}",
        again.text
    );
    // Dave's fills the queue; erin's is refused for everyone's sake.
    let daves = service
        .handle(cmd_at(&place(), "dave", analyse(GameId::new(games[2]))))
        .await;
    assert!(!daves.private, "{}", daves.text);
    let erins = service
        .handle(cmd_at(&place(), "erin", analyse(GameId::new(games[3]))))
        .await;
    assert!(erins.private, "{}", erins.text);
    assert!(
        erins.text.contains("3 reviews are queued already") && erins.text.contains("few minutes"),
        "{}",
        erins.text
    );
    assert_eq!(queued().await, 3);
    // Once the reviews are posted, there is room again.
    service.ops().run_due_jobs().await;
    assert_eq!(queued().await, 0);
    let fourth = service
        .handle(cmd_at(&place(), "carol", analyse(GameId::new(games[4]))))
        .await;
    assert!(!fourth.private, "{}", fourth.text);
}

#[tokio::test]
async fn a_puzzle_solved_on_the_second_try_is_right_but_counts_as_not_solved() {
    let db = TempDb::new();
    let service = Arc::new(db.service_with(config()).await);
    install_small_tables(&service);
    let here = place();
    let given = service
        .handle(cmd_at(&here, "alice", Action::Puzzle { daily: false }))
        .await;
    let id = puzzle_id(&given);
    let row = stored_puzzle(&db, id).await;
    let wrong = row
        .position
        .legal_moves(Variant::Abapa)
        .into_iter()
        .find(|&p| p != row.solution)
        .expect("another legal move");
    let first = service
        .handle(cmd_at(&here, "alice", solve(&wrong.to_string(), None)))
        .await;
    assert!(first.text.contains("try once more"), "{}", first.text);
    // The puzzle is still open: the answer needs no id.
    let second = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&row.solution.to_string(), None),
        ))
        .await;
    assert!(
        second.text.contains("Right on the second try")
            && second.text.contains("counts as not solved"),
        "{}",
        second.text
    );
    assert!(outbox(&service).await.is_empty(), "the room hears no solve");
    let stats = db
        .store()
        .learning()
        .puzzle_stats(Platform::Console, "alice")
        .await
        .unwrap()
        .expect("rated once");
    assert_eq!((stats.attempts, stats.solved), (1, 0), "{stats:?}");
    // And it is answered: a third try is refused.
    let third = service
        .handle(cmd_at(
            &here,
            "alice",
            solve(&row.solution.to_string(), Some(id)),
        ))
        .await;
    assert!(third.text.contains("answered puzzle"), "{}", third.text);
}

/// Puzzle `id` as stored.
async fn stored_puzzle(db: &TempDb, id: i64) -> oware_bot::store::PuzzleRow {
    db.store()
        .learning()
        .puzzle(id)
        .await
        .unwrap()
        .expect("stored")
}
