//! Playing a game: a move (with every refusal explained), the pits one may sow, and
//! the board. Which game a command means, and a stored game replayed, are in
//! `games/stored.rs`.

mod stored;

pub use stored::end_as_stored;
pub(super) use stored::game_end;

use super::{
    apply::Moved, next_turn::is_bot, view, Action, Command, GameRef, Place, Reply, Service,
    ServiceError, User,
};
use crate::{
    rules::{Pit, Side},
    store::GameRow,
};

impl Service {
    pub(super) async fn play_move(
        &self,
        cmd: &Command,
        pit: &str,
        game: GameRef,
        ply: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (row, mut game, side) = self.my_active_game(cmd, game).await?;
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
                name: view::name(&row, to_move).to_owned(),
                side: to_move,
            });
        }
        let typed = pit;
        let pit = Pit::parse_for(side, pit)?;
        let now = self.now();
        // A move read late (a stalled sync) counts when it was sent, within its turn.
        let at = cmd.counts_at(row.turn_started_at, now);
        if row.deadline_at.is_some_and(|deadline| at >= deadline) {
            return Err(self.too_late(&row).await);
        }
        let Some(Moved { shown, mut reply }) = self
            .apply_move(cmd.claim(), &row, &mut game, side, pit, false)
            .await?
        else {
            return Err(self.explain_race(cmd, &row).await);
        };
        // The move is stored: from here on nothing may fail the command.
        if let Some(note) = self.other_case_note(&row, side, typed).await {
            reply.text.push('\n');
            reply.text.push_str(&note);
        }
        if let Some(next) = game.to_move().filter(|&next| is_bot(&row, next)) {
            reply.text.push('\n');
            reply
                .text
                .push_str(&self.engine_thinking(view::name(&row, next)));
        }
        let advice = self
            .advice_summary(&row, &game)
            .await
            .unwrap_or_else(|err| {
                tracing::error!(game = row.id, error = %err, "could not tally the advice");
                None
            });
        Ok(view::with_board(reply, &shown, &game, advice.as_deref(), now, Side::South).await)
    }

    /// Once per game, when North types a capital (South's letters) and the bot plays
    /// North's own pit, it says so.
    async fn other_case_note(&self, row: &GameRow, side: Side, typed: &str) -> Option<String> {
        let letter = typed.trim().chars().next()?;
        if side != Side::North || !letter.is_ascii_uppercase() {
            return None;
        }
        match self.store.note_once(row.id, "north-typed-capital").await {
            Ok(true) => Some(crate::tr!(
                "games-north-capital",
                letter = letter,
                lower = letter.to_ascii_lowercase()
            )),
            Ok(false) => None,
            Err(err) => {
                tracing::error!(game = row.id, error = %err, "could not record a note");
                None
            }
        }
    }

    /// A move made after the mover's deadline: the time-out job has not run yet, so
    /// run its work now and say what happened.
    async fn too_late(&self, row: &GameRow) -> ServiceError {
        let side = if row.ply % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        self.wake();
        ServiceError::TooLate {
            game: row.id,
            name: view::name(row, side).to_owned(),
        }
    }

    /// Why a guarded write found the game changed: usually the turn has passed (a
    /// double-clicked button), else a generic "changed meanwhile".
    async fn explain_race(&self, cmd: &Command, row: &GameRow) -> ServiceError {
        let fresh = match self.store.game(row.id).await {
            Ok(Some(fresh)) => fresh,
            Ok(None) => return ServiceError::NoSuchGame(row.id),
            Err(e) => return e.into(),
        };
        let Ok(game) = self.load(&fresh).await else {
            return ServiceError::Raced(row.id);
        };
        if !fresh.is_active() || game.is_over() {
            return ServiceError::GameOver {
                game: row.id,
                summary: view::summary(&fresh, &game),
            };
        }
        let to_move = game.position().to_move();
        if view::side_of(&fresh, &cmd.author.id) != Some(to_move) {
            return ServiceError::NotYourTurn {
                game: row.id,
                name: view::name(&fresh, to_move).to_owned(),
                side: to_move,
            };
        }
        ServiceError::Raced(row.id)
    }

    /// The pits (canonical letters) `author` may sow from now in the game a `move`
    /// at `place` would mean; empty when it is not their turn or there is no such game.
    pub async fn move_choices(&self, place: Place, author: User) -> Vec<char> {
        let cmd = Command::new(place, author, Action::Games);
        let found = match self.my_active_game(&cmd, None).await {
            Ok(found) => found,
            Err(err) => {
                if err.is_internal() {
                    tracing::error!(error = %err, "could not list move choices");
                }
                return Vec::new();
            }
        };
        let (_, game, side) = found;
        if game.to_move() != Some(side) {
            return Vec::new();
        }
        game.legal_moves().into_iter().map(Pit::letter).collect()
    }

    pub(super) async fn board(&self, cmd: &Command, game: GameRef) -> Result<Reply, ServiceError> {
        let row = self.find_game(cmd, game, true).await?;
        let game = self.load(&row).await?;
        // Moves are counted from 1, the same everywhere: after 2 moves, move 3 is next.
        let headline = crate::tr!(
            "games-board",
            game = view::game_label(&row),
            variant = row.variant,
            rated = view::rated_word(row.rated),
            moves = view::moves_played(row.ply, row.is_active())
        );
        let advice = self.advice_summary(&row, &game).await?;
        let now = self.now();
        let side = view::side_of(&row, &cmd.author.id);
        // North with `board:my-side` sees their own row at the bottom, privately: the
        // room keeps the one view everyone shares.
        let seat = self.own_seat(cmd, side).await?;
        let mut reply = view::board_reply(&row, &game, headline, now, seat);
        if side.is_none() {
            // Only a player's own command pings the other player.
            reply.mentions.clear();
        }
        if seat != Side::South {
            reply.private = true;
            reply.mentions.clear();
        }
        Ok(view::with_board(reply, &row, &game, advice.as_deref(), now, seat).await)
    }
}
