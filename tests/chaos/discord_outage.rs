//! Scenario 1: Discord's REST API fails channel messages for two minutes (the first
//! half answering 500, the second hanging while it creates them) while 50 games are
//! played, 20 of them against the engine, whose moves the bot posts unprompted.
//! Afterwards every outbox message has arrived exactly once, in order per channel,
//! and none is dead. `OWARE_CHAOS_OUTAGE_SECS` shortens the outage for a quick run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oware_bot::rules::{Game, Side};
use oware_bot::store::Store;
use serde_json::{json, Value};
use sqlx::Connection;

use crate::discord_fake::payloads::{self, BOT_ID};
use crate::discord_fake::scale::{self, at, guild_of, is_private, player};
use crate::discord_fake::{FakeDiscord, Outage};

const GAMES: usize = 50;
const ENGINE_GAMES: usize = 20;
/// Moves each human plays in a game (its opponent's come from the other player or
/// from the engine).
const MOVES: usize = 20;
/// How long a press waits for its answer before the player looks at the game.
const ANSWER_WAIT: Duration = Duration::from_secs(30);

fn outage_length() -> Duration {
    let secs = std::env::var("OWARE_CHAOS_OUTAGE_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    Duration::from_secs(secs)
}

struct Players {
    fake: FakeDiscord,
    store: Store,
    latencies: Mutex<Vec<Duration>>,
    started: AtomicUsize,
}

impl Players {
    /// Sends `payload` and waits for its answer (`None`: none in time).
    async fn ask(&self, payload: Value) -> Option<crate::discord_fake::Recorded> {
        let answer = self.fake.answer_to(&payload);
        let sent = Instant::now();
        self.fake.interaction(payload);
        let answer = tokio::time::timeout(ANSWER_WAIT, answer).await.ok()?.ok()?;
        self.latencies.lock().unwrap().push(sent.elapsed());
        Some(answer)
    }

    /// Starts game `i`: against the engine (easy, it moves second) or between its
    /// two players. Returns the game id.
    async fn start(&self, i: usize) -> i64 {
        let (a, b) = (player(i, 0), player(i, 1));
        let bot = payloads::user(BOT_ID, "oware-bot", true);
        let engine = i < ENGINE_GAMES;
        let opponent = if engine { &bot } else { &b };
        let mut options = vec![json!({ "name": "opponent", "type": 6, "value": opponent["id"] })];
        if engine {
            options.push(json!({ "name": "level", "type": 4, "value": 0 }));
        }
        let challenge = at(
            payloads::oware(
                &a,
                "play",
                Value::Array(options),
                std::slice::from_ref(opponent),
            ),
            i,
        );
        let answer = self
            .ask(challenge)
            .await
            .expect("the challenge is answered");
        assert!(!is_private(&answer), "game {i}: the challenge was refused");
        if !engine {
            let accept = at(payloads::oware(&b, "accept", json!([]), &[]), i);
            let answer = self.ask(accept).await.expect("the accept is answered");
            assert!(!is_private(&answer), "game {i}: the accept was refused");
        }
        let guild = guild_of(i).to_string();
        let channel = scale::channel_of(i).to_string();
        let row = self
            .store
            .active_games_in_channel("discord", Some(&guild), &channel)
            .await
            .expect("reads")
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("game {i} started"));
        self.started.fetch_add(1, Ordering::SeqCst);
        row.id
    }

    /// Plays game `i` (id `id`): each human to move presses a legal pit's button,
    /// [`MOVES`] times each, reading the game from the database (the engine's moves
    /// are stored whether or not Discord takes the message that shows them).
    async fn play(&self, i: usize, id: i64) {
        let (a, b) = (player(i, 0), player(i, 1));
        let mut pressed = 0;
        while pressed < MOVES * if i < ENGINE_GAMES { 1 } else { 2 } {
            let row = self.store.game(id).await.expect("reads").expect("the game");
            if !row.is_active() {
                return;
            }
            let game = Game::from_moves(row.variant, &row.pits.0).expect("stored moves replay");
            let Some(side) = game.to_move() else { return };
            let user = match side {
                Side::South => &row.south_user,
                Side::North => &row.north_user,
            };
            if user == BOT_ID {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            let mover = if user == a["id"].as_str().unwrap() {
                &a
            } else {
                &b
            };
            let legal: Vec<_> = game.legal_moves().into_iter().collect();
            let pit = legal[(i + pressed) % legal.len()];
            let button = format!("mv:{id}:{}:{}", row.ply, pit.letter());
            // No answer, or a refusal: the next look at the database decides.
            let _ = self.ask(at(payloads::button(mover, &button), i)).await;
            pressed += 1;
        }
    }
}

/// `(id, sent, dead, attempts)` of every outbox row.
async fn outbox(url: &str) -> Vec<(i64, bool, bool, i64)> {
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connects");
    let rows: Vec<(i64, Option<i64>, Option<i64>, i64)> =
        sqlx::query_as("SELECT id, sent_at, dead_at, attempts FROM outbox ORDER BY id")
            .fetch_all(&mut conn)
            .await
            .expect("reads");
    rows.into_iter()
        .map(|(id, sent, dead, attempts)| (id, sent.is_some(), dead.is_some(), attempts))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_minute_discord_outage_loses_and_doubles_no_message() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let fake = FakeDiscord::start().await;
    fake.lean();
    let mut bot = scale::spawn(dir.path(), &url, &fake.rest_url, "0..2", "chaos");
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.identified(0) == 0 || fake.identified(1) == 0 {
        assert!(Instant::now() < deadline, "the shards never identified");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.wait_ready().await;
    let store = Store::open(&url).await.expect("the test's own connection");
    let players = Arc::new(Players {
        fake,
        store,
        latencies: Mutex::new(Vec::new()),
        started: AtomicUsize::new(0),
    });

    // Every game starts, then Discord fails while they are played.
    let mut games = tokio::task::JoinSet::new();
    for i in 0..GAMES {
        let players = Arc::clone(&players);
        games.spawn(async move {
            let id = players.start(i).await;
            players.play(i, id).await;
        });
    }
    while players.started.load(Ordering::SeqCst) < GAMES {
        assert!(
            !games.is_empty(),
            "a game task ended before every game started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let length = outage_length();
    players.fake.outage(Outage::Status500, length / 2);
    tokio::time::sleep(length / 2).await;
    players.fake.outage(Outage::Hang, length - length / 2);
    tokio::time::sleep(length - length / 2).await;
    let outage_over = Instant::now();
    while let Some(done) = games.join_next().await {
        done.expect("a game is played");
    }

    // Every message queued is delivered: the time to recover.
    let deadline = outage_over + Duration::from_secs(240);
    let rows = loop {
        let rows = outbox(&url).await;
        if rows.iter().all(|(_, sent, dead, _)| *sent || *dead) {
            break rows;
        }
        if Instant::now() > deadline {
            let log = std::fs::read_to_string(dir.path().join("bot-chaos.log")).unwrap_or_default();
            let tail: String = log.lines().rev().take(40).collect::<Vec<_>>().join("\n");
            panic!("not delivered 4 minutes after the outage; the bot's log, last lines first:\n{tail}");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let recovered = outage_over.elapsed();
    let _ = bot.kill();
    let _ = bot.wait();

    let created = players.fake.created();
    let mut times: HashMap<i64, usize> = HashMap::new();
    let mut last_in_channel: HashMap<String, i64> = HashMap::new();
    let mut out_of_order = Vec::new();
    for message in &created {
        let Some(id) = message.nonce.as_deref().and_then(|n| n.parse::<i64>().ok()) else {
            continue;
        };
        *times.entry(id).or_default() += 1;
        if let Some(last) = last_in_channel.insert(message.channel.clone(), id) {
            if last > id {
                out_of_order.push((message.channel.clone(), last, id));
            }
        }
    }
    let ids: Vec<i64> = rows.iter().map(|(id, ..)| *id).collect();
    let delivered = ids.iter().filter(|id| times.get(id) == Some(&1)).count();
    let doubled = times.values().filter(|&&n| n > 1).count();
    let lost: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|id| !times.contains_key(id))
        .collect();
    let dead = rows.iter().filter(|(_, _, dead, _)| *dead).count();
    let retried = rows.iter().filter(|(.., attempts)| *attempts > 0).count();
    let latencies = players.latencies.lock().unwrap().clone();
    println!(
        "discord outage {:?}: {} messages queued, {delivered} delivered once, {doubled} doubled, \
         {} lost, {dead} dead, {retried} retried; answers p99 {:?} over {}; recovered {:.1} s \
         after the outage",
        length,
        ids.len(),
        lost.len(),
        scale::quantile(&latencies, 0.99),
        latencies.len(),
        recovered.as_secs_f64(),
    );
    assert!(
        ids.len() >= ENGINE_GAMES * MOVES / 2,
        "engine moves were queued: {}",
        ids.len()
    );
    assert!(
        retried > 0,
        "the outage was felt: some message failed at first"
    );
    assert_eq!(dead, 0, "none given up");
    assert!(lost.is_empty(), "lost: {lost:?}");
    assert_eq!(doubled, 0, "doubled");
    assert_eq!(delivered, ids.len());
    assert!(out_of_order.is_empty(), "out of order: {out_of_order:?}");
}
