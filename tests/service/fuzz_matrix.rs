//! Fuzzing the Matrix path with proptest: arbitrary message bodies and
//! `formatted_body` HTML with pills, through the adapter's pure incoming-text helpers
//! (`chat::matrix::incoming`), the shared parser (`parse_prefixed`) and a real
//! service on its own SQLite file, as `handle.rs` does for each message.
//!
//! Nothing may panic; ordinary chat is never a command; and every command is held to
//! `support::state::check_effect`: it changes only what its kind may change, a
//! refusal changes nothing, and a move adds exactly one move, by its author.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::state::{check_effect, Inspector};
use crate::support::TempDb;
use oware_bot::chat::matrix::incoming::{command_text, mention_id, pills};
use oware_bot::chat::text::parse_prefixed;
use oware_bot::service::{Action, ChallengeOptions, Command, Place, Platform, Service, User};
use proptest::prelude::*;

const SERVER: &str = "example.org";
const BOT: &str = "@oware:example.org";
const ROOM: &str = "!games:example.org";

fn room() -> Place {
    Place {
        platform: Platform::Matrix,
        space: None,
        channel: ROOM.to_owned(),
        thread: None,
    }
}

fn matrix_user(id: &str) -> User {
    let local = id.trim_start_matches('@').split(':').next().unwrap_or(id);
    User {
        id: id.to_owned(),
        name: local.to_owned(),
        is_bot: id == BOT,
    }
}

/// The command a message from `author` becomes, as `handle.rs` builds it: `None` for
/// ordinary chat, a refusal hint (`Err`) for a command that cannot be understood.
fn command_of(author: &str, body: &str, html: Option<&str>) -> Option<Result<Command, String>> {
    let (text, pills) = command_text(body, html);
    let mut mentioned: Vec<String> = pills.into_iter().map(|(id, _)| id).collect();
    mentioned.sort_by_key(|id| id == BOT);
    mentioned.dedup();
    let parsed = match parse_prefixed(&text) {
        Ok(None) => return None,
        Ok(Some(parsed)) => parsed,
        Err(e) => return Some(Err(e.to_string())),
    };
    let action = parsed.resolve(|m| {
        mention_id(m, &mentioned, SERVER)
            .map(|id| matrix_user(&id))
            .ok_or_else(|| format!("I can't tell who `{m}` is."))
    });
    Some(action.map(|action| Command::new(room(), matrix_user(author), action)))
}

/// A service on a fresh file: game 1 (Alice South, Bob North, no move yet) and
/// challenge 2 (Carol to Bob, pending); the bot's account plays the engine. No
/// command rate: `tests/load.rs` exercises it.
async fn seeded(db: &TempDb) -> Service {
    let service = db.service().await;
    service.ops().register_bot_user(Platform::Matrix, BOT);
    let cmd = |who: &str, action: Action| Command::new(room(), matrix_user(who), action);
    let play = |whom: &str| Action::Play {
        opponent: matrix_user(whom),
        options: ChallengeOptions::default(),
    };
    for command in [
        cmd("@alice:example.org", play("@bob:example.org")),
        cmd("@bob:example.org", Action::Accept { challenge: None }),
        cmd("@carol:example.org", play("@bob:example.org")),
    ] {
        let reply = service.handle(command).await;
        assert!(!reply.private, "seeding: {}", reply.text);
    }
    service
}

fn author() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "@alice:example.org",
        "@alice:example.org",
        "@bob:example.org",
        "@bob:example.org",
        "@carol:example.org",
        "@dave:other.example",
    ])
}

/// Words commands are made of, some of them pill texts.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-fA-F]",
        2 => prop::sample::select(vec![
            "#1", "#2", "#3", "#0", "#-1", "#99999999999999999999", "game:1", "1", "2",
            "@bob:example.org", "@bob", "@carol", "@oware:example.org", "@oware", "Bob Smith",
            "Bob", "<@123>", "@:", "@", "first:them", "first:random", "rated:no", "rated:yes",
            "time:5+3", "time:3d", "time:none", "time:0+0", "time:9999999d", "level:hard",
            "advice:on", "variant:capture-all", "reminders:off", "page:2", "global", "K7QM2XPA",
            "é", "\u{200b}", "\u{202e}",
        ])
        .prop_map(str::to_owned),
        1 => "[^ ]{1,12}",
    ]
}

/// Message bodies: commands with all sorts of arguments, reply fallbacks, chat.
fn body() -> impl Strategy<Value = String> {
    let structured = (
        prop::sample::select(vec![
            "!oware ",
            "/oware ",
            "!",
            "/",
            "",
            "!OWARE ",
            "  !oware ",
        ]),
        prop::sample::select(vec![
            "move",
            "m",
            "MOVE",
            "board",
            "resign",
            "end",
            "games",
            "accept",
            "decline",
            "cancel",
            "play",
            "challenge",
            "advise",
            "rules",
            "help",
            "stats",
            "history",
            "leaderboard",
            "replay",
            "link",
            "abort",
            "rematch",
            "reissue",
            "frob",
            "",
        ]),
        prop::collection::vec(word(), 0..3),
    )
        .prop_map(|(prefix, cmd, args)| format!("{prefix}{cmd} {}", args.join(" ")));
    let fallback = prop_oneof![
        4 => Just(String::new()),
        1 => Just("> <@bob:example.org> an earlier message\n> more\n\n".to_owned()),
        1 => "> .{0,20}\n?\n?",
    ];
    let moves = "(!move|!m|/move|!oware move|/OWARE m|!advise) [a-fA-F]( #1| #3)?";
    prop_oneof![
        4 => (fallback.clone(), moves).prop_map(|(f, b)| format!("{f}{b}")),
        6 => (fallback, structured).prop_map(|(f, b)| format!("{f}{b}")),
        1 => any::<String>(),
        1 => ".{0,600}",
    ]
}

/// `formatted_body` HTML: text and pills, some well-formed, some not.
fn html() -> impl Strategy<Value = Option<String>> {
    let target = prop_oneof![
        4 => prop::sample::select(vec![
            "@bob:example.org", "%40bob%3Aexample.org", "@carol:example.org", BOT,
            "@alice:example.org", "!room:example.org", "@", "@bob:example.org?via=x",
        ])
        .prop_map(str::to_owned),
        1 => ".{0,20}",
    ];
    let text = prop_oneof![
        3 => prop::sample::select(vec!["Bob Smith", "Bob", "Carol", "oware", "a", "", "<b>x</b>"])
            .prop_map(str::to_owned),
        1 => ".{0,12}",
    ];
    let piece = prop_oneof![
        3 => (target, prop::sample::select(vec!["\"", "'", ""]), text).prop_map(|(t, q, x)| {
            format!("<a href={q}https://matrix.to/#/{t}{q}>{x}</a>")
        }),
        2 => "[ -~]{0,16}",
        1 => Just("https://matrix.to/#/".to_owned()),
        1 => any::<String>(),
    ];
    prop::option::of(prop::collection::vec(piece, 0..5).prop_map(|pieces| pieces.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// The incoming helpers and the parser cope with anything; chat that does not
    /// start with `!` or `/` is never a command; refusals quote little of the input.
    #[test]
    fn any_message_parses_or_is_chat(body in body(), html in html(), author in author()) {
        let found = html.as_deref().map(pills).unwrap_or_default();
        for (id, _) in &found {
            prop_assert!(id.starts_with('@'), "{id}");
        }
        let (text, _) = command_text(&body, html.as_deref());
        // Control characters separate words like spaces (a NUL cannot be stored).
        let addressed = text
            .split(|c: char| c.is_whitespace() || c.is_control())
            .find(|w| !w.is_empty())
            .is_some_and(|w| w.starts_with(['!', '/']));
        match command_of(author, &body, html.as_deref()) {
            None => {}
            Some(Err(hint)) => {
                prop_assert!(addressed, "a refusal for chat: {text:?}");
                prop_assert!(hint.chars().count() < 400, "{hint}");
            }
            Some(Ok(cmd)) => {
                prop_assert!(addressed, "a command from chat: {text:?} → {cmd:?}");
                prop_assert_eq!(cmd.author.id.as_str(), author);
            }
        }
    }

    /// A mention is a full user id, a local one on our server, or someone mentioned.
    #[test]
    fn mentions_resolve_to_user_ids(mention in ".{0,30}", mentioned in prop::collection::vec("@[a-z]{1,5}:x", 0..2)) {
        if let Some(id) = mention_id(&mention, &mentioned, SERVER) {
            prop_assert!(id.starts_with('@'), "{id}");
            prop_assert!(id.contains(':') || mentioned.contains(&id), "{id}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Messages by players and onlookers, handled by a real service: only valid
    /// commands change the database.
    #[test]
    fn messages_change_state_only_through_valid_commands(
        messages in prop::collection::vec((author(), body(), html()), 1..24)
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let db = TempDb::new();
            let service = seeded(&db).await;
            let inspector = Inspector::open(&db.url).await;
            for (author, body, html) in messages {
                let Some(Ok(cmd)) = command_of(author, &body, html.as_deref()) else {
                    // Chat, or a hint sent without asking the service: nothing stored.
                    continue;
                };
                let before = inspector.state().await;
                let reply = service.handle(cmd.clone()).await;
                let after = inspector.state().await;
                check_effect(&inspector, &cmd, &reply, &before, &after)
                    .await
                    .map_err(TestCaseError::fail)?;
            }
            Ok::<(), TestCaseError>(())
        })?;
    }
}
