//! A small HTTP/1.1 client over hyper for the web tests: a GET read whole, and an
//! event stream read event by event.

use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// A response read whole.
pub struct Got {
    pub status: u16,
    pub headers: hyper::HeaderMap,
    pub body: Vec<u8>,
}

impl Got {
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// Sends `GET url` (`http://host:port/path`) and returns the response's head.
async fn send(url: &str) -> hyper::Response<Incoming> {
    let rest = url.strip_prefix("http://").expect("an http:// address");
    let (host, path) = rest
        .split_once('/')
        .map_or((rest, "/".to_owned()), |(h, p)| (h, format!("/{p}")));
    let stream = TcpStream::connect(host).await.expect("the server listens");
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("an HTTP connection");
    tokio::spawn(connection);
    let request = hyper::Request::get(path)
        .header("host", host)
        .body(Empty::<Bytes>::new())
        .expect("a request");
    sender.send_request(request).await.expect("a response")
}

/// `GET url`, read whole (within 10 s).
pub async fn get(url: &str) -> Got {
    tokio::time::timeout(Duration::from_secs(10), async {
        let response = send(url).await;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .expect("the body")
            .to_bytes()
            .to_vec();
        Got {
            status,
            headers,
            body,
        }
    })
    .await
    .expect("the server answers within 10 s")
}

/// An open event stream.
pub struct Events {
    body: Incoming,
    buffer: String,
    pub content_type: String,
}

impl Events {
    pub async fn open(url: &str) -> Events {
        let response = send(url).await;
        assert_eq!(response.status().as_u16(), 200, "{url}");
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        Events {
            body: response.into_body(),
            buffer: String::new(),
            content_type,
        }
    }

    /// The next game state's data (comments, keep-alives and named events such as
    /// the viewers' count skipped); `None` when the stream ends.
    pub async fn next(&mut self) -> Option<String> {
        loop {
            let (name, data) = self.next_event().await?;
            if name.is_none() {
                return Some(data);
            }
        }
    }

    /// The next event named `name`'s data, the events between skipped; `None`
    /// when the stream ends.
    pub async fn next_named(&mut self, name: &str) -> Option<String> {
        loop {
            let (named, data) = self.next_event().await?;
            if named.as_deref() == Some(name) {
                return Some(data);
            }
        }
    }

    /// The next event with data: its name (`None` for a plain message) and its
    /// data; `None` when the stream ends.
    async fn next_event(&mut self) -> Option<(Option<String>, String)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let name = event
                    .lines()
                    .find_map(|line| line.strip_prefix("event:"))
                    .map(|name| name.trim().to_owned());
                let data: Vec<&str> = event
                    .lines()
                    .filter_map(|line| line.strip_prefix("data:"))
                    .map(str::trim_start)
                    .collect();
                if !data.is_empty() {
                    return Some((name, data.join("\n")));
                }
                continue;
            }
            let frame = self.body.frame().await?.expect("a frame");
            if let Ok(bytes) = frame.into_data() {
                self.buffer
                    .push_str(std::str::from_utf8(&bytes).expect("UTF-8"));
            }
        }
    }
}

/// Sends `method url` with a JSON body (WebDriver's wire format) and returns the
/// JSON answer.
pub async fn json(method: &str, url: &str, body: &serde_json::Value) -> serde_json::Value {
    let rest = url.strip_prefix("http://").expect("an http:// address");
    let (host, path) = rest
        .split_once('/')
        .map_or((rest, "/".to_owned()), |(h, p)| (h, format!("/{p}")));
    let stream = TcpStream::connect(host).await.expect("the driver listens");
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("an HTTP connection");
    tokio::spawn(connection);
    // No body at all for `null` (a GET): chromedriver refuses a JSON `null`.
    let payload = if body.is_null() {
        Bytes::new()
    } else {
        Bytes::from(body.to_string())
    };
    let request = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", host)
        .header("content-type", "application/json")
        .body(http_body_util::Full::new(payload))
        .expect("a request");
    let response = sender.send_request(request).await.expect("a response");
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("the body")
        .to_bytes();
    serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null)
}

/// Sends `method url` with `headers` and a form `body` (none when empty), read
/// whole (within 10 s). Redirects are not followed.
pub async fn send_form(method: &str, url: &str, headers: &[(&str, &str)], body: &str) -> Got {
    tokio::time::timeout(Duration::from_secs(10), async {
        let rest = url.strip_prefix("http://").expect("an http:// address");
        let (host, path) = rest
            .split_once('/')
            .map_or((rest, "/".to_owned()), |(h, p)| (h, format!("/{p}")));
        let stream = TcpStream::connect(host).await.expect("the server listens");
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .expect("an HTTP connection");
        tokio::spawn(connection);
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
        let request = request
            .body(http_body_util::Full::new(Bytes::from(body.to_owned())))
            .expect("a request");
        let response = sender.send_request(request).await.expect("a response");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .expect("the body")
            .to_bytes()
            .to_vec();
        Got {
            status,
            headers,
            body,
        }
    })
    .await
    .expect("the server answers within 10 s")
}
