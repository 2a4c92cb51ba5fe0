//! Text commands, shared by every text platform (the console, Matrix): `/oware play
//! @bob first:them rated:no`, `!oware accept`, `/move c`, `!move C`, `move c`,
//! `!oware move c #12`, `!advise d`.
//!
//! [`parse_command`] turns a message into a [`ParsedAction`] whose mentions are still
//! raw strings (`@bob`, `@bob:example.org`, `<@123>`); the adapter resolves them into
//! [`User`]s with [`ParsedAction::resolve`].

use super::{clock::BadTime, Action, ChallengeOptions, First, GameRef, Level, LinkCode, User};
use crate::rules::Variant;

/// A parsed command, mentions not yet resolved into users.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedAction {
    /// `play @someone [options]`.
    Play {
        /// The mention as typed.
        opponent: String,
        /// The options.
        options: ChallengeOptions,
    },
    /// `stats [@someone]`.
    Stats {
        /// The mention as typed, if any.
        user: Option<String>,
    },
    /// `history [@someone]`.
    History {
        /// The mention as typed, if any.
        user: Option<String>,
    },
    /// Any command that mentions nobody.
    Other(Action),
}

impl ParsedAction {
    /// Turns mentions into users with the adapter's `resolve`.
    ///
    /// # Errors
    /// Whatever `resolve` returns for a mention it cannot resolve.
    pub fn resolve<E>(self, mut resolve: impl FnMut(&str) -> Result<User, E>) -> Result<Action, E> {
        Ok(match self {
            ParsedAction::Play { opponent, options } => Action::Play {
                opponent: resolve(&opponent)?,
                options,
            },
            ParsedAction::Stats { user } => Action::Stats {
                user: user.as_deref().map(&mut resolve).transpose()?,
            },
            ParsedAction::History { user } => Action::History {
                user: user.as_deref().map(&mut resolve).transpose()?,
            },
            ParsedAction::Other(action) => action,
        })
    }
}

/// Why a command addressed to the bot was not understood; each message says what to
/// type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// `/oware frobnicate`.
    #[error("I don't know the command `{0}`. Type `/oware help` to see what I can do.")]
    UnknownCommand(String),
    /// `/oware play` without a mention.
    #[error("Whom do you want to play? Mention them: `/oware play @someone`.")]
    MissingOpponent,
    /// `/move` without a pit.
    #[error("Which pit? Name one of your own pits a–f, e.g. `/{0} c`.")]
    MissingPit(&'static str),
    /// `/oware reissue` without a challenge id.
    #[error("Which challenge? Give its id, e.g. `/oware reissue #7`.")]
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
    /// `#abc`.
    #[error("`{0}` is not a game id: use a number, e.g. `#12`.")]
    BadId(String),
    /// A command longer than [`MAX_COMMAND_CHARS`].
    #[error("That command is too long ({0} characters; at most 500). Type it again, shorter.")]
    TooLong(usize),
    /// A word the command does not take.
    #[error("`/oware {command}` does not take `{word}`. Type `/oware help` for examples.")]
    UnexpectedWord {
        /// The command.
        command: &'static str,
        /// The extra word.
        word: String,
    },
}

/// The longest command taken, in characters.
pub const MAX_COMMAND_CHARS: usize = 500;

/// The longest a quoted piece of user input gets in an error.
const QUOTE_MAX: usize = 24;

fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(QUOTE_MAX).collect();
    if text.chars().count() > QUOTE_MAX {
        out.push('…');
    }
    out
}

/// The commands, each with its aliases.
const COMMANDS: &[(&str, &[&str])] = &[
    ("play", &["play", "challenge"]),
    ("accept", &["accept"]),
    ("decline", &["decline"]),
    ("cancel", &["cancel", "withdraw"]),
    ("move", &["move", "m"]),
    ("board", &["board", "show"]),
    ("resign", &["resign"]),
    ("end", &["end", "agree"]),
    ("games", &["games", "list"]),
    ("advise", &["advise", "advice", "suggest"]),
    ("leaderboard", &["leaderboard", "top"]),
    ("stats", &["stats"]),
    ("history", &["history"]),
    ("replay", &["replay"]),
    ("link", &["link"]),
    ("abort", &["abort"]),
    ("rematch", &["rematch"]),
    ("reissue", &["reissue", "again"]),
    ("rules", &["rules"]),
    ("help", &["help"]),
];

fn command_name(word: &str) -> Option<&'static str> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .find(|(_, aliases)| aliases.contains(&lower.as_str()))
        .map(|(name, _)| *name)
}

/// Parses a console line's command: as [`parse_prefixed`], and an unprefixed
/// `move c` is a move too.
///
/// `Ok(None)` means the message is not addressed to the bot (ordinary chat, another
/// bot's `/command`).
///
/// # Errors
/// [`ParseError`] for a message addressed to the bot that cannot be understood.
pub fn parse_command(text: &str) -> Result<Option<ParsedAction>, ParseError> {
    parse(text, true)
}

/// Parses a message in a shared room (Matrix): only `!oware …`, `/oware …` and the
/// prefixed short commands (`!move c`) are addressed to the bot; a plain `move c` is
/// ordinary chat.
///
/// # Errors
/// [`ParseError`] for a message addressed to the bot that cannot be understood.
pub fn parse_prefixed(text: &str) -> Result<Option<ParsedAction>, ParseError> {
    parse(text, false)
}

fn parse(text: &str, unprefixed_moves: bool) -> Result<Option<ParsedAction>, ParseError> {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let (name, args) = match first.strip_prefix(['/', '!']) {
        Some(word) if word.eq_ignore_ascii_case("oware") => match rest.split_first() {
            None => return Ok(Some(ParsedAction::Other(Action::Help))),
            Some((cmd, args)) => match command_name(cmd) {
                Some(name) => (name, args),
                None => return Err(ParseError::UnknownCommand(quote(cmd))),
            },
        },
        Some(word) => match command_name(word) {
            Some(name) => (name, rest.as_slice()),
            None => return Ok(None),
        },
        // Unprefixed, only the unmistakable `move c` (optionally `#12`) is ours, and
        // only where there is no one else to talk to.
        None if !unprefixed_moves => return Ok(None),
        None => {
            let pit_like = |w: &&str| w.chars().count() == 1;
            let is_move = first.eq_ignore_ascii_case("move")
                && matches!(rest.as_slice(), [p] | [p, _] if pit_like(p))
                && rest.get(1).is_none_or(|w| w.starts_with('#'));
            if !is_move {
                return Ok(None);
            }
            ("move", rest.as_slice())
        }
    };
    let length = text.chars().count();
    if length > MAX_COMMAND_CHARS {
        return Err(ParseError::TooLong(length));
    }
    parse_args(name, args).map(Some)
}

/// `#12` (or a bare number, or `game:12`) as a game or challenge id.
fn id_word(word: &str) -> Option<Result<i64, ParseError>> {
    let digits = word
        .strip_prefix('#')
        .or_else(|| word.strip_prefix("game:"))
        .or_else(|| word.bytes().all(|b| b.is_ascii_digit()).then_some(word))?;
    Some(
        digits
            .parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| ParseError::BadId(quote(word))),
    )
}

/// Splits arguments into an optional id and the other words.
fn split_id<'a>(args: &[&'a str]) -> Result<(GameRef, Vec<&'a str>), ParseError> {
    let mut id = None;
    let mut words = Vec::new();
    for word in args {
        match id_word(word) {
            Some(parsed) if id.is_none() => id = Some(parsed?),
            _ => words.push(*word),
        }
    }
    Ok((id, words))
}

/// At most one word besides the id.
fn at_most_one<'a>(
    command: &'static str,
    words: &[&'a str],
) -> Result<Option<&'a str>, ParseError> {
    match words {
        [] => Ok(None),
        [one] => Ok(Some(one)),
        [_, extra, ..] => Err(ParseError::UnexpectedWord {
            command,
            word: quote(extra),
        }),
    }
}

fn only_id(command: &'static str, args: &[&str]) -> Result<GameRef, ParseError> {
    let (id, words) = split_id(args)?;
    match words.first() {
        None => Ok(id),
        Some(word) => Err(ParseError::UnexpectedWord {
            command,
            word: quote(word),
        }),
    }
}

fn parse_args(name: &'static str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    use ParsedAction::Other;
    Ok(match name {
        "play" => parse_play(args)?,
        "accept" => Other(Action::Accept {
            challenge: only_id(name, args)?,
        }),
        "decline" => Other(Action::Decline {
            challenge: only_id(name, args)?,
        }),
        "cancel" => Other(Action::Cancel {
            challenge: only_id(name, args)?,
        }),
        "move" | "advise" => {
            let (game, words) = split_id(args)?;
            let pit = at_most_one(name, &words)?
                .ok_or(ParseError::MissingPit(name))?
                .to_owned();
            if name == "move" {
                Other(Action::Move {
                    pit,
                    game,
                    ply: None,
                })
            } else {
                Other(Action::Advise { pit, game })
            }
        }
        "board" => Other(Action::Board {
            game: only_id(name, args)?,
        }),
        "resign" => Other(Action::Resign {
            game: only_id(name, args)?,
        }),
        "end" => Other(Action::End {
            game: only_id(name, args)?,
        }),
        "replay" => Other(Action::Replay {
            game: only_id(name, args)?.ok_or(ParseError::MissingGame)?,
        }),
        "leaderboard" => parse_leaderboard(args)?,
        "stats" => ParsedAction::Stats {
            user: at_most_one(name, args)?.map(str::to_owned),
        },
        "history" => ParsedAction::History {
            user: at_most_one(name, args)?.map(str::to_owned),
        },
        "link" => Other(Action::Link {
            code: at_most_one(name, args)?.map(LinkCode::new),
        }),
        "abort" => Other(Action::Abort {
            game: only_id(name, args)?,
        }),
        "rematch" => Other(Action::Rematch {
            game: only_id(name, args)?,
        }),
        "reissue" => Other(Action::Reissue {
            challenge: only_id(name, args)?.ok_or(ParseError::MissingChallenge)?,
        }),
        "games" => Other(Action::Games),
        "rules" => Other(Action::Rules),
        _ => Other(Action::Help),
    })
}

fn parse_leaderboard(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let mut global = false;
    let mut page = 1;
    for word in args {
        let lower = word.to_lowercase();
        let number = lower.strip_prefix("page:").unwrap_or(&lower);
        if lower == "global" || lower == "all" {
            global = true;
        } else if let Ok(n) = number.parse::<u32>() {
            page = n.max(1);
        } else {
            return Err(ParseError::UnexpectedWord {
                command: "leaderboard",
                word: quote(word),
            });
        }
    }
    Ok(ParsedAction::Other(Action::Leaderboard { global, page }))
}

fn parse_play(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let mut options = ChallengeOptions::default();
    let mut opponent: Option<&str> = None;
    for word in args {
        let Some((key, value)) = word.split_once([':', '=']).filter(|(k, _)| {
            // `@bob:example.org` is a Matrix mention, not an option.
            !k.starts_with('@') && !k.starts_with('<')
        }) else {
            if opponent.replace(word).is_some() {
                return Err(ParseError::UnexpectedWord {
                    command: "play",
                    word: quote(word),
                });
            }
            continue;
        };
        let value_lower = value.to_lowercase();
        let bad = |expected| ParseError::BadOption {
            key: quote(key),
            value: quote(value),
            expected,
        };
        match key.to_lowercase().as_str() {
            "first" => {
                options.first = match value_lower.as_str() {
                    "me" | "i" | "challenger" => First::Challenger,
                    "them" | "you" | "opponent" => First::Opponent,
                    "random" | "coin" => First::Random,
                    _ => return Err(bad("me|them|random")),
                }
            }
            "rated" => options.rated = Some(yes_no(&value_lower).ok_or_else(|| bad("yes|no"))?),
            "advice" => options.advice = Some(yes_no(&value_lower).ok_or_else(|| bad("on|off"))?),
            "variant" => {
                options.variant = value
                    .parse::<Variant>()
                    .map_err(|_| bad("abapa|forbidden|capture-all"))?;
            }
            "time" | "clock" => options.time = Some(value.parse()?),
            "reminders" | "reminder" => {
                options.reminders = Some(yes_no(&value_lower).ok_or_else(|| bad("on|off"))?);
            }
            "level" => {
                options.level = Some(match value_lower.as_str() {
                    "easy" => Level::Easy,
                    "medium" => Level::Medium,
                    "hard" => Level::Hard,
                    _ => return Err(bad("easy|medium|hard")),
                });
            }
            _ => return Err(ParseError::UnknownOption(quote(word))),
        }
    }
    let opponent = opponent.ok_or(ParseError::MissingOpponent)?;
    Ok(ParsedAction::Play {
        opponent: opponent.to_owned(),
        options,
    })
}

fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" | "y" | "true" | "on" | "1" => Some(true),
        "no" | "n" | "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
