//! Pictures: drawing boards, charts and replays off the async workers, on slots that
//! bound how many run at once, with the chat's slots apart from the web's.

use crate::service::cases::Pictures;

use super::ServiceError;

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

    /// Draws a picture for the web on the web's own slots if one is free now, else
    /// [`ServiceError::PicturesBusy`] at once: a flood of web pictures never queues
    /// on the chat's board slots, and waits nowhere.
    pub(super) async fn web_picture<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let Ok(permit) = std::sync::Arc::clone(&self.core.web_picture_slots).try_acquire_owned()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A web picture takes a slot of the web's at once or is refused at once; the
    /// chat's board slots are never the web's, either way.
    #[tokio::test]
    async fn web_pictures_never_wait_and_never_take_the_chats_slots() {
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
        assert!(matches!(
            Pictures::new(&service.core).web_picture(|| 1).await,
            Err(ServiceError::PicturesBusy)
        ));
        assert_eq!(
            Pictures::new(&service.core)
                .board_render(|| 2)
                .await
                .expect("the chat draws"),
            2
        );
        drop(held);
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
