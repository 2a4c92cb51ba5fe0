//! The load generator for the scale test and benchmark: real bot processes
//! (`oware-bot run`) against the fake Discord, with games in many guilds spread
//! over the shards, each played to the end by two simulated players pressing the
//! board's buttons.
//!
//! Every game plays the same winning line from the start position to a 25+ win, so
//! the expected moves are known. A player whose press gets no answer (its process
//! was killed) or a refusal reads the game's ply from the database, the truth, and
//! presses again only if the move was not stored; the `mv:<game>:<ply>:<pit>` button
//! carries the ply, so a second press of an applied move is refused, never applied
//! twice.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oware_bot::rules::Pit;
use oware_bot::store::Store;
use serde_json::{json, Value};

use super::{payloads, FakeDiscord, Recorded};
use oware_bot::service::Platform;

/// What to run.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Concurrent games (each in its own guild and channel, two players each).
    pub games: usize,
    /// `sqlite://…` or `postgres://…`; the bots create the schema.
    pub database_url: String,
    /// 1: one process runs both shards; 2: shards 0 and 1 in a process each.
    pub processes: usize,
    /// Think time before each move, uniformly within this range (ms): chat pace.
    /// `None`: as fast as answers come (saturation).
    pub pace_ms: Option<(u64, u64)>,
    /// SIGKILL the last process once half the moves are stored, and restart it.
    pub kill_halfway: bool,
    /// Play only this many plies of each game (`None`: to the end).
    pub plies: Option<usize>,
    /// With [`Setup::pace_ms`], the challenge and the accept wait a think time too
    /// (games start over a few seconds, as people do); otherwise every game is
    /// challenged at once (the start burst).
    pub pace_starts: bool,
    /// Working directory for the processes (their logs are written there).
    pub dir: PathBuf,
}

/// What happened.
#[derive(Debug)]
pub struct Outcome {
    /// From the first challenge to the last game's end.
    pub wall: Duration,
    /// Moves stored.
    pub moves: usize,
    /// Plies in each game.
    pub line: Vec<Pit>,
    /// Each answered press: from sending it to its answer.
    pub latencies: Vec<Duration>,
    /// Of those, the answers to moves (not the challenges and accepts, which all
    /// come at once at the start).
    pub move_latencies: Vec<Duration>,
    /// Of those, the answers to the challenges and to the accepts (a burst, unless
    /// [`Setup::pace_starts`]).
    pub start_latencies: [Vec<Duration>; 2],
    /// Presses sent again after no answer or a refusal.
    pub retries: usize,
    /// The game ids, in game order.
    pub game_ids: Vec<i64>,
    /// The guild of each game, in game order.
    pub guilds: Vec<u64>,
    /// Which process (`Recorded::via`) runs each shard.
    pub via_of_shard: [usize; 2],
    /// Whether the kill happened.
    pub killed: bool,
    /// Interaction token -> the game (index) it was sent for.
    pub tokens: std::collections::HashMap<String, usize>,
}

impl Outcome {
    /// The game (index) a request is about, when it names one: an interaction's
    /// answer (by its token), a message in a game's channel or in a thread opened
    /// there.
    pub fn game_of(&self, fake: &FakeDiscord, req: &Recorded) -> Option<usize> {
        let path = req.path.split('?').next().unwrap_or_default();
        let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let channel_game = |channel: &str| {
            let parent = fake.thread_parent(channel);
            let channel: u64 = parent.as_deref().unwrap_or(channel).parse().ok()?;
            let i = usize::try_from(channel.checked_sub(channel_of(0))?).ok()?;
            (i < self.guilds.len()).then_some(i)
        };
        match segments.as_slice() {
            ["interactions", _, token, ..] | ["webhooks", _, token, ..] => {
                self.tokens.get(*token).copied()
            }
            ["channels", channel, ..] => channel_game(channel),
            _ => None,
        }
    }
}

/// How long a press may wait for its answer before the player looks at the game.
const ANSWER_WAIT: Duration = Duration::from_secs(30);
/// How long a challenge or an accept may wait: all games start at once.
const SETUP_WAIT: Duration = Duration::from_secs(120);
/// How often the test's own read of a game is tried before the game fails.
const READ_TRIES: u32 = 20;
/// Shards in every run.
const SHARDS: u64 = 2;

/// Guild `i`: snowflakes whose shard alternates, `(id >> 22) % 2 == i % 2`.
pub fn guild_of(i: usize) -> u64 {
    (1_000_000 + i as u64) << 22 | 7
}

/// Game `i`'s channel.
pub fn channel_of(i: usize) -> u64 {
    700_000_000_000_000_000 + i as u64
}

/// Game `i`'s player in `seat` (0 or 1).
pub fn player(i: usize, seat: usize) -> Value {
    let id = 800_000_000_000_000_000 + 2 * i as u64 + seat as u64;
    payloads::user(&id.to_string(), &format!("P{i}{}", ["a", "b"][seat]), false)
}

/// Moves `payload` to game `i`'s guild and channel.
pub fn at(mut payload: Value, i: usize) -> Value {
    let guild = guild_of(i).to_string();
    let channel = channel_of(i).to_string();
    payload["guild_id"] = json!(guild);
    payload["data"]["guild_id"] = json!(guild);
    payload["channel_id"] = json!(channel);
    payload["channel"]["id"] = json!(channel);
    payload["channel"]["guild_id"] = json!(guild);
    if payload.get("message").is_some() {
        payload["message"]["channel_id"] = json!(channel);
    }
    payload
}

/// Whether an answer is private (ephemeral): a refusal.
pub fn is_private(answer: &Recorded) -> bool {
    let json = answer.json();
    let flags = json["data"]["flags"]
        .as_u64()
        .or_else(|| json["flags"].as_u64())
        .unwrap_or(0);
    flags & (1 << 6) != 0
}

/// A bot process and how to start it again.
struct Bot {
    child: Child,
    command: Box<dyn Fn() -> Child + Send + Sync>,
}

/// Starts a bot process (`oware-bot run`) on `db`, talking to the fake at `rest`, running
/// shards `range` of 2; its output goes to `bot-{label}.log` in `dir`.
pub fn spawn(dir: &Path, db: &str, rest: &str, range: &str, label: &str) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(format!("bot-{label}.log")))
        .expect("a log file");
    Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .env("WEB_ADDR", "off")
        .arg("run")
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("DATABASE_URL", db)
        .env("DISCORD_TOKEN", "fake-token-for-loopback")
        .env("DISCORD_HTTP_PROXY", rest)
        .env("DISCORD_SHARDS", SHARDS.to_string())
        .env("DISCORD_SHARD_RANGE", range)
        // The load is the point: no command rate, caps above one game a player.
        .env("COMMAND_BURST", "0")
        .env("OWARE_TABLES_AUTOBUILD", "off")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("the log"))
        .stderr(log)
        .spawn()
        .expect("the bot starts")
}

struct Ctx {
    fake: FakeDiscord,
    store: Store,
    line: Vec<Pit>,
    setup: Setup,
    latencies: Mutex<Vec<Duration>>,
    move_latencies: Mutex<Vec<Duration>>,
    start_latencies: Mutex<[Vec<Duration>; 2]>,
    retries: AtomicUsize,
    moves: AtomicUsize,
    started: AtomicUsize,
    tokens: Mutex<std::collections::HashMap<String, usize>>,
}

impl Ctx {
    /// Sends `payload` for game `i` and waits for its answer (`None`: none in time).
    async fn ask(&self, i: usize, payload: Value) -> Option<Recorded> {
        self.ask_within(i, payload, ANSWER_WAIT).await
    }

    /// [`Ctx::ask`], waiting up to `wait`.
    async fn ask_within(&self, i: usize, payload: Value, wait: Duration) -> Option<Recorded> {
        self.tokens
            .lock()
            .unwrap()
            .insert(payloads::token(&payload), i);
        let answer = self.fake.answer_to(&payload);
        let sent = Instant::now();
        self.fake.interaction(payload);
        let answer = tokio::time::timeout(wait, answer).await.ok()?.ok()?;
        self.latencies.lock().unwrap().push(sent.elapsed());
        Some(answer)
    }

    /// Game `id`'s row, read again while the test's own pool is saturated (a
    /// thousand players looking at once on a loaded machine can wait past its
    /// acquire timeout): the observer's pool is not the bot under test.
    async fn game_row(&self, id: i64) -> Result<Option<oware_bot::store::GameRow>, String> {
        let mut tries = 0;
        loop {
            match self
                .store
                .games()
                .game(oware_bot::service::GameId::new(id))
                .await
            {
                Ok(row) => return Ok(row),
                Err(e) if tries < READ_TRIES => {
                    tries += 1;
                    eprintln!("scale: reading game {id} failed ({e}); again");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    async fn pause(&self, i: usize, k: usize) {
        if let Some((low, high)) = self.setup.pace_ms {
            // A fixed spread per game and move, so runs are alike.
            let spread = (i as u64 * 7919 + k as u64 * 104_729) % (high - low + 1);
            tokio::time::sleep(Duration::from_millis(low + spread)).await;
        }
    }

    /// Plays game `i` from the challenge to the end; its id.
    async fn play(&self, i: usize) -> Result<i64, String> {
        let (a, b) = (player(i, 0), player(i, 1));
        let b_id = b["id"].as_str().unwrap().to_owned();
        let options = json!([{ "name": "opponent", "type": 6, "value": b_id }]);
        let challenge = at(
            payloads::oware(&a, "play", options, std::slice::from_ref(&b)),
            i,
        );
        // Every game challenges at once (the first answers wait for the burst), or
        // after a think time when the starts are paced.
        if self.setup.pace_starts {
            self.pause(i, self.line.len()).await;
        }
        let sent = Instant::now();
        match self.ask_within(i, challenge, SETUP_WAIT).await {
            Some(answer) if !is_private(&answer) => {}
            other => return Err(format!("game {i}: the challenge failed: {other:?}")),
        }
        self.start_latencies.lock().unwrap()[0].push(sent.elapsed());
        let accept = at(payloads::oware(&b, "accept", json!([]), &[]), i);
        if self.setup.pace_starts {
            self.pause(i, self.line.len() + 1).await;
        }
        let sent = Instant::now();
        match self.ask_within(i, accept, SETUP_WAIT).await {
            Some(answer) if !is_private(&answer) => {}
            other => return Err(format!("game {i}: the accept failed: {other:?}")),
        }
        self.start_latencies.lock().unwrap()[1].push(sent.elapsed());
        let guild = guild_of(i).to_string();
        let channel = channel_of(i).to_string();
        let mut tries = 0;
        let games = loop {
            match self
                .store
                .games()
                .active_games_in_channel(Platform::Discord, Some(&guild), &channel)
                .await
            {
                Ok(games) => break games,
                Err(e) if tries < READ_TRIES => {
                    tries += 1;
                    eprintln!("scale: reading game {i}'s channel failed ({e}); again");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => return Err(e.to_string()),
            }
        };
        let row = games
            .into_iter()
            .next()
            .ok_or(format!("game {i}: no game after the accept"))?;
        self.started.fetch_add(1, Ordering::SeqCst);
        let south = if row.south.user == a["id"].as_str().unwrap() {
            &a
        } else {
            &b
        };
        let north = if std::ptr::eq(south, &a) { &b } else { &a };
        let plies = self.setup.plies.unwrap_or(usize::MAX);
        for (k, pit) in self.line.iter().enumerate().take(plies) {
            self.pause(i, k).await;
            let mover = if k % 2 == 0 { south } else { north };
            let button = format!("mv:{}:{k}:{}", row.id, pit.letter());
            loop {
                let press = at(payloads::button(mover, &button), i);
                let sent = Instant::now();
                if let Some(answer) = self.ask(i, press).await {
                    self.move_latencies.lock().unwrap().push(sent.elapsed());
                    if !is_private(&answer) {
                        break;
                    }
                }
                // No answer, or a refusal: the database says whether it was stored.
                let ply = self.game_row(row.id.get()).await?.map_or(0, |g| g.ply);
                if usize::try_from(ply).unwrap_or(0) > k {
                    break;
                }
                self.retries.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            self.moves.fetch_add(1, Ordering::SeqCst);
        }
        Ok(row.id.get())
    }
}

/// Runs `setup` to the end; the fake keeps every request (without bodies).
pub async fn run(setup: Setup, line: Vec<Pit>) -> (Outcome, FakeDiscord) {
    let fake = FakeDiscord::start().await;
    fake.lean();
    let mut bots: Vec<Bot> = Vec::new();
    let ranges: Vec<(String, usize, String)> = if setup.processes == 1 {
        vec![(fake.rest_url.clone(), 0, "0..2".to_owned())]
    } else {
        let (extra, via) = fake.extra_rest().await;
        vec![
            (fake.rest_url.clone(), 0, "0..1".to_owned()),
            (extra, via, "1..2".to_owned()),
        ]
    };
    let mut via_of_shard = [0, 0];
    for (n, (rest, via, range)) in ranges.into_iter().enumerate() {
        if setup.processes == 2 {
            via_of_shard[n] = via;
        }
        let (dir, db) = (setup.dir.clone(), setup.database_url.clone());
        let label = format!("p{n}");
        let command = Box::new(move || spawn(&dir, &db, &rest, &range, &label));
        bots.push(Bot {
            child: command(),
            command,
        });
    }
    // Both shards connected, the commands registered (by shard 0's process only).
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.identified(0) == 0 || fake.identified(1) == 0 {
        assert!(Instant::now() < deadline, "the shards never identified");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.wait_ready().await;
    let store = Store::open(&setup.database_url)
        .await
        .expect("the test's own connection to the bots' database");
    let ctx = Arc::new(Ctx {
        fake,
        store,
        line,
        setup: setup.clone(),
        latencies: Mutex::new(Vec::new()),
        move_latencies: Mutex::new(Vec::new()),
        start_latencies: Mutex::new([Vec::new(), Vec::new()]),
        retries: AtomicUsize::new(0),
        moves: AtomicUsize::new(0),
        started: AtomicUsize::new(0),
        tokens: Mutex::new(std::collections::HashMap::new()),
    });
    let began = Instant::now();
    let mut games = tokio::task::JoinSet::new();
    for i in 0..setup.games {
        let ctx = Arc::clone(&ctx);
        games.spawn(async move { (i, ctx.play(i).await) });
    }
    let total = setup.games * ctx.line.len().min(setup.plies.unwrap_or(usize::MAX));
    let mut killed = false;
    let mut ids = vec![0; setup.games];
    let mut failures = Vec::new();
    loop {
        let next = tokio::time::timeout(Duration::from_millis(100), games.join_next()).await;
        match next {
            Ok(None) => break,
            Ok(Some(joined)) => match joined.expect("a game task") {
                (i, Ok(id)) => ids[i] = id,
                (_, Err(e)) => failures.push(e),
            },
            Err(_) => {}
        }
        if setup.kill_halfway
            && !killed
            && ctx.started.load(Ordering::SeqCst) == setup.games
            && ctx.moves.load(Ordering::SeqCst) * 2 >= total
        {
            let bot = bots.last_mut().expect("a bot");
            bot.child.kill().expect("SIGKILL");
            let _ = bot.child.wait();
            let before = ctx.fake.identified(1);
            bot.child = (bot.command)();
            killed = true;
            let deadline = Instant::now() + Duration::from_secs(60);
            while ctx.fake.identified(1) == before {
                assert!(
                    Instant::now() < deadline,
                    "the restarted process never identified"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    let wall = began.elapsed();
    for bot in &mut bots {
        let _ = bot.child.kill();
        let _ = bot.child.wait();
    }
    assert!(
        failures.is_empty(),
        "{} games failed: {failures:?}",
        failures.len()
    );
    let ctx = Arc::try_unwrap(ctx).unwrap_or_else(|_| panic!("every game task is done"));
    let outcome = Outcome {
        wall,
        moves: ctx.moves.load(Ordering::SeqCst),
        line: ctx.line,
        latencies: ctx.latencies.into_inner().unwrap(),
        move_latencies: ctx.move_latencies.into_inner().unwrap(),
        start_latencies: ctx.start_latencies.into_inner().unwrap(),
        retries: ctx.retries.load(Ordering::SeqCst),
        game_ids: ids,
        guilds: (0..setup.games).map(guild_of).collect(),
        via_of_shard,
        killed,
        tokens: ctx.tokens.into_inner().unwrap(),
    };
    ctx.store.close().await;
    (outcome, ctx.fake)
}

/// The `q`-quantile (0..=1) of `samples`.
pub fn quantile(samples: &[Duration], q: f64) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[at]
}
