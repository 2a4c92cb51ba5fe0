//! What one player asks the other in a game in progress: ending an endless cycle
//! by agreement (`/oware end`), a draw (`/oware draw`) or a takeback (`/oware
//! takeback`, see [`super::takeback`]). The other player accepts
//! by asking the same (or with a button) or declines; the engine answers at once.
//! One request is pending at a time, and the next move clears it.

use super::outbox::game_message;
use super::{view, view::is_bot, Button, ButtonAction, Command, GameRef, Reply, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Play;
use crate::service::ended::Ended;
use crate::{
    play::proposal::{Proposal, Request},
    rules::{Game, Side},
    store::GameRow,
};

impl Play<'_> {
    /// `request` in `game` by the author: asked, accepted (the opponent asked it
    /// already), or, when `decline`, the opponent's request declined (or the author's
    /// own withdrawn).
    pub(super) async fn propose(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        request: Request,
        game: GameRef,
        decline: bool,
    ) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = Games::new(self.core)
            .my_active_game(lang, cmd, game)
            .await?;
        let pending = row.pending.0.filter(|p| p.request == request);
        if decline {
            let Some(asked) = pending else {
                return Err(ServiceError::NothingToDecline {
                    request,
                    game: row.id,
                });
            };
            return self.drop_request(lang, cmd, &row, asked, side).await;
        }
        if request == Request::Takeback && pending.is_none() {
            super::takeback::plies_to_take_back(&row, &game, side)?;
        }
        if pending.is_some_and(|p| p.by == side) {
            return Err(ServiceError::AlreadyAsked {
                request,
                game: row.id,
                name: row.name(side.opponent()).to_owned(),
            });
        }
        let engine = is_bot(&row, side.opponent());
        let engine_agrees = engine && self.engine_agrees(request, &game, side.opponent()).await?;
        if pending.is_some() || engine_agrees {
            let agreed = if engine_agrees { side.opponent() } else { side };
            return self
                .agree(lang, cmd, &row, &mut game, request, agreed)
                .await;
        }
        let other = row.name(side.opponent());
        if engine {
            let reply = Reply::public(crate::tr!(
                lang,
                "proposal-engine-declines",
                request = request.as_str(),
                engine = other,
                game = row.id
            ));
            if cmd.announce {
                // Nothing changes but the answer, posted once for this command.
                let message = game_message(&row, &reply, None);
                let now = self.core.now();
                let outbox = self.core.store.outbox();
                outbox.post(cmd.claim(), &[message], now).await?;
                self.core.wake();
            }
            return Ok(reply);
        }
        let proposal = Proposal { request, by: side };
        let text = match request {
            Request::End => crate::tr!(
                lang,
                "conclude-proposed",
                name = row.name(side),
                game = row.id,
                result = view::would_give(lang, &row, game.clone().end_by_agreement()?),
                other = other,
            ),
            Request::Draw | Request::Takeback => crate::tr!(
                lang,
                "proposal-asked",
                request = request.as_str(),
                name = row.name(side),
                game = row.id,
                other = other,
            ),
        };
        let mut reply = Reply::public(text);
        if request != Request::End {
            for accept in [true, false] {
                reply.buttons.push(Button {
                    action: ButtonAction::Answer {
                        game: row.id,
                        request,
                        accept,
                    },
                    label: crate::tr!(
                        lang,
                        "proposal-button",
                        request = request.as_str(),
                        accept = if accept { "yes" } else { "no" }
                    ),
                    enabled: true,
                    row: 0,
                });
            }
        }
        reply.mentions.push(view::player(&row, side.opponent()));
        view::about(&mut reply, &row);
        self.store_request(cmd, &row, Some(proposal), &reply)
            .await?;
        Ok(reply)
    }

    /// Stores `proposal` (or, `None`, clears the request pending) in the game stored
    /// as `row`; for a command no adapter answers (a web page's), `reply` is posted
    /// in the game's place with the write.
    async fn store_request(
        &self,
        cmd: &Command,
        row: &GameRow,
        proposal: Option<Proposal>,
        reply: &Reply,
    ) -> Result<(), ServiceError> {
        let announce = cmd.announce.then(|| game_message(row, reply, None));
        let stored = self
            .core
            .store
            .games()
            .propose(
                cmd.claim(),
                row.id,
                row.version,
                proposal,
                announce.as_ref(),
            )
            .await?;
        if !stored {
            return Err(ServiceError::Raced(row.id));
        }
        if announce.is_some() {
            self.core.wake();
        }
        self.core.game_changed(row.id);
        Ok(())
    }

    /// Does what `request` asked in `game`, now that `agreed` (the side answering, or
    /// the engine) agreed to it: ends the game, or takes moves back.
    async fn agree(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
        game: &mut Game,
        request: Request,
        agreed: Side,
    ) -> Result<Reply, ServiceError> {
        // The engine agreed, or the person who was asked did.
        let (outcome, how) = match request {
            Request::End => (game.end_by_agreement()?, Ended::Agreed { side: agreed }),
            Request::Draw => (game.agree_draw()?, Ended::DrawAgreed { side: agreed }),
            Request::Takeback => {
                let headline = crate::tr!(lang, "takeback-accepted", name = row.name(agreed));
                return self
                    .take_back(lang, cmd, row, game, agreed.opponent(), headline)
                    .await;
            }
        };
        self.conclude(lang, cmd, row, game, outcome, how).await
    }

    /// Clears `asked`: declined by the other player, or withdrawn by the one who
    /// asked.
    async fn drop_request(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
        asked: Proposal,
        side: Side,
    ) -> Result<Reply, ServiceError> {
        let withdrawn = asked.by == side;
        let mut reply = Reply::public(crate::tr!(
            lang,
            "proposal-dropped",
            request = asked.request.as_str(),
            withdrawn = if withdrawn { "yes" } else { "no" },
            name = row.name(side),
            game = row.id,
        ));
        if !withdrawn {
            reply.mentions.push(view::player(row, asked.by));
        }
        view::about(&mut reply, row);
        self.store_request(cmd, row, None, &reply).await?;
        Ok(reply)
    }

    /// Whether the engine, playing `side`, agrees to `request` (a short search, on
    /// the engine pool; a takeback, always).
    async fn engine_agrees(
        &self,
        request: Request,
        game: &Game,
        side: Side,
    ) -> Result<bool, ServiceError> {
        let permit = self.core.engine_slots.slot().await?;
        let game = game.clone();
        let engine = std::sync::Arc::clone(&self.core.engine);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            match request {
                Request::End => engine.accepts_split(&game, side),
                Request::Draw => engine.accepts_draw(&game, side),
                // As lichess's AI, the engine grants every takeback of a casual game.
                Request::Takeback => true,
            }
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))
    }
}
