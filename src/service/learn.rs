//! `/oware learn`: the beginner's five lessons (see [`crate::play::lessons`]), each
//! a position to solve with one move, answered privately; each person's progress is
//! kept, and `/oware learn 3` repeats a lesson.

use super::{Button, ButtonAction, Command, Reply, ServiceError};
use crate::service::cases::Learning;
use crate::{
    play::lessons::{self, Lesson},
    rules::{Pit, Side},
};

impl Learning<'_> {
    /// Shows lesson `number` (the author's first unsolved one when `None`), or,
    /// with `answer`, judges the author's move in it.
    pub(super) async fn learn(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        number: Option<u8>,
        answer: Option<crate::rules::Typed>,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let done = self
            .core
            .store
            .learning()
            .lessons_done(platform, &cmd.author.id)
            .await?;
        let number = match number {
            Some(number) => number,
            None => match (1..=lessons::COUNT).find(|n| !done.contains(n)) {
                Some(next) => next,
                None => {
                    return Ok(Reply::private(crate::tr!(
                        lang,
                        "lesson-all-done",
                        count = lessons::COUNT
                    )))
                }
            },
        };
        let Some(lesson) = lessons::lesson(number) else {
            return Err(ServiceError::NoSuchLesson(number));
        };
        match answer {
            None => self.show_lesson(lang, &lesson).await,
            Some(typed) => {
                let pit = typed.pit_for(Side::South);
                self.answer_lesson(lang, cmd, &lesson, pit, &done).await
            }
        }
    }

    /// The lesson: what it teaches, the task, its board and a button per pit.
    async fn show_lesson(
        &self,
        lang: &crate::i18n::Language,
        lesson: &Lesson,
    ) -> Result<Reply, ServiceError> {
        let topic = lesson.topic.as_str();
        let mut reply = Reply::private(crate::tr!(
            lang,
            "lesson-shown",
            number = lesson.number,
            count = lessons::COUNT,
            teach = crate::tr!(lang, "lesson-teach", topic = topic),
            task = crate::tr!(lang, "lesson-task", topic = topic),
            lesson = lesson.number,
        ));
        reply.board_text = Some(super::view::text_board(
            lang,
            lesson.position,
            true,
            Side::South,
        ));
        reply.buttons = lesson
            .pits()
            .into_iter()
            .map(|pit| Button {
                action: ButtonAction::Lesson {
                    lesson: lesson.number,
                    pit: pit.letter(),
                },
                label: format!("{} ({})", pit.letter(), lesson.position.seeds(pit)),
                enabled: true,
                row: 0,
            })
            .collect();
        let caption = crate::tr!(lang, "lesson-task", topic = topic);
        let file_name = format!("lesson-{}.png", lesson.number);
        reply.files.push(
            self.position_png(lang, lesson.position, caption, file_name)
                .await?,
        );
        Ok(reply)
    }

    /// Judges `pit` in `lesson`: solved (recorded, with the next lesson named),
    /// or why not (the rules' refusal, or what the move did instead).
    async fn answer_lesson(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        lesson: &Lesson,
        pit: Pit,
        done: &[u8],
    ) -> Result<Reply, ServiceError> {
        let topic = lesson.topic.as_str();
        let again = crate::tr!(lang, "lesson-again", lesson = lesson.number);
        let (solved, effect) = match lesson.try_move(pit) {
            Ok(judged) => judged,
            Err(illegal) => {
                let why = ServiceError::from(illegal).user_message(lang);
                return Ok(Reply::private(format!("{why} {again}")));
            }
        };
        if !solved {
            let wrong = crate::tr!(
                lang,
                "lesson-wrong",
                topic = topic,
                pit = pit.letter().to_string(),
                last = effect.last.letter().to_string(),
                captured = effect.captured
            );
            return Ok(Reply::private(format!("{wrong} {again}")));
        }
        let now = self.core.now();
        let platform = cmd.place.platform;
        self.core
            .store
            .learning()
            .record_lesson(cmd.claim(), platform, &cmd.author.id, lesson.number, now)
            .await?;
        let next = (1..=lessons::COUNT).find(|&n| n != lesson.number && !done.contains(&n));
        let next = match next {
            Some(next) => crate::tr!(lang, "lesson-next", lesson = next),
            None => crate::tr!(lang, "lesson-finished", count = lessons::COUNT),
        };
        let right = crate::tr!(
            lang,
            "lesson-right",
            topic = topic,
            pit = pit.letter().to_string(),
            captured = effect.captured
        );
        Ok(Reply::private(format!("{right} {next}")))
    }
}
