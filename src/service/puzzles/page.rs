//! The daily puzzle of a place on the web, for places whose pages are public: the
//! position, the task, and the solution behind a button. The page never chooses the
//! day's puzzle: asking for it in chat does (`/oware puzzle daily`).

use super::{task, when, Attachment, Service, ServiceError};
use crate::i18n::{in_language, Language};

/// The daily puzzle's page, as read.
#[derive(Clone, Debug)]
pub struct PuzzlePage {
    /// The place's language, which the page is written in.
    pub language: Language,
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The puzzle, once chosen today.
    pub puzzle: Option<DailyPuzzle>,
}

/// A daily puzzle as a page shows it.
#[derive(Clone, Debug)]
pub struct DailyPuzzle {
    /// Its number.
    pub id: i64,
    /// What to find, in words.
    pub task: String,
    /// The move that solves it (a pit letter).
    pub solution: char,
    /// The solution line, in pit letters.
    pub line: String,
    /// The position as a board picture, with its alt text.
    pub picture: Attachment,
}

impl Service {
    /// Today's puzzle at place `key` on `platform`, or `None` unless the place made
    /// its pages public.
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
        let page = self.puzzle_page_of(platform.as_str(), key);
        Ok(Some(in_language(language, page).await?))
    }

    /// [`Service::puzzle_page`] of a public place, in the language in force.
    async fn puzzle_page_of(&self, platform: &str, key: &str) -> Result<PuzzlePage, ServiceError> {
        let language = crate::i18n::current();
        let (y, m, d) = when::date(self.now());
        let day = format!("{y:04}-{m:02}-{d:02}");
        let Some(row) = self.store.chosen_daily_puzzle(platform, key, &day).await? else {
            return Ok(PuzzlePage {
                language,
                day,
                puzzle: None,
            });
        };
        let task = task(row.goal);
        let picture = self
            .position_png(row.position, task.clone(), format!("puzzle-{}.png", row.id))
            .await?;
        Ok(PuzzlePage {
            language,
            day,
            puzzle: Some(DailyPuzzle {
                id: row.id,
                task,
                solution: row.solution.letter(),
                line: row.line.iter().map(|p| p.letter()).collect(),
                picture,
            }),
        })
    }
}
