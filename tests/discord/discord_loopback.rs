//! The real serenity + poise client, started through `oware_bot::chat::discord::run`,
//! against a loopback fake Discord (`tests/discord_fake/`): events in through the
//! gateway, assertions on the REST requests the adapter makes. The service is the
//! scripted fake in `tests/discord_fake/service.rs`.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::discord_fake::harness::{
    alice, bob, bob_user, callback, channel, custom_ids, is_webhook, start_bot, start_sharded,
    EPHEMERAL,
};
use crate::discord_fake::payloads::{self, APP_ID, BOT_ID, CHANNEL_ID, GUILD_ID};
use crate::discord_fake::service as script;
use oware_bot::chat::discord::respond::DEFER_AFTER;
use oware_bot::service::GameId;
use oware_bot::service::{Action, Platform, Reply, Shards, Speed, TimeControl};
use serde_json::{json, Value};

/// A process running shard 1 of 2 identifies as that shard and leaves the slash
/// commands to the process that runs shard 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_without_shard_zero_identifies_its_shard_and_registers_nothing() {
    let bot = start_sharded(
        script::Scripted::new(),
        Shards {
            total: 2,
            range: 1..2,
        },
    )
    .await;
    let identify = bot.fake.identify().expect("identified");
    assert_eq!(identify["shard"], json!([1, 2]));
    // Ready: the bot's account is known, and still no registration after a while.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while bot.service.bot_users().is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "never ready");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(
        !bot.fake
            .requests()
            .iter()
            .any(|r| r.method == "PUT" && r.path.contains("/commands")),
        "only shard 0's process registers the commands"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connects_with_no_intents_and_registers_the_commands_in_the_guild() {
    let bot = start_bot(Some(GUILD_ID.parse().unwrap())).await;
    let identify = bot.fake.identify().expect("the bot identified");
    assert_eq!(
        identify["shard"],
        json!([0, 1]),
        "unsharded: Discord's recommended count (one, here)"
    );
    assert_eq!(
        identify["intents"],
        json!(0),
        "no intents, no message content"
    );
    assert_eq!(
        bot.service.bot_users(),
        [(Platform::Discord, BOT_ID.to_owned())],
        "the bot's own account is registered with the service"
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
    // Without an opponent, `/oware play` makes an open challenge.
    assert_eq!(play["options"][0]["required"], json!(false));
    let first: Vec<&str> = play["options"][1]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(first, ["me", "them", "random"]);
    let play_options: Vec<(&str, u64)> = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), o["type"].as_u64().unwrap()))
        .collect();
    assert!(play_options.contains(&("time", 3)), "{play_options:?}");
    assert!(play_options.contains(&("reminders", 4)), "{play_options:?}");
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
            "draw",
            "takeback",
            "abort",
            "rematch",
            "games",
            "live",
            "advise",
            "leaderboard",
            "stats",
            "replay",
            "analyse",
            "puzzle",
            "link",
            "settings",
            "admin",
            "report",
            "tournament",
            "help"
        ]
    );
    // Discord takes at most 25 options (subcommands and groups) per command.
    assert!(subs.len() <= 25, "{} subcommands", subs.len());
    // The leaderboard and stats choose a speed: live or correspondence.
    for sub in ["leaderboard", "stats"] {
        let at = subs.iter().position(|s| *s == sub).unwrap();
        let speed = commands[0]["options"][at]["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "speed")
            .unwrap_or_else(|| panic!("{sub} has speed:"));
        let choices: Vec<&str> = speed["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(choices, ["live", "correspondence"], "{sub}");
    }
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
        Action::Resign {
            game: None,
            confirmed: false
        }
    );
}

/// `time:` and `reminders:` reach the service typed; a `time:` that is not a time
/// control is refused privately, naming the accepted forms, and never reaches it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_takes_a_time_control_and_refuses_a_bad_one_privately() {
    let bot = start_bot(None).await;
    let opponent = json!({ "name": "opponent", "type": 6, "value": "222222222222222222" });
    let bad = payloads::oware(
        &alice(),
        "play",
        json!([opponent, { "name": "time", "type": 3, "value": "soon" }]),
        &[bob()],
    );
    bot.fake.interaction(bad.clone());
    let refused = callback(&bot.fake, &bad).await.json();
    assert_eq!(
        refused["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL
    );
    let text = refused["data"]["content"].as_str().unwrap();
    assert!(text.contains("`time:soon` is not valid"), "{text}");
    assert!(text.contains("time:5+3"), "{text}");
    assert!(
        bot.service.commands().is_empty(),
        "nothing reached the service"
    );

    bot.service.then(script::challenge(6, bob_user()));
    let good = payloads::oware(
        &alice(),
        "play",
        json!([opponent,
               { "name": "time", "type": 3, "value": "5+3" },
               { "name": "reminders", "type": 4, "value": 1 }]),
        &[bob()],
    );
    bot.fake.interaction(good.clone());
    callback(&bot.fake, &good).await;
    let Action::Play { options, .. } = &bot.service.commands()[0].action else {
        panic!("a Play command: {:?}", bot.service.commands());
    };
    assert_eq!(
        options.time,
        Some(TimeControl::Live {
            base_ms: 300_000,
            increment_ms: 3_000
        })
    );
    assert_eq!(options.reminders, Some(false));
}

/// `/oware abort`, `rematch`, `rematch challenge:` (a reissue), `draw`, `takeback
/// decline:`, `live`, `play` alone (open), `stats history:`, `leaderboard
/// of:advisers`, `leaderboard speed:live page:2`, `stats speed:correspondence`,
/// `stats` and the Rematch,
/// Reissue, Accept draw and Decline buttons become their actions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_rematch_and_reissue_by_command_and_button() {
    let bot = start_bot(None).await;
    let game = |n: i64| json!([{ "name": "game", "type": 4, "value": n }]);
    let asked = [
        payloads::oware(&alice(), "abort", game(3), &[]),
        payloads::oware(&alice(), "rematch", json!([]), &[]),
        payloads::oware(
            &alice(),
            "rematch",
            json!([{ "name": "challenge", "type": 4, "value": 9 }]),
            &[],
        ),
        payloads::button(&alice(), "rm:4"),
        payloads::button(&alice(), "re:8"),
        payloads::oware(&alice(), "draw", json!([]), &[]),
        payloads::oware(
            &alice(),
            "takeback",
            json!([{ "name": "decline", "type": 5, "value": true }]),
            &[],
        ),
        payloads::oware(&alice(), "live", json!([]), &[]),
        payloads::oware(&alice(), "play", json!([]), &[]),
        payloads::oware(
            &alice(),
            "stats",
            json!([{ "name": "history", "type": 5, "value": true }]),
            &[],
        ),
        payloads::oware(
            &alice(),
            "leaderboard",
            json!([{ "name": "of", "type": 4, "value": 1 }]),
            &[],
        ),
        payloads::oware(
            &alice(),
            "leaderboard",
            json!([{ "name": "speed", "type": 4, "value": 0 }, { "name": "page", "type": 4, "value": 2 }]),
            &[],
        ),
        payloads::oware(
            &alice(),
            "stats",
            json!([{ "name": "speed", "type": 4, "value": 1 }]),
            &[],
        ),
        payloads::oware(&alice(), "stats", json!([]), &[]),
        payloads::button(&alice(), "pr:5:draw:y"),
        payloads::button(&alice(), "pr:5:takeback:n"),
    ];
    for payload in &asked {
        bot.service.then(Reply::public("ok"));
        bot.fake.interaction(payload.clone());
        callback(&bot.fake, payload).await;
    }
    let actions: Vec<Action> = bot
        .service
        .commands()
        .into_iter()
        .map(|c| c.action)
        .collect();
    assert_eq!(
        actions,
        [
            Action::Abort {
                game: Some(GameId::new(3))
            },
            Action::Rematch { game: None },
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(9)
            },
            Action::Rematch {
                game: Some(GameId::new(4))
            },
            Action::Reissue {
                challenge: oware_bot::service::ChallengeId::new(8)
            },
            Action::Draw {
                game: None,
                decline: false
            },
            Action::Takeback {
                game: None,
                decline: true
            },
            Action::Live,
            Action::Open {
                options: oware_bot::service::ChallengeOptions::default()
            },
            Action::History { user: None },
            Action::Advisers { global: false },
            Action::Leaderboard {
                global: false,
                page: 2,
                speed: Some(Speed::Live)
            },
            Action::Stats {
                user: None,
                speed: Some(Speed::Correspondence)
            },
            Action::Stats {
                user: None,
                speed: None
            },
            Action::Draw {
                game: Some(GameId::new(5)),
                decline: false
            },
            Action::Takeback {
                game: Some(GameId::new(5)),
                decline: true
            },
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_is_a_png_attachment_with_alt_text_and_two_rows_of_pits() {
    let bot = start_bot(None).await;
    bot.service.then(script::board(
        "Alice to move.",
        GameId::new(7),
        4,
        "ABCDEF",
        "BE",
    ));
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
        Action::Board {
            game: Some(GameId::new(7)),
            after: None
        }
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
    // Well past DEFER_AFTER, so a loaded machine cannot make both ready at once.
    let slow = DEFER_AFTER * 2;
    bot.service.then_after(
        script::board(
            "The engine played c. Alice to move.",
            GameId::new(4),
            9,
            "ABCDEF",
            "",
        ),
        slow,
    );
    let mv = payloads::slash_move(&alice(), "b");
    bot.fake.interaction(mv.clone());
    let deferred = callback(&bot.fake, &mv).await.json();
    assert_eq!(deferred["type"], json!(5), "deferred before Discord's 3 s");
    let edit = bot.fake.wait_for(1, is_webhook(&mv, "PATCH")).await;
    assert!(edit[0].path.ends_with("/messages/@original"));
    let body = edit[0].json();
    assert_eq!(
        body["content"],
        json!("The engine played c. Alice to move.")
    );
    assert_eq!(edit[0].files()[0].bytes, script::PNG, "the board comes too");
    assert_eq!(custom_ids(&body["components"]).len(), 2);

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
        let mut reply = script::board(
            "Game on! Alice to move.",
            GameId::new(game),
            0,
            "ABCDEF",
            "",
        );
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
