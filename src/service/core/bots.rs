//! The chat accounts that are this bot.

use std::{collections::HashSet, sync::RwLock};

use crate::service::Platform;

/// The chat accounts that are this bot, per platform (adapters register their own
/// after logging in; the console's bot is `oware-bot`).
#[derive(Debug, Default)]
pub(in crate::service) struct BotUsers(RwLock<HashSet<(Platform, String)>>);

impl BotUsers {
    pub(in crate::service) fn contains(&self, platform: Platform, id: &str) -> bool {
        // A poisoned lock only means another thread panicked mid-insert; the set is
        // still a valid set.
        let set = self
            .0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.contains(&(platform, id.to_owned()))
    }

    pub(in crate::service) fn insert(&self, platform: Platform, id: &str) {
        let mut set = self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.insert((platform, id.to_owned()));
    }

    /// The bot's account on `platform`, if it registered one (the smallest id when
    /// several were).
    pub(in crate::service) fn on(&self, platform: Platform) -> Option<String> {
        let set = self
            .0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.iter()
            .filter(|(p, _)| *p == platform)
            .map(|(_, id)| id)
            .min()
            .cloned()
    }
}
