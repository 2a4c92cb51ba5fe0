//! The built-in engine as an opponent, in play: which accounts are bots, and the
//! engine's moves. Each of its moves is a job (see `jobs`): it survives a restart,
//! runs on a bounded pool of blocking threads, and is announced through the outbox.
//! Starting a game against it is `challenges/engine.rs`.

use crate::service::cases::Play;
use std::time::Duration;

use super::{Level, Platform, User};

/// How long the engine may think at each level.
pub(super) fn budget(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_millis(150),
        Level::Medium => Duration::from_millis(500),
        Level::Hard => Duration::from_secs(2),
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

    /// What a player hears while the engine works on its move: it is thinking, or,
    /// when every engine thread is busy, it will answer shortly.
    pub(super) fn engine_thinking(&self, lang: &crate::i18n::Language, bot: &str) -> String {
        if self.core.engine_slots.all_busy() {
            crate::tr!(lang, "bot-busy", bot = bot)
        } else {
            crate::tr!(lang, "bot-thinking", bot = bot)
        }
    }
}
