//! `/oware analyse`: the engine reviews a finished game. The review is a job (it
//! survives a restart and is delivered once, in the transaction that stores it); the
//! command answers at once ("analysing game #12…") and the result replaces that
//! message where the platform can edit, or follows it. A game with onlookers' advice
//! is analysed when it ends, and its thread hears how good the advice was.
//!
//! Analyses run on their own pool, one core fewer than the engine's, so a live game
//! always has a core; they use a node budget per position, so the same game gives
//! the same review.

mod judge;
mod page;
mod pictures;
mod report;
mod stored;

pub use page::{PageReview, ReviewNote};

use super::{
    outbox::{game_message, place_message},
    view, Attachment, Command, GameRef, Place, Reply, ServiceError,
};
use crate::service::cases::Games;
use crate::service::cases::Learning;
use crate::service::cases::Pictures;
use crate::service::cases::Preferences;
use crate::service::cases::Records;
use crate::{
    engine::{self, analysis::Class},
    rules::Game,
    store::{
        Asker, Attach, Claim, Effects, GameRow, JobKind, JobRequest, JobRow, NewJob, NewPuzzle,
        Queued, ReviewTo, StoredReview, Venue,
    },
};

/// The job that reviews `row` when it ends, if onlookers may have advised in it (the
/// job finds out whether they did).
pub(super) fn judging_job(row: &GameRow, now: i64) -> Option<NewJob> {
    row.advice.then_some(NewJob {
        kind: JobKind::Analysis,
        game_id: None,
        challenge_id: None,
        due_at: now,
        request: Some(JobRequest::Review { to: None }),
    })
}

impl Learning<'_> {
    pub(super) async fn analyse(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
    ) -> Result<Reply, ServiceError> {
        let row = match game {
            Some(id) => self.finished_game(lang, cmd, id).await?,
            None => {
                Games::new(self.core)
                    .find_game(lang, cmd, None, true)
                    .await?
            }
        };
        if row.is_active() {
            return Err(ServiceError::GameNotOver(row.id));
        }
        let aborted = row
            .state
            .ending()
            .is_some_and(|e| e.reason == crate::rules::EndReason::Aborted);
        if row.ply == 0 || aborted {
            return Err(ServiceError::NothingToAnalyse(row.id));
        }
        if let Some(stored) = self.current_analysis(row.id).await? {
            let mut reply = report::reply(lang, &row, &stored);
            reply.files = self.analysis_files(lang, row.id).await;
            return Ok(reply);
        }
        let now = self.core.now();
        let anchor = format!("analysis-{}-{now}-{}", row.id, cmd.author.id);
        let request = JobRequest::Review {
            to: Some(ReviewTo {
                platform: cmd.place.platform,
                space: cmd.place.space.clone(),
                channel: cmd.place.channel.clone(),
                thread: cmd.place.thread.clone(),
                anchor: anchor.clone(),
            }),
        };
        let job = NewJob {
            kind: JobKind::Analysis,
            game_id: Some(row.id),
            challenge_id: None,
            due_at: now,
            request: Some(request),
        };
        let joinable = JobRequest::Review { to: None };
        let caps = &self.core.config.caps;
        let asker = Asker {
            platform: cmd.place.platform,
            user_id: &cmd.author.id,
            most_per_user: caps.queued_reviews_per_user,
            most: caps.queued_reviews,
        };
        let queued = self
            .core
            .store
            .learning()
            .queue_analysis(cmd.claim(), &job, &joinable, asker, now)
            .await?;
        match queued {
            Queued::New | Queued::Joined => {}
            Queued::UnderWay => {
                // Theirs alone: in their own language.
                let own = Preferences::new(self.core).language_of(cmd).await;
                return Ok(Reply::private(crate::tr!(
                    &own,
                    "analysis-under-way",
                    game = row.id
                )));
            }
            Queued::YoursFull => {
                return Err(ServiceError::ReviewsQueuedByYou {
                    game: row.id,
                    limit: caps.queued_reviews_per_user,
                })
            }
            Queued::AllFull => {
                return Err(ServiceError::ReviewQueueFull {
                    game: row.id,
                    limit: caps.queued_reviews,
                })
            }
        }
        self.core.wake();
        let mut reply = Reply::public(crate::tr!(
            lang,
            "analysis-started",
            game = view::game_label(lang, &row),
            moves = row.ply
        ));
        reply.anchor = Some(anchor);
        Ok(reply)
    }

    /// Game `id` if it was played here, or is a finished game of the author's.
    async fn finished_game(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
    ) -> Result<GameRow, ServiceError> {
        match Games::new(self.core)
            .find_game(lang, cmd, Some(id), true)
            .await
        {
            Ok(row) => Ok(row),
            Err(ServiceError::NoSuchGame(_)) => Records::new(self.core)
                .own_finished_game(cmd, id)
                .await?
                .ok_or(ServiceError::NoSuchGame(id)),
            Err(err) => Err(err),
        }
    }

    /// The stored analysis of game `id`, if the current analysis version made it.
    async fn current_analysis(
        &self,
        id: crate::store::GameId,
    ) -> Result<Option<StoredReview>, ServiceError> {
        let version = engine::analysis::version(
            self.core.config.analysis_nodes,
            self.core.engine.tables().as_deref(),
        );
        Ok(self
            .core
            .store
            .learning()
            .analysis(id)
            .await?
            .filter(|row| row.engine == version)
            .and_then(|row| row.review))
    }

    /// Runs an analysis job: reviews the game (unless a current review is stored),
    /// judges its advice, and posts what was asked for, all stored in one
    /// transaction with the job's end. `false` when there is nothing to do.
    pub(super) async fn analysis_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let (Some(id), Some(request)) = (job.game_id, job.request.as_ref()) else {
            return Ok(false);
        };
        let JobRequest::Review { to } = request else {
            return Err(ServiceError::Internal(format!(
                "analysis job {}: request {request:?}",
                job.id
            )));
        };
        let Some(row) = self
            .core
            .store
            .games()
            .game(id)
            .await?
            .filter(|row| !row.is_active())
        else {
            return Ok(false);
        };
        let votes = self.core.store.learning().game_advice(id).await?;
        if to.is_none() && votes.is_empty() {
            // Advice was on, but nobody advised: nothing to judge.
            return Ok(false);
        }
        let game = Games::new(self.core).load(&row).await?;
        let now = self.core.now();
        let (stored, fresh, found) = match self.current_analysis(id).await? {
            Some(stored) => (stored, false, Vec::new()),
            None => {
                let (stored, found) = self.compute(&row, &game).await?;
                (stored, true, found)
            }
        };
        let verdict = judge::judge(lang, &stored, &votes);
        let mut messages = Vec::new();
        match to {
            None => {
                if let Some(text) = &verdict.text {
                    let reply = Reply::public(crate::tr!(
                        lang,
                        "analysis-advice-verdict",
                        verdict = text,
                        game = id
                    ));
                    messages.push(game_message(&row, &reply, None));
                }
            }
            Some(to) => {
                let mut reply = report::reply(lang, &row, &stored);
                if let Some(text) = &verdict.text {
                    reply.text.push('\n');
                    reply.text.push_str(text);
                }
                let place = Place {
                    platform: to.platform,
                    space: to.space.clone(),
                    channel: to.channel.clone(),
                    thread: to.thread.clone(),
                };
                let mut message = place_message(&place, &reply);
                message.attach = Some(Attach::Analysis(id));
                message.edits = Some(to.anchor.clone());
                messages.push(message);
            }
        }
        let effects = Effects {
            messages,
            ..Effects::default()
        };
        if fresh {
            let venue = Venue {
                platform: row.platform,
                space: row.space.clone(),
                channel: row.channel.clone(),
            };
            let version = engine::analysis::version(
                self.core.config.analysis_nodes,
                self.core.engine.tables().as_deref(),
            );
            self.core
                .store
                .learning()
                .store_analysis(
                    Claim::Job(job.id),
                    id,
                    &venue,
                    &version,
                    &stored,
                    &verdict.judgments,
                    &found,
                    &effects,
                    now,
                )
                .await?;
        } else {
            self.core
                .store
                .learning()
                .finish_job(Claim::Job(job.id), &effects, now)
                .await?;
        }
        Ok(true)
    }

    /// Reviews `game` on the analysis pool, and finds puzzles at its blunders.
    async fn compute(
        &self,
        row: &GameRow,
        game: &Game,
    ) -> Result<(StoredReview, Vec<NewPuzzle>), ServiceError> {
        let permit = std::sync::Arc::clone(&self.core.analysis_slots)
            .acquire_owned()
            .await
            .map_err(|e| ServiceError::Internal(format!("analysis pool: {e}")))?;
        let nodes = self.core.config.analysis_nodes;
        let (game, game_id) = (game.clone(), row.id);
        let tables = self.core.engine.tables();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let tables = tables.as_deref();
            let analysis = engine::analysis::analyse(&game, nodes, tables);
            let moves: Vec<_> = game.moves().collect();
            let mut found = Vec::new();
            for (i, ply) in analysis.plies.iter().enumerate() {
                if ply.class != Class::Blunder {
                    continue;
                }
                // The position the blunder left: can the other side punish it?
                let Ok(after) = Game::from_moves(game.variant(), &moves[..=i]) else {
                    continue;
                };
                if let Some(p) = engine::puzzles::from_position(&after, nodes * 4, tables) {
                    let ply = i64::try_from(i + 1).unwrap_or(i64::MAX);
                    found.push(super::puzzles::new_puzzle(&p, Some((game_id, ply))));
                }
            }
            (stored::stored(&analysis), found)
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("analysis thread: {e}")))
    }

    /// The review's pictures for game `id` (the evaluation graph, and the board of
    /// the biggest blunder with the better pit ringed); none if it is not stored.
    pub(super) async fn analysis_files(
        &self,
        lang: &crate::i18n::Language,
        id: crate::store::GameId,
    ) -> Vec<Attachment> {
        let found = async {
            let Some(row) = self.core.store.games().game(id).await? else {
                return Ok::<_, ServiceError>(None);
            };
            let Some(analysis) = self.core.store.learning().analysis(id).await? else {
                return Ok(None);
            };
            let stored = analysis
                .review
                .ok_or_else(|| ServiceError::Internal(format!("analysis #{id}: unreadable")))?;
            let game = Games::new(self.core).load(&row).await?;
            Ok(Some((row, game, stored)))
        };
        match found.await {
            Ok(Some((row, game, stored))) => Pictures::new(self.core)
                .heavy({
                    let lang = lang.clone();
                    move || pictures::files(&lang, &row, &game, &stored)
                })
                .await
                .unwrap_or_else(|err| {
                    tracing::error!(game = %id, error = %err, "could not draw the analysis");
                    Vec::new()
                }),
            Ok(None) => Vec::new(),
            Err(err) => {
                tracing::error!(game = %id, error = %err, "could not read the analysis");
                Vec::new()
            }
        }
    }

    pub(super) async fn advisers(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        global: bool,
    ) -> Result<Reply, ServiceError> {
        let venue = Venue {
            platform: cmd.place.platform,
            space: cmd.place.space.clone(),
            channel: cmd.place.channel.clone(),
        };
        let rows = self
            .core
            .store
            .learning()
            .advisers((!global).then_some(&venue), judge::MIN_PICKS, 10)
            .await?;
        Ok(Reply::public(judge::leaderboard(lang, &rows, global)))
    }
}
