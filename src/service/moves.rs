//! A move, one path from the command to the stored move: the game it names, the
//! turn and the deadline checked, the rules applied (every refusal explained), and
//! the move stored with everything that follows (`Play::apply_move`, the one path of
//! a player's command and of the engine's job): the next turn's clocks and jobs,
//! and the game's end, its ratings and its page's link when it ends.

use super::{
    ending::Counted,
    games::game_end,
    recipe::Recipe,
    view,
    view::{is_bot, moved_words},
    Command, GameRef, Reply, ServiceError,
};
use crate::service::cases::Games;
use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::{
    rules::{Game, Pit, Ply, Side, Typed},
    store::{Claim, ClockColumns, GameRow, MoveRecord, RatingChange},
};

/// A move stored by `Play::apply_move`: what it did, for `view::moved_words` to
/// tell.
pub(super) struct Moved {
    /// The move.
    pub ply: Ply,
    /// The clocks of the turn the move began (`None`: the game has none, or it is
    /// over).
    pub clock: Option<ClockColumns>,
    /// What the game, if the move ended it, did to the ratings.
    pub ratings: Option<[RatingChange; 2]>,
}

/// The record of a move by `side` in the game stored as `row`.
fn move_record(row: &GameRow, side: Side, ply: &Ply) -> MoveRecord {
    MoveRecord {
        ply: row.ply + 1,
        player_id: row.seat(side).id,
        pit: ply.effect.pit.letter(),
        clock: None,
        sown: ply.effect.sown,
        captured: ply.effect.captured,
        captured_pits: ply.effect.captured_pits.letters(),
        grand_slam: ply.effect.grand_slam,
        board_after: ply.after.board(),
        scores: ply.after.scores(),
    }
}

impl Play<'_> {
    pub(super) async fn play_move(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        pit: Typed,
        game: GameRef,
        ply: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = Games::new(self.core)
            .my_active_game(lang, cmd, game)
            .await?;
        if let Some(shown) = ply {
            if i64::from(shown) != row.ply {
                return Err(ServiceError::StaleBoard {
                    shown,
                    now: row.ply,
                });
            }
        }
        let to_move = game.position().to_move();
        if side != to_move {
            return Err(ServiceError::NotYourTurn {
                game: row.id,
                name: row.name(to_move).to_owned(),
                side: to_move,
            });
        }
        let typed = pit;
        let pit = typed.pit_for(side);
        let now = self.core.now();
        // A move read late (a stalled sync) counts when it was sent, within its turn.
        let at = cmd.counts_at(row.turn_started_at, now);
        if row.deadline_at.is_some_and(|deadline| at >= deadline) {
            return Err(self.too_late(&row).await);
        }
        let Some(moved) = self
            .apply_move(cmd.claim(), cmd.announce, &row, &mut game, side, pit)
            .await?
        else {
            return Err(self.explain_race(lang, cmd, &row).await);
        };
        // The move is stored: from here on nothing may fail the command.
        let now = self.core.now();
        let mut reply = moved_words(
            lang,
            &row,
            (&game, &moved.ply),
            moved.clock.as_ref(),
            moved.ratings,
            now,
        );
        if cmd.announce {
            // Announced with the write; nobody reads this answer's board.
            return Ok(reply);
        }
        if game.is_over() {
            // The final board links the game's page, as every other ending's does.
            Links::new(self.core)
                .link_page(lang, &mut reply, &row)
                .await;
        }
        let shown = view::with_clock(&row, moved.clock.as_ref());
        if let Some(note) = self.other_case_note(lang, &row, side, typed).await {
            reply.text.push('\n');
            reply.text.push_str(&note);
        }
        if let Some(next) = game.to_move().filter(|&next| is_bot(&row, next)) {
            reply.text.push('\n');
            reply
                .text
                .push_str(&self.engine_thinking(lang, row.name(next)));
        }
        let advice = self
            .advice_summary(lang, &row, &game)
            .await
            .unwrap_or_else(|err| {
                tracing::error!(game = %row.id, error = %err, "could not tally the advice");
                None
            });
        Ok(Pictures::new(self.core)
            .with_board(lang, reply, &shown, &game, advice.as_deref(), Side::South)
            .await)
    }

    /// Once per game, when North types a capital (South's letters) and the bot plays
    /// North's own pit, it says so.
    async fn other_case_note(
        &self,
        lang: &crate::i18n::Language,
        row: &GameRow,
        side: Side,
        typed: Typed,
    ) -> Option<String> {
        let letter = typed.letter();
        if side != Side::North || !typed.is_capital() {
            return None;
        }
        match self
            .core
            .store
            .games()
            .note_once(row.id, "north-typed-capital")
            .await
        {
            Ok(true) => Some(crate::tr!(
                lang,
                "games-north-capital",
                letter = letter,
                lower = letter.to_ascii_lowercase()
            )),
            Ok(false) => None,
            Err(err) => {
                tracing::error!(game = %row.id, error = %err, "could not record a note");
                None
            }
        }
    }

    /// A move made after the mover's deadline: the time-out job has not run yet, so
    /// run its work now and say what happened.
    async fn too_late(&self, row: &GameRow) -> ServiceError {
        let side = view::side_to_move(row);
        self.core.wake();
        ServiceError::TooLate {
            game: row.id,
            name: row.name(side).to_owned(),
        }
    }

    /// Why a guarded write found the game changed: usually the turn has passed (a
    /// double-clicked button), else a generic "changed meanwhile".
    async fn explain_race(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
    ) -> ServiceError {
        let fresh = match self.core.store.games().game(row.id).await {
            Ok(Some(fresh)) => fresh,
            Ok(None) => return ServiceError::NoSuchGame(row.id),
            Err(e) => return e.into(),
        };
        let Ok(game) = Games::new(self.core).load(&fresh).await else {
            return ServiceError::Raced(row.id);
        };
        if !fresh.is_active() || game.is_over() {
            return ServiceError::GameOver {
                game: row.id,
                summary: view::summary(lang, &fresh, &game),
            };
        }
        let to_move = game.position().to_move();
        if view::side_of(&fresh, &cmd.author.id) != Some(to_move) {
            return ServiceError::NotYourTurn {
                game: row.id,
                name: fresh.name(to_move).to_owned(),
                side: to_move,
            };
        }
        ServiceError::Raced(row.id)
    }

    /// Plays `pit` for `side` in `game` (stored as `row`; `game` is left after the
    /// move) and stores it with everything that follows, claiming `claim`: the next
    /// turn's clocks and jobs, the game's end and ratings when it ends, and, for a
    /// job (the engine's move) or when `announce` (a web page's), the move's
    /// announcement in the game's place (kept as `Recipe::Moved`).
    ///
    /// Returns `None`, changing nothing, when the game moved on meanwhile.
    ///
    /// # Errors
    /// [`ServiceError::Illegal`] for a move the rules refuse; database failures,
    /// [`crate::store::StoreError::Replayed`] when `claim` was claimed before.
    pub(super) async fn apply_move(
        &self,
        claim: Claim<'_>,
        announce: bool,
        row: &GameRow,
        game: &mut Game,
        side: Side,
        pit: Pit,
    ) -> Result<Option<Moved>, ServiceError> {
        // A job's move (the engine's) is announced in the game's place, and so is a
        // command's that no adapter answers (a web page's); a chat command's is its
        // answer.
        let post = announce || matches!(claim, Claim::Job(_));
        let ply = *game.play(pit)?;
        let now = self.core.now();
        let mut record = move_record(row, side, &ply);
        let end = game.outcome().map(game_end);
        // Only a move that ends the game has something to rate.
        let counted = game.is_over().then(|| Counted::of(row, game));
        let mut effects = self.move_effects(row, game, side, now).await?;
        record.clock = effects.clock.take();
        if post {
            effects
                .messages
                .push(Recipe::moved(row, record.ply, record.clock));
        }
        let Some(applied) = self
            .core
            .store
            .games()
            .record_move(
                claim,
                row.id,
                row.version,
                &record,
                end.as_ref(),
                counted.is_some_and(Counted::rated),
                effects,
                now,
            )
            .await?
        else {
            return Ok(None);
        };
        self.core.wake();
        self.core.game_changed(row.id);
        Ok(Some(Moved {
            ply,
            clock: record.clock,
            ratings: applied.ratings,
        }))
    }
}
