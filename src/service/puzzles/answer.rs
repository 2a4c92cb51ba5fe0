//! Answering a puzzle: rated with Glicko-2 apart from game ratings, told privately
//! (the answer would spoil it for the others), while the room hears only who solved
//! it. A puzzle left open when its solver asks for another counts as not solved.

use super::{place_key, task};
use crate::service::cases::Learning;
use crate::{
    rules::{Pit, Variant},
    service::{outbox::place_message, rating::Rating, Command, Reply, ServiceError},
    store::{AnswerOutcome, Answered, PuzzleRow},
};

/// What is recorded of a skipped puzzle as its answer.
const SKIPPED: &str = "-";

impl Learning<'_> {
    pub(in crate::service) async fn solve(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        typed: crate::rules::Typed,
        puzzle: Option<i64>,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let row = match puzzle {
            Some(id) => self
                .core
                .store
                .learning()
                .puzzle(id)
                .await?
                .ok_or(ServiceError::NoSuchPuzzle(id))?,
            None => self
                .core
                .store
                .learning()
                .open_puzzle(platform, &cmd.author.id)
                .await?
                .ok_or(ServiceError::NoPuzzleOpen)?,
        };
        let position = row.position;
        let legal = position.legal_moves(Variant::Abapa);
        let pit = Some(typed.pit_for(position.to_move()))
            .filter(|&pit| legal.contains(pit))
            .ok_or_else(|| ServiceError::PuzzleMove {
                puzzle: row.id,
                pit: typed.to_string(),
                legal: legal.to_string(),
                example: legal.into_iter().next().map_or('a', Pit::letter),
            })?;
        let right = pit == row.solution;
        // A first wrong answer may be tried again, once; a puzzle solved on the
        // second try counts as not solved (the rating judges the first).
        let missed = self
            .core
            .store
            .learning()
            .first_miss(row.id, platform, &cmd.author.id)
            .await?;
        if !right && missed.is_none() {
            let recorded = self
                .core
                .store
                .learning()
                .miss_puzzle(
                    cmd.claim(),
                    row.id,
                    platform,
                    (&cmd.author.id, &cmd.author.name),
                    &place_key(cmd),
                    &pit.letter().to_string(),
                    self.core.now(),
                )
                .await?;
            if recorded {
                return Ok(Reply::private(crate::tr!(
                    lang,
                    "puzzle-try-again",
                    name = cmd.author.name,
                    pit = pit,
                    puzzle = row.id
                )));
            }
        }
        let solved = right && missed.is_none();
        // The room hears who solved it, never the answer.
        let announce = if solved {
            let daily = self
                .core
                .store
                .learning()
                .is_daily_puzzle(platform, &place_key(cmd), row.id)
                .await?;
            let name = &cmd.author.name;
            let text = if daily {
                crate::tr!(lang, "puzzle-solved-daily", name = name)
            } else {
                crate::tr!(lang, "puzzle-solved", name = name, puzzle = row.id)
            };
            Some(place_message(&cmd.place, &Reply::public(text)))
        } else {
            None
        };
        let answered = match self
            .record_answer(cmd, &row, &pit.letter().to_string(), solved, announce)
            .await?
        {
            AnswerOutcome::Rated(answered) => answered,
            AnswerOutcome::AnsweredBefore => return Err(ServiceError::PuzzleAnswered(row.id)),
            AnswerOutcome::NotGiven => return Err(ServiceError::PuzzleNotGiven(row.id)),
        };
        let verdict = if solved {
            crate::tr!(lang, "puzzle-right", name = cmd.author.name, pit = pit)
        } else if right {
            crate::tr!(
                lang,
                "puzzle-right-second",
                name = cmd.author.name,
                pit = pit
            )
        } else {
            crate::tr!(
                lang,
                "puzzle-wrong",
                name = cmd.author.name,
                pit = pit,
                solution = row.solution
            )
        };
        let (before, after, change) = rating_change(&answered);
        Ok(Reply::public(crate::tr!(
            lang,
            "puzzle-result",
            verdict = verdict,
            puzzle = row.id,
            task = task(lang, row.goal),
            line = row
                .line
                .iter()
                .map(|p| p.letter().to_string())
                .collect::<Vec<_>>()
                .join(" "),
            before = before,
            after = after,
            change = change,
        ))
        .secretly())
    }

    /// Counts `cmd`'s author's open puzzle, if any (not a daily one, which stays
    /// open), as not solved: asking for another is no free way out of a hard one.
    /// What to tell them, if it was counted.
    pub(super) async fn skip_open_puzzle(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        next: i64,
    ) -> Result<Option<String>, ServiceError> {
        let platform = cmd.place.platform;
        let Some(open) = self
            .core
            .store
            .learning()
            .open_puzzle(platform, &cmd.author.id)
            .await?
        else {
            return Ok(None);
        };
        if open.id == next
            || self
                .core
                .store
                .learning()
                .is_daily_puzzle(platform, &place_key(cmd), open.id)
                .await?
        {
            return Ok(None);
        }
        let AnswerOutcome::Rated(answered) =
            self.record_answer(cmd, &open, SKIPPED, false, None).await?
        else {
            return Ok(None);
        };
        let (before, after, _) = rating_change(&answered);
        Ok(Some(crate::tr!(
            lang,
            "puzzle-skipped",
            puzzle = open.id,
            solution = open.solution,
            before = before,
            after = after
        )))
    }

    /// Records `answer` to `row` and rates it, with `announce` in the same change:
    /// only a puzzle given to the author, or a daily puzzle of the place.
    async fn record_answer(
        &self,
        cmd: &Command,
        row: &PuzzleRow,
        answer: &str,
        solved: bool,
        announce: Option<crate::store::NewMessage>,
    ) -> Result<AnswerOutcome, ServiceError> {
        Ok(self
            .core
            .store
            .learning()
            .answer_puzzle(
                cmd.claim(),
                row.id,
                cmd.place.platform,
                (&cmd.author.id, &cmd.author.name),
                &place_key(cmd),
                answer,
                solved,
                announce.as_ref(),
                self.core.now(),
            )
            .await?)
    }
}

/// The solver's puzzle rating before and after, and the change (`+12`, `-8`).
fn rating_change(answered: &Answered) -> (String, String, String) {
    let before = answered.before.map_or(Rating::NEW.rating, |b| b.rating);
    let after = answered.after.rating;
    let change = after.round() - before.round();
    let sign = if change >= 0.0 { "+" } else { "" };
    (
        format!("{before:.0}"),
        format!("{after:.0}"),
        format!("{sign}{change:.0}"),
    )
}
