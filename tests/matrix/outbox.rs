//! The outbox on Matrix with the real service and its scheduler: the engine's move
//! arrives in the game's thread with its board image, and a message sent just
//! before a crash (not yet marked sent) is seen once after the restart, because the
//! re-send carries the same transaction ids and Synapse de-duplicates them. A
//! message about a game that has no thread yet opens one and records it, while a
//! message for a room the bot is not in fails, is counted and waits.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use matrix_sdk::Room;
use oware_bot::chat::matrix::Deliverer;
use oware_bot::service::{
    Action, ChallengeOptions, Command, First, Level, Outgoing, Place, Platform, Service, User,
};

use crate::support::{
    assert_board, body, env, login, mentions, say, start_bot, Env, RunningBot, Watch,
};
use crate::{bot_config, game_room, real_service, temp, ONE_BOT, SKIPPED};

/// Alice challenges the bot (easy, she moves first); returns the game's thread root.
async fn start_engine_game(env: &Env, watch: &mut Watch, room: &Room) -> String {
    say(room, &format!("!oware play {} level:easy", env.bot), None).await;
    let root_event = watch.until_text("thread root").await;
    assert_eq!(root_event.len(), 1, "the root comes first: {root_event:#?}");
    assert!(root_event[0]["content"].get("m.relates_to").is_none());
    let root = root_event[0]["event_id"]
        .as_str()
        .expect("root id")
        .to_string();
    let first = watch.until_text("first board").await;
    assert_board(&first, &root, 1, "first board");
    let text = first.last().expect("text");
    assert!(body(text).contains("against the engine"), "{text:#}");
    assert!(mentions(text, &env.alice.0), "Alice moves first");
    root
}

/// Waits until the Matrix outbox holds exactly `n` unsent messages.
async fn wait_unsent(service: &Service, n: usize, what: &str) -> Vec<Outgoing> {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let unsent = service.ops().unsent(Platform::Matrix, None).await;
        if unsent.len() == n {
            return unsent;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: {} unsent messages, expected {n}",
            unsent.len()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The engine's move, via the outbox: after the answer to Alice's move, in the
/// game's thread, board image first, Alice mentioned to move again.
fn assert_engine_move(events: &[serde_json::Value], root: &str, alice: &str, what: &str) {
    assert_board(events, root, 1, what);
    let text = events.last().expect("text");
    assert!(body(text).contains(" played "), "{what}: {text:#}");
    assert!(!body(text).contains("alice played"), "{what}: {text:#}");
    assert!(mentions(text, alice), "{what}: Alice is to move: {text:#}");
}

pub(crate) struct Setup {
    pub(crate) env: Env,
    pub(crate) service: Arc<Service>,
    pub(crate) scheduler: tokio::task::JoinHandle<()>,
    pub(crate) cfg: oware_bot::chat::matrix::MatrixConfig,
    pub(crate) bot: RunningBot,
    pub(crate) room: Room,
    pub(crate) watch: Watch,
    pub(crate) root: String,
    pub(crate) dir: std::path::PathBuf,
}

/// A fresh database and store directory, the bot and the scheduler running, and a
/// game between Alice and the engine begun in a new room.
pub(crate) async fn setup(env: Env, name: &str) -> Setup {
    let dir = temp(name);
    let (service, _, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let mut watch = Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    let root = start_engine_game(&env, &mut watch, &room).await;
    Setup {
        env,
        service,
        scheduler,
        cfg,
        bot,
        room,
        watch,
        root,
        dir,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engines_move_arrives_in_the_games_thread() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let mut s = setup(env, "engine").await;

    // Typed in the main timeline: the answer and the engine's move go to the thread.
    say(&s.room, "!move c", None).await;
    let mine = s.watch.until_text("Alice's move").await;
    assert_board(&mine, &s.root, 1, "Alice's move");
    assert!(
        body(mine.last().expect("text")).contains("played C"),
        "{mine:#?}"
    );
    let engine = s.watch.until_text("the engine's move").await;
    assert_engine_move(&engine, &s.root, &s.env.alice.0, "the engine's move");

    wait_unsent(&s.service, 0, "delivered and marked sent").await;
    s.watch
        .quiet(Duration::from_secs(2), "after the engine's move")
        .await;
    s.bot.stop().await;
    s.scheduler.abort();
    let _ = std::fs::remove_dir_all(&s.dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_sent_but_not_marked_before_a_crash_shows_once() {
    let lang = &oware_bot::i18n::Language::english();
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let mut s = setup(env, "crash").await;
    s.bot.stop().await;

    // While the bot is down, Alice's move reaches the service (as if the bot took
    // it and died before answering); the engine's answer waits in the outbox.
    let alice = User {
        id: s.env.alice.0.clone(),
        name: "alice".into(),
        is_bot: false,
    };
    let reply = s
        .service
        .handle(Command::new(
            Place {
                platform: Platform::Matrix,
                space: None,
                channel: s.room.room_id().to_string(),
                thread: Some(s.root.clone()),
            },
            alice,
            Action::Move {
                pit: "c".parse().expect("a pit letter"),
                game: None,
                ply: None,
            },
        ))
        .await;
    assert!(!reply.private, "the move is played: {reply:?}");
    let pending = wait_unsent(&s.service, 1, "the engine's move").await;
    let message = &pending[0];
    assert_eq!(message.reply.game, Some(oware_bot::service::GameId::new(1)));
    assert!(!message.reply.files.is_empty(), "the board is rendered");

    // The deliverer sends it, then "crashes" before marking it sent.
    let deliverer = Deliverer::connect(Arc::clone(&s.service), &s.cfg)
        .await
        .expect("the deliverer logs in with the bot's saved session");
    deliverer.send(lang, message).await.expect("sent");
    drop(deliverer);
    let before = s.watch.until_text("the engine's move, sent").await;
    assert_engine_move(&before, &s.root, &s.env.alice.0, "sent before the crash");
    assert_eq!(
        s.service.ops().unsent(Platform::Matrix, None).await.len(),
        1,
        "not marked sent"
    );

    // The restarted bot sends it again under the same transaction ids: Synapse
    // answers with the events it already has, and the row is marked sent.
    let bot = start_bot(&s.service, &s.cfg);
    wait_unsent(&s.service, 0, "re-sent and marked after the restart").await;
    s.watch
        .quiet(Duration::from_secs(3), "a re-sent message shows once")
        .await;
    bot.stop().await;
    s.scheduler.abort();
    let _ = std::fs::remove_dir_all(&s.dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_a_thread_gets_one_for_the_engines_move() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("nothread");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let mut watch = Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    // Games against the engine, which moves first, start without the adapter (their
    // answers are dropped), so they have no thread when the engine's move comes.
    // Game #1 is in a room the bot is not in: its message fails and waits.
    let nowhere = "!nowhere:localhost";
    engine_game_without_adapter(&env, &service, nowhere).await;
    engine_game_without_adapter(&env, &service, room.room_id().as_str()).await;

    let root_event = watch.until_text("the thread's root").await;
    assert_eq!(root_event.len(), 1, "{root_event:#?}");
    assert!(root_event[0]["content"].get("m.relates_to").is_none());
    assert!(body(&root_event[0]).contains("Oware game #2"));
    let root = root_event[0]["event_id"]
        .as_str()
        .expect("root id")
        .to_string();
    let moved = watch.until_text("the engine's first move").await;
    assert_engine_move(&moved, &root, &env.alice.0, "the engine's first move");
    // Game #2's message is marked sent; game #1's is refused for good (the bot is not
    // in that room): it is dead at once, counted by the status, not retried.
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let counts = store
            .pages()
            .status_counts(oware_bot::store::now_ms())
            .await
            .expect("reads");
        let matrix = counts
            .unsent
            .iter()
            .find(|u| u.platform == Platform::Matrix);
        if matrix.is_some_and(|m| m.waiting == 0 && m.dead == 1) {
            break;
        }
        assert!(Instant::now() < deadline, "unsent: {counts:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let row = store
        .games()
        .game(oware_bot::service::GameId::new(2))
        .await
        .expect("reads")
        .expect("game #1");
    assert_eq!(
        row.thread.as_deref(),
        Some(root.as_str()),
        "the thread is recorded"
    );

    // Alice's answer, typed in the main timeline, goes to that thread.
    say(&room, "!move c", None).await;
    let mine = watch.until_text("Alice's move").await;
    assert_board(&mine, &root, 1, "Alice's move");
    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Alice challenges the engine (easy, it moves first) in `channel` through the
/// service directly, as if the bot had died before answering.
async fn engine_game_without_adapter(env: &Env, service: &Service, channel: &str) {
    let options = ChallengeOptions {
        first: First::Opponent,
        level: Some(Level::Easy),
        ..ChallengeOptions::default()
    };
    let engine = User {
        id: env.bot.clone(),
        name: "oware-bot".into(),
        is_bot: true,
    };
    let reply = service
        .handle(Command::new(
            Place {
                platform: Platform::Matrix,
                space: None,
                channel: channel.to_string(),
                thread: None,
            },
            User {
                id: env.alice.0.clone(),
                name: "alice".into(),
                is_bot: false,
            },
            Action::Play {
                opponent: engine,
                options,
            },
        ))
        .await;
    assert!(
        reply.text.contains("against the engine"),
        "the game starts: {reply:?}"
    );
}
