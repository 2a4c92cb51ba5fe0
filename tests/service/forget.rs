//! `/oware forget-me` and `/oware admin forget` through the real service: after
//! it, no table holds the person's ids or names; their games stay, against a
//! "deleted player", and their opponents' games and ratings do not change; a
//! forgotten person who plays again starts fresh.

use crate::support::{
    cmd, cmd_at, place, play_plies, rated_win, start_game_at, state::Inspector, user, TempDb,
};
use oware_bot::play::proposal::Request;
use oware_bot::service::GameId;
use oware_bot::service::{
    Action, AdminAction, Button, ButtonAction, ChallengeOptions, Place, Platform, Reply, Role,
    Service, Speed,
};

/// Zenobia's id and name are unlike any word the bot writes, so that finding either
/// anywhere in the database means it was kept.
const ZENOBIA: &str = "Zenobia";

fn forget_me(confirmed: bool) -> Action {
    Action::ForgetMe { confirmed }
}

fn stats(who: &str) -> Action {
    Action::Stats {
        user: Some(user(who)),
        speed: Some(Speed::Correspondence),
    }
}

/// Zenobia leaves traces everywhere: a rated game won against Bob, advice in
/// Bob's casual game with Carol, her own settings, a link code, a puzzle.
async fn zenobia_everywhere(service: &Service) -> i64 {
    let (won, _) = rated_win(service, &place(), ZENOBIA, "Bob").await;
    let casual = ChallengeOptions {
        rated: Some(false),
        advice: Some(true),
        ..ChallengeOptions::default()
    };
    let watched = start_game_at(service, &place(), "Bob", "Carol", casual).await;
    play_plies(service, &place(), watched, ["Bob", "Carol"], 2).await;
    let advice = Action::Advise {
        pit: "a".parse().expect("a pit letter"),
        game: Some(watched),
    };
    let reply = service.handle(cmd(ZENOBIA, advice)).await;
    assert!(
        reply.text.contains("advice") || reply.text.contains("Advice"),
        "{}",
        reply.text
    );
    let settings = Action::MySettings {
        changes: vec![("notify".into(), "dm".into())],
    };
    service.handle(cmd(ZENOBIA, settings)).await;
    service
        .handle(cmd(
            ZENOBIA,
            Action::Link {
                code: None,
                confirmed: false,
            },
        ))
        .await;
    service
        .handle(cmd(ZENOBIA, Action::Puzzle { daily: false }))
        .await;
    // A review she asked for, queued (jobs.requested_by names her).
    let review = service
        .handle(cmd(
            ZENOBIA,
            Action::Analyse {
                game: Some(GameId::new(won)),
            },
        ))
        .await;
    assert!(!review.text.contains("at most"), "{}", review.text);
    won
}

#[tokio::test]
async fn forget_me_erases_every_trace_and_keeps_the_opponents_games() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    let won = zenobia_everywhere(&service).await;
    // A game in progress stops it: her opponent would wait on nobody.
    let playing = start_game_at(
        &service,
        &place(),
        "Bob",
        ZENOBIA,
        ChallengeOptions::default(),
    )
    .await;
    let bob_before = service.handle(cmd("Bob", stats("Bob"))).await.text;
    let games_before = db.count("SELECT COUNT(*) FROM games").await;

    let ask = service.handle(cmd(ZENOBIA, forget_me(false))).await;
    assert!(
        ask.private && ask.text.contains("Forget you?"),
        "{}",
        ask.text
    );
    assert_eq!(
        ask.buttons.iter().map(|b| &b.action).collect::<Vec<_>>(),
        [&ButtonAction::ForgetMe]
    );
    assert_eq!(
        ButtonAction::ForgetMe.typed(),
        "/oware forget-me confirm",
        "the text platforms' way to press it"
    );
    assert!(
        inspector.dump().await.to_lowercase().contains("zenobia"),
        "asking changes nothing"
    );
    let refused = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(
        refused.private
            && refused
                .text
                .contains(&format!("`/oware resign #{playing}`")),
        "{}",
        refused.text
    );
    let resign = Action::Resign {
        game: Some(playing),
        confirmed: true,
    };
    assert!(!service.handle(cmd(ZENOBIA, resign)).await.private);
    let bob_before_forget = service.handle(cmd("Bob", stats("Bob"))).await.text;

    // Her page's address, to see that it leads nowhere afterwards.
    db.execute("CREATE TABLE her_page AS SELECT web_slug FROM players WHERE user_id = 'zenobia'")
        .await;
    let done = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(done.private, "{}", done.text);
    assert!(done.text.contains("forgotten you"), "{}", done.text);
    assert!(done.text.contains("2 games stay"), "{}", done.text);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM players p JOIN her_page h ON p.web_slug = h.web_slug")
            .await,
        0,
        "her page is still at the address she had"
    );
    db.execute("DROP TABLE her_page").await;

    let dump = inspector.dump().await.to_lowercase();
    assert!(
        !dump.contains("zenobia"),
        "her id or name is still stored: {}",
        &dump[dump.find("zenobia").unwrap().saturating_sub(300)..]
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM games").await, games_before);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM advice").await,
        0,
        "her advice goes"
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM link_codes").await, 0);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM user_settings WHERE notify IS NOT NULL")
            .await,
        0
    );
    // Bob keeps his games and his rating as they were.
    let bob_after = service.handle(cmd("Bob", stats("Bob"))).await.text;
    assert_eq!(
        bob_after,
        bob_before_forget.replace(ZENOBIA, "deleted player")
    );
    assert_ne!(bob_before, "");
    let replay = service
        .handle(cmd(
            "Bob",
            Action::Replay {
                game: GameId::new(won),
            },
        ))
        .await;
    assert!(replay.text.contains("deleted player"), "{}", replay.text);

    // Playing again, she starts fresh: no rating, no record.
    start_game_at(
        &service,
        &place(),
        ZENOBIA,
        "Carol",
        ChallengeOptions::default(),
    )
    .await;
    let fresh = service.handle(cmd(ZENOBIA, stats(ZENOBIA))).await;
    assert!(!fresh.text.contains("1 win"), "{}", fresh.text);
    let again = service.handle(cmd(ZENOBIA, forget_me(true))).await;
    assert!(again.text.contains("playing"), "{}", again.text);
}

#[tokio::test]
async fn someone_unknown_has_nothing_to_forget() {
    let db = TempDb::new();
    let service = db.service().await;
    let reply = service.handle(cmd("Nobody", forget_me(true))).await;
    assert!(reply.text.contains("nothing to forget"), "{}", reply.text);
}

fn elsewhere() -> Place {
    Place {
        platform: Platform::Console,
        space: None,
        channel: "elsewhere".to_owned(),
        thread: None,
    }
}

fn admin_forget(who: &str, why: &str) -> Action {
    Action::admin(AdminAction::Forget {
        user: user(who),
        reason: why.to_owned(),
    })
}

fn evil() -> Place {
    Place {
        platform: Platform::Console,
        space: None,
        channel: "evil".to_owned(),
        thread: None,
    }
}

#[tokio::test]
async fn an_admin_erases_a_players_records_at_their_place_only_and_the_player_is_told() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    let (here, _) = rated_win(&service, &place(), ZENOBIA, "Bob").await;
    let (there, _) = rated_win(&service, &elsewhere(), ZENOBIA, "Carol").await;
    let ban = |place: &Place| {
        cmd_at(
            place,
            "Mod",
            Action::admin(AdminAction::Ban {
                user: user(ZENOBIA),
                length: None,
                reason: "rude".to_owned(),
            }),
        )
        .with_role(Role::Admin)
    };
    service.handle(ban(&place())).await;
    service.handle(ban(&elsewhere())).await;
    assert_eq!(db.count("SELECT COUNT(*) FROM bans").await, 2);
    let ratings = db.count("SELECT COUNT(*) FROM ratings").await;

    // Not an admin; an admin of a place where she never played, even right after
    // challenging her there; no reason: each refused.
    let member = service
        .handle(cmd("Mallory", admin_forget(ZENOBIA, "spite")))
        .await;
    assert!(member.private, "{}", member.text);
    let challenge = Action::Play {
        opponent: user(ZENOBIA),
        options: ChallengeOptions::default(),
    };
    let challenged = service.handle(cmd_at(&evil(), "Mallory", challenge)).await;
    assert!(!challenged.private, "{}", challenged.text);
    let other = cmd_at(&evil(), "Mallory", admin_forget(ZENOBIA, "spite")).with_role(Role::Admin);
    let other = service.handle(other).await;
    assert!(other.text.contains("never played"), "{}", other.text);
    let no_reason = cmd("Mod", admin_forget(ZENOBIA, " ")).with_role(Role::Admin);
    let no_reason = service.handle(no_reason).await;
    assert!(
        no_reason.text.contains("admin forget"),
        "{}",
        no_reason.text
    );

    let why = format!("{ZENOBIA} asked us by mail");
    let done = cmd("Mod", admin_forget(ZENOBIA, &why)).with_role(Role::Admin);
    let done = service.handle(done).await;
    assert!(
        done.text.contains("on this server are erased"),
        "{}",
        done.text
    );

    // Here: her game shows a deleted player, her ban here is gone, the log keeps
    // the fact and not her name.
    let replay = service
        .handle(cmd(
            "Bob",
            Action::Replay {
                game: GameId::new(here),
            },
        ))
        .await;
    assert!(replay.text.contains("deleted player"), "{}", replay.text);
    assert!(!replay.text.contains(ZENOBIA), "{}", replay.text);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM bans WHERE place = 'console'")
            .await,
        0
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE action = 'forget' AND target_id IS NULL")
            .await,
        1,
        "the fact is logged, not the name"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM audit WHERE place = 'console' AND (target_id = 'zenobia' OR reason LIKE '%enobia%')")
            .await,
        0
    );
    // Elsewhere and her own: all stays.
    let elsewhere_replay = service
        .handle(cmd(
            "Carol",
            Action::Replay {
                game: GameId::new(there),
            },
        ))
        .await;
    assert!(
        elsewhere_replay.text.contains(ZENOBIA),
        "{}",
        elsewhere_replay.text
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM players WHERE user_id = 'zenobia'")
            .await,
        1
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM ratings").await, ratings);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM bans WHERE place = 'elsewhere'")
            .await,
        1
    );
    // She is told, privately.
    assert_eq!(
        db.count(
            "SELECT COUNT(*) FROM outbox WHERE recipient = 'zenobia' AND sent_at IS NULL
             AND body LIKE '%erased your records%'"
        )
        .await,
        1
    );
    assert!(inspector.dump().await.contains(ZENOBIA));
    let log = cmd("Mod", Action::admin(AdminAction::Log)).with_role(Role::Admin);
    let log = service.handle(log).await;
    // The log says what was done in words: "forgotten".
    assert!(
        log.table.iter().any(|t| t.contains("forgotten")),
        "{:?}",
        log.table
    );
}

#[tokio::test]
async fn an_owner_forgets_a_player_everywhere() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    rated_win(&service, &place(), ZENOBIA, "Bob").await;
    rated_win(&service, &elsewhere(), ZENOBIA, "Carol").await;
    let done = cmd("Owner", admin_forget(ZENOBIA, "by mail")).with_role(Role::Owner);
    let done = service.handle(done).await;
    assert!(done.text.contains("is forgotten"), "{}", done.text);
    let dump = inspector.dump().await.to_lowercase();
    assert!(
        !dump.contains("zenobia"),
        "still stored after an owner's forget"
    );
}

/// Queues a console message about `game` (sent or not) saying `reply`, as the
/// service stores one; returns its id.
async fn queue(db: &TempDb, game: GameId, reply: &Reply, sent: bool) -> i64 {
    let body = serde_json::to_string(reply).unwrap().replace('\'', "''");
    let sent_at = if sent { "1" } else { "NULL" };
    db.execute(&format!(
        "INSERT INTO outbox (platform, channel, game_id, body, created_at, sent_at)
         VALUES ('console', 'console', {game}, '{body}', 1, {sent_at})"
    ))
    .await;
    db.count("SELECT MAX(id) FROM outbox").await
}

/// A message of another game, as a move leaves it: the pit buttons, a draw offer's
/// answer, alice to move.
fn others_message(game: GameId) -> Reply {
    let mut reply = Reply::public("Play C or D. Draw offered. Sent from matrix.".to_owned());
    reply.game = Some(game);
    for pit in ['C', 'D'] {
        reply.buttons.push(Button {
            action: ButtonAction::Move { game, ply: 3, pit },
            label: format!("{pit} (4)"),
            enabled: true,
            row: 0,
        });
    }
    reply.buttons.push(Button {
        action: ButtonAction::Answer {
            game,
            request: Request::Draw,
            accept: true,
        },
        label: "Draw".to_owned(),
        enabled: true,
        row: 1,
    });
    reply.mentions.push(user("alice"));
    reply
}

#[tokio::test]
async fn forgetting_c_draw_or_matrix_leaves_other_games_messages_as_they_were() {
    for name in ["C", "Draw", "matrix"] {
        let db = TempDb::new();
        let service = db.service().await;
        let (theirs, _) = rated_win(&service, &place(), name, "Bob").await;
        let other = start_game_at(
            &service,
            &place(),
            "alice",
            "carol",
            ChallengeOptions::default(),
        )
        .await;
        // Whatever the game wrote so far is delivered.
        for message in service.ops().unsent(Platform::Console, None).await {
            service.ops().mark_sent(message.id).await;
        }
        let queued = queue(&db, other, &others_message(other), false).await;
        let mut about_them =
            Reply::public(format!("{name} resigns: Bob wins. Well played {name}!"));
        about_them.mentions.push(user(name));
        about_them.mentions.push(user("Bob"));
        let unsent_theirs = queue(&db, GameId::new(theirs), &about_them, false).await;
        let sent_theirs = queue(&db, GameId::new(theirs), &about_them, true).await;

        let done = service.handle(cmd(name, forget_me(true))).await;
        assert!(done.text.contains("forgotten you"), "{name}: {}", done.text);
        assert_eq!(
            db.count("SELECT COUNT(*) FROM forget_scrubs").await,
            0,
            "cleaned"
        );

        let out = service.ops().unsent(Platform::Console, None).await;
        let delivered = out
            .iter()
            .find(|m| m.id == queued)
            .unwrap_or_else(|| panic!("{name}: another game's message is still delivered"));
        let mut expected = others_message(other);
        expected.language = delivered.reply.language.clone();
        expected.thread = delivered.reply.thread.clone();
        assert_eq!(delivered.reply, expected, "{name}: unchanged");
        let mine = out
            .iter()
            .find(|m| m.id == unsent_theirs)
            .expect("their game's message is still sent");
        assert_eq!(
            mine.reply.text, "deleted player resigns: Bob wins. Well played deleted player!",
            "{name}"
        );
        assert_eq!(
            mine.reply
                .mentions
                .iter()
                .map(|u| u.id.as_str())
                .collect::<Vec<_>>(),
            ["bob"],
            "{name}: only their mention goes"
        );
        assert_eq!(
            db.count(&format!(
                "SELECT COUNT(*) FROM outbox WHERE id = {sent_theirs} AND body = '{{}}'"
            ))
            .await,
            1,
            "{name}: a sent message about their game is blanked"
        );
    }
}

#[tokio::test]
async fn the_clean_up_runs_in_batches_and_resumes_after_an_interruption() {
    use oware_bot::store::{Claim, Forget, ForgetScope, Store, Unique, SCRUB_BATCH};
    let db = TempDb::new();
    let service = db.service().await;
    let (theirs, _) = rated_win(&service, &place(), ZENOBIA, "Bob").await;
    let mut about = Reply::public(format!("{ZENOBIA} wins"));
    about.mentions.push(user(ZENOBIA));
    let rows = 2 * SCRUB_BATCH + 5;
    for _ in 0..rows {
        queue(&db, GameId::new(theirs), &about, true).await;
    }
    drop(service);
    let store = Store::open(&db.url).await.unwrap();
    let who = Forget {
        platform: Platform::Console,
        user_id: "zenobia",
        names: vec![ZENOBIA.to_owned()],
        scope: ForgetScope::Everywhere,
        audit: None,
        tell: None,
    };
    store
        .moderation()
        .forget(Claim::Unique(Unique::Upkeep), &who, 10)
        .await
        .unwrap();
    // The decisive part is done; the texts wait for their batches.
    assert_eq!(db.count("SELECT COUNT(*) FROM forget_scrubs").await, 1);
    assert!(
        store.moderation().scrub_forgotten().await.unwrap(),
        "anchors"
    );
    assert!(
        store.moderation().scrub_forgotten().await.unwrap(),
        "a first outbox batch"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE body = '{}'")
            .await,
        SCRUB_BATCH
    );
    // Stopped here; the next start (its retention pass) resumes.
    drop(store);
    let service = db.service().await;
    service.ops().prune_old(0).await;
    assert_eq!(db.count("SELECT COUNT(*) FROM forget_scrubs").await, 0);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM outbox WHERE body LIKE '%enobia%'")
            .await,
        0
    );
}

fn ban_forever(place: &Place, admin: &str, who: &str) -> oware_bot::service::Command {
    cmd_at(
        place,
        admin,
        Action::admin(AdminAction::Ban {
            user: user(who),
            length: None,
            reason: "no reason at all".to_owned(),
        }),
    )
    .with_role(Role::Admin)
}

#[tokio::test]
async fn a_ban_where_she_never_played_does_not_stop_carols_forget_me() {
    let db = TempDb::new();
    let service = db.service().await;
    let inspector = Inspector::open(&db.url).await;
    rated_win(&service, &place(), "Carol", "Bob").await;
    // An admin of an unrelated place bans carol for ever.
    let banned = service
        .handle(ban_forever(&evil(), "Mallory", "Carol"))
        .await;
    assert!(banned.private, "{}", banned.text);
    assert_eq!(db.count("SELECT COUNT(*) FROM bans").await, 1);
    let done = service.handle(cmd("Carol", forget_me(true))).await;
    assert!(done.text.contains("forgotten you"), "{}", done.text);
    assert!(
        !inspector.dump().await.contains("carol"),
        "nothing of her kept"
    );
    assert_eq!(db.count("SELECT COUNT(*) FROM bans").await, 0);
}

#[tokio::test]
async fn a_ban_where_she_played_still_waits_for_its_end() {
    let db = TempDb::new();
    let service = db.service().await;
    rated_win(&service, &place(), "Carol", "Bob").await;
    service.handle(ban_forever(&place(), "Mod", "Carol")).await;
    let refused = service.handle(cmd("Carol", forget_me(true))).await;
    assert!(refused.text.contains("ban on you"), "{}", refused.text);
}
