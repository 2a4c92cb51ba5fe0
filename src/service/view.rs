//! How a game is shown in a reply: names, the text board, pit buttons and the board
//! image; its clocks (`view/clocks.rs`) and its result (`view/result.rs`).

mod clocks;
mod result;

use crate::service::cases::Pictures;
pub(in crate::service) use clocks::clock_labels;
use clocks::clock_line;
pub(super) use clocks::with_clock;

pub(super) use result::{decided_by, result_line, score_line, summary, would_give};

use std::fmt::Write;

use super::{Attachment, Button, ButtonAction, Place, Reply, User};
use crate::{
    render::{self, BoardView},
    rules::{EndReason, Game, Pit, Ply, Side},
    store::GameRow,
};

/// The user playing `side`.
pub(super) fn player(row: &GameRow, side: Side) -> User {
    let seat = row.seat(side);
    let (id, name, is_bot) = (&seat.user, &seat.name, seat.bot);
    User {
        id: id.clone(),
        name: name.clone(),
        is_bot,
    }
}

/// Who a challenge challenges, by name: the player, or "anyone here" for an open
/// challenge.
pub(super) fn challenged(lang: &crate::i18n::Language, c: &crate::store::ChallengeRow) -> String {
    match &c.opponent.0 {
        Some(invitee) => invitee.name.clone(),
        None => crate::tr!(lang, "challenge-anyone"),
    }
}

/// The side to move in a game in progress (South moves first).
pub(super) fn side_to_move(row: &GameRow) -> Side {
    if row.ply % 2 == 0 {
        Side::South
    } else {
        Side::North
    }
}

/// The name of the player to move in a game in progress.
pub(super) fn to_move_name(row: &GameRow) -> &str {
    row.name(side_to_move(row))
}

/// The user id of the player to move in a game in progress.
pub(super) fn to_move_user(row: &GameRow) -> &str {
    &row.seat(side_to_move(row)).user
}

pub(super) fn side_of(row: &GameRow, user_id: &str) -> Option<Side> {
    if row.south.user == user_id {
        Some(Side::South)
    } else if row.north.user == user_id {
        Some(Side::North)
    } else {
        None
    }
}

/// `2 moves played, move 3 next` (or just `40 moves played` once it is over): the
/// one way moves are counted in replies, from 1.
pub(super) fn moves_played(lang: &crate::i18n::Language, ply: i64, active: bool) -> String {
    if active {
        crate::tr!(lang, "view-moves-played-next", ply = ply, next = ply + 1)
    } else {
        crate::tr!(lang, "view-moves-played", ply = ply)
    }
}

/// `#12 Alice vs Bob`.
pub(super) fn game_label(lang: &crate::i18n::Language, row: &GameRow) -> String {
    crate::tr!(
        lang,
        "view-game-label",
        id = row.id,
        south = row.south.name,
        north = row.north.name
    )
}

/// `South` / `North`, in words.
pub(super) fn side_name(lang: &crate::i18n::Language, side: Side) -> String {
    match side {
        Side::South => crate::tr!(lang, "game-side-south"),
        Side::North => crate::tr!(lang, "game-side-north"),
    }
}

/// Whether game `row` counts for ratings, as every message says it: a rated game
/// between people; once over, only if it was not aborted and lasted
/// [`MIN_RATED_PLIES`](crate::play::rating::MIN_RATED_PLIES) moves (a shorter one
/// counted as casual, see `ending::Counted`).
pub(super) fn counts_as_rated(row: &GameRow) -> bool {
    let rated = row.rated && !row.south.bot && !row.north.bot;
    match row.state.ending() {
        None => rated,
        Some(ending) => {
            rated
                && ending.reason != EndReason::Aborted
                && usize::try_from(row.ply).is_ok_and(crate::play::rating::counts_for_rating)
        }
    }
}

/// `rated` / `casual`.
pub(super) fn rated_word(lang: &crate::i18n::Language, rated: bool) -> String {
    if rated {
        crate::tr!(lang, "game-rated")
    } else {
        crate::tr!(lang, "game-casual")
    }
}

/// An engine level in words (`easy`, « facile »); commands still take the English
/// word (`level:easy`).
pub(super) fn level_words(
    lang: &crate::i18n::Language,
    level: crate::play::level::Level,
) -> String {
    crate::tr!(lang, "engine-level", level = level.as_str())
}

/// `South, pits A–F` / `North, pits a–f`.
/// A line for each move the player to move could make that would repeat an earlier
/// position, and so end the game at once: `**D** repeats … **bob** would win 25–23`.
fn repetition_warnings(lang: &crate::i18n::Language, row: &GameRow, game: &Game) -> Vec<String> {
    game.legal_moves()
        .into_iter()
        .filter_map(|pit| {
            let outcome = game.repetition_after(pit)?;
            let result = would_give(lang, row, outcome);
            Some(crate::tr!(
                lang,
                "view-repeats",
                pit = pit.letter(),
                result = result
            ))
        })
        .collect()
}

fn row_hint(lang: &crate::i18n::Language, side: Side) -> String {
    match side {
        Side::South => crate::tr!(lang, "view-row-south"),
        Side::North => crate::tr!(lang, "view-row-north"),
    }
}

/// The board image files for a reply: the one place that attaches board PNGs. The
/// caption is the result once the game is over, else `note` (the advice tally).
pub(super) fn board_files(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    note: Option<&str>,
    now: i64,
    seat: Side,
) -> Vec<Attachment> {
    let names = [row.south.name.as_str(), row.north.name.as_str()];
    let result = game.outcome().map(|o| render::result_line(lang, &o, names));
    let labels = clock_labels(lang, row, game, now);
    let view = BoardView {
        caption: result.as_deref().or(note),
        clocks: labels.as_ref().map(|[s, n]| [s.as_str(), n.as_str()]),
        seat,
        ..BoardView::of_game(game, names)
    };
    vec![Attachment {
        file_name: format!("oware-{}-{}.png", row.id, game.plies().len()),
        mime: "image/png",
        bytes: render::board_png(lang, &view),
        description: render::alt_text(lang, &view),
    }]
}

/// Where the thread of the game stored as `row` is, if it has one.
pub(super) fn thread_of(row: &GameRow) -> Option<Place> {
    Some(Place {
        platform: row.platform,
        space: row.space.clone(),
        channel: row.channel.clone(),
        thread: Some(row.thread.clone()?),
    })
}

impl Pictures<'_> {
    /// Attaches the board image seen from `seat` (South's for anything shared) to
    /// `reply`, with the onlookers' advice for the side to move (`Onlookers suggest:
    /// D ×3, B ×1`), if any and the game goes on, in the text and as the picture's
    /// caption. Rendering is CPU work of about a millisecond, so it runs on the
    /// blocking pool rather than stalling an async worker (and the database futures
    /// queued on it), and at most one per core at once: a burst of boards (every
    /// game of a tournament round starting) is drawn in turn, first come first
    /// served, rather than by hundreds of threads sharing the cores. A failed render
    /// is logged and the reply goes without its image.
    pub(super) async fn with_board(
        &self,
        lang: &crate::i18n::Language,
        mut reply: Reply,
        row: &GameRow,
        game: &Game,
        advice: Option<&str>,
        seat: Side,
    ) -> Reply {
        let now = self.core.now();
        let advice = advice.filter(|_| !game.is_over()).map(str::to_owned);
        if let Some(advice) = &advice {
            let _ = write!(reply.text, "\n{advice}.");
        }
        let (row, game, lang) = (row.clone(), game.clone(), lang.clone());
        let render = move || board_files(&lang, &row, &game, advice.as_deref(), now, seat);
        match self.board_render(render).await {
            Ok(files) => reply.files = files,
            Err(err) => tracing::error!(error = %err, "could not render the board"),
        }
        reply
    }
}

/// One button per pit of the side to move, laid out like the board seen from `seat`
/// in two rows of three (Discord allows five per row); illegal pits are disabled.
pub(super) fn pit_buttons(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    seat: Side,
) -> Vec<Button> {
    let Some(side) = game.to_move() else {
        return Vec::new();
    };
    let legal = game.legal_moves();
    let position = game.position();
    let ply = u32::try_from(game.plies().len()).unwrap_or(u32::MAX);
    // The bottom row reads left to right (A B C / D E F from South's seat); the top
    // row is drawn reversed (f e d / c b a).
    let columns: [usize; 6] = if side == seat {
        [0, 1, 2, 3, 4, 5]
    } else {
        [5, 4, 3, 2, 1, 0]
    };
    columns
        .iter()
        .enumerate()
        .map(|(i, &column)| {
            let pit = Pit::of(side, column);
            Button {
                action: ButtonAction::Move {
                    game: row.id,
                    ply,
                    pit: pit.letter(),
                },
                // A move that would end the game by repetition says so on its button.
                label: if game.repetition_after(pit).is_some() {
                    crate::tr!(
                        lang,
                        "view-button-repeats",
                        pit = pit.letter(),
                        seeds = position.seeds(pit)
                    )
                } else {
                    format!("{} ({})", pit.letter(), position.seeds(pit))
                },
                enabled: legal.contains(pit),
                row: u8::from(i >= 3),
            }
        })
        .collect()
}

/// The status lines under a board: scores, whose turn and the clocks, or the result
/// and a rematch button. Only a person to move is mentioned and given pit buttons
/// (laid out as seen from `seat`).
fn status(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    reply: &mut Reply,
    now: i64,
    seat: Side,
) {
    match (game.outcome(), game.to_move()) {
        (Some(outcome), _) => {
            let _ = write!(reply.text, "\n{}", result_line(lang, row, outcome));
            if outcome.reason != EndReason::Aborted || row.ply > 0 {
                reply.buttons = vec![Button {
                    action: ButtonAction::Rematch { game: row.id },
                    label: crate::tr!(lang, "view-button-rematch"),
                    enabled: true,
                    row: 0,
                }];
            }
            // An aborted game has no result to review.
            if row.ply > 0 && outcome.reason != EndReason::Aborted {
                reply.buttons.push(Button {
                    action: ButtonAction::Analyse { game: row.id },
                    label: crate::tr!(lang, "view-button-analyse"),
                    enabled: true,
                    row: 0,
                });
            }
        }
        (None, Some(side)) => {
            reply.text.push('\n');
            reply.text.push_str(&crate::tr!(
                lang,
                "view-to-move",
                score = score_line(row, game.position().scores()),
                name = row.name(side),
                hint = row_hint(lang, side)
            ));
            if let Some(line) = clock_line(lang, row, game, now) {
                let _ = write!(reply.text, "\n{line}");
                let away = row.seat(side).away_until;
                for at in row.deadline_at.into_iter().chain(away) {
                    reply.note_time(lang, at, now);
                }
            }
            for warning in repetition_warnings(lang, row, game) {
                let _ = write!(reply.text, "\n{warning}");
            }
            if !is_bot(row, side) {
                reply.mentions.push(player(row, side));
                reply.buttons = pit_buttons(lang, row, game, seat);
            }
        }
        (None, None) => {}
    }
}

/// A public reply showing the game as it stands seen from `seat` (South's for anything
/// shared), under `headline` (the image, and the advice tally if any, are added by
/// [`with_board`]).
pub(super) fn board_reply(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    headline: String,
    now: i64,
    seat: Side,
) -> Reply {
    let mut reply = Reply::public(headline);
    status(lang, row, game, &mut reply, now, seat);
    reply.board_text = Some(text_board(lang, game.position(), !game.is_over(), seat));
    about(&mut reply, row);
    reply
}

/// Marks `reply` as about the game stored as `row`, and where its thread is (from
/// the row already read: the reply needs no second look).
pub(super) fn about(reply: &mut Reply, row: &GameRow) {
    reply.game = Some(row.id);
    reply.thread = thread_of(row);
}

/// The public reply to a move just played.
fn move_reply(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    ply: &Ply,
    now: i64,
) -> Reply {
    let mover = ply.before.to_move();
    let effect = ply.effect;
    let mut text = if effect.lap {
        crate::tr!(
            lang,
            "view-move-lap",
            name = row.name(mover),
            pit = effect.pit,
            sown = effect.sown
        )
    } else {
        crate::tr!(
            lang,
            "view-move",
            name = row.name(mover),
            pit = effect.pit,
            sown = effect.sown
        )
    };
    if effect.captured > 0 {
        let pits: Vec<String> = effect
            .captured_pits
            .into_iter()
            .map(|p| p.to_string())
            .collect();
        text.push(' ');
        text.push_str(&crate::tr!(
            lang,
            "view-captured",
            seeds = effect.captured,
            pits = crate::i18n::list(lang, &pits, crate::i18n::Joined::And)
        ));
    } else if effect.grand_slam {
        text.push(' ');
        text.push_str(&crate::tr!(lang, "view-grand-slam"));
    }
    board_reply(lang, row, game, text, now, Side::South)
}

/// The words of move `ply`, in `lang` at `now` (the answer to it, or its
/// announcement kept as `Recipe::Moved`): `game` is the game stored as `row`
/// replayed to just after it, `clock` the clocks of the turn it began, `ratings`
/// what the game, if the move ended it, did to its players' ratings (`None`: it
/// changed none).
pub(super) fn moved_words(
    lang: &crate::i18n::Language,
    row: &GameRow,
    (game, ply): (&Game, &Ply),
    clock: Option<&crate::store::ClockColumns>,
    ratings: Option<[crate::store::RatingChange; 2]>,
    now: i64,
) -> Reply {
    let shown = with_clock(row, clock);
    let mut reply = move_reply(lang, &shown, game, ply, now);
    if game.is_over() {
        super::ending::Counted::of(row, game).annotate(lang, &mut reply, row, ratings);
    }
    reply
}

/// The text board of `position` as `seat` sees it, in `lang`
/// (`show_turn`: mark the side to move).
pub(super) fn text_board(
    lang: &crate::i18n::Language,
    position: crate::rules::Position,
    show_turn: bool,
    seat: Side,
) -> String {
    let (south, north, to_move) = (
        crate::tr!(lang, "side-south"),
        crate::tr!(lang, "side-north"),
        crate::tr!(lang, "board-to-move"),
    );
    let labels = crate::rules::BoardLabels {
        south: &south,
        north: &north,
        to_move: &to_move,
    };
    crate::rules::text_board_with(position, show_turn, seat, &labels)
}

/// Whether `side` is played by a bot (the engine).
pub(super) fn is_bot(row: &GameRow, side: Side) -> bool {
    row.seat(side).bot
}

/// Where to watch a game: its thread (`None` without one), which the adapter links.
pub(super) fn thread_link(row: &GameRow) -> Option<super::PlaceLink> {
    let thread = row.thread.as_deref()?;
    Some(super::PlaceLink::new(&row.channel, Some(thread)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameRow;

    #[test]
    fn a_thread_is_written_as_its_id_for_the_adapter_to_link() {
        let mut row = GameRow::example(3);
        assert_eq!(thread_link(&row), None);
        row.channel = "!room:example.org".into();
        row.thread = Some("$root".into());
        let link = thread_link(&row).unwrap();
        assert_eq!(link.text, "`$root`");
        assert_eq!(link.channel, "!room:example.org");
        assert_eq!(link.thread.as_deref(), Some("$root"));
    }
}
