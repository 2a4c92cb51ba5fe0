//! What follows a change to a game: the clocks of the new turn and the jobs it calls
//! for (the engine's move, the deadline, reminders, the engine game's idle abort).
//! The effects are written in the change's own transaction.
//!
//! Among them, "your turn" direct messages (`/oware settings me notify:dm`): when a
//! move leaves a correspondence game waiting for a player who asked for them, a
//! direct message tells them, with the move played, the deadline and where the game
//! is. It is queued with the move (an outbox message to the person, not the
//! channel, kept as a recipe and written in their language when it is sent:
//! `recipe.rs`) and dropped unsent if they moved before it went out. Live games
//! send none: their players are at the board.

use super::{
    clock::{Clocks, TimeControl},
    recipe::{Recipe, Stored},
    view,
    view::is_bot,
    ServiceError,
};
use crate::service::cases::Play;
use crate::service::cases::Records;
use crate::{
    rules::{Game, Side},
    store::{Body, ClockColumns, Effects, GameRow, JobKind, NewJob, NewMessage, Notify},
};

/// What decides a game's jobs: its time control, whether reminders are on, and which
/// sides the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seats {
    /// The time control.
    pub tc: TimeControl,
    /// Whether the player to move is reminded.
    pub reminders: bool,
    /// Whether a bot plays `[South, North]`.
    pub bots: [bool; 2],
    /// When each side's player comes back from vacation, `[South, North]`: a
    /// correspondence turn of theirs that begins sooner begins then.
    pub away_until: [Option<i64>; 2],
}

impl Seats {
    /// The seats of a stored game.
    pub(super) fn of(row: &GameRow) -> Seats {
        Seats {
            tc: row.time_control,
            reminders: row.reminders,
            bots: [row.south.bot, row.north.bot],
            away_until: [row.south.away_until, row.north.away_until],
        }
    }
}

impl Play<'_> {
    /// The effects of a change that leaves a game in the position of `game` at `now`:
    /// `moved` is the side that just moved (its turn began at `before`), or `None`
    /// when the game just began. A finished game gets no jobs.
    pub(super) fn turn_effects(
        &self,
        seats: Seats,
        before: Clocks,
        game: &Game,
        moved: Option<Side>,
        now: i64,
    ) -> Effects {
        let clocks = match moved {
            Some(side) => seats.tc.after_move(before, side, now),
            None => seats.tc.start(now),
        };
        self.effects_of_turn(seats, clocks, game, now)
    }

    /// The effects of a turn of `game` that begins at `now` with `clocks` (a move
    /// taken back: the time left stands, and the turn starts again).
    pub(super) fn resumed_turn_effects(&self, row: &GameRow, game: &Game, now: i64) -> Effects {
        let clocks = Clocks {
            left_ms: row.clocks().left_ms,
            turn_started_at: now,
        };
        self.effects_of_turn(Seats::of(row), clocks, game, now)
    }

    /// The jobs and clock columns of the turn of `game` that starts with `clocks`
    /// (later, when the player to move is on vacation in a game at correspondence
    /// speed: at their return).
    fn effects_of_turn(&self, seats: Seats, mut clocks: Clocks, game: &Game, now: i64) -> Effects {
        let tc = seats.tc;
        let Some(to_move) = game.to_move() else {
            return Effects::none();
        };
        if let (true, Some(back)) = (tc.waits_for_vacations(), seats.away_until[to_move.index()]) {
            clocks.turn_started_at = clocks.turn_started_at.max(back);
        }
        let deadline = tc.deadline(clocks, to_move);
        let mut jobs = Vec::new();
        let job = |kind, due_at| NewJob {
            kind,
            game_id: None,
            challenge_id: None,
            due_at,
            request: None,
        };
        if seats.bots[to_move.index()] {
            jobs.push(job(JobKind::EngineMove, now));
        } else {
            if let Some(deadline) = deadline {
                jobs.push(job(JobKind::Timeout, deadline));
            }
            if seats.reminders {
                jobs.extend(
                    tc.reminders(clocks)
                        .into_iter()
                        .map(|at| job(JobKind::Reminder, at)),
                );
            }
            if seats.bots.contains(&true) {
                let idle =
                    i64::try_from(self.core.config.engine_idle.as_millis()).unwrap_or(i64::MAX);
                jobs.push(job(JobKind::IdleAbort, now.saturating_add(idle)));
            }
        }
        Effects {
            jobs,
            messages: Vec::new(),
            clock: Some(ClockColumns {
                left_ms: clocks.left_ms,
                turn_started_at: clocks.turn_started_at,
                deadline_at: deadline,
            }),
            audit: None,
        }
    }

    /// The effects of a move by `mover` in the game stored as `row`, now `game`.
    ///
    /// # Errors
    /// Database failures (reading the settings when the move ends the game).
    pub(super) async fn move_effects(
        &self,
        row: &GameRow,
        game: &Game,
        mover: Side,
        now: i64,
    ) -> Result<Effects, ServiceError> {
        let mut effects = self.turn_effects(Seats::of(row), row.clocks(), game, Some(mover), now);
        if game.is_over() {
            effects.jobs.extend(self.ending_jobs(row, now).await?);
        } else {
            let deadline = effects.clock.and_then(|clock| clock.deadline_at);
            effects.messages.extend(your_turn(row, game, deadline));
        }
        Ok(effects)
    }

    /// The jobs that follow the end of the game stored as `row` at `now`: its review
    /// when onlookers advised, and its thread's archiving.
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn ending_jobs(
        &self,
        row: &GameRow,
        now: i64,
    ) -> Result<Vec<NewJob>, ServiceError> {
        let mut jobs: Vec<NewJob> = super::analysis::judging_job(row, now).into_iter().collect();
        jobs.extend(Records::new(self.core).archive_job(row, now).await?);
        Ok(jobs)
    }
}

/// Whether `side`'s player in `row` asked for "your turn" direct messages.
fn wants_dm(row: &GameRow, side: Side) -> bool {
    row.seat(side).notify == Notify::Dm
}

/// The direct message for the player to move in `game` (the game stored as `row`,
/// now after a move whose new turn ends at `deadline`), when they asked for one:
/// kept as a [`Recipe`], written when it is sent, in their language.
pub(super) fn your_turn(row: &GameRow, game: &Game, deadline: Option<i64>) -> Option<NewMessage> {
    if !matches!(row.time_control, TimeControl::Correspondence { .. }) {
        return None;
    }
    let side = game.to_move()?;
    if is_bot(row, side) || !wants_dm(row, side) {
        return None;
    }
    let played = game.plies().last()?.effect.pit;
    let recipe = Recipe::your_turn(played, game.plies().len(), deadline);
    let player = view::player(row, side);
    Some(NewMessage {
        platform: row.platform,
        space: None,
        channel: player.id.clone(),
        thread: None,
        game_id: Some(row.id),
        body: Body::of(&Stored::Recipe(recipe)),
        board_ply: None,
        attach: None,
        edits: None,
        recipient: Some(player.id),
    })
}
