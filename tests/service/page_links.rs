//! The link to a game's page on the message that ends it: however the game ends (its
//! last move reaching 25 seeds, a resignation, a draw agreed, an abort), the final
//! board (the reply, or for an abort the message posted in the game's place) carries
//! the link exactly when the place shows its pages (`web` not `off`)
//! and the bot has a public address.

use crate::support::{cmd, mv, start_game, winning_line, TempDb};
use oware_bot::{
    play::proposal::Request,
    service::{Action, Platform, Reply, Role, Service, ServiceConfig},
};

const SITE: &str = "https://oware.example";

/// Whether `reply` links a game's page on the site.
fn links_a_page(reply: &Reply) -> bool {
    reply.text.contains(&format!("{SITE}/g/"))
}

/// The final boards of four games, one ended each way: `[the 25th seed's move, a
/// resignation, an agreed draw, an abort]`.
async fn endings(service: &Service) -> [Reply; 4] {
    start_game(service).await;
    let line = winning_line();
    let mut last = None;
    for (i, pit) in line.iter().enumerate() {
        let author = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let reply = service
            .handle(cmd(author, mv(&pit.letter().to_string())))
            .await;
        assert!(!reply.private, "ply {}: {}", i + 1, reply.text);
        last = Some(reply);
    }
    let moved = last.expect("moves were played");
    assert!(moved.text.contains("25 seeds reached"), "{}", moved.text);

    let game = start_game(service).await;
    let resigned = service
        .handle(cmd(
            "bob",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(resigned.text.contains("resignation"), "{}", resigned.text);

    let game = start_game(service).await;
    for (author, pit) in [("alice", "c"), ("bob", "d")] {
        let reply = service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    let offer = service
        .handle(cmd(
            "alice",
            Action::Draw {
                game: Some(game),
                decline: false,
            },
        ))
        .await;
    assert!(!offer.private, "{}", offer.text);
    let agreed = service
        .handle(cmd("bob", Action::answer(Request::Draw, Some(game), false)))
        .await;
    assert!(agreed.text.contains("agreement"), "{}", agreed.text);

    let game = start_game(service).await;
    let answer = service
        .handle(cmd("alice", Action::Abort { game: Some(game) }))
        .await;
    assert!(answer.text.contains("aborted"), "{}", answer.text);
    // The final board of an abort is posted in the game's place (the answer only
    // says so).
    let posted = service.ops().unsent(Platform::Console, None).await;
    for message in &posted {
        service.ops().mark_sent(message.id).await;
    }
    let aborted = posted
        .into_iter()
        .map(|message| message.reply)
        .find(|reply| reply.game == Some(game) && reply.board_text.is_some())
        .unwrap_or_else(|| panic!("game #{game}'s final board is posted"));
    assert!(aborted.text.contains("aborted"), "{}", aborted.text);
    [moved, resigned, agreed, aborted]
}

#[tokio::test]
async fn a_game_ended_by_its_last_move_links_its_page_as_the_other_endings_do() {
    let db = TempDb::new();
    let service = db
        .service_with(ServiceConfig {
            rates: [None; 3],
            web_url: Some(SITE.to_owned()),
            ..ServiceConfig::default()
        })
        .await;
    for (web, linked) in [("unlisted", true), ("public", true), ("off", false)] {
        let set = service
            .handle(
                cmd(
                    "mod",
                    Action::Settings {
                        changes: vec![("web".into(), web.into())],
                    },
                )
                .with_role(Role::Admin),
            )
            .await;
        assert!(set.text.contains(&format!("web:{web}")), "{}", set.text);
        for (ending, reply) in ["25 seeds", "resignation", "agreement", "abort"]
            .iter()
            .zip(endings(&service).await)
        {
            assert_eq!(
                links_a_page(&reply),
                linked,
                "pages {web}, ended by {ending}: {}",
                reply.text
            );
        }
    }

    // With no public address the bot links nothing.
    let db = TempDb::new();
    let service = db.service().await;
    for reply in endings(&service).await {
        assert!(!reply.text.contains("/g/"), "{}", reply.text);
    }
}
