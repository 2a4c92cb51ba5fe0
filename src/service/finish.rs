//! A game's end without a move, one path: `Play::finish` (resigning, agreeing, a
//! timeout, an abort, a moderator's verdict). It builds what must follow (the
//! ratings, the review and archiving jobs, the announcement, kept as how the game
//! ended: `Recipe::Ended`) and commits it with the end, claiming what it acts on.
//! The end by a move is `moves.rs`; how an end is told, `ended.rs`.

use super::{ended::Ended, ending::Counted, games::game_end, recipe::Recipe, Reply, ServiceError};
use crate::service::cases::Links;
use crate::service::cases::Play;
use crate::service::cases::Records;
use crate::{
    rules::{EndReason, Game, Outcome},
    store::{Claim, Effects, GameRow, NewAudit, RatingChange},
};

/// A game's end stored by `Play::finish`.
pub(super) struct Finished {
    /// The final board under the headline, with the rating changes.
    pub board: Reply,
    counted: Counted,
    ratings: Option<[RatingChange; 2]>,
}

impl Finished {
    /// Adds the rating changes to another reply about the end.
    pub(super) fn annotate(&self, lang: &crate::i18n::Language, reply: &mut Reply, row: &GameRow) {
        self.counted.annotate(lang, reply, row, self.ratings);
    }
}

/// How a game's end is told (see `Play::finish`).
pub(super) struct Finish {
    /// How it ended: the final board's headline.
    pub how: Ended,
    /// Posted in the game's place, mentioning its players: the end came from a
    /// job, a moderator or a page, not from a player's own command in the chat.
    /// Else told only in the reply.
    pub post: bool,
    /// The moderator's audit entry, recorded with the end.
    pub audit: Option<NewAudit>,
}

impl Finish {
    /// Told in the reply to the player's command.
    pub(super) fn in_reply(how: Ended) -> Finish {
        Finish {
            how,
            post: false,
            audit: None,
        }
    }

    /// Posted in the game's place, mentioning its players.
    pub(super) fn posted(how: Ended) -> Finish {
        Finish {
            how,
            post: true,
            audit: None,
        }
    }
}

impl Play<'_> {
    /// Stores `outcome`, the end of `game` without a move (`game`, stored as `row`,
    /// has ended), with everything that follows, claiming `claim`: the ratings when
    /// it counts (never for an abort), the review and archiving jobs, the audit
    /// entry, and the final board posted in the game's place when `finish` says so.
    ///
    /// Returns `None`, changing nothing, when the game moved on meanwhile.
    ///
    /// # Errors
    /// Database failures; [`crate::store::StoreError::Replayed`] when `claim` was
    /// claimed before.
    pub(super) async fn finish(
        &self,
        lang: &crate::i18n::Language,
        claim: Claim<'_>,
        row: &GameRow,
        game: &Game,
        outcome: Outcome,
        finish: Finish,
    ) -> Result<Option<Finished>, ServiceError> {
        let counted = Counted::of(row, game);
        let now = self.core.now();
        let jobs = if outcome.reason == EndReason::Aborted {
            Records::new(self.core)
                .archive_job(row, now)
                .await?
                .into_iter()
                .collect()
        } else {
            self.ending_jobs(row, now).await?
        };
        let Finish { how, post, audit } = finish;
        let effects = Effects {
            messages: if post {
                vec![Recipe::ended(row, how.clone())]
            } else {
                Vec::new()
            },
            jobs,
            audit,
            ..Effects::default()
        };
        let Some(applied) = self
            .core
            .store
            .games()
            .finish_game(
                claim,
                row.id,
                row.version,
                &game_end(outcome),
                counted.rated(),
                effects,
                now,
            )
            .await?
        else {
            return Ok(None);
        };
        self.core.wake();
        self.core.game_changed(row.id);
        let mut board = how.final_board(lang, row, game, applied.ratings, now);
        Links::new(self.core).link_page(lang, &mut board, row).await;
        Ok(Some(Finished {
            board,
            counted,
            ratings: applied.ratings,
        }))
    }
}
