//! The web server's bounds, tried as an abuser would (issue 48): more live streams
//! than one client may hold, a request head sent by halves and never finished.

use std::time::{Duration, Instant};

use oware_bot::config::WebLimits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::http::{get, Events};
use crate::pages::game_with_link;
use crate::Site;

/// One client opens more streams than its cap (the default, 8): the ones past it
/// are answered 503 with `Retry-After` at once, and a stream closed frees its place.
#[tokio::test]
async fn a_client_past_its_stream_cap_gets_503_with_retry_after() {
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let live = format!("{link}/live");
    let cap = WebLimits::default().streams_per_client;
    let mut open = Vec::new();
    for _ in 0..cap {
        let mut events = Events::open(&live).await;
        assert!(events.next().await.is_some(), "a first state");
        open.push(events);
    }
    assert_eq!(site.state.live_streams(), cap);
    for _ in 0..20 {
        let refused = get(&live).await;
        assert_eq!(refused.status, 503, "{}", refused.text());
        let wait: u64 = refused.header("retry-after").parse().expect("Retry-After");
        assert!(wait > 0, "{wait}");
    }
    assert_eq!(site.state.live_streams(), cap, "the refused hold nothing");
    // The pages themselves still answer.
    assert_eq!(get(&link).await.status, 200);
    assert_eq!(get(&format!("{}/healthz", site.base)).await.status, 200);

    drop(open.pop());
    let freed = Instant::now();
    while site.state.live_streams() == cap {
        assert!(
            freed.elapsed() < Duration::from_secs(5),
            "the stream's place is freed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut again = Events::open(&live).await;
    assert!(again.next().await.is_some());
}

/// Streams in all are capped too: clients behind a proxy on this host (named by
/// `X-Forwarded-For`) each under their own cap still meet the total.
#[tokio::test]
async fn streams_in_all_are_capped() {
    let site = Site::with_limits(WebLimits {
        streams: 3,
        ..WebLimits::default()
    })
    .await;
    let (_, link) = game_with_link(&site).await;
    let path = link.strip_prefix(&site.base).unwrap().to_owned();
    let host = site.base.strip_prefix("http://").unwrap().to_owned();
    let mut kept = Vec::new();
    for client in 1..=4 {
        let mut tcp = TcpStream::connect(&host).await.unwrap();
        let request = format!(
            "GET {path}/live HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-For: 198.51.100.{client}\r\n\r\n"
        );
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut head = vec![0; 256];
        let read = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut head))
            .await
            .expect("an answer")
            .unwrap();
        let head = String::from_utf8_lossy(&head[..read]).to_string();
        if client <= 3 {
            assert!(head.starts_with("HTTP/1.1 200"), "client {client}: {head}");
        } else {
            assert!(head.starts_with("HTTP/1.1 503"), "client {client}: {head}");
            assert!(head.to_lowercase().contains("retry-after: "), "{head}");
        }
        kept.push(tcp);
    }
}

/// A request head sent by halves and never finished is closed after the header
/// timeout, not kept open for ever (slowloris).
#[tokio::test]
async fn a_half_sent_header_is_closed() {
    let site = Site::with_limits(WebLimits {
        header_timeout: Duration::from_secs(1),
        ..WebLimits::default()
    })
    .await;
    let host = site.base.strip_prefix("http://").unwrap().to_owned();
    let mut tcp = TcpStream::connect(&host).await.unwrap();
    let sent = Instant::now();
    tcp.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {host}\r\nX-Slow: ").as_bytes())
        .await
        .unwrap();
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "still open after 10 s");
    let took = sent.elapsed();
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
    assert!(
        took >= Duration::from_millis(900),
        "closed at once: {took:?}"
    );
    // A whole request on a new connection is answered as ever.
    assert_eq!(get(&format!("{}/healthz", site.base)).await.status, 200);
}

/// The pages are served on a thread of their own at a lower priority than the chat
/// (Linux `nice` 19, the lowest), so a flood of requests takes what the chat leaves of the
/// machine; and they are still served.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_pages_thread_yields_to_the_chat() {
    let site = Site::new().await;
    assert_eq!(get(&format!("{}/healthz", site.base)).await.status, 200);
    let mut web = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let task = task.unwrap().path();
        let name = std::fs::read_to_string(task.join("comm")).unwrap_or_default();
        if name.trim() == "oware-web" {
            let stat = std::fs::read_to_string(task.join("stat")).unwrap();
            // After the name in parentheses: state is field 3, nice field 19.
            let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..]
                .split_whitespace()
                .collect();
            web.push(fields[16].parse::<i32>().unwrap());
        }
    }
    let here = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
    let own: i32 = here[here.rfind(')').unwrap() + 2..]
        .split_whitespace()
        .nth(16)
        .unwrap()
        .parse()
        .unwrap();
    assert!(!web.is_empty(), "no thread of the pages' own");
    for nice in web {
        assert_eq!(
            nice,
            19_i32.max(own),
            "the pages' thread runs at the chat's priority"
        );
    }
}
