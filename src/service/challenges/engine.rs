//! A game against the engine: `/oware play` naming the bot starts one at once, with
//! no challenge to accept.

use crate::service::cases::Challenges;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::service::next_turn::Seats;
use crate::service::recipe::Began;
use crate::service::start::Start;
use crate::service::{ChallengeOptions, Command, First, Reply, ServiceError, TimeControl, User};
use crate::store::{NewChallenge, NewGame, StoreError};

impl Challenges<'_> {
    /// Starts a game against the engine. When the engine moves first, its move is a
    /// job that the scheduler runs at once.
    pub(in crate::service) async fn play_engine(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        bot: &User,
        options: &ChallengeOptions,
    ) -> Result<Reply, ServiceError> {
        if options.time.is_some_and(TimeControl::is_timed) {
            return Err(ServiceError::EngineClock);
        }
        if options.rated == Some(true) {
            return Err(ServiceError::EngineRated);
        }
        let settings = Preferences::new(self.core)
            .place_settings(&cmd.place)
            .await?;
        Preferences::check_channel(&settings, &cmd.place)?;
        self.check_caps(lang, cmd.place.platform, &cmd.author.id, false, true)
            .await?;
        let platform = cmd.place.platform;
        let level = options.level.unwrap_or_default();
        let now = self.core.now();
        let human_id = self
            .core
            .store
            .people()
            .upsert_player(platform, &cmd.author.id, &cmd.author.name, false)
            .await?;
        let bot_id = self
            .core
            .store
            .people()
            .upsert_player(platform, &bot.id, &bot.name, true)
            .await?;
        let human_first = options.first.challenger_south();
        let new = NewChallenge {
            platform: cmd.place.platform,
            space: cmd.place.space.clone(),
            channel: cmd.place.channel.clone(),
            thread: cmd.place.thread.clone(),
            challenger_id: human_id,
            opponent_id: Some(bot_id),
            first: if human_first {
                First::Challenger
            } else {
                First::Opponent
            },
            rated: false,
            variant: options.variant,
            advice: options.advice.unwrap_or(true),
            level: Some(level),
            time_control: TimeControl::None,
            reminders: false,
            expires_at: now.saturating_add(60_000),
            caps: self.core.config.caps.limits(),
        };
        let (south_id, north_id) = if human_first {
            (human_id, bot_id)
        } else {
            (bot_id, human_id)
        };
        let mut effects = Play::new(self.core).start_game(
            Start {
                variant: options.variant,
                seats: Seats {
                    tc: TimeControl::None,
                    reminders: false,
                    bots: [!human_first, human_first],
                    // No clock: a vacation changes nothing.
                    away_until: [None, None],
                },
            },
            now,
        );
        let began = Began::Engine { level };
        // A page's command is announced in the chat with the game, in its write.
        if cmd.announce {
            effects.messages.push(began.announcement(&cmd.place));
        }
        // The challenger sees the game's first board in the chat: if it is their
        // first, its legend's being seen is recorded with the game.
        let legend = !cmd.announce && Pictures::new(self.core).legend_due(cmd).await;
        // The challenge and its game in one transaction: a command handled again
        // after a crash finds its event recorded and starts nothing.
        let game_id = match self
            .core
            .store
            .challenges()
            .start_engine_game(
                cmd.claim(),
                &new,
                &NewGame {
                    south_id,
                    north_id,
                    caps: self.core.config.caps.limits(),
                    legend_for: legend.then(|| cmd.author.id.clone()),
                },
                &effects,
                now,
            )
            .await
        {
            Ok(id) => id,
            Err(StoreError::DuplicateChallenge) => {
                return Err(ServiceError::DuplicateChallenge(bot.name.clone()))
            }
            Err(e) => return Err(e.into()),
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
}
