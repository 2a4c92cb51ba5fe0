//! Who administers a Matrix room, with the real service: a room member's power level
//! on Synapse decides whether `/oware settings key:value` (an admin command) is
//! carried out. The room's creator (power level 100) changes a setting; a member at
//! the default level 0 is refused, in place as a reply, with who may; raised to 50,
//! the same member may. A moderators room other than the room itself must be one
//! the admin administers too.

use std::collections::HashSet;

use matrix_sdk::ruma::{Int, OwnedUserId};

use crate::support::{body, env, login, replies_to, say, start_bot, wait_joined, Watch};
use crate::{bot_config, game_room, real_service, temp, ONE_BOT, SKIPPED};
use matrix_sdk::ruma::api::client::room::create_room;
use oware_bot::service::Platform;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn power_level_50_administers_the_room() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("admins");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (room_a, room_b) = game_room(&env, &alice, &bob, None).await;
    let room_id = room_a.room_id().to_owned();

    let mut watch = Watch {
        room: room_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };

    // Bob, at power level 0, is refused where he asked.
    let asked = say(&room_b, "!oware settings rated:no", None).await;
    let refused = watch.next(1, "bob's refusal").await;
    assert_eq!(replies_to(&refused[0]), Some(asked.as_str()));
    assert!(
        body(&refused[0]).contains("power level 50"),
        "{:#}",
        refused[0]
    );
    let settings = store
        .places()
        .settings(Platform::Matrix, room_id.as_str())
        .await
        .expect("reads");
    assert_eq!(settings.rated, None, "nothing changed");

    // Alice made the room (power level 100).
    let asked = say(&room_a, "!oware settings rated:no", None).await;
    let changed = watch.next(1, "alice's change").await;
    assert_eq!(replies_to(&changed[0]), Some(asked.as_str()));
    assert!(
        body(&changed[0]).contains("Settings changed"),
        "{:#}",
        changed[0]
    );

    // Raised to 50, Bob administers the room too.
    let bob_id = OwnedUserId::try_from(env.bob.0.as_str()).expect("bob's id");
    room_a
        .update_power_levels(vec![(&bob_id, Int::from(50))])
        .await
        .expect("alice raises bob");
    // Give the bot's sync a moment to see the new power levels.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    say(&room_b, "!oware settings threads:no", None).await;
    let allowed = watch.next(1, "bob's change").await;
    assert!(
        body(&allowed[0]).contains("Settings changed"),
        "{:#}",
        allowed[0]
    );
    let settings = store
        .places()
        .settings(Platform::Matrix, room_id.as_str())
        .await
        .expect("reads");
    assert_eq!(settings.threads.map(bool::from), Some(false));
    assert_eq!(settings.rated.map(bool::from), Some(false));
    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `settings moderators:<room id>` names another room only where the admin setting
/// it administers that room too: Alice (who made both rooms) may point the first
/// room's reports at the second; Bob, admin of his own room with the bot but a
/// plain member of Alice's, may not point his room's reports there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_moderators_room_is_one_the_admin_administers_too() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("moderators-room");
    let (service, store, scheduler) = real_service(&dir).await;
    let cfg = bot_config(&env, &dir.join("matrix-store"));
    let bot = start_bot(&service, &cfg);
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;
    let (games_a, _games_b) = game_room(&env, &alice, &bob, None).await;
    let (mods_a, _mods_b) = game_room(&env, &alice, &bob, None).await;
    // Bob's own room with the bot, where he is the admin.
    let own_b = bob
        .create_room(create_room::v3::Request::new())
        .await
        .expect("bob creates a room");
    let bot_id = OwnedUserId::try_from(env.bot.as_str()).expect("bot id");
    own_b
        .invite_user_by_id(&bot_id)
        .await
        .expect("bob invites the bot");
    wait_joined(&bob, &own_b.room_id().to_owned(), &env.bot).await;
    let mods = mods_a.room_id().to_owned();

    // Bob, admin of his own room only, is refused.
    let mut bobs = Watch {
        room: own_b.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    say(&own_b, &format!("!oware settings moderators:{mods}"), None).await;
    let refused = bobs.next(1, "bob's refusal").await;
    assert!(
        body(&refused[0]).contains("moderators:here"),
        "{:#}",
        refused[0]
    );
    let own = store
        .places()
        .settings(Platform::Matrix, own_b.room_id().as_str())
        .await
        .expect("reads");
    assert_eq!(own.moderators, None, "nothing changed");

    // Alice administers both.
    let mut watch = Watch {
        room: games_a.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    };
    say(
        &games_a,
        &format!("!oware settings moderators:{mods}"),
        None,
    )
    .await;
    let changed = watch.next(1, "alice's change").await;
    assert!(
        body(&changed[0]).contains("Settings changed"),
        "{:#}",
        changed[0]
    );
    let settings = store
        .places()
        .settings(Platform::Matrix, games_a.room_id().as_str())
        .await
        .expect("reads");
    assert_eq!(settings.moderators.as_deref(), Some(mods.as_str()));
    assert_eq!(settings.moderators_checked.as_deref(), Some(mods.as_str()));
    bot.stop().await;
    scheduler.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
