//! The jobs the scheduler runs (see `scheduler`): the engine's moves, timeouts,
//! reminders, idle engine games and expired challenges. Each job's work and its
//! announcement commit in one transaction, and a job made for a position that has
//! moved on does nothing (it returns `false`). Each job's write claims the job
//! ([`Claim::Job`]), so a job runs once even when two runners take it.

use crate::service::cases::Delivery;
use crate::service::cases::Games;
use crate::service::cases::Play;
use crate::service::cases::Scheduler;
use std::sync::Arc;

use super::{
    ended::{Aborted, Ended},
    finish::Finish,
    outbox::{game_message, place_message},
    view,
    view::is_bot,
    when::{self, span},
    Button, ButtonAction, Level, Reply, ServiceError, User,
};
use crate::store::{ChallengeStatus, Claim, Effects, GameRow, JobRow};

/// How long a timeout waits while its game's network cannot be reached.
const NETWORK_RETRY_MS: i64 = 30_000;

impl Scheduler<'_> {
    /// The game a job is for, if it is still active at the job's version.
    async fn job_game(&self, job: &JobRow) -> Result<Option<GameRow>, ServiceError> {
        let Some(id) = job.game_id else {
            return Ok(None);
        };
        Ok(self
            .core
            .store
            .games()
            .game(id)
            .await?
            .filter(|row| row.is_active() && Some(row.version) == job.game_version))
    }

    /// The engine plays its move; the move and its announcement (worded when it is
    /// sent, in the place's language) commit together.
    pub(super) async fn engine_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let mut game = Games::new(self.core).load(&row).await?;
        let Some(side) = game.to_move().filter(|&side| is_bot(&row, side)) else {
            return Ok(false);
        };
        let level: Level = self
            .core
            .store
            .games()
            .engine_level(row.id)
            .await?
            .unwrap_or_default();
        let seed = (row.id.get() as u64) << 16 | row.ply as u64;
        let permit = self.core.engine_slots.slot().await?;
        let thinking = game.clone();
        let engine = Arc::clone(&self.core.engine);
        let pit = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            engine.choose_move(&thinking, level, super::bot::budget(level), seed)
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))?
        .ok_or_else(|| ServiceError::Internal(format!("game #{}: no engine move", row.id)))?;
        let moved = Play::new(self.core)
            .apply_move(Claim::Job(job.id), true, &row, &mut game, side, pit)
            .await?;
        Ok(moved.is_some())
    }

    /// The side to move ran out of time: it loses (rated like any result), or the
    /// game is aborted when a side never moved.
    pub(super) async fn timeout_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        // Its network cannot be reached: the player could not move. The time is given
        // back when it is reachable again; until then the deadline waits.
        let now = self.core.now();
        if Delivery::new(self.core)
            .unreachable_since(row.platform)
            .is_some()
        {
            self.core
                .store
                .jobs()
                .postpone_job(job.id, now + NETWORK_RETRY_MS)
                .await?;
            return Ok(true);
        }
        // A deadline moved later (time given back) waits for itself.
        if let Some(deadline) = row.deadline_at.filter(|&deadline| deadline > now) {
            self.core
                .store
                .jobs()
                .postpone_job(job.id, deadline)
                .await?;
            return Ok(true);
        }
        let mut game = Games::new(self.core).load(&row).await?;
        let Some(side) = game.to_move() else {
            return Ok(false);
        };
        // A tournament game is lost on time even before a first move: a forfeit.
        if row.ply < 2 && row.tournament_id.is_none() {
            return Play::new(self.core)
                .abort_game(
                    lang,
                    Claim::Job(job.id),
                    &row,
                    Aborted::NoFirstMove { side },
                    None,
                )
                .await;
        }
        let outcome = game.lose_on_time(side)?;
        let finished = Play::new(self.core)
            .finish(
                lang,
                Claim::Job(job.id),
                &row,
                &game,
                outcome,
                Finish::posted(Ended::TimedOut { side }),
            )
            .await?;
        Ok(finished.is_some())
    }

    /// A game against the engine that the person left for too long is aborted.
    pub(super) async fn idle_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let why = Aborted::Idle {
            ms: i64::try_from(self.core.config.engine_idle.as_millis()).unwrap_or(i64::MAX),
        };
        Play::new(self.core)
            .abort_game(lang, Claim::Job(job.id), &row, why, None)
            .await
    }

    /// Reminds the player to move, mentioning them in the game's thread.
    pub(super) async fn reminder_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(row) = self.job_game(job).await? else {
            return Ok(false);
        };
        let game = Games::new(self.core).load(&row).await?;
        let (Some(side), Some(deadline)) = (game.to_move(), row.deadline_at) else {
            return Ok(false);
        };
        let now = self.core.now();
        if deadline <= now {
            // Too late to remind (the bot was down): the timeout says what happened.
            return Ok(false);
        }
        let mut reply = Reply::public(crate::tr!(
            lang,
            "jobs-reminder",
            game = view::game_label(lang, &row),
            name = row.name(side),
            span = span(lang, deadline - now),
            until = when::deadline(lang, deadline, now)
        ));
        reply.note_time(lang, deadline, now);
        reply.mentions.push(view::player(&row, side));
        reply.buttons = view::pit_buttons(lang, &row, &game, crate::rules::Side::South);
        reply.until_ply = Some(row.ply);
        let effects = Effects {
            messages: vec![game_message(&row, &reply, None)],
            ..Effects::default()
        };
        Ok(self
            .core
            .store
            .jobs()
            .complete_game_job(Claim::Job(job.id), row.id, row.version, &effects, now)
            .await?)
    }

    /// A challenge nobody answered expires, announced where it was made, with a
    /// button to make it again.
    pub(super) async fn expiry_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(c) = (match job.challenge_id {
            Some(id) => self.core.store.challenges().challenge(id).await?,
            None => None,
        }) else {
            return Ok(false);
        };
        if c.status != ChallengeStatus::Pending {
            return Ok(false);
        }
        let mut reply = Reply::public(crate::tr!(
            lang,
            "jobs-expired",
            challenge = c.id,
            challenger = c.challenger_name,
            opponent = super::view::challenged(lang, &c),
            span = span(lang, c.expires_at - c.created_at)
        ));
        reply.mentions.push(User {
            id: c.challenger_user.clone(),
            name: c.challenger_name.clone(),
            is_bot: false,
        });
        reply.buttons.push(Button {
            action: ButtonAction::Reissue { challenge: c.id },
            label: crate::tr!(lang, "jobs-button-challenge-again"),
            enabled: true,
            row: 0,
        });
        let place = super::Place {
            platform: c.platform,
            space: c.space.clone(),
            channel: c.channel.clone(),
            thread: c.thread.clone(),
        };
        let effects = Effects {
            messages: vec![place_message(&place, &reply)],
            ..Effects::default()
        };
        Ok(self
            .core
            .store
            .challenges()
            .expire_challenge(Claim::Job(job.id), c.id, &effects, self.core.now())
            .await?)
    }
}
