//! A finished game's thread is archived after the delay its server set
//! (`/oware settings archive:1d`). The game's end schedules a job in the ending's own
//! transaction; when it falls due, the job writes a last message carrying
//! [`Reply::archive_thread`], and the adapter archives the thread (Discord) or only
//! posts the line (platforms without archiving).

use super::{outbox::game_message, Place, Reply, ServiceError};
use crate::play::archive::ArchiveDelay;
use crate::service::cases::Preferences;
use crate::service::cases::Records;
use crate::store::{Claim, Effects, GameRow, JobKind, JobRow, NewJob};

/// The line posted before a game's thread is archived.
fn archive_line(lang: &crate::i18n::Language, game: crate::store::GameId) -> String {
    crate::tr!(lang, "archive-thread", game = game)
}

impl Records<'_> {
    /// The job that archives the thread of the game stored as `row`, which ends at
    /// `now`, after the delay its server set; `None` when the game has no thread or
    /// the server keeps threads open.
    pub(super) async fn archive_job(
        &self,
        row: &GameRow,
        now: i64,
    ) -> Result<Option<NewJob>, ServiceError> {
        if row.thread.is_none() {
            return Ok(None);
        }
        let place = Place {
            platform: row.platform,
            space: row.space.clone(),
            channel: row.channel.clone(),
            thread: None,
        };
        let ArchiveDelay::After(delay) = Preferences::new(self.core)
            .place_settings(&place)
            .await?
            .archive()
        else {
            return Ok(None);
        };
        Ok(Some(NewJob {
            kind: JobKind::ArchiveThread,
            game_id: None,
            challenge_id: None,
            due_at: now.saturating_add(delay),
            request: None,
        }))
    }

    /// Archives a finished game's thread: a last line that tells the adapter to
    /// archive it, written as the job ends. Nothing when the thread is not the bot's
    /// to archive (see [`crate::store::Store::thread_to_archive`]).
    pub(super) async fn archive_thread_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(id) = job.game_id else {
            return Ok(false);
        };
        let Some(row) = self.core.store.games().game(id).await? else {
            return Ok(false);
        };
        if !self.core.store.games().thread_to_archive(id).await? {
            return Ok(false);
        }
        let reply = Reply {
            game: Some(id),
            archive_thread: true,
            ..Reply::public(archive_line(lang, id))
        };
        let effects = Effects {
            messages: vec![game_message(&row, &reply, None)],
            ..Effects::default()
        };
        self.core
            .store
            .learning()
            .finish_job(Claim::Job(job.id), &effects, self.core.now())
            .await?;
        Ok(true)
    }
}
