//! The daily puzzle of a place on the web, for places whose pages are public: the
//! position and the task of today's, whose solution stays hidden while it is live
//! (it is answered, rated, in chat today), and yesterday's with its solution. The
//! page never chooses the day's puzzle: asking for it in chat does (`/oware puzzle
//! daily`). The page itself draws nothing: its picture is drawn when asked for, on
//! the web's own slots, and kept.

use super::{task, when, ServiceError};
use crate::i18n::Language;
use crate::platform::Platform;
use crate::service::cases::Pages;
use crate::service::cases::Pictures;
use crate::store::PuzzleRow;

/// A day, in milliseconds.
const DAY_MS: i64 = 24 * 3600 * 1000;

/// The daily puzzle's page, as read.
#[derive(Clone, Debug)]
pub struct PuzzlePage {
    /// The place's language, which the page is written in.
    pub language: Language,
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The day in words, in the page's language (`28 novembre 2026`).
    pub date: String,
    /// Today's puzzle, once chosen: its solution is not in it.
    pub puzzle: Option<DailyPuzzle>,
    /// Yesterday's puzzle, if one was chosen, with its solution.
    pub yesterday: Option<DailyPuzzle>,
}

/// A daily puzzle as a page shows it.
#[derive(Clone, Debug)]
pub struct DailyPuzzle {
    /// Its number.
    pub id: i64,
    /// What to find, in words.
    pub task: String,
    /// The solution, once the puzzle's day is over: the move that solves it (a pit
    /// letter) and the line, in pit letters a space apart. `None` while it is live.
    pub solution: Option<(char, String)>,
    /// The position's alt text (its picture is `puzzle.png`).
    pub description: String,
}

/// The date `at` (Unix ms) falls on, `YYYY-MM-DD`.
fn day_of(at: i64) -> String {
    let (y, m, d) = when::date(at);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `row` as a page shows it; its solution only if `over`.
fn shown(lang: &crate::i18n::Language, row: &PuzzleRow, over: bool) -> DailyPuzzle {
    let task = task(lang, row.goal);
    let description = super::position_view(lang, row.position, &task, |view| {
        crate::render::alt_text(lang, view)
    });
    DailyPuzzle {
        id: row.id,
        solution: over.then(|| {
            (
                row.solution.letter(),
                row.line
                    .iter()
                    .map(|p| p.letter().to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        }),
        task,
        description,
    }
}

impl Pages<'_> {
    /// Today's puzzle at place `key` on `platform` (and yesterday's), or `None`
    /// unless the place made its pages public.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_page(
        &self,
        platform: &str,
        key: &str,
    ) -> Result<Option<PuzzlePage>, ServiceError> {
        let Some((platform, language)) = self.public_place(platform, key).await? else {
            return Ok(None);
        };
        Ok(Some(self.puzzle_page_of(language, platform, key).await?))
    }

    /// Today's puzzle's picture at place `key` on `platform`, or `None` when the
    /// place has no public page or no puzzle today: drawn on the web's own slots
    /// (busy: [`ServiceError::PicturesBusy`]) and kept.
    ///
    /// # Errors
    /// Database failures; every web picture slot taken.
    pub async fn puzzle_picture(
        &self,
        platform: &str,
        key: &str,
    ) -> Result<Option<Vec<u8>>, ServiceError> {
        let Some((platform, language)) = self.public_place(platform, key).await? else {
            return Ok(None);
        };
        let today = day_of(self.core.now());
        let Some(row) = self
            .core
            .store
            .pages()
            .chosen_daily_puzzle(platform, key, &today)
            .await?
        else {
            return Ok(None);
        };
        let cached = format!("puzzle/{}/{}", row.id, language.tag());
        if let Some(png) = self.core.web_pictures.get(&cached) {
            return Ok(Some(png));
        }
        let draw = move || {
            let lang = &language;
            let task = task(lang, row.goal);
            super::position_view(lang, row.position, &task, |view| {
                crate::render::board_png(lang, view)
            })
        };
        let png = Pictures::new(self.core).web_picture(draw).await?;
        self.core.web_pictures.put(cached, &png);
        Ok(Some(png))
    }

    /// `Pages::puzzle_page` of a public place, in `language`.
    async fn puzzle_page_of(
        &self,
        language: Language,
        platform: Platform,
        key: &str,
    ) -> Result<PuzzlePage, ServiceError> {
        let lang = &language;
        let now = self.core.now();
        let day = day_of(now);
        let today = self
            .core
            .page_reads
            .pages()
            .chosen_daily_puzzle(platform, key, &day)
            .await?;
        let yesterday = self
            .core
            .store
            .pages()
            .chosen_daily_puzzle(platform, key, &day_of(now - DAY_MS))
            .await?;
        let puzzle = today.as_ref().map(|row| shown(lang, row, false));
        let yesterday = yesterday.as_ref().map(|row| shown(lang, row, true));
        Ok(PuzzlePage {
            date: when::day(lang, now),
            language,
            day,
            puzzle,
            yesterday,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_turn_at_midnight_utc() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(DAY_MS - 1), "1970-01-01");
        assert_eq!(day_of(DAY_MS), "1970-01-02");
    }
}
