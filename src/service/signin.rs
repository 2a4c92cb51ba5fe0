//! Signing in to the web pages from chat. `/oware web` answers the author alone
//! with a one-time link, `{WEB_PUBLIC_URL}/signin/{token}`, valid
//! [`SIGNIN_TTL_MS`]; opening it (a POST, so a chat's link preview cannot spend it)
//! starts a session of the person (the account's identity: linked accounts share
//! it) for [`SESSION_TTL_MS`], at most [`SESSIONS_PER_PERSON`] at once.
//! `/oware web logout-all` ends them all. Tokens and session ids are 32 random
//! bytes, kept only as their SHA-256: the database never holds a secret a reader
//! could use.
//!
//! A signed-in player moves from a game's page through the same path as a chat
//! command ([`Sessions::web_move`]): a [`Command`] for the account that plays in that
//! game, at the game's place, handed to [`Dispatch::handle`].

use sha2::{Digest, Sha256};

use super::authority::{self, Deed, Target};
use super::outbox::game_message;
use super::session_port::{MoveOutcome, SignedIn, WebAct, WebDeed, WebMove, WebSession};
use super::{Action, ButtonAction, Command, Place, Reply, ServiceError, User};
use crate::rules::{Side, Typed};
use crate::service::cases::Dispatch;
use crate::service::cases::Games;
use crate::service::cases::Preferences;
use crate::service::cases::Sessions;
use crate::store::{Claim, Event, GameRow, NewSession, Seat, Unique, WebPages};

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

    /// A move from a game's page: checked against the session and its CSRF token,
    /// then played as a chat command by the account that plays in that game.
    pub(super) async fn web_move(&self, request: WebMove<'_>) -> Result<MoveOutcome, ServiceError> {
        let checked = self
            .checked(request.session, request.csrf, request.slug, request.nonce)
            .await?;
        let Found {
            session,
            row,
            place,
            seat,
        } = match checked {
            Ok(found) => *found,
            Err(outcome) => return Ok(outcome),
        };
        let Ok(pit) = Typed::parse(request.pit) else {
            let lang = session
                .language
                .unwrap_or_else(crate::i18n::Language::english);
            return Ok(MoveOutcome::Refused(crate::tr!(&lang, "web-move-no-pit")));
        };
        let action = Action::Move {
            pit,
            game: Some(row.id),
            ply: request.ply,
        };
        let reply = self
            .as_player(place, &seat, &row, action, request.nonce)
            .await;
        Ok(if reply.private {
            MoveOutcome::Refused(reply.text)
        } else {
            // Played now, or before by the same form (an empty reply).
            MoveOutcome::Played
        })
    }

    /// Any other request from a game's page (resign, draw, takeback, rematch):
    /// checked as a move is, then handed to [`Dispatch::handle`] as the chat
    /// command of the same name by the account that plays in that game; its public
    /// answer is announced at the game's place.
    pub(super) async fn web_act(&self, request: WebAct<'_>) -> Result<MoveOutcome, ServiceError> {
        let checked = self
            .checked(request.session, request.csrf, request.slug, request.nonce)
            .await?;
        let Found {
            row, place, seat, ..
        } = match checked {
            Ok(found) => *found,
            Err(outcome) => return Ok(outcome),
        };
        let game = Some(row.id);
        let action = match request.deed {
            WebDeed::Resign { confirmed } => Action::Resign { game, confirmed },
            WebDeed::Draw { decline } => Action::Draw { game, decline },
            WebDeed::Takeback { decline } => Action::Takeback { game, decline },
            WebDeed::Rematch => Action::Rematch { game },
        };
        // A rematch's challenge is posted after its write (below); every other
        // request is posted with its own write.
        let announce_after = matches!(request.deed, WebDeed::Rematch);
        let reply = self
            .as_player(place.clone(), &seat, &row, action, request.nonce)
            .await;
        if reply.private {
            let asks = reply
                .buttons
                .iter()
                .any(|b| matches!(b.action, ButtonAction::Resign { .. }));
            return Ok(if asks {
                MoveOutcome::Confirm(reply.text)
            } else {
                MoveOutcome::Refused(reply.text)
            });
        }
        // Done now, or before by the same form (an empty reply). A rematch's
        // challenge is posted here, once: the form's nonce keys this write too.
        if announce_after && !reply.text.is_empty() {
            let message = game_message(&row, &reply, None);
            let event = Event::new(row.platform, &format!("web-said:{}", request.nonce));
            self.core
                .store
                .outbox()
                .post(Claim::Event(&event), &[message], self.core.now())
                .await?;
            self.core.wake();
        }
        Ok(MoveOutcome::Played)
    }

    /// The checks every request from a game's page passes: the session, its CSRF
    /// token, a plausible nonce, a game whose place shows pages, and the seat of
    /// the signed-in person in it.
    async fn checked(
        &self,
        session: &str,
        csrf: &str,
        slug: &str,
        nonce: &str,
    ) -> Result<Result<Box<Found>, MoveOutcome>, ServiceError> {
        let Some(session) = self.session(session).await? else {
            return Ok(Err(MoveOutcome::Forbidden));
        };
        if !same_secret(&session.csrf, csrf) || !plausible_nonce(nonce) {
            return Ok(Err(MoveOutcome::Forbidden));
        }
        let Some(row) = self.core.store.pages().game_by_slug(slug).await? else {
            return Ok(Err(MoveOutcome::NoGame));
        };
        let place = Place {
            platform: row.platform,
            space: row.space.clone(),
            channel: row.channel.clone(),
            thread: row.thread.clone(),
        };
        // A place that turned its pages off has no page to act from.
        if Preferences::new(self.core)
            .place_settings(&place)
            .await?
            .web()
            == WebPages::Off
        {
            return Ok(Err(MoveOutcome::NoGame));
        }
        // The account of this person that plays in the game (linked accounts are
        // one person). Two of their accounts may play each other (unrated): then
        // the side to move (South moves first, so on even plies).
        let to_move = if row.ply % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let Some(seat) = [to_move, to_move.opponent()]
            .into_iter()
            .map(|side| row.seat(side))
            .find(|seat| seat.identity == session.identity && !seat.bot)
            .cloned()
        else {
            return Ok(Err(MoveOutcome::NotAPlayer));
        };
        Ok(Ok(Box::new(Found {
            session,
            row,
            place,
            seat,
        })))
    }

    /// `action` handed to [`Dispatch::handle`] as the chat command of `seat`'s
    /// account at the game's `place`, once per form `nonce`.
    async fn as_player(
        &self,
        place: Place,
        seat: &Seat,
        row: &GameRow,
        action: Action,
        nonce: &str,
    ) -> Reply {
        let author = User {
            id: seat.user.clone(),
            name: seat.name.clone(),
            is_bot: false,
        };
        let mut cmd = Command::new(place, author, action);
        cmd.event = Some(Event::new(row.platform, &format!("web:{nonce}")));
        cmd.announce = true;
        Dispatch::new(self.core).handle(cmd).await
    }
}

/// What the checks of a page's request found: the session, the game, its place
/// and the person's seat in it.
struct Found {
    session: WebSession,
    row: GameRow,
    place: Place,
    seat: Seat,
}

/// Whether a form's nonce is one a page could have made (8 to 64 letters and
/// digits): the event id that makes a double submit play once.
fn plausible_nonce(nonce: &str) -> bool {
    (8..=64).contains(&nonce.len()) && nonce.bytes().all(|b| b.is_ascii_alphanumeric())
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
        assert!(plausible_nonce("abcDEF123"));
        assert!(!plausible_nonce("short"));
        assert!(!plausible_nonce("has space in it"));
    }
}
