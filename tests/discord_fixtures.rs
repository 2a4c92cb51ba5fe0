//! Interaction payloads in Discord's documented shape (`tests/fixtures/discord/`),
//! parsed by serenity's own model types and translated by the adapter's pure functions.

use oware_bot::chat::discord::options::{FirstChoice, PlayOptions, YesNo};
use oware_bot::chat::discord::translate;
use oware_bot::rules::Variant;
use oware_bot::service::{Action, ChallengeOptions, Command, First, Place, Platform, User};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;

fn fixture(name: &str) -> serenity::Interaction {
    let path = format!(
        "{}/tests/fixtures/discord/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("serenity parses {name}: {e}"))
}

fn alice() -> User {
    User {
        id: "111111111111111111".into(),
        name: "Alice".into(),
        is_bot: false,
    }
}

fn bob() -> User {
    User {
        id: "222222222222222222".into(),
        name: "Bob".into(),
        is_bot: false,
    }
}

fn channel() -> Place {
    Place {
        platform: Platform::Discord,
        space: Some("100000000000000001".into()),
        channel: "200000000000000002".into(),
        thread: None,
    }
}

fn thread() -> Place {
    Place {
        thread: Some("300000000000000003".into()),
        ..channel()
    }
}

#[test]
fn a_slash_command_with_a_resolved_user_becomes_a_play_command() {
    let serenity::Interaction::Command(cmd) = fixture("slash_play.json") else {
        panic!("a slash command");
    };
    assert_eq!(cmd.data.name, "oware");
    // What poise hands the `play` function: the subcommand's resolved options.
    let options = cmd.data.options();
    let [serenity::ResolvedOption {
        name: "play",
        value: serenity::ResolvedValue::SubCommand(args),
        ..
    }] = options.as_slice()
    else {
        panic!("one `play` subcommand: {options:?}");
    };
    let mut opponent = None;
    let mut play = PlayOptions::default();
    for arg in args {
        match (arg.name, &arg.value) {
            ("opponent", serenity::ResolvedValue::User(user, member)) => {
                assert!(member.is_some(), "the member is resolved too");
                opponent = Some(translate::user_of(user));
            }
            ("first", serenity::ResolvedValue::Integer(i)) => {
                play.first = FirstChoice::from_index(usize::try_from(*i).unwrap());
            }
            ("rated", serenity::ResolvedValue::Integer(i)) => {
                play.rated = YesNo::from_index(usize::try_from(*i).unwrap());
            }
            other => panic!("unexpected option {other:?}"),
        }
    }
    let action = Action::Play {
        opponent: opponent.expect("an opponent"),
        options: play.to_challenge().expect("no time: given"),
    };
    assert_eq!(
        translate::slash_command(&cmd, action),
        Command {
            place: channel(),
            author: alice(),
            action: Action::Play {
                opponent: bob(),
                options: ChallengeOptions {
                    first: First::Opponent,
                    rated: Some(false),
                    variant: Variant::Abapa,
                    advice: None,
                    level: None,
                    time: None,
                    reminders: None,
                },
            },
        }
    );
}

#[test]
fn an_autocomplete_request_in_a_thread_means_the_parent_channel_and_thread() {
    let serenity::Interaction::Autocomplete(req) = fixture("autocomplete_move.json") else {
        panic!("an autocomplete request");
    };
    assert_eq!(req.data.name, "move");
    let focused = req.data.autocomplete().expect("a focused option");
    assert_eq!((focused.name, focused.value), ("pit", "c"));
    assert_eq!(translate::origin(&req), (thread(), alice()));
    assert_eq!(
        translate::pit_choices(&['A', 'C', 'D'], focused.value),
        ["C"]
    );
}

#[test]
fn a_pit_button_press_becomes_a_move_at_the_buttons_ply() {
    let serenity::Interaction::Component(press) = fixture("button_move.json") else {
        panic!("a component interaction");
    };
    assert_eq!(press.message.components.len(), 2, "two rows of three pits");
    assert_eq!(
        translate::button_command(&press),
        Some(Command {
            place: thread(),
            author: bob(),
            action: Action::Move {
                pit: "c".into(),
                game: Some(7),
                ply: Some(1),
            },
        })
    );
    let mut junk = press.clone();
    junk.data.custom_id = "something-else".into();
    assert_eq!(translate::button_command(&junk), None);
}

#[test]
fn challenge_buttons_become_accept_and_decline() {
    let serenity::Interaction::Component(mut press) = fixture("button_move.json") else {
        panic!("a component interaction");
    };
    press.data.custom_id = "ok:5".into();
    assert_eq!(
        translate::button_command(&press).map(|c| c.action),
        Some(Action::Accept { challenge: Some(5) })
    );
    press.data.custom_id = "no:5".into();
    assert_eq!(
        translate::button_command(&press).map(|c| c.action),
        Some(Action::Decline { challenge: Some(5) })
    );
}
