//! A game's end without a move, one path: `Play::finish` (resigning, agreeing, a
//! timeout, an abort, a moderator's verdict). It builds what must follow (the
//! ratings, the review and archiving jobs, the announcement) and commits it with
//! the end, claiming what it acts on. The end by a move is `moves.rs`.

use super::{
    ending::Counted, games::game_end, outbox::game_message, view, view::is_bot, Reply,
    ServiceError, User,
};
use crate::service::cases::Links;
use crate::service::cases::Play;
use crate::service::cases::Records;
use crate::{
    rules::{EndReason, Game, Outcome, Side},
    store::{Applied, Claim, Effects, GameRow, NewAudit},
};

/// A game's end stored by `Play::finish`.
pub(super) struct Finished {
    /// The final board under the headline, with the rating changes.
    pub board: Reply,
    counted: Counted,
    applied: Applied,
}

impl Finished {
    /// Adds the rating changes to another reply about the end.
    pub(super) fn annotate(&self, lang: &crate::i18n::Language, reply: &mut Reply, row: &GameRow) {
        self.counted.annotate(lang, reply, row, &self.applied);
    }
}

/// How a game's end is told (see `Play::finish`).
pub(super) struct Finish {
    /// The final board's headline.
    pub headline: String,
    /// Posted in the game's place, mentioning these players: the end came from a
    /// job or a moderator, not from a player's own command. `None`: told only in
    /// the reply.
    pub post: Option<Vec<User>>,
    /// The moderator's audit entry, recorded with the end.
    pub audit: Option<NewAudit>,
}

impl Finish {
    /// Told in the reply to the player's command.
    pub(super) fn in_reply(headline: String) -> Finish {
        Finish {
            headline,
            post: None,
            audit: None,
        }
    }

    /// Posted in the game's place, mentioning `to`.
    pub(super) fn posted(headline: String, to: Vec<User>) -> Finish {
        Finish {
            headline,
            post: Some(to),
            audit: None,
        }
    }
}

/// The people playing the game stored as `row` (not the engine).
pub(super) fn humans(row: &GameRow) -> Vec<User> {
    [Side::South, Side::North]
        .into_iter()
        .filter(|&side| !is_bot(row, side))
        .map(|side| view::player(row, side))
        .collect()
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
        let aborted = outcome.reason == EndReason::Aborted;
        let counted = if aborted {
            Counted::Casual
        } else {
            Counted::of(row, game)
        };
        let now = self.core.now();
        let jobs = if aborted {
            Records::new(self.core)
                .archive_job(row, now)
                .await?
                .into_iter()
                .collect()
        } else {
            self.ending_jobs(row, now).await?
        };
        let mut board = view::board_reply(lang, row, game, finish.headline, now, Side::South);
        Links::new(self.core).link_page(lang, &mut board, row).await;
        let Finish { post, audit, .. } = finish;
        let applied = self
            .core
            .store
            .games()
            .finish_game(
                claim,
                row.id,
                row.version,
                &game_end(outcome),
                counted.rated(),
                |applied| {
                    counted.annotate(lang, &mut board, row, applied);
                    let messages = match post {
                        Some(mentions) => {
                            let mut posted = board.clone();
                            posted.mentions = mentions;
                            vec![game_message(row, &posted, Some(row.ply))]
                        }
                        None => Vec::new(),
                    };
                    Effects {
                        messages,
                        jobs,
                        audit,
                        ..Effects::default()
                    }
                },
                now,
            )
            .await?;
        let Some(applied) = applied else {
            return Ok(None);
        };
        self.core.wake();
        self.core.game_changed(row.id);
        Ok(Some(Finished {
            board,
            counted,
            applied,
        }))
    }
}
