//! `play [@someone] key:value …`: the opponent's mention (none: an open challenge)
//! and the challenge options (`first:`, `rated:`, `variant:`, `advice:`, `level:`,
//! `time:`, `reminders:`); and the author's own `vacation` and `forget-me`.

use super::{quote, ParseError, ParsedAction};
use crate::{
    rules::Variant,
    service::{Action, ChallengeOptions, First, Level, TimeControl, VacationRequest},
};

pub(super) fn parse_play(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let mut options = ChallengeOptions::default();
    let mut opponent: Option<String> = None;
    // `@ bob` (a space after the @) means `@bob`.
    let mut joined: Vec<String> = Vec::with_capacity(args.len());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match (*word, words.clone().next()) {
            ("@", Some(next)) if !next.contains(':') || next.starts_with('@') => {
                joined.push(format!("@{}", next.trim_start_matches('@')));
                words.next();
            }
            _ => joined.push((*word).to_owned()),
        }
    }
    for word in joined.iter().map(String::as_str) {
        let Some((key, value)) = word.split_once([':', '=']).filter(|(k, _)| {
            // `@bob:example.org` is a Matrix mention, not an option.
            !k.starts_with('@') && !k.starts_with('<')
        }) else {
            if opponent.replace(word.to_owned()).is_some() {
                return Err(ParseError::UnexpectedWord {
                    command: "play".to_owned(),
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
            "time" | "clock" => {
                options.time = Some(value.parse::<TimeControl>()?);
            }
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
    // No one named: an open challenge, for anyone here.
    Ok(match opponent {
        Some(opponent) => ParsedAction::Play { opponent, options },
        None => ParsedAction::Other(crate::service::Action::Open { options }),
    })
}

fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" | "y" | "true" | "on" | "1" => Some(true),
        "no" | "n" | "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `vacation` (how it stands), `vacation 7d` (`7`, `7 days`, `2w`, `days:7`) or
/// `vacation off` (back now).
pub(super) fn parse_vacation(name: &str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    let unexpected = |word: &str| ParseError::UnexpectedWord {
        command: name.to_owned(),
        word: quote(word),
    };
    let request = match args {
        [] => VacationRequest::Status,
        [word, rest @ ..] => {
            let lower = word.to_lowercase();
            let value = lower.strip_prefix("days:").unwrap_or(&lower);
            if ["off", "end", "stop", "back", "over", "done"].contains(&value) {
                if let Some(extra) = rest.first() {
                    return Err(unexpected(extra));
                }
                VacationRequest::End
            } else {
                let digits = value.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                let unit = &value[digits.len()..];
                let unit = match (unit, rest) {
                    ("", [unit]) => unit.to_lowercase(),
                    (_, []) => unit.to_owned(),
                    (_, [extra, ..]) => return Err(unexpected(extra)),
                };
                let per = match unit.as_str() {
                    "" | "d" | "day" | "days" => 1,
                    "w" | "week" | "weeks" => 7,
                    _ => return Err(unexpected(word)),
                };
                // Too many digits for a number: the service refuses it by its size.
                let count = match digits.parse::<u32>() {
                    Ok(count) => count,
                    Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                        u32::MAX
                    }
                    Err(_) => return Err(unexpected(word)),
                };
                VacationRequest::Start {
                    days: count.saturating_mul(per),
                }
            }
        }
    };
    Ok(ParsedAction::Other(Action::Vacation(request)))
}

/// Whether `word` confirms (`confirm`, `yes`, `confirm:true`; in French
/// `confirmer`, `oui`).
fn confirms(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "confirm"
            | "confirmed"
            | "yes"
            | "confirm:true"
            | "confirm:yes"
            | "confirmer"
            | "oui"
            | "confirm:oui"
    )
}

/// `link` (a code), `link CODE` (asks first) or `link CODE confirm`.
pub(super) fn parse_link(name: &str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    let (code, confirmed) = match args {
        [] => (None, false),
        [code] => (Some(*code), false),
        [code, word] if confirms(word) => (Some(*code), true),
        [_, word, ..] => {
            return Err(ParseError::UnexpectedWord {
                command: name.to_owned(),
                word: quote(word),
            })
        }
    };
    Ok(ParsedAction::Other(Action::Link {
        code: code.map(crate::service::LinkCode::new),
        confirmed,
    }))
}

/// `forget-me` (asks first) or `forget-me confirm` (`yes`, `confirm:true`).
pub(super) fn parse_forget_me(name: &str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    let confirmed = match args {
        [] => false,
        [word] if confirms(word) => true,
        [word, ..] => {
            return Err(ParseError::UnexpectedWord {
                command: name.to_owned(),
                word: quote(word),
            })
        }
    };
    Ok(ParsedAction::Other(Action::ForgetMe { confirmed }))
}
