//! Signing in to the web pages from chat. `/oware web` answers the author alone
//! with a one-time link, `{WEB_PUBLIC_URL}/signin/{token}`, valid
//! [`SIGNIN_TTL_MS`]; opening it (a POST, so a chat's link preview cannot spend it)
//! starts a session of the person (the account's identity: linked accounts share
//! it) for [`SESSION_TTL_MS`], at most [`SESSIONS_PER_PERSON`] at once.
//! `/oware web logout-all` ends them all. Tokens and session ids are 32 random
//! bytes, kept only as their SHA-256: the database never holds a secret a reader
//! could use.
//!
//! What a signed-in person does from a page goes through the same path as a chat
//! command: see `web_play` (a game's page) and `web_start` (a place's page).

use sha2::{Digest, Sha256};

use super::authority::{self, Deed, Target};
use super::session_port::{SignedIn, WebSession};
use super::{Command, Reply, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Preferences;
use crate::service::cases::Sessions;
use crate::store::{Claim, NewSession, Unique, WebPages};

/// How long a sign-in link stays valid: 10 minutes.
pub const SIGNIN_TTL_MS: i64 = 10 * 60 * 1000;
/// How long a web session lasts: 30 days.
pub const SESSION_TTL_MS: i64 = 30 * 24 * 3600 * 1000;
/// The most web sessions one person keeps at once; signing in again ends the
/// oldest beyond.
pub const SESSIONS_PER_PERSON: usize = 20;
/// The most unspent sign-in links one account keeps; asking again drops the
/// oldest beyond.
pub const SIGNINS_PER_ACCOUNT: usize = 5;

/// A new secret: 32 random bytes (the thread's CSPRNG), as 64 hex digits.
pub(super) fn new_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

/// The SHA-256 of `secret`, as hex: what the database keeps.
pub(super) fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(64), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// Whether `text` looks like a secret this module made (64 hex digits): anything
/// else is refused before it reaches the database.
pub(super) fn plausible_secret(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `a == b` in time that does not depend on where they differ.
pub(super) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Sessions<'_> {
    /// `/oware web`: a sign-in link for the author alone, or (`logout_all`) the end
    /// of every web session of theirs.
    pub(super) async fn web(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        logout_all: bool,
    ) -> Result<Reply, ServiceError> {
        // A person signs in as themselves only (asked all the same: the table is
        // the one place that says it).
        if authority::judge(Deed::WebSession, cmd.role, Target::THEMSELVES).is_err() {
            return Err(ServiceError::NotAdmin("/oware web"));
        }
        let me = Games::new(self.core).author_player(cmd).await?;
        if logout_all {
            let identity = self
                .core
                .store
                .people()
                .identity_of(cmd.place.platform, &cmd.author.id)
                .await?;
            let ended = match identity {
                Some(identity) => {
                    self.core
                        .store
                        .sessions()
                        .end_all(cmd.claim(), identity)
                        .await?
                }
                None => 0,
            };
            return Ok(Reply::private(crate::tr!(
                lang,
                "web-signout-all",
                count = ended
            )));
        }
        let Some(base) = self.core.config.web_url.as_deref() else {
            return Ok(Reply::private(crate::tr!(lang, "web-signin-unavailable")));
        };
        let web = Preferences::new(self.core)
            .place_settings(&cmd.place)
            .await?
            .web();
        if web == WebPages::Off {
            return Ok(Reply::private(crate::tr!(lang, "web-signin-off-here")));
        }
        let token = new_secret();
        let now = self.core.now();
        self.core
            .store
            .sessions()
            .create_signin(
                cmd.claim(),
                &digest(&token),
                me,
                now,
                now.saturating_add(SIGNIN_TTL_MS),
                SIGNINS_PER_ACCOUNT,
            )
            .await?;
        let url = format!("{}/signin/{token}", base.trim_end_matches('/'));
        Ok(Reply::secret(crate::tr!(
            lang,
            "web-signin-link",
            url = url,
            minutes = SIGNIN_TTL_MS / 60_000
        )))
    }

    /// Spends sign-in `token` and starts a session: `None` when the token is not
    /// one, or was spent, or expired.
    pub(super) async fn redeem(&self, token: &str) -> Result<Option<SignedIn>, ServiceError> {
        if !plausible_secret(token) {
            return Ok(None);
        }
        let (id, csrf) = (new_secret(), new_secret());
        let now = self.core.now();
        let session = NewSession {
            id_hash: &digest(&id),
            csrf: &csrf,
            expires_at: now.saturating_add(SESSION_TTL_MS),
            cap: SESSIONS_PER_PERSON,
        };
        let redeemed = self
            .core
            .store
            .sessions()
            .redeem_signin(
                Claim::Unique(Unique::WebSession),
                &digest(token),
                session,
                now,
            )
            .await?;
        Ok(redeemed.map(|_| SignedIn::new(id, SESSION_TTL_MS)))
    }

    /// The live session `id`, if it is one.
    pub(super) async fn session(&self, id: &str) -> Result<Option<WebSession>, ServiceError> {
        if !plausible_secret(id) {
            return Ok(None);
        }
        let Some(row) = self
            .core
            .store
            .sessions()
            .session(&digest(id), self.core.now())
            .await?
        else {
            return Ok(None);
        };
        let language = Preferences::new(self.core)
            .personal_language(row.platform, &row.user_id)
            .await;
        Ok(Some(WebSession {
            identity: row.identity,
            name: row.name,
            csrf: row.csrf,
            language,
        }))
    }

    /// Ends session `id` when `csrf` is its token: whether it ended.
    pub(super) async fn sign_out(&self, id: &str, csrf: &str) -> Result<bool, ServiceError> {
        match self.session(id).await? {
            Some(session) if same_secret(&session.csrf, csrf) => Ok(self
                .core
                .store
                .sessions()
                .end_session(Claim::Unique(Unique::WebSession), &digest(id))
                .await?),
            _ => Ok(false),
        }
    }

    /// The language the person of sign-in `token` chose, if the token is live.
    pub(super) async fn signin_language(
        &self,
        token: &str,
    ) -> Result<Option<crate::i18n::Language>, ServiceError> {
        if !plausible_secret(token) {
            return Ok(None);
        }
        let Some((platform, user)) = self
            .core
            .store
            .sessions()
            .signin_account(&digest(token), self.core.now())
            .await?
        else {
            return Ok(None);
        };
        Ok(Preferences::new(self.core)
            .personal_language(platform, &user)
            .await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_random_hex_and_kept_only_as_their_digest() {
        let (a, b) = (new_secret(), new_secret());
        assert_ne!(a, b);
        assert!(plausible_secret(&a));
        assert_eq!(digest(&a).len(), 64);
        assert_ne!(digest(&a), a);
        // SHA-256 of "abc".
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(!plausible_secret("abc"));
        assert!(!plausible_secret(&"g".repeat(64)));
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        assert!(!same_secret(&a, &a[..63]));
    }
}
