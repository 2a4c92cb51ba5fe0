//! The web server under a flood from one client, on loopback (issue 48), in one
//! process over a fresh SQLite file (the release build):
//!
//! 1. **Idle:** chat moves played through the service (each answer carries its
//!    board picture), one after another: answer time p50 and p99.
//! 2. **Flood:** one client opens 4,000 live streams (200 connecting at once) and
//!    keeps 400 `board.png` requests in flight (a new connection each) for
//!    `OWARE_BENCH_FLOOD_SECS` (15) seconds, while the same chat moves are played
//!    and `/healthz` is asked every 100 ms. Reported: the moves' p50 and p99 (against
//!    2x the idle p99), `/healthz`'s slowest answer (against 100 ms), how the streams
//!    and pictures were answered, and the open files: the process's, and the
//!    server's share (the process's less the client's own sockets), against the
//!    caps.
//!
//! The flooding client runs on a runtime of its own (one thread), at the priority
//! `OWARE_BENCH_CLIENT_NICE` (0 by default: on a par with the bot, its 7,000
//! requests a second taking the bot's cores as a client on this machine would; 19,
//! the least, stands in for a client on another machine). The bot's service runs on a runtime of
//! two threads and its web server on a thread of its own, as `oware-bot run` has
//! them. Loopback only; every loop is bounded in count and time.
//!
//! Run: `cargo bench --bench flood`.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run

#[path = "support/mod.rs"]
mod support;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{ms, quantile, user};

use http_body_util::Empty;
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use oware_bot::{
    config::WebLimits,
    rules::{Game, Variant},
    service::{Action, ChallengeOptions, Command, Service, ServiceConfig},
    store::Store,
    web::{Running, WebState},
};
use tokio::net::TcpStream;

const STREAMS: usize = 4_000;
const STREAM_OPENERS: usize = 200;
const PICTURES: usize = 400;
const IDLE_MOVES: usize = 1_000;

fn command(author: &str, action: Action) -> Command {
    support::command_in("flood-bench", author, action)
}

/// The process's open files.
fn open_files() -> usize {
    std::fs::read_dir("/proc/self/fd").map_or(0, Iterator::count)
}

/// A game between two players, played one move at a time; a new one when it ends.
struct Table {
    game: i64,
    local: Game,
    players: [String; 2],
    pair: usize,
}

impl Table {
    async fn new(service: &Service, pair: usize) -> Table {
        let players = [format!("south{pair}"), format!("north{pair}")];
        service
            .handle(command(
                &players[0],
                Action::Play {
                    opponent: user(&players[1]),
                    options: ChallengeOptions::default(),
                },
            ))
            .await;
        let accepted = service
            .handle(command(&players[1], Action::Accept { challenge: None }))
            .await;
        Table {
            game: (accepted.game.expect("a game")).get(),
            local: Game::new(Variant::Abapa),
            players,
            pair,
        }
    }

    /// Plays the next move (first legal pit); its answer's time.
    async fn play(&mut self, service: &Service) -> Duration {
        if self.local.is_over() || self.local.legal_moves().is_empty() {
            *self = Table::new(service, self.pair + 1).await;
        }
        let pit = self.local.legal_moves().into_iter().next().unwrap();
        self.local.play(pit).unwrap();
        let author = &self.players[(self.local.plies().len() + 1) % 2];
        let sent = Instant::now();
        let reply = service
            .handle(command(
                author,
                Action::Move {
                    pit: oware_bot::rules::Typed::of(pit),
                    game: Some(oware_bot::service::GameId::new(self.game)),
                    ply: None,
                },
            ))
            .await;
        let took = sent.elapsed();
        assert!(!reply.private, "{}", reply.text);
        took
    }
}

/// `GET path` on a new connection: the status, and the connection's sender kept
/// (with its body unread) so a stream stays open while it is held.
async fn get(host: &str, path: &str) -> Option<(u16, hyper::Response<hyper::body::Incoming>)> {
    let stream = TcpStream::connect(host).await.ok()?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .ok()?;
    tokio::spawn(connection);
    let request = hyper::Request::get(path)
        .header("host", host)
        .body(Empty::<Bytes>::new())
        .ok()?;
    let response = sender.send_request(request).await.ok()?;
    Some((response.status().as_u16(), response))
}

#[derive(Default)]
struct Tally {
    streams_open: AtomicUsize,
    streams_refused: AtomicUsize,
    streams_failed: AtomicUsize,
    pictures_ok: AtomicUsize,
    pictures_refused: AtomicUsize,
    pictures_failed: AtomicUsize,
    /// The client's own sockets open now (each also one of the server's on
    /// loopback, or a closed one's).
    client_sockets: AtomicUsize,
}

/// The flooding client: streams, then pictures until `stop`.
async fn flood(host: String, page: String, plies: i64, tally: Arc<Tally>, stop: Arc<AtomicBool>) {
    let live = format!("{page}/live");
    let next = Arc::new(AtomicUsize::new(0));
    let mut held = Vec::new();
    let mut openers = Vec::new();
    for _ in 0..STREAM_OPENERS {
        let (host, live, tally, next) = (host.clone(), live.clone(), tally.clone(), next.clone());
        openers.push(tokio::spawn(async move {
            let mut kept = Vec::new();
            while next.fetch_add(1, Ordering::Relaxed) < STREAMS {
                tally.client_sockets.fetch_add(1, Ordering::Relaxed);
                match get(&host, &live).await {
                    Some((200, response)) => {
                        tally.streams_open.fetch_add(1, Ordering::Relaxed);
                        kept.push(response);
                        continue;
                    }
                    Some((503, _)) => tally.streams_refused.fetch_add(1, Ordering::Relaxed),
                    _ => tally.streams_failed.fetch_add(1, Ordering::Relaxed),
                };
                tally.client_sockets.fetch_sub(1, Ordering::Relaxed);
            }
            kept
        }));
    }
    let mut pictures = Vec::new();
    for i in 0..PICTURES {
        let (host, page, tally, stop) = (host.clone(), page.clone(), tally.clone(), stop.clone());
        pictures.push(tokio::spawn(async move {
            let mut n = i as i64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let path = format!("{page}/board.png?ply={}", n % plies.max(1));
                tally.client_sockets.fetch_add(1, Ordering::Relaxed);
                match get(&host, &path).await {
                    Some((200, response)) => {
                        let _ = http_body_util::BodyExt::collect(response.into_body()).await;
                        tally.pictures_ok.fetch_add(1, Ordering::Relaxed);
                    }
                    Some((503, _)) => {
                        tally.pictures_refused.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => {
                        tally.pictures_failed.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
                tally.client_sockets.fetch_sub(1, Ordering::Relaxed);
            }
        }));
    }
    for opener in openers {
        held.extend(opener.await.unwrap());
    }
    for picture in pictures {
        picture.await.unwrap();
    }
    // The streams are held until the flood ends.
    drop(held);
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("flood: run with `cargo bench --bench flood`");
        return;
    }
    oware_bot::web::raise_open_files_limit();
    let secs: u64 = std::env::var("OWARE_BENCH_FLOOD_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let bot = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let limits = WebLimits::default();
    let (service, host, _web) = bot.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let listener = oware_bot::web::listen(([127, 0, 0, 1], 0).into()).unwrap();
        let host = listener.local_addr().unwrap().to_string();
        let service = Arc::new(Service::new(
            store,
            ServiceConfig {
                rates: [None; 3],
                web_url: Some(format!("http://{host}")),
                web_pictures: limits.pictures,
                ..ServiceConfig::default()
            },
        ));
        let web = Running::start(
            listener,
            WebState::new(service.pages(), None, Vec::new()).with_limits(limits),
        );
        (service, host, web)
    });
    println!(
        "caps: {} streams in all, {} per client, {} requests at once, {} connections, {} web picture slot(s); open-files limit {}",
        limits.streams,
        limits.streams_per_client,
        limits.requests,
        limits.connections,
        limits.pictures,
        std::fs::read_to_string("/proc/self/limits")
            .unwrap_or_default()
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .map_or(String::new(), |l| l.split_whitespace().nth(3).unwrap_or("").to_owned())
    );

    // The game the flood watches and draws, with some moves.
    let (page, plies, mut table) = bot.block_on(async {
        let mut watched = Table::new(&service, 0).await;
        for _ in 0..20 {
            watched.play(&service).await;
        }
        let slug = service
            .ops()
            .game_slug(oware_bot::service::GameId::new(watched.game))
            .await
            .unwrap()
            .unwrap();
        let table = Table::new(&service, 1000).await;
        (format!("/g/{slug}"), 20_i64, table)
    });

    // 1. Idle.
    let mut idle: Vec<Duration> = bot.block_on(async {
        let mut times = Vec::with_capacity(IDLE_MOVES);
        for _ in 0..IDLE_MOVES {
            times.push(table.play(&service).await);
        }
        times
    });
    idle.sort();
    let files_idle = open_files();
    println!(
        "idle: {} chat moves, answer p50 {}, p99 {}; open files {files_idle}",
        idle.len(),
        ms(quantile(&idle, 0.5)),
        ms(quantile(&idle, 0.99))
    );

    // 2. Flood.
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let attacker = {
        let (host, page, tally, stop) = (host.clone(), page.clone(), tally.clone(), stop.clone());
        std::thread::spawn(move || {
            // At the priority asked (`OWARE_BENCH_CLIENT_NICE`, 0 by default): 19
            // stands in for a client on another machine, whose own work is not
            // the server's.
            let nice = std::env::var("OWARE_BENCH_CLIENT_NICE")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            rustix::process::setpriority_process(None, nice).unwrap();
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .unwrap()
                .block_on(flood(host, page, plies, tally, stop));
        })
    };
    let (mut moves, mut health, files) = bot.block_on(async {
        // Let the flood start before measuring.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let until = Instant::now() + Duration::from_secs(secs);
        let health = {
            let host = host.clone();
            tokio::spawn(async move {
                let mut times = Vec::new();
                while Instant::now() < until {
                    let sent = Instant::now();
                    let answered =
                        tokio::time::timeout(Duration::from_secs(5), get(&host, "/healthz")).await;
                    let took = sent.elapsed();
                    match answered {
                        Ok(Some((200, _))) => times.push(took),
                        other => {
                            println!("/healthz failed: {:?}", other.map(|o| o.map(|(s, _)| s)));
                            times.push(Duration::from_secs(5));
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                times
            })
        };
        let files = {
            let tally = tally.clone();
            tokio::spawn(async move {
                let (mut most, mut most_server) = (0, 0);
                while Instant::now() < until {
                    let open = open_files();
                    let client = tally.client_sockets.load(Ordering::Relaxed);
                    most = most.max(open);
                    most_server = most_server.max(open.saturating_sub(client));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                (most, most_server)
            })
        };
        let mut moves = Vec::new();
        while Instant::now() < until {
            moves.push(table.play(&service).await);
        }
        (moves, health.await.unwrap(), files.await.unwrap())
    });
    stop.store(true, Ordering::Relaxed);
    attacker.join().unwrap();
    moves.sort();
    health.sort();
    let idle_p99 = quantile(&idle, 0.99);
    let flood_p99 = quantile(&moves, 0.99);
    println!(
        "flood ({secs} s): {} chat moves, answer p50 {}, p99 {} ({:.2}x the idle p99; within 2x: {})",
        moves.len(),
        ms(quantile(&moves, 0.5)),
        ms(flood_p99),
        flood_p99.as_secs_f64() / idle_p99.as_secs_f64().max(1e-9),
        flood_p99 <= idle_p99 * 2
    );
    println!(
        "/healthz: {} answers, p50 {}, slowest {} (under 100 ms: {})",
        health.len(),
        ms(quantile(&health, 0.5)),
        ms(*health.last().unwrap_or(&Duration::ZERO)),
        health
            .last()
            .is_some_and(|d| *d < Duration::from_millis(100))
    );
    let t = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    println!(
        "streams: {} asked, {} open, {} refused (503), {} failed; pictures: {} drawn or kept, {} refused (503), {} failed",
        STREAMS,
        t(&tally.streams_open),
        t(&tally.streams_refused),
        t(&tally.streams_failed),
        t(&tally.pictures_ok),
        t(&tally.pictures_refused),
        t(&tally.pictures_failed),
    );
    println!(
        "open files: {files_idle} idle; at most {} in the process during the flood, at most {} of them the server's (the process's less the client's own sockets); caps: {} connections",
        files.0, files.1, limits.connections
    );
}
