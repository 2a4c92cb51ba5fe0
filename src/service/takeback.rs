//! Takebacks in casual games (`/oware takeback`): once the opponent agrees, the
//! asker's last move is taken back (with the opponent's reply to it, when the
//! opponent has moved since), and the asker moves again. Never in rated or
//! tournament games.

use super::outbox::game_message;
use super::{view, Command, Reply, ServiceError};
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::{
    rules::{Game, Pit, Side},
    store::{GameRow, Pits},
};

/// How many moves a takeback that `by` asks for in `game` (stored as `row`) takes
/// back: their last move, and the opponent's reply to it when the opponent has
/// moved since.
///
/// # Errors
/// [`ServiceError::TakebackRated`] in a rated or tournament game;
/// [`ServiceError::NothingToTakeBack`] before `by` has moved.
pub(super) fn plies_to_take_back(
    row: &GameRow,
    game: &Game,
    by: Side,
) -> Result<usize, ServiceError> {
    if row.rated || row.tournament_id.is_some() {
        return Err(ServiceError::TakebackRated(row.id));
    }
    let undo = if game.to_move() == Some(by) { 2 } else { 1 };
    if game.plies().len() < undo {
        return Err(ServiceError::NothingToTakeBack(row.id));
    }
    Ok(undo)
}

impl Play<'_> {
    /// Takes back the moves `by` asked for in `game` (stored as `row`), now that the
    /// opponent agreed: the game goes on from the position before `by`'s last move.
    pub(super) async fn take_back(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
        game: &Game,
        by: Side,
        headline: String,
    ) -> Result<Reply, ServiceError> {
        let undo = plies_to_take_back(row, game, by)?;
        let kept: Vec<Pit> = game.moves().take(game.plies().len() - undo).collect();
        let back = Game::from_moves(row.variant, &kept)
            .map_err(|(i, e)| ServiceError::Internal(format!("game #{}: ply {i}: {e}", row.id)))?;
        let now = self.core.now();
        let mut effects = self.resumed_turn_effects(row, &back, now);
        let scores = back.position().scores();
        let pits = Pits(kept);
        // The row as it will stand, for the board and its buttons.
        let mut after = row.clone();
        after.version += 1;
        after.ply = i64::try_from(pits.0.len()).unwrap_or(i64::MAX);
        after.pits = pits.clone();
        after.south.score = i64::from(scores[0]);
        after.north.score = i64::from(scores[1]);
        after.pending = crate::store::Pending::default();
        if let Some(clock) = effects.clock {
            [after.south.left_ms, after.north.left_ms] = clock.left_ms;
            after.turn_started_at = Some(clock.turn_started_at);
            after.deadline_at = clock.deadline_at;
        }
        let headline = format!(
            "{headline} {}",
            crate::tr!(
                lang,
                "takeback-done",
                moves = undo,
                name = row.name(by),
                game = row.id
            )
        );
        let reply = view::board_reply(lang, &after, &back, headline, now, Side::South);
        if cmd.announce {
            // No adapter answers (a web page's): posted in the game's place with the
            // write, its board drawn when it is sent.
            effects
                .messages
                .push(game_message(row, &reply, Some(after.ply)));
        }
        if !self
            .core
            .store
            .games()
            .take_back(
                cmd.claim(),
                row.id,
                row.version,
                &pits,
                scores,
                &effects,
                now,
            )
            .await?
        {
            return Err(ServiceError::Raced(row.id));
        }
        self.core.wake();
        self.core.game_changed(row.id);
        if cmd.announce {
            return Ok(reply);
        }
        Ok(Pictures::new(self.core)
            .with_board(lang, reply, &after, &back, None, Side::South)
            .await)
    }
}
