//! The records' commands: `leaderboard [global] [page:2]` (or `leaderboard advisers
//! [global]`), `stats [@someone]` (or `stats [@someone] history`) and `history
//! [@someone]`, as Discord's `/oware leaderboard` and `/oware stats` take them.

use super::{quote, words::at_most_one, ParseError, ParsedAction};
use crate::service::Action;

/// Parses the arguments of the records' command `name`.
pub(super) fn parse_records(name: &'static str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    Ok(match name {
        "leaderboard" => parse_leaderboard(args)?,
        // `stats [@someone] history` is `history [@someone]` (Discord's `history:`).
        "stats" => {
            let history = |w: &&str| w.eq_ignore_ascii_case("history");
            let user = args
                .iter()
                .copied()
                .filter(|w| !history(w))
                .collect::<Vec<_>>();
            let user = at_most_one(name, &user)?.map(str::to_owned);
            if args.iter().any(history) {
                ParsedAction::History { user }
            } else {
                ParsedAction::Stats { user }
            }
        }
        _ => ParsedAction::History {
            user: at_most_one(name, args)?.map(str::to_owned),
        },
    })
}

/// `leaderboard [global] [page:2]`, or `leaderboard advisers [global]` (Discord's
/// `of:advisers`).
fn parse_leaderboard(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let mut global = false;
    let mut page = 1;
    let mut advisers = false;
    let mut page_word = None;
    for word in args {
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
    if let (true, Some(word)) = (advisers, page_word) {
        // The advisers' ranking is one page.
        return Err(ParseError::UnexpectedWord {
            command: "leaderboard advisers".to_owned(),
            word: quote(word),
        });
    }
    Ok(ParsedAction::Other(if advisers {
        Action::Advisers { global }
    } else {
        Action::Leaderboard { global, page }
    }))
}
