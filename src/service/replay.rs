//! `/oware replay <id>`: a game, finished or running, as an animated GIF and as a
//! text record (tags and numbered moves) that other tools can read back.

use super::{view, when, Attachment, Command, Reply, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Records;
use crate::{
    render,
    rules::{Game, GameRecord},
    store::GameRow,
};

impl Records<'_> {
    /// Game `id` if it is finished and the author (or an account linked to theirs)
    /// played in it.
    pub(super) async fn own_finished_game(
        &self,
        cmd: &Command,
        id: crate::store::GameId,
    ) -> Result<Option<crate::store::GameRow>, ServiceError> {
        let platform = cmd.place.platform;
        let Some(identity) = self
            .core
            .store
            .people()
            .identity_of(platform, &cmd.author.id)
            .await?
        else {
            return Ok(None);
        };
        Ok(self.core.store.games().game(id).await?.filter(|row| {
            !row.is_active() && (row.south.identity == identity || row.north.identity == identity)
        }))
    }

    pub(super) async fn replay(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
    ) -> Result<Reply, ServiceError> {
        // A game here, or a finished game of the asker's own from anywhere.
        let row = match Games::new(self.core)
            .find_game(lang, cmd, Some(id), true)
            .await
        {
            Ok(row) => row,
            Err(ServiceError::NoSuchGame(_)) => self
                .own_finished_game(cmd, id)
                .await?
                .ok_or(ServiceError::NoSuchGame(id))?,
            Err(err) => return Err(err),
        };
        let game = Games::new(self.core).load(&row).await?;
        let names = [row.south.name.as_str(), row.north.name.as_str()];
        let record = record_of(&row, &game)?;
        let plies = game.plies().len();
        let state = if game.is_over() {
            view::summary(lang, &row, &game)
        } else {
            crate::tr!(lang, "view-summary-playing")
        };
        let mut reply = Reply::public(crate::tr!(
            lang,
            "replay-text",
            game = view::game_label(lang, &row),
            variant = row.variant,
            rated = view::rated_word(lang, view::counts_as_rated(&row)),
            plies = plies,
            state = state,
        ));
        // A long game's animation shows its last moves only: say so.
        if let Some(note) = gif_note(lang, plies) {
            reply.text.push(' ');
            reply.text.push_str(&note);
        }
        let gif = {
            let (game, names) = (game.clone(), [names[0].to_owned(), names[1].to_owned()]);
            let lang = lang.clone();
            Pictures::new(self.core)
                .heavy(move || render::replay_gif(&lang, &game, [&names[0], &names[1]]))
                .await?
        };
        reply.files = vec![
            Attachment {
                file_name: format!("oware-{id}.gif"),
                mime: "image/gif",
                bytes: gif,
                description: crate::tr!(
                    lang,
                    "replay-gif",
                    game = id,
                    south = row.south.name,
                    north = row.north.name,
                    plies = plies
                ),
            },
            Attachment {
                file_name: format!("oware-{id}.txt"),
                mime: "text/plain",
                bytes: record.to_text().into_bytes(),
                description: crate::tr!(lang, "replay-record", game = id),
            },
        ];
        view::about(&mut reply, &row);
        Links::new(self.core)
            .link_page(lang, &mut reply, &row)
            .await;
        Ok(reply)
    }
}

/// What the reply says of a game of `plies` moves whose animation shows only the
/// last [`render::REPLAY_MOVES`], if it is that long.
fn gif_note(lang: &crate::i18n::Language, plies: usize) -> Option<String> {
    let shown = render::REPLAY_MOVES;
    (plies > shown).then(|| {
        crate::tr!(
            lang,
            "replay-gif-last",
            shown = shown,
            plies = plies,
            first = plies - shown + 1
        )
    })
}

/// The game record (tags and numbered moves) of game `game`, stored as `row`.
///
/// # Errors
/// An internal error when the game cannot be written as a record.
pub(super) fn record_of(row: &GameRow, game: &Game) -> Result<GameRecord, ServiceError> {
    let (y, m, d) = when::date(row.created_at);
    GameRecord::from_game(
        game,
        [
            ("Event", format!("Oware game #{}", row.id)),
            ("Site", row.platform.to_string()),
            ("Date", format!("{y:04}.{m:02}.{d:02}")),
            ("South", row.south.name.clone()),
            ("North", row.north.name.clone()),
        ],
    )
    .map_err(|e| ServiceError::Internal(format!("game #{}: {e}", row.id)))
}

#[cfg(test)]
mod tests {
    use super::gif_note;
    use crate::render::REPLAY_MOVES;

    #[test]
    fn a_reply_says_when_the_animation_shows_only_the_last_moves() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(gif_note(lang, REPLAY_MOVES), None);
        let note = gif_note(lang, REPLAY_MOVES + 20).expect("a note");
        assert!(
            note.contains("the last 300 of the 320 moves, from move 21 on"),
            "{note}"
        );
    }
}
