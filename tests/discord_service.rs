//! End to end with the real service: the real serenity + poise client against the
//! loopback fake Discord, and the real `Service` on a fresh SQLite file. The buttons
//! pressed and the pits typed are the ones the bot itself sent or offered.

mod discord_fake;

use std::sync::Arc;

use discord_fake::harness::{alice, bob, callback, custom_ids, start_bot_with, EPHEMERAL};
use discord_fake::payloads::{self, BOT_ID, CHANNEL_ID};
use discord_fake::Recorded;
use oware_bot::service::{Service, ServiceConfig};
use oware_bot::store::Store;
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

fn is_private(answer: &Value) -> bool {
    answer["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

fn content(answer: &Value) -> String {
    answer["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The real service on a fresh SQLite file (the directory lives as long as the guard).
async fn real_service() -> (tempfile::TempDir, Arc<Service>) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let store = Store::open(&url).await.expect("the store opens");
    (dir, Arc::new(Service::new(store, ServiceConfig::default())))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_with_the_real_service() {
    let (_dir, service) = real_service().await;
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

    // Alice resigns: the game is over.
    let resign = in_thread(payloads::oware(&alice(), "resign", json!([]), &[]), &thread);
    fake.interaction(resign.clone());
    let over = callback(fake, &resign).await.json();
    assert!(!is_private(&over), "{}", content(&over));
    assert!(
        custom_ids(&over["data"]["components"]).is_empty(),
        "no buttons after the end"
    );

    // A move after the end is refused privately.
    let late = in_thread(payloads::slash_move(&bob(), &pit), &thread);
    fake.interaction(late.clone());
    assert!(is_private(&callback(fake, &late).await.json()));

    // The store agrees: the thread was recorded, two plies played, Alice resigned.
    let row = service.store().game(game).await.unwrap().expect("the game");
    assert_eq!(row.thread.as_deref(), Some(thread.as_str()));
    assert_eq!(row.channel, CHANNEL_ID);
    assert_eq!(row.ply, 2);
    assert_eq!(row.status, "finished");
    assert_eq!(row.reason.as_deref(), Some("resignation"));
}

/// The adapter registers its own account at READY, so `/oware play @oware-bot` starts
/// a game against the engine, which answers a move pressed on its pit buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenging_the_bot_itself_starts_a_game_against_the_engine() {
    let (_dir, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;
    let me = payloads::user(BOT_ID, "oware-bot", true);
    let play = payloads::oware(
        &alice(),
        "play",
        json!([{ "name": "opponent", "type": 6, "value": BOT_ID },
               { "name": "level", "type": 4, "value": 0 }]),
        &[me],
    );
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
    callback(fake, &press).await;
    // The engine answers within the same command: two plies once the reply is out.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let row = service.store().game(game).await.unwrap().expect("the game");
        if row.ply >= 2 {
            assert_eq!(row.status, "active", "{row:?}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the engine never moved"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
