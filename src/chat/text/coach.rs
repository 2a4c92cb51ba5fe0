//! The coach's commands: `analyse [#12]`, `advisers [global]`, `puzzle [daily]`,
//! `solve c` and the lessons' `learn [n] [pit]`.

use super::{
    only_id, quote,
    words::{at_most_one, pit_word},
    ParseError, ParsedAction,
};
use crate::{rules::Typed, service::Action};

/// The option that answers a puzzle: `puzzle answer:c`.
const ANSWER: &str = "answer:";

/// Parses the arguments of the coach's command `name`.
pub(super) fn parse_coach(name: &'static str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    let flag = |word: &str, accepted: &[&str]| {
        let lower = word.to_lowercase();
        if accepted.contains(&lower.as_str()) {
            Ok(true)
        } else {
            Err(ParseError::UnexpectedWord {
                command: name.to_owned(),
                word: quote(word),
            })
        }
    };
    let one_flag = |accepted: &[&str]| match args {
        [] => Ok(false),
        [word] => flag(word, accepted),
        [_, extra, ..] => Err(ParseError::UnexpectedWord {
            command: name.to_owned(),
            word: quote(extra),
        }),
    };
    let action = match name {
        "analyse" => Action::Analyse {
            game: only_id(name, args)?,
        },
        // `learn [n] [pit]`: the next lesson, lesson n, or an answer in it.
        "learn" => match args {
            [] => Action::Learn {
                lesson: None,
                answer: None,
            },
            [number, rest @ ..] => {
                let lesson = number.trim_start_matches('#').parse::<u8>().map_err(|_| {
                    ParseError::UnexpectedWord {
                        command: name.to_owned(),
                        word: quote(number),
                    }
                })?;
                Action::Learn {
                    lesson: Some(lesson),
                    answer: at_most_one(name, rest)?
                        .map(|pit| pit_word(&format!("/oware {name} {lesson}"), pit))
                        .transpose()?,
                }
            }
        },
        "advisers" => Action::Advisers {
            global: one_flag(&["global", "all"])?,
        },
        // `puzzle answer:c` answers (as Discord's `/oware puzzle answer:c`).
        // `answer: c` (a space after the colon) is the same answer.
        "puzzle" => match args {
            [word, rest @ ..]
                if word
                    .get(..ANSWER.len())
                    .is_some_and(|key| key.eq_ignore_ascii_case(ANSWER)) =>
            {
                let glued = &word[ANSWER.len()..];
                let mut words = std::iter::once(glued)
                    .filter(|w| !w.is_empty())
                    .chain(rest.iter().copied());
                let Some(answer) = words.next() else {
                    return Err(ParseError::BadAnswer(None));
                };
                if let Some(extra) = words.next() {
                    return Err(ParseError::UnexpectedWord {
                        command: "/oware puzzle".to_owned(),
                        word: quote(extra),
                    });
                }
                let Ok(pit) = Typed::parse(answer) else {
                    return Err(ParseError::BadAnswer(Some(quote(answer))));
                };
                Action::Solve { pit, puzzle: None }
            }
            _ => Action::Puzzle {
                daily: one_flag(&["daily", "today", "quotidien", "jour"])?,
            },
        },
        _ => match args {
            [] => return Err(ParseError::MissingPit(format!("/oware {name}"))),
            [pit] => Action::Solve {
                pit: pit_word(&format!("/oware {name}"), pit)?,
                puzzle: None,
            },
            [_, extra, ..] => {
                return Err(ParseError::UnexpectedWord {
                    command: name.to_owned(),
                    word: quote(extra),
                })
            }
        },
    };
    Ok(ParsedAction::Other(action))
}

#[cfg(test)]
mod tests {
    use crate::chat::text::{parse_command, ParseError, ParsedAction};
    use crate::service::Action;

    fn action(text: &str) -> Action {
        match parse_command(text) {
            Ok(Some(ParsedAction::Other(action))) => action,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_puzzle_answer_is_a_pit_letter_and_each_refusal_gives_one_that_works() {
        let solve = |pit: &str| Action::Solve {
            pit: pit.parse().expect("a pit letter"),
            puzzle: None,
        };
        assert_eq!(action("/oware puzzle answer:c"), solve("c"));
        assert_eq!(action("/oware puzzle answer: D"), solve("D"));
        let empty = parse_command("/oware puzzle answer:").unwrap_err();
        assert_eq!(empty, ParseError::BadAnswer(None));
        let number = parse_command("/oware puzzle answer:5").unwrap_err();
        assert_eq!(number, ParseError::BadAnswer(Some("5".to_owned())));
        for refusal in [empty, number] {
            let text = refusal.to_string();
            // The example given is the first one accepted above.
            assert!(text.contains("`/oware puzzle answer:c`"), "{text}");
            assert!(!text.contains("``"), "{text}");
        }
        assert!(matches!(
            parse_command("/oware puzzle answer: c d"),
            Err(ParseError::UnexpectedWord { .. })
        ));
    }

    #[test]
    fn coach_commands_parse() {
        assert_eq!(
            action("/oware analyse #12"),
            Action::Analyse {
                game: Some(crate::service::GameId::new(12))
            }
        );
        assert_eq!(action("/oware analyze"), Action::Analyse { game: None });
        assert_eq!(
            action("/oware review 7"),
            Action::Analyse {
                game: Some(crate::service::GameId::new(7))
            }
        );
        assert_eq!(
            action("/oware advisers"),
            Action::Advisers { global: false }
        );
        assert_eq!(
            action("/oware advisers global"),
            Action::Advisers { global: true }
        );
        assert_eq!(action("/oware puzzle"), Action::Puzzle { daily: false });
        assert_eq!(
            action("/oware puzzle daily"),
            Action::Puzzle { daily: true }
        );
        assert_eq!(
            action("/oware solve c"),
            Action::Solve {
                pit: "c".parse().expect("a pit letter"),
                puzzle: None
            }
        );
        assert_eq!(
            action("!solve D"),
            Action::Solve {
                pit: "D".parse().expect("a pit letter"),
                puzzle: None
            }
        );
    }

    #[test]
    fn coach_mistakes_say_what_to_type() {
        for (text, expected) in [
            ("/oware solve", "Which pit?"),
            ("/oware solve 3", "is a number"),
            ("/oware solve c d", "does not take `d`"),
            ("/oware puzzle weekly", "does not take `weekly`"),
            ("/oware advisers everyone", "does not take `everyone`"),
            ("/oware analyse c3", "is a challenge"),
        ] {
            let err: ParseError = parse_command(text).expect_err(text);
            assert!(err.to_string().contains(expected), "{text}: {err}");
        }
    }
}
