//! Interaction payloads in Discord's documented shape (`tests/fixtures/discord/`),
//! parsed by serenity's own model types and translated by the adapter's pure functions.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::chat::discord::options::{FirstChoice, PlayOptions, YesNo};
use oware_bot::chat::discord::translate;
use oware_bot::rules::Variant;
use oware_bot::service::{Action, ChallengeOptions, Command, First, Place, Platform, Role, User};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;

fn fixture(name: &str) -> serenity::Interaction {
    parse(fixture_json(name), name)
}

fn fixture_json(name: &str) -> serde_json::Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is JSON: {e}"))
}

fn parse(payload: serde_json::Value, name: &str) -> serenity::Interaction {
    serde_json::from_value(payload).unwrap_or_else(|e| panic!("serenity parses {name}: {e}"))
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
        Command::new(
            channel(),
            alice(),
            Action::Play {
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
            }
        )
        .sent_at(translate::sent_at(cmd.id.get()))
        // The fixture's client shows British English.
        .with_locale("en-GB")
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
        Some(
            Command::new(
                thread(),
                bob(),
                Action::Move {
                    pit: "c".parse().expect("a pit letter"),
                    game: Some(oware_bot::service::GameId::new(7)),
                    ply: Some(1),
                }
            )
            .sent_at(translate::sent_at(press.id.get()))
            .with_locale("en-GB")
        )
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
        Some(Action::Accept {
            challenge: Some(oware_bot::service::ChallengeId::new(5))
        })
    );
    press.data.custom_id = "no:5".into();
    assert_eq!(
        translate::button_command(&press).map(|c| c.action),
        Some(Action::Decline {
            challenge: Some(oware_bot::service::ChallengeId::new(5))
        })
    );
}

#[test]
fn manage_server_in_the_members_permissions_makes_the_author_an_admin() {
    // `/oware admin status` by Alice, whose permissions include Manage Server (1 << 5).
    let serenity::Interaction::Command(cmd) = fixture("slash_status.json") else {
        panic!("a slash command");
    };
    let options = cmd.data.options();
    assert!(
        matches!(
            options.as_slice(),
            [serenity::ResolvedOption { name: "admin", .. }]
        ),
        "{options:?}"
    );
    assert_eq!(
        translate::slash_command(&cmd, Action::Status),
        Command::new(channel(), alice(), Action::Status)
            .with_role(Role::Admin)
            .sent_at(translate::sent_at(cmd.id.get()))
            .with_locale("en-GB")
    );
    // Administrator (1 << 3) alone is enough too.
    let mut payload = fixture_json("slash_status.json");
    payload["member"]["permissions"] = serde_json::json!("8");
    let serenity::Interaction::Command(cmd) = parse(payload, "an administrator") else {
        panic!("a slash command");
    };
    assert_eq!(
        translate::slash_command(&cmd, Action::Status).role,
        Role::Admin
    );
}

#[test]
fn ordinary_permissions_and_direct_messages_make_a_member() {
    // The other fixtures' members may send messages, embed, open threads… but not
    // manage the server.
    let serenity::Interaction::Command(cmd) = fixture("slash_play.json") else {
        panic!("a slash command");
    };
    assert_eq!(
        translate::slash_command(&cmd, Action::Status).role,
        Role::Member
    );
    let serenity::Interaction::Component(press) = fixture("button_move.json") else {
        panic!("a component interaction");
    };
    let pressed = translate::button_command(&press).expect("a command");
    assert_eq!(pressed.role, Role::Member);
    // In a direct message there is no member, only a user: no one administers a DM
    // (the bot's owners are recognised by the service).
    let mut payload = fixture_json("slash_status.json");
    let user = payload["member"]["user"].clone();
    let object = payload.as_object_mut().expect("an object");
    for key in ["member", "guild_id", "guild_locale"] {
        object.remove(key);
    }
    object.insert("user".into(), user);
    object.insert("channel_id".into(), serde_json::json!("400000000000000004"));
    object.insert(
        "channel".into(),
        serde_json::json!({ "id": "400000000000000004", "type": 1 }),
    );
    object.insert("context".into(), serde_json::json!(1));
    let serenity::Interaction::Command(cmd) = parse(payload, "a DM") else {
        panic!("a slash command");
    };
    let dm = translate::slash_command(&cmd, Action::Status);
    assert_eq!((dm.place.space, dm.role), (None, Role::Member));
}
