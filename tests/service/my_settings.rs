//! `/oware settings me` through the real service: anyone keeps their own settings,
//! and `board:my-side` turns a North player's own boards (`/oware board`) so their
//! row is at the bottom, privately, while every shared board keeps South's view.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::{cmd, cmd_at, mv, place_at, refused, start_game, TempDb};
use oware_bot::service::{Action, ButtonAction, Platform, Reply};

fn me(changes: &[(&str, &str)]) -> Action {
    Action::MySettings {
        changes: changes
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn board() -> Action {
    crate::support::board(None)
}

/// The pit letters of a reply's move buttons, row by row.
fn pit_rows(reply: &Reply) -> Vec<String> {
    let mut rows = vec![String::new(); 2];
    for button in &reply.buttons {
        if let ButtonAction::Move { pit, .. } = &button.action {
            rows[usize::from(button.row)].push(*pit);
        }
    }
    rows
}

#[tokio::test]
async fn anyone_shows_and_changes_their_own_settings_privately() {
    let db = TempDb::new();
    let service = db.service().await;

    let shown = service.handle(cmd("carol", me(&[]))).await;
    assert!(shown.private, "{}", shown.text);
    let table = shown.table.clone().unwrap();
    assert!(table.starts_with("board    south"), "{table}");

    let changed = service
        .handle(cmd("carol", me(&[("board", "my-side")])))
        .await;
    assert!(changed.private, "{}", changed.text);
    assert!(
        changed
            .text
            .starts_with("Your settings changed (`board:my-side`)"),
        "{}",
        changed.text
    );
    assert!(changed.table.unwrap().starts_with("board    my-side"));

    // Theirs in every room of the platform, and nobody else's.
    let elsewhere = place_at(Platform::Console, None, "another-room");
    let shown = service.handle(cmd_at(&elsewhere, "carol", me(&[]))).await;
    assert!(shown.table.unwrap().starts_with("board    my-side"));
    let shown = service.handle(cmd("dave", me(&[]))).await;
    assert!(shown.table.unwrap().starts_with("board    south"));

    // A wrong value or key says what is there instead, and changes nothing.
    let wrong = service
        .handle(cmd("carol", me(&[("board", "north")])))
        .await;
    assert!(
        wrong.text.starts_with("`board:north` is not a choice"),
        "{}",
        wrong.text
    );
    assert!(wrong.text.contains("`board:my-side`"), "{}", wrong.text);
    let wrong = service.handle(cmd("carol", me(&[("rated", "no")]))).await;
    assert!(
        wrong.text.starts_with("There is no personal setting"),
        "{}",
        wrong.text
    );
    assert!(wrong.text.contains("board"), "{}", wrong.text);
    assert!(
        wrong.text.contains("/oware settings key:value"),
        "{}",
        wrong.text
    );
    let shown = service.handle(cmd("carol", me(&[]))).await;
    assert!(shown.table.unwrap().starts_with("board    my-side"));

    // Back to the shared view.
    let back = service
        .handle(cmd("carol", me(&[("board", "south")])))
        .await;
    assert!(back.table.unwrap().starts_with("board    south"));
}

#[tokio::test]
async fn north_with_my_side_sees_their_own_row_at_the_bottom_privately() {
    let db = TempDb::new();
    let service = db.service().await;
    start_game(&service).await; // Alice South, Bob North.
    assert!(!refused(&service.handle(cmd("alice", mv("C"))).await));

    // Before the setting, Bob's board is the shared one.
    let shared = service.handle(cmd("bob", board())).await;
    assert!(!shared.private, "{}", shared.text);
    let shared_text = shared.board_text.clone().unwrap();
    assert!(
        shared_text.starts_with("     f  e  d  c  b  a\n"),
        "{shared_text}"
    );
    assert_eq!(pit_rows(&shared), ["fed", "cba"]);

    service
        .handle(cmd("bob", me(&[("board", "my-side")])))
        .await;
    let own = service.handle(cmd("bob", board())).await;
    assert!(own.private, "a North view is Bob's own: {}", own.text);
    assert!(own.mentions.is_empty(), "nobody is pinged by it");
    let text = own.board_text.clone().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "     F  E  D  C  B  A", "{text}");
    assert!(
        lines[2].contains("North") && lines[2].ends_with("<- to move"),
        "{text}"
    );
    assert_eq!(lines[3], "     a  b  c  d  e  f", "{text}");
    assert_eq!(
        pit_rows(&own),
        ["abc", "def"],
        "buttons as the board is drawn"
    );
    let png = &own.files[0];
    assert!(
        png.description.contains("North's side"),
        "{}",
        png.description
    );
    assert_ne!(png.bytes, shared.files[0].bytes);
    let image = image::load_from_memory(&png.bytes).expect("a real PNG");
    assert_eq!(
        (image.width(), image.height()),
        (oware_bot::render::PNG_WIDTH, oware_bot::render::PNG_HEIGHT)
    );

    // The move Bob then plays is answered in the room as everyone sees it.
    let moved = service.handle(cmd("bob", mv("a"))).await;
    assert!(!moved.private, "{}", moved.text);
    assert!(moved
        .board_text
        .unwrap()
        .starts_with("     f  e  d  c  b  a\n"));
    assert!(!moved.files[0].description.contains("North's side"));

    // South's player with the same setting sees the shared view, publicly.
    service
        .handle(cmd("alice", me(&[("board", "my-side")])))
        .await;
    let south = service.handle(cmd("alice", board())).await;
    assert!(!south.private, "{}", south.text);
    assert_eq!(
        south.board_text,
        service.handle(cmd("carol", board())).await.board_text
    );
}

#[tokio::test]
async fn the_boards_legend_is_shown_once_to_each_person_even_across_restarts() {
    let db = TempDb::new();
    let service = db.service().await;
    let legend = "**Reading the board:**";
    // Alice's challenge has no board; the first board her command gets is the game's.
    let game = start_game(&service).await;
    let first = service.handle(cmd("alice", mv("c"))).await;
    assert!(first.text.contains(legend), "{}", first.text);
    let second = service.handle(cmd("bob", mv("a"))).await;
    // Bob saw the board when he accepted: no legend again.
    assert!(!second.text.contains(legend), "{}", second.text);
    let again = service
        .handle(cmd("alice", crate::support::board(Some(game))))
        .await;
    assert!(!again.text.contains(legend), "{}", again.text);
    // An onlooker's first board has it; it is remembered after a restart.
    let carol = service
        .handle(cmd("carol", crate::support::board(Some(game))))
        .await;
    assert!(carol.text.contains(legend), "{}", carol.text);
    db.store().close().await;
    let service = db.service().await;
    let later = service
        .handle(cmd("carol", crate::support::board(Some(game))))
        .await;
    assert!(!later.text.contains(legend), "{}", later.text);
}

#[tokio::test]
async fn a_personal_language_answers_its_owner_in_it_and_nobody_else() {
    let db = TempDb::new();
    let service = db.service().await;

    let changed = service
        .handle(cmd("carol", me(&[("language", "fr")])))
        .await;
    assert!(
        changed
            .text
            .starts_with("Vos réglages ont changé (`language:fr`)"),
        "{}",
        changed.text
    );
    assert!(changed.table.unwrap().contains("language fr"), "the table");
    let help = service.handle(cmd("carol", Action::Help)).await;
    assert!(help.text.starts_with("**Bot d'awalé**"), "{}", help.text);
    assert_eq!(help.language.tag(), "fr");
    // Dave, in the same (English) room, still reads English.
    let help = service.handle(cmd("dave", Action::Help)).await;
    assert!(help.text.starts_with("**Oware bot**"), "{}", help.text);

    // A language the bot lacks is refused, in Carol's language; `default` clears it.
    let wrong = service
        .handle(cmd("carol", me(&[("language", "xx")])))
        .await;
    assert!(
        wrong.text.contains("n'est pas une langue que je parle"),
        "{}",
        wrong.text
    );
    service
        .handle(cmd("carol", me(&[("language", "default")])))
        .await;
    let help = service.handle(cmd("carol", Action::Help)).await;
    assert!(help.text.starts_with("**Oware bot**"), "{}", help.text);
}
