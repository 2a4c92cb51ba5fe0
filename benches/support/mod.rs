//! What the service-level benches share: console commands and latency figures.
//! Each bench includes it with `#[path]`; a bench may use only some of it.
#![allow(dead_code)]

use std::time::Duration;

use oware_bot::service::{Action, Command, Place, Platform, User};

/// `action` typed by `author` (their id and name alike) in console room `channel`.
pub fn command_in(channel: &str, author: &str, action: Action) -> Command {
    let place = Place {
        platform: Platform::Console,
        space: None,
        channel: channel.to_owned(),
        thread: None,
    };
    Command::new(place, user(author), action)
}

/// A person whose id and name are `name`.
pub fn user(name: &str) -> User {
    User {
        id: name.to_owned(),
        name: name.to_owned(),
        is_bot: false,
    }
}

/// The `q` quantile (0 to 1) of `sorted` durations; zero when there are none.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

/// A duration in milliseconds, one decimal.
pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The game states (`data: {…}`, not a named event such as the viewers' count)
/// in a live page's stream text.
fn states_in(text: &str) -> usize {
    text.lines()
        .filter(|line| {
            line.strip_prefix("data:")
                .is_some_and(|rest| rest.trim_start().starts_with('{'))
        })
        .count()
}

/// Reads a live page's event stream until it has seen `states` game states in
/// all (`seen` counts them across calls); returns early when the stream ends.
pub async fn states_until(body: &mut hyper::body::Incoming, seen: &mut usize, states: usize) {
    use http_body_util::BodyExt;
    while *seen < states {
        let Some(frame) = body.frame().await else {
            return;
        };
        if let Ok(bytes) = frame.expect("a frame").into_data() {
            *seen += states_in(std::str::from_utf8(&bytes).unwrap_or_default());
        }
    }
}
