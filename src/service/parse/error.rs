//! Why a text command was not understood: every message says what to type instead.

use super::super::clock::BadTime;

/// Why a command addressed to the bot was not understood; each message says what to
/// type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// `/oware frobnicate`, or a mistyped command (`/moev d`) with the nearest one.
    #[error(
        "I don't know the command `{0}`.{near} Type `/oware help` to see what I can do.",
        near = .1.as_ref().map(|near| format!(" Did you mean `{near}`?")).unwrap_or_default()
    )]
    UnknownCommand(String, Option<String>),
    /// `/oware play` without a mention.
    #[error("Whom do you want to play? Mention them: `/oware play @someone`.")]
    MissingOpponent,
    /// `/move` without a pit (the command as typed).
    #[error("Which pit? Name one of your own pits by its letter, e.g. `{0} c`.")]
    MissingPit(String),
    /// `/move 3`: a number where a pit letter goes.
    #[error(
        "`{0}` is a number, but pits are letters: A to F for South, a to f for North (your \
         own row), e.g. `{1} c`."
    )]
    PitNotANumber(String, String),
    /// `/oware reissue` without a challenge id.
    #[error("Which challenge? Give its id, e.g. `/oware reissue c7`.")]
    MissingChallenge,
    /// `/oware replay` without a game id.
    #[error("Which game? Give its id, e.g. `/oware replay #12`.")]
    MissingGame,
    /// An unknown `key:value` option.
    #[error(
        "Unknown option `{0}`. Options are first:me|them|random, rated:yes|no, \
         variant:abapa|forbidden|capture-all, advice:on|off, level:easy|medium|hard, \
         time:3d|5+3|none, reminders:on|off."
    )]
    UnknownOption(String),
    /// A `time:` value that is not a time control.
    #[error(transparent)]
    BadTime(#[from] BadTime),
    /// A known option with a bad value.
    #[error("`{key}:{value}` is not valid: use {key}:{expected}.")]
    BadOption {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed.
        expected: &'static str,
    },
    /// A challenge id where a game is meant.
    #[error("`{0}` is a challenge; games are numbered like `#12` (`/oware games` lists yours).")]
    ChallengeNotGame(String),
    /// `#abc`.
    #[error("`{0}` is not a game id: use a number, e.g. `#12`.")]
    BadId(String),
    /// A command longer than [`MAX_COMMAND_CHARS`].
    #[error("That command is too long ({0} characters; at most 500). Type it again, shorter.")]
    TooLong(usize),
    /// A command whose arguments are missing or out of order: how to type it.
    #[error("Type it like this: `{0}`.")]
    Usage(&'static str),
    /// `/oware admin frobnicate`.
    #[error(
        "`/oware admin` has no `{0}`: it takes abort, adjudicate, ban, unban and log \
         (`/oware admin` alone explains them)."
    )]
    UnknownAdmin(String),
    /// A word the command does not take.
    #[error("`{command}` does not take `{word}`. Type `/oware help` for examples.")]
    UnexpectedWord {
        /// The command as typed (`/move`, `!oware play`).
        command: String,
        /// The extra word.
        word: String,
    },
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
