//! Answers where the user looks, checked the same way in plain and encrypted rooms:
//! help, a refusal out of turn, a refusal on an empty pit and a mistyped command,
//! each typed in a game's thread, are answered right there, as one short notice
//! replying to the command (never in a direct room, never with the board again).

use matrix_sdk::ruma::OwnedEventId;
use matrix_sdk::Room;
use oware_bot::rules::{Game, Pit, Side};
use serde_json::Value;

use crate::support::{body, replies_to, say, thread_root, Watch};

/// Asserts that `answer` is one short notice replying to `command` in the thread
/// `root`, and returns its body.
pub(crate) fn in_thread<'a>(answer: &'a [Value], command: &OwnedEventId, root: &str) -> &'a str {
    assert_eq!(answer.len(), 1, "one message: {answer:#?}");
    let event = &answer[0];
    assert_eq!(event["content"]["msgtype"], "m.notice", "{event:#}");
    assert_eq!(
        replies_to(event),
        Some(command.as_str()),
        "a reply: {event:#}"
    );
    assert_eq!(thread_root(event), Some(root), "in the thread: {event:#}");
    assert!(
        !event["content"]["formatted_body"]
            .as_str()
            .unwrap_or_default()
            .contains("<pre>"),
        "no board: {event:#}"
    );
    body(event)
}

/// With South (`south`'s player) to move in `game`, shown in `watch`'s room under
/// thread `root`: help, an out-of-turn move by North, an empty pit of South's (when
/// South has one) and a mistyped command are each answered in the thread. Whether
/// South had an empty pit to try.
pub(crate) async fn everyday_answers_in_the_thread(
    watch: &mut Watch,
    south: &Room,
    north: &Room,
    root: &OwnedEventId,
    game: &Game,
) -> bool {
    assert_eq!(game.to_move(), Some(Side::South), "South is to move");
    let help = say(north, "!oware help", Some(root)).await;
    let answer = watch.next(1, "help in the thread").await;
    assert!(
        in_thread(&answer, &help, root.as_str()).contains("`!move c`"),
        "{answer:#?}"
    );

    let early = say(north, "!move a", Some(root)).await;
    let answer = watch.next(1, "out of turn").await;
    assert!(
        in_thread(&answer, &early, root.as_str()).contains("not your turn"),
        "{answer:#?}"
    );

    let empty = (0..6).find(|&c| game.position().seeds(Pit::of(Side::South, c)) == 0);
    if let Some(c) = empty {
        let letter = Pit::of(Side::South, c).letter().to_ascii_lowercase();
        let typed = say(south, &format!("!move {letter}"), Some(root)).await;
        let answer = watch.next(1, "an empty pit").await;
        assert!(
            in_thread(&answer, &typed, root.as_str()).contains("is empty"),
            "{answer:#?}"
        );
    }

    let typo = say(south, "!oware hlep", Some(root)).await;
    let answer = watch.next(1, "a mistyped command").await;
    assert!(
        in_thread(&answer, &typo, root.as_str()).contains("Did you mean `!oware help`"),
        "{answer:#?}"
    );
    empty.is_some()
}
