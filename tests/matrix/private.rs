//! Private replies with the real service: a `/oware link` code typed for in a
//! shared room arrives in a direct room with its author, never in the shared room;
//! the direct room is recorded in the database and reused, and a command typed in
//! it is answered there.

use std::collections::HashSet;
use std::time::Duration;

use crate::support::{body, dm, env, login, say, start_bot, Watch};
use crate::{bot_config, game_room, real_service, temp, ONE_BOT, SKIPPED};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_code_goes_to_a_direct_room_opened_once() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("private");
    let (service, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room, _) = game_room(&env, &alice, &bob, None).await;
    let shared = Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    say(&room, "!oware link", None).await;
    let mut private = dm(service.as_ref(), &alice, &env.bot).await;
    assert_ne!(private.room.room_id(), room.room_id());
    let code = private.next(1, "the link code").await;
    assert!(
        body(&code[0]).contains("Your link code is"),
        "{:#}",
        code[0]
    );
    shared
        .quiet(
            Duration::from_secs(2),
            "the code never shows in the shared room",
        )
        .await;

    // The same direct room again, and a command typed there is answered there.
    say(&room, "!oware link", None).await;
    let again = private.next(1, "a second code").await;
    assert!(body(&again[0]).contains("Your link code is"));
    say(&private.room, "!oware link", None).await;
    let there = private.next(1, "asked in the direct room").await;
    assert!(body(&there[0]).contains("Your link code is"));
    let recorded = service
        .store()
        .dm_room("matrix", &env.alice.0)
        .await
        .expect("reads");
    assert_eq!(
        recorded.as_deref(),
        Some(private.room.room_id().as_str()),
        "one direct room, recorded and reused"
    );
    shared
        .quiet(Duration::ZERO, "still nothing in the shared room")
        .await;
    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
