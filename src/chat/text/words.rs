//! The arguments every command shares: game ids (`#12`, `game:12`), challenge ids
//! (`c7`), pit letters, and "at most one word" checks, each refusal saying what to
//! type.

use super::{quote, ParseError};
use crate::{
    rules::{PitParseError, Typed},
    service::GameRef,
};

/// A pit letter typed after `command` (`/move`, `/oware advise`): one letter a–f,
/// either case. A number is refused with its own hint (games take `#12`).
pub(crate) fn pit_word(command: &str, word: &str) -> Result<Typed, ParseError> {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::PitNotANumber(quote(word), command.to_owned()));
    }
    Typed::parse(word).map_err(|err| match err {
        PitParseError::Empty => ParseError::MissingPit(command.to_owned()),
        PitParseError::NotAPit(typed) => ParseError::NotAPit(quote(&typed), command.to_owned()),
    })
}

/// `#12` (or a bare number, or `game:12`) as a game id. A challenge's `c7` is
/// refused with a hint: challenges and games are numbered apart.
pub(super) fn id_word(word: &str) -> Option<Result<i64, ParseError>> {
    if challenge_word(word).is_some() {
        return Some(Err(ParseError::ChallengeNotGame(quote(word))));
    }
    number_word(word)
}

/// `c7` or `#c7` (or `challenge:7`): a challenge id.
pub(super) fn challenge_word(word: &str) -> Option<&str> {
    let lower = word.strip_prefix('#').unwrap_or(word);
    let digits = lower
        .strip_prefix(['c', 'C'])
        .or_else(|| lower.strip_prefix("challenge:"))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// A challenge id: `c7`, `#c7`, and also a plain `#7` or `7`.
fn challenge_id_word(word: &str) -> Option<Result<i64, ParseError>> {
    match challenge_word(word) {
        Some(digits) => Some(
            digits
                .parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| ParseError::BadId(quote(word))),
        ),
        None => number_word(word),
    }
}

fn number_word(word: &str) -> Option<Result<i64, ParseError>> {
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
pub(super) fn split_id<'a>(args: &[&'a str]) -> Result<(GameRef, Vec<&'a str>), ParseError> {
    let mut id = None;
    let mut words = Vec::new();
    for word in args {
        match id_word(word) {
            Some(parsed) if id.is_none() => id = Some(crate::service::GameId::new(parsed?)),
            _ => words.push(*word),
        }
    }
    Ok((id, words))
}

/// Splits arguments into an optional id written `#12` or `game:12` and the other
/// words.
pub(super) fn split_marked_id<'a>(args: &[&'a str]) -> Result<(GameRef, Vec<&'a str>), ParseError> {
    let mut id = None;
    let mut words = Vec::new();
    for word in args {
        let marked = word.starts_with('#') || word.starts_with("game:");
        match id_word(word).filter(|_| marked) {
            Some(parsed) if id.is_none() => id = Some(crate::service::GameId::new(parsed?)),
            _ => words.push(*word),
        }
    }
    Ok((id, words))
}

/// At most one word besides the id.
pub(super) fn at_most_one<'a>(
    command: &'static str,
    words: &[&'a str],
) -> Result<Option<&'a str>, ParseError> {
    match words {
        [] => Ok(None),
        [one] => Ok(Some(one)),
        [_, extra, ..] => Err(ParseError::UnexpectedWord {
            command: command.to_owned(),
            word: quote(extra),
        }),
    }
}

/// Whether the one word after the command, if any, is one of `flags` (`confirm`,
/// `decline`): any other word is refused.
pub(super) fn one_flag(
    command: &'static str,
    words: &[&str],
    flags: &[&str],
) -> Result<bool, ParseError> {
    match at_most_one(command, words)? {
        None => Ok(false),
        Some(word) if flags.iter().any(|f| word.eq_ignore_ascii_case(f)) => Ok(true),
        Some(word) => Err(ParseError::UnexpectedWord {
            command: command.to_owned(),
            word: quote(word),
        }),
    }
}

/// Only a challenge id (or nothing).
pub(super) fn only_challenge(
    command: &'static str,
    args: &[&str],
) -> Result<Option<crate::service::ChallengeId>, ParseError> {
    match args {
        [] => Ok(None),
        [word] => match challenge_id_word(word) {
            Some(id) => id.map(|id| Some(crate::service::ChallengeId::new(id))),
            None => Err(ParseError::UnexpectedWord {
                command: command.to_owned(),
                word: quote(word),
            }),
        },
        [_, extra, ..] => Err(ParseError::UnexpectedWord {
            command: command.to_owned(),
            word: quote(extra),
        }),
    }
}

/// `move:20` after a game's id: the position after that many moves; nothing: now.
/// (`move 20` would read the 20 as a game id.)
pub(super) fn move_number(
    command: &'static str,
    words: &[&str],
) -> Result<Option<u32>, ParseError> {
    let value = match words {
        [] => return Ok(None),
        [word, rest @ ..] => {
            let value = word
                .to_lowercase()
                .strip_prefix("move:")
                .map(str::to_owned)
                .ok_or_else(|| unexpected(command, word))?;
            if let Some(extra) = rest.first() {
                return Err(unexpected(command, extra));
            }
            value
        }
    };
    value
        .parse::<u32>()
        .map(Some)
        .map_err(|_| ParseError::BadRange {
            key: "move".to_owned(),
            value: quote(&value),
            min: 0,
            max: MAX_MOVE,
        })
}

/// The highest move number `move:` takes (games end long before).
const MAX_MOVE: u32 = 9999;

fn unexpected(command: &'static str, word: &str) -> ParseError {
    ParseError::UnexpectedWord {
        command: command.to_owned(),
        word: quote(word),
    }
}

pub(super) fn only_id(command: &'static str, args: &[&str]) -> Result<GameRef, ParseError> {
    let (id, words) = split_id(args)?;
    match words.first() {
        None => Ok(id),
        Some(word) => Err(unexpected(command, word)),
    }
}
