//! Why a text command was not understood: every message says what to type instead.

use crate::play::clock::BadTime;

/// Why a command addressed to the bot was not understood; each message says what to
/// type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(&crate::i18n::Language::english()))]
pub enum ParseError {
    /// `/oware frobnicate`, or a mistyped command (`/moev d`) with the nearest one.
    UnknownCommand(String, Option<String>),
    /// `oware play @bob` where the console reads every line: the command with its
    /// slash.
    MissingSlash(String),
    /// `/oware play` without a mention.
    /// `/move` without a pit (the command as typed).
    MissingPit(String),
    /// `/move 3`: a number where a pit letter goes.
    PitNotANumber(String, String),
    /// `/move zz`: not a pit letter (what was typed, quoted; the command).
    NotAPit(String, String),
    /// `/oware advise` without a pit (the command as typed): an onlooker names a pit
    /// of the side to move, not one of their own.
    MissingPitToAdvise(String),
    /// `/oware advise zz`: not a pit letter (what was typed, quoted; the command).
    NotAPitToAdvise(String, String),
    /// `/oware puzzle answer:` with nothing, or no pit letter, after it.
    BadAnswer(Option<String>),
    /// `/oware reissue` without a challenge id.
    MissingChallenge,
    /// `/oware replay` without a game id.
    MissingGame,
    /// An unknown `key:value` option.
    UnknownOption(String),
    /// A number option out of its range (`rounds:99`).
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
    BadOption {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed.
        expected: &'static str,
    },
    /// A challenge id where a game is meant.
    ChallengeNotGame(String),
    /// `#abc`.
    BadId(String),
    /// A command longer than [`MAX_COMMAND_CHARS`].
    TooLong(usize),
    /// A command whose arguments are missing or out of order: how to type it.
    Usage(&'static str),
    /// `/oware admin frobnicate`.
    UnknownAdmin(String),
    /// A word the command does not take.
    UnexpectedWord {
        /// The command as typed (`/move`, `!oware play`).
        command: String,
        /// The extra word.
        word: String,
    },
    /// `@<script>`: a mention that names no one (what names someone depends on the
    /// platform).
    BadMention(String),
    /// `help foo`: no help on that.
    HelpTopic(String),
}

impl ParseError {
    /// What went wrong and what to do instead, in `lang` (its `Display` is the
    /// English, for logs).
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            ParseError::UnknownCommand(f0, f1) => unknown_command(lang, f0, f1.as_deref()),
            ParseError::MissingSlash(fixed) => {
                crate::tr!(lang, "parse-missing-slash", command = fixed)
            }
            ParseError::MissingPitToAdvise(command) => {
                crate::tr!(lang, "parse-missing-pit-to-advise", command = command)
            }
            ParseError::MissingPit(f0) => crate::tr!(lang, "parse-missing-pit", command = f0),
            ParseError::PitNotANumber(f0, f1) => {
                crate::tr!(lang, "parse-pit-not-a-number", number = f0, command = f1)
            }
            ParseError::NotAPitToAdvise(typed, command) => {
                crate::tr!(
                    lang,
                    "parse-not-a-pit-to-advise",
                    typed = typed,
                    command = command
                )
            }
            ParseError::NotAPit(typed, command) => {
                crate::tr!(lang, "parse-not-a-pit", typed = typed, command = command)
            }
            ParseError::BadAnswer(f0) => bad_answer(lang, f0.as_deref()),
            ParseError::MissingChallenge => crate::tr!(lang, "parse-missing-challenge"),
            ParseError::MissingGame => crate::tr!(lang, "parse-missing-game"),
            ParseError::UnknownOption(f0) => crate::tr!(lang, "parse-unknown-option", option = f0),
            ParseError::BadRange {
                key,
                value,
                min,
                max,
            } => crate::tr!(
                lang,
                "parse-bad-range",
                key = key,
                value = value,
                min = min,
                max = max
            ),
            ParseError::BadTime(f0) => f0.words(lang),
            ParseError::BadOption {
                key,
                value,
                expected,
            } => crate::tr!(
                lang,
                "parse-bad-option",
                key = key,
                value = value,
                expected = expected
            ),
            ParseError::ChallengeNotGame(f0) => {
                crate::tr!(lang, "parse-challenge-not-game", id = f0)
            }
            ParseError::BadId(f0) => crate::tr!(lang, "parse-bad-id", id = f0),
            ParseError::TooLong(f0) => crate::tr!(
                lang,
                "parse-too-long",
                length = f0,
                max = super::MAX_COMMAND_CHARS
            ),
            ParseError::Usage(f0) => crate::tr!(lang, "parse-usage", usage = f0),
            ParseError::UnknownAdmin(f0) => crate::tr!(lang, "parse-unknown-admin", word = f0),
            ParseError::UnexpectedWord { command, word } => crate::tr!(
                lang,
                "parse-unexpected-word",
                command = command,
                word = word
            ),
            ParseError::BadMention(f0) => crate::tr!(lang, "parse-bad-mention", mention = f0),
            ParseError::HelpTopic(f0) => crate::tr!(lang, "parse-help-topic", topic = f0),
        }
    }
}

/// `I don't know the command …`, with the nearest command when there is one.
fn unknown_command(lang: &crate::i18n::Language, command: &str, near: Option<&str>) -> String {
    match near {
        Some(near) => crate::tr!(
            lang,
            "parse-unknown-command-near",
            command = command,
            near = near
        ),
        None => crate::tr!(lang, "parse-unknown-command", command = command),
    }
}

/// `Which pit? …` or `` `5` is not a pit … ``, each with an answer that works.
fn bad_answer(lang: &crate::i18n::Language, answer: Option<&str>) -> String {
    match answer {
        None => crate::tr!(lang, "parse-missing-answer"),
        Some(answer) => crate::tr!(lang, "parse-answer-not-a-pit", answer = answer),
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
            ParseError::MissingPitToAdvise(_) => ParseError::MissingPitToAdvise(typed.to_owned()),
            ParseError::NotAPitToAdvise(pit, _) => {
                ParseError::NotAPitToAdvise(pit, typed.to_owned())
            }
            ParseError::PitNotANumber(number, _) => {
                ParseError::PitNotANumber(number, typed.to_owned())
            }
            // What followed the command's name stays (a lesson's number).
            ParseError::NotAPit(pit, command) => {
                let name = command.strip_prefix("/oware ").unwrap_or(&command);
                let tail = name.find(' ').map_or("", |at| &name[at..]);
                ParseError::NotAPit(pit, format!("{typed}{tail}"))
            }
            other => other,
        }
    }
}
