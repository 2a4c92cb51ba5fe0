//! `admin …` (moderation, for those who administer the place) and `report #12 why`:
//! a game id or a mention, then free words that make the reason (`reason:` before
//! the first is allowed, as Discord shows the option).

use super::{quote, words::id_word, ParseError, ParsedAction};
use crate::service::{Action, AdminAction, BanLength};

/// The usage of each command, shown when its arguments are missing or wrong.
const ABORT: &str = "/oware admin abort #12 why";
const ADJUDICATE: &str = "/oware admin adjudicate #12 @winner|draw why";
const BAN: &str = "/oware admin ban @someone [days|forever] why";
const UNBAN: &str = "/oware admin unban @someone";
const FORGET: &str = "/oware admin forget @someone why";
const REPORT: &str = "/oware report #12 why";

/// The reason: the words joined, without a leading `reason:`.
fn reason(words: &[&str]) -> String {
    let text = words.join(" ");
    for key in ["reason:", "why:"] {
        if text
            .get(..key.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(key))
        {
            return text[key.len()..].trim().to_owned();
        }
    }
    text
}

/// A game id (`#12`, `12`, `game:12`) as the first word.
fn game<'a>(args: &'a [&'a str], usage: &'static str) -> Result<(i64, &'a [&'a str]), ParseError> {
    let (first, rest) = args.split_first().ok_or(ParseError::Usage(usage))?;
    match id_word(first) {
        Some(id) => Ok((id?, rest)),
        None => Err(ParseError::Usage(usage)),
    }
}

/// A mention as the first word (`@bob`, `@ bob`, `winner:@bob`, `user:@bob`).
fn mention(args: &[&str], usage: &'static str) -> Result<(String, usize), ParseError> {
    let first = args.first().ok_or(ParseError::Usage(usage))?;
    let first = ["winner:", "user:"]
        .iter()
        .find_map(|key| first.strip_prefix(key))
        .unwrap_or(first);
    match (first, args.get(1)) {
        ("@", Some(next)) => Ok((format!("@{}", next.trim_start_matches('@')), 2)),
        ("", _) | ("@", None) => Err(ParseError::Usage(usage)),
        (word, _) if id_word(word).is_some() => Err(ParseError::Usage(usage)),
        (word, _) => Ok((word.to_owned(), 1)),
    }
}

pub(super) fn parse_report(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let (game, rest) = game(args, REPORT)?;
    Ok(ParsedAction::Other(Action::Report {
        game: crate::service::GameId::new(game),
        reason: reason(rest),
    }))
}

pub(super) fn parse_admin(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let Some((sub, args)) = args.split_first() else {
        return Ok(ParsedAction::Other(Action::admin(AdminAction::Usage)));
    };
    let no_more = |command: &str, args: &[&str]| match args.first() {
        None => Ok(()),
        Some(word) => Err(ParseError::UnexpectedWord {
            command: command.to_owned(),
            word: quote(word),
        }),
    };
    Ok(match sub.to_lowercase().as_str() {
        "status" => {
            no_more("/oware admin status", args)?;
            ParsedAction::Other(Action::Status)
        }
        "abort" => {
            let (game, rest) = game(args, ABORT)?;
            ParsedAction::Other(Action::admin(AdminAction::Abort {
                game: crate::service::GameId::new(game),
                reason: reason(rest),
            }))
        }
        "adjudicate" | "decide" => {
            let (game, rest) = game(args, ADJUDICATE)?;
            // `draw` (or `winner:draw`) instead of a winner; a player named so is
            // `@draw`.
            if rest.first().is_some_and(|word| {
                let word = word.to_lowercase();
                word == "draw" || word == "winner:draw"
            }) {
                return Ok(ParsedAction::Other(Action::admin(
                    AdminAction::Adjudicate {
                        game: crate::service::GameId::new(game),
                        winner: None,
                        reason: reason(&rest[1..]),
                    },
                )));
            }
            let (winner, used) = mention(rest, ADJUDICATE)?;
            ParsedAction::Adjudicate {
                game,
                winner,
                reason: reason(&rest[used..]),
            }
        }
        "ban" => {
            let (user, used) = mention(args, BAN)?;
            let rest = &args[used..];
            let length = match rest.first() {
                Some(word) => ban_length(word)?,
                None => None,
            };
            let rest = if length.is_some() { &rest[1..] } else { rest };
            ParsedAction::Ban {
                user,
                length,
                reason: reason(rest),
            }
        }
        "unban" => {
            let (user, used) = mention(args, UNBAN)?;
            no_more("/oware admin unban", &args[used..])?;
            ParsedAction::Unban { user }
        }
        "forget" | "erase" => {
            let (user, used) = mention(args, FORGET)?;
            ParsedAction::Forget {
                user,
                reason: reason(&args[used..]),
            }
        }
        "help" => {
            no_more("/oware admin help", args)?;
            ParsedAction::Other(Action::admin(AdminAction::Usage))
        }
        "bans" | "banned" => {
            no_more("/oware admin bans", args)?;
            ParsedAction::Other(Action::admin(AdminAction::Bans))
        }
        "log" | "audit" => {
            no_more("/oware admin log", args)?;
            ParsedAction::Other(Action::admin(AdminAction::Log))
        }
        "redeliver" | "resend" => {
            no_more("/oware admin redeliver", args)?;
            ParsedAction::Other(Action::admin(AdminAction::Redeliver))
        }
        _ => return Err(ParseError::UnknownAdmin(quote(sub))),
    })
}

/// The length word of a ban: `7`, `7d`, `days:7` or `forever`; `None` when the
/// word is not one (it starts the reason); a number that is no length (`-3`, `0`,
/// `1.5`) is refused rather than read as a permanent ban.
fn ban_length(word: &str) -> Result<Option<BanLength>, ParseError> {
    let lower = word.to_lowercase();
    if matches!(lower.as_str(), "forever" | "permanent" | "permanently") {
        return Ok(Some(BanLength::Forever));
    }
    let number = lower
        .strip_prefix("days:")
        .or_else(|| lower.strip_suffix('d'))
        .unwrap_or(&lower);
    let numeric =
        number.starts_with(['-', '+']) || number.starts_with(|c: char| c.is_ascii_digit());
    if !numeric && !lower.starts_with("days:") {
        return Ok(None);
    }
    match number.parse::<u32>() {
        Ok(days) if (1..=3650).contains(&days) => Ok(Some(BanLength::Days(days))),
        _ => Err(ParseError::Usage(BAN)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use super::*;

    fn parsed(text: &str) -> ParsedAction {
        parse_command(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .unwrap_or_else(|| panic!("{text}: not addressed to the bot"))
    }

    fn error(text: &str) -> String {
        parse_command(text).expect_err(text).to_string()
    }

    #[test]
    fn admin_subcommands_take_an_id_or_a_mention_then_a_reason() {
        let admin = |a| ParsedAction::Other(Action::admin(a));
        assert_eq!(parsed("/oware admin"), admin(AdminAction::Usage));
        assert_eq!(parsed("!oware admin log"), admin(AdminAction::Log));
        assert_eq!(parsed("!oware admin bans"), admin(AdminAction::Bans));
        assert_eq!(parsed("/oware admin banned"), admin(AdminAction::Bans));
        assert_eq!(
            parsed("/oware admin redeliver"),
            admin(AdminAction::Redeliver)
        );
        assert_eq!(
            parsed("/oware admin abort #12 reason: two  accounts, one player"),
            admin(AdminAction::Abort {
                game: crate::service::GameId::new(12),
                reason: "two accounts, one player".into()
            })
        );
        assert_eq!(
            parsed("/oware admin adjudicate 12 @ alice stalled"),
            ParsedAction::Adjudicate {
                game: 12,
                winner: "@alice".into(),
                reason: "stalled".into()
            }
        );
        for draw in [
            "/oware admin adjudicate #12 draw both left",
            "/oware admin decide 12 winner:Draw reason: both left",
        ] {
            assert_eq!(
                parsed(draw),
                admin(AdminAction::Adjudicate {
                    game: crate::service::GameId::new(12),
                    winner: None,
                    reason: "both left".into()
                }),
                "{draw}"
            );
        }
        assert_eq!(
            parsed("/oware admin adjudicate 12 @draw stalled").mention(),
            Some("@draw")
        );
        assert_eq!(
            parsed("/oware admin ban @bob:example.org 7 spam in chat"),
            ParsedAction::Ban {
                user: "@bob:example.org".into(),
                length: Some(BanLength::Days(7)),
                reason: "spam in chat".into()
            }
        );
        assert_eq!(
            parsed("/oware admin ban @bob"),
            ParsedAction::Ban {
                user: "@bob".into(),
                length: None,
                reason: String::new()
            }
        );
        // `forever` is a length, not the start of the reason.
        assert_eq!(
            parsed("/oware admin ban @gina forever spam"),
            ParsedAction::Ban {
                user: "@gina".into(),
                length: Some(BanLength::Forever),
                reason: "spam".into()
            }
        );
        // A number that is no length is refused, not read as a permanent ban.
        for bad in ["-3", "0", "1.5", "days:x", "9999"] {
            let text = error(&format!("/oware admin ban @gina {bad} spam"));
            assert!(text.contains("[days|forever]"), "{bad}: {text}");
        }
        assert_eq!(
            parsed("/oware admin unban <@123>"),
            ParsedAction::Unban {
                user: "<@123>".into()
            }
        );
        assert_eq!(
            parsed("/oware report #3 rude"),
            ParsedAction::Other(Action::Report {
                game: crate::service::GameId::new(3),
                reason: "rude".into()
            })
        );
        assert_eq!(parsed("/oware admin unban @bob").mention(), Some("@bob"));
    }

    #[test]
    fn misuse_says_how_to_type_it() {
        assert!(error("/oware admin abort").contains("/oware admin abort #12 why"));
        assert!(error("/oware admin adjudicate #12").contains("@winner"));
        assert!(error("/oware admin ban #12").contains("/oware admin ban @someone"));
        assert!(error("/oware report rude").contains("/oware report #12 why"));
        assert!(error("/oware admin frob").contains("status, abort, adjudicate, ban"));
        assert!(error("/oware admin frob").contains("redeliver and help"));
        assert!(error("/oware admin log now").contains("now"));
        assert!(error("/oware admin bans @bob").contains("@bob"));
        // A reason in any script, `İ` included, is kept as typed.
        assert!(matches!(
            parsed("/oware report #1 İİ reason"),
            ParsedAction::Other(Action::Report { .. })
        ));
    }
}
