//! Text commands as typed in a Matrix room (`!oware play @bob:localhost`, `!move c`,
//! `!advise d`) into service [`Action`]s.
//!
//! A stand-in until the shared parser (`service::parse`) lands; it knows nothing
//! about games, only words.

use std::str::FromStr;

use crate::rules::Variant;
use crate::service::{Action, ChallengeOptions, First, Level, User};

/// What a message meant.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Not addressed to the bot: ignore it.
    NotCommand,
    /// Addressed to the bot but malformed: answer with this hint.
    Usage(String),
    /// A command for the service.
    Action(Action),
}

const USAGE: &str = "I did not understand that. Try `!oware help`.";

/// Parses one message body. `mentioned` are the users the message mentions
/// (`m.mentions` and pills), used when `play`/`stats`/`history` name nobody in text.
#[must_use]
pub fn parse(body: &str, mentioned: &[String]) -> Parsed {
    let mut words = body.split_whitespace();
    let Some(first) = words.next() else {
        return Parsed::NotCommand;
    };
    let first = first.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    let result = match first.as_str() {
        "!move" | "/move" => pit_action(&rest, |pit, game| Action::Move {
            pit,
            game,
            ply: None,
        }),
        "!advise" | "/advise" => pit_action(&rest, |pit, game| Action::Advise { pit, game }),
        "!oware" | "/oware" => oware(&rest, mentioned),
        _ => return Parsed::NotCommand,
    };
    match result {
        Ok(action) => Parsed::Action(action),
        Err(hint) => Parsed::Usage(hint),
    }
}

fn pit_action(
    args: &[&str],
    make: impl Fn(String, Option<i64>) -> Action,
) -> Result<Action, String> {
    match args {
        [pit] => Ok(make((*pit).to_string(), None)),
        [pit, game] => Ok(make((*pit).to_string(), Some(game_id(game)?))),
        _ => Err("Name one pit, e.g. `!move c`.".to_string()),
    }
}

fn game_id(word: &str) -> Result<i64, String> {
    word.trim_start_matches('#')
        .parse()
        .map_err(|_| format!("`{}` is not a game number like `#12`.", shorten(word)))
}

fn optional_id(args: &[&str]) -> Result<Option<i64>, String> {
    args.first().map(|w| game_id(w)).transpose()
}

fn oware(args: &[&str], mentioned: &[String]) -> Result<Action, String> {
    let Some((sub, args)) = args.split_first() else {
        return Ok(Action::Help);
    };
    let action = match sub.to_ascii_lowercase().as_str() {
        "play" | "challenge" => play(args, mentioned)?,
        "accept" => Action::Accept {
            challenge: optional_id(args)?,
        },
        "decline" => Action::Decline {
            challenge: optional_id(args)?,
        },
        "cancel" => Action::Cancel {
            challenge: optional_id(args)?,
        },
        "move" => pit_action(args, |pit, game| Action::Move {
            pit,
            game,
            ply: None,
        })?,
        "advise" => pit_action(args, |pit, game| Action::Advise { pit, game })?,
        "board" => Action::Board {
            game: optional_id(args)?,
        },
        "resign" => Action::Resign {
            game: optional_id(args)?,
        },
        "end" => Action::End {
            game: optional_id(args)?,
        },
        "games" => Action::Games,
        "leaderboard" => Action::Leaderboard {
            global: args.iter().any(|a| a.eq_ignore_ascii_case("global")),
            page: args.iter().find_map(|a| a.parse().ok()).unwrap_or(1),
        },
        "stats" => Action::Stats {
            user: named_user(args, mentioned),
        },
        "history" => Action::History {
            user: named_user(args, mentioned),
        },
        "replay" => match args.first() {
            Some(word) => Action::Replay {
                game: game_id(word)?,
            },
            None => return Err("Say which game, e.g. `!oware replay #12`.".to_string()),
        },
        "link" => Action::Link {
            code: args.first().map(|c| (*c).to_string()),
        },
        "rules" => Action::Rules,
        "help" => Action::Help,
        _ => return Err(USAGE.to_string()),
    };
    Ok(action)
}

fn play(args: &[&str], mentioned: &[String]) -> Result<Action, String> {
    let mut options = ChallengeOptions::default();
    let mut named = None;
    for word in args {
        if let Some((key, value)) = word.split_once(':').filter(|_| !word.starts_with('@')) {
            set_option(&mut options, key, value)?;
        } else if word.starts_with('@') && named.is_none() {
            named = Some(user_from_id(word));
        }
    }
    let opponent = named
        .or_else(|| mentioned.first().map(|id| user_from_id(id)))
        .ok_or_else(|| "Name your opponent, e.g. `!oware play @bob:example.org`.".to_string())?;
    Ok(Action::Play { opponent, options })
}

fn set_option(options: &mut ChallengeOptions, key: &str, value: &str) -> Result<(), String> {
    let value_l = value.to_ascii_lowercase();
    let bad = || format!("`{}` is not a valid `{key}`.", shorten(value));
    match key.to_ascii_lowercase().as_str() {
        "first" => {
            options.first = match value_l.as_str() {
                "me" => First::Challenger,
                "them" => First::Opponent,
                "random" => First::Random,
                _ => return Err(bad()),
            }
        }
        "rated" => options.rated = Some(yes_no(&value_l).ok_or_else(bad)?),
        "advice" => options.advice = Some(yes_no(&value_l).ok_or_else(bad)?),
        "variant" => options.variant = Variant::from_str(&value_l).map_err(|_| bad())?,
        "level" => {
            options.level = Some(match value_l.as_str() {
                "easy" => Level::Easy,
                "medium" => Level::Medium,
                "hard" => Level::Hard,
                _ => return Err(bad()),
            });
        }
        _ => return Err(format!("Unknown option `{}`.", shorten(key))),
    }
    Ok(())
}

fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" | "on" | "true" => Some(true),
        "no" | "off" | "false" => Some(false),
        _ => None,
    }
}

fn named_user(args: &[&str], mentioned: &[String]) -> Option<User> {
    args.iter()
        .find(|w| w.starts_with('@'))
        .map(|w| user_from_id(w))
        .or_else(|| mentioned.first().map(|id| user_from_id(id)))
}

/// A user from a typed id; the adapter fills in the display name afterwards.
fn user_from_id(id: &str) -> User {
    let id = id.trim_end_matches([',', '.', ':', ';']);
    let name = id.trim_start_matches('@').split(':').next().unwrap_or(id);
    User {
        id: id.to_string(),
        name: name.to_string(),
        is_bot: false,
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(20).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(body: &str) -> Action {
        match parse(body, &[]) {
            Parsed::Action(a) => a,
            other => panic!("{body}: {other:?}"),
        }
    }

    #[test]
    fn moves_and_advice() {
        assert_eq!(
            action("!move c"),
            Action::Move {
                pit: "c".into(),
                game: None,
                ply: None
            }
        );
        assert_eq!(
            action("!MOVE D #12"),
            Action::Move {
                pit: "D".into(),
                game: Some(12),
                ply: None
            }
        );
        assert_eq!(
            action("!advise b"),
            Action::Advise {
                pit: "b".into(),
                game: None
            }
        );
        assert!(matches!(parse("!move", &[]), Parsed::Usage(_)));
        assert!(matches!(parse("!move c #x", &[]), Parsed::Usage(_)));
    }

    #[test]
    fn play_with_typed_id_options_or_mention() {
        let Action::Play { opponent, options } =
            action("!oware play @bob:localhost first:them variant:forbidden rated:no")
        else {
            panic!("not play");
        };
        assert_eq!(opponent.id, "@bob:localhost");
        assert_eq!(opponent.name, "bob");
        assert_eq!(options.first, First::Opponent);
        assert_eq!(options.variant, Variant::Forbidden);
        assert_eq!(options.rated, Some(false));

        let mentioned = vec!["@carol:example.org".to_string()];
        let Parsed::Action(Action::Play { opponent, .. }) = parse("!oware play Carol", &mentioned)
        else {
            panic!("not play");
        };
        assert_eq!(opponent.id, "@carol:example.org");
        assert!(matches!(parse("!oware play", &[]), Parsed::Usage(_)));
        assert!(matches!(
            parse("!oware play @bob:x first:never", &[]),
            Parsed::Usage(_)
        ));
    }

    #[test]
    fn other_commands_and_non_commands() {
        assert_eq!(action("!oware"), Action::Help);
        assert_eq!(action("!oware help"), Action::Help);
        assert_eq!(action("!oware accept"), Action::Accept { challenge: None });
        assert_eq!(action("!oware resign #3"), Action::Resign { game: Some(3) });
        assert_eq!(action("!oware replay 7"), Action::Replay { game: 7 });
        assert_eq!(
            action("!oware leaderboard global 2"),
            Action::Leaderboard {
                global: true,
                page: 2
            }
        );
        assert!(matches!(parse("!oware dance", &[]), Parsed::Usage(_)));
        assert_eq!(parse("hello there", &[]), Parsed::NotCommand);
        assert_eq!(parse("", &[]), Parsed::NotCommand);
    }
}
