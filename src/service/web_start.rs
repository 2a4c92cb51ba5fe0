//! Starting games from a place's page (places whose pages are public): a signed-in
//! visitor accepts a challenge pending there, or starts a game against the engine,
//! as the chat command of their account on the place's network (`/oware accept
//! c<id>`, `/oware play @bot level:<level>`), handed to [`Dispatch::handle`] once per
//! form nonce (see `web_play`). The chat refuses what it would refuse, in its own
//! words: a challenge addressed to someone else among them (the authority module's
//! rule, asked where a challenge is found). The game's first board is announced at
//! the place by the start's own write (`Command::announce`, see `recipe::Began`).
//!
//! [`Dispatch::handle`]: crate::service::cases::Dispatch

use super::place_page::{made_at, space_of, ChallengeOffer, CHALLENGES};
use super::session_port::{PlaceVisit, StartOutcome, StartWhat, WebSession, WebStart};
use super::settings::Settings;
use super::{Action, ChallengeId, ChallengeOptions, Level, Place, Platform, ServiceError, User};
use crate::i18n::Language;
use crate::service::cases::Pages;
use crate::service::cases::Preferences;
use crate::service::cases::Sessions;
use crate::store::GameId;

/// The bot's name on a network where the bot never played yet.
const BOT_NAME: &str = "oware-bot";

/// What the checks of a place page's request found.
struct Visitor {
    session: WebSession,
    platform: Platform,
    /// The language of their refusals: their own, else the place's.
    language: Language,
    /// Their accounts on the place's network (ids and names), the oldest first;
    /// never empty.
    accounts: Vec<(String, String)>,
}

impl Visitor {
    /// Their account `user` on the place's network, as a command's author.
    fn author(&self, (user, name): &(String, String)) -> User {
        User {
            id: user.clone(),
            name: name.clone(),
            is_bot: false,
        }
    }
}

impl Sessions<'_> {
    /// What the public page of place `key` on `platform` shows the person of
    /// session `id` alone: their account there, the challenges addressed to them
    /// and their own open ones.
    pub(super) async fn place_visit(
        &self,
        id: &str,
        platform: &str,
        key: &str,
    ) -> Result<Option<PlaceVisit>, ServiceError> {
        let Some(session) = self.session(id).await? else {
            return Ok(None);
        };
        let Some((platform, _)) = Pages::new(self.core).public_place(platform, key).await? else {
            return Ok(None);
        };
        let accounts = self
            .core
            .store
            .sessions()
            .accounts_on(session.identity, platform)
            .await?;
        let mut visit = PlaceVisit {
            account: accounts.first().map(|(_, name)| name.clone()),
            ..PlaceVisit::default()
        };
        let now = self.core.now();
        for (user, _) in &accounts {
            let pending = self
                .core
                .store
                .challenges()
                .pending_challenges_of(platform, user, now)
                .await?;
            for c in pending
                .iter()
                .filter(|c| c.level.is_none() && made_at(platform, key, c))
            {
                if c.opponent.is(user) {
                    visit.addressed.push(ChallengeOffer::of(c));
                } else if &c.challenger_user == user && c.opponent.0.is_none() {
                    visit.own.push(c.id);
                }
            }
        }
        visit.addressed.sort_by_key(|c| c.id);
        visit.addressed.dedup_by_key(|c| c.id);
        visit.addressed.truncate(CHALLENGES);
        Ok(Some(visit))
    }

    /// Starts `what` from a place's page, once the request passed the checks of
    /// [`Sessions::visitor_at`].
    pub(super) async fn web_start(
        &self,
        request: WebStart<'_>,
        what: StartWhat,
    ) -> Result<StartOutcome, ServiceError> {
        let visitor = match self.visitor_at(&request).await? {
            Ok(visitor) => visitor,
            Err(outcome) => return Ok(outcome),
        };
        match what {
            StartWhat::Accept(challenge) => self.web_accept(&request, visitor, challenge).await,
            StartWhat::Engine(level) => self.web_engine(&request, visitor, level).await,
        }
    }

    /// Accepts `challenge` from a place's page: `/oware accept c<id>` by the
    /// visitor's account on the place's network (the one it is addressed to, when
    /// it is one of theirs), at the place the challenge was made.
    async fn web_accept(
        &self,
        request: &WebStart<'_>,
        visitor: Visitor,
        challenge: ChallengeId,
    ) -> Result<StartOutcome, ServiceError> {
        let lang = &visitor.language;
        let Some(c) = self
            .core
            .store
            .challenges()
            .challenge(challenge)
            .await?
            .filter(|c| c.level.is_none() && made_at(visitor.platform, request.place, c))
        else {
            return Ok(StartOutcome::Refused(crate::tr!(
                lang,
                "challenge-no-such",
                challenge = challenge
            )));
        };
        // The account it is addressed to, if it is one of theirs; else their first
        // here (the chat refuses it a challenge to somebody else).
        let Some(account) = visitor
            .accounts
            .iter()
            .find(|(user, _)| c.opponent.is(user))
            .or_else(|| visitor.accounts.first())
        else {
            return Ok(StartOutcome::NoAccount);
        };
        let place = Place {
            platform: c.platform,
            space: c.space.clone(),
            channel: c.channel.clone(),
            thread: c.thread.clone(),
        };
        let action = Action::Accept {
            challenge: Some(challenge),
        };
        // The same form again finds the challenge's game.
        let again = async || {
            let c = self.core.store.challenges().challenge(challenge).await?;
            Ok(c.and_then(|c| c.game_id))
        };
        self.start_as(&visitor, (place, account), action, request.nonce, again)
            .await
    }

    /// Starts a game against the engine at `level` from a place's page: `/oware
    /// play @bot level:<level>` by the visitor's account on the place's network, in
    /// the place's room (on Discord, its first games channel, else the channel of
    /// its latest game).
    async fn web_engine(
        &self,
        request: &WebStart<'_>,
        visitor: Visitor,
        level: Level,
    ) -> Result<StartOutcome, ServiceError> {
        let lang = &visitor.language;
        let platform = visitor.platform;
        let Some(bot) = self.engine_user(platform).await? else {
            return Ok(StartOutcome::Refused(crate::tr!(lang, "web-engine-absent")));
        };
        let Some(channel) = self.room_of(platform, request.place).await? else {
            return Ok(StartOutcome::Refused(crate::tr!(
                lang,
                "web-engine-no-channel"
            )));
        };
        let Some(account) = visitor.accounts.first() else {
            return Ok(StartOutcome::NoAccount);
        };
        let place = Place {
            platform,
            space: space_of(platform, request.place).map(str::to_owned),
            channel,
            thread: None,
        };
        let action = Action::Play {
            opponent: bot,
            options: ChallengeOptions {
                level: Some(level),
                ..ChallengeOptions::default()
            },
        };
        // The same form again finds their latest game there.
        let (space, channel) = (place.space.clone(), place.channel.clone());
        let again = async || {
            let latest = self
                .core
                .store
                .games()
                .latest_game_in_channel(platform, space.as_deref(), &channel, Some(&account.0))
                .await?;
            Ok(latest.map(|row| row.id))
        };
        self.start_as(&visitor, (place, account), action, request.nonce, again)
            .await
    }

    /// `action` by the visitor's `account` at `place`, once per form `nonce`: a
    /// refusal in the chat's words, else the game it started (or, the same form
    /// again, which starts nothing, the game `again` finds), announced and opened.
    async fn start_as(
        &self,
        visitor: &Visitor,
        (place, account): (Place, &(String, String)),
        action: Action,
        nonce: &str,
        again: impl AsyncFnOnce() -> Result<Option<GameId>, ServiceError>,
    ) -> Result<StartOutcome, ServiceError> {
        let reply = self
            .as_player(place, visitor.author(account), action, nonce)
            .await;
        if reply.private {
            return Ok(StartOutcome::Refused(reply.text));
        }
        let game = match reply.game {
            Some(game) => Some(game),
            None => again().await?,
        };
        self.started(visitor, game).await
    }

    /// The checks every request from a place's page passes: the session's
    /// ([`Sessions::writer`]), a place whose pages are public, and an account of
    /// the person on its network.
    async fn visitor_at(
        &self,
        request: &WebStart<'_>,
    ) -> Result<Result<Visitor, StartOutcome>, ServiceError> {
        let Some(session) = self
            .writer(request.session, request.csrf, request.nonce)
            .await?
        else {
            return Ok(Err(StartOutcome::Forbidden));
        };
        let Some((platform, place_language)) = Pages::new(self.core)
            .public_place(request.platform, request.place)
            .await?
        else {
            return Ok(Err(StartOutcome::NoPlace));
        };
        let accounts = self
            .core
            .store
            .sessions()
            .accounts_on(session.identity, platform)
            .await?;
        if accounts.is_empty() {
            return Ok(Err(StartOutcome::NoAccount));
        }
        Ok(Ok(Visitor {
            language: session.language.clone().unwrap_or(place_language),
            session,
            platform,
            accounts,
        }))
    }

    /// The page of game `game` a page's request started (or found started), when
    /// the visitor plays in it.
    async fn started(
        &self,
        visitor: &Visitor,
        game: Option<GameId>,
    ) -> Result<StartOutcome, ServiceError> {
        let Some(game) = game else {
            return Ok(StartOutcome::Done);
        };
        let Some(row) = self.core.store.games().game(game).await? else {
            return Ok(StartOutcome::Done);
        };
        let theirs = [&row.south, &row.north]
            .iter()
            .any(|seat| seat.identity == visitor.session.identity && !seat.bot);
        if !theirs {
            return Ok(StartOutcome::Done);
        }
        Ok(match self.core.store.pages().web_slug(game).await? {
            Some(slug) => StartOutcome::Started(slug),
            None => StartOutcome::Done,
        })
    }

    /// The bot's account on `platform`, as a command names it, if it has one.
    async fn engine_user(&self, platform: Platform) -> Result<Option<User>, ServiceError> {
        let Some(id) = self.core.bots.on(platform) else {
            return Ok(None);
        };
        let name = self
            .core
            .store
            .sessions()
            .account_name(platform, &id)
            .await?
            .unwrap_or_else(|| BOT_NAME.to_owned());
        Ok(Some(User {
            id,
            name,
            is_bot: true,
        }))
    }

    /// The room a game started from place `key`'s page is played in: the room
    /// itself; on Discord (whose place is a server), its first games channel
    /// (`channels:`), else the channel of its latest game; `None` when it has
    /// neither.
    async fn room_of(&self, platform: Platform, key: &str) -> Result<Option<String>, ServiceError> {
        if space_of(platform, key).is_none() {
            return Ok(Some(key.to_owned()));
        }
        let settings = Preferences::new(self.core)
            .stored_settings_at(platform, key)
            .await?
            .map(Settings::from_row);
        if let Some(first) = settings
            .as_ref()
            .and_then(Settings::channels)
            .and_then(<[String]>::first)
        {
            return Ok(Some(first.clone()));
        }
        Ok(self
            .core
            .store
            .games()
            .latest_channel_in(platform, key)
            .await?)
    }
}
