//! The people known to have seen the board's legend.

use std::{collections::HashSet, sync::Mutex};

use crate::service::Platform;

/// The people known to have seen the legend, so a board costs no read after the
/// first (a process forgets them at restart and reads them again).
#[derive(Debug, Default)]
pub(in crate::service) struct Seen(Mutex<HashSet<(Platform, String)>>);

impl Seen {
    pub(in crate::service) fn contains(&self, platform: Platform, user: &str) -> bool {
        let seen = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.contains(&(platform, user.to_owned()))
    }

    pub(in crate::service) fn insert(&self, platform: Platform, user: &str) {
        let mut seen = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.insert((platform, user.to_owned()));
    }
}
