//! What the scenarios share: a bot process on the fake Discord, simulated players
//! who start games (against the engine or each other) and press the board's
//! buttons, and the check that every outbox message arrived exactly once, in order
//! per channel.

use std::collections::HashMap;
use std::path::Path;
use std::process::Child;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oware_bot::rules::{Game, Side};
use oware_bot::store::Store;
use serde_json::{json, Value};
use sqlx::Connection;
use tokio::task::JoinSet;

use crate::discord_fake::payloads::{self, BOT_ID};
use crate::discord_fake::scale::{self, at, guild_of, is_private, player};
use crate::discord_fake::{FakeDiscord, Recorded};
use oware_bot::service::Platform;

/// How long a press waits for its answer before the player looks at the game.
const ANSWER_WAIT: Duration = Duration::from_secs(30);

/// Starts a bot process on `url` against `fake` (both shards), once it is ready.
pub async fn start_bot(dir: &Path, url: &str, fake: &FakeDiscord, label: &str) -> Child {
    let bot = scale::spawn(dir, url, &fake.rest_url, "0..2", label);
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.identified(0) == 0 || fake.identified(1) == 0 {
        assert!(Instant::now() < deadline, "the shards never identified");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.wait_ready().await;
    bot
}

/// The players of every game, and what they saw.
pub struct Players {
    pub fake: FakeDiscord,
    pub store: Store,
    /// Games `0..engine_games` are against the engine (easy), the others between
    /// their two players.
    pub engine_games: usize,
    /// Presses each human makes in a game.
    pub moves: usize,
    /// Each answered press: from sending it to its answer.
    pub latencies: Mutex<Vec<Duration>>,
    /// Games started.
    pub started: AtomicUsize,
    /// Presses that got no answer in time.
    pub unanswered: AtomicUsize,
    /// Answers that said the database was busy.
    pub busy: AtomicUsize,
}

impl Players {
    pub fn new(fake: FakeDiscord, store: Store, engine_games: usize, moves: usize) -> Players {
        Players {
            fake,
            store,
            engine_games,
            moves,
            latencies: Mutex::new(Vec::new()),
            started: AtomicUsize::new(0),
            unanswered: AtomicUsize::new(0),
            busy: AtomicUsize::new(0),
        }
    }

    /// Sends `payload` and waits for its answer (`None`: none in time).
    pub async fn ask(&self, payload: Value) -> Option<Recorded> {
        let answer = self.fake.answer_to(&payload);
        let sent = Instant::now();
        self.fake.interaction(payload);
        let Some(answer) = tokio::time::timeout(ANSWER_WAIT, answer)
            .await
            .ok()
            .and_then(Result::ok)
        else {
            self.unanswered.fetch_add(1, Ordering::SeqCst);
            return None;
        };
        self.latencies.lock().unwrap().push(sent.elapsed());
        let json = answer.json();
        let text = json["data"]["content"]
            .as_str()
            .or_else(|| json["content"].as_str())
            .unwrap_or_default();
        if text.contains("database is busy") {
            self.busy.fetch_add(1, Ordering::SeqCst);
        }
        Some(answer)
    }

    /// Starts game `i` (see [`Players::engine_games`]); its id.
    pub async fn start(&self, i: usize) -> i64 {
        let (a, b) = (player(i, 0), player(i, 1));
        let bot = payloads::user(BOT_ID, "oware-bot", true);
        let engine = i < self.engine_games;
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
            .games()
            .active_games_in_channel(Platform::Discord, Some(&guild), &channel)
            .await
            .expect("reads")
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("game {i} started"));
        self.started.fetch_add(1, Ordering::SeqCst);
        row.id.get()
    }

    /// Plays game `i` (id `id`): each human to move presses a legal pit's button,
    /// [`Players::moves`] times each, reading the game from the database (the engine's
    /// moves are stored whether or not Discord takes the message that shows them).
    /// A press that failed is made again after the next look.
    pub async fn play(&self, i: usize, id: i64) {
        let (a, b) = (player(i, 0), player(i, 1));
        let humans = if i < self.engine_games { 1 } else { 2 };
        let mut pressed = 0;
        while pressed < self.moves * humans {
            let row = self
                .store
                .games()
                .game(oware_bot::service::GameId::new(id))
                .await
                .expect("reads")
                .expect("the game");
            if !row.is_active() {
                return;
            }
            let game = Game::from_moves(row.variant, &row.pits.0).expect("stored moves replay");
            let Some(side) = game.to_move() else { return };
            let user = match side {
                Side::South => &row.south.user,
                Side::North => &row.north.user,
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

/// Starts `games` games, each played to its end in a task of the returned set, and
/// returns once every one has started.
pub async fn start_games(players: &Arc<Players>, games: usize) -> JoinSet<()> {
    let mut set = JoinSet::new();
    for i in 0..games {
        let players = Arc::clone(players);
        set.spawn(async move {
            let id = players.start(i).await;
            players.play(i, id).await;
        });
    }
    while players.started.load(Ordering::SeqCst) < games {
        assert!(
            !set.is_empty(),
            "a game task ended before every game started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    set
}

/// What became of the outbox.
#[derive(Debug)]
pub struct Delivery {
    /// Messages queued.
    pub queued: usize,
    /// Arrived exactly once.
    pub delivered: usize,
    /// Arrived more than once.
    pub doubled: usize,
    /// Never arrived.
    pub lost: Vec<i64>,
    /// Kept as undeliverable.
    pub dead: usize,
    /// Failed at least once before going through.
    pub retried: usize,
    /// `(channel, earlier id, later id)` that arrived in the wrong order.
    pub out_of_order: Vec<(String, i64, i64)>,
    /// From the call until the last message was delivered.
    pub settled_after: Duration,
}

/// Waits (up to `wait`) until every outbox message of the database at `url` is
/// sent or dead, then compares the outbox with what `fake` created.
pub async fn delivery(url: &str, fake: &FakeDiscord, wait: Duration, log: &Path) -> Delivery {
    let began = Instant::now();
    let rows = loop {
        let rows = outbox(url).await;
        if rows.iter().all(|(_, sent, dead, _)| *sent || *dead) {
            break rows;
        }
        if began.elapsed() > wait {
            let log = std::fs::read_to_string(log).unwrap_or_default();
            let tail: String = log.lines().rev().take(40).collect::<Vec<_>>().join("\n");
            panic!("not delivered in {wait:?}; the bot's log, last lines first:\n{tail}");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let settled_after = began.elapsed();
    let mut times: HashMap<i64, usize> = HashMap::new();
    let mut last_in_channel: HashMap<String, i64> = HashMap::new();
    let mut out_of_order = Vec::new();
    for message in fake.created() {
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
    Delivery {
        queued: ids.len(),
        delivered: ids.iter().filter(|id| times.get(id) == Some(&1)).count(),
        doubled: times.values().filter(|&&n| n > 1).count(),
        lost: ids
            .iter()
            .copied()
            .filter(|id| !times.contains_key(id))
            .collect(),
        dead: rows.iter().filter(|(_, _, dead, _)| *dead).count(),
        retried: rows.iter().filter(|(.., attempts)| *attempts > 0).count(),
        out_of_order,
        settled_after,
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
