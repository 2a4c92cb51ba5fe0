//! Learning: analyses of finished games, puzzles and lessons.

use std::sync::Arc;

use super::core::Core;

/// Learning: analyses of finished games, puzzles and lessons.
#[derive(Clone, Copy)]
pub(in crate::service) struct Learning<'c> {
    pub(in crate::service) core: &'c Arc<Core>,
}

impl<'c> Learning<'c> {
    pub(in crate::service) fn new(core: &'c Arc<Core>) -> Learning<'c> {
        Learning { core }
    }
}
