//! Challenges: making one, accepting (which starts the game and its clock),
//! declining and withdrawing. These decide; what they did is told in words by
//! `challenges/told.rs` (and a game begun by `recipe::Began`). Which challenge a
//! command means is in `challenges/find.rs`; expiry is a job that announces it (see
//! `jobs`).

mod again;
mod caps;
mod engine;
mod find;
mod told;

use told::Closed;
pub(super) use told::Made;

use crate::service::cases::Challenges;
use crate::service::cases::Moderation;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use find::Role;

use super::{
    next_turn::Seats,
    recipe::{Began, Recipe},
    start::Start,
    ChallengeOptions, Command, Reply, ServiceError, User,
};
use crate::store::{Effects, NewChallenge, NewGame, StoreError};

impl Challenges<'_> {
    /// A challenge to `opponent`, or (`None`) an open challenge anyone here but the
    /// author may accept; a game at once against the engine.
    pub(super) async fn play(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        opponent: Option<&User>,
        options: &ChallengeOptions,
    ) -> Result<Reply, ServiceError> {
        Moderation::new(self.core).check_ban(lang, cmd).await?;
        if let Some(opponent) = opponent {
            if Play::new(self.core).is_engine(cmd.place.platform, opponent) {
                return self.play_engine(lang, cmd, opponent, options).await;
            }
        }
        // The engine's strength: a person plays as they play.
        if options.level.is_some() {
            return Err(ServiceError::LevelForEngineOnly);
        }
        if let Some(opponent) = opponent {
            if opponent.is_bot {
                return Err(ServiceError::ChallengeBot(opponent.name.clone()));
            }
            if opponent.id == cmd.author.id {
                return Err(ServiceError::ChallengeSelf);
            }
            Moderation::new(self.core)
                .check_other_ban(lang, cmd, opponent)
                .await?;
        }
        let platform = cmd.place.platform;
        let now = self.core.now();
        // The server's settings fill in what the challenge leaves out; a challenge
        // without a clock is casual even where games are rated by default.
        let settings = Preferences::new(self.core)
            .place_settings(&cmd.place)
            .await?;
        Preferences::check_channel(&settings, &cmd.place)?;
        let time = options.time.or(settings.time()).unwrap_or_default();
        let rated = options
            .rated
            .unwrap_or(settings.rated().unwrap_or(true) && time.is_timed());
        if rated && !time.is_timed() {
            return Err(ServiceError::RatedNeedsClock);
        }
        let reminders = options.reminders.unwrap_or(true);
        self.check_caps(lang, cmd.place.platform, &cmd.author.id, true, false)
            .await?;
        let author = (
            cmd.author.id.as_str(),
            cmd.author.name.as_str(),
            cmd.author.is_bot,
        );
        // The names as the players are known (a mention may spell them otherwise).
        let ((challenger_id, challenger_name), opponent) = match opponent {
            Some(opponent) => {
                let them = (opponent.id.as_str(), opponent.name.as_str(), false);
                let [challenger, (id, name)] = self
                    .core
                    .store
                    .people()
                    .upsert_players_named(platform, [author, them])
                    .await?;
                let user = User {
                    name,
                    ..opponent.clone()
                };
                (challenger, Some((id, user)))
            }
            None => {
                let (user, name, is_bot) = author;
                let challenger = self
                    .core
                    .store
                    .people()
                    .upsert_player_named(platform, user, name, is_bot)
                    .await?;
                (challenger, None)
            }
        };
        let cmd = &Command {
            author: User {
                name: challenger_name,
                ..cmd.author.clone()
            },
            ..cmd.clone()
        };
        let advice = options
            .advice
            .unwrap_or(!rated && settings.advice().unwrap_or(true));
        let ttl_ms = i64::try_from(self.core.config.challenge_ttl.as_millis()).unwrap_or(i64::MAX);
        let new = NewChallenge {
            platform: cmd.place.platform,
            space: cmd.place.space.clone(),
            channel: cmd.place.channel.clone(),
            thread: cmd.place.thread.clone(),
            challenger_id,
            opponent_id: opponent.as_ref().map(|(id, _)| *id),
            first: options.first,
            rated,
            variant: options.variant,
            advice,
            level: None,
            time_control: time,
            reminders,
            expires_at: now.saturating_add(ttl_ms),
            caps: self.core.config.caps.limits(),
        };
        // A page's command is announced in the chat with the challenge, in its
        // write, and worded when it is sent.
        let mut effects = Effects::none();
        if cmd.announce {
            effects
                .messages
                .push(Recipe::Challenged.message_at(&cmd.place));
        }
        let id = match self
            .core
            .store
            .challenges()
            .create_challenge(cmd.claim(), &new, &effects, now)
            .await
        {
            Ok(id) => id,
            Err(StoreError::DuplicateChallenge) => {
                return Err(match &opponent {
                    Some((_, user)) => ServiceError::DuplicateChallenge(user.name.clone()),
                    None => ServiceError::DuplicateOpenChallenge,
                })
            }
            Err(e) => return Err(e.into()),
        };
        self.core.wake();
        let mut players = vec![(challenger_id, cmd.author.name.as_str())];
        if let Some((opponent_id, user)) = &opponent {
            players.push((*opponent_id, user.name.as_str()));
        }
        let ratings = self.ratings_of(time, &players).await?;
        let made = Made {
            id,
            challenger: cmd.author.name.clone(),
            opponent: opponent.map(|(_, user)| user),
            first: options.first,
            rated,
            variant: options.variant,
            advice,
            time,
            reminders,
            waits_ms: ttl_ms,
            ratings,
        };
        Ok(made.words(lang))
    }

    pub(super) async fn accept(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::ChallengeId>,
    ) -> Result<Reply, ServiceError> {
        Moderation::new(self.core).check_ban(lang, cmd).await?;
        let c = self
            .find_challenge(lang, cmd, id, Role::Opponent, "accept")
            .await?;
        // The challenger may have been banned since.
        let challenger = User {
            id: c.challenger_user.clone(),
            name: c.challenger_name.clone(),
            is_bot: false,
        };
        Moderation::new(self.core)
            .check_other_ban(lang, cmd, &challenger)
            .await?;
        for user in [&cmd.author.id, &c.challenger_user] {
            self.check_caps(lang, cmd.place.platform, user, false, false)
                .await?;
        }
        // The one challenged, or whoever takes an open challenge.
        let taker_id = match &c.opponent.0 {
            Some(invitee) => invitee.id,
            None => {
                self.core
                    .store
                    .people()
                    .upsert_player(
                        cmd.place.platform,
                        &cmd.author.id,
                        &cmd.author.name,
                        cmd.author.is_bot,
                    )
                    .await?
            }
        };
        let challenger_south = c.first.challenger_south();
        let (south_id, north_id) = if challenger_south {
            (c.challenger_id, taker_id)
        } else {
            (taker_id, c.challenger_id)
        };
        let tc = c.time_control;
        let now = self.core.now();
        let away_until = self
            .core
            .store
            .people()
            .away_until([south_id, north_id])
            .await?;
        // The taker sees the game's first board in the chat: if it is their first,
        // its legend's being seen is recorded with the game.
        let legend = !cmd.announce && Pictures::new(self.core).legend_due(cmd).await;
        // Where threads are on, a game begun in a server's channel gets its own.
        let thread = cmd.place.space.is_some()
            && cmd.place.thread.is_none()
            && Preferences::new(self.core)
                .place_settings(&cmd.place)
                .await?
                .threads();
        let began = Began::Accepted {
            challenger_south,
            thread,
        };
        let mut effects = Play::new(self.core).start_game(
            Start {
                variant: c.variant,
                seats: Seats {
                    tc,
                    reminders: c.reminders,
                    bots: [false, false],
                    away_until,
                },
            },
            now,
        );
        // A page's command is announced in the chat with the game, in its write.
        if cmd.announce {
            effects.messages.push(began.announcement(&cmd.place));
        }
        let Some(game_id) = self
            .core
            .store
            .challenges()
            .accept_challenge(
                cmd.claim(),
                &c,
                taker_id,
                &NewGame {
                    south_id,
                    north_id,
                    caps: self.core.config.caps.limits(),
                    legend_for: legend.then(|| cmd.author.id.clone()),
                },
                &effects,
                now,
            )
            .await?
        else {
            return Err(ServiceError::ChallengeClosed(
                c.id,
                crate::tr!(lang, "challenge-closed-meanwhile"),
            ));
        };
        self.core.wake();
        let mut reply = Play::new(self.core)
            .first_board(lang, game_id, began, now)
            .await?;
        if legend {
            Pictures::new(self.core).legend_shown(lang, cmd, &mut reply);
        }
        Ok(reply)
    }

    pub(super) async fn decline(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::ChallengeId>,
    ) -> Result<Reply, ServiceError> {
        let c = self
            .find_challenge(lang, cmd, id, Role::Opponent, "decline")
            .await?;
        if !self
            .core
            .store
            .challenges()
            .close_challenge(cmd.claim(), c.id, "declined", self.core.now())
            .await?
        {
            return Err(ServiceError::ChallengeClosed(
                c.id,
                crate::tr!(lang, "challenge-closed-meanwhile"),
            ));
        }
        Ok(Closed::Declined {
            id: c.id,
            by: cmd.author.name.clone(),
            challenger: User {
                id: c.challenger_user,
                name: c.challenger_name,
                is_bot: false,
            },
        }
        .words(lang))
    }

    pub(super) async fn cancel(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::ChallengeId>,
    ) -> Result<Reply, ServiceError> {
        let c = self
            .find_challenge(lang, cmd, id, Role::Challenger, "cancel")
            .await?;
        if !self
            .core
            .store
            .challenges()
            .close_challenge(cmd.claim(), c.id, "cancelled", self.core.now())
            .await?
        {
            return Err(ServiceError::ChallengeClosed(
                c.id,
                crate::tr!(lang, "challenge-closed-meanwhile"),
            ));
        }
        Ok(Closed::Withdrawn {
            id: c.id,
            challenger: c.challenger_name,
            opponent: c.opponent.0.map(|invitee| invitee.name),
        }
        .words(lang))
    }
}
