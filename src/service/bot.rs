//! The built-in engine as an opponent. `/oware play @oware-bot level:hard` starts a
//! game at once (the bot never needs to accept), and games against it are never
//! rated. Each of the engine's moves is a job (see `jobs`): it survives a restart,
//! runs on a bounded pool of blocking threads, and is announced through the outbox.

use crate::service::challenges::Challenges;
use crate::service::games::Play;
use crate::service::outbox::Delivery;
use crate::service::pictures::Pictures;
use crate::service::settings::Preferences;
use std::{collections::HashSet, sync::RwLock, time::Duration};

use super::{
    next_turn::Seats, start::Start, ChallengeOptions, Command, First, Level, Platform, Reply,
    ServiceError, TimeControl, User,
};
use crate::{
    rules::{Ply, Side},
    store::{GameRow, MoveRecord, NewChallenge, NewGame, StoreError},
};

/// The chat accounts that are this bot, per platform (adapters register their own
/// after logging in; the console's bot is `oware-bot`).
#[derive(Debug, Default)]
pub(super) struct BotUsers(RwLock<HashSet<(Platform, String)>>);

impl BotUsers {
    fn contains(&self, platform: Platform, id: &str) -> bool {
        // A poisoned lock only means another thread panicked mid-insert; the set is
        // still a valid set.
        let set = self
            .0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.contains(&(platform, id.to_owned()))
    }

    fn insert(&self, platform: Platform, id: &str) {
        let mut set = self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.insert((platform, id.to_owned()));
    }
}

/// How long the engine may think at each level.
pub(super) fn budget(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_millis(150),
        Level::Medium => Duration::from_millis(500),
        Level::Hard => Duration::from_secs(2),
    }
}

/// The record of a move by `side` in the game stored as `row`.
pub(super) fn move_record(row: &GameRow, side: Side, ply: &Ply) -> MoveRecord {
    MoveRecord {
        ply: row.ply + 1,
        player_id: match side {
            Side::South => row.south_id,
            Side::North => row.north_id,
        },
        pit: ply.effect.pit.letter(),
        clock: None,
        sown: ply.effect.sown,
        captured: ply.effect.captured,
        captured_pits: ply.effect.captured_pits.letters(),
        grand_slam: ply.effect.grand_slam,
        board_after: ply.after.board(),
        scores: ply.after.scores(),
    }
}

impl Play<'_> {
    /// Tells the service that `user_id` on `platform` is this bot: challenging it
    /// starts a game against the engine. Adapters call this once they know their
    /// own account.
    pub fn register_bot_user(&self, platform: Platform, user_id: &str) {
        self.core.bots.insert(platform, user_id);
    }

    /// Whether `user` is this bot on `platform`.
    pub(super) fn is_engine(&self, platform: Platform, user: &User) -> bool {
        user.is_bot && self.core.bots.contains(platform, &user.id)
    }

    /// Starts a game against the engine. When the engine moves first, its move is a
    /// job that the scheduler runs at once.
    pub(super) async fn play_engine(
        &self,
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
        Challenges::new(self.core)
            .check_caps(cmd.place.platform, &cmd.author.id, false, true)
            .await?;
        let platform = cmd.place.platform;
        let level = options.level.unwrap_or_default();
        let now = self.core.now();
        let human_id = self
            .core
            .store
            .upsert_player(platform, &cmd.author.id, &cmd.author.name, false)
            .await?;
        let bot_id = self
            .core
            .store
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
        let effects = self.start_game(
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
        // The challenger sees the game's first board: if it is their first, its
        // legend's being seen is recorded with the game.
        let legend = Pictures::new(self.core).legend_due(cmd).await;
        // The challenge and its game in one transaction: a command handled again
        // after a crash finds its event recorded and starts nothing.
        let game_id = match self
            .core
            .store
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
        Delivery::new(self.core).wake();
        let mut headline = crate::tr!(
            "bot-game-begins",
            game = game_id,
            level = level.as_str(),
            variant = options.variant.as_str(),
            name = if human_first {
                &cmd.author.name
            } else {
                &bot.name
            },
        );
        if !human_first {
            headline.push(' ');
            headline.push_str(&self.engine_thinking(&bot.name));
        }
        let (_, mut reply) = self.first_board(game_id, |_| headline, now).await?;
        if legend {
            Pictures::new(self.core).legend_shown(cmd, &mut reply);
        }
        Ok(reply)
    }

    /// What a player hears while the engine works on its move: it is thinking, or,
    /// when every engine thread is busy, it will answer shortly.
    pub(super) fn engine_thinking(&self, bot: &str) -> String {
        if self.core.engine_slots.all_busy() {
            crate::tr!("bot-busy", bot = bot)
        } else {
            crate::tr!("bot-thinking", bot = bot)
        }
    }
}
