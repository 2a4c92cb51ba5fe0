//! `WEB_ADDR` and `WEB_PUBLIC_URL`: where the web pages are served, and the address
//! people reach them at (for the links in the bot's messages); `METRICS_ADDR`, where
//! `/metrics` is served (off unless set); and the web server's bounds (`WEB_*`).

use std::net::SocketAddr;
use std::time::Duration;

use super::ConfigError;

/// Where the web server listens when `WEB_ADDR` is unset.
pub const DEFAULT_WEB_ADDR: &str = "127.0.0.1:8080";

/// Where the web server listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebAddr {
    /// `WEB_ADDR` unset: the default address; if it is taken, the bot runs without
    /// its pages.
    Default(SocketAddr),
    /// `WEB_ADDR` set: an address that cannot be bound is an error at start.
    Explicit(SocketAddr),
    /// `WEB_ADDR=off`.
    Off,
}

/// The web server's variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Web {
    /// `WEB_ADDR`: `host:port`, or `off`; default `127.0.0.1:8080`.
    pub addr: WebAddr,
    /// `WEB_PUBLIC_URL`: the pages' public base address (`https://oware.example.org`),
    /// without a trailing slash; the bot's messages link to pages only when set.
    pub public_url: Option<String>,
    /// `METRICS_ADDR`: where `/metrics` is served, on a listener of its own; `None`
    /// (the default): not served.
    pub metrics_addr: Option<SocketAddr>,
    /// The web server's bounds.
    pub limits: WebLimits,
}

/// What one client, and everyone, may hold of the web server at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// `WEB_CONNECTIONS`: open connections in all (more are closed at once).
    pub connections: usize,
    /// `WEB_REQUESTS`: requests answered at once, live streams aside (more wait up to
    /// 2 s for their turn, then get 503). Few: pages read the database on the
    /// connections the chat reads on.
    pub requests: usize,
    /// `WEB_REQUEST_TIMEOUT_SECS`: a request's answer takes at most this (then 503).
    pub request_timeout: Duration,
    /// `WEB_HEADER_TIMEOUT_SECS`: a request's head must arrive within this, else the
    /// connection is closed (a half-sent header is not kept open).
    pub header_timeout: Duration,
    /// `WEB_STREAMS`: live pages' event streams open in all (more get 503).
    pub streams: usize,
    /// `WEB_STREAMS_PER_CLIENT`: event streams open from one address (more get 503).
    pub streams_per_client: usize,
    /// `WEB_PICTURES`: board, graph and puzzle pictures drawn for the web at once,
    /// on slots of their own (more wait up to a second, then get 503): the chat's
    /// pictures never wait for the web's.
    pub pictures: usize,
}

impl Default for WebLimits {
    fn default() -> WebLimits {
        WebLimits {
            connections: 2_048,
            requests: 16,
            request_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(5),
            streams: 1_000,
            streams_per_client: 8,
            pictures: 1,
        }
    }
}

impl WebLimits {
    fn read(get: &impl Fn(&str) -> Option<String>) -> Result<WebLimits, ConfigError> {
        let number = |name: &'static str, default: usize| -> Result<usize, ConfigError> {
            match get(name) {
                None => Ok(default),
                Some(v) => match v.trim().parse::<usize>() {
                    Ok(n) if n > 0 => Ok(n),
                    _ => Err(ConfigError {
                        name,
                        value: v.clone(),
                        expected: "a whole number, at least 1",
                    }),
                },
            }
        };
        let d = WebLimits::default();
        let secs = |name, default: Duration| -> Result<Duration, ConfigError> {
            let default = usize::try_from(default.as_secs()).unwrap_or(usize::MAX);
            Ok(Duration::from_secs(
                u64::try_from(number(name, default)?).unwrap_or(u64::MAX),
            ))
        };
        Ok(WebLimits {
            connections: number("WEB_CONNECTIONS", d.connections)?,
            requests: number("WEB_REQUESTS", d.requests)?,
            request_timeout: secs("WEB_REQUEST_TIMEOUT_SECS", d.request_timeout)?,
            header_timeout: secs("WEB_HEADER_TIMEOUT_SECS", d.header_timeout)?,
            streams: number("WEB_STREAMS", d.streams)?,
            streams_per_client: number("WEB_STREAMS_PER_CLIENT", d.streams_per_client)?,
            pictures: number("WEB_PICTURES", d.pictures)?,
        })
    }
}

impl Web {
    pub(super) fn read(get: &impl Fn(&str) -> Option<String>) -> Result<Web, ConfigError> {
        let addr = match get("WEB_ADDR") {
            None => WebAddr::Default(
                DEFAULT_WEB_ADDR
                    .parse()
                    .map_err(|_| ConfigError::missing("WEB_ADDR", "host:port"))?,
            ),
            Some(v) if v.trim().eq_ignore_ascii_case("off") => WebAddr::Off,
            Some(v) => WebAddr::Explicit(v.trim().parse().map_err(|_| ConfigError {
                name: "WEB_ADDR",
                value: v.clone(),
                expected: "an address and port to listen on, e.g. 0.0.0.0:8080, or off",
            })?),
        };
        let public_url = match get("WEB_PUBLIC_URL") {
            None => None,
            Some(v) => {
                let url = v.trim().trim_end_matches('/');
                let valid = (url.starts_with("http://") || url.starts_with("https://"))
                    && !url.contains(char::is_whitespace)
                    && url.len() > "https://".len();
                if !valid {
                    return Err(ConfigError {
                        name: "WEB_PUBLIC_URL",
                        value: v.clone(),
                        expected: "the pages' public address, e.g. https://oware.example.org",
                    });
                }
                Some(url.to_owned())
            }
        };
        let metrics_addr = match get("METRICS_ADDR") {
            None => None,
            Some(v) if v.trim().is_empty() || v.trim().eq_ignore_ascii_case("off") => None,
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError {
                name: "METRICS_ADDR",
                value: v.clone(),
                expected: "an address and port for /metrics alone, e.g. 127.0.0.1:9090, or off",
            })?),
        };
        Ok(Web {
            addr,
            public_url,
            metrics_addr,
            limits: WebLimits::read(get)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<Web, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Web::read(&|name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn the_address_is_the_default_set_or_off() {
        let web = read(&[]).unwrap();
        assert_eq!(
            web.addr,
            WebAddr::Default("127.0.0.1:8080".parse().unwrap())
        );
        assert_eq!(web.public_url, None);
        assert_eq!(read(&[("WEB_ADDR", "OFF")]).unwrap().addr, WebAddr::Off);
        assert_eq!(
            read(&[("WEB_ADDR", "0.0.0.0:9000")]).unwrap().addr,
            WebAddr::Explicit("0.0.0.0:9000".parse().unwrap())
        );
        assert!(read(&[("WEB_ADDR", "localhost")]).is_err());
        let web = read(&[("WEB_PUBLIC_URL", "https://oware.example.org/")]).unwrap();
        assert_eq!(web.public_url.as_deref(), Some("https://oware.example.org"));
        assert!(read(&[("WEB_PUBLIC_URL", "oware.example.org")]).is_err());
    }

    #[test]
    fn metrics_are_off_unless_an_address_is_set_and_the_bounds_have_defaults() {
        let web = read(&[]).unwrap();
        assert_eq!(web.metrics_addr, None);
        assert_eq!(web.limits, WebLimits::default());
        assert_eq!(web.limits.streams_per_client, 8);
        assert_eq!(web.limits.streams, 1_000);
        let web = read(&[
            ("METRICS_ADDR", "127.0.0.1:9090"),
            ("WEB_STREAMS_PER_CLIENT", "2"),
            ("WEB_HEADER_TIMEOUT_SECS", "1"),
        ])
        .unwrap();
        assert_eq!(web.metrics_addr, Some("127.0.0.1:9090".parse().unwrap()));
        assert_eq!(web.limits.streams_per_client, 2);
        assert_eq!(web.limits.header_timeout, Duration::from_secs(1));
        assert!(read(&[("WEB_STREAMS", "0")]).is_err());
        assert!(read(&[("METRICS_ADDR", "nine")]).is_err());
    }
}
