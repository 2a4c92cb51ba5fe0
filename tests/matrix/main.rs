//! The real Matrix adapter against a real Synapse on loopback (`tools/synapse.sh
//! start DIR`, then `set -a; . DIR/env; set +a`).
//!
//! With the real service (SQLite store, shared parser, board renderer): two players
//! challenge, accept and play a whole game by typed `!move`s; every board lands in
//! the game's thread as an `m.image` plus the text board, refusals reply to the
//! offending message (the service's, which are private, go to a direct room), and a
//! restart mid-game loses and replays nothing. With a
//! small fake service: the service's `open_thread` name is honoured, a mention pill
//! names the opponent, history from before the bot joined is not answered, each
//! command reaches the service once. In an end-to-end encrypted room
//! (`encrypted`) a game is played through a kill of the bot, every message of the
//! bot decrypts, images included, and an undecryptable message is answered once.
//! With the real service and its scheduler (`outbox`): the engine's moves arrive
//! through the outbox, and a message sent just before a crash shows once. The real
//! binary killed between a command's answer and its sync token (`kill`) applies and
//! answers it once after the restart. Private replies go to a direct room
//! (`private`); rooms are independent under a slow service, and a graceful stop
//! finishes the command in hand (`rooms`).
//! A room's power levels decide who administers it (`admins`).
//! Without `MATRIX_TEST_HOMESERVER` the tests say SKIPPED.

#![allow(clippy::unwrap_used)]
// a test: a failed unwrap is a failed test

// The SDK's sync future with encryption is deeply nested: spawning it needs more.
#![recursion_limit = "256"]

mod admins;
mod analysis;
mod chaos;
mod encrypted;
mod fake;
mod in_place;
mod kill;
mod outbox;
mod private;
mod proxy;
mod rooms;
mod support;
mod tournament;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use fake::FakeService;
use in_place::everyday_answers_in_the_thread;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::room::message::RoomMessageEventContent;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};
use matrix_sdk::{Client, Room};
use oware_bot::chat::matrix::{MatrixConfig, Secret};
use oware_bot::chat::ChatService;
use oware_bot::rules::{Game, Pit, Side, Variant};
use oware_bot::service::Platform;
use oware_bot::service::{Service, ServiceConfig};
use oware_bot::store::Store;
use support::{
    assert_board, body, env, login, mentions, replies_to, say, start_bot, thread_root, wait_joined,
    Env, RunningBot, Watch,
};

/// Both tests log in as the same bot account: one bot at a time.
pub(crate) static ONE_BOT: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub(crate) const SKIPPED: &str = "SKIPPED: no Synapse configured (run tools/synapse.sh start)";

pub(crate) fn bot_config(env: &Env, store_dir: &Path) -> MatrixConfig {
    let _ = std::fs::remove_dir_all(store_dir);
    MatrixConfig {
        homeserver: env.homeserver.clone(),
        user: env.bot.clone(),
        password: Some(Secret::new(env.bot_password.clone())),
        access_token: None,
        store_dir: store_dir.to_path_buf(),
        store_passphrase: Some(Secret::new("test passphrase")),
        invites: oware_bot::chat::matrix::InvitePolicy::default(),
    }
}

pub(crate) fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("oware-matrix-{name}-{}", std::process::id()))
}

/// The real service on a fresh SQLite database in `dir`, with its scheduler (engine
/// moves, deadlines) running; abort the handle at the end of the test. The store is
/// the one the service works on (a clone), for tests that look into the database.
pub(crate) async fn real_service(dir: &Path) -> (Arc<Service>, Store, tokio::task::JoinHandle<()>) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("temp dir");
    let db = dir.join("oware.db");
    let store = Store::open(db.to_str().expect("utf-8 path"))
        .await
        .expect("store opens");
    // The players type as fast as the test can: no command rate.
    // Small review budgets: the tests run unoptimised.
    let config = ServiceConfig {
        rates: [None; 3],
        analysis_nodes: 5_000,
        ..ServiceConfig::default()
    };
    let service = Arc::new(Service::new(store.clone(), config));
    let scheduler = tokio::spawn(service.ops().scheduler());
    (service, store, scheduler)
}

/// Alice's room with Bob and the bot in it, as (Alice's view, Bob's view). With
/// `early`, Alice asks for help before the bot is invited.
pub(crate) async fn game_room(
    env: &Env,
    alice: &Client,
    bob: &Client,
    early: Option<&str>,
) -> (Room, Room) {
    let mut request = create_room::v3::Request::new();
    request.invite = vec![OwnedUserId::try_from(env.bob.0.as_str()).expect("user id")];
    let room_a = alice
        .create_room(request)
        .await
        .expect("alice creates a room");
    if let Some(text) = early {
        say(&room_a, text, None).await;
    }
    let bot = OwnedUserId::try_from(env.bot.as_str()).expect("bot id");
    room_a
        .invite_user_by_id(&bot)
        .await
        .expect("alice invites the bot");
    let room_id = room_a.room_id().to_owned();
    let room_b = bob.join_room_by_id(&room_id).await.expect("bob joins");
    wait_joined(alice, &room_id, &env.bot).await;
    (room_a, room_b)
}

/// Challenge and accept; returns the thread root of the game's thread.
pub(crate) async fn start_game(
    env: &Env,
    watch: &mut Watch,
    room_a: &Room,
    room_b: &Room,
    images: usize,
    pill: bool,
) -> String {
    let (alice_id, bob_id) = (env.alice.0.as_str(), env.bob.0.as_str());
    if pill {
        // As Element sends a mention: the display text in the body, the id in a
        // pill and in m.mentions.
        let html = format!(r#"!oware play <a href="https://matrix.to/#/{bob_id}">Bob Builder</a>"#);
        let mut content = RoomMessageEventContent::text_html("!oware play Bob Builder", html);
        content.mentions = Some(Mentions::with_user_ids([
            OwnedUserId::try_from(bob_id).expect("user id")
        ]));
        room_a.send(content).await.expect("alice challenges");
    } else {
        say(room_a, &format!("!oware play {bob_id}"), None).await;
    }
    let challenge = watch.next(1, "challenge").await;
    assert!(
        body(&challenge[0]).contains("challenges"),
        "{:#}",
        challenge[0]
    );
    assert!(body(&challenge[0]).contains("!oware accept"));
    assert!(
        mentions(&challenge[0], bob_id),
        "the challenged player is mentioned"
    );
    say(room_b, "!oware accept", None).await;
    let root_event = watch.until_text("thread root").await;
    assert_eq!(root_event.len(), 1, "the root comes first: {root_event:#?}");
    let root = root_event[0]["event_id"]
        .as_str()
        .expect("root id")
        .to_string();
    assert!(
        root_event[0]["content"].get("m.relates_to").is_none(),
        "the root is in the main timeline"
    );
    assert!(body(&root_event[0]).contains("Oware"));
    let first = watch.until_text("first board").await;
    assert_board(&first, &root, images, "first board");
    let text = first.last().expect("text");
    assert!(mentions(text, alice_id), "the first mover is mentioned");
    assert!(body(text).contains("Your move: A B C D E F"), "{text:#}");
    root
}

/// The move a test player makes: the biggest immediate capture, else the first
/// legal pit, so the game ends in a reasonable number of plies. Returned as typed
/// (a letter of the mover's own row).
pub(crate) fn pick(game: &Game) -> (Pit, String) {
    let side = game.to_move().expect("game not over");
    let best = game
        .legal_moves()
        .into_iter()
        .max_by_key(|&pit| {
            let mut g = game.clone();
            g.play(pit).expect("legal");
            (g.position().score(side), std::cmp::Reverse(pit.index()))
        })
        .expect("a legal move");
    (best, best.letter().to_ascii_lowercase().to_string())
}

/// A whole game by typed moves: Alice types in the thread, Bob in the main timeline;
/// every board lands in the thread. Refusals on the way (out of turn, not a pit,
/// an empty pit) and one restart of the bot with a move sent while it is down.
async fn play_to_the_end<S: ChatService>(
    env: &Env,
    service: &Arc<S>,
    cfg: &MatrixConfig,
    mut bot: RunningBot,
) -> (String, Game) {
    let alice = login(env, &env.alice).await;
    let bob = login(env, &env.bob).await;
    let (alice_id, bob_id) = (env.alice.0.as_str(), env.bob.0.as_str());
    let (room_a, room_b) = game_room(env, &alice, &bob, None).await;
    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    // Chatter is ignored; help is answered (with Matrix's `!` commands) in place, as
    // a reply to the command.
    say(&room_a, "hello bob, fancy a game?", None).await;
    let asked = say(&room_a, "!oware help", None).await;
    let help = watch.next(1, "help").await;
    assert!(body(&help[0]).contains("`!move c`"), "{:#}", help[0]);
    assert_eq!(replies_to(&help[0]), Some(asked.as_str()));
    assert_eq!(thread_root(&help[0]), None, "in the main timeline");

    let root = start_game(env, &mut watch, &room_a, &room_b, 1, false).await;
    let root_id = OwnedEventId::try_from(root.as_str()).expect("event id");

    // Every refusal replies to the offending message, in its thread if any: the
    // service's and the parser's alike.
    let start = Game::new(Variant::Abapa);
    everyday_answers_in_the_thread(&mut watch, &room_a, &room_b, &root_id, &start).await;
    let wrong_thread = say(&room_b, "!move", Some(&root_id)).await;
    let refusal = watch.next(1, "no pit").await;
    assert_eq!(replies_to(&refusal[0]), Some(wrong_thread.as_str()));
    assert_eq!(thread_root(&refusal[0]), Some(root.as_str()));
    let unknown = say(&room_a, "!oware frobnicate", None).await;
    let refusal = watch.next(1, "unknown command").await;
    assert_eq!(replies_to(&refusal[0]), Some(unknown.as_str()));
    assert_eq!(
        thread_root(&refusal[0]),
        None,
        "answered in the main timeline"
    );
    let typed = say(&room_a, "!move z", None).await;
    let refusal = watch.next(1, "not a pit").await;
    assert!(body(&refusal[0]).contains("not a pit"), "{:#}", refusal[0]);
    assert_eq!(replies_to(&refusal[0]), Some(typed.as_str()));

    let mut game = Game::new(Variant::Abapa);
    let (mut refused_empty, mut restarted) = (false, false);
    while !game.is_over() {
        let south = game.to_move() == Some(Side::South);
        let (room, thread, other) = if south {
            (&room_a, Some(&root_id), bob_id)
        } else {
            (&room_b, None, alice_id)
        };
        if !refused_empty && south {
            let empty = (0..6).find(|&c| game.position().seeds(Pit::of(Side::South, c)) == 0);
            if let Some(c) = empty {
                let letter = Pit::of(Side::South, c).letter().to_ascii_lowercase();
                let typed = say(room, &format!("!move {letter}"), thread).await;
                let refusal = watch.next(1, "empty pit").await;
                assert!(body(&refusal[0]).contains("is empty"), "{:#}", refusal[0]);
                assert_eq!(replies_to(&refusal[0]), Some(typed.as_str()));
                assert_eq!(thread_root(&refusal[0]), Some(root.as_str()));
                refused_empty = true;
            }
        }
        let (pit, typed) = pick(&game);
        game.play(pit).expect("legal");
        let ply = game.plies().len();
        if !restarted && ply == 9 {
            // Stop the bot, move while it is down, start it again from its store.
            let session = std::fs::read(cfg.store_dir.join("session.json")).expect("session saved");
            bot.stop().await;
            say(room, &format!("!move {typed}"), thread).await;
            bot = start_bot(service, cfg);
            let after = std::fs::read(cfg.store_dir.join("session.json")).expect("session kept");
            assert_eq!(
                session, after,
                "the restart reused the session instead of logging in"
            );
            restarted = true;
        } else {
            say(room, &format!("!move {typed}"), thread).await;
        }
        let board = watch.until_text(&format!("ply {ply}")).await;
        assert_board(&board, &root, 1, &format!("ply {ply}"));
        let text = board.last().expect("text");
        if game.is_over() {
            assert!(body(text).contains("Game over"), "{text:#}");
        } else {
            assert!(
                mentions(text, other),
                "ply {ply}: the next mover is mentioned"
            );
        }
    }
    assert!(
        refused_empty && restarted,
        "the game exercised an empty pit and a restart"
    );
    println!(
        "matrix: a whole game in {} plies: {:?}",
        game.plies().len(),
        game.outcome()
    );
    // A replayed command would have been answered again (a refusal or a board).
    watch.quiet(Duration::from_secs(2), "after the game").await;
    assert_eq!(
        service.dm_room(Platform::Matrix, alice_id.to_owned()).await,
        None,
        "no direct room was needed"
    );
    bot.stop().await;
    (root, game)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_a_whole_game_with_the_real_service() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("real");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);

    let (root, _game) = play_to_the_end(&env, &service, &cfg, bot).await;

    let row = store
        .games()
        .game(oware_bot::service::GameId::new(1))
        .await
        .expect("reads")
        .expect("game #1");
    assert_eq!(
        row.thread.as_deref(),
        Some(root.as_str()),
        "the service knows the thread"
    );
    assert!(!row.is_active(), "the game is over in the database");
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_are_images_and_refusals_answer_in_place() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("fake");
    let cfg = bot_config(&env, &dir);
    let service = Arc::new(FakeService::default());
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room_a, room_b) = game_room(&env, &alice, &bob, Some("!oware help")).await;
    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    watch
        .quiet(
            Duration::from_secs(2),
            "a command from before the bot joined",
        )
        .await;

    // The fake asks for a thread by name and attaches a PNG to every board.
    let root = start_game(&env, &mut watch, &room_a, &room_b, 1, true).await;
    let set = service.threads_set();
    assert_eq!(set.len(), 1);
    assert_eq!(
        (set[0].0, set[0].1.thread.as_deref()),
        (1, Some(root.as_str()))
    );
    // A private refusal answers in place, as a reply to the command; no direct
    // room is opened for it.
    let early = say(&room_b, "!move c", None).await;
    let refusal = watch.next(1, "out of turn").await;
    assert!(body(&refusal[0]).contains("not your turn"));
    assert_eq!(replies_to(&refusal[0]), Some(early.as_str()));
    assert_eq!(thread_root(&refusal[0]), None, "where it was typed");
    assert_eq!(service.dm_rooms_opened(), 0, "no direct room for a refusal");
    say(&room_a, "!move c", None).await;
    let board = watch.next(2, "a move").await;
    assert_board(&board, &root, 1, "a move");
    assert!(
        body(&board[0]).starts_with("Oware board, game 1, ply 1"),
        "alt text: {:#}",
        board[0]
    );
    assert_eq!(board[0]["content"]["info"]["mimetype"], "image/png");
    assert_eq!(board[0]["content"]["info"]["w"], 1);
    assert!(mentions(&board[1], &env.bob.0));
    let moves = service
        .commands()
        .iter()
        .filter(|c| matches!(c.action, oware_bot::service::Action::Move { .. }))
        .count();
    assert_eq!(moves, 2, "each command reached the service once");

    // A message the adapter cannot read goes through the service too (its rate,
    // its event answered once), which answers it in place.
    let typo = say(&room_b, "!oware hlep", None).await;
    let hint = watch.next(1, "a mistyped command").await;
    assert!(body(&hint[0]).contains("Did you mean"), "{:#}", hint[0]);
    assert_eq!(replies_to(&hint[0]), Some(typo.as_str()));
    let misread: Vec<_> = service
        .commands()
        .into_iter()
        .filter(|c| matches!(c.action, oware_bot::service::Action::Misunderstood { .. }))
        .collect();
    assert_eq!(misread.len(), 1, "{misread:?}");
    assert_eq!(misread[0].author.id, env.bob.0);
    assert!(misread[0].event.is_some(), "carried with its event");

    bot.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
