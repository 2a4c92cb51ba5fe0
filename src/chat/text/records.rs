//! The records' commands: `leaderboard [global] [live] [page:2]` (or `leaderboard
//! advisers [global]`), `stats [@someone] [live]` (or `stats [@someone] history`) and
//! `history [@someone]`, as Discord's `/oware leaderboard` and `/oware stats` take
//! them. A speed is `live` or `correspondence`, bare or as `speed:live`.

use super::{quote, words::at_most_one, ParseError, ParsedAction};
use crate::service::{Action, Speed};

/// The speed a word names: `live`, `correspondence` (`corr`), or either after
/// `speed:`; `None` for any other word.
fn speed_word(word: &str) -> Option<Speed> {
    let lower = word.to_lowercase();
    lower.strip_prefix("speed:").unwrap_or(&lower).parse().ok()
}

/// The one speed among `args`, if any, and the other words. A second speed is
/// refused.
fn take_speed<'a>(
    command: &'static str,
    args: &[&'a str],
) -> Result<(Option<Speed>, Vec<&'a str>), ParseError> {
    let mut speed = None;
    let mut rest = Vec::with_capacity(args.len());
    for &word in args {
        match speed_word(word) {
            Some(_) if speed.is_some() => {
                return Err(ParseError::UnexpectedWord {
                    command: command.to_owned(),
                    word: quote(word),
                })
            }
            Some(found) => speed = Some(found),
            None => rest.push(word),
        }
    }
    Ok((speed, rest))
}

/// Parses the arguments of the records' command `name`.
pub(super) fn parse_records(name: &'static str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    Ok(match name {
        "leaderboard" => parse_leaderboard(args)?,
        // `stats [@someone] history` is `history [@someone]` (Discord's `history:`).
        "stats" => {
            let history = |w: &&str| w.eq_ignore_ascii_case("history");
            let (speed, rest) = take_speed(name, args)?;
            let user = rest
                .iter()
                .copied()
                .filter(|w| !history(w))
                .collect::<Vec<_>>();
            let user = at_most_one(name, &user)?.map(str::to_owned);
            match (rest.iter().any(history), speed) {
                (false, speed) => ParsedAction::Stats { user, speed },
                (true, None) => ParsedAction::History { user },
                // A history lists every game: no speed.
                (true, Some(speed)) => {
                    return Err(ParseError::UnexpectedWord {
                        command: "stats history".to_owned(),
                        word: quote(&format!("speed:{speed}")),
                    })
                }
            }
        }
        _ => ParsedAction::History {
            user: at_most_one(name, args)?.map(str::to_owned),
        },
    })
}

/// `leaderboard [global] [live|correspondence] [page:2]`, or `leaderboard advisers
/// [global]` (Discord's `of:advisers`).
fn parse_leaderboard(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let mut global = false;
    let mut page = 1;
    let mut advisers = false;
    let mut page_word = None;
    let (speed, args) = take_speed("leaderboard", args)?;
    for word in &args {
        let lower = word.to_lowercase();
        let number = lower.strip_prefix("page:").unwrap_or(&lower);
        if lower == "global" || lower == "all" {
            global = true;
        } else if matches!(lower.as_str(), "advisers" | "advisors" | "of:advisers") {
            advisers = true;
        } else if let Ok(n) = number.parse::<u32>() {
            page_word = Some(*word);
            page = n.max(1);
        } else {
            return Err(ParseError::UnexpectedWord {
                command: "leaderboard".to_owned(),
                word: quote(word),
            });
        }
    }
    // The advisers' ranking is one page, of every speed.
    let refused = match (page_word, speed) {
        (Some(word), _) => Some(quote(word)),
        (None, Some(speed)) => Some(quote(&format!("speed:{speed}"))),
        (None, None) => None,
    };
    if let (true, Some(word)) = (advisers, refused) {
        return Err(ParseError::UnexpectedWord {
            command: "leaderboard advisers".to_owned(),
            word,
        });
    }
    Ok(ParsedAction::Other(if advisers {
        Action::Advisers { global }
    } else {
        Action::Leaderboard {
            global,
            page,
            speed,
        }
    }))
}
