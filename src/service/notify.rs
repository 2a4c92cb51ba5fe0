//! "Your turn" direct messages (`/oware settings me notify:dm`): when a move leaves
//! a correspondence game waiting for a player who asked for them, a direct message
//! tells them, with the move played, the deadline and where the game is. It is
//! written with the move (an outbox message to the person, not the channel) and
//! dropped unsent if they moved before it went out. Live games send none: their
//! players are at the board.

use super::{view, view::is_bot, view::thread_link, when, Reply};
use crate::platform::Platform;
use crate::play::clock::TimeControl;
use crate::rules::{Game, Side};
use crate::store::{Body, GameRow, NewMessage, Notify};

/// Whether `side`'s player in `row` asked for "your turn" direct messages.
fn wants_dm(row: &GameRow, side: Side) -> bool {
    row.seat(side).notify == Notify::Dm
}

/// Where game `row` is played, as a link its platform shows: its thread, else its
/// channel or room.
fn where_played(row: &GameRow) -> String {
    thread_link(row).unwrap_or_else(|| match row.platform {
        Platform::Discord => format!("<#{}>", row.channel),
        Platform::Matrix => format!("https://matrix.to/#/{}", row.channel),
        Platform::Console => format!("`{}`", row.channel),
    })
}

/// The direct message for the player to move in `game` (the game stored as `row`,
/// now after a move whose new turn ends at `deadline`), when they asked for one.
pub(super) fn your_turn(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    deadline: Option<i64>,
    now: i64,
) -> Option<NewMessage> {
    if !matches!(row.time_control, TimeControl::Correspondence { .. }) {
        return None;
    }
    let side = game.to_move()?;
    if is_bot(row, side) || !wants_dm(row, side) {
        return None;
    }
    let played = game.plies().last()?.effect.pit;
    let player = view::player(row, side);
    let mut reply = Reply::public(crate::tr!(
        lang,
        "notify-your-turn",
        game = view::game_label(lang, row),
        opponent = row.name(side.opponent()),
        pit = played.letter().to_string(),
        until = deadline
            .map(|at| when::deadline(lang, at, now))
            .unwrap_or_default(),
        link = where_played(row)
    ));
    if let Some(at) = deadline {
        reply.note_time(lang, at, now);
    }
    // Moot once they have moved.
    reply.until_ply = i64::try_from(game.plies().len()).ok();
    Some(NewMessage {
        platform: row.platform,
        space: None,
        channel: player.id.clone(),
        thread: None,
        game_id: Some(row.id),
        body: Body::of(&reply),
        board_ply: None,
        attach: None,
        edits: None,
        recipient: Some(player.id),
    })
}
