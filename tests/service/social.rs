//! Replays and linked accounts through the real service on a fresh SQLite file each.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::time::Duration;

use crate::support::{
    cmd, cmd_at, mv, place, place_at, rated_win, start_game, winning_line, TempDb,
};
use image::AnimationDecoder;
use oware_bot::{
    rules::GameRecord,
    service::{Action, LinkCode, Platform, Reply, ServiceConfig},
};

fn gif_frames(bytes: &[u8]) -> usize {
    let decoder =
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).expect("a GIF header");
    decoder
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
        .len()
}

#[tokio::test]
async fn replay_attaches_a_gif_and_a_record_that_reads_back() {
    let db = TempDb::new();
    let service = db.service().await;
    let game = start_game(&service).await;
    let line = winning_line();
    // Part way: a running game replays too.
    for (i, pit) in line.iter().take(6).enumerate() {
        let author = if i % 2 == 0 { "alice" } else { "bob" };
        service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
    }
    let running = service.handle(cmd("carol", Action::Replay { game })).await;
    assert!(!running.private, "{}", running.text);
    assert!(
        running.text.contains("6 moves, still being played"),
        "{}",
        running.text
    );
    let record = String::from_utf8(running.files[1].bytes.clone()).unwrap();
    assert!(record.trim_end().ends_with('*'), "{record}");
    assert_eq!(GameRecord::parse(&record).unwrap().moves(), line[..6]);

    for (i, pit) in line.iter().enumerate().skip(6) {
        let author = if i % 2 == 0 { "alice" } else { "bob" };
        service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
    }
    let reply: Reply = service.handle(cmd("carol", Action::Replay { game })).await;
    assert!(!reply.private, "{}", reply.text);
    assert!(
        reply.text.contains(&format!("#{game} alice vs bob")),
        "{}",
        reply.text
    );
    assert_eq!(reply.files.len(), 2);
    let (gif, text) = (&reply.files[0], &reply.files[1]);
    assert_eq!(
        (gif.mime, gif.file_name.as_str()),
        ("image/gif", "oware-1.gif")
    );
    assert!(gif_frames(&gif.bytes) > line.len() / 2);
    assert_eq!(
        (text.mime, text.file_name.as_str()),
        ("text/plain", "oware-1.txt")
    );
    let text = String::from_utf8(text.bytes.clone()).expect("UTF-8");
    for tag in [
        "[South \"alice\"]",
        "[North \"bob\"]",
        "[Site \"console\"]",
        "[Variant \"abapa\"]",
        "[Result \"",
        "[Date \"",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    let parsed = GameRecord::parse(&text).expect("the record reads back");
    assert_eq!(parsed.moves(), line);
    assert!(parsed.outcome().is_some());

    let unknown = service
        .handle(cmd(
            "carol",
            Action::Replay {
                game: oware_bot::service::GameId::new(99),
            },
        ))
        .await;
    assert!(
        unknown.private && unknown.text.contains("no game #99"),
        "{}",
        unknown.text
    );
}

/// The code in a `/oware link` reply.
fn code_of(reply: &Reply) -> String {
    assert!(reply.private && reply.secret, "{}", reply.text);
    reply
        .text
        .split('`')
        .nth(1)
        .expect("a code in backticks")
        .to_owned()
}

fn link(code: Option<&str>) -> Action {
    Action::Link {
        code: code.map(LinkCode::new),
        confirmed: true,
    }
}

#[tokio::test]
async fn linking_shares_one_identity_and_rating() {
    let db = TempDb::new();
    let service = db.service().await;
    let console = place();
    let discord = place_at(Platform::Discord, Some("guild"), "general");
    rated_win(&service, &console, "alice", "bob").await;
    let code = code_of(&service.handle(cmd_at(&console, "alice", link(None))).await);
    assert_eq!(code.len(), 8);

    let wrong = service
        .handle(cmd_at(&discord, "ally", link(Some("NOPE2345"))))
        .await;
    assert!(
        wrong.private && wrong.text.contains("not a valid link code"),
        "{}",
        wrong.text
    );
    let own = service
        .handle(cmd_at(&console, "alice", link(Some(&code))))
        .await;
    assert!(
        own.private && own.text.contains("That code is yours"),
        "{}",
        own.text
    );
    let same = service
        .handle(cmd_at(&console, "bob", link(Some(&code))))
        .await;
    assert!(
        same.private && same.text.contains("different networks"),
        "{}",
        same.text
    );

    let lowered = code.to_lowercase();
    let linked = service
        .handle(cmd_at(&discord, "ally", link(Some(&lowered))))
        .await;
    assert!(
        linked.private && linked.text.starts_with("Linked:"),
        "{}",
        linked.text
    );
    assert!(
        linked.text.contains("kept alice (console) (1 rated game)"),
        "{}",
        linked.text
    );
    let store = db.store();
    let a = store
        .people()
        .identity_of(Platform::Console, "alice")
        .await
        .unwrap();
    let b = store
        .people()
        .identity_of(Platform::Discord, "ally")
        .await
        .unwrap();
    assert!(a.is_some() && a == b);
    // The Discord account now has alice's rating, and one line in the global board.
    let stats = service
        .handle(cmd_at(
            &discord,
            "ally",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(stats.text.contains("1 rated game: 1 won"), "{}", stats.text);
    let global = service
        .handle(cmd_at(
            &discord,
            "ally",
            Action::Leaderboard {
                global: true,
                page: 1,
                speed: None,
            },
        ))
        .await;
    assert_eq!(
        global.text.lines().filter(|l| l.contains(". **")).count(),
        2
    );

    let again = service
        .handle(cmd_at(&discord, "carol", link(Some(&code))))
        .await;
    assert!(
        again.private && again.text.contains("already been used"),
        "{}",
        again.text
    );
}

#[tokio::test]
async fn the_identity_with_more_games_is_kept() {
    let db = TempDb::new();
    let service = db.service().await;
    let console = place();
    let matrix = place_at(Platform::Matrix, None, "!room");
    rated_win(&service, &matrix, "mal", "nia").await;
    rated_win(&service, &matrix, "mal", "ola").await;
    rated_win(&service, &console, "alice", "bob").await;
    let code = code_of(&service.handle(cmd_at(&console, "alice", link(None))).await);
    let linked = service
        .handle(cmd_at(&matrix, "mal", link(Some(&code))))
        .await;
    assert!(
        linked.text.contains("kept mal (matrix) (2 rated games)")
            && linked
                .text
                .contains("dropped the rating of alice (console) (1 rated game)"),
        "{}",
        linked.text
    );
    let stats = service
        .handle(cmd_at(
            &console,
            "alice",
            Action::Stats {
                user: None,
                speed: None,
            },
        ))
        .await;
    assert!(
        stats.text.contains("2 rated games: 2 won"),
        "{}",
        stats.text
    );
    let history = service
        .handle(cmd_at(&console, "alice", Action::History { user: None }))
        .await;
    assert_eq!(
        history
            .text
            .lines()
            .filter(|l| l.starts_with("- #"))
            .count(),
        3
    );
}

#[tokio::test]
async fn expired_codes_are_refused() {
    let db = TempDb::new();
    let service = db
        .service_with(ServiceConfig {
            link_ttl: Duration::ZERO,
            ..ServiceConfig::default()
        })
        .await;
    let discord = place_at(Platform::Discord, None, "dm");
    let code = code_of(&service.handle(cmd("alice", link(None))).await);
    let expired = service
        .handle(cmd_at(&discord, "ally", link(Some(&code))))
        .await;
    assert!(
        expired.private && expired.text.contains("expired"),
        "{}",
        expired.text
    );

    // A code made with the default lifetime, expired through the store.
    let service = db.service().await;
    let code = code_of(&service.handle(cmd("alice", link(None))).await);
    assert!(db
        .store()
        .moderation()
        .set_link_code_expiry(&code, 0)
        .await
        .unwrap());
    let expired = service
        .handle(cmd_at(&discord, "ally", link(Some(&code))))
        .await;
    assert!(expired.text.contains("expired"), "{}", expired.text);
    let fresh = code_of(&service.handle(cmd("alice", link(None))).await);
    let ok = service
        .handle(cmd_at(&discord, "ally", link(Some(&fresh))))
        .await;
    assert!(ok.text.starts_with("Linked:"), "{}", ok.text);
}

fn stats_text(who: &str) -> Action {
    let _ = who;
    Action::Stats {
        user: None,
        speed: None,
    }
}

#[tokio::test]
async fn a_link_code_asks_first_naming_the_account_and_unlink_undoes_it() {
    use oware_bot::service::ButtonAction;
    let db = TempDb::new();
    let service = db.service().await;
    let console = place();
    let discord = place_at(Platform::Discord, Some("guild"), "general");
    rated_win(&service, &console, "alice", "bob").await;
    let code = code_of(&service.handle(cmd_at(&console, "alice", link(None))).await);
    let store = db.store();

    // Typed alone, the code only asks: it names the account and what linking means.
    let ask = Action::Link {
        code: Some(LinkCode::new(code.clone())),
        confirmed: false,
    };
    let ask = service.handle(cmd_at(&discord, "ally", ask)).await;
    assert!(ask.private, "{}", ask.text);
    for words in [
        "alice (console)",
        "export",
        "forget-me",
        "rating",
        "/oware unlink",
    ] {
        assert!(ask.text.contains(words), "{words}: {}", ask.text);
    }
    let button = ButtonAction::Link { code: code.clone() };
    assert_eq!(
        ask.buttons.iter().map(|b| &b.action).collect::<Vec<_>>(),
        [&button]
    );
    assert_eq!(button.typed(), format!("/oware link {code} confirm"));
    assert_eq!(
        ButtonAction::from_custom_id(&button.custom_id()),
        Some(button)
    );
    assert_ne!(
        store
            .people()
            .identity_of(Platform::Console, "alice")
            .await
            .unwrap(),
        store
            .people()
            .identity_of(Platform::Discord, "ally")
            .await
            .unwrap(),
        "asking links nothing"
    );
    let linked = service
        .handle(cmd_at(&discord, "ally", link(Some(&code))))
        .await;
    assert!(linked.text.starts_with("Linked:"), "{}", linked.text);

    // The account that leaves starts without a rating; the other keeps it.
    let left = service
        .handle(cmd_at(&discord, "ally", Action::Unlink))
        .await;
    assert!(
        left.private && left.text.contains("no longer linked"),
        "{}",
        left.text
    );
    assert_ne!(
        store
            .people()
            .identity_of(Platform::Console, "alice")
            .await
            .unwrap(),
        store
            .people()
            .identity_of(Platform::Discord, "ally")
            .await
            .unwrap()
    );
    let ally = service
        .handle(cmd_at(&discord, "ally", stats_text("ally")))
        .await;
    assert!(!ally.text.contains("1 rated game"), "{}", ally.text);
    let alice = service
        .handle(cmd_at(&console, "alice", stats_text("alice")))
        .await;
    assert!(alice.text.contains("1 rated game: 1 won"), "{}", alice.text);
    let again = service
        .handle(cmd_at(&discord, "ally", Action::Unlink))
        .await;
    assert!(again.text.contains("not linked"), "{}", again.text);

    // When the account holding the identity leaves, the other keeps the rating.
    let code = code_of(&service.handle(cmd_at(&console, "alice", link(None))).await);
    service
        .handle(cmd_at(&discord, "ally", link(Some(&code))))
        .await;
    let left = service
        .handle(cmd_at(&console, "alice", Action::Unlink))
        .await;
    assert!(left.text.contains("no longer linked"), "{}", left.text);
    let ally = service
        .handle(cmd_at(&discord, "ally", stats_text("ally")))
        .await;
    assert!(ally.text.contains("1 rated game: 1 won"), "{}", ally.text);
    let alice = service
        .handle(cmd_at(&console, "alice", stats_text("alice")))
        .await;
    assert!(!alice.text.contains("1 rated game"), "{}", alice.text);
}
