//! The jobs the scheduler runs (see `scheduler`): the engine's moves, timeouts,
//! reminders, idle engine games and expired challenges. Each job's work and its
//! announcement commit in one transaction, and a job made for a position that has
//! moved on does nothing (it returns `false`), so each runs exactly once.

use std::sync::Arc;

use super::{
    bot::move_record,
    ending::Counted,
    games::game_end,
    outbox::{game_message, place_message},
    turn::is_bot,
    view,
    when::{self, span},
    Button, ButtonAction, Level, Reply, Service, ServiceError, User,
};
use crate::{
    rules::Side,
    store::{ChallengeStatus, Effects, Ending, GameEnd, GameRow, JobRow},
};

impl Service {
    /// The game a job is for, if it is still active at the job's version.
    async fn job_game(&self, job: &JobRow) -> Result<Option<GameRow>, ServiceError> {
        let Some(id) = job.game_id else {
            return Ok(None);
        };
        Ok(self
            .store
            .game(id)
            .await?
            .filter(|row| row.is_active() && Some(row.version) == job.game_version))
    }

    /// The engine plays its move; the move and its announcement commit together.
    pub(super) async fn engine_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let mut game = self.load(&row).await?;
        let Some(side) = game.to_move().filter(|&side| is_bot(&row, side)) else {
            return Ok(false);
        };
        let level: Level = self
            .store
            .engine_level(row.id)
            .await?
            .unwrap_or_default()
            .parse()
            .unwrap_or_default();
        let seed = (row.id as u64) << 16 | row.ply as u64;
        let permit = Arc::clone(&self.engine_slots)
            .acquire_owned()
            .await
            .map_err(|e| ServiceError::Internal(format!("engine pool: {e}")))?;
        let thinking = game.clone();
        let engine = Arc::clone(&self.engine);
        let pit = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            engine.choose_move(&thinking, level, super::bot::budget(level), seed)
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))?
        .ok_or_else(|| ServiceError::Internal(format!("game #{}: no engine move", row.id)))?;
        let ply = *game
            .play(pit)
            .map_err(|e| ServiceError::Internal(format!("engine chose {pit}: {e}")))?;
        let now = self.now();
        let record = move_record(&row, side, &ply);
        let end = game.outcome().map(game_end);
        let mut effects = self.move_effects(&row, &game, side, now).await?;
        let shown = view::with_clock(&row, effects.clock.as_ref());
        let reply = view::move_reply(&shown, &game, &ply, now);
        effects
            .messages
            .push(game_message(&row, &reply, Some(row.ply + 1)));
        // Engine games are never rated: no rater.
        let applied = self
            .store
            .record_move(
                row.id,
                row.version,
                &record,
                end.as_ref(),
                None,
                |_| effects,
                now,
            )
            .await?;
        Ok(applied.is_some())
    }

    /// The side to move ran out of time: it loses (rated like any result), or the
    /// game is aborted when a side never moved.
    pub(super) async fn timeout_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let mut game = self.load(&row).await?;
        let Some(side) = game.to_move() else {
            return Ok(false);
        };
        // A tournament game is lost on time even before a first move: a forfeit.
        if row.ply < 2 && row.tournament_id.is_none() {
            let why = crate::tr!(
                "jobs-no-first-move",
                name = view::name(&row, side),
                span = span(row.time_control.per_move_or_base())
            );
            return self.abort_game(&row, &why).await;
        }
        let outcome = game.lose_on_time(side)?;
        let ending = Counted::of(&row, &game);
        let rater = ending.rater();
        let headline = crate::tr!(
            "jobs-timeout",
            name = view::name(&row, side),
            game = row.id,
            winner = view::name(&row, side.opponent())
        );
        let now = self.now();
        let mut reply = view::board_reply(&row, &game, headline, now);
        reply.mentions = vec![
            view::player(&row, side),
            view::player(&row, side.opponent()),
        ];
        let jobs = self.ending_jobs(&row, now).await?;
        let applied = self
            .store
            .finish_game(
                row.id,
                row.version,
                &game_end(outcome),
                rater.as_deref(),
                |applied| {
                    ending.annotate(&mut reply, &row, applied);
                    Effects {
                        messages: vec![game_message(&row, &reply, Some(row.ply))],
                        jobs,
                        ..Effects::default()
                    }
                },
                now,
            )
            .await?;
        Ok(applied.is_some())
    }

    /// A game against the engine that the person left for too long is aborted.
    pub(super) async fn idle_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let why = crate::tr!(
            "jobs-idle",
            span = span(i64::try_from(self.config.engine_idle.as_millis()).unwrap_or(i64::MAX))
        );
        self.abort_game(&row, &why).await
    }

    /// Ends the game stored as `row` without a result, telling both players why.
    pub(super) async fn abort_game(&self, row: &GameRow, why: &str) -> Result<bool, ServiceError> {
        self.abort_game_audited(row, why, None).await
    }

    /// [`Service::abort_game`], recording `audit` (a moderator's abort) in the same
    /// transaction.
    pub(super) async fn abort_game_audited(
        &self,
        row: &GameRow,
        why: &str,
        audit: Option<crate::store::NewAudit>,
    ) -> Result<bool, ServiceError> {
        let mut game = self.load(row).await?;
        game.abort()?;
        let now = self.now();
        let mut reply = view::board_reply(
            row,
            &game,
            crate::tr!("jobs-aborted", game = row.id, why = why),
            now,
        );
        reply.mentions = [Side::South, Side::North]
            .into_iter()
            .filter(|&side| !is_bot(row, side))
            .map(|side| view::player(row, side))
            .collect();
        let end = GameEnd {
            ending: Ending::ABORTED,
            scores: game.position().scores(),
        };
        let effects = Effects {
            messages: vec![game_message(row, &reply, Some(row.ply))],
            jobs: self.archive_job(row, now).await?.into_iter().collect(),
            audit,
            ..Effects::default()
        };
        let applied = self
            .store
            .finish_game(row.id, row.version, &end, None, |_| effects, now)
            .await?;
        Ok(applied.is_some())
    }

    /// Reminds the player to move, mentioning them in the game's thread.
    pub(super) async fn reminder_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let game = self.load(&row).await?;
        let (Some(side), Some(deadline)) = (game.to_move(), row.deadline_at) else {
            return Ok(false);
        };
        let now = self.now();
        if deadline <= now {
            // Too late to remind (the bot was down): the timeout says what happened.
            return Ok(false);
        }
        let mut reply = Reply::public(crate::tr!(
            "jobs-reminder",
            game = view::game_label(&row),
            name = view::name(&row, side),
            span = span(deadline - now),
            until = when::utc_time(deadline)
        ));
        reply.mentions.push(view::player(&row, side));
        reply.buttons = view::pit_buttons(&row, &game);
        let effects = Effects {
            messages: vec![game_message(&row, &reply, None)],
            ..Effects::default()
        };
        Ok(self
            .store
            .complete_game_job(job.id, row.id, row.version, &effects, now)
            .await?)
    }

    /// A challenge nobody answered expires, announced where it was made, with a
    /// button to make it again.
    pub(super) async fn expiry_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(c) = (match job.challenge_id {
            Some(id) => self.store.challenge(id).await?,
            None => None,
        }) else {
            return Ok(false);
        };
        if c.status != ChallengeStatus::Pending {
            return Ok(false);
        }
        let mut reply = Reply::public(crate::tr!(
            "jobs-expired",
            challenge = c.id,
            challenger = c.challenger_name,
            opponent = c.opponent_name,
            span = span(c.expires_at - c.created_at)
        ));
        reply.mentions.push(User {
            id: c.challenger_user.clone(),
            name: c.challenger_name.clone(),
            is_bot: false,
        });
        reply.buttons.push(Button {
            action: ButtonAction::Reissue { challenge: c.id },
            label: crate::tr!("jobs-button-challenge-again"),
            enabled: true,
            row: 0,
        });
        let place = super::Place {
            platform: super::Platform::from_name(&c.platform)
                .ok_or_else(|| ServiceError::Internal(format!("platform {:?}", c.platform)))?,
            space: c.space.clone(),
            channel: c.channel.clone(),
            thread: c.thread.clone(),
        };
        let effects = Effects {
            messages: vec![place_message(&place, &reply)],
            ..Effects::default()
        };
        Ok(self
            .store
            .expire_challenge(c.id, &effects, self.now())
            .await?)
    }
}
