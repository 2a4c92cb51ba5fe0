//! The fake's gateway: HELLO, then READY for an IDENTIFY or RESUMED for a RESUME,
//! then the shard's queued dispatch events. [`FakeDiscord::drop_gateway`] cuts every
//! connection, without a close frame, and refuses new ones for a while, as a network
//! outage between the bot and Discord's gateway would.
//!
//! [`FakeDiscord::drop_gateway`]: super::FakeDiscord::drop_gateway

use std::sync::atomic::Ordering;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{payloads, ShardQueue, Shared};

/// Shard `id`'s event queue, made on first use.
pub(super) fn shard_queue(shared: &Shared, id: u64) -> (mpsc::UnboundedSender<Value>, ShardQueue) {
    shared
        .shards
        .lock()
        .unwrap()
        .entry(id)
        .or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            (tx, Arc::new(tokio::sync::Mutex::new(rx)))
        })
        .clone()
}

/// The session id READY gives shard `id`, so that a RESUME names its shard.
fn session_of(id: u64) -> String {
    format!("fake-session-{id}")
}

/// The shard a RESUME's session id names.
fn shard_of_session(session: &str) -> u64 {
    session
        .strip_prefix("fake-session-")
        .and_then(|id| id.parse().ok())
        .unwrap_or(0)
}

/// Whether the gateway is down (see [`super::FakeDiscord::drop_gateway`]).
fn down(shared: &Shared) -> bool {
    shared
        .gateway_down
        .lock()
        .unwrap()
        .is_some_and(|until| tokio::time::Instant::now() < until)
}

pub(super) async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            return;
        };
        // As Discord's servers do: without it, an event (or answer) written while
        // the last is not yet acknowledged waits for the bot's delayed ACK (40 ms
        // on Linux), which the scale bench would count as the bot's latency.
        let _ = stream.set_nodelay(true);
        if down(&shared) {
            // Refused: the connection closes before the WebSocket handshake.
            drop(stream);
            continue;
        }
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
                return;
            };
            let mut kicked = shared.gateway_kick.subscribe();
            let (mut tx, mut rx) = ws.split();
            let hello =
                json!({ "op": 10, "s": null, "t": null, "d": { "heartbeat_interval": 41250 } });
            if tx.send(WsMessage::text(hello.to_string())).await.is_err() {
                return;
            }
            let mut seq = 0_u64;
            // Until it identifies, a connection has no shard and gets no events.
            let mut events: Option<tokio::sync::OwnedMutexGuard<mpsc::UnboundedReceiver<Value>>> =
                None;
            loop {
                let next = {
                    let next_event = async {
                        match events.as_mut() {
                            Some(queue) => queue.recv().await,
                            None => std::future::pending().await,
                        }
                    };
                    tokio::select! {
                        incoming = rx.next() => Ok(incoming),
                        event = next_event => Err(event),
                        // Cut: both halves drop, the TCP connection closes unannounced.
                        _ = kicked.changed() => return,
                    }
                };
                match next {
                    Ok(incoming) => {
                        let Some(Ok(WsMessage::Text(text))) = incoming else {
                            if matches!(incoming, Some(Ok(_))) {
                                continue;
                            }
                            return;
                        };
                        let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        match frame["op"].as_u64() {
                            Some(1) => {
                                let ack = json!({ "op": 11, "s": null, "t": null, "d": null });
                                let _ = tx.send(WsMessage::text(ack.to_string())).await;
                            }
                            Some(2) => {
                                *shared.identify.lock().unwrap() = Some(frame["d"].clone());
                                seq += 1;
                                let url = shared.ws_url.lock().unwrap().clone();
                                let mut d = payloads::ready(&url);
                                // READY names the shard the connection identified as.
                                let shard = frame["d"].get("shard").cloned();
                                let (id, total) = shard.as_ref().map_or((0, 1), |s| {
                                    (s[0].as_u64().unwrap_or(0), s[1].as_u64().unwrap_or(1))
                                });
                                if let Some(shard) = shard {
                                    d["shard"] = shard;
                                }
                                d["session_id"] = json!(session_of(id));
                                shared.total_shards.store(total.max(1), Ordering::SeqCst);
                                *shared.identifies.lock().unwrap().entry(id).or_default() += 1;
                                if std::env::var_os("FAKE_DISCORD_DEBUG").is_some() {
                                    eprintln!("fake: identify {}", frame["d"]);
                                }
                                let ready = json!({ "op": 0, "s": seq, "t": "READY", "d": d });
                                let _ = tx.send(WsMessage::text(ready.to_string())).await;
                                // A restarted shard's new connection waits for the old
                                // one's to close, then takes the queue.
                                events = Some(shard_queue(&shared, id).1.lock_owned().await);
                            }
                            Some(6) => {
                                // RESUME: the session goes on where it stopped, and its
                                // shard's events that waited meanwhile follow RESUMED.
                                let id = shard_of_session(
                                    frame["d"]["session_id"].as_str().unwrap_or_default(),
                                );
                                seq = frame["d"]["seq"].as_u64().unwrap_or(seq) + 1;
                                *shared.resumes.lock().unwrap().entry(id).or_default() += 1;
                                let resumed = json!({ "op": 0, "s": seq, "t": "RESUMED", "d": {} });
                                let _ = tx.send(WsMessage::text(resumed.to_string())).await;
                                events = Some(shard_queue(&shared, id).1.lock_owned().await);
                            }
                            _ => {}
                        }
                    }
                    Err(event) => {
                        let Some(event) = event else { return };
                        seq += 1;
                        let frame = json!({ "op": 0, "s": seq, "t": event["t"], "d": event["d"] });
                        if tx.send(WsMessage::text(frame.to_string())).await.is_err() {
                            return;
                        }
                    }
                }
            }
        });
    }
}
