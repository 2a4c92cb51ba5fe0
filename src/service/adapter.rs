//! [`Service`] as the adapters see it: the [`ChatService`] trait of `chat/`.

use std::future::Future;

use super::{Command, Place, Platform, Reply, Service, User};
use crate::chat::ChatService;

impl ChatService for Service {
    fn handle(&self, cmd: Command) -> impl Future<Output = Reply> + Send {
        Service::handle(self, cmd)
    }

    async fn set_thread(&self, game: i64, thread: Place) {
        if let Err(err) = Service::set_thread(self, game, &thread).await {
            tracing::error!(game, error = %err, "could not record the game's thread");
        }
    }

    fn move_choices(&self, place: Place, author: User) -> impl Future<Output = Vec<char>> + Send {
        Service::move_choices(self, place, author)
    }

    fn register_bot_user(&self, platform: Platform, user_id: &str) {
        Service::register_bot_user(self, platform, user_id);
    }
}
