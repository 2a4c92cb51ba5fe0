//! Languages on Discord: what the server reads in the server's language, a reply
//! only its author reads in their client language when the bot has it (else the
//! server's), and the slash commands described in every language.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::discord_fake::harness::{alice, bob, callback, real_service, start_bot_with};
use crate::discord_fake::payloads;

fn content(answer: &Value) -> String {
    answer["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// `payload` sent from a client showing `locale`.
fn from_client(mut payload: Value, locale: &str) -> Value {
    payload["locale"] = json!(locale);
    payload
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_client_reads_french_where_it_is_theirs_alone_and_the_commands_are_described_in_french(
) {
    let (_dir, service) = real_service().await;
    let bot = start_bot_with(Arc::clone(&service), None).await;
    let fake = &bot.fake;

    // The registered commands carry French descriptions, names stay English.
    let registered = fake.wait_ready().await.json();
    let oware = registered
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "oware")
        .expect("/oware is registered");
    assert!(
        oware["description_localizations"]["fr"]
            .as_str()
            .unwrap()
            .contains("awalé"),
        "{oware}"
    );
    let play = oware["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "play")
        .expect("/oware play");
    assert!(play["description_localizations"]["fr"]
        .as_str()
        .unwrap()
        .starts_with("Défier"));
    let time = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "time")
        .expect("time:");
    assert!(time["description_localizations"]["fr"]
        .as_str()
        .unwrap()
        .starts_with("Temps par coup"));

    // The server speaks English (the default); Alice's client is French.
    let challenge = from_client(
        payloads::oware(
            &alice(),
            "play",
            json!([{ "name": "opponent", "type": 6, "value": "222222222222222222" }]),
            &[bob()],
        ),
        "fr",
    );
    fake.interaction(challenge.clone());
    let answer = content(&callback(fake, &challenge).await.json());
    // The challenge is the server's to read: in its English, whatever her client.
    assert!(answer.contains("challenges **Bob** to Oware"), "{answer}");
    assert!(answer.contains("rated, 3 days a move"), "{answer}");
    // A refusal is hers alone: in her client's French.
    let herself = from_client(
        payloads::oware(
            &alice(),
            "play",
            json!([{ "name": "opponent", "type": 6, "value": "111111111111111111" }]),
            &[alice()],
        ),
        "fr",
    );
    fake.interaction(herself.clone());
    let answer = content(&callback(fake, &herself).await.json());
    assert!(
        answer.starts_with("Vous ne pouvez pas vous défier vous-même"),
        "{answer}"
    );

    // Bob's client is British English: English.
    let help = from_client(payloads::oware(&bob(), "help", json!([]), &[]), "en-GB");
    fake.interaction(help.clone());
    let answer = content(&callback(fake, &help).await.json());
    assert!(answer.starts_with("**Oware bot**"), "{answer}");

    // A French-Canadian client is French too; a language the bot lacks is the server's.
    let help = from_client(payloads::oware(&bob(), "help", json!([]), &[]), "fr-CA");
    fake.interaction(help.clone());
    let answer = content(&callback(fake, &help).await.json());
    assert!(answer.starts_with("**Bot d'awalé**"), "{answer}");
    let help = from_client(payloads::oware(&bob(), "help", json!([]), &[]), "es-ES");
    fake.interaction(help.clone());
    let answer = content(&callback(fake, &help).await.json());
    assert!(answer.starts_with("**Oware bot**"), "{answer}");

    // Bob chooses English for himself: it wins over his French client.
    let mine = from_client(
        payloads::oware_group(
            &bob(),
            "settings",
            "me",
            json!([{ "name": "language", "type": 4, "value": 0 }]),
        ),
        "fr",
    );
    fake.interaction(mine.clone());
    let answer = content(&callback(fake, &mine).await.json());
    assert!(answer.contains("`language:en`"), "{answer}");
    let help = from_client(payloads::oware(&bob(), "help", json!([]), &[]), "fr");
    fake.interaction(help.clone());
    let answer = content(&callback(fake, &help).await.json());
    assert!(answer.starts_with("**Oware bot**"), "{answer}");
}
