//! Fuzzing the Discord path with proptest: arbitrary `custom_id`s, interaction
//! payloads mutated from the fixtures in `tests/fixtures/discord/`, and arbitrary
//! slash-command option values, parsed by serenity's model types, translated by the
//! adapter's pure functions and handled by a real service on its own SQLite file.
//!
//! Nothing may panic, and every command is held to `support::state::check_effect`:
//! it changes only what its kind may change, a refusal changes nothing, and a move
//! adds exactly one move, by its author.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::state::{check_effect, Inspector};
use crate::support::{cmd_at, place_at, TempDb};
use oware_bot::chat::discord::options::{
    FirstChoice, LevelChoice, OnOff, PlayOptions, RankedChoice, ScopeChoice, SpeedChoice,
    VariantChoice, YesNo,
};
use oware_bot::chat::discord::translate;
use oware_bot::service::GameId;
use oware_bot::service::{
    Action, ButtonAction, ChallengeOptions, Command, LinkCode, Platform, Service, Speed, User,
    VacationRequest,
};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;
use proptest::prelude::*;
use serde_json::Value;

const GUILD: &str = "100000000000000001";
const CHANNEL: &str = "200000000000000002";
const ALICE: &str = "111111111111111111";
const BOB: &str = "222222222222222222";
const CAROL: &str = "333333333333333333";
const DAVE: &str = "444444444444444444";

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the fixture exists");
    serde_json::from_str(&text).expect("the fixture is JSON")
}

fn discord_user(id: &str) -> User {
    User {
        id: id.to_owned(),
        name: format!("user {}", &id[..1]),
        is_bot: false,
    }
}

/// A service on a fresh file, with what buttons refer to: game 1 (Alice South, Bob
/// North, no move yet), game 2 (Dave beat Bob; finished), and challenge 3 (Carol to
/// Bob, pending). No command rate: `tests/load.rs` exercises it.
async fn seeded(db: &TempDb) -> Service {
    let service = db.service().await;
    let place = place_at(Platform::Discord, Some(GUILD), CHANNEL);
    let play = |who: &str, whom: &str| {
        let mut cmd = cmd_at(
            &place,
            who,
            Action::Play {
                opponent: discord_user(whom),
                options: ChallengeOptions::default(),
            },
        );
        cmd.author = discord_user(who);
        cmd
    };
    let accept = |who: &str| Command {
        author: discord_user(who),
        ..cmd_at(&place, who, Action::Accept { challenge: None })
    };
    for cmd in [play(ALICE, BOB), accept(BOB), play(DAVE, BOB), accept(BOB)] {
        let reply = service.handle(cmd).await;
        assert!(!reply.private, "seeding: {}", reply.text);
    }
    let resign = Command {
        author: discord_user(BOB),
        ..cmd_at(
            &place,
            BOB,
            Action::Resign {
                game: Some(GameId::new(2)),
                confirmed: true,
            },
        )
    };
    assert!(!service.handle(resign).await.private);
    assert!(!service.handle(play(CAROL, BOB)).await.private);
    service
}

/// Runs `commands` through a seeded service, checking each one's effect.
fn run_commands(commands: Vec<Command>) -> Result<(), TestCaseError> {
    run_presses(
        commands
            .into_iter()
            .map(|c| Source::Command(Box::new(c)))
            .collect(),
    )
}

/// A command, or a payload whose `{ply}` is game 1's ply at the time of the press.
enum Source {
    Command(Box<Command>),
    Payload(Value),
}

/// Runs what `sources` become through a seeded service, checking each effect.
fn run_presses(sources: Vec<Source>) -> Result<(), TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let db = TempDb::new();
        let service = seeded(&db).await;
        let inspector = Inspector::open(&db.url).await;
        for source in sources {
            let cmd = match source {
                Source::Command(cmd) => *cmd,
                Source::Payload(payload) => {
                    let ply = db
                        .store()
                        .games()
                        .game(GameId::new(1))
                        .await
                        .expect("game 1")
                        .expect("game 1")
                        .ply;
                    let text = payload.to_string().replace("{ply}", &ply.to_string());
                    match command_of(serde_json::from_str(&text).expect("JSON")) {
                        Some(cmd) => cmd,
                        None => continue,
                    }
                }
            };
            let before = inspector.state().await;
            let reply = service.handle(cmd.clone()).await;
            let after = inspector.state().await;
            check_effect(&inspector, &cmd, &reply, &before, &after)
                .await
                .map_err(TestCaseError::fail)?;
        }
        Ok(())
    })
}

/// `custom_id`s: mostly shaped like ours (ids near the seeded ones, odd numbers,
/// extra parts), some arbitrary.
fn custom_id() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        4 => (0i64..5).prop_map(|n| n.to_string()),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "[+-]?[0-9]{0,22}",
        1 => "[ 0-9a-z#]{0,3}",
    ];
    let pit = "[a-fA-F]|[g-zG-Z]|é|[a-f]{2}|";
    let shaped = prop_oneof![
        3 => (number.clone(), number.clone(), pit).prop_map(|(g, p, c)| format!("mv:{g}:{p}:{c}")),
        1 => (number.clone(), "draw|takeback|end|x", "y|n|Y|")
            .prop_map(|(g, r, a)| format!("pr:{g}:{r}:{a}")),
        2 => (
            prop::sample::select(vec!["ok", "no", "rm", "re", "mv", "OK", "", "xx"]),
            number,
        )
            .prop_map(|(k, n)| format!("{k}:{n}")),
    ];
    let tail = prop_oneof![4 => Just(String::new()), 1 => ":[a-z0-9:]{0,4}"];
    // Presses of the latest board of game 1 (`{ply}` becomes its ply when pressed)
    // or of a game 3 once accepted, which may well be legal.
    let likely = (
        prop::sample::select(vec!["1:{ply}", "1:{ply}", "3:0", "3:1"]),
        "[a-fA-F]",
    )
        .prop_map(|(game, pit)| format!("mv:{game}:{pit}"));
    prop_oneof![
        4 => likely,
        1 => Just("ok:3".to_owned()),
        5 => (shaped, tail).prop_map(|(id, tail)| format!("{id}{tail}")),
        1 => any::<String>(),
        1 => "[ -~]{0,120}",
    ]
}

/// The button fixture pressed by `author` with `custom_id`.
fn press(author: &str, custom_id: &str) -> Value {
    let mut payload = fixture("button_move.json");
    payload["data"]["custom_id"] = Value::from(custom_id);
    payload["member"]["user"]["id"] = Value::from(author);
    payload
}

fn author() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        ALICE,
        ALICE,
        BOB,
        BOB,
        CAROL,
        DAVE,
        "555555555555555555",
    ])
}

/// One change to a JSON payload at one of its paths.
#[derive(Clone, Debug)]
enum Mutation {
    Delete,
    Replace(Value),
    /// Keep a prefix of a string (or of a number's digits).
    Truncate(usize),
    /// Insert text into a string.
    Insert(usize, String),
}

fn json_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e20f64..1e20).prop_map(Value::from),
        any::<String>().prop_map(Value::from),
        "[0-9]{0,21}".prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => Just(Mutation::Delete),
        3 => json_leaf().prop_map(Mutation::Replace),
        1 => (0usize..20).prop_map(Mutation::Truncate),
        1 => (0usize..20, ".{1,8}").prop_map(|(at, s)| Mutation::Insert(at, s)),
    ]
}

/// Every JSON pointer into `value` (not the root).
fn pointers(value: &Value, at: &str, out: &mut Vec<String>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => return,
    };
    for (key, child) in children {
        let pointer = format!("{at}/{key}");
        out.push(pointer.clone());
        pointers(child, &pointer, out);
    }
}

fn mutate(payload: &mut Value, mutations: &[(prop::sample::Index, Mutation)]) {
    for (index, mutation) in mutations {
        let mut all = Vec::new();
        pointers(payload, "", &mut all);
        if all.is_empty() {
            return;
        }
        let pointer = &all[index.index(all.len())];
        match mutation {
            Mutation::Delete => {
                let (parent, key) = pointer.rsplit_once('/').expect("a pointer has a slash");
                let key = key.replace("~1", "/").replace("~0", "~");
                match payload.pointer_mut(parent) {
                    Some(Value::Object(map)) => {
                        map.remove(&key);
                    }
                    Some(Value::Array(items)) => {
                        if let Ok(i) = key.parse::<usize>() {
                            items.remove(i);
                        }
                    }
                    _ => {}
                }
            }
            Mutation::Replace(value) => {
                if let Some(slot) = payload.pointer_mut(pointer) {
                    *slot = value.clone();
                }
            }
            Mutation::Truncate(len) => {
                if let Some(slot) = payload.pointer_mut(pointer) {
                    let text = match slot {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => continue,
                    };
                    *slot = Value::from(text.chars().take(*len).collect::<String>());
                }
            }
            Mutation::Insert(at, inserted) => {
                if let Some(Value::String(s)) = payload.pointer_mut(pointer) {
                    let at = s.char_indices().nth(*at).map_or(s.len(), |(i, _)| i);
                    s.insert_str(at, inserted);
                }
            }
        }
    }
}

/// What poise would hand `/oware play` from a (possibly mutated) slash command: the
/// subcommand's resolved options. `None` where poise would refuse to call it.
fn play_action(interaction: &serenity::CommandInteraction) -> Option<Action> {
    let options = interaction.data.options();
    let [serenity::ResolvedOption {
        name: "play",
        value: serenity::ResolvedValue::SubCommand(args),
        ..
    }] = options.as_slice()
    else {
        return None;
    };
    let mut opponent = None;
    let mut play = PlayOptions::default();
    for arg in args {
        let index = |value: &serenity::ResolvedValue| match value {
            serenity::ResolvedValue::Integer(i) => usize::try_from(*i).ok(),
            _ => None,
        };
        match (arg.name, &arg.value) {
            ("opponent", serenity::ResolvedValue::User(user, _)) => {
                opponent = Some(translate::user_of(user));
            }
            ("first", v) => play.first = FirstChoice::from_index(index(v)?),
            ("rated", v) => play.rated = YesNo::from_index(index(v)?),
            ("variant", v) => play.variant = VariantChoice::from_index(index(v)?),
            ("advice", v) => play.advice = OnOff::from_index(index(v)?),
            ("level", v) => play.level = LevelChoice::from_index(index(v)?),
            ("reminders", v) => play.reminders = OnOff::from_index(index(v)?),
            ("time", serenity::ResolvedValue::String(s)) => play.time = Some((*s).to_owned()),
            _ => return None,
        }
    }
    Some(Action::Play {
        opponent: opponent?,
        options: play.to_challenge().ok()?,
    })
}

/// The command a (possibly mutated) payload becomes, if serenity parses it and it is
/// one the bot acts on.
fn command_of(payload: Value) -> Option<Command> {
    // serenity 0.12.5 itself panics on some impossible payloads (an avatar `ImageHash`
    // of 32 bytes that are not ASCII hex slices a string inside a character). Discord
    // never sends those, and the panic is in serenity's parsing, before any of ours:
    // count it as a payload that fails to parse.
    let parsed =
        std::panic::catch_unwind(|| serde_json::from_value::<serenity::Interaction>(payload));
    match parsed.ok()?.ok()? {
        serenity::Interaction::Component(press) => translate::button_command(&press),
        serenity::Interaction::Command(slash) => {
            play_action(&slash).map(|action| translate::slash_command(&slash, action))
        }
        serenity::Interaction::Autocomplete(request) => {
            // Nothing to handle; the pure helpers must still cope.
            let _ = translate::origin(&request);
            if let Some(focused) = request.data.autocomplete() {
                let _ = translate::pit_choices(&['A', 'C', 'F'], focused.value);
            }
            None
        }
        _ => None,
    }
}

/// Slash-command actions with arbitrary option values (what poise would hand over).
fn slash_action() -> impl Strategy<Value = Action> {
    let id = prop_oneof![3 => (1i64..5).prop_map(Some), 1 => Just(None), 1 => any::<i64>().prop_map(Some)];
    let opponent = prop::sample::select(vec![ALICE, BOB, CAROL, DAVE]).prop_map(discord_user);
    let choice = |n: usize| prop::option::of(0..n + 1);
    let play = (
        opponent.clone(),
        (
            choice(3),
            choice(2),
            choice(3),
            choice(2),
            choice(3),
            choice(2),
        ),
        prop::option::of(prop_oneof![
            "3d|12h|5\\+3|none|30m|15s|0d|99999d",
            ".{0,24}"
        ]),
    )
        .prop_filter_map("time: refused by the adapter", |(opponent, c, time)| {
            let play = PlayOptions {
                first: c.0.and_then(FirstChoice::from_index),
                rated: c.1.and_then(YesNo::from_index),
                variant: c.2.and_then(VariantChoice::from_index),
                advice: c.3.and_then(OnOff::from_index),
                level: c.4.and_then(LevelChoice::from_index),
                reminders: c.5.and_then(OnOff::from_index),
                time,
            };
            Some(Action::Play {
                opponent,
                options: play.to_challenge().ok()?,
            })
        });
    prop_oneof![
        3 => (prop_oneof![3 => "[a-fA-F]", 1 => ".{0,4}"], id.clone())
            .prop_filter_map("refused before the service", |(pit, game)| {
                translate::move_action(&pit, game).ok()
            }),
        2 => play,
        1 => id.clone().prop_map(|challenge| Action::Accept { challenge: challenge.map(oware_bot::service::ChallengeId::new) }),
        1 => id.clone().prop_map(|challenge| Action::Decline { challenge: challenge.map(oware_bot::service::ChallengeId::new) }),
        1 => id.clone().prop_map(|challenge| Action::Cancel { challenge: challenge.map(oware_bot::service::ChallengeId::new) }),
        1 => id.clone().prop_map(|game| Action::Resign { game: game.map(GameId::new), confirmed: true }),
        1 => id.clone().prop_map(|game| Action::End { game: game.map(GameId::new) }),
        1 => (id.clone(), any::<bool>()).prop_map(|(game, decline)| Action::Draw { game: game.map(GameId::new), decline }),
        1 => (id.clone(), any::<bool>()).prop_map(|(game, decline)| Action::Takeback { game: game.map(GameId::new), decline }),
        1 => Just(Action::Live),
        1 => Just(Action::Open { options: ChallengeOptions::default() }),
        1 => (prop::option::of(0u8..7), prop::option::of("[a-fA-F]|.{0,2}"))
            .prop_map(|(lesson, answer)| Action::Learn { lesson, answer: answer.and_then(|a| a.parse().ok()) }),
        1 => prop_oneof![
            Just(VacationRequest::Status),
            Just(VacationRequest::End),
            (0u32..40).prop_map(|days| VacationRequest::Start { days }),
        ]
        .prop_map(Action::Vacation),
        1 => id.clone().prop_map(|game| Action::Abort { game: game.map(GameId::new) }),
        1 => id.clone().prop_map(|game| Action::Rematch { game: game.map(GameId::new) }),
        1 => (id.clone(), proptest::option::of(0u32..60)).prop_map(|(game, after)| Action::Board { game: game.map(GameId::new), after }),
        1 => (".{0,3}", id.clone())
            .prop_filter_map("not a pit", |(pit, game)| Some(Action::Advise { pit: pit.parse().ok()?, game: game.map(GameId::new) })),
        1 => (prop::option::of(0usize..3), prop::option::of(any::<u32>()), prop::option::of(0usize..3), prop::option::of(0usize..3))
            .prop_map(|(scope, page, of, speed)| translate::leaderboard_action(
                scope.and_then(ScopeChoice::from_index), page, of.and_then(RankedChoice::from_index),
                speed.and_then(SpeedChoice::from_index))),
        1 => (prop::option::of(".{0,32}"), any::<bool>()).prop_map(|(code, confirmed)| {
            Action::Link {
                code: code.map(LinkCode::new),
                confirmed,
            }
        }),
        1 => any::<i64>().prop_map(|game| Action::Replay { game: GameId::new(game.max(1) % 8) }),
        1 => (prop::option::of(opponent.clone()), prop::option::of(0usize..3))
            .prop_map(|(user, speed)| Action::Stats { user, speed: speed.and_then(SpeedChoice::from_index).map(Speed::from) }),
        1 => prop::option::of(opponent).prop_map(|user| Action::History { user }),
        1 => Just(Action::Games),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// `from_custom_id` never panics, and what it accepts it writes back the same way.
    #[test]
    fn custom_ids_parse_or_are_ignored(id in custom_id()) {
        if let Some(action) = ButtonAction::from_custom_id(&id) {
            let written = action.custom_id();
            prop_assert!(written.chars().count() <= 100, "{written}");
            prop_assert_eq!(ButtonAction::from_custom_id(&written), Some(action));
        }
    }

    /// A press of any `custom_id` is a command exactly when the id is ours, from the
    /// presser, where the button is.
    #[test]
    fn any_custom_id_in_the_fixture_translates_or_is_ignored(id in custom_id(), author in author()) {
        let payload = press(author, &id);
        let serenity::Interaction::Component(press) =
            serde_json::from_value::<serenity::Interaction>(payload).expect("serenity parses it")
        else {
            panic!("a component interaction");
        };
        let command = translate::button_command(&press);
        prop_assert_eq!(command.is_some(), ButtonAction::from_custom_id(&id).is_some());
        if let Some(command) = command {
            prop_assert_eq!(command.author.id.as_str(), author);
            prop_assert_eq!(command.place.space.as_deref(), Some(GUILD));
            prop_assert_eq!(command.place.channel.as_str(), CHANNEL);
        }
    }

    /// Mutated payloads either fail to parse or become a command (or nothing); none
    /// panics.
    #[test]
    fn mutated_payloads_parse_or_fail_cleanly(
        which in 0usize..3,
        mutations in prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..6),
    ) {
        let name = ["button_move.json", "slash_play.json", "autocomplete_move.json"][which];
        let mut payload = fixture(name);
        mutate(&mut payload, &mutations);
        let _ = command_of(payload);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Button presses with arbitrary ids by players and onlookers, handled by a real
    /// service: only valid commands change the database.
    #[test]
    fn button_presses_change_state_only_through_valid_commands(
        presses in prop::collection::vec((author(), custom_id()), 1..24)
    ) {
        run_presses(presses.iter().map(|(author, id)| Source::Payload(press(author, id))).collect())?;
    }

    /// Mutated payloads that still parse, handled by a real service.
    #[test]
    fn mutated_payloads_change_state_only_through_valid_commands(
        payloads in prop::collection::vec(
            (
                0usize..2,
                author(),
                custom_id(),
                prop::collection::vec((any::<prop::sample::Index>(), mutation()), 0..4),
            ),
            1..16,
        )
    ) {
        let sources = payloads
            .into_iter()
            .map(|(which, author, id, mutations)| {
                let mut payload = if which == 0 {
                    press(author, &id)
                } else {
                    let mut slash = fixture("slash_play.json");
                    slash["member"]["user"]["id"] = Value::from(author);
                    slash
                };
                mutate(&mut payload, &mutations);
                Source::Payload(payload)
            })
            .collect();
        run_presses(sources)?;
    }

    /// Slash commands with arbitrary option values, by arbitrary players.
    #[test]
    fn slash_options_change_state_only_through_valid_commands(
        calls in prop::collection::vec((author(), slash_action()), 1..24)
    ) {
        let fixture = fixture("slash_play.json");
        let commands = calls
            .into_iter()
            .map(|(author, action)| {
                let mut payload = fixture.clone();
                payload["member"]["user"]["id"] = Value::from(author);
                let serenity::Interaction::Command(slash) =
                    serde_json::from_value(payload).expect("serenity parses it")
                else {
                    panic!("a slash command");
                };
                translate::slash_command(&slash, action)
            })
            .collect();
        run_commands(commands)?;
    }
}
