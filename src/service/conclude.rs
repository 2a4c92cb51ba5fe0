//! Ending a game before the board does: resigning, storing an end the players
//! chose (resigned, or agreed on in [`super::proposals`]), and calling a game off
//! (`/oware abort` before both sides have moved, or a job's or a moderator's abort).

use super::{
    ended::{Aborted, Ended},
    finish::Finish,
    view, Button, ButtonAction, Command, GameRef, Reply, ServiceError,
};
use crate::service::cases::Games;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::{
    play::rating::{counts_for_rating, MIN_RATED_PLIES},
    rules::{Game, Outcome, Side},
    store::{Claim, GameRow},
};

impl Play<'_> {
    /// Resigns `game` once `confirmed`; until then, asks, naming the game and the
    /// opponent, with a button that resigns exactly that game.
    pub(super) async fn resign(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
        confirmed: bool,
    ) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = Games::new(self.core)
            .my_active_game(lang, cmd, game)
            .await?;
        if !confirmed {
            // Only the author reads the question: in their own language.
            let own = Preferences::new(self.core).language_of(cmd).await;
            let lang = &own;
            let mut reply = Reply::private(crate::tr!(
                lang,
                "conclude-resign-confirm",
                game = row.id,
                opponent = row.name(side.opponent()),
                rated = match (view::counts_as_rated(&row), row.ply) {
                    (false, _) => "casual",
                    (true, ply) if usize::try_from(ply).is_ok_and(counts_for_rating) => "rated",
                    (true, _) => "short",
                },
                min = MIN_RATED_PLIES
            ));
            reply.buttons.push(Button {
                action: ButtonAction::Resign { game: row.id },
                label: crate::tr!(lang, "conclude-button-resign", game = row.id),
                enabled: true,
                row: 0,
            });
            return Ok(reply);
        }
        let outcome = game.resign(side)?;
        self.conclude(lang, cmd, &row, &game, outcome, Ended::Resigned { side })
            .await
    }

    /// Stores the end of `game` (stored as `row`) for `cmd`, and shows the final
    /// board under the headline of `how` it ended. For a command no adapter answers (a web page's), the
    /// end is posted in the game's place with the write instead.
    pub(super) async fn conclude(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
        game: &Game,
        outcome: Outcome,
        how: Ended,
    ) -> Result<Reply, ServiceError> {
        let how = if cmd.announce {
            Finish::posted(how)
        } else {
            Finish::in_reply(how)
        };
        let Some(finished) = self
            .finish(lang, cmd.claim(), row, game, outcome, how)
            .await?
        else {
            return Err(ServiceError::Raced(row.id));
        };
        if cmd.announce {
            // Posted with the write; nobody reads this answer's board.
            return Ok(finished.board);
        }
        Ok(Pictures::new(self.core)
            .with_board(lang, finished.board, row, game, None, Side::South)
            .await)
    }

    pub(in crate::service) async fn abort(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
    ) -> Result<Reply, ServiceError> {
        let (row, _, side) = Games::new(self.core)
            .my_active_game(lang, cmd, game)
            .await?;
        if row.tournament_id.is_some() {
            return Err(super::TournamentError::NoAbort(row.id).into());
        }
        if row.ply >= 2 {
            return Err(ServiceError::CannotAbort(row.id));
        }
        let why = Aborted::ByPlayer { side };
        if !self.abort_game(lang, cmd.claim(), &row, why, None).await? {
            return Err(ServiceError::Raced(row.id));
        }
        self.core.wake();
        Ok(Reply::private(crate::tr!(
            lang,
            "lifecycle-aborted",
            game = row.id
        )))
    }

    /// Ends the game stored as `row` without a result, telling its players why,
    /// claiming `claim`; `audit` is a moderator's abort.
    pub(in crate::service) async fn abort_game(
        &self,
        lang: &crate::i18n::Language,
        claim: Claim<'_>,
        row: &GameRow,
        why: Aborted,
        audit: Option<crate::store::NewAudit>,
    ) -> Result<bool, ServiceError> {
        let mut game = Games::new(self.core).load(row).await?;
        let outcome = game.abort()?;
        let finish = Finish {
            audit,
            ..Finish::posted(Ended::Aborted(why))
        };
        Ok(Play::new(self.core)
            .finish(lang, claim, row, &game, outcome, finish)
            .await?
            .is_some())
    }
}
