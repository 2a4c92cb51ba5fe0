//! `tournament …`: `create My Cup format:swiss rounds:3 time:3d rated:yes`,
//! `join [T2]`, `leave`, `start`, `standings`. Words that are not `key:value`
//! make the name; a tournament is named by its number (`T2`, `#2` or `2`).

use super::{quote, ParseError, ParsedAction};
use crate::service::{Action, Format, TournamentAction, TournamentOptions};

const USAGE: &str = "/oware tournament create|join|leave|start|standings";
const CREATE: &str =
    "/oware tournament create My Cup format:round-robin|swiss rounds:3 time:3d rated:yes";

pub(super) fn parse_tournament(args: &[&str]) -> Result<ParsedAction, ParseError> {
    let Some((sub, rest)) = args.split_first() else {
        return Ok(ParsedAction::Other(Action::Tournament(
            TournamentAction::Overview,
        )));
    };
    let action = match sub.to_lowercase().as_str() {
        "create" | "new" => TournamentAction::Create(options(rest)?),
        "join" | "enter" => TournamentAction::Join(number(rest)?),
        "leave" | "withdraw" => TournamentAction::Leave(number(rest)?),
        "start" | "begin" => TournamentAction::Start(number(rest)?),
        "standings" | "table" | "crosstable" | "show" => TournamentAction::Standings(number(rest)?),
        "help" => TournamentAction::Overview,
        _ => return Err(ParseError::Usage(USAGE)),
    };
    Ok(ParsedAction::Other(Action::Tournament(action)))
}

/// An optional tournament number: `T2`, `#2`, `2`, `tournament:2`.
fn number(args: &[&str]) -> Result<Option<crate::service::TournamentId>, ParseError> {
    match args {
        [] => Ok(None),
        [word] => {
            let lower = word.to_lowercase();
            let digits = lower
                .strip_prefix("tournament:")
                .unwrap_or(&lower)
                .trim_start_matches(['t', '#']);
            digits
                .parse::<i64>()
                .ok()
                .filter(|&n| n > 0)
                .map(|n| Some(crate::service::TournamentId::new(n)))
                .ok_or_else(|| ParseError::BadId(quote(word)))
        }
        _ => Err(ParseError::Usage(USAGE)),
    }
}

fn options(args: &[&str]) -> Result<TournamentOptions, ParseError> {
    let mut options = TournamentOptions::default();
    let mut name = Vec::new();
    for word in args {
        let Some((key, value)) = word
            .split_once(':')
            .filter(|(k, v)| !k.is_empty() && !v.is_empty())
        else {
            name.push(*word);
            continue;
        };
        let bad = |expected| ParseError::BadOption {
            key: key.to_owned(),
            value: quote(value),
            expected,
        };
        let lower = value.to_lowercase();
        match key.to_lowercase().as_str() {
            "name" => name.push(value),
            "format" => {
                options.format = Some(match lower.as_str() {
                    "round-robin" | "roundrobin" | "rr" | "all-play-all" => Format::RoundRobin,
                    "swiss" => Format::Swiss,
                    _ => return Err(bad("round-robin|swiss")),
                });
            }
            "rounds" => {
                options.rounds = Some(
                    lower
                        .parse()
                        .ok()
                        .filter(|n| (1..=20).contains(n))
                        .ok_or_else(|| ParseError::BadRange {
                            key: key.to_owned(),
                            value: quote(value),
                            min: 1,
                            max: 20,
                        })?,
                );
            }
            "double" => options.double = yes_no(&lower).ok_or_else(|| bad("yes|no"))?,
            "rated" => options.rated = Some(yes_no(&lower).ok_or_else(|| bad("yes|no"))?),
            "time" => options.time = Some(value.to_owned()),
            _ => return Err(ParseError::Usage(CREATE)),
        }
    }
    options.name = name.join(" ");
    if options.name.is_empty() {
        return Err(ParseError::Usage(CREATE));
    }
    Ok(options)
}

fn yes_no(word: &str) -> Option<bool> {
    match word {
        "yes" | "y" | "true" | "on" => Some(true),
        "no" | "n" | "false" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<TournamentAction, ParseError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match parse_tournament(&words)? {
            ParsedAction::Other(Action::Tournament(action)) => Ok(action),
            other => panic!("not a tournament action: {other:?}"),
        }
    }

    #[test]
    fn create_takes_a_name_of_several_words_and_options_in_any_order() {
        let TournamentAction::Create(options) =
            parse("create rounds:3 Autumn Cup format:swiss time:1d rated:no").unwrap()
        else {
            panic!("not a create");
        };
        assert_eq!(options.name, "Autumn Cup");
        assert_eq!(options.format, Some(Format::Swiss));
        assert_eq!(options.rounds, Some(3));
        assert_eq!(options.time.as_deref(), Some("1d"));
        assert_eq!(options.rated, Some(false));
        assert!(!options.double);
    }

    #[test]
    fn a_tournament_is_named_by_its_number_in_any_common_form() {
        for word in ["T2", "t2", "#2", "2", "tournament:2"] {
            assert_eq!(
                parse(&format!("join {word}")),
                Ok(TournamentAction::Join(Some(
                    crate::service::TournamentId::new(2)
                )))
            );
        }
        assert_eq!(parse("standings"), Ok(TournamentAction::Standings(None)));
        assert_eq!(parse(""), Ok(TournamentAction::Overview));
        assert!(matches!(parse("join tx"), Err(ParseError::BadId(_))));
    }

    #[test]
    fn bad_options_say_what_to_type() {
        let err = parse("create Cup format:knockout").unwrap_err();
        assert!(err.to_string().contains("round-robin|swiss"), "{err}");
        let err = parse("create Cup rounds:99").unwrap_err();
        assert!(err.to_string().contains("1 to 20"), "{err}");
        assert_eq!(parse("create format:swiss"), Err(ParseError::Usage(CREATE)));
        assert_eq!(parse("frobnicate"), Err(ParseError::Usage(USAGE)));
    }
}
