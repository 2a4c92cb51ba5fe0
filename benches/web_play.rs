//! Playing in the browser under load, on loopback, against a real server over a
//! fresh SQLite file (one process, the release build): 200 games at once, each
//! between two players signed in from chat (`/oware web`, the link's POST, the
//! session cookie; they arrive 8 at a time). Then all 200 play together, at a
//! player's pace (a press every 1 to 3 s in each game, about 100 a second in all):
//! the player to move presses a pit (the page's form: a POST with the session's
//! CSRF token and a fresh nonce, on the connection the player's browser keeps
//! open) while the game's live page is open; the time from the press until that
//! page has the move, the opponent's view, p50, p99 and the slowest; and the
//! POST's own answer time. Every game presses its first pit at the same instant:
//! those 200 are reported apart, as a burst, since no players press in step.
//!
//! Run: `cargo bench --bench web_play` (`OWARE_WEB_GAMES`, `OWARE_WEB_MOVES`
//! change the 200 games and the 12 moves each).

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run

#[path = "support/mod.rs"]
mod support;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};
use support::{ms, quantile};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use oware_bot::{
    rules::{Game, Variant},
    service::{Action, ChallengeOptions, Service, ServiceConfig},
    store::Store,
    web::{Running, WebState},
};
use tokio::net::{TcpListener, TcpStream};

/// A connection to `host` kept open, as a browser keeps one to the page it shows.
async fn connect(host: &str) -> hyper::client::conn::http1::SendRequest<Full<Bytes>> {
    let stream = TcpStream::connect(host).await.unwrap();
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(connection);
    sender
}

/// A browser's connection to `host`: kept open between requests, opened again
/// when the server closed it (it closes one idle past its header timeout).
type Browser = Option<hyper::client::conn::http1::SendRequest<Full<Bytes>>>;

/// A request to `host` on `browser`'s connection (opened when it has none, or
/// when its last one was closed). As a browser does, a request that finds its kept
/// connection closed under it is sent again on a new one.
async fn send_on(
    browser: &mut Browser,
    host: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: String,
) -> hyper::Response<Incoming> {
    let request = || {
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header("host", host);
        if !body.is_empty() {
            request = request.header("content-type", "application/x-www-form-urlencoded");
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(Full::new(Bytes::from(body.clone()))).unwrap()
    };
    if let Some(sender) = browser.as_mut() {
        if sender.ready().await.is_ok() {
            if let Ok(response) = sender.send_request(request()).await {
                return response;
            }
        }
    }
    let sender = browser.insert(connect(host).await);
    sender.ready().await.unwrap();
    sender.send_request(request()).await.unwrap()
}

/// A request to `host` on a new connection: its status, headers and body.
async fn send(
    host: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: String,
) -> hyper::Response<Incoming> {
    send_on(&mut None, host, method, path, headers, body).await
}

/// The whole body of `response`, as text.
async fn text(response: hyper::Response<Incoming>) -> String {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The value of the form field `name` on a page.
fn field(html: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let at = html.find(&key).unwrap_or_else(|| panic!("no {name} field")) + key.len();
    html[at..at + html[at..].find('"').unwrap()].to_owned()
}

/// The path (`/g/…`, `/signin/…`) in a reply's text.
fn path_in(text: &str, prefix: &str) -> String {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} in {text}"));
    text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ')' | '>' | '`'))
        .collect::<String>()
        .trim_end_matches('.')
        .to_owned()
}

/// `who`, signed in through the link `/oware web` gives them: the session cookie
/// and the CSRF token its pages carry.
async fn sign_in(service: &Service, host: &str, room: &str, who: &str) -> String {
    let reply = service
        .handle(support::command_in(
            room,
            who,
            Action::Web { logout_all: false },
        ))
        .await;
    let link = path_in(&reply.text, "/signin/");
    let origin = format!("http://{host}");
    let got = send(host, "POST", &link, &[("origin", &origin)], String::new()).await;
    assert_eq!(got.status().as_u16(), 303, "signing {who} in");
    let cookie = got.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

/// How the games begin: their players arrive a few at a time, then all play.
struct Ready {
    arrivals: tokio::sync::Semaphore,
    start: tokio::sync::Barrier,
}

/// What one game measured: each press until the live page had it, and each
/// POST's answer.
struct Played {
    seen: Vec<Duration>,
    answered: Vec<Duration>,
    /// The first press's time until the page had it (every game presses its first
    /// pit at the same instant).
    first: Option<Duration>,
}

/// Game `n`: its two players sign in, its page is open, and they play `moves`
/// moves by pressing pits, the first legal one each time.
async fn play(
    service: Arc<Service>,
    host: String,
    n: usize,
    moves: usize,
    ready: Arc<Ready>,
) -> Played {
    // Players sign in a few at a time, as they arrive: the web answers 16 requests
    // at once and a burst of 400 sign-ins would wait past its 2 s queue (503).
    let arriving = ready.arrivals.acquire().await.unwrap();
    let room = format!("web-play-{n}");
    let (south, north) = (format!("s{n}"), format!("n{n}"));
    let challenge = Action::Play {
        opponent: support::user(&north),
        options: ChallengeOptions::default(),
    };
    service
        .handle(support::command_in(&room, &south, challenge))
        .await;
    let accepted = service
        .handle(support::command_in(
            &room,
            &north,
            Action::Accept { challenge: None },
        ))
        .await;
    let page = path_in(&accepted.text, "/g/");
    let cookies = [
        sign_in(&service, &host, &room, &south).await,
        sign_in(&service, &host, &room, &north).await,
    ];
    let mut csrf = Vec::new();
    for cookie in &cookies {
        let html =
            text(send(&host, "GET", &page, &[("cookie", cookie)], String::new()).await).await;
        csrf.push(field(&html, "csrf"));
    }
    // The opponent's open page: its live stream.
    // Each opponent's page from an address of its own, as in the world (the server
    // caps the streams of one address; on loopback it reads X-Forwarded-For).
    let address = format!("10.0.{}.{}", n / 250, n % 250 + 1);
    let live = send(
        &host,
        "GET",
        &format!("{page}/live"),
        &[("x-forwarded-for", &address)],
        String::new(),
    )
    .await;
    if live.status().as_u16() != 200 {
        panic!("the live page of {page}: {}", text(live).await);
    }
    let mut live = live.into_body();
    let mut seen = 0;
    support::states_until(&mut live, &mut seen, 1).await;
    drop(arriving);
    // Every game starts playing together.
    ready.start.wait().await;
    let origin = format!("http://{host}");
    // Each player's browser keeps its connection to the page open between presses.
    // (Opened once every game is ready: the server closes a connection idle for
    // 5 s, and 400 opened in the same instant on loopback can lose a SYN to its
    // 1 s retransmit, which measures the kernel, not the press.)
    let mut browsers: [Browser; 2] = [Some(connect(&host).await), Some(connect(&host).await)];
    ready.start.wait().await;
    let mut game = Game::new(Variant::Abapa);
    let mut played = Played {
        seen: Vec::with_capacity(moves),
        answered: Vec::with_capacity(moves),
        first: None,
    };
    for ply in 0..moves {
        let Some(side) = game.to_move() else { break };
        let pit = game.legal_moves().into_iter().next().unwrap();
        let who = usize::from(side == oware_bot::rules::Side::North);
        let body = format!(
            "csrf={}&nonce=n{n}p{ply}x0000&ply={ply}&pit={}",
            csrf[who],
            pit.letter()
        );
        let pressed = Instant::now();
        let got = send_on(
            &mut browsers[who],
            &host,
            "POST",
            &format!("{page}/move"),
            &[("cookie", &cookies[who]), ("origin", &origin)],
            body,
        )
        .await;
        played.answered.push(pressed.elapsed());
        assert_eq!(got.status().as_u16(), 303, "move {ply} of game {n}");
        // The redirect's (empty) body read, the connection is free for the next press.
        text(got).await;
        support::states_until(&mut live, &mut seen, ply + 2).await;
        if ply == 0 {
            played.first = Some(pressed.elapsed());
        } else {
            played.seen.push(pressed.elapsed());
        }
        game.play(pit).unwrap();
        // At a player's pace: the next press 1 to 3 s later (spread over the games).
        let think = 1_000 + (n * 37 + ply * 211) % 2_000;
        tokio::time::sleep(Duration::from_millis(think as u64)).await;
    }
    played
}

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let games = setting("OWARE_WEB_GAMES", 200);
    let moves = setting("OWARE_WEB_MOVES", 12);
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
    let state = WebState::new(service.pages(), None, Vec::new()).with_sessions(service.sessions());
    let _web = Running::start(listener, state);

    let started = Instant::now();
    let ready = Arc::new(Ready {
        arrivals: tokio::sync::Semaphore::new(8),
        start: tokio::sync::Barrier::new(games),
    });
    let tasks: Vec<_> = (0..games)
        .map(|n| {
            let game = play(
                Arc::clone(&service),
                host.clone(),
                n,
                moves,
                Arc::clone(&ready),
            );
            tokio::spawn(game)
        })
        .collect();
    let (mut seen, mut answered, mut first) = (Vec::new(), Vec::new(), Vec::new());
    for task in tasks {
        let played = task.await.unwrap();
        seen.extend(played.seen);
        answered.extend(played.answered);
        first.extend(played.first);
    }
    first.sort();
    let wall = started.elapsed();
    seen.sort();
    answered.sort();
    println!(
        "{games} games at once, {} moves pressed on their pages ({:.1} s with sign-ins and the players' pauses):",
        seen.len() + first.len(),
        wall.as_secs_f64()
    );
    println!(
        "  press to the opponent's page showing it, at the players' pace: p50 {}, p99 {}, max {}",
        ms(quantile(&seen, 0.5)),
        ms(quantile(&seen, 0.99)),
        ms(quantile(&seen, 1.0))
    );
    println!(
        "  the first presses, all {} at the same instant, until each page showed its move: p50 {}, max {}",
        first.len(),
        ms(quantile(&first, 0.5)),
        ms(quantile(&first, 1.0))
    );
    println!(
        "  the press's POST answered (first presses too):                p50 {}, p99 {}, max {}",
        ms(quantile(&answered, 0.5)),
        ms(quantile(&answered, 0.99)),
        ms(quantile(&answered, 1.0))
    );
    service.stop().await;
}
