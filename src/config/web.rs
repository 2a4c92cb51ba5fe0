//! `WEB_ADDR` and `WEB_PUBLIC_URL`: where the web pages are served, and the address
//! people reach them at (for the links in the bot's messages).

use std::net::SocketAddr;

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
        Ok(Web { addr, public_url })
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
}
