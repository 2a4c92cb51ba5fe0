//! The web's second port, and its only way to write: a signed-in person's session
//! and what they do from a page. It can redeem a sign-in link, read a session, end
//! one, play a move or press a game's button for the signed-in player on a game's
//! page, and accept a challenge or start a game against the engine from a place's
//! page, nothing else; each goes through the chat's own path (`Dispatch::handle`),
//! so rate, exactly-once, refusals and announcements are the same. The web holds it as `Arc<dyn SessionPort>`,
//! beside the read-only [`super::PagePort`]: it never holds the store or the service.

use std::fmt;
use std::sync::Arc;

use super::core::Core;
use super::{BoxFuture, ChallengeId, IdentityId, Level, ServiceError};
use crate::service::cases::Sessions;
use crate::service::place_page::ChallengeOffer;

/// A session just started: its id (the cookie's value) and how long it lasts.
#[derive(Clone, PartialEq, Eq)]
pub struct SignedIn {
    id: String,
    /// How long the session lasts, in ms.
    pub lasts_ms: i64,
}

impl SignedIn {
    pub(super) fn new(id: String, lasts_ms: i64) -> SignedIn {
        SignedIn { id, lasts_ms }
    }

    /// The session id, for the cookie and nothing else.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.id
    }
}

impl fmt::Debug for SignedIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SignedIn(***)")
    }
}

/// A live session, as a page needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSession {
    /// The person.
    pub identity: IdentityId,
    /// The name of the account that signed in.
    pub name: String,
    /// The session's CSRF token, which its forms carry.
    pub csrf: String,
    /// The language the person chose for themselves, if any.
    pub language: Option<crate::i18n::Language>,
}

/// A move submitted from a game's page.
#[derive(Clone, Copy, Debug)]
pub struct WebMove<'a> {
    /// The session id (the cookie).
    pub session: &'a str,
    /// The CSRF token the form carried.
    pub csrf: &'a str,
    /// The game's page slug.
    pub slug: &'a str,
    /// The pit letter of the button pressed.
    pub pit: &'a str,
    /// The ply the page showed (a stale page is refused).
    pub ply: Option<u32>,
    /// The form's one-time nonce: a double submit plays once.
    pub nonce: &'a str,
}

/// What a game's page asks besides a move (each is the chat command of the same
/// name: `/oware resign`, `draw`, `takeback`, `rematch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebDeed {
    /// Resign; unconfirmed, only asks (see [`MoveOutcome::Confirm`]).
    Resign {
        /// The player confirmed it.
        confirmed: bool,
    },
    /// Offer or accept a draw; or decline (or withdraw) the pending offer.
    Draw {
        /// Decline or withdraw.
        decline: bool,
    },
    /// Ask or accept a takeback; or decline (or withdraw) the pending request.
    Takeback {
        /// Decline or withdraw.
        decline: bool,
    },
    /// Challenge the opponent of the finished game again.
    Rematch,
}

/// A request other than a move from a game's page.
#[derive(Clone, Copy, Debug)]
pub struct WebAct<'a> {
    /// The session id (the cookie).
    pub session: &'a str,
    /// The CSRF token the form carried.
    pub csrf: &'a str,
    /// The game's page slug.
    pub slug: &'a str,
    /// What is asked.
    pub deed: WebDeed,
    /// The form's one-time nonce: a double submit acts once.
    pub nonce: &'a str,
}

/// What became of a move from a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Played (now, or by an earlier submit of the same form).
    Played,
    /// Refused, in these words (the player's language).
    Refused(String),
    /// No session, or the CSRF token does not match: nothing was tried.
    Forbidden,
    /// The signed-in person does not play in this game.
    NotAPlayer,
    /// No game at this page.
    NoGame,
    /// Not done yet: the player is asked to confirm, in these words (an unconfirmed
    /// resignation).
    Confirm(String),
}

/// A request from a place's page that starts a game there (accept a challenge,
/// play the engine).
#[derive(Clone, Copy, Debug)]
pub struct WebStart<'a> {
    /// The session id (the cookie).
    pub session: &'a str,
    /// The CSRF token the form carried.
    pub csrf: &'a str,
    /// The place's network, as its page's address names it (`discord`, …).
    pub platform: &'a str,
    /// The place, as its page's address names it (a Discord server id, else a
    /// room id).
    pub place: &'a str,
    /// The form's one-time nonce: a double submit starts one game.
    pub nonce: &'a str,
}

/// What a place's page asks to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartWhat {
    /// Accept this challenge, as the chat's `/oware accept c<id>`.
    Accept(ChallengeId),
    /// A game against the engine at this level, as the chat's `/oware play @bot
    /// level:<level>`.
    Engine(Level),
}

/// What became of a request to start a game from a place's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartOutcome {
    /// The game started (now, or by an earlier submit of the same form): its page's
    /// slug.
    Started(String),
    /// Done, but no page of a game of theirs to show (a form submitted again
    /// after its game was already gone).
    Done,
    /// Refused, in these words (the person's language).
    Refused(String),
    /// No session, or the CSRF token or the nonce does not match: nothing was
    /// tried.
    Forbidden,
    /// The place has no public page.
    NoPlace,
    /// The signed-in person has no account on the place's network.
    NoAccount,
}

/// What a place's page shows one signed-in visitor besides what it shows everyone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaceVisit {
    /// The name of their account on the place's network (`None`: they have none,
    /// and can start nothing there).
    pub account: Option<String>,
    /// The challenges pending at the place addressed to them, oldest first.
    pub addressed: Vec<ChallengeOffer>,
    /// Their own open challenges pending there (not theirs to accept).
    pub own: Vec<ChallengeId>,
}

/// What the web may ask of the service on a signed-in person's behalf.
pub trait SessionPort: Send + Sync {
    /// Spends sign-in `token` and starts a session; `None` when the token is not
    /// valid (unknown, spent or expired).
    fn sign_in<'a>(
        &'a self,
        token: &'a str,
    ) -> BoxFuture<'a, Result<Option<SignedIn>, ServiceError>>;
    /// The live session `id`, if it is one.
    fn session<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<WebSession>, ServiceError>>;
    /// Ends session `id` if `csrf` is its token; whether it ended.
    fn sign_out<'a>(
        &'a self,
        id: &'a str,
        csrf: &'a str,
    ) -> BoxFuture<'a, Result<bool, ServiceError>>;
    /// Plays a move from a game's page for the signed-in player.
    fn play<'a>(&'a self, request: WebMove<'a>)
        -> BoxFuture<'a, Result<MoveOutcome, ServiceError>>;
    /// Resigns, offers or answers a draw or a takeback, or asks a rematch, from a
    /// game's page for the signed-in player.
    fn act<'a>(&'a self, request: WebAct<'a>) -> BoxFuture<'a, Result<MoveOutcome, ServiceError>>;
    /// The language of the person a sign-in `token` names (their own choice), if
    /// it is a live token and they chose one; spends nothing.
    fn signin_language<'a>(
        &'a self,
        token: &'a str,
    ) -> BoxFuture<'a, Result<Option<crate::i18n::Language>, ServiceError>>;
    /// What the public page of place `place` on `platform` shows the person of
    /// session `session` alone; `None` when it is no live session or the place's
    /// pages are not public. A read.
    fn place_visit<'a>(
        &'a self,
        session: &'a str,
        platform: &'a str,
        place: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlaceVisit>, ServiceError>>;
    /// Starts `what` from a place's page, as the chat command of the signed-in
    /// person's account on the place's network.
    fn start<'a>(
        &'a self,
        request: WebStart<'a>,
        what: StartWhat,
    ) -> BoxFuture<'a, Result<StartOutcome, ServiceError>>;
}

/// The web's handle for sessions (see [`super::Service::sessions`]).
pub(super) struct WebSessions {
    pub(super) core: Arc<Core>,
}

impl SessionPort for WebSessions {
    fn sign_in<'a>(
        &'a self,
        token: &'a str,
    ) -> BoxFuture<'a, Result<Option<SignedIn>, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).redeem(token).await })
    }

    fn session<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<WebSession>, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).session(id).await })
    }

    fn sign_out<'a>(
        &'a self,
        id: &'a str,
        csrf: &'a str,
    ) -> BoxFuture<'a, Result<bool, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).sign_out(id, csrf).await })
    }

    fn play<'a>(
        &'a self,
        request: WebMove<'a>,
    ) -> BoxFuture<'a, Result<MoveOutcome, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).web_move(request).await })
    }

    fn act<'a>(&'a self, request: WebAct<'a>) -> BoxFuture<'a, Result<MoveOutcome, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).web_act(request).await })
    }

    fn signin_language<'a>(
        &'a self,
        token: &'a str,
    ) -> BoxFuture<'a, Result<Option<crate::i18n::Language>, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).signin_language(token).await })
    }

    fn place_visit<'a>(
        &'a self,
        session: &'a str,
        platform: &'a str,
        place: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlaceVisit>, ServiceError>> {
        Box::pin(async move {
            Sessions::new(&self.core)
                .place_visit(session, platform, place)
                .await
        })
    }

    fn start<'a>(
        &'a self,
        request: WebStart<'a>,
        what: StartWhat,
    ) -> BoxFuture<'a, Result<StartOutcome, ServiceError>> {
        Box::pin(async move { Sessions::new(&self.core).web_start(request, what).await })
    }
}
