//! A game's review on Matrix: `!oware analyse` is answered at once ("analysing…"),
//! and when the job is done the bot sends the review's pictures and replaces the
//! placeholder's text with an `m.replace` edit.

use crate::support::{body, env, say};
use crate::{ONE_BOT, SKIPPED};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_replaces_its_placeholder_with_an_edit() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    // A game against the engine begun in a new room (the outbox tests' set-up).
    let mut s = crate::outbox::setup(env, "analysis").await;
    let (room, watch) = (s.room.clone(), &mut s.watch);
    say(&room, "!move c", None).await;
    watch.until_text("Alice's move").await;
    watch.until_text("the engine's move").await;
    say(&room, "!oware resign confirm", None).await;
    let over = watch.until_text("resignation").await;
    let text = over.last().expect("text");
    assert!(body(text).contains("analyse"), "offered: {text:#}");

    say(&room, "!oware analyse", None).await;
    let placeholder = watch.until_text("placeholder").await;
    let placeholder = placeholder.last().expect("text");
    assert!(
        body(placeholder).contains("Analysing game"),
        "{placeholder:#}"
    );
    let original = placeholder["event_id"].as_str().expect("id");

    let review = watch.until_text("the review").await;
    let (edit, pictures) = review.split_last().expect("events");
    assert!(!pictures.is_empty(), "the graph first: {review:#?}");
    assert!(pictures
        .iter()
        .all(|e| e["content"]["msgtype"] == "m.image"));
    assert!(
        pictures.iter().any(|e| body(e).starts_with("eval-")
            || e["content"]["filename"]
                .as_str()
                .is_some_and(|f| f.starts_with("eval-"))),
        "{pictures:#?}"
    );
    let relation = &edit["content"]["m.relates_to"];
    assert_eq!(relation["rel_type"], "m.replace", "{edit:#}");
    assert_eq!(relation["event_id"], original, "{edit:#}");
    let new = edit["content"]["m.new_content"]["body"]
        .as_str()
        .unwrap_or_default();
    assert!(new.contains("Review of game"), "{edit:#}");
    assert!(new.contains("Accuracy:"), "{edit:#}");

    s.bot.stop().await;
    s.scheduler.abort();
    let _ = std::fs::remove_dir_all(&s.dir);
}
