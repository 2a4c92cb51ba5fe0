//! The web pages under load, on loopback, against a real server over a fresh SQLite
//! file (one process, the release build):
//!
//! 1. **Readers:** 100 concurrent readers each load a game page 20 times; the time to
//!    the response's first byte (its head), p50 and p99. Twice: each load on a new
//!    connection (its set-up counted in the time), then each reader keeping one
//!    connection open, as a browser does for a site.
//! 2. **Live viewers:** 1,000 viewers hold the game's event stream open while
//!    moves are played through the service; for each move, how long until every
//!    viewer had it (p50, p99 and the slowest viewer).
//! 3. **Memory:** the process's resident memory before the readers and with every
//!    viewer connected, and its growth.
//!
//! Run: `cargo bench --bench web`.

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run

#[path = "support/mod.rs"]
mod support;

use std::{sync::Arc, time::Instant};
use support::{ms, quantile};

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use oware_bot::{
    service::{Action, ChallengeOptions, Command, Service, ServiceConfig, User},
    store::Store,
    web::{Running, WebState},
};
use tokio::net::{TcpListener, TcpStream};

const READERS: usize = 100;
const READS_EACH: usize = 20;
const VIEWERS: usize = 1000;
const MOVES: usize = 5;

fn command(author: &str, action: Action) -> Command {
    support::command_in("web-bench", author, action)
}

/// The resident memory of this process, in MiB (Linux).
fn resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// `GET path` on a new connection to `host`: the response's head.
async fn get(host: &str, path: &str) -> hyper::Response<Incoming> {
    let stream = TcpStream::connect(host).await.unwrap();
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(connection);
    let request = hyper::Request::get(path)
        .header("host", host)
        .body(Empty::<Bytes>::new())
        .unwrap();
    sender.send_request(request).await.unwrap()
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let store = Store::open(&url).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = listener.local_addr().unwrap().to_string();
    let service = Arc::new(Service::new(
        store,
        ServiceConfig {
            rates: [None; 3],
            web_url: Some(format!("http://{host}")),
            ..ServiceConfig::default()
        },
    ));
    let _web = Running::start(listener, WebState::new(service.pages(), None, Vec::new()));
    let play = Action::Play {
        opponent: User {
            id: "bob".into(),
            name: "bob".into(),
            is_bot: false,
        },
        options: ChallengeOptions::default(),
    };
    service.handle(command("alice", play)).await;
    let accepted = service
        .handle(command("bob", Action::Accept { challenge: None }))
        .await;
    let start = accepted.text.find("/g/").expect("a page link");
    let path: String = accepted.text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != ')')
        .collect();
    let memory_before = resident_mib();

    // 1. Readers.
    let mut readers = Vec::new();
    for _ in 0..READERS {
        let (host, path) = (host.clone(), path.clone());
        readers.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(READS_EACH);
            for _ in 0..READS_EACH {
                let sent = Instant::now();
                let response = get(&host, &path).await;
                times.push(sent.elapsed());
                assert_eq!(response.status().as_u16(), 200);
                response.into_body().collect().await.unwrap();
            }
            times
        }));
    }
    let mut ttfb = Vec::new();
    for reader in readers {
        ttfb.extend(reader.await.unwrap());
    }
    ttfb.sort();
    println!(
        "readers: {READERS} at once, a new connection per load, {} page loads: time to first byte p50 {}, p99 {}, max {}",
        ttfb.len(),
        ms(quantile(&ttfb, 0.5)),
        ms(quantile(&ttfb, 0.99)),
        ms(*ttfb.last().unwrap())
    );

    // 1b. Readers each keeping one connection.
    let mut readers = Vec::new();
    for _ in 0..READERS {
        let (host, path) = (host.clone(), path.clone());
        readers.push(tokio::spawn(async move {
            let stream = TcpStream::connect(&host).await.unwrap();
            let (mut sender, connection) =
                hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .unwrap();
            tokio::spawn(connection);
            let mut times = Vec::with_capacity(READS_EACH);
            for _ in 0..READS_EACH {
                let request = hyper::Request::get(path.as_str())
                    .header("host", host.as_str())
                    .body(Empty::<Bytes>::new())
                    .unwrap();
                sender.ready().await.unwrap();
                let sent = Instant::now();
                let response = sender.send_request(request).await.unwrap();
                times.push(sent.elapsed());
                assert_eq!(response.status().as_u16(), 200);
                response.into_body().collect().await.unwrap();
            }
            times
        }));
    }
    let mut kept = Vec::new();
    for reader in readers {
        kept.extend(reader.await.unwrap());
    }
    kept.sort();
    println!(
        "readers: {READERS} at once, each on one connection, {} page loads: time to first byte p50 {}, p99 {}, max {}",
        kept.len(),
        ms(quantile(&kept, 0.5)),
        ms(quantile(&kept, 0.99)),
        ms(*kept.last().unwrap())
    );

    // 2. Live viewers: each counts the events it has seen; a move is delivered to a
    // viewer when its count passes the move's number.
    let live = format!("{path}/live");
    let mut streams = Vec::with_capacity(VIEWERS);
    for _ in 0..VIEWERS {
        let mut body = get(&host, &live).await.into_body();
        let mut seen = 0;
        support::states_until(&mut body, &mut seen, 1).await;
        streams.push((body, seen));
    }
    let memory_viewers = resident_mib();
    let pits = ["c", "d", "b", "e", "a"];
    let mut worst = Vec::new();
    let mut all = Vec::new();
    for (i, pit) in pits.iter().enumerate().take(MOVES) {
        let author = if i % 2 == 0 { "alice" } else { "bob" };
        let moved = Instant::now();
        let reply = service
            .handle(command(
                author,
                Action::Move {
                    pit: pit.parse().expect("a pit letter"),
                    game: None,
                    ply: None,
                },
            ))
            .await;
        assert!(!reply.private, "{}", reply.text);
        let mut waiting = Vec::with_capacity(VIEWERS);
        for (mut body, mut seen) in streams.drain(..) {
            waiting.push(tokio::spawn(async move {
                support::states_until(&mut body, &mut seen, i + 2).await;
                (moved.elapsed(), body, seen)
            }));
        }
        let mut times = Vec::with_capacity(VIEWERS);
        for viewer in waiting {
            let (time, body, seen) = viewer.await.unwrap();
            assert!(seen >= i + 2, "a viewer's stream ended");
            times.push(time);
            streams.push((body, seen));
        }
        times.sort();
        worst.push(*times.last().unwrap());
        all.extend(times);
    }
    all.sort();
    println!(
        "live viewers: {VIEWERS}, {MOVES} moves: delivered p50 {}, p99 {}, slowest viewer per move {}",
        ms(quantile(&all, 0.5)),
        ms(quantile(&all, 0.99)),
        worst.iter().map(|d| ms(*d)).collect::<Vec<_>>().join(", ")
    );
    let memory_after = resident_mib();
    println!(
        "memory: {memory_before:.1} MiB before, {memory_viewers:.1} MiB with {VIEWERS} viewers, {memory_after:.1} MiB after the moves: growth {:.1} MiB",
        memory_after.max(memory_viewers) - memory_before
    );
}
