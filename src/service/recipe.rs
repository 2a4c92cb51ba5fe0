//! Messages the outbox keeps as what happened, not as words: a [`Recipe`] is written
//! when it is sent, in the language of whoever reads it (a direct message in its
//! recipient's own, see `Delivery::reader_language`), from the game (or challenge)
//! as it is then. The decision to send one is made with the change it follows
//! (`next_turn.rs`, the starts in `challenges.rs`); its words are here, or with the
//! use case's own (a challenge's, `challenges/told.rs`).
//!
//! Messages queued with their words already written ([`Stored::Written`]) are still
//! read back as they were stored.

use serde::{Deserialize, Serialize};

use super::{ended::Ended, view, view::thread_link, Place, PlaceLink, Reply};
use crate::i18n::Language;
use crate::play::level::Level;
use crate::rules::{Game, Pit, Side};
use crate::store::{Body, ClockColumns, GameRow, NewMessage};

/// What happened, kept until the message about it is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A game began as [`Began`] tells: its first board (a page's command, whose
    /// answer nobody in the chat saw).
    Began(Began),
    /// The message's challenge was made (from a page: a rematch); moot once it is
    /// answered or gone.
    Challenged,
    /// A move posted in its game's place (the engine's, or a page's, whose answer
    /// nobody in the chat saw): the game's `ply`-th ply, shown with the clocks its
    /// move started (`clock`); when it ended the game, the result and what the game
    /// did to the ratings, read when it is sent.
    Moved {
        /// The game's plies after the move.
        ply: i64,
        /// The clocks of the turn the move began (`None`: the game has none, or it
        /// is over).
        clock: Option<ClockColumns>,
    },
    /// A game ended without a move as [`Ended`] tells, posted in its place (a job's
    /// end, a moderator's, a page's): the final board, its players mentioned, and
    /// what the game did to the ratings, read when it is sent.
    Ended(Ended),
}

/// How a game began, which the headline over its first board tells: decided with
/// the game, written in the reader's language (at once for the chat's answer; when
/// it is sent for an announcement kept in the outbox, see [`Recipe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub(super) enum Began {
    /// A challenge was taken. Its challenger plays South when `challenger_south`; the
    /// game gets a thread of its own when `thread`.
    Accepted {
        /// Whether the challenger plays South.
        challenger_south: bool,
        /// Whether the announcement opens the game's thread.
        thread: bool,
    },
    /// A game against the engine at `level`.
    Engine {
        /// The engine's strength.
        level: Level,
    },
}

impl Began {
    /// The headline over game `row`'s first board; `busy` says that the engine,
    /// when it moves first, waits for a free search slot.
    fn headline(self, lang: &Language, row: &GameRow, busy: bool) -> String {
        match self {
            Began::Accepted {
                challenger_south, ..
            } => {
                let challenger = if challenger_south {
                    Side::South
                } else {
                    Side::North
                };
                crate::tr!(
                    lang,
                    "challenge-accepted",
                    opponent = row.name(challenger.opponent()),
                    challenger = row.name(challenger),
                    game = row.id,
                    variant = row.variant,
                    rated = view::rated_word(lang, row.rated),
                    time = row.time_control.describe(lang),
                    south = row.south.name,
                    north = row.north.name,
                )
            }
            Began::Engine { level } => {
                let mut headline = crate::tr!(
                    lang,
                    "bot-game-begins",
                    game = row.id,
                    level = view::level_words(lang, level),
                    variant = row.variant.as_str(),
                    name = row.south.name,
                );
                if row.south.bot {
                    let bot = &row.south.name;
                    headline.push(' ');
                    headline.push_str(&if busy {
                        crate::tr!(lang, "bot-busy", bot = bot)
                    } else {
                        crate::tr!(lang, "bot-thinking", bot = bot)
                    });
                }
                headline
            }
        }
    }

    /// The words of game `row`'s first board (its picture and its page's link are
    /// added by whoever sends it), in `lang`, at `now`.
    pub(super) fn first_words(self, lang: &Language, row: &GameRow, now: i64, busy: bool) -> Reply {
        let game = Game::new(row.variant);
        let headline = self.headline(lang, row, busy);
        let mut reply = view::board_reply(lang, row, &game, headline, now, Side::South);
        if let Began::Accepted {
            challenger_south,
            thread: true,
        } = self
        {
            let challenger = if challenger_south {
                Side::South
            } else {
                Side::North
            };
            reply.open_thread = Some(crate::tr!(
                lang,
                "challenge-thread",
                challenger = row.name(challenger),
                opponent = row.name(challenger.opponent())
            ));
        }
        reply
    }

    /// The announcement at `place` of the game this began, written with the game
    /// (in its transaction: the store makes it the new game's) and worded when it
    /// is sent.
    pub(super) fn announcement(self, place: &Place) -> NewMessage {
        NewMessage {
            // In the game's place, with its thread once it has one.
            thread: None,
            board_ply: Some(0),
            ..Recipe::Began(self).message_at(place)
        }
    }
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
    pub(super) fn write(&self, lang: &Language, row: &GameRow, now: i64) -> Option<Reply> {
        match self {
            // Worded from its challenge, not a game (see `Delivery::outgoing`).
            Recipe::Challenged => None,
            &Recipe::YourTurn { pit, ply, deadline } => {
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
            &Recipe::Began(began) => Some(began.first_words(lang, row, now, false)),
            // Worded from the game as it was after its move (`view::moved_words`), or
            // with its ratings (`Ended::final_board`).
            Recipe::Moved { .. } | Recipe::Ended(_) => None,
        }
    }

    /// The message at `place` keeping this recipe, about the game or challenge of
    /// the write it is queued with.
    pub(super) fn message_at(self, place: &Place) -> NewMessage {
        NewMessage::to(
            place.platform,
            place.parts(),
            Body::of(&Stored::Recipe(self)),
        )
    }

    /// Whether the message links to its game's page (when the bot links to pages).
    pub(super) fn links_page(&self) -> bool {
        match self {
            Recipe::Began(_) | Recipe::Ended(_) => true,
            // A move links it when it ended the game.
            Recipe::Moved { .. } | Recipe::YourTurn { .. } | Recipe::Challenged => false,
        }
    }

    /// The announcement of the move game `row` has just stored as its `ply`-th
    /// (`row` is the game before it), whose turn began with `clock`: in the game's
    /// place, with the board after it.
    pub(super) fn moved(row: &GameRow, ply: i64, clock: Option<ClockColumns>) -> NewMessage {
        Recipe::Moved { ply, clock }.about(row, ply)
    }

    /// The announcement of game `row`'s end without a move, as `how` tells: in
    /// the game's place, with its final board.
    pub(super) fn ended(row: &GameRow, how: Ended) -> NewMessage {
        Recipe::Ended(how).about(row, row.ply)
    }

    /// This recipe's message about game `row`, in its place (the sender finds its
    /// thread), showing its board after `board_ply` plies.
    fn about(self, row: &GameRow, board_ply: i64) -> NewMessage {
        NewMessage {
            game_id: Some(row.id),
            board_ply: Some(board_ply),
            ..NewMessage::to(
                row.platform,
                (row.space.clone(), row.channel.clone(), None),
                Body::of(&Stored::Recipe(self)),
            )
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
        let clock = ClockColumns {
            left_ms: [1_000, 2_000],
            turn_started_at: 3,
            deadline_at: Some(4),
        };
        for (recipe, marks) in [
            (
                Recipe::your_turn(Pit::new(8).unwrap(), 3, Some(5)),
                &[r#""recipe":"your_turn""#][..],
            ),
            (
                Recipe::Began(Began::Accepted {
                    challenger_south: false,
                    thread: true,
                }),
                &[r#""recipe":"began""#, r#""how":"accepted""#],
            ),
            (
                Recipe::Began(Began::Engine {
                    level: crate::play::level::Level::Hard,
                }),
                &[r#""level":"hard""#],
            ),
            (
                Recipe::Moved {
                    ply: 12,
                    clock: Some(clock),
                },
                &[r#""recipe":"moved""#],
            ),
            (
                Recipe::Ended(Ended::Aborted(super::super::ended::Aborted::ByModerator {
                    admin: "mod".into(),
                    why: "a reason".into(),
                })),
                &[
                    r#""recipe":"ended""#,
                    r#""how":"aborted""#,
                    r#""reason":"by_moderator""#,
                ],
            ),
        ] {
            let stored = serde_json::to_string(&Stored::Recipe(recipe.clone())).unwrap();
            for mark in marks {
                assert!(stored.contains(mark), "{mark} in {stored}");
            }
            match serde_json::from_str::<Stored>(&stored).unwrap() {
                Stored::Recipe(back) => assert_eq!(back, recipe),
                Stored::Written(reply) => panic!("read back as words: {reply:?}"),
            }
        }
        // A message stored with its words, as every message was before recipes.
        let written = serde_json::to_string(&Reply::public("Your move")).unwrap();
        match serde_json::from_str::<Stored>(&written).unwrap() {
            Stored::Written(reply) => assert_eq!(reply.text, "Your move"),
            Stored::Recipe(recipe) => panic!("read back as a recipe: {recipe:?}"),
        }
    }
}
