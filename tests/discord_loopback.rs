//! The real serenity + poise client, started through `oware_bot::chat::discord::run`,
//! against a loopback fake Discord (`tests/discord_fake/`): events in through the
//! gateway, assertions on the REST requests the adapter makes. The service is the
//! scripted fake in `tests/discord_fake/service.rs`.

mod discord_fake;

use std::sync::Arc;
use std::time::Duration;

use discord_fake::payloads::{self, APP_ID, CHANNEL_ID, GUILD_ID};
use discord_fake::service::{self as script, Scripted};
use discord_fake::{FakeDiscord, Recorded};
use oware_bot::chat::discord::{self, DiscordConfig, Token};
use oware_bot::service::{Action, Place, Platform, Reply, User};
use serde_json::{json, Value};

const EPHEMERAL: u64 = 1 << 6;

fn init_logs() {
    // serenity reports payloads it cannot parse at debug level and drops them: show it.
    let _ = tracing_subscriber::fmt()
        .with_env_filter("info,serenity=debug,oware_bot=debug,rustls=info,hyper=info")
        .with_test_writer()
        .try_init();
}

/// A running bot: the fake Discord, the scripted service, the bot task.
struct Bot {
    fake: FakeDiscord,
    service: Arc<Scripted>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn start_bot(guild: Option<u64>) -> Bot {
    init_logs();
    let fake = FakeDiscord::start().await;
    let service = Scripted::new();
    let cfg = DiscordConfig {
        token: Token::new("fake-token-for-loopback"),
        guild_id: guild,
        http_proxy: Some(fake.rest_url.clone()),
    };
    let task = tokio::spawn(discord::run(Arc::clone(&service), cfg));
    fake.wait_ready().await;
    Bot {
        fake,
        service,
        task,
    }
}

fn alice() -> Value {
    payloads::user("111111111111111111", "Alice", false)
}

fn bob() -> Value {
    payloads::user("222222222222222222", "Bob", false)
}

fn bob_user() -> User {
    User {
        id: "222222222222222222".into(),
        name: "Bob".into(),
        is_bot: false,
    }
}

fn channel() -> Place {
    Place {
        platform: Platform::Discord,
        space: Some(GUILD_ID.into()),
        channel: CHANNEL_ID.into(),
        thread: None,
    }
}

fn is_callback(payload: &Value) -> impl Fn(&Recorded) -> bool {
    let path = format!(
        "/api/v10/interactions/{}/{}/callback",
        payload["id"].as_str().unwrap(),
        payloads::token(payload)
    );
    move |r| r.method == "POST" && r.path == path
}

fn is_webhook(payload: &Value, method: &'static str) -> impl Fn(&Recorded) -> bool {
    let prefix = format!("/api/v10/webhooks/{APP_ID}/{}", payloads::token(payload));
    move |r| r.method == method && r.path.starts_with(&prefix)
}

/// The interaction's one callback (waits for it, and checks there is exactly one).
async fn callback(fake: &FakeDiscord, payload: &Value) -> Recorded {
    let found = fake.wait_for(1, is_callback(payload)).await;
    assert_eq!(found.len(), 1, "an interaction is answered once");
    found.into_iter().next().unwrap()
}

fn custom_ids(components: &Value) -> Vec<Vec<String>> {
    components
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| {
                    row["components"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| b["custom_id"].as_str().unwrap().to_owned())
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connects_with_no_intents_and_registers_the_commands_in_the_guild() {
    let bot = start_bot(Some(GUILD_ID.parse().unwrap())).await;
    let identify = bot.fake.identify().expect("the bot identified");
    assert_eq!(
        identify["intents"],
        json!(0),
        "no intents, no message content"
    );
    let put = bot.fake.wait_ready().await;
    assert_eq!(
        put.path,
        format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands")
    );
    let commands = put.json();
    let names: Vec<&str> = commands
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["oware", "move"]);
    let mv = &commands[1];
    assert_eq!(mv["options"][0]["name"], "pit");
    assert_eq!(mv["options"][0]["autocomplete"], json!(true));
    let play = &commands[0]["options"][0];
    assert_eq!(play["name"], "play");
    assert_eq!(
        play["options"][0]["type"],
        json!(6),
        "opponent is a user option"
    );
    assert_eq!(play["options"][0]["required"], json!(true));
    let first: Vec<&str> = play["options"][1]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(first, ["me", "them", "random"]);
    let subs: Vec<&str> = commands[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        [
            "play",
            "accept",
            "decline",
            "cancel",
            "board",
            "resign",
            "end",
            "games",
            "advise",
            "leaderboard",
            "stats",
            "history",
            "replay",
            "link",
            "rules",
            "help"
        ]
    );
    // Every command and option says what it is for.
    let mut stack: Vec<&Value> = commands.as_array().unwrap().iter().collect();
    while let Some(item) = stack.pop() {
        let description = item["description"].as_str().unwrap_or_default();
        assert!(!description.is_empty(), "no description: {item}");
        assert!(
            description.chars().count() <= 100,
            "too long: {description}"
        );
        if let Some(options) = item["options"].as_array() {
            stack.extend(options);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_pings_only_the_opponent_and_a_refusal_is_ephemeral() {
    let bot = start_bot(None).await;
    let put = bot.fake.wait_ready().await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));

    bot.service.then(script::challenge(5, bob_user()));
    let play = payloads::oware(
        &alice(),
        "play",
        json!([{ "name": "opponent", "type": 6, "value": "222222222222222222" },
               { "name": "variant", "type": 4, "value": 1 }]),
        &[bob()],
    );
    bot.fake.interaction(play.clone());
    let answer = callback(&bot.fake, &play).await.json();
    assert_eq!(
        answer["type"],
        json!(4),
        "answered directly, no placeholder"
    );
    let data = &answer["data"];
    assert!(data["content"]
        .as_str()
        .unwrap()
        .starts_with("<@222222222222222222> "));
    assert_eq!(
        data["allowed_mentions"]["users"],
        json!(["222222222222222222"])
    );
    assert_eq!(data["allowed_mentions"]["parse"], json!([]));
    assert_eq!(custom_ids(&data["components"]), [["ok:5", "no:5"]]);
    assert_eq!(data["flags"].as_u64().unwrap_or(0) & EPHEMERAL, 0);

    let cmd = &bot.service.commands()[0];
    assert_eq!(cmd.place, channel());
    assert_eq!(cmd.author.name, "Alice");
    let Action::Play { opponent, options } = &cmd.action else {
        panic!("a Play command: {cmd:?}");
    };
    assert_eq!(opponent, &bob_user());
    assert_eq!(options.variant, oware_bot::rules::Variant::Forbidden);

    bot.service.then(Reply::private(
        "You have no game here. Start one with `/oware play`.",
    ));
    let resign = payloads::oware(&bob(), "resign", json!([]), &[]);
    bot.fake.interaction(resign.clone());
    let answer = callback(&bot.fake, &resign).await.json();
    assert_eq!(answer["type"], json!(4));
    assert_eq!(
        answer["data"]["flags"].as_u64().unwrap() & EPHEMERAL,
        EPHEMERAL
    );
    assert_eq!(
        bot.service.commands()[1].action,
        Action::Resign { game: None }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_is_a_png_attachment_with_alt_text_and_two_rows_of_pits() {
    let bot = start_bot(None).await;
    bot.service
        .then(script::board("Alice to move.", 7, 4, "ABCDEF", "BE"));
    let board = payloads::oware(
        &alice(),
        "board",
        json!([{ "name": "game", "type": 4, "value": 7 }]),
        &[],
    );
    bot.fake.interaction(board.clone());
    let request = callback(&bot.fake, &board).await;
    assert!(request.content_type.starts_with("multipart/form-data"));
    let files = request.files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].filename.as_deref(), Some("board-7-4.png"));
    assert_eq!(files[0].content_type.as_deref(), Some("image/png"));
    assert_eq!(files[0].bytes, script::PNG);
    let answer = request.json();
    let data = &answer["data"];
    assert_eq!(
        data["attachments"][0]["description"],
        json!("Oware board of game 7 after 4 plies")
    );
    assert_eq!(
        data["content"],
        json!("Alice to move."),
        "no text board beside the image"
    );
    assert_eq!(
        custom_ids(&data["components"]),
        [
            ["mv:7:4:A", "mv:7:4:B", "mv:7:4:C"],
            ["mv:7:4:D", "mv:7:4:E", "mv:7:4:F"]
        ]
    );
    let disabled: Vec<bool> = data["components"][1]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["disabled"].as_bool().unwrap())
        .collect();
    assert_eq!(disabled, [false, true, false]);
    assert_eq!(
        bot.service.commands()[0].action,
        Action::Board { game: Some(7) }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_only_the_callers_legal_pits() {
    let bot = start_bot(None).await;
    bot.service.set_choices(&['A', 'C', 'D']);
    let typed = payloads::autocomplete_move(&alice(), "");
    bot.fake.interaction(typed.clone());
    let answer = callback(&bot.fake, &typed).await.json();
    assert_eq!(answer["type"], json!(8));
    let offered: Vec<&str> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(offered, ["A", "C", "D"]);
    let (place, author) = bot.service.choice_queries()[0].clone();
    assert_eq!(place.thread.as_deref(), Some("300000000000000003"));
    assert_eq!(place.channel, CHANNEL_ID);
    assert_eq!(author.name, "Alice");
    assert!(
        bot.service.commands().is_empty(),
        "autocomplete is not a command"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_reply_is_deferred_then_filled_in_or_sent_privately() {
    let bot = start_bot(None).await;
    let slow = Duration::from_millis(2000);
    bot.service
        .then_after(Reply::public("The engine played C."), slow);
    let games = payloads::oware(&alice(), "games", json!([]), &[]);
    bot.fake.interaction(games.clone());
    let deferred = callback(&bot.fake, &games).await.json();
    assert_eq!(deferred["type"], json!(5), "deferred before Discord's 3 s");
    let edit = bot.fake.wait_for(1, is_webhook(&games, "PATCH")).await;
    assert!(edit[0].path.ends_with("/messages/@original"));
    assert_eq!(edit[0].json()["content"], json!("The engine played C."));

    bot.service
        .then_after(Reply::private("Not your turn."), slow);
    let games = payloads::oware(&bob(), "games", json!([]), &[]);
    bot.fake.interaction(games.clone());
    assert_eq!(callback(&bot.fake, &games).await.json()["type"], json!(5));
    let followup = bot.fake.wait_for(1, is_webhook(&games, "POST")).await;
    let deleted = bot
        .fake
        .requests()
        .into_iter()
        .filter(is_webhook(&games, "DELETE"))
        .count();
    assert_eq!(deleted, 1, "the public placeholder is removed");
    let body = followup[0].json();
    assert_eq!(body["content"], json!("Not your turn."));
    assert_eq!(body["flags"].as_u64().unwrap() & EPHEMERAL, EPHEMERAL);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permission_the_game_stays_in_the_channel_with_one_note() {
    let bot = start_bot(None).await;
    bot.fake.forbid_threads();
    for game in [8, 9] {
        let mut reply = script::board("Game on! Alice to move.", game, 0, "ABCDEF", "");
        reply.open_thread = Some("Oware: Alice vs Bob".into());
        bot.service.then(reply);
        let accept = payloads::button(&bob(), &format!("ok:{game}"));
        bot.fake.interaction(accept.clone());
        let title = callback(&bot.fake, &accept).await.json();
        assert_eq!(title["data"]["content"], json!("**Oware: Alice vs Bob**"));
        let followup = bot.fake.wait_for(1, is_webhook(&accept, "POST")).await;
        let content = followup[0].json()["content"].as_str().unwrap().to_owned();
        assert!(content.starts_with("Game on!"));
        assert_eq!(
            content.contains("Create Public Threads"),
            game == 8,
            "the note comes once per channel: {content}"
        );
        assert_eq!(followup[0].files().len(), 1, "the board still comes");
    }
    let refused = bot
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/threads"))
        .count();
    assert_eq!(refused, 2);
    assert!(bot.service.threads().is_empty(), "no thread to record");
}

/// A whole game through the adapter: a challenge, Accept by button (the game opens in
/// its own thread), moves by button and by `/move`, a refused move, the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_the_adapter() {
    let bot = start_bot(None).await;
    let (fake, service) = (&bot.fake, &bot.service);

    service.then(script::challenge(3, bob_user()));
    let play = payloads::oware(
        &alice(),
        "play",
        json!([{ "name": "opponent", "type": 6, "value": "222222222222222222" }]),
        &[bob()],
    );
    fake.interaction(play.clone());
    callback(fake, &play).await;

    // Bob accepts: a title message in the channel, a thread on it, the board there.
    let mut started = script::board("Bob accepted. Alice to move.", 12, 0, "ABCDEF", "");
    started.open_thread = Some("Oware: Alice vs Bob".into());
    started.mentions = vec![User {
        id: "111111111111111111".into(),
        name: "Alice".into(),
        is_bot: false,
    }];
    service.then(started);
    let accept = payloads::button(&bob(), "ok:3");
    fake.interaction(accept.clone());
    let title = callback(fake, &accept).await.json();
    assert_eq!(title["type"], json!(4), "a new message, not an edit");
    let opened = fake
        .wait_for(1, |r| r.method == "POST" && r.path.ends_with("/threads"))
        .await;
    assert!(opened[0]
        .path
        .starts_with(&format!("/api/v10/channels/{CHANNEL_ID}/messages/")));
    assert_eq!(opened[0].json()["name"], json!("Oware: Alice vs Bob"));
    let posted = fake
        .wait_for(1, |r| {
            r.method == "POST" && r.path.ends_with("/messages") && !r.path.contains(CHANNEL_ID)
        })
        .await;
    let thread_id = posted[0].path.split('/').nth(4).unwrap().to_owned();
    let board = posted[0].json();
    assert!(board["content"]
        .as_str()
        .unwrap()
        .starts_with("<@111111111111111111> Bob accepted."));
    assert_eq!(posted[0].files()[0].bytes, script::PNG);
    assert_eq!(custom_ids(&board["components"])[0][0], "mv:12:0:A");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while service.threads().is_empty() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let in_thread = Place {
        thread: Some(thread_id.clone()),
        ..channel()
    };
    assert_eq!(service.threads(), [(12, in_thread.clone())]);

    // Alice presses pit C in the thread; Bob answers with `/move f`; Bob then tries
    // to move out of turn and is refused privately; Alice resigns.
    service.then(script::board(
        "Alice sowed C. Bob to move.",
        12,
        1,
        "fedcba",
        "",
    ));
    let mut press = payloads::button(&alice(), "mv:12:0:C");
    payloads::in_thread(&mut press, &thread_id);
    fake.interaction(press.clone());
    let moved = callback(fake, &press).await;
    assert_eq!(moved.json()["type"], json!(4));
    assert_eq!(
        custom_ids(&moved.json()["data"]["components"])[1],
        ["mv:12:1:c", "mv:12:1:b", "mv:12:1:a"]
    );

    service.then(script::board(
        "Bob sowed f. Alice to move.",
        12,
        2,
        "ABCDEF",
        "C",
    ));
    let mut typed = payloads::slash_move(&bob(), "f");
    payloads::in_thread(&mut typed, &thread_id);
    fake.interaction(typed.clone());
    callback(fake, &typed).await;

    service.then(Reply::private("It is Alice's turn, not yours."));
    let mut early = payloads::slash_move(&bob(), "e");
    payloads::in_thread(&mut early, &thread_id);
    fake.interaction(early.clone());
    let refused = callback(fake, &early).await.json();
    assert_eq!(
        refused["data"]["flags"].as_u64().unwrap() & EPHEMERAL,
        EPHEMERAL
    );

    service.then(Reply {
        game: Some(12),
        ..Reply::public("Alice resigned. Bob wins (rating 1500 → 1516).")
    });
    let mut resign = payloads::oware(&alice(), "resign", json!([]), &[]);
    payloads::in_thread(&mut resign, &thread_id);
    fake.interaction(resign.clone());
    let end = callback(fake, &resign).await.json();
    assert!(end["data"]["content"]
        .as_str()
        .unwrap()
        .starts_with("Alice resigned."));

    let actions: Vec<(String, Action, Option<String>)> = service
        .commands()
        .into_iter()
        .map(|c| (c.author.name, c.action, c.place.thread))
        .collect();
    let thread = Some(thread_id);
    assert_eq!(
        actions,
        [
            (
                "Alice".into(),
                Action::Play {
                    opponent: bob_user(),
                    options: Default::default()
                },
                None
            ),
            ("Bob".into(), Action::Accept { challenge: Some(3) }, None),
            (
                "Alice".into(),
                Action::Move {
                    pit: "C".into(),
                    game: Some(12),
                    ply: Some(0)
                },
                thread.clone()
            ),
            (
                "Bob".into(),
                Action::Move {
                    pit: "f".into(),
                    game: None,
                    ply: None
                },
                thread.clone()
            ),
            (
                "Bob".into(),
                Action::Move {
                    pit: "e".into(),
                    game: None,
                    ply: None
                },
                thread.clone()
            ),
            ("Alice".into(), Action::Resign { game: None }, thread),
        ]
    );
}
