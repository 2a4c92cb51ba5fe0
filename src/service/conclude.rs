//! Counted a game before the board does: resigning, and ending by agreement (a
//! proposal the other player confirms; the engine answers one at once).

use super::{
    apply::Finish, next_turn::is_bot, view, Button, ButtonAction, Command, GameRef, Reply, Service,
    ServiceError,
};
use crate::{
    rules::{Game, Outcome, Side},
    store::GameRow,
};

impl Service {
    /// Resigns `game` once `confirmed`; until then, asks, naming the game and the
    /// opponent, with a button that resigns exactly that game.
    pub(super) async fn resign(
        &self,
        cmd: &Command,
        game: GameRef,
        confirmed: bool,
    ) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = self.my_active_game(cmd, game).await?;
        if !confirmed {
            let mut reply = Reply::private(crate::tr!(
                "conclude-resign-confirm",
                game = row.id,
                opponent = view::name(&row, side.opponent()),
                rated = if row.rated { "rated" } else { "casual" }
            ));
            reply.buttons.push(Button {
                action: ButtonAction::Resign { game: row.id },
                label: crate::tr!("conclude-button-resign", game = row.id),
                enabled: true,
                row: 0,
            });
            return Ok(reply);
        }
        let outcome = game.resign(side)?;
        let headline = crate::tr!("conclude-resigned", name = view::name(&row, side));
        self.conclude(cmd, &row, &game, outcome, headline).await
    }

    /// Stores the end of `game` (stored as `row`) for `cmd`, and shows the final
    /// board under `headline`.
    async fn conclude(
        &self,
        cmd: &Command,
        row: &GameRow,
        game: &Game,
        outcome: Outcome,
        headline: String,
    ) -> Result<Reply, ServiceError> {
        let Some(finished) = self
            .finish(cmd.claim(), row, game, outcome, Finish::in_reply(headline))
            .await?
        else {
            return Err(ServiceError::Raced(row.id));
        };
        Ok(view::with_board(finished.board, row, game, None, self.now(), Side::South).await)
    }

    pub(super) async fn end(&self, cmd: &Command, game: GameRef) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = self.my_active_game(cmd, game).await?;
        let other = view::name(&row, side.opponent()).to_owned();
        let proposed = row.end_proposed_by;
        if proposed == Some(side) {
            return Err(ServiceError::EndAlreadyProposed(row.id, other));
        }
        // The engine answers a proposal at once.
        let engine = is_bot(&row, side.opponent());
        let engine_agrees = engine && self.engine_agrees(&game, side.opponent()).await?;
        if proposed == Some(side.opponent()) || engine_agrees {
            let outcome = game.end_by_agreement()?;
            let headline = if engine_agrees {
                crate::tr!("conclude-engine-agrees", engine = other)
            } else {
                crate::tr!("conclude-agreed", name = view::name(&row, side))
            };
            return self.conclude(cmd, &row, &game, outcome, headline).await;
        }
        if engine {
            return Ok(Reply::public(crate::tr!(
                "conclude-engine-declines",
                engine = other,
                game = row.id
            )));
        }
        if !self
            .store
            .propose_end(cmd.claim(), row.id, row.version, side)
            .await?
        {
            return Err(ServiceError::Raced(row.id));
        }
        let mut after = game.clone();
        let result = view::would_give(&row, after.end_by_agreement()?);
        let mut reply = Reply::public(crate::tr!(
            "conclude-proposed",
            name = view::name(&row, side),
            game = row.id,
            result = result,
            other = other,
        ));
        reply.mentions.push(view::player(&row, side.opponent()));
        view::about(&mut reply, &row);
        Ok(reply)
    }

    /// Whether the engine, playing `side`, does at least as well by ending the game
    /// now as by playing on (a short search, on the engine pool).
    async fn engine_agrees(&self, game: &Game, side: Side) -> Result<bool, ServiceError> {
        let permit = std::sync::Arc::clone(&self.engine_slots)
            .acquire_owned()
            .await
            .map_err(|e| ServiceError::Internal(format!("engine pool: {e}")))?;
        let game = game.clone();
        let engine = std::sync::Arc::clone(&self.engine);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            engine.accepts_split(&game, side)
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))
    }
}
