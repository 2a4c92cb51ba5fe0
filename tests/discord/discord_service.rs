//! End to end with the real service: the real serenity + poise client against the
//! loopback fake Discord, and the real `Service` on a fresh SQLite file. The buttons
//! pressed and the pits typed are the ones the bot itself sent or offered.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::discord_fake;
use oware_bot::service::GameId;

use std::sync::Arc;
use std::time::Duration;

use crate::discord_fake::harness::{
    alice, bob, callback, channel, custom_ids, http_to, real_service, start_bot_with, EPHEMERAL,
};
use crate::discord_fake::payloads::{self, BOT_ID, CHANNEL_ID};
use crate::discord_fake::{FakeDiscord, Recorded};
use oware_bot::chat::discord::deliver::{self, Round};
use oware_bot::service::{
    Action, ChallengeOptions, Command, First, Level, Outgoing, Place, Platform, Reply, Service,
    Shards, User,
};

/// A thread the adapter opened for a game (any snowflake: the fake accepts it).
const THREAD_ID: &str = "300000000000000003";
use serde_json::{json, Value};

/// The first enabled button of a message's rows whose custom id starts with `prefix`.
fn first_enabled(components: &Value, prefix: &str) -> String {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| {
            b["disabled"] != json!(true)
                && b["custom_id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with(prefix))
        })
        .and_then(|b| b["custom_id"].as_str().map(str::to_owned))
        .unwrap_or_else(|| panic!("no enabled `{prefix}` button in {components}"))
}

/// The service renders the board as a PNG once its renderer is wired in, and as text
/// until then: either way the message must show it (the text board in a code block).
fn shows_board(request: &Recorded) -> bool {
    let json = request.json();
    let data = if json.get("data").is_some() {
        &json["data"]
    } else {
        &json
    };
    let png = request
        .files()
        .iter()
        .any(|f| f.content_type.as_deref() == Some("image/png"));
    png || data["content"]
        .as_str()
        .unwrap_or_default()
        .contains("```\n")
}

fn in_thread(mut payload: Value, thread: &str) -> Value {
    payloads::in_thread(&mut payload, thread);
    payload
}

fn alice_user() -> User {
    User {
        id: "111111111111111111".into(),
        name: "Alice".into(),
        is_bot: false,
    }
}

/// Alice challenges the bot at `place`, the engine (easy) to move first.
fn engine_opens(place: Place) -> Command {
    Command::new(
        place,
        alice_user(),
        Action::Play {
            opponent: User {
                id: BOT_ID.into(),
                name: "oware-bot".into(),
                is_bot: true,
            },
            options: ChallengeOptions {
                first: First::Opponent,
                level: Some(Level::Easy),
                ..ChallengeOptions::default()
            },
        },
    )
}

fn is_private(answer: &Value) -> bool {
    answer["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

fn content(answer: &Value) -> String {
    answer["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_with_the_real_service() {
    let (db, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;

    // Alice challenges Bob; the answer carries Accept / Decline buttons.
    let play = payloads::oware(
        &alice(),
        "play",
        json!([{ "name": "opponent", "type": 6, "value": "222222222222222222" }]),
        &[bob()],
    );
    fake.interaction(play.clone());
    let challenge = callback(fake, &play).await.json();
    assert!(!is_private(&challenge), "{challenge}");
    // Between people a game is rated with three days a move unless asked otherwise.
    assert!(content(&challenge).contains(", rated, "), "{challenge}");
    let accept_id = first_enabled(&challenge["data"]["components"], "ok:");

    // Alice cannot accept her own challenge: a private refusal.
    let own = payloads::button(&alice(), &accept_id);
    fake.interaction(own.clone());
    assert!(is_private(&callback(fake, &own).await.json()));

    // Bob accepts: a thread opens and the first board is posted there.
    let accept = payloads::button(&bob(), &accept_id);
    fake.interaction(accept.clone());
    callback(fake, &accept).await;
    let opened = fake
        .wait_for(1, |r| r.method == "POST" && r.path.ends_with("/threads"))
        .await;
    assert!(opened[0].json()["name"]
        .as_str()
        .unwrap()
        .starts_with("Oware: "));
    let in_thread_posts = |r: &Recorded| {
        r.method == "POST" && r.path.ends_with("/messages") && !r.path.contains(CHANNEL_ID)
    };
    let first_board = fake.wait_for(1, in_thread_posts).await.remove(0);
    let thread = first_board.path.split('/').nth(4).unwrap().to_owned();
    assert!(shows_board(&first_board), "{}", first_board.json());
    let board = first_board.json();

    // Alice moves by pressing one of her pit buttons in the thread.
    let pit_button = first_enabled(&board["components"], "mv:");
    let game: i64 = pit_button.split(':').nth(1).unwrap().parse().unwrap();
    let press = in_thread(payloads::button(&alice(), &pit_button), &thread);
    fake.interaction(press.clone());
    let after_alice = callback(fake, &press).await;
    assert!(
        !is_private(&after_alice.json()),
        "{}",
        content(&after_alice.json())
    );
    assert!(
        shows_board(&after_alice),
        "a new board: {}",
        after_alice.json()
    );

    // Alice presses again: not her turn, refused privately.
    let again = in_thread(
        payloads::button(
            &alice(),
            &first_enabled(&after_alice.json()["data"]["components"], "mv:"),
        ),
        &thread,
    );
    fake.interaction(again.clone());
    assert!(is_private(&callback(fake, &again).await.json()));

    // Bob asks autocomplete for his legal pits and types the first with `/move`.
    let typed = in_thread(payloads::autocomplete_move(&bob(), ""), &thread);
    fake.interaction(typed.clone());
    let offered = callback(fake, &typed).await.json();
    let pit = offered["data"]["choices"][0]["value"]
        .as_str()
        .expect("a legal pit")
        .to_owned();
    let bob_moves = in_thread(payloads::slash_move(&bob(), &pit), &thread);
    fake.interaction(bob_moves.clone());
    let after_bob = callback(fake, &bob_moves).await.json();
    assert!(!is_private(&after_bob), "{}", content(&after_bob));

    // Alice resigns: she is asked privately, naming the game, with one button that
    // resigns exactly that game; pressed, the game is over.
    let resign = in_thread(payloads::oware(&alice(), "resign", json!([]), &[]), &thread);
    fake.interaction(resign.clone());
    let asked = callback(fake, &resign).await.json();
    assert!(is_private(&asked), "{}", content(&asked));
    assert!(
        content(&asked).contains(&format!("Resign game #{game} against **Bob**?")),
        "{}",
        content(&asked)
    );
    assert_eq!(
        custom_ids(&asked["data"]["components"]),
        [[format!("rs:{game}")]]
    );
    assert!(db
        .store
        .games()
        .game(GameId::new(game))
        .await
        .unwrap()
        .unwrap()
        .is_active());
    let confirm = in_thread(payloads::button(&alice(), &format!("rs:{game}")), &thread);
    fake.interaction(confirm.clone());
    let over = callback(fake, &confirm).await.json();
    assert!(!is_private(&over), "{}", content(&over));
    assert_eq!(
        custom_ids(&over["data"]["components"]),
        [[format!("rm:{game}"), format!("an:{game}")]],
        "no pit buttons after the end: a rematch and a review"
    );

    // A move after the end is refused privately.
    let late = in_thread(payloads::slash_move(&bob(), &pit), &thread);
    fake.interaction(late.clone());
    assert!(is_private(&callback(fake, &late).await.json()));

    // The store agrees: the thread was recorded, two plies played, Alice resigned.
    let row = db
        .store
        .games()
        .game(GameId::new(game))
        .await
        .unwrap()
        .expect("the game");
    assert_eq!(row.thread.as_deref(), Some(thread.as_str()));
    assert_eq!(row.channel, CHANNEL_ID);
    assert_eq!(row.ply, 2);
    assert!(!row.is_active());
    assert_eq!(
        row.state.ending().map(|e| e.reason_column()),
        Some("resignation")
    );
    assert!(row.rated);
    assert_eq!(row.time_control.to_string(), "3d");
}

/// The adapter registers its own account at READY, so `/oware play @oware-bot` starts
/// a game against the engine. The engine's answer to a pressed pit is a job; its move
/// reaches the channel through the outbox as a message of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenging_the_bot_itself_starts_a_game_against_the_engine() {
    let (db, service) = real_service().await;
    let _scheduler = Scheduler::start(&service);
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let play = play_engine(json!([]));
    fake.interaction(play.clone());
    let started = callback(fake, &play).await.json();
    assert!(!is_private(&started), "{}", content(&started));
    assert!(
        content(&started).contains("engine"),
        "{}",
        content(&started)
    );
    let pit_button = first_enabled(&started["data"]["components"], "mv:");
    let game: i64 = pit_button.split(':').nth(1).unwrap().parse().unwrap();

    let press = payloads::button(&alice(), &pit_button);
    fake.interaction(press.clone());
    let after_alice = callback(fake, &press).await.json();
    assert!(!is_private(&after_alice), "{}", content(&after_alice));
    // The engine's move is a channel message with Alice's pit buttons at ply 2.
    let engine_move = fake.wait_for(1, is_channel_message).await.remove(0);
    assert!(shows_board(&engine_move), "{}", engine_move.json());
    let pits = first_enabled(&engine_move.json()["components"], "mv:");
    assert!(pits.starts_with(&format!("mv:{game}:2:")), "{pits}");
    let row = db
        .store
        .games()
        .game(GameId::new(game))
        .await
        .unwrap()
        .expect("the game");
    assert_eq!((row.ply, row.is_active()), (2, true), "{row:?}");
}

/// An outbox message (here the engine's opening move) is posted to the game's channel
/// with the board PNG, the pit buttons, and its outbox id as an enforced nonce; once
/// marked sent, a restarted deliverer does not send it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outbox_message_is_posted_once_with_its_nonce() {
    let (_dir, service) = real_service().await;
    let _scheduler = Scheduler::start(&service);
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    // `first: them`: the engine opens.
    let play = play_engine(json!([{ "name": "first", "type": 4, "value": 1 }]));
    fake.interaction(play.clone());
    let started = callback(fake, &play).await.json();
    assert!(content(&started).contains("thinking"), "{started}");

    let posted = fake.wait_for(1, is_channel_message).await.remove(0);
    let body = posted.json();
    let nonce = body["nonce"].as_str().expect("a string nonce").to_owned();
    assert!(nonce.parse::<i64>().is_ok_and(|id| id > 0), "{nonce}");
    assert_eq!(body["enforce_nonce"], json!(true));
    let png = posted.files();
    assert_eq!(png.len(), 1, "one attachment");
    assert_eq!(png[0].content_type.as_deref(), Some("image/png"));
    assert!(png[0].bytes.starts_with(b"\x89PNG"), "a PNG");
    assert_eq!(
        body["attachments"][0]["description"]
            .as_str()
            .map(str::is_empty),
        Some(false),
        "alt text"
    );
    let rows = custom_ids(&body["components"]);
    assert_eq!(rows.len(), 2, "two rows of pits: {rows:?}");
    assert_eq!(body["allowed_mentions"]["parse"], json!([]));
    assert!(
        body["allowed_mentions"]["users"]
            .as_array()
            .is_some_and(|users| users.contains(&json!("111111111111111111"))),
        "Alice, to move, may be pinged: {body}"
    );
    wait_until_delivered(&service).await;

    // A restarted deliverer finds nothing to send.
    let http = http_to(fake);
    assert_eq!(
        deliver::round(&http, service.as_ref(), None).await,
        Round::default()
    );
    let again = tokio::spawn(deliver::run(http, Arc::clone(&service), None));
    tokio::time::sleep(Duration::from_millis(300)).await;
    again.abort();
    assert_eq!(
        fake.requests()
            .iter()
            .filter(|r| is_channel_message(r))
            .count(),
        1
    );
}

/// A deliverer killed after sending but before marking sent: the next one sends the
/// message again with the same nonce (the outbox id), which Discord de-duplicates.
/// The game has a thread, so its messages go there rather than to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_sent_but_not_marked_is_sent_again_with_the_same_nonce() {
    let (_dir, service) = real_service().await;
    let fake = FakeDiscord::start().await;
    let http = http_to(&fake);
    service.ops().register_bot_user(Platform::Discord, BOT_ID);
    let started = service.handle(engine_opens(channel())).await;
    assert!(!started.private, "{}", started.text);
    let game = started.game.expect("a game");
    let thread = Place {
        thread: Some(THREAD_ID.into()),
        ..channel()
    };
    service
        .ops()
        .set_thread(game, &thread)
        .await
        .expect("the thread");
    assert!(service.ops().run_due_jobs().await >= 1, "the engine opened");
    let unsent = service.ops().unsent(Platform::Discord, None).await;
    assert_eq!(unsent.len(), 1, "{unsent:?}");
    let out = &unsent[0];

    // The first deliverer sends, then dies before marking it sent.
    deliver::send(&http, out).await.expect("sent");
    assert_eq!(service.ops().unsent(Platform::Discord, None).await.len(), 1);

    // The next one sends it again, with the same nonce, and marks it sent.
    let next = tokio::spawn(deliver::run(http, Arc::clone(&service), None));
    let in_thread = |r: &Recorded| {
        r.method == "POST" && r.path == format!("/api/v10/channels/{THREAD_ID}/messages")
    };
    let posts = fake.wait_for(2, in_thread).await;
    wait_until_delivered(&service).await;
    next.abort();
    for post in &posts {
        let body = post.json();
        assert_eq!(body["nonce"], json!(out.id.to_string()));
        assert_eq!(body["enforce_nonce"], json!(true));
    }
    assert!(
        !fake.requests().iter().any(is_channel_message),
        "nothing in the channel"
    );
    assert_eq!(posts[0].files()[0].bytes, posts[1].files()[0].bytes);
}

/// A finished game's last message ([`Reply::archive_thread`]) is posted in its thread,
/// then the thread is archived; the same message without a thread archives nothing
/// (a channel is never archived).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_message_is_posted_then_its_thread_is_archived() {
    let fake = FakeDiscord::start().await;
    let http = http_to(&fake);
    let archiving = |id: i64, thread: Option<&str>| Outgoing {
        id,
        place: Place {
            thread: thread.map(str::to_owned),
            ..channel()
        },
        reply: Reply {
            game: Some(GameId::new(12)),
            archive_thread: true,
            ..Reply::public("Game #12 is over, so this thread is archived now.")
        },
        edits: None,
        recipient: None,
    };
    deliver::send(&http, &archiving(41, Some(THREAD_ID)))
        .await
        .expect("sent");
    let requests = fake.requests();
    let at = |method: &str, path: &str| {
        requests
            .iter()
            .position(|r| r.method == method && r.path == path)
            .unwrap_or_else(|| panic!("no {method} {path} in {requests:?}"))
    };
    let posted = at("POST", &format!("/api/v10/channels/{THREAD_ID}/messages"));
    let archived = at("PATCH", &format!("/api/v10/channels/{THREAD_ID}"));
    assert!(posted < archived, "the line first, then the archiving");
    assert_eq!(requests[archived].json()["archived"], json!(true));
    assert!(content(&json!({ "data": requests[posted].json() })).contains("archived"));

    deliver::send(&http, &archiving(42, None))
        .await
        .expect("sent");
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.method == "PATCH" && r.path == format!("/api/v10/channels/{CHANNEL_ID}")),
        "the channel is not archived"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_goes_to_the_persons_dm_channel() {
    let fake = FakeDiscord::start().await;
    let http = http_to(&fake);
    let person = "222222222222222222";
    let dm = |id: i64| Outgoing {
        id,
        place: Place {
            space: None,
            channel: person.to_owned(),
            thread: None,
            ..channel()
        },
        reply: Reply::public("Your move in game #12: **alice** played C."),
        edits: None,
        recipient: Some(person.to_owned()),
    };
    let first = deliver::send(&http, &dm(51)).await.expect("sent");
    let second = deliver::send(&http, &dm(52)).await.expect("sent");
    assert_eq!(first.channel_id, second.channel_id, "one DM channel");
    let requests = fake.requests();
    let opened: Vec<_> = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == "/api/v10/users/@me/channels")
        .collect();
    assert_eq!(
        opened.len(),
        2,
        "asked each time (Discord answers the same)"
    );
    assert_eq!(opened[0].json()["recipient_id"], json!(person));
    let posted = requests
        .iter()
        .find(|r| r.path == format!("/api/v10/channels/{}/messages", first.channel_id))
        .expect("posted in the DM channel");
    assert!(posted.json()["content"]
        .as_str()
        .is_some_and(|c| c.contains("Your move")));
    assert!(
        !requests
            .iter()
            .any(|r| r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")),
        "nothing in the game's channel"
    );
}

/// `/oware play @oware-bot level:easy` with `more` options, by Alice.
fn play_engine(more: Value) -> Value {
    let mut options = vec![
        json!({ "name": "opponent", "type": 6, "value": BOT_ID }),
        json!({ "name": "level", "type": 4, "value": 0 }),
    ];
    options.extend(more.as_array().cloned().unwrap_or_default());
    let me = payloads::user(BOT_ID, "oware-bot", true);
    payloads::oware(&alice(), "play", Value::Array(options), &[me])
}

/// A message posted to the text channel itself (not an interaction answer).
fn is_channel_message(r: &Recorded) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
}

/// Waits (up to 20 s) until no Discord message is left to deliver.
async fn wait_until_delivered(service: &Service) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .is_empty()
    {
        assert!(tokio::time::Instant::now() < deadline, "never marked sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The service's scheduler, running for as long as the guard lives.
struct Scheduler(tokio::task::JoinHandle<()>);

impl Scheduler {
    fn start(service: &Arc<Service>) -> Scheduler {
        Scheduler(tokio::spawn(service.ops().scheduler()))
    }
}

impl Drop for Scheduler {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Two processes share one database, each running half of the shards: each delivers
/// only the messages of the servers on its own shards (a server's shard is
/// `(guild_id >> 22) % total`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_process_delivers_only_the_messages_of_its_own_shards() {
    let (_dir, service) = real_service().await;
    let fake = FakeDiscord::start().await;
    let http = http_to(&fake);
    service.ops().register_bot_user(Platform::Discord, BOT_ID);
    // Guild 2 << 22 is on shard 0 of 2, guild 3 << 22 on shard 1.
    let guilds = [
        (2u64 << 22, "400000000000000001"),
        (3u64 << 22, "400000000000000002"),
    ];
    for (guild, channel_id) in guilds {
        let place = Place {
            platform: Platform::Discord,
            space: Some(guild.to_string()),
            channel: channel_id.into(),
            thread: None,
        };
        let started = service.handle(engine_opens(place)).await;
        assert!(!started.private, "{}", started.text);
    }
    assert!(
        service.ops().run_due_jobs().await >= 2,
        "the engine opened both games"
    );
    assert_eq!(service.ops().unsent(Platform::Discord, None).await.len(), 2);
    let posted_to = |channel: &str| {
        let path = format!("/api/v10/channels/{channel}/messages");
        fake.requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .count()
    };

    let second = Shards {
        total: 2,
        range: 1..2,
    };
    let done = deliver::round(&http, service.as_ref(), Some(&second)).await;
    assert_eq!(done, Round { sent: 1, failed: 0 });
    assert_eq!((posted_to(guilds[0].1), posted_to(guilds[1].1)), (0, 1));
    // Shard 1's process has nothing left; shard 0's message still waits.
    let again = deliver::round(&http, service.as_ref(), Some(&second)).await;
    assert_eq!(again, Round::default());
    let first = Shards {
        total: 2,
        range: 0..1,
    };
    assert!(first.owns(Some(&guilds[0].0.to_string())) && first.owns(None));
    let done = deliver::round(&http, service.as_ref(), Some(&first)).await;
    assert_eq!(done, Round { sent: 1, failed: 0 });
    assert_eq!((posted_to(guilds[0].1), posted_to(guilds[1].1)), (1, 1));
    assert!(service
        .ops()
        .unsent(Platform::Discord, None)
        .await
        .is_empty());
}

/// `/oware admin <sub>` (no options) by `author`.
fn admin_sub(author: &Value, sub: &str) -> Value {
    let mut p = payloads::oware(author, "admin", json!([]), &[]);
    p["data"]["options"] = json!([{
        "name": "admin",
        "type": 2,
        "options": [{ "name": sub, "type": 1, "options": [] }],
    }]);
    p
}

/// `/oware admin status` by `author`.
fn admin_status(author: &Value) -> Value {
    admin_sub(author, "status")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_answers_a_server_manager_privately_and_refuses_a_member() {
    let (_dir, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;

    // Alice may manage the server (Manage Server is 1 << 5 in her permissions here).
    let mut asked = admin_status(&alice());
    asked["member"]["permissions"] = json!((2_248_473_465_835_073_u64 | 1 << 5).to_string());
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    let text = content(&answer);
    for row in ["Games in progress   0", "Unsent, Discord     0"] {
        assert!(text.contains(row), "{row:?} in {text}");
    }
    // This server's figures only: the whole bot's are for its owners.
    assert!(text.contains("Status** of this server"), "{text}");
    assert!(
        !text.contains("Database") && !text.contains("Discord shards"),
        "{text}"
    );

    // The bans subcommand reaches the service too.
    let mut bans = admin_sub(&alice(), "bans");
    bans["member"]["permissions"] = asked["member"]["permissions"].clone();
    fake.interaction(bans.clone());
    let answer = callback(fake, &bans).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(content(&answer).contains("No one is banned"), "{answer}");

    // Bob may not: a private refusal that says who may.
    let asked = admin_status(&bob());
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    let text = content(&answer);
    assert!(
        text.contains("only for") && text.contains("Manage Server"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_changed_by_a_server_manager_and_shown_to_anyone() {
    let (_dir, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let options = |pairs: &[(&str, &str)]| {
        json!(pairs
            .iter()
            .map(|(name, value)| json!({ "name": name, "type": 3, "value": value }))
            .collect::<Vec<_>>())
    };

    // Bob's permissions lack Manage Server: refused, privately, saying who may.
    let asked = payloads::oware_group(&bob(), "settings", "server", options(&[("time", "none")]));
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(content(&answer).contains("Manage Server"), "{answer}");

    // Alice may manage the server (1 << 5).
    let mut asked = payloads::oware_group(
        &alice(),
        "settings",
        "server",
        json!([
            { "name": "rated", "type": 4, "value": 1 },
            { "name": "threads", "type": 4, "value": 1 },
            { "name": "archive", "type": 3, "value": "12h" },
        ]),
    );
    asked["member"]["permissions"] = json!((2_248_473_465_835_073_u64 | 1 << 5).to_string());
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(content(&answer).contains("Settings changed"), "{answer}");

    // Anyone sees them.
    let asked = payloads::oware_group(&bob(), "settings", "server", json!([]));
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    let text = content(&answer);
    let row = |key: &str| {
        text.lines()
            .find(|l| l.starts_with(key))
            .map(|l| l[key.len()..].trim().to_owned())
    };
    assert_eq!(row("rated").as_deref(), Some("no"), "{text}");
    assert_eq!(row("threads").as_deref(), Some("no"), "{text}");
    assert_eq!(row("archive").as_deref(), Some("after 12 h"), "{text}");
}

/// `moderators:<#id>` names a channel of this server (Discord says so: Get Channel),
/// and only one: a channel of another server is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_moderators_channel_is_any_channel_of_this_server_and_no_other() {
    let (db, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    fake.wait_ready().await;
    let set = |channel: &str| {
        let mut asked = payloads::oware_group(
            &alice(),
            "settings",
            "server",
            json!([{ "name": "moderators", "type": 3, "value": format!("<#{channel}>") }]),
        );
        asked["member"]["permissions"] = json!((1_u64 << 5).to_string());
        asked
    };
    let foreign = set(payloads::FOREIGN_CHANNEL_ID);
    fake.interaction(foreign.clone());
    let answer = callback(fake, &foreign).await.json();
    assert!(content(&answer).contains("moderators:here"), "{answer}");
    let unknown = set("200000000000000042");
    fake.interaction(unknown.clone());
    let answer = callback(fake, &unknown).await.json();
    assert!(content(&answer).contains("moderators:here"), "{answer}");

    let mods = set(payloads::MODS_CHANNEL_ID);
    fake.interaction(mods.clone());
    let answer = callback(fake, &mods).await.json();
    assert!(content(&answer).contains("Settings changed"), "{answer}");
    let row = db
        .store
        .places()
        .settings(Platform::Discord, payloads::GUILD_ID)
        .await
        .expect("reads");
    assert_eq!(row.moderators.as_deref(), Some(payloads::MODS_CHANNEL_ID));
    assert_eq!(row.moderators_space.as_deref(), Some(payloads::GUILD_ID));
}

/// `/oware settings <name>` as registered in `commands`.
fn settings_subcommand(commands: &Value, name: &str) -> Value {
    commands[0]["options"]
        .as_array()
        .expect("subcommands")
        .iter()
        .find(|s| s["name"] == "settings")
        .and_then(|group| group["options"].as_array())
        .and_then(|subs| subs.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("no /oware settings {name}"))
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_sets_their_own_board_with_settings_me() {
    let (db, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let me = settings_subcommand(&fake.wait_ready().await.json(), "me");
    let choices: Vec<&str> = me["options"][0]["choices"]
        .as_array()
        .expect("board's choices")
        .iter()
        .map(|c| c["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(me["options"][0]["name"], "board");
    assert_eq!(choices, ["my-side", "south"]);

    // Bob has no Manage Server: his own settings are his to change, privately.
    let asked = payloads::oware_group(
        &bob(),
        "settings",
        "me",
        json!([{ "name": "board", "type": 4, "value": 0 }]),
    );
    fake.interaction(asked.clone());
    let answer = callback(fake, &asked).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(
        content(&answer).contains("Your settings changed (`board:my-side`)"),
        "{answer}"
    );
    let saved = db
        .store
        .people()
        .user_settings(Platform::Discord, "222222222222222222")
        .await
        .expect("reads");
    assert_eq!(saved.board, oware_bot::store::Orientation::MySide);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_goes_on_vacation_with_settings_vacation() {
    let (db, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let vacation = settings_subcommand(&fake.wait_ready().await.json(), "vacation");
    let names: Vec<&str> = vacation["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["days", "back"]);
    assert_eq!(vacation["options"][0]["max_value"].as_f64(), Some(30.0));

    let away = payloads::oware_group(
        &bob(),
        "settings",
        "vacation",
        json!([{ "name": "days", "type": 4, "value": 7 }]),
    );
    fake.interaction(away.clone());
    let answer = callback(fake, &away).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(
        content(&answer).contains("You are on vacation until"),
        "{answer}"
    );
    let back = payloads::oware_group(
        &bob(),
        "settings",
        "vacation",
        json!([{ "name": "back", "type": 5, "value": true }]),
    );
    fake.interaction(back.clone());
    let answer = callback(fake, &back).await.json();
    assert!(content(&answer).contains("Welcome back"), "{answer}");

    // `/oware settings export`: his data, only for him, as files.
    let export = payloads::oware_group(&bob(), "settings", "export", json!([]));
    fake.interaction(export.clone());
    let answer = callback(fake, &export).await;
    let json = answer.json();
    assert!(is_private(&json), "{json}");
    assert!(
        content(&json).contains("everything the bot stores about you"),
        "{json}"
    );
    let body = String::from_utf8_lossy(&answer.body).into_owned();
    assert!(
        body.contains("oware-export.json"),
        "an attached file: {body}"
    );

    // `/oware settings forget-me` asks, with a button; pressing it forgets him.
    let ask = payloads::oware_group(&bob(), "settings", "forget-me", json!([]));
    fake.interaction(ask.clone());
    let answer = callback(fake, &ask).await.json();
    assert!(is_private(&answer), "{answer}");
    assert!(content(&answer).contains("Forget you?"), "{answer}");
    assert_eq!(custom_ids(&answer["data"]["components"]), [["fm:me"]]);
    let press = payloads::button(&bob(), "fm:me");
    fake.interaction(press.clone());
    let answer = callback(fake, &press).await.json();
    assert!(content(&answer).contains("forgotten you"), "{answer}");
    let identity = db
        .store
        .people()
        .identity_of(Platform::Discord, "222222222222222222")
        .await
        .expect("reads");
    assert_eq!(identity, None, "his id names nobody any more");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_settings_key_is_set_through_its_own_option() {
    let (db, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let server = settings_subcommand(&fake.wait_ready().await.json(), "server");
    let declared = server["options"].as_array().expect("options").clone();
    let names: Vec<&str> = declared
        .iter()
        .map(|o| o["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        oware_bot::service::SETTING_KEYS,
        "one option per key"
    );

    // A value for each key other than its default: typed, or the index of a choice.
    let typed = |key: &str| match key {
        "channels" => "here",
        "time" => "5+3",
        "moderators" => "here",
        "archive" => "2h",
        _ => panic!("{key} needs a typed value"),
    };
    let wanted = |key: &str| match key {
        "rated" | "advice" | "threads" => "no",
        "tournaments" => "anyone",
        "language" => "en",
        "web" => "public",
        _ => panic!("{key} needs a choice"),
    };
    for option in &declared {
        let key = option["name"].as_str().expect("a name");
        let value = match option["choices"].as_array().filter(|c| !c.is_empty()) {
            Some(choices) => {
                let names: Vec<&str> = choices
                    .iter()
                    .map(|c| c["name"].as_str().expect("choice name"))
                    .collect();
                let index = names
                    .iter()
                    .position(|n| *n == wanted(key))
                    .unwrap_or_else(|| panic!("{key}: no {} in {names:?}", wanted(key)));
                assert_eq!(option["type"], 4, "{key}: inline choices are indices");
                json!({ "name": key, "type": 4, "value": index })
            }
            None => {
                assert_eq!(option["type"], 3, "{key}: a string option");
                json!({ "name": key, "type": 3, "value": typed(key) })
            }
        };
        let mut asked = payloads::oware_group(&alice(), "settings", "server", json!([value]));
        asked["member"]["permissions"] = json!((2_248_473_465_835_073_u64 | 1 << 5).to_string());
        fake.interaction(asked.clone());
        let answer = callback(fake, &asked).await.json();
        assert!(
            content(&answer).contains("Settings changed"),
            "{key}: {answer}"
        );
    }
    let row = db
        .store
        .places()
        .settings(Platform::Discord, discord_fake::payloads::GUILD_ID)
        .await
        .expect("reads");
    assert_eq!(row.channels, Some(vec![CHANNEL_ID.to_owned()]));
    assert_eq!(
        row.time_control.map(|t| t.to_string()).as_deref(),
        Some("5+3")
    );
    assert_eq!(row.rated.map(|f| f.0), Some(false));
    assert_eq!(row.advice.map(|f| f.0), Some(false));
    assert_eq!(row.threads.map(|f| f.0), Some(false));
    assert_eq!(row.moderators.as_deref(), Some(CHANNEL_ID));
    assert_eq!(row.web, Some(oware_bot::store::WebPages::Public));
    assert_eq!(
        row.archive_after.map(|a| a.to_string()).as_deref(),
        Some("2h")
    );
    assert!(row.anyone_runs_tournaments);
    assert_eq!(row.language.map(|l| l.tag()).as_deref(), Some("en"));

    // The language's choices are exactly the catalogues the bot has, and default.
    let language = declared
        .iter()
        .find(|o| o["name"] == "language")
        .expect("language");
    let mut offered: Vec<String> = language["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| c["name"].as_str().expect("name").to_owned())
        .collect();
    offered.retain(|c| c != "default");
    assert_eq!(offered, oware_bot::i18n::Language::available());
}
