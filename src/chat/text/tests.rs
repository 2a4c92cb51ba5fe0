//! Unit tests of the text command parser: what it understands (its refusals are
//! in `refusal_tests`).

use super::*;
use crate::service::LinkCode;
use crate::service::{ChallengeOptions, GameRef, Speed, User};
use crate::{
    rules::Variant,
    service::{First, Level},
};

pub(super) fn parsed(text: &str) -> ParsedAction {
    parse_command(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .unwrap_or_else(|| panic!("{text}: not addressed to the bot"))
}

pub(super) fn action(text: &str) -> Action {
    match parsed(text) {
        ParsedAction::Other(action) => action,
        other => panic!("{text}: {other:?}"),
    }
}

pub(super) fn mv(pit: &str, game: GameRef) -> Action {
    Action::Move {
        pit: pit.parse().expect("a pit letter"),
        game,
        ply: None,
    }
}

#[test]
fn moves_in_every_spelling() {
    assert_eq!(action("/move c"), mv("c", None));
    assert_eq!(action("!move C"), mv("C", None));
    assert_eq!(action("move c"), mv("c", None));
    assert_eq!(
        action("!oware move c #12"),
        mv("c", Some(crate::service::GameId::new(12)))
    );
    assert_eq!(
        action("/oware move #12 c"),
        mv("c", Some(crate::service::GameId::new(12)))
    );
    assert_eq!(action("/OWARE Move c"), mv("c", None));
    assert_eq!(action("/m e"), mv("e", None));
    assert_eq!(
        action("!advise d"),
        Action::Advise {
            pit: "d".parse().expect("a pit letter"),
            game: None
        }
    );
}

#[test]
fn play_with_every_option() {
    let ParsedAction::Play { opponent, options } = parsed(
        "/oware play @bob first:them rated:no variant:forbidden advice:off level:hard \
             time:12h reminders:off",
    ) else {
        panic!("not a play");
    };
    assert_eq!(opponent, "@bob");
    assert_eq!(
        options,
        ChallengeOptions {
            first: First::Opponent,
            rated: Some(false),
            variant: Variant::Forbidden,
            advice: Some(false),
            level: Some(Level::Hard),
            time: Some("12h".parse().unwrap()),
            reminders: Some(false),
        }
    );
    for (word, time) in [
        ("time:5+3", "5+3"),
        ("time:none", "none"),
        ("time:30M", "30m"),
    ] {
        let ParsedAction::Play { options, .. } = parsed(&format!("/oware play @bob {word}")) else {
            panic!("not a play");
        };
        assert_eq!(options.time.map(|t| t.to_string()).as_deref(), Some(time));
    }
    let ParsedAction::Play { opponent, options } = parsed("!oware play @bob:example.org") else {
        panic!("not a play");
    };
    assert_eq!(opponent, "@bob:example.org");
    assert_eq!(options, ChallengeOptions::default());
}

#[test]
fn resolve_turns_mentions_into_users() {
    let bob = User {
        id: "bob".into(),
        name: "Bob".into(),
        is_bot: false,
    };
    let action = parsed("/oware play @bob rated:yes")
        .resolve(|m| {
            if m == "@bob" {
                Ok(bob.clone())
            } else {
                Err(format!("who is {m}?"))
            }
        })
        .unwrap();
    assert!(matches!(action, Action::Play { ref opponent, .. } if *opponent == bob));
    let err = parsed("/oware stats @carol")
        .resolve(|m| Err::<User, _>(format!("who is {m}?")))
        .unwrap_err();
    assert_eq!(err, "who is @carol?");
}

#[test]
fn short_commands() {
    assert_eq!(action("/oware"), Action::Help);
    assert_eq!(
        parse_command("/oware help foo"),
        Err(ParseError::HelpTopic("foo".into()))
    );
    assert_eq!(action("/oware accept"), Action::Accept { challenge: None });
    assert_eq!(
        action("!oware decline #3"),
        Action::Decline {
            challenge: Some(crate::service::ChallengeId::new(3))
        }
    );
    assert_eq!(
        action("/oware board #7"),
        Action::Board {
            game: Some(crate::service::GameId::new(7)),
            after: None
        }
    );
    let resign = |game, confirmed| Action::Resign { game, confirmed };
    assert_eq!(action("/oware resign"), resign(None, false));
    assert_eq!(
        action("/oware resign #3 confirm"),
        resign(Some(crate::service::GameId::new(3)), true)
    );
    assert_eq!(action("/oware resign CONFIRM"), resign(None, true));
    assert!(matches!(
        parse_command("/oware resign now"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert_eq!(action("/oware end"), Action::End { game: None });
    // The forms Discord's options fold into other commands.
    assert_eq!(
        action("/oware rematch c7"),
        Action::Reissue {
            challenge: crate::service::ChallengeId::new(7)
        }
    );
    assert_eq!(
        action("/oware rematch #7"),
        Action::Rematch {
            game: Some(crate::service::GameId::new(7))
        }
    );
    assert_eq!(
        action("/oware leaderboard advisers global"),
        Action::Advisers { global: true }
    );
    assert!(matches!(
        parse_command("/oware leaderboard advisers 2"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert_eq!(
        parse_command("/oware stats history").unwrap(),
        Some(ParsedAction::History { user: None })
    );
    assert_eq!(
        parse_command("/oware stats @bob history").unwrap(),
        Some(ParsedAction::History {
            user: Some("@bob".into())
        })
    );
    let draw = |game, decline| Action::Draw { game, decline };
    assert_eq!(action("/oware draw"), draw(None, false));
    assert_eq!(
        action("!oware draw #4 decline"),
        draw(Some(crate::service::GameId::new(4)), true)
    );
    assert_eq!(action("/oware draw withdraw"), draw(None, true));
    // The form a refusal suggests (`error-which-game`) reads back.
    assert_eq!(
        action("/oware draw decline #4"),
        draw(Some(crate::service::GameId::new(4)), true)
    );
    assert_eq!(
        action("/oware play"),
        Action::Open {
            options: ChallengeOptions::default()
        }
    );
    assert!(matches!(
        action("!oware play rated:no"),
        Action::Open { options } if options.rated == Some(false)
    ));
    let takeback = |game, decline| Action::Takeback { game, decline };
    assert_eq!(action("/oware takeback"), takeback(None, false));
    assert_eq!(
        action("!oware undo #2 no"),
        takeback(Some(crate::service::GameId::new(2)), true)
    );
    assert_eq!(
        action("/oware takeback decline #4"),
        takeback(Some(crate::service::GameId::new(4)), true)
    );
    assert_eq!(action("/oware live"), Action::Live);
    let learn = |lesson, answer: Option<&str>| Action::Learn {
        lesson,
        answer: answer.map(|a| a.parse().expect("a pit letter")),
    };
    assert_eq!(action("/oware learn"), learn(None, None));
    assert_eq!(action("!oware lesson 3"), learn(Some(3), None));
    assert_eq!(action("/oware learn 3 f"), learn(Some(3), Some("f")));
    assert!(matches!(
        parse_command("/oware learn sowing"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert!(matches!(
        parse_command("/oware draw please"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert_eq!(action("/oware games"), Action::Games);
    assert_eq!(action("/oware rules"), Action::Rules);
    assert_eq!(action("/oware status"), Action::Status);
    assert_eq!(action("!oware STATUS"), Action::Status);
    assert_eq!(
        parse_command("/oware status now").unwrap_err().to_string(),
        "`/oware status` does not take `now`. Type `/oware help` for examples."
    );
    assert_eq!(
        action("/oware replay #5"),
        Action::Replay {
            game: crate::service::GameId::new(5)
        }
    );
    assert_eq!(
        action("/oware leaderboard global 2"),
        Action::Leaderboard {
            global: true,
            page: 2,
            speed: None
        }
    );
}

#[test]
fn social_commands() {
    assert_eq!(
        action("/oware advise d #4"),
        Action::Advise {
            pit: "d".parse().expect("a pit letter"),
            game: Some(crate::service::GameId::new(4))
        }
    );
    let (live, corr) = (Some(Speed::Live), Some(Speed::Correspondence));
    for (text, global, page, speed) in [
        ("/oware leaderboard", false, 1, None),
        ("/oware leaderboard page:3", false, 3, None),
        ("!oware leaderboard global page:2", true, 2, None),
        ("/oware top global", true, 1, None),
        ("/oware leaderboard live", false, 1, live),
        ("/oware leaderboard speed:correspondence", false, 1, corr),
        ("/oware leaderboard global Speed:Live page:2", true, 2, live),
        ("/oware leaderboard corr 3", false, 3, corr),
    ] {
        assert_eq!(
            action(text),
            Action::Leaderboard {
                global,
                page,
                speed
            },
            "{text}"
        );
    }
    for refused in [
        "/oware leaderboard live correspondence",
        "/oware leaderboard speed:blitz",
        "/oware leaderboard advisers live",
        "/oware stats live speed:live",
        "/oware stats @bob history live",
    ] {
        assert!(
            matches!(
                parse_command(refused),
                Err(ParseError::UnexpectedWord { .. })
            ),
            "{refused}"
        );
    }
    assert_eq!(
        action("/oware replay 12"),
        Action::Replay {
            game: crate::service::GameId::new(12)
        }
    );
    assert_eq!(
        action("!oware link"),
        Action::Link {
            code: None,
            confirmed: false
        }
    );
    assert_eq!(
        action("/oware link K7QM2XPA"),
        Action::Link {
            code: Some(LinkCode::new("K7QM2XPA")),
            confirmed: false,
        }
    );
    assert_eq!(
        action("/oware link K7QM2XPA confirm"),
        Action::Link {
            code: Some(LinkCode::new("K7QM2XPA")),
            confirmed: true,
        }
    );
    assert_eq!(action("!oware unlink"), Action::Unlink);
    assert_eq!(action("!oware délier"), Action::Unlink);
    let me = User {
        id: "me".into(),
        name: "Me".into(),
        is_bot: false,
    };
    for (text, whose, speed) in [
        ("/oware stats", None, None),
        ("/oware stats @bob", Some("@bob"), None),
        ("/oware stats @bob live", Some("@bob"), live),
        ("/oware stats speed:correspondence @bob", Some("@bob"), corr),
        ("!oware stats live", None, live),
    ] {
        let got = parsed(text).resolve(|m| {
            Ok::<User, String>(User {
                id: m.into(),
                ..me.clone()
            })
        });
        let want = whose.map(|id| User {
            id: id.into(),
            ..me.clone()
        });
        assert_eq!(got, Ok(Action::Stats { user: want, speed }), "{text}");
    }
    assert_eq!(
        parsed("/oware history @bob").resolve(|_| Ok::<User, String>(me.clone())),
        Ok(Action::History {
            user: Some(me.clone())
        })
    );
    assert!(matches!(
        parse_command("/oware leaderboard sideways"),
        Err(ParseError::UnexpectedWord { .. })
    ));
}

#[test]
fn ordinary_chat_is_not_addressed_to_the_bot() {
    for text in [
        "",
        "   ",
        "hello there",
        "move over",
        "move c please",
        "/giphy cats",
        "!remindme 5m",
        "oware is fun",
    ] {
        assert_eq!(parse_command(text), Ok(None), "{text:?}");
    }
}

#[test]
fn board_takes_the_move_to_show() {
    let error = |text: &str| parse_command(text).expect_err(text).to_string();
    let after = |game, after| Action::Board {
        game,
        after: Some(after),
    };
    assert_eq!(
        action("/oware board #7 move:20"),
        after(Some(crate::service::GameId::new(7)), 20)
    );
    assert_eq!(action("!oware board move:0"), after(None, 0));
    assert_eq!(
        action("/oware board MOVE:3 #2"),
        after(Some(crate::service::GameId::new(2)), 3)
    );
    for bad in ["/oware board #7 move:x", "/oware board move:-1"] {
        let err = error(bad);
        assert!(err.contains("a number from 0 to 9999"), "{bad}: {err}");
    }
    assert!(error("/oware board #7 move:2 now").contains("now"));
    assert!(error("/oware board #7 soon").contains("soon"));
    assert!(error("/oware board move 3").contains("move"));
}

#[test]
fn french_command_words_mean_the_english_ones() {
    for (french, english) in [
        ("!oware jouer @bob", "!oware play @bob"),
        (
            "!oware défier @bob time:3d",
            "!oware challenge @bob time:3d",
        ),
        ("!coup c", "!move c"),
        ("coup c", "move c"),
        ("/oware accepter", "/oware accept"),
        ("/oware refuser", "/oware decline"),
        ("/oware abandonner #12", "/oware resign #12"),
        ("/oware nulle", "/oware draw"),
        ("/oware plateau move:3", "/oware board move:3"),
        ("/oware aide règles", "/oware help rules"),
        (
            "/oware réglages me language:fr",
            "/oware settings me language:fr",
        ),
        ("/oware Classement", "/oware leaderboard"),
        // The words after the command too.
        ("semer b", "move b"),
        ("Semer b #4", "move b #4"),
        ("/oware abandonner #3 confirmer", "/oware resign #3 confirm"),
        ("/oware problème quotidien", "/oware puzzle daily"),
        ("/oware oublier confirmer", "/oware forget-me confirm"),
        (
            "!oware défier @bob time:3j",
            "!oware challenge @bob time:3d",
        ),
    ] {
        assert_eq!(
            parse_command(french),
            parse_command(english),
            "{french} as {english}"
        );
    }
    // Did-you-mean across both languages.
    let near = |text: &str| match parse_command(text) {
        Err(ParseError::UnknownCommand(_, near)) => near,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(near("!oware jouerr @bob").as_deref(), Some("!oware jouer"));
    assert_eq!(near("!oware plya @bob").as_deref(), Some("!oware play"));
}
