//! The clocks as a game's reply shows them: beside the names in the picture, and as
//! a line under the board.

use crate::{
    play::{
        clock::TimeControl,
        when::{clock_face, deadline as deadline_text, span},
    },
    rules::{Game, Side},
    store::{ClockColumns, GameRow},
};

/// The game stored as `row` with the clocks of the turn a change has just begun.
pub(in crate::service) fn with_clock(row: &GameRow, clock: Option<&ClockColumns>) -> GameRow {
    let mut row = row.clone();
    if let Some(clock) = clock {
        [row.south.left_ms, row.north.left_ms] = clock.left_ms;
        row.turn_started_at = Some(clock.turn_started_at);
        row.deadline_at = clock.deadline_at;
    }
    row
}

/// The clocks as shown beside the names in the picture, `[South, North]`, or `None`
/// for a game without a clock or one that is over.
pub(in crate::service) fn clock_labels(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    now: i64,
) -> Option<[String; 2]> {
    let to_move = game.to_move()?;
    match row.time_control {
        TimeControl::None => None,
        TimeControl::Live { .. } => {
            let clocks = row.clocks();
            Some(
                [Side::South, Side::North]
                    .map(|side| clock_face(clocks.left_at(side, Some(to_move), now))),
            )
        }
        TimeControl::Correspondence { .. } => {
            let left = row.deadline_at? - now;
            let mut labels = [String::new(), String::new()];
            let away = row.seat(to_move).away_until.is_some_and(|back| back > now);
            labels[to_move.index()] = if away {
                crate::tr!(lang, "view-clock-away")
            } else {
                crate::tr!(lang, "view-clock-left", span = span(lang, left))
            };
            Some(labels)
        }
    }
}

/// The clock line under a board: `Clocks: alice 4:57 (running) – bob 5:00.` or
/// `bob has 2 days 23 h to move (until 2026-11-27 10:05 UTC).`
pub(super) fn clock_line(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    now: i64,
) -> Option<String> {
    let to_move = game.to_move()?;
    match row.time_control {
        TimeControl::None => None,
        TimeControl::Live { .. } => {
            let clocks = row.clocks();
            let part = |side: Side| {
                let (name, clock) = (
                    row.name(side),
                    clock_face(clocks.left_at(side, Some(to_move), now)),
                );
                if side == to_move {
                    crate::tr!(lang, "view-clock-running", name = name, clock = clock)
                } else {
                    crate::tr!(lang, "view-clock", name = name, clock = clock)
                }
            };
            Some(crate::tr!(
                lang,
                "view-clocks",
                south = part(Side::South),
                north = part(Side::North)
            ))
        }
        TimeControl::Correspondence { .. } => {
            let deadline = row.deadline_at?;
            // Away: their turn starts at their return, which is why the time is long.
            if let Some(back) = row.seat(to_move).away_until.filter(|&back| back > now) {
                return Some(crate::tr!(
                    lang,
                    "view-time-to-move-away",
                    name = row.name(to_move),
                    back = deadline_text(lang, back, now),
                    until = deadline_text(lang, deadline, now)
                ));
            }
            Some(crate::tr!(
                lang,
                "view-time-to-move",
                name = row.name(to_move),
                span = span(lang, deadline - now),
                until = deadline_text(lang, deadline, now)
            ))
        }
    }
}
