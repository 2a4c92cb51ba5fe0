//! A loopback fake Discord for driving the real serenity + poise client: a REST server
//! (hyper) that records every request and answers in Discord's documented shapes, and
//! a gateway (tokio-tungstenite) that sends HELLO, READY and the test's dispatch events.
//! Everything listens on 127.0.0.1 only.
//!
//! It speaks to several shards, as Discord does: each gateway connection identifies
//! as shard `[id, total]`, and an interaction goes to the shard that owns its guild,
//! `(guild_id >> 22) % total` (queued while that shard is not connected). Several bot
//! processes can each get their own REST address ([`FakeDiscord::extra_rest`]), so
//! every request is known by the process that made it ([`Recorded::via`]).

#![allow(dead_code)] // each test file uses part of it

mod gateway;
pub mod harness;
pub mod payloads;
pub mod scale;
pub mod service;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch, Notify};

use payloads::CHANNEL_ID;

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path and query, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    /// The `Authorization` header.
    pub authorization: String,
    /// The `Content-Type` header.
    pub content_type: String,
    /// The raw body (only the JSON payload in a lean fake, see [`FakeDiscord::lean`]).
    pub body: Vec<u8>,
    /// Which REST address it came to: 0 for [`FakeDiscord::rest_url`], then the
    /// [`FakeDiscord::extra_rest`] ones in order.
    pub via: usize,
}

/// One part of a multipart body.
#[derive(Clone, Debug)]
pub struct Part {
    /// The form field name (`payload_json`, `files[0]`).
    pub name: String,
    /// The file name, for files.
    pub filename: Option<String>,
    /// The part's content type.
    pub content_type: Option<String>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl Recorded {
    /// The JSON payload: the body, or the `payload_json` part of a multipart body.
    pub fn json(&self) -> Value {
        if self.content_type.starts_with("multipart/") {
            let payload = self
                .parts()
                .into_iter()
                .find(|p| p.name == "payload_json")
                .expect("a multipart request carries payload_json");
            serde_json::from_slice(&payload.bytes).expect("payload_json is JSON")
        } else if self.body.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&self.body).expect("the body is JSON")
        }
    }

    /// The file parts of a multipart body.
    pub fn files(&self) -> Vec<Part> {
        self.parts()
            .into_iter()
            .filter(|p| p.filename.is_some())
            .collect()
    }

    /// Every part of a multipart body (none for other bodies).
    pub fn parts(&self) -> Vec<Part> {
        let Some(boundary) = self.content_type.split("boundary=").nth(1) else {
            return Vec::new();
        };
        let delimiter = format!("--{}", boundary.trim_matches('"'));
        split(&self.body, delimiter.as_bytes())
            .into_iter()
            .filter_map(parse_part)
            .collect()
    }
}

fn split<'a>(body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(at) = find(rest, delimiter) {
        out.push(&rest[..at]);
        rest = &rest[at + delimiter.len()..];
    }
    out.push(rest);
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn parse_part(raw: &[u8]) -> Option<Part> {
    let raw = raw.strip_prefix(b"\r\n")?;
    let end = find(raw, b"\r\n\r\n")?;
    let headers = String::from_utf8_lossy(&raw[..end]).to_string();
    let mut bytes = raw[end + 4..].to_vec();
    if bytes.ends_with(b"\r\n") {
        bytes.truncate(bytes.len() - 2);
    }
    let disposition = headers
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))?;
    let field = |key: &str| {
        disposition
            .split(';')
            .map(str::trim)
            .find_map(|kv| kv.strip_prefix(&format!("{key}=\"")))
            .map(|v| v.trim_end_matches('"').to_owned())
    };
    let content_type = headers
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-type:"))
        .map(|l| l["content-type:".len()..].trim().to_owned());
    Some(Part {
        name: field("name")?,
        filename: field("filename"),
        content_type,
        bytes,
    })
}

/// How the REST server fails channel messages during an outage
/// ([`FakeDiscord::outage`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outage {
    /// 500 Internal Server Error, nothing created.
    Status500,
    /// The message is created, but the answer comes only when the outage ends: the
    /// bot cannot know it went through.
    Hang,
}

/// A channel message the fake created: where, with which nonce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    /// The channel or thread id.
    pub channel: String,
    /// The nonce it carried.
    pub nonce: Option<String>,
}

/// The events for one shard, taken by its gateway connection while it is open.
type ShardQueue = Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Value>>>;

struct Shared {
    requests: Mutex<Vec<Recorded>>,
    /// Keep no bodies in the request log (a long load test would hold gigabytes of
    /// board images); answers awaited with [`FakeDiscord::answer_to`] keep theirs.
    lean: AtomicBool,
    /// Each shard's event queue: its sender, and the receiver its connection takes.
    shards: Mutex<HashMap<u64, (mpsc::UnboundedSender<Value>, ShardQueue)>>,
    /// The shard count the bot identified with (1 until it does).
    total_shards: AtomicU64,
    /// Interaction token -> who waits for its answer.
    answers: Mutex<HashMap<String, oneshot::Sender<Recorded>>>,
    /// Interaction tokens answered with a deferral: their answer is the edit.
    deferred: Mutex<std::collections::HashSet<String>>,
    /// REST addresses opened so far (the next [`Recorded::via`]).
    rest_count: AtomicU64,
    /// How many times each shard identified.
    identifies: Mutex<HashMap<u64, usize>>,
    /// How many times each shard resumed its session.
    resumes: Mutex<HashMap<u64, usize>>,
    /// The gateway refuses connections until then.
    gateway_down: Mutex<Option<tokio::time::Instant>>,
    /// Bumped to cut every open gateway connection.
    gateway_kick: watch::Sender<u64>,
    /// Thread id -> the channel it was opened in.
    threads: Mutex<HashMap<String, String>>,
    changed: Notify,
    forbid_threads: AtomicBool,
    next_id: AtomicU64,
    /// The message id given to each interaction token's original response.
    originals: Mutex<HashMap<String, u64>>,
    /// The direct-message channel of each person asked for (Create DM).
    dm_channels: Mutex<HashMap<String, u64>>,
    identify: Mutex<Option<Value>>,
    ws_url: Mutex<String>,
    /// Channel messages fail this way until then.
    outage: Mutex<Option<(tokio::time::Instant, Outage)>>,
    /// Every channel message created, in order (a repeat of an enforced nonce
    /// creates nothing, as on Discord).
    created: Mutex<Vec<Created>>,
    /// Enforced nonce -> the message created with it.
    nonces: Mutex<HashMap<String, Value>>,
    /// Interaction callbacks are recorded at once but answered this much later.
    callback_hold: Mutex<Option<Duration>>,
    /// Channels whose new messages are never answered (the connection hangs).
    hung: Mutex<std::collections::HashSet<String>>,
}

/// The fake: start it, point the bot at [`FakeDiscord::rest_url`], send events.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`, for `DISCORD_HTTP_PROXY`.
    pub rest_url: String,
    shared: Arc<Shared>,
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on loopback ports.
    pub async fn start() -> FakeDiscord {
        let shared = Arc::new(Shared {
            requests: Mutex::new(Vec::new()),
            lean: AtomicBool::new(false),
            shards: Mutex::new(HashMap::new()),
            total_shards: AtomicU64::new(1),
            answers: Mutex::new(HashMap::new()),
            deferred: Mutex::new(std::collections::HashSet::new()),
            rest_count: AtomicU64::new(1),
            identifies: Mutex::new(HashMap::new()),
            resumes: Mutex::new(HashMap::new()),
            gateway_down: Mutex::new(None),
            gateway_kick: watch::Sender::new(0),
            threads: Mutex::new(HashMap::new()),
            changed: Notify::new(),
            forbid_threads: AtomicBool::new(false),
            next_id: AtomicU64::new(1_500_000_000_000_000_000),
            originals: Mutex::new(HashMap::new()),
            dm_channels: Mutex::new(HashMap::new()),
            identify: Mutex::new(None),
            ws_url: Mutex::new(String::new()),
            outage: Mutex::new(None),
            created: Mutex::new(Vec::new()),
            nonces: Mutex::new(HashMap::new()),
            callback_hold: Mutex::new(None),
            hung: Mutex::new(std::collections::HashSet::new()),
        });
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        *shared.ws_url.lock().unwrap() = format!("ws://{}", gateway.local_addr().unwrap());
        tokio::spawn(gateway::serve(gateway, Arc::clone(&shared)));
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest_url = format!("http://{}", rest.local_addr().unwrap());
        tokio::spawn(serve_rest(rest, Arc::clone(&shared), 0));
        FakeDiscord { rest_url, shared }
    }

    /// Another REST address for another bot process; its requests are recorded with
    /// the returned `via`.
    pub async fn extra_rest(&self) -> (String, usize) {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", rest.local_addr().unwrap());
        let via = usize::try_from(self.shared.rest_count.fetch_add(1, Ordering::SeqCst))
            .expect("a few addresses");
        tokio::spawn(serve_rest(rest, Arc::clone(&self.shared), via));
        (url, via)
    }

    /// From now on the request log keeps no bodies (see [`Recorded::body`]).
    pub fn lean(&self) {
        self.shared.lean.store(true, Ordering::SeqCst);
    }

    /// How many times shard `id` identified (a restarted process identifies again).
    pub fn identified(&self, id: u64) -> usize {
        self.shared
            .identifies
            .lock()
            .unwrap()
            .get(&id)
            .copied()
            .unwrap_or(0)
    }

    /// How many times shard `id` resumed its session after its connection was cut.
    pub fn resumed(&self, id: u64) -> usize {
        self.shared
            .resumes
            .lock()
            .unwrap()
            .get(&id)
            .copied()
            .unwrap_or(0)
    }

    /// Cuts every gateway connection now, without a close frame, and refuses new
    /// ones for `length`: the bot's shards lose Discord until they reconnect.
    pub fn drop_gateway(&self, length: Duration) {
        *self.shared.gateway_down.lock().unwrap() = Some(tokio::time::Instant::now() + length);
        self.shared
            .gateway_kick
            .send_modify(|generation| *generation += 1);
    }

    /// The channel thread `id` was opened in, if the fake opened it.
    pub fn thread_parent(&self, id: &str) -> Option<String> {
        self.shared.threads.lock().unwrap().get(id).cloned()
    }

    /// The shard that owns `guild` among the shards the bot identified with.
    pub fn shard_of(&self, guild: u64) -> u64 {
        (guild >> 22) % self.shared.total_shards.load(Ordering::SeqCst).max(1)
    }

    /// The answer to interaction `payload` (its callback, or the edit or follow-up
    /// that fills in a deferral), with its body: call before sending it.
    pub fn answer_to(&self, payload: &Value) -> oneshot::Receiver<Recorded> {
        let (tx, rx) = oneshot::channel();
        self.shared
            .answers
            .lock()
            .unwrap()
            .insert(payloads::token(payload), tx);
        rx
    }

    /// From now on, opening a thread fails with 403 Missing Permissions.
    pub fn forbid_threads(&self) {
        self.shared.forbid_threads.store(true, Ordering::SeqCst);
    }

    /// From now on and for `length`, posting a channel message fails as `mode` says
    /// (interactions are answered as usual).
    pub fn outage(&self, mode: Outage, length: Duration) {
        let until = tokio::time::Instant::now() + length;
        *self.shared.outage.lock().unwrap() = Some((until, mode));
    }

    /// From now on, posting a message to `channel` gets no answer at all: the
    /// request is read, and the connection then hangs (for an hour).
    pub fn hang_channel(&self, channel: &str) {
        self.shared.hung.lock().unwrap().insert(channel.to_owned());
    }

    /// From now on, an interaction callback is recorded (and its waiter told) at
    /// once, but answered only after `hold`: the bot has a command in hand meanwhile.
    pub fn hold_callbacks(&self, hold: Duration) {
        *self.shared.callback_hold.lock().unwrap() = Some(hold);
    }

    /// Every channel message created so far, in order.
    pub fn created(&self) -> Vec<Created> {
        self.shared.created.lock().unwrap().clone()
    }

    /// Sends `INTERACTION_CREATE` with this payload, to the shard that owns its guild
    /// (queued until that shard is connected).
    pub fn interaction(&self, payload: Value) {
        let guild = payload["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .unwrap_or(0);
        let shard = self.shard_of(guild);
        if std::env::var_os("FAKE_DISCORD_DEBUG").is_some() {
            eprintln!("fake: guild {guild} -> shard {shard} ({})", payload["id"]);
        }
        gateway::shard_queue(&self.shared, shard)
            .0
            .send(json!({ "t": "INTERACTION_CREATE", "d": payload }))
            .expect("the queue is open");
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// The message id the fake gave to the original response of the interaction with
    /// this token, once the bot has fetched or edited it.
    pub fn original_id(&self, token: &str) -> Option<u64> {
        self.shared.originals.lock().unwrap().get(token).copied()
    }

    /// The IDENTIFY payload the bot sent.
    pub fn identify(&self) -> Option<Value> {
        self.shared.identify.lock().unwrap().clone()
    }

    /// Waits (up to 20 s) until `count` requests match `pred`, then returns those.
    pub async fn wait_for(&self, count: usize, pred: impl Fn(&Recorded) -> bool) -> Vec<Recorded> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let changed = self.shared.changed.notified();
            let found: Vec<Recorded> = self.requests().into_iter().filter(&pred).collect();
            if found.len() >= count {
                return found;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                panic!(
                    "timed out waiting for {count} matching requests; saw:\n{}",
                    self.requests()
                        .iter()
                        .map(|r| format!("{} {}", r.method, r.path))
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
        }
    }

    /// Waits for the bot to register its commands: it is connected and ready.
    pub async fn wait_ready(&self) -> Recorded {
        self.wait_for(1, |r| r.method == "PUT" && r.path.contains("/commands"))
            .await
            .remove(0)
    }
}

async fn serve_rest(listener: TcpListener, shared: Arc<Shared>, via: usize) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            return;
        };
        // As Discord's servers do: without it, an event (or answer) written while
        // the last is not yet acknowledged waits for the bot's delayed ACK (40 ms
        // on Linux), which the scale bench would count as the bot's latency.
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let shared = Arc::clone(&shared);
                async move { Ok::<_, Infallible>(answer(req, &shared, via).await) }
            });
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, service)
                .await;
        });
    }
}

async fn answer(req: Request<Incoming>, shared: &Shared, via: usize) -> Response<Full<Bytes>> {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let method = req.method().as_str().to_owned();
    let path = req
        .uri()
        .path_and_query()
        .map_or_else(String::new, |p| p.as_str().to_owned());
    let authorization = header("authorization");
    let content_type = header("content-type");
    let body = req
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes().to_vec())
        .unwrap_or_default();
    let mut recorded = Recorded {
        method,
        path,
        authorization,
        content_type,
        body,
        via,
    };
    let is_message = recorded.method == "POST"
        && matches!(
            recorded
                .path
                .trim_start_matches("/api/v10/")
                .split('/')
                .collect::<Vec<_>>()[..],
            ["channels", _, "messages"]
        );
    let hung = is_message && {
        let hung = shared.hung.lock().unwrap();
        hung.iter()
            .any(|c| recorded.path.ends_with(&format!("/channels/{c}/messages")))
    };
    if hung {
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
    let outage = *shared.outage.lock().unwrap();
    let outage = outage.filter(|(until, _)| is_message && tokio::time::Instant::now() < *until);
    let response = match outage {
        Some((_, Outage::Status500)) => status(
            500,
            json!({ "message": "500: Internal Server Error", "code": 0 }),
        ),
        Some((until, Outage::Hang)) => {
            let response = route(&recorded, shared);
            tokio::time::sleep_until(until).await;
            response
        }
        None => route(&recorded, shared),
    };
    if let Some(token) = answered_token(&recorded, shared) {
        if let Some(waiter) = shared.answers.lock().unwrap().remove(&token) {
            let _ = waiter.send(recorded.clone());
        }
    }
    if shared.lean.load(Ordering::SeqCst) {
        recorded.body = Vec::new();
    }
    let is_callback = recorded.method == "POST" && recorded.path.contains("/callback");
    shared.requests.lock().unwrap().push(recorded);
    shared.changed.notify_waiters();
    let hold = *shared.callback_hold.lock().unwrap();
    if let Some(hold) = hold.filter(|_| is_callback) {
        tokio::time::sleep(hold).await;
    }
    response
}

/// The interaction token `req` answers, if it does: a callback that is not a
/// deferral, or the edit or follow-up after one.
fn answered_token(req: &Recorded, shared: &Shared) -> Option<String> {
    let path = req.path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match (req.method.as_str(), segments.as_slice()) {
        ("POST", ["interactions", _, token, "callback"]) => {
            // 5 and 6: "thinking", the answer comes later.
            if matches!(req.json()["type"].as_u64(), Some(5 | 6)) {
                shared.deferred.lock().unwrap().insert((*token).to_owned());
                None
            } else {
                Some((*token).to_owned())
            }
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"])
        | ("POST", ["webhooks", _, token]) => shared
            .deferred
            .lock()
            .unwrap()
            .remove(*token)
            .then(|| (*token).to_owned()),
        _ => None,
    }
}

fn route(req: &Recorded, shared: &Shared) -> Response<Full<Bytes>> {
    let path = req.path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let new_id = || shared.next_id.fetch_add(1, Ordering::SeqCst);
    let content = || {
        if req.body.is_empty() {
            String::new()
        } else {
            let json = req.json();
            let data = if json.get("data").is_some() {
                &json["data"]
            } else {
                &json
            };
            data["content"].as_str().unwrap_or_default().to_owned()
        }
    };
    match (req.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": *shared.ws_url.lock().unwrap() })),
        // Discord's recommended shard count (what an unsharded start asks for).
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": *shared.ws_url.lock().unwrap(),
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
            }
        })),
        ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]) => {
            ok(json!([]))
        }
        ("POST", ["interactions", _, _, "callback"]) => no_content(),
        // Create DM: the same channel for the same person every time.
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = req.json()["recipient_id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let id = *shared
                .dm_channels
                .lock()
                .unwrap()
                .entry(recipient.clone())
                .or_insert_with(new_id);
            ok(payloads::dm_channel(id, &recipient))
        }
        // Get Channel: the server's two text channels, and one of another server.
        ("GET", ["channels", id]) => match *id {
            payloads::CHANNEL_ID | payloads::MODS_CHANNEL_ID => {
                ok(payloads::text_channel(id, payloads::GUILD_ID))
            }
            payloads::FOREIGN_CHANNEL_ID => ok(payloads::text_channel(id, "100000000000000099")),
            _ => status(404, json!({ "message": "Unknown Channel", "code": 10003 })),
        },
        ("DELETE", ["webhooks", _, _, "messages", "@original"]) => no_content(),
        (_, ["webhooks", _, token, "messages", "@original"]) => {
            let id = *shared
                .originals
                .lock()
                .unwrap()
                .entry((*token).to_owned())
                .or_insert_with(new_id);
            ok(payloads::message(id, CHANNEL_ID, &content()))
        }
        ("POST", ["webhooks", _, _]) => ok(payloads::message(new_id(), CHANNEL_ID, &content())),
        ("POST", ["channels", channel, "messages", _, "threads"]) => {
            if shared.forbid_threads.load(Ordering::SeqCst) {
                status(
                    403,
                    json!({ "message": "Missing Permissions", "code": 50013 }),
                )
            } else {
                let name = req.json()["name"].as_str().unwrap_or_default().to_owned();
                let id = new_id();
                shared
                    .threads
                    .lock()
                    .unwrap()
                    .insert(id.to_string(), (*channel).to_owned());
                ok(payloads::thread(id, channel, &name))
            }
        }
        ("POST", ["channels", channel, "messages"]) => {
            let json = if req.body.is_empty() {
                Value::Null
            } else {
                req.json()
            };
            let nonce = json["nonce"].as_str().map(str::to_owned);
            let enforced = json["enforce_nonce"].as_bool() == Some(true);
            let mut nonces = shared.nonces.lock().unwrap();
            if let Some(earlier) = nonce
                .as_ref()
                .filter(|_| enforced)
                .and_then(|n| nonces.get(n))
            {
                return ok(earlier.clone());
            }
            let message = payloads::message(new_id(), channel, &content());
            if let Some(nonce) = nonce.as_ref().filter(|_| enforced) {
                nonces.insert(nonce.clone(), message.clone());
            }
            shared.created.lock().unwrap().push(Created {
                channel: (*channel).to_owned(),
                nonce,
            });
            ok(message)
        }
        // Modify Channel on a thread (archiving it): the thread as it is now.
        ("PATCH", ["channels", thread]) => {
            let parent = shared
                .threads
                .lock()
                .unwrap()
                .get(*thread)
                .cloned()
                .unwrap_or_else(|| CHANNEL_ID.to_owned());
            let mut channel = payloads::thread(thread.parse().unwrap_or(1), &parent, "game");
            if let Some(archived) = req.json()["archived"].as_bool() {
                channel["thread_metadata"]["archived"] = json!(archived);
            }
            ok(channel)
        }
        _ => status(
            404,
            json!({ "message": "Unknown route in the fake", "code": 0 }),
        ),
    }
}

fn ok(body: Value) -> Response<Full<Bytes>> {
    status(200, body)
}

fn no_content() -> Response<Full<Bytes>> {
    Response::builder()
        .status(204)
        .body(Full::new(Bytes::new()))
        .unwrap()
}

fn status(code: u16, body: Value) -> Response<Full<Bytes>> {
    Response::builder()
        .status(code)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap()
}
