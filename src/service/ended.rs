//! How a game ended without a move (a resignation, an agreement, a timeout, an
//! abort, a moderator's verdict): decided with the end (`Play::finish`), kept in
//! the outbox when the end is posted (`Recipe::Ended`), and worded here, in the
//! reader's language, as the headline over the final board.

use serde::{Deserialize, Serialize};

use super::{ending::Counted, view, Reply};
use crate::i18n::Language;
use crate::play::when::span;
use crate::rules::{Game, Side};
use crate::store::{GameRow, RatingChange};

/// How a game ended without a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub(super) enum Ended {
    /// The player of `side` resigned.
    Resigned {
        /// Who resigned.
        #[serde(with = "seat")]
        side: Side,
    },
    /// The player of `side` agreed to end the game, each side taking the seeds on
    /// its own row (the engine, when it plays `side`, says why).
    Agreed {
        /// Who agreed last.
        #[serde(with = "seat")]
        side: Side,
    },
    /// The player of `side` accepted a draw.
    DrawAgreed {
        /// Who accepted.
        #[serde(with = "seat")]
        side: Side,
    },
    /// The player of `side` ran out of time.
    TimedOut {
        /// Who lost on time.
        #[serde(with = "seat")]
        side: Side,
    },
    /// The game was aborted, for nobody: why.
    Aborted(Aborted),
    /// A moderator decided it: `winner` wins (`None`: a draw).
    Decided {
        /// The moderator's name.
        admin: String,
        /// The side given the win, if not a draw.
        #[serde(with = "seat::or_draw")]
        winner: Option<Side>,
        /// The moderator's reason, as typed.
        why: String,
    },
}

/// Why a game was aborted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub(super) enum Aborted {
    /// The player of `side` called it off before both sides had moved.
    ByPlayer {
        /// Who called it off.
        #[serde(with = "seat")]
        side: Side,
    },
    /// The player of `side` made no first move in time.
    NoFirstMove {
        /// Who did not move.
        #[serde(with = "seat")]
        side: Side,
    },
    /// Nobody moved in a game against the engine for `ms` milliseconds.
    Idle {
        /// How long the game waited.
        ms: i64,
    },
    /// A moderator called it off.
    ByModerator {
        /// The moderator's name.
        admin: String,
        /// The moderator's reason, as typed.
        why: String,
    },
}

impl Aborted {
    /// Why, in `lang`, for the game stored as `row`.
    fn words(&self, lang: &Language, row: &GameRow) -> String {
        match self {
            Aborted::ByPlayer { side } => {
                crate::tr!(lang, "lifecycle-abort-why", name = row.name(*side))
            }
            Aborted::NoFirstMove { side } => crate::tr!(
                lang,
                "jobs-no-first-move",
                name = row.name(*side),
                span = span(lang, row.time_control.per_move_or_base())
            ),
            Aborted::Idle { ms } => crate::tr!(lang, "jobs-idle", span = span(lang, *ms)),
            Aborted::ByModerator { admin, why } => crate::tr!(
                lang,
                "moderation-abort-why",
                admin = admin.as_str(),
                why = why.as_str()
            ),
        }
    }
}

impl Ended {
    /// The headline over the final board of the game stored as `row`, in `lang`.
    pub(super) fn headline(&self, lang: &Language, row: &GameRow) -> String {
        match self {
            Ended::Resigned { side } => {
                crate::tr!(lang, "conclude-resigned", name = row.name(*side))
            }
            Ended::Agreed { side } if view::is_bot(row, *side) => {
                crate::tr!(lang, "conclude-engine-agrees", engine = row.name(*side))
            }
            Ended::Agreed { side } => crate::tr!(lang, "conclude-agreed", name = row.name(*side)),
            Ended::DrawAgreed { side } => {
                crate::tr!(lang, "proposal-draw-agreed", name = row.name(*side))
            }
            Ended::TimedOut { side } => crate::tr!(
                lang,
                "jobs-timeout",
                name = row.name(*side),
                game = row.id,
                winner = row.name(side.opponent())
            ),
            Ended::Aborted(why) => crate::tr!(
                lang,
                "jobs-aborted",
                game = row.id,
                why = why.words(lang, row)
            ),
            Ended::Decided { admin, winner, why } => {
                let verdict = match winner {
                    Some(side) => {
                        crate::tr!(lang, "moderation-verdict-win", name = row.name(*side))
                    }
                    None => crate::tr!(lang, "moderation-verdict-draw"),
                };
                crate::tr!(
                    lang,
                    "moderation-decided-headline",
                    game = row.id,
                    admin = admin.as_str(),
                    verdict = verdict,
                    why = why.as_str()
                )
            }
        }
    }

    /// The final board of `game` (stored as `row`, ended this way) under its
    /// headline, in `lang` at `now`, with what the game did to the ratings
    /// (`ratings`, `None` when it changed none).
    pub(super) fn final_board(
        &self,
        lang: &Language,
        row: &GameRow,
        game: &Game,
        ratings: Option<[RatingChange; 2]>,
        now: i64,
    ) -> Reply {
        let headline = self.headline(lang, row);
        let mut board = view::board_reply(lang, row, game, headline, now, Side::South);
        Counted::of(row, game).annotate(lang, &mut board, row, ratings);
        board
    }
}

/// The people playing the game stored as `row` (not the engine): those an end
/// posted in the game's place mentions.
pub(super) fn humans(row: &GameRow) -> Vec<super::User> {
    [Side::South, Side::North]
        .into_iter()
        .filter(|&side| !view::is_bot(row, side))
        .map(|side| view::player(row, side))
        .collect()
}

/// A side as a recipe keeps it: `"south"` or `"north"` (`"draw"` for no winner).
mod seat {
    use crate::rules::Side;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    fn word(side: Option<Side>) -> &'static str {
        match side {
            Some(Side::South) => "south",
            Some(Side::North) => "north",
            None => "draw",
        }
    }

    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Side>, D::Error> {
        match String::deserialize(d)?.as_str() {
            "south" => Ok(Some(Side::South)),
            "north" => Ok(Some(Side::North)),
            "draw" => Ok(None),
            other => Err(D::Error::unknown_variant(
                other,
                &["south", "north", "draw"],
            )),
        }
    }

    pub(super) fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(word(Some(*side)))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        read(d)?.ok_or_else(|| D::Error::custom("a side, not a draw"))
    }

    /// A winner, `None` for a draw.
    pub(super) mod or_draw {
        use crate::rules::Side;
        use serde::{Deserializer, Serializer};

        // serde's `with` hands the field by reference.
        #[allow(clippy::ref_option)]
        pub(in super::super) fn serialize<S: Serializer>(
            side: &Option<Side>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            s.serialize_str(super::word(*side))
        }

        pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Side>, D::Error> {
            super::read(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn how_a_game_ended_is_kept_and_read_back() {
        for how in [
            Ended::Resigned { side: Side::North },
            Ended::Agreed { side: Side::South },
            Ended::DrawAgreed { side: Side::North },
            Ended::TimedOut { side: Side::South },
            Ended::Aborted(Aborted::ByPlayer { side: Side::North }),
            Ended::Aborted(Aborted::NoFirstMove { side: Side::South }),
            Ended::Aborted(Aborted::Idle { ms: 60_000 }),
            Ended::Aborted(Aborted::ByModerator {
                admin: "mod".into(),
                why: "cheating".into(),
            }),
            Ended::Decided {
                admin: "mod".into(),
                winner: Some(Side::North),
                why: "left".into(),
            },
            Ended::Decided {
                admin: "mod".into(),
                winner: None,
                why: "both left".into(),
            },
        ] {
            let kept = serde_json::to_string(&how).unwrap();
            assert_eq!(serde_json::from_str::<Ended>(&kept).unwrap(), how, "{kept}");
        }
        let kept = serde_json::to_string(&Ended::Resigned { side: Side::North }).unwrap();
        assert_eq!(kept, r#"{"how":"resigned","side":"north"}"#);
        assert!(serde_json::from_str::<Ended>(r#"{"how":"resigned","side":"draw"}"#).is_err());
    }
}
