//! Puzzles: `/oware puzzle` gives the asker a position they have never had, near
//! their puzzle rating; `/oware puzzle daily` gives everyone in a server the same
//! one that day; `/oware puzzle answer:c` (or a pit button) answers, privately
//! (see [`answer`]). Puzzles come from the endgame tables (generated ahead,
//! in batches, whenever few are left) and from the blunders of analysed games.

mod answer;
mod page;
mod supply;

pub use page::{DailyPuzzle, PuzzlePage};

use crate::service::cases::Learning;
use crate::service::cases::Pictures;
use crate::service::cases::Preferences;
pub(super) use supply::new_puzzle;
use supply::LOW;

use super::{rating::Rating, when, Attachment, Button, ButtonAction, Command, Reply, ServiceError};
use crate::{
    render::{self, BoardView},
    rules::{Side, Variant},
    store::{PuzzleGoal, PuzzleRow},
};

/// What the solver must find, in words.
fn task(lang: &crate::i18n::Language, goal: PuzzleGoal) -> String {
    match goal {
        PuzzleGoal::Seeds(n) => crate::tr!(lang, "puzzle-task-seeds", seeds = n),
        PuzzleGoal::Win => crate::tr!(lang, "puzzle-task-win"),
    }
}

/// Where a command's puzzles are counted: the Discord server, else the room.
fn place_key(cmd: &Command) -> String {
    cmd.place
        .space
        .clone()
        .unwrap_or_else(|| cmd.place.channel.clone())
}

impl Learning<'_> {
    pub(super) async fn puzzle(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        daily: bool,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let place = place_key(cmd);
        let mut row = self.pick(cmd, daily, &place).await?;
        if row.is_none() && self.refill_puzzles().await? > 0 {
            row = self.pick(cmd, daily, &place).await?;
        }
        let Some((row, first)) = row else {
            return Err(ServiceError::NoPuzzle(
                if self.core.engine.tables().is_none() {
                    crate::tr!(lang, "puzzle-none-yet")
                } else {
                    crate::tr!(lang, "puzzle-all-had")
                },
            ));
        };
        // The room sees the day's board once, when it is chosen; a later asker gets
        // it privately, in their own language.
        let own;
        let lang = if daily && !first {
            own = Preferences::new(self.core).language_of(cmd).await;
            &own
        } else {
            lang
        };
        let skipped = if daily {
            None
        } else {
            self.skip_open_puzzle(lang, cmd, row.id).await?
        };
        let answered = self
            .core
            .store
            .learning()
            .give_puzzle(
                cmd.claim(),
                row.id,
                platform,
                (&cmd.author.id, &cmd.author.name),
                &place,
                self.core.now(),
            )
            .await?;
        let mut reply = self.show_puzzle(lang, &row).await?;
        if daily {
            reply.text = crate::tr!(
                lang,
                "puzzle-daily",
                date = when::day(lang, self.core.now()),
                puzzle = reply.text
            );
            if !first {
                reply.private = true;
                reply.text = format!(
                    "{}\n{}",
                    crate::tr!(lang, "puzzle-daily-posted"),
                    reply.text
                );
            }
            if answered {
                reply.text.push('\n');
                reply
                    .text
                    .push_str(&crate::tr!(lang, "puzzle-answered-already"));
                reply.buttons.clear();
            }
            let solvers = self
                .core
                .store
                .learning()
                .puzzle_solvers(row.id, platform, &place)
                .await?;
            reply.text.push('\n');
            reply.text.push_str(&crate::tr!(
                lang,
                "puzzle-solvers",
                solvers = if solvers.is_empty() {
                    crate::tr!(lang, "puzzle-solvers-nobody")
                } else {
                    crate::i18n::list(lang, &solvers, crate::i18n::Joined::And)
                }
            ));
        }
        if let Some(skipped) = skipped {
            reply.text = format!("{skipped}\n{}", reply.text);
        }
        Ok(reply)
    }

    /// The puzzle to give: today's here, or an unseen one near the asker's rating
    /// (starting a new batch in the background when few are left); with whether it
    /// is shown here for the first time (today's, chosen by this asker; always for
    /// one's own).
    async fn pick(
        &self,
        cmd: &Command,
        daily: bool,
        place: &str,
    ) -> Result<Option<(PuzzleRow, bool)>, ServiceError> {
        let platform = cmd.place.platform;
        if daily {
            let (y, m, d) = when::date(self.core.now());
            let day = format!("{y:04}-{m:02}-{d:02}");
            return Ok(self
                .core
                .store
                .learning()
                .daily_puzzle(cmd.claim(), platform, place, &day)
                .await?);
        }
        let near = self
            .core
            .store
            .learning()
            .puzzle_stats(platform, &cmd.author.id)
            .await?
            .map_or(Rating::NEW.rating, |s| s.rating);
        let (row, left) = self
            .core
            .store
            .learning()
            .unseen_puzzle(platform, &cmd.author.id, near)
            .await?;
        if row.is_some() && left < LOW {
            self.refill_in_background();
        }
        Ok(row.map(|row| (row, true)))
    }

    /// A puzzle's message: its board, whose move, the task, and a button per legal pit.
    async fn show_puzzle(
        &self,
        lang: &crate::i18n::Language,
        row: &PuzzleRow,
    ) -> Result<Reply, ServiceError> {
        let position = row.position;
        let side = position.to_move();
        let legal = position.legal_moves(Variant::Abapa);
        let [s, n] = position.scores();
        let mut reply = Reply::public(crate::tr!(
            lang,
            "puzzle-shown",
            puzzle = row.id,
            rating = format!("{:.0}", row.rating),
            side = super::view::side_name(lang, side),
            pits = if side == Side::South {
                crate::tr!(lang, "puzzle-pits-south")
            } else {
                crate::tr!(lang, "puzzle-pits-north")
            },
            south = s,
            north = n,
            task = capitalised(&task(lang, row.goal)),
        ));
        reply.board_text = Some(super::view::text_board(lang, position, true, Side::South));
        reply.buttons = legal
            .into_iter()
            .map(|pit| Button {
                action: ButtonAction::Solve {
                    puzzle: row.id,
                    pit: pit.letter(),
                },
                label: format!("{} ({})", pit.letter(), position.seeds(pit)),
                enabled: true,
                row: 0,
            })
            .collect();
        let caption = crate::tr!(
            lang,
            "puzzle-caption",
            puzzle = row.id,
            task = task(lang, row.goal)
        );
        let file_name = format!("puzzle-{}.png", row.id);
        reply.files.push(
            self.position_png(lang, position, caption, file_name)
                .await?,
        );
        Ok(reply)
    }
}

impl Learning<'_> {
    /// A position to find a move in (a puzzle's, a lesson's) as a board picture
    /// from South's seat, with `caption` and alt text, rendered on the board slots.
    pub(super) async fn position_png(
        &self,
        lang: &crate::i18n::Language,
        position: crate::rules::Position,
        caption: String,
        file_name: String,
    ) -> Result<Attachment, ServiceError> {
        let lang = lang.clone();
        let (bytes, description) = Pictures::new(self.core)
            .board_render(move || {
                position_view(&lang, position, &caption, |view| {
                    (
                        render::board_png(&lang, view),
                        render::alt_text(&lang, view),
                    )
                })
            })
            .await?;
        Ok(Attachment {
            file_name,
            mime: "image/png",
            bytes,
            description,
        })
    }
}

/// The board of a position to find a move in, from South's seat, with `caption`,
/// as `draw` sees it (in `lang`).
pub(super) fn position_view<R>(
    lang: &crate::i18n::Language,
    position: crate::rules::Position,
    caption: &str,
    draw: impl FnOnce(&BoardView) -> R,
) -> R {
    let side = position.to_move();
    let legal = position.legal_moves(Variant::Abapa);
    let sides = [
        super::view::side_name(lang, Side::South),
        super::view::side_name(lang, Side::North),
    ];
    let view = BoardView {
        position,
        names: [&sides[0], &sides[1]],
        last: None,
        legal,
        to_move: Some(side),
        caption: Some(caption),
        clocks: None,
        ring: None,
        seat: Side::South,
    };
    draw(&view)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
