//! Game records as text, in the spirit of Aualé's OGN (Oware Game Notation): tag
//! lines, then numbered moves.
//!
//! ```text
//! [Event "Friday ladder"]
//! [Site "discord"]
//! [Date "2026.11.22"]
//! [South "Alice"]
//! [North "Bob"]
//! [Variant "abapa"]
//! [Result "25-17"]
//! [Reason "score_25"]
//!
//! 1. C d+3 2. A+2 f … 25-17
//! ```
//!
//! Numbers count pairs, as OGN and chess notation do: `n.` is the bot's moves `2n−1`
//! and `2n` (everywhere else a move is one player's turn, numbered across both).
//! Moves are pit letters in canonical notation (upper case South, lower case North),
//! optionally followed by `+n`, the seeds the move captured (the final sweep of an
//! ending is not counted: it shows in the result). The movetext ends with the final
//! scores, South's first, or `*` for a game that goes on. `Result` and `Reason` say how
//! the game ended; the reason matters where the moves alone cannot tell (agreement,
//! resignation). Reading a record replays it: an illegal move, a wrong `+n` or a result
//! the moves do not lead to is refused with where and why. Comments in `{…}` or after
//! `;`, variations in `(…)`, missing tags and any layout of whitespace are accepted.
//! Only games from the standard start are recorded (no `FEN` tag).

mod error;
mod lex;
mod tags;

use std::{fmt, str::FromStr};

pub use error::RecordError;
use lex::Token;
use tags::{apply_reason, escape, parse_reason, parse_result, reason_name, result_text};

use super::{Game, Outcome, Pit, Position, Variant};

/// Tags that a record derives from its game; given ones are checked, not kept.
const DERIVED_TAGS: [&str; 3] = ["Variant", "Result", "Reason"];
/// Movetext lines are wrapped before this many characters.
const LINE_WIDTH: usize = 80;

/// A game with its tags: always a legal game from the standard start, with its ending.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Tags other than the derived `Variant`, `Result` and `Reason`, in order.
    tags: Vec<(String, String)>,
    /// The replayed game, which carries the variant, the moves and the outcome.
    game: Game,
}

impl GameRecord {
    /// A record of `game` with `tags` (such as `Event`, `Site`, `Date`, `South`,
    /// `North`), set as by [`GameRecord::set_tag`]: `Variant`, `Result` and `Reason`
    /// come from the game.
    ///
    /// ```
    /// use oware_bot::rules::{Game, GameRecord, Pit, Variant};
    ///
    /// let moves: Vec<Pit> = "CdBe".chars().filter_map(Pit::from_letter).collect();
    /// let game = Game::from_moves(Variant::Abapa, &moves).expect("legal moves");
    /// let record = GameRecord::from_game(&game, [("South", "Alice"), ("North", "Bob")])?;
    /// let text = record.to_text();
    /// assert!(text.starts_with("[South \"Alice\"]\n[North \"Bob\"]\n[Variant \"abapa\"]\n"));
    /// assert!(text.ends_with("\n\n1. C d 2. B e *\n"));
    /// assert_eq!(GameRecord::parse(&text)?.moves(), moves);
    /// # Ok::<(), oware_bot::rules::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError::SetUp`] if the game did not start from the standard position.
    pub fn from_game<I, K, V>(game: &Game, tags: I) -> Result<GameRecord, RecordError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        if game.start() != Position::START {
            return Err(RecordError::SetUp);
        }
        let mut record = GameRecord {
            tags: Vec::new(),
            game: game.clone(),
        };
        for (name, value) in tags {
            record.set_tag(&name.into(), value);
        }
        Ok(record)
    }

    /// Reads a text record and replays it.
    ///
    /// # Errors
    /// A [`RecordError`] saying where the text is malformed, which ply is illegal and
    /// why, which `+n` is wrong, or how the recorded ending contradicts the moves.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut tokens = lex::tokens(text)?.into_iter().peekable();
        let mut tags: Vec<(String, String)> = Vec::new();
        while let Some((_, Token::Tag(name, value))) =
            tokens.next_if(|(_, t)| matches!(t, Token::Tag(..)))
        {
            match tags.iter_mut().find(|(n, _)| *n == name) {
                Some(tag) => tag.1 = value,
                None => tags.push((name, value)),
            }
        }
        let known = |name: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim())
                .filter(|v| !v.is_empty() && *v != "?")
        };
        if known("FEN").is_some() {
            return Err(RecordError::SetUp);
        }
        let variant = known("Variant").map_or(Ok(Variant::default()), Variant::from_str)?;
        let tag_result = known("Result").map(parse_result).transpose()?;
        let reason = known("Reason").map(parse_reason).transpose()?;

        let mut game = Game::new(variant);
        let mut end: Option<Option<[u8; 2]>> = None;
        for (line, token) in tokens {
            if end.is_some() {
                return Err(RecordError::AfterResult { line });
            }
            match token {
                Token::Tag(..) => return Err(RecordError::TagAfterMoves { line }),
                Token::MoveNumber(found) => {
                    let expected = game.plies().len() / 2 + 1;
                    if usize::try_from(found).ok() != Some(expected) {
                        return Err(RecordError::MoveNumber {
                            line,
                            found,
                            expected,
                        });
                    }
                }
                Token::Move(pit, claimed) => {
                    let ply = game.plies().len() + 1;
                    let effect = game
                        .play(pit)
                        .map_err(|reason| RecordError::IllegalMove {
                            ply,
                            line,
                            pit,
                            reason,
                        })?
                        .effect;
                    if let Some(claimed) = claimed.filter(|&c| c != effect.captured) {
                        return Err(RecordError::Capture {
                            ply,
                            line,
                            pit,
                            claimed,
                            actual: effect.captured,
                        });
                    }
                }
                Token::Result(result) => end = Some(result),
            }
        }

        let recorded = match (tag_result, end) {
            (Some(tag), Some(movetext)) if tag != movetext => {
                return Err(RecordError::ResultConflict {
                    tag: result_text(tag),
                    movetext: result_text(movetext),
                })
            }
            (tag, movetext) => tag.or(movetext),
        };
        apply_reason(&mut game, reason)?;
        let actual = game.outcome().map(|o| o.scores);
        if let Some(recorded) = recorded.filter(|&r| r != actual) {
            return Err(RecordError::ResultMismatch {
                recorded: result_text(recorded),
                actual: actual.map_or_else(
                    || "leave the game unfinished".to_owned(),
                    |s| format!("end the game {}", result_text(Some(s))),
                ),
            });
        }
        tags.retain(|(name, _)| !DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(name)));
        Ok(GameRecord { tags, game })
    }

    /// The record as text: tag lines, a blank line, then the movetext wrapped to fit
    /// 80 columns, ending with the result or `*`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let outcome = self.game.outcome();
        let derived = [
            ("Variant", self.game.variant().as_str().to_owned()),
            ("Result", result_text(outcome.map(|o| o.scores))),
        ];
        let tags = self
            .tags
            .iter()
            .map(|(n, v)| (n.as_str(), v.clone()))
            .chain(derived)
            .chain(outcome.map(|o| ("Reason", reason_name(o.reason).to_owned())));
        for (name, value) in tags {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
        }
        out.push('\n');
        let mut words = Vec::with_capacity(self.game.plies().len() * 3 / 2 + 1);
        for (i, ply) in self.game.plies().iter().enumerate() {
            if i % 2 == 0 {
                words.push(format!("{}.", i / 2 + 1));
            }
            let mut word = ply.effect.pit.letter().to_string();
            if ply.effect.captured > 0 {
                word.push_str(&format!("+{}", ply.effect.captured));
            }
            words.push(word);
        }
        words.push(result_text(outcome.map(|o| o.scores)));
        let mut line_len = 0;
        for word in words {
            if line_len > 0 && line_len + 1 + word.len() >= LINE_WIDTH {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            line_len += word.len();
            out.push_str(&word);
        }
        out.push('\n');
        out
    }

    /// All tags except the derived `Variant`, `Result` and `Reason`, in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// A tag's value by name (ignoring case), derived tags included.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<String> {
        let outcome = self.game.outcome();
        match name.to_ascii_lowercase().as_str() {
            "variant" => Some(self.game.variant().as_str().to_owned()),
            "result" => Some(result_text(outcome.map(|o| o.scores))),
            "reason" => outcome.map(|o| reason_name(o.reason).to_owned()),
            _ => self
                .tags
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone()),
        }
    }

    /// Sets a tag, replacing one of the same name. The name keeps only its letters,
    /// digits and `_`; an empty name and the derived `Variant`, `Result` and `Reason`
    /// are ignored (they come from the game).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let name: String = name
            .chars()
            .filter(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        if name.is_empty() || DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(&name)) {
            return;
        }
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| *n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name, value)),
        }
    }

    /// The rules variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The moves, in order.
    #[must_use]
    pub fn moves(&self) -> Vec<Pit> {
        self.game.moves().collect()
    }

    /// How the game ended, or `None` if it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The replayed game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The replayed game, to continue or inspect.
    #[must_use]
    pub fn into_game(self) -> Game {
        self.game
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameRecord::parse(s)
    }
}
