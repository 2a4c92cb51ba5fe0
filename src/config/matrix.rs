//! The Matrix adapter's variables: its homeserver, its account, where it keeps its
//! session and keys, and whether this process runs it.

use std::path::PathBuf;

use super::{ConfigError, Secret};

/// The default of `MATRIX_MAX_ROOMS`: the most rooms the bot is in.
pub const DEFAULT_MATRIX_MAX_ROOMS: usize = 500;

/// `MATRIX_*`, from the environment.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// `MATRIX_HOMESERVER`: Matrix runs when set (with a user and a password or token).
    pub homeserver: Option<String>,
    /// `MATRIX_USER`: the bot's Matrix user, e.g. `@oware:example.org`.
    pub user: Option<String>,
    /// `MATRIX_PASSWORD`: to log in with.
    pub password: Option<Secret>,
    /// `MATRIX_ACCESS_TOKEN`: to restore a session with, instead of a password.
    pub access_token: Option<Secret>,
    /// `MATRIX_STORE_DIR`: where the Matrix session, sync token and the SDK's
    /// SQLite stores (encryption keys, room state) are kept.
    pub store_dir: Option<PathBuf>,
    /// `MATRIX_STORE_PASSPHRASE`: encrypts the SDK's SQLite stores at rest.
    pub store_passphrase: Option<Secret>,
    /// `MATRIX_ENABLED` (default `true`): `false` keeps Matrix off in this process
    /// even when its credentials are set, for all processes but one sharing a
    /// database (one sync stream per account).
    pub enabled: bool,
    /// `MATRIX_MAX_ROOMS` (default 500): the most rooms the bot is in; an invite
    /// beyond is declined (and logged).
    pub max_rooms: usize,
    /// `MATRIX_INVITE_SERVERS`: the homeservers whose users may invite the bot,
    /// separated by commas (`example.org,friends.example`); unset or empty: all.
    pub invite_servers: Vec<String>,
}

impl Matrix {
    /// Reads the variables through `get` (empty values already count as unset).
    /// Part of an account (a homeserver without a user or a password, …) is an
    /// error naming what is missing, not a silent start without Matrix.
    pub(super) fn read(get: &dyn Fn(&str) -> Option<String>) -> Result<Matrix, ConfigError> {
        let matrix = Matrix::read_values(get)?;
        let account = [
            matrix.homeserver.is_some(),
            matrix.user.is_some(),
            matrix.password.is_some(),
            matrix.access_token.is_some(),
        ];
        if matrix.enabled && account.contains(&true) {
            if matrix.homeserver.is_none() {
                return Err(ConfigError::missing(
                    "MATRIX_HOMESERVER",
                    "Matrix needs the homeserver's URL with the other MATRIX_* settings, \
                     e.g. https://matrix.example.org",
                ));
            }
            if matrix.user.is_none() {
                return Err(ConfigError::missing(
                    "MATRIX_USER",
                    "Matrix needs the bot's user with MATRIX_HOMESERVER, e.g. \
                     @oware:example.org",
                ));
            }
            if matrix.password.is_none() && matrix.access_token.is_none() {
                return Err(ConfigError::missing(
                    "MATRIX_PASSWORD",
                    "Matrix needs the bot's password (or MATRIX_ACCESS_TOKEN) with \
                     MATRIX_HOMESERVER and MATRIX_USER",
                ));
            }
        }
        Ok(matrix)
    }

    fn read_values(get: &dyn Fn(&str) -> Option<String>) -> Result<Matrix, ConfigError> {
        Ok(Matrix {
            homeserver: get("MATRIX_HOMESERVER").map(|url| with_scheme(&url)),
            user: get("MATRIX_USER"),
            password: get("MATRIX_PASSWORD").map(Secret::new),
            access_token: get("MATRIX_ACCESS_TOKEN").map(Secret::new),
            store_dir: get("MATRIX_STORE_DIR").map(PathBuf::from),
            store_passphrase: get("MATRIX_STORE_PASSPHRASE").map(Secret::new),
            max_rooms: match get("MATRIX_MAX_ROOMS") {
                None => DEFAULT_MATRIX_MAX_ROOMS,
                Some(text) => text.trim().parse().map_err(|_| ConfigError {
                    name: "MATRIX_MAX_ROOMS",
                    value: text.clone(),
                    expected: "a whole number of rooms, e.g. 500",
                })?,
            },
            invite_servers: get("MATRIX_INVITE_SERVERS")
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|server| !server.is_empty())
                .map(str::to_owned)
                .collect(),
            enabled: match get("MATRIX_ENABLED").as_deref().map(str::trim) {
                None | Some("true" | "yes" | "on" | "1") => true,
                Some("false" | "no" | "off" | "0") => false,
                Some(other) => {
                    return Err(ConfigError {
                        name: "MATRIX_ENABLED",
                        value: other.to_owned(),
                        expected: "true or false",
                    })
                }
            },
        })
    }

    /// Whether Matrix is configured and on in this process: a homeserver, a user,
    /// and a password or an access token.
    #[must_use]
    pub fn configured(&self) -> bool {
        self.enabled
            && self.homeserver.is_some()
            && self.user.is_some()
            && (self.password.is_some() || self.access_token.is_some())
    }
}

/// A homeserver named without its scheme (`matrix.example.org`) is reached over
/// https, as every Matrix client does; `http://…` stays as written (a local test
/// server).
fn with_scheme(url: &str) -> String {
    let url = url.trim();
    if url.contains("://") {
        url.to_owned()
    } else {
        format!("https://{url}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::from;

    #[test]
    fn matrix_can_be_kept_off_in_a_process_that_has_its_credentials() {
        let creds = [
            ("MATRIX_HOMESERVER", "https://matrix.example.org"),
            ("MATRIX_USER", "@oware:example.org"),
            ("MATRIX_PASSWORD", "pw"),
        ];
        assert!(from(&creds).unwrap().matrix_configured());
        let mut off = creds.to_vec();
        off.push(("MATRIX_ENABLED", "false"));
        assert!(!from(&off).unwrap().matrix_configured());
        let mut bad = creds.to_vec();
        bad.push(("MATRIX_ENABLED", "maybe"));
        let err = from(&bad).unwrap_err();
        assert!(err.to_string().contains("MATRIX_ENABLED"), "{err}");
    }

    #[test]
    fn a_homeserver_without_a_scheme_is_reached_over_https() {
        let account = |url: &'static str| {
            from(&[
                ("MATRIX_HOMESERVER", url),
                ("MATRIX_USER", "@oware:example.org"),
                ("MATRIX_PASSWORD", "pw"),
            ])
            .unwrap()
            .matrix
            .homeserver
        };
        assert_eq!(
            account("matrix.example.org").as_deref(),
            Some("https://matrix.example.org")
        );
        assert_eq!(
            account(" matrix.example.org:8448 ").as_deref(),
            Some("https://matrix.example.org:8448")
        );
        assert_eq!(
            account("http://127.0.0.1:8008").as_deref(),
            Some("http://127.0.0.1:8008")
        );
    }

    #[test]
    fn part_of_an_account_names_what_is_missing() {
        let err = from(&[("MATRIX_HOMESERVER", "https://m.example.org")]).unwrap_err();
        assert!(
            err.to_string().starts_with("MATRIX_USER is not set"),
            "{err}"
        );
        let err = from(&[
            ("MATRIX_HOMESERVER", "https://m.example.org"),
            ("MATRIX_USER", "@oware:example.org"),
        ])
        .unwrap_err();
        assert!(err.to_string().contains("MATRIX_PASSWORD"), "{err}");
        let err = from(&[("MATRIX_PASSWORD", "pw")]).unwrap_err();
        assert!(err.to_string().contains("MATRIX_HOMESERVER"), "{err}");
        // The store directory alone is no account, and a process may keep Matrix off.
        assert!(from(&[("MATRIX_STORE_DIR", "./matrix-store")]).is_ok());
        assert!(from(&[("MATRIX_PASSWORD", "pw"), ("MATRIX_ENABLED", "false")]).is_ok());
    }

    #[test]
    fn invites_are_capped_and_may_be_limited_to_some_homeservers() {
        let open = from(&[]).unwrap();
        assert_eq!(open.matrix.max_rooms, 500);
        assert!(open.matrix.invite_servers.is_empty());
        let set = from(&[
            ("MATRIX_MAX_ROOMS", "20"),
            ("MATRIX_INVITE_SERVERS", " example.org, ,friends.example "),
        ])
        .unwrap();
        assert_eq!(set.matrix.max_rooms, 20);
        assert_eq!(
            set.matrix.invite_servers,
            ["example.org", "friends.example"]
        );
        let err = from(&[("MATRIX_MAX_ROOMS", "lots")]).unwrap_err();
        assert!(err.to_string().contains("MATRIX_MAX_ROOMS"), "{err}");
    }
}
