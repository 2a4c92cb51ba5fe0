//! Records: ratings, the leaderboard, stats, history, replays and the archive of finished games.

use std::sync::Arc;

use super::core::Core;

/// Records: ratings, the leaderboard, stats, history, replays and the archive of finished games.
#[derive(Clone, Copy)]
pub(in crate::service) struct Records<'c> {
    pub(in crate::service) core: &'c Arc<Core>,
}

impl<'c> Records<'c> {
    pub(in crate::service) fn new(core: &'c Arc<Core>) -> Records<'c> {
        Records { core }
    }
}
