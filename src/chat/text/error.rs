//! Why a text command was not understood: every message says what to type instead.

use crate::play::clock::BadTime;

/// Why a command addressed to the bot was not understood; each message says what to
/// type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// `/oware frobnicate`, or a mistyped command (`/moev d`) with the nearest one.
    #[error("{}", unknown_command(.0, .1.as_deref()))]
    UnknownCommand(String, Option<String>),
    /// `/oware play` without a mention.
    /// `/move` without a pit (the command as typed).
    #[error("{}", crate::tr!("parse-missing-pit", command = .0))]
    MissingPit(String),
    /// `/move 3`: a number where a pit letter goes.
    #[error("{}", crate::tr!("parse-pit-not-a-number", number = .0, command = .1))]
    PitNotANumber(String, String),
    /// `/oware puzzle answer:` with nothing, or no pit letter, after it.
    #[error("{}", bad_answer(.0.as_deref()))]
    BadAnswer(Option<String>),
    /// `/oware reissue` without a challenge id.
    #[error("{}", crate::tr!("parse-missing-challenge"))]
    MissingChallenge,
    /// `/oware replay` without a game id.
    #[error("{}", crate::tr!("parse-missing-game"))]
    MissingGame,
    /// An unknown `key:value` option.
    #[error("{}", crate::tr!("parse-unknown-option", option = .0))]
    UnknownOption(String),
    /// A number option out of its range (`rounds:99`).
    #[error("{}", crate::tr!("parse-bad-range", key = .key, value = .value, min = .min, max = .max))]
    BadRange {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// A `time:` value that is not a time control.
    #[error(transparent)]
    BadTime(#[from] BadTime),
    /// A known option with a bad value.
    #[error("{}", crate::tr!("parse-bad-option", key = .key, value = .value, expected = .expected))]
    BadOption {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed.
        expected: &'static str,
    },
    /// A challenge id where a game is meant.
    #[error("{}", crate::tr!("parse-challenge-not-game", id = .0))]
    ChallengeNotGame(String),
    /// `#abc`.
    #[error("{}", crate::tr!("parse-bad-id", id = .0))]
    BadId(String),
    /// A command longer than [`MAX_COMMAND_CHARS`].
    #[error("{}", crate::tr!("parse-too-long", length = .0, max = super::MAX_COMMAND_CHARS))]
    TooLong(usize),
    /// A command whose arguments are missing or out of order: how to type it.
    #[error("{}", crate::tr!("parse-usage", usage = .0))]
    Usage(&'static str),
    /// `/oware admin frobnicate`.
    #[error("{}", crate::tr!("parse-unknown-admin", word = .0))]
    UnknownAdmin(String),
    /// A word the command does not take.
    #[error("{}", crate::tr!("parse-unexpected-word", command = .command, word = .word))]
    UnexpectedWord {
        /// The command as typed (`/move`, `!oware play`).
        command: String,
        /// The extra word.
        word: String,
    },
    /// `@<script>`: a mention that names no one (what names someone depends on the
    /// platform).
    #[error("{}", crate::tr!("parse-bad-mention", mention = .0))]
    BadMention(String),
    /// `help foo`: no help on that.
    #[error("{}", crate::tr!("parse-help-topic", topic = .0))]
    HelpTopic(String),
}

/// `I don't know the command …`, with the nearest command when there is one.
fn unknown_command(command: &str, near: Option<&str>) -> String {
    match near {
        Some(near) => crate::tr!("parse-unknown-command-near", command = command, near = near),
        None => crate::tr!("parse-unknown-command", command = command),
    }
}

/// `Which pit? …` or `` `5` is not a pit … ``, each with an answer that works.
fn bad_answer(answer: Option<&str>) -> String {
    match answer {
        None => crate::tr!("parse-missing-answer"),
        Some(answer) => crate::tr!("parse-answer-not-a-pit", answer = answer),
    }
}

impl ParseError {
    /// The error with the command named as the user typed it (`/move`, `!oware move`)
    /// rather than by its canonical name.
    pub(super) fn typed_as(self, typed: &str) -> ParseError {
        match self {
            ParseError::UnexpectedWord { word, .. } => ParseError::UnexpectedWord {
                command: typed.to_owned(),
                word,
            },
            ParseError::MissingPit(_) => ParseError::MissingPit(typed.to_owned()),
            ParseError::PitNotANumber(number, _) => {
                ParseError::PitNotANumber(number, typed.to_owned())
            }
            other => other,
        }
    }
}
