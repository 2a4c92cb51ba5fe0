//! A game's board on demand (`/oware board`, now or after any move) and the pits a
//! player may sow now (the buttons under a board).

use super::{view, Action, Command, GameRef, Place, Reply, ServiceError, User};
use crate::service::cases::Games;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::{
    play::clock::TimeControl,
    rules::{Pit, Side},
    store::GameRow,
};

impl Play<'_> {
    /// The pits (canonical letters) `author` may sow from now in the game a `move`
    /// at `place` would mean; empty when it is not their turn or there is no such game.
    pub async fn move_choices(&self, place: Place, author: User) -> Vec<char> {
        let cmd = Command::new(place, author, Action::Games);
        // A refusal here is only logged: in English.
        let lang = &crate::i18n::Language::english();
        let found = match Games::new(self.core).my_active_game(lang, &cmd, None).await {
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

    pub(super) async fn board(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
        after: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let row = Games::new(self.core)
            .find_game(lang, cmd, game, true)
            .await?;
        if let Some(after) = after.map(i64::from).filter(|&after| after != row.ply) {
            return self.board_after(lang, cmd, &row, after).await;
        }
        let game = Games::new(self.core).load(&row).await?;
        let side = view::side_of(&row, &cmd.author.id);
        // North with `board:my-side` sees their own row at the bottom, privately (in
        // their own language): the room keeps the one view everyone shares.
        let seat = Preferences::new(self.core).own_seat(cmd, side).await?;
        let own;
        let lang = if seat == Side::South {
            lang
        } else {
            own = Preferences::new(self.core).language_of(cmd).await;
            &own
        };
        // Moves are counted from 1, the same everywhere: after 2 moves, move 3 is next.
        let headline = crate::tr!(
            lang,
            "games-board",
            game = view::game_label(lang, &row),
            variant = row.variant,
            rated = view::rated_word(lang, view::counts_as_rated(&row)),
            moves = view::moves_played(lang, row.ply, row.is_active())
        );
        let advice = self.advice_summary(lang, &row, &game).await?;
        let now = self.core.now();
        let mut reply = view::board_reply(lang, &row, &game, headline, now, seat);
        if side.is_none() {
            // Only a player's own command pings the other player.
            reply.mentions.clear();
        }
        if seat != Side::South {
            reply.private = true;
            reply.mentions.clear();
        }
        Ok(Pictures::new(self.core)
            .with_board(lang, reply, &row, &game, advice.as_deref(), seat)
            .await)
    }

    /// `/oware board #12 move:20`: the position after move `after` (0: the start) of
    /// the game stored as `row`, which has moved on since; no buttons and no clocks,
    /// which belong to the position now.
    async fn board_after(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        row: &GameRow,
        after: i64,
    ) -> Result<Reply, ServiceError> {
        if after > row.ply {
            return Err(ServiceError::NoSuchMove {
                game: row.id,
                moves: row.ply,
            });
        }
        let game = Games::new(self.core).load_at(row, after).await?;
        let position = game.position();
        let seat = Preferences::new(self.core)
            .own_seat(cmd, view::side_of(row, &cmd.author.id))
            .await?;
        // Seen from North's seat, it is theirs alone: in their own language.
        let own;
        let lang = if seat == Side::South {
            lang
        } else {
            own = Preferences::new(self.core).language_of(cmd).await;
            &own
        };
        let turn = game
            .to_move()
            .map(|side| crate::tr!(lang, "games-board-after-turn", name = row.name(side)))
            .unwrap_or_default();
        let mut text = if after == 0 {
            crate::tr!(
                lang,
                "games-board-after-start",
                game = row.id,
                moves = row.ply,
                turn = turn
            )
        } else {
            crate::tr!(
                lang, "games-board-after",
                game = row.id,
                move = after,
                moves = row.ply,
                score = view::score_line(row, position.scores()),
                turn = turn
            )
        };
        text.push(' ');
        text.push_str(&crate::tr!(lang, "games-board-after-now", game = row.id));
        let mut reply = Reply::public(text);
        reply.private = seat != Side::South;
        reply.board_text = Some(super::view::text_board(lang, position, true, seat));
        view::about(&mut reply, row);
        let note = crate::tr!(lang, "games-board-after-note", move = after);
        // The clocks belong to the position now, not to this one: none are drawn.
        let row = GameRow {
            time_control: TimeControl::None,
            ..row.clone()
        };
        let (now, lang) = (self.core.now(), lang.clone());
        reply.files = Pictures::new(self.core)
            .heavy(move || view::board_files(&lang, &row, &game, Some(&note), now, seat))
            .await?;
        Ok(reply)
    }
}
