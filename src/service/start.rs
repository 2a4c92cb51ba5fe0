//! Starting a game: the one path every new game takes, whether a challenge was
//! accepted, a player took on the engine, or a tournament round began (a rematch
//! is a challenge like any other). The store writes the game with whatever it
//! starts from (the challenge, the round) in one transaction; what the game's
//! first turn needs (its clocks, deadline, reminder and the engine's job) and the
//! first board shown come from here.

use super::{clock::Clocks, next_turn::Seats, recipe::Began, Reply, ServiceError};
use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::{
    i18n::Language,
    rules::{Game, Side, Variant},
    store::Effects,
};

/// A game about to start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    /// The grand-slam rule.
    pub variant: Variant,
    /// Its clock, who is reminded, and who is the engine.
    pub seats: Seats,
}

impl Play<'_> {
    /// What a new game's first turn schedules, to be written with the game: its
    /// clocks, its deadline, a reminder, or the engine's move when the engine plays
    /// South.
    pub(super) fn start_game(&self, start: Start, now: i64) -> Effects {
        let game = Game::new(start.variant);
        self.turn_effects(start.seats, Clocks::default(), &game, None, now)
    }

    /// The public reply showing game `game_id` just started as `began` tells, with
    /// its board image and its page's link.
    ///
    /// # Errors
    /// Database failures, or an internal error when the game is gone.
    pub(super) async fn first_board(
        &self,
        lang: &Language,
        game_id: crate::store::GameId,
        began: Began,
        now: i64,
    ) -> Result<Reply, ServiceError> {
        let row = self
            .core
            .store
            .games()
            .game(game_id)
            .await?
            .ok_or_else(|| ServiceError::Internal(format!("game #{game_id} vanished")))?;
        let busy = self.core.engine_slots.all_busy();
        let reply = began.first_words(lang, &row, now, busy);
        let mut reply = Pictures::new(self.core)
            .with_board(
                lang,
                reply,
                &row,
                &Game::new(row.variant),
                None,
                Side::South,
            )
            .await;
        Links::new(self.core)
            .link_page(lang, &mut reply, &row)
            .await;
        Ok(reply)
    }
}
