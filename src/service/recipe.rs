//! Messages the outbox keeps as what happened, not as words: a [`Recipe`] is written
//! when it is sent, in the language of whoever reads it (a direct message in its
//! recipient's own, see `Delivery::reader_language`), from the game as it is then.
//! The decision to send one is made with the change it follows (`next_turn.rs`);
//! its words are here.
//!
//! Messages queued with their words already written ([`Stored::Written`]) are still
//! read back as they were stored.

use serde::{Deserialize, Serialize};

use super::{view, view::thread_link, PlaceLink, Reply};
use crate::i18n::Language;
use crate::rules::Pit;
use crate::store::GameRow;

/// What happened, kept until the message about it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "recipe", rename_all = "snake_case")]
pub(super) enum Recipe {
    /// "Your move" to the player whose correspondence turn began when the pit at
    /// board index `pit` was sown, as the game's `ply`-th ply; the turn ends at
    /// `deadline` when it has one. Moot once the game is past `ply`.
    YourTurn {
        /// The pit sown (board index 0–11): its owner's opponent is to move.
        pit: u8,
        /// The game's plies after that move.
        ply: i64,
        /// When the new turn ends (Unix ms), if it does.
        deadline: Option<i64>,
    },
}

/// What an outbox row holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Stored {
    /// A message to write when it is sent.
    Recipe(Recipe),
    /// A message written when it was queued.
    Written(Box<Reply>),
}

impl Recipe {
    /// "Your move" after `pit` was sown as ply `ply` of a game, with the new turn
    /// ending at `deadline`.
    pub(super) fn your_turn(pit: Pit, ply: usize, deadline: Option<i64>) -> Recipe {
        Recipe::YourTurn {
            pit: u8::try_from(pit.index()).unwrap_or(0),
            ply: i64::try_from(ply).unwrap_or(i64::MAX),
            deadline,
        }
    }

    /// The message in `lang` about game `row` (as it is now, at `now`); `None`
    /// when what it names cannot be (a pit that is no pit: the row was not written
    /// by this version).
    pub(super) fn write(self, lang: &Language, row: &GameRow, now: i64) -> Option<Reply> {
        match self {
            Recipe::YourTurn { pit, ply, deadline } => {
                let played = Pit::new(usize::from(pit))?;
                let mut reply = Reply::public(crate::tr!(
                    lang,
                    "notify-your-turn",
                    game = view::game_label(lang, row),
                    opponent = row.name(played.owner()),
                    pit = played.letter().to_string(),
                    until = deadline
                        .map(|at| crate::play::when::deadline(lang, at, now))
                        .unwrap_or_default(),
                    link = where_played(row).text.clone()
                ));
                reply.note_place(where_played(row));
                if let Some(at) = deadline {
                    reply.note_time(lang, at, now);
                }
                reply.until_ply = Some(ply);
                Some(reply)
            }
        }
    }
}

/// Where game `row` is played, for the adapter to link: its thread, else its
/// channel or room.
fn where_played(row: &GameRow) -> PlaceLink {
    thread_link(row).unwrap_or_else(|| PlaceLink::new(&row.channel, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recipe_and_a_written_message_are_told_apart_when_read_back() {
        let recipe = Recipe::your_turn(Pit::new(8).unwrap(), 3, Some(5));
        let stored = serde_json::to_string(&Stored::Recipe(recipe)).unwrap();
        assert!(stored.contains(r#""recipe":"your_turn""#), "{stored}");
        match serde_json::from_str::<Stored>(&stored).unwrap() {
            Stored::Recipe(back) => assert_eq!(back, recipe),
            Stored::Written(reply) => panic!("read back as words: {reply:?}"),
        }
        // A message stored with its words, as every message was before recipes.
        let written = serde_json::to_string(&Reply::public("Your move")).unwrap();
        match serde_json::from_str::<Stored>(&written).unwrap() {
            Stored::Written(reply) => assert_eq!(reply.text, "Your move"),
            Stored::Recipe(recipe) => panic!("read back as a recipe: {recipe:?}"),
        }
    }
}
