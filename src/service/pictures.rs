//! Pictures: drawing boards, charts and replays off the async workers, on slots that
//! bound how many run at once, with the chat's slots apart from the web's; and the
//! board's one-line legend, shown once to each person: the first reply with a board
//! that a command of theirs gets carries it, and it is recorded as seen (with their
//! own settings) so no later board repeats it.

use crate::service::cases::Pictures;

use super::{Command, Reply, ServiceError};

/// How long a web picture waits for one of the web's picture slots.
const WEB_PICTURE_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

impl Pictures<'_> {
    /// Runs heavy CPU work (a replay GIF, a chart) on the blocking pool, at most as
    /// many at once as there are engine threads, so a burst of them cannot stall
    /// moves.
    pub(super) async fn heavy<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        on_slot(&self.core.heavy_slots, work, "heavy work").await
    }

    /// Draws a board picture on the blocking pool once one of the board slots (one
    /// per core) is free; waiting is first come, first served.
    pub(super) async fn board_render<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        on_slot(&self.core.board_slots, work, "board render").await
    }

    /// Draws a picture for the web on the web's own slots once one is free, waiting
    /// at most [`WEB_PICTURE_WAIT`] (a page's board and its review graph asked at
    /// once both load), else [`ServiceError::PicturesBusy`]: a flood of web
    /// pictures never queues on the chat's board slots, and waits only as long as
    /// the request that asks holds one of the pages' bounded request slots.
    pub(super) async fn web_picture<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let slots = std::sync::Arc::clone(&self.core.web_picture_slots);
        let Ok(Ok(permit)) = tokio::time::timeout(WEB_PICTURE_WAIT, slots.acquire_owned()).await
        else {
            metrics::counter!("oware_web_refused_total", "why" => "pictures").increment(1);
            return Err(ServiceError::PicturesBusy);
        };
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("web picture: {e}")))
    }
}

/// Runs `work` (`what`, for errors) on the blocking pool once one of `slots` is
/// free.
async fn on_slot<T: Send + 'static>(
    slots: &std::sync::Arc<tokio::sync::Semaphore>,
    work: impl FnOnce() -> T + Send + 'static,
    what: &str,
) -> Result<T, ServiceError> {
    let permit = std::sync::Arc::clone(slots)
        .acquire_owned()
        .await
        .map_err(|e| ServiceError::Internal(format!("{what}: {e}")))?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("{what}: {e}")))
}

impl Pictures<'_> {
    /// `reply` to `cmd`, with the board's legend added if it shows a board and its
    /// author has never been shown the legend. A failure to read or record that is
    /// logged, and the reply goes as it was.
    pub(super) async fn with_legend(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        mut reply: Reply,
    ) -> Reply {
        if reply.board_text.is_none() || !self.legend_due(cmd).await {
            return reply;
        }
        let (platform, user) = (cmd.place.platform, cmd.author.id.as_str());
        let now = self.core.now();
        match self
            .core
            .store
            .people()
            .mark_legend_seen(cmd.claim(), platform, user, now)
            .await
        {
            Ok(()) => self.legend_shown(lang, cmd, &mut reply),
            Err(err) => tracing::warn!(error = %err, "cannot record that the legend was seen"),
        }
        reply
    }

    /// Whether `cmd`'s author is yet to be shown the legend (`false` when that
    /// cannot be read: the legend is a courtesy).
    pub(super) async fn legend_due(&self, cmd: &Command) -> bool {
        let (platform, user) = (cmd.place.platform, cmd.author.id.as_str());
        if cmd.author.is_bot || self.core.legend_seen.contains(platform, user) {
            return false;
        }
        match self.core.store.people().user_settings(platform, user).await {
            Ok(settings) if settings.legend_seen => {
                self.core.legend_seen.insert(platform, user);
                false
            }
            Ok(_) => true,
            Err(err) => {
                tracing::warn!(error = %err, "cannot read whether the legend was seen");
                false
            }
        }
    }

    /// Adds the legend to `reply`, its being seen by `cmd`'s author recorded (by the
    /// command's own write, or by `Pictures::with_legend`).
    pub(super) fn legend_shown(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        reply: &mut Reply,
    ) {
        self.core
            .legend_seen
            .insert(cmd.place.platform, cmd.author.id.as_str());
        reply.text.push('\n');
        reply.text.push_str(&crate::tr!(lang, "legend"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A web picture takes a slot of the web's at once or is refused at once; the
    /// chat's board slots are never the web's, either way.
    #[tokio::test]
    async fn web_pictures_wait_briefly_and_never_take_the_chats_slots() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = crate::store::Store::open(&url).await.expect("opens");
        let service = crate::service::Service::new(
            store,
            super::super::ServiceConfig {
                web_pictures: 1,
                ..super::super::ServiceConfig::default()
            },
        );
        let held = std::sync::Arc::clone(&service.core.web_picture_slots)
            .try_acquire_owned()
            .expect("the web's slot");
        let asked = std::time::Instant::now();
        assert!(matches!(
            Pictures::new(&service.core).web_picture(|| 1).await,
            Err(ServiceError::PicturesBusy)
        ));
        assert!(
            asked.elapsed() >= WEB_PICTURE_WAIT,
            "it waited for the slot"
        );
        // A slot freed while it waits is taken.
        let freed = tokio::spawn(async move {
            tokio::time::sleep(WEB_PICTURE_WAIT / 4).await;
            drop(held);
        });
        assert_eq!(
            Pictures::new(&service.core)
                .web_picture(|| 4)
                .await
                .expect("the freed slot"),
            4
        );
        freed.await.expect("the holder ends");
        assert_eq!(
            Pictures::new(&service.core)
                .board_render(|| 2)
                .await
                .expect("the chat draws"),
            2
        );
        let chat = std::sync::Arc::clone(&service.core.board_slots);
        let all = u32::try_from(chat.available_permits()).expect("a few slots");
        let _taken = chat.acquire_many(all).await.expect("every chat slot");
        assert_eq!(
            Pictures::new(&service.core)
                .web_picture(|| 3)
                .await
                .expect("the web draws"),
            3
        );
    }
}
