//! Unit and property tests of the text command parser's refusals: each says what to
//! type instead, quotes no more than it must, and nothing typed makes it panic.

use proptest::prelude::*;

use super::tests::{action, mv, parsed};
use super::*;

#[test]
fn mistakes_say_what_to_type_instead() {
    let cases: &[(&str, ParseError)] = &[
        (
            "/oware frob",
            ParseError::UnknownCommand("frob".into(), None),
        ),
        ("/move", ParseError::MissingPit("/move".into())),
        ("/move g", ParseError::NotAPit("g".into(), "/move".into())),
        ("/move ab", ParseError::NotAPit("ab".into(), "/move".into())),
        (
            "!oware learn 2 h",
            ParseError::NotAPit("h".into(), "!oware learn 2".into()),
        ),
        (
            "move 3",
            ParseError::PitNotANumber("3".into(), "move".into()),
        ),
        ("/move é", ParseError::NotAPit("é".into(), "/move".into())),
        (
            "/oware advise z",
            ParseError::NotAPitToAdvise("z".into(), "/oware advise".into()),
        ),
        (
            "!oware conseiller",
            ParseError::MissingPitToAdvise("!oware conseiller".into()),
        ),
        (
            "/oware learn 2 h",
            ParseError::NotAPit("h".into(), "/oware learn 2".into()),
        ),
        ("/oware replay", ParseError::MissingGame),
        ("/oware move c #x", ParseError::BadId("#x".into())),
        (
            "/oware play @bob colour:red",
            ParseError::UnknownOption("colour:red".into()),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_command(text).as_ref(), Err(expected), "{text}");
    }
    let err = parse_command("/oware play @bob rated:maybe").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`rated:maybe` is not valid: use rated:yes|no."
    );
    for bad in [
        "time:0d",
        "time:-1h",
        "time:99999d",
        "time:soon",
        "time:",
        "time:0+5",
    ] {
        let err = parse_command(&format!("/oware play @bob {bad}")).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, ParseError::BadTime(_)), "{bad}: {text}");
        assert!(
            text.contains("time:3d") && text.contains("time:5+3") && text.contains("time:none"),
            "{bad}: {text}"
        );
    }
    assert_eq!(
        action("/oware abort #4"),
        Action::Abort {
            game: Some(crate::service::GameId::new(4))
        }
    );
    assert_eq!(action("!oware rematch"), Action::Rematch { game: None });
    assert_eq!(
        action("/oware reissue #9"),
        Action::Reissue {
            challenge: crate::service::ChallengeId::new(9)
        }
    );
    assert_eq!(
        parse_command("/oware reissue"),
        Err(ParseError::MissingChallenge)
    );
    let err = parse_command("/oware play @bob @carol").unwrap_err();
    assert!(err.to_string().contains("@carol"), "{err}");
    assert!(parse_command("/oware frob")
        .unwrap_err()
        .to_string()
        .contains("/oware help"));
}

#[test]
fn long_input_is_not_echoed_back_whole() {
    let long = format!("/oware {}", "x".repeat(5000));
    let err = parse_command(&long).unwrap_err().to_string();
    assert!(err.len() < 200, "{err}");
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_command(&text);
    }

    #[test]
    fn arbitrary_command_words_never_panic(
        prefix in prop::sample::select(vec!["/oware ", "!oware ", "/", "!", ""]),
        words in prop::collection::vec("[#@:=a-zA-Z0-9é_-]{0,12}", 0..6),
    ) {
        let text = format!("{prefix}{}", words.join(" "));
        let _ = parse_command(&text);
    }
}

#[test]
fn shared_rooms_need_the_prefix_and_commands_have_a_length_cap() {
    assert!(parse_command("move c").unwrap().is_some());
    // A bare `move` in the console is answered like `/move` (which pits to name).
    assert_eq!(
        parse_command("move"),
        Err(ParseError::MissingPit("move".into()))
    );
    assert_eq!(parse_prefixed("move"), Ok(None));
    assert_eq!(parse_prefixed("move c"), Ok(None));
    assert_eq!(parse_prefixed("move c #12"), Ok(None));
    assert!(parse_prefixed("!move c").unwrap().is_some());
    assert!(parse_prefixed("!oware board").unwrap().is_some());
    let long = format!("/oware play @bob {}", "x".repeat(600));
    assert_eq!(parse_command(&long), Err(ParseError::TooLong(617)));
    // Ordinary chat is never too long: it is not ours.
    assert_eq!(parse_prefixed(&"word ".repeat(200)), Ok(None));
}

#[test]
fn a_command_without_its_slash_is_answered_with_it_where_every_line_is_read() {
    assert_eq!(
        parse_command("oware play @bob"),
        Err(ParseError::MissingSlash("/oware play @bob".into()))
    );
    assert_eq!(
        parse_command("Oware jouer @bob time:5+3"),
        Err(ParseError::MissingSlash(
            "/oware jouer @bob time:5+3".into()
        ))
    );
    let words = parse_command("oware help")
        .unwrap_err()
        .words(&crate::i18n::Language::english());
    assert_eq!(words, "Commands start with a slash: `/oware help`.");
    // Chat about the game is not a command; nor is it in a shared room.
    assert_eq!(parse_command("oware is a lovely game"), Ok(None));
    assert_eq!(parse_prefixed("oware play @bob"), Ok(None));
}

#[test]
fn mistakes_quote_what_was_typed_and_suggest_the_nearest_command() {
    let text = |t: &str| parse_command(t).unwrap_err().to_string();
    assert_eq!(
        text("/move c please"),
        "`/move` does not take `please`. Type `/oware help` for examples."
    );
    assert!(text("!oware move c please").starts_with("`!oware move` does not take"));
    assert!(
        text("/move 3").contains("pits are letters"),
        "{}",
        text("/move 3")
    );
    assert!(text("/move 3").contains("`/move c`"));
    assert!(text("/move").contains("`/move c`"));
    assert!(text("/oware plya @bob").contains("Did you mean `/oware play`?"));
    assert!(
        text("/moev d").contains("Did you mean `/move d`?"),
        "{}",
        text("/moev d")
    );
    assert!(
        text("mvoe d").contains("Did you mean `move d`?"),
        "{}",
        text("mvoe d")
    );
    assert!(
        text("/owre play").contains("Did you mean `/oware play`?"),
        "{}",
        text("/owre play")
    );
    // In a shared room only `!` typos are answered; strangers' commands are not ours.
    assert!(parse_prefixed("!moev d").is_err());
    assert_eq!(parse_prefixed("/moev d"), Ok(None));
    assert_eq!(parse_prefixed("mvoe d"), Ok(None));
    assert_eq!(parse_command("!ban someone"), Ok(None));
    // `@ bob` means `@bob`; a `#12` still names a game after a move.
    let ParsedAction::Play { opponent, .. } = parsed("/oware play @ bob") else {
        panic!("a play");
    };
    assert_eq!(opponent, "@bob");
    assert_eq!(
        action("/move c #12"),
        mv("c", Some(crate::service::GameId::new(12)))
    );
    // Challenges are numbered apart from games.
    assert_eq!(
        action("/oware accept c7"),
        Action::Accept {
            challenge: Some(crate::service::ChallengeId::new(7))
        }
    );
    assert_eq!(
        action("/oware accept #c7"),
        Action::Accept {
            challenge: Some(crate::service::ChallengeId::new(7))
        }
    );
    assert_eq!(
        action("/oware decline 7"),
        Action::Decline {
            challenge: Some(crate::service::ChallengeId::new(7))
        }
    );
    assert!(text("/oware board c7").contains("is a challenge"));
}

#[test]
fn control_characters_separate_words() {
    // PostgreSQL cannot store a NUL: it never reaches a command's words.
    assert_eq!(
        parse_prefixed("!oware link \0"),
        parse_prefixed("!oware link")
    );
    assert_eq!(parse_command("move\0c"), parse_command("move c"));
}

#[test]
fn an_onlooker_is_told_of_the_side_to_move_not_of_their_own_pits() {
    let lang = crate::i18n::Language::english();
    for text in ["/oware advise z", "/oware advise", "!oware suggest 7x"] {
        let words = parse_command(text).unwrap_err().words(&lang);
        assert!(
            words.contains("the side to move") && !words.contains("your own pits"),
            "{text}: {words}"
        );
    }
    let mover = parse_command("/move z").unwrap_err().words(&lang);
    assert!(mover.contains("your own pits"), "{mover}");
}
