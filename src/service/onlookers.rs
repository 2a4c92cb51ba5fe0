//! Onlookers' advice in a game's thread: `advise d` stores one vote per onlooker per
//! ply (the latest counts), and the board shows the current ply's tally.

use super::{
    advice::{check_advice, AdviceTally},
    view, Command, GameRef, Reply, ServiceError,
};
use crate::service::cases::Games;
use crate::service::cases::Play;
use crate::{
    rules::{Game, Side},
    store::GameRow,
};

impl Play<'_> {
    pub(super) async fn advise(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        pit: crate::rules::Typed,
        game: GameRef,
    ) -> Result<Reply, ServiceError> {
        let row = Games::new(self.core)
            .find_game(lang, cmd, game, true)
            .await?;
        let game = Games::new(self.core).load(&row).await?;
        let side = game.to_move().unwrap_or(Side::South);
        let pit = pit.pit_for(side);
        let is_player = view::side_of(&row, &cmd.author.id).is_some();
        let over = !row.is_active() || game.is_over();
        check_advice(is_player, row.advice, over, pit, game.legal_moves())?;
        let onlooker = Games::new(self.core).author_player(cmd).await?;
        if !self
            .core
            .store
            .moderation()
            .advise(cmd.claim(), row.id, row.ply, onlooker, pit.letter())
            .await?
        {
            return Err(ServiceError::Raced(row.id));
        }
        let tally = self
            .advice_summary(lang, &row, &game)
            .await?
            .unwrap_or_default();
        Ok(Reply::private(crate::tr!(
            lang,
            "onlookers-noted",
            pit = pit,
            name = row.name(side),
            game = row.id,
            move_number = row.ply + 1,
            tally = tally
        )))
    }

    /// The tally of the advice for the side to move in `game` (the game stored as
    /// `row`, possibly moves further on), if anyone advised.
    pub(super) async fn advice_summary(
        &self,
        lang: &crate::i18n::Language,
        row: &GameRow,
        game: &Game,
    ) -> Result<Option<String>, ServiceError> {
        if !row.is_active() || !row.advice || game.is_over() {
            return Ok(None);
        }
        let ply = game.plies().len();
        let stored_ply = i64::try_from(ply).unwrap_or(i64::MAX);
        let votes = self
            .core
            .store
            .moderation()
            .advice_votes(row.id, stored_ply)
            .await?;
        let tally = AdviceTally::from_votes(
            ply,
            votes
                .into_iter()
                .map(|(onlooker, pit)| (ply, onlooker, pit)),
        );
        Ok(tally.summary(lang))
    }
}
