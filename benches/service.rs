//! Service latency: from a `/move` command to the move stored in SQLite.
//!
//! 1. Load: 200 games in progress at once on one SQLite file, one tokio task per game
//!    playing both players' moves, every command timed; prints p50, p90, p99 and max.
//!    - `chat pace`: each player thinks 0–5 s (uniform) before moving, so about 80
//!      moves a second arrive from the 200 games: the target's setting.
//!    - `saturated`: no thinking; every game always has a move in flight, so the
//!      latency is mostly queueing behind the other 199 (a capacity figure).
//! 2. Criterion: one move at a time in a single game.
//!
//! Every command is timed from `handle` to its reply: the move stored and the board
//! PNG rendered.
//!
//! Run: `cargo bench --bench service`.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use criterion::Criterion;
use oware_bot::{
    rules::{Game, Pit, Variant},
    service::{Action, ChallengeOptions, Command, Place, Platform, Service, ServiceConfig, User},
    store::Store,
};

const GAMES: usize = 200;
const MOVES_PER_GAME: usize = 12;
/// The longest a player thinks at chat pace.
const MAX_THINK_MS: usize = 5000;

fn user(name: &str) -> User {
    User {
        id: name.to_owned(),
        name: name.to_owned(),
        is_bot: false,
    }
}

fn command(author: &str, channel: &str, action: Action) -> Command {
    Command::new(
        Place {
            platform: Platform::Console,
            space: None,
            channel: channel.to_owned(),
            thread: None,
        },
        user(author),
        action,
    )
}

/// Starts a game between `south` and `north` in `channel`.
async fn start(service: &Service, south: &str, north: &str, channel: &str) {
    let play = Action::Play {
        opponent: user(north),
        options: ChallengeOptions::default(),
    };
    let reply = service.handle(command(south, channel, play)).await;
    assert!(!reply.private, "{}", reply.text);
    let accept = Action::Accept { challenge: None };
    let reply = service.handle(command(north, channel, accept)).await;
    assert!(!reply.private, "{}", reply.text);
}

/// A pseudo-random legal move (deterministic per game and ply).
fn pick(game: &Game, seed: usize) -> Pit {
    let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
    legal[(seed * 7 + game.plies().len() * 13) % legal.len()]
}

/// Plays up to `moves` moves in a game, returning each command's latency.
async fn play_game(
    service: Arc<Service>,
    index: usize,
    moves: usize,
    think: bool,
) -> Vec<Duration> {
    let (south, north, channel) = (
        format!("s{index}"),
        format!("n{index}"),
        format!("c{index}"),
    );
    let mut game = Game::new(Variant::Abapa);
    let mut latencies = Vec::with_capacity(moves);
    for ply in 0..moves {
        if game.is_over() {
            break;
        }
        if think {
            let ms = (index * 7919 + ply * 104_729) % (MAX_THINK_MS + 1);
            tokio::time::sleep(Duration::from_millis(ms as u64)).await;
        }
        let pit = pick(&game, index);
        let author = if ply.is_multiple_of(2) {
            &south
        } else {
            &north
        };
        let action = Action::Move {
            pit: oware_bot::rules::Typed::of(pit),
            game: None,
            ply: None,
        };
        let started = Instant::now();
        let reply = service.handle(command(author, &channel, action)).await;
        latencies.push(started.elapsed());
        assert!(!reply.private, "{}", reply.text);
        game.play(pit).expect("the bench plays legal moves");
    }
    latencies
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn concurrent_load(runtime: &tokio::runtime::Runtime, url: &str, think: bool) {
    runtime.block_on(async {
        let store = Store::open(url).await.expect("the store opens");
        let service = Arc::new(Service::new(store.clone(), ServiceConfig::default()));
        for i in 0..GAMES {
            start(
                &service,
                &format!("s{i}"),
                &format!("n{i}"),
                &format!("c{i}"),
            )
            .await;
        }
        let started = Instant::now();
        let tasks: Vec<_> = (0..GAMES)
            .map(|i| tokio::spawn(play_game(Arc::clone(&service), i, MOVES_PER_GAME, think)))
            .collect();
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.expect("a game task"));
        }
        let wall = started.elapsed();
        all.sort();
        println!(
            "service/concurrent ({}): {GAMES} games at once, {} moves in {:.2} s ({:.0} moves/s): \
             p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            if think { "chat pace" } else { "saturated" },
            all.len(),
            wall.as_secs_f64(),
            all.len() as f64 / wall.as_secs_f64(),
            percentile(&all, 0.50).as_secs_f64() * 1e3,
            percentile(&all, 0.90).as_secs_f64() * 1e3,
            percentile(&all, 0.99).as_secs_f64() * 1e3,
            all.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );
        store.close().await;
    });
}

fn single_move(c: &mut Criterion, runtime: &tokio::runtime::Runtime, url: &str) {
    let service = runtime.block_on(async {
        let store = Store::open(url).await.expect("the store opens");
        Service::new(store, ServiceConfig::default())
    });
    let mut round = 0usize;
    c.bench_function("service/move (one game, stored)", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                let mut done = 0;
                while done < iters {
                    // A fresh game per round, in its own channel, untimed.
                    round += 1;
                    let channel = format!("single{round}");
                    start(&service, "south", "north", &channel).await;
                    let mut game = Game::new(Variant::Abapa);
                    while done < iters && !game.is_over() && game.plies().len() < 60 {
                        let pit = pick(&game, round);
                        let author = if game.plies().len().is_multiple_of(2) {
                            "south"
                        } else {
                            "north"
                        };
                        let action = Action::Move {
                            pit: oware_bot::rules::Typed::of(pit),
                            game: None,
                            ply: None,
                        };
                        let started = Instant::now();
                        let reply = service.handle(command(author, &channel, action)).await;
                        total += started.elapsed();
                        assert!(!reply.private, "{}", reply.text);
                        game.play(pit).expect("legal");
                        done += 1;
                    }
                    // Leave no game active in this channel for the next round.
                    if !game.is_over() {
                        let resign = Action::Resign {
                            game: None,
                            confirmed: true,
                        };
                        service.handle(command("south", &channel, resign)).await;
                    }
                }
                total
            })
        });
    });
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
    concurrent_load(&runtime, &url("paced.db"), true);
    concurrent_load(&runtime, &url("saturated.db"), false);
    let mut c = Criterion::default().configure_from_args();
    single_move(&mut c, &runtime, &url("single.db"));
    c.final_summary();
}
