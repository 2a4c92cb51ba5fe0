//! The port between the service and the web pages, read-only: what a page shows
//! and what `/healthz` and `/metrics` report, and nothing else. The web holds an
//! `Arc<dyn PagePort>`, so a page cannot play, write or reach the store: "pages
//! never write" holds by construction, not by care. Object-safe, like
//! [`super::ChatService`].

use super::{
    BoxFuture, GamePage, Gauges, PageBoard, PageEvaluation, PageStamp, PlacePage, Platform,
    PlayerPage, PuzzlePage, ServiceError, Speed,
};
use std::sync::Arc;

use super::core::Core;
use crate::service::cases::Delivery;
use crate::service::cases::Pages;

/// What the web pages may ask of the service.
pub trait PagePort: Send + Sync {
    /// What the page of the game at `slug` would be written for now.
    fn game_page_stamp<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PageStamp>, ServiceError>>;
    /// The page of the game at `slug`, showing the board after `ply` moves.
    fn game_page<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<GamePage>, ServiceError>>;
    /// The board picture of the game at `slug` after `ply` moves.
    fn page_board<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<PageBoard>, ServiceError>>;
    /// The evaluation graph of the game at `slug`, once reviewed.
    fn page_review_graph<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>>;
    /// The version of game `game_id`, or `None` once its page is gone.
    fn page_version(
        &self,
        game_id: crate::store::GameId,
    ) -> BoxFuture<'_, Result<Option<i64>, ServiceError>>;
    /// The games this process changes from now on, as they change (bounded: a
    /// reader that falls behind gets `Lagged` and skips ahead).
    fn game_changes(&self) -> tokio::sync::broadcast::Receiver<crate::store::GameId>;
    /// The engine's view of `game`'s position, a short search on the web's own
    /// engine slot ([`ServiceError::EngineBusy`] when it is taken); `None` when the
    /// game is over there.
    fn evaluate(
        &self,
        game: crate::rules::Game,
    ) -> BoxFuture<'_, Result<Option<PageEvaluation>, ServiceError>>;
    /// The page of place `key` on `platform`, ranked at `speed`, if public.
    fn place_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
        speed: Speed,
    ) -> BoxFuture<'a, Result<Option<PlacePage>, ServiceError>>;
    /// The page of the player at `slug`.
    fn player_page<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlayerPage>, ServiceError>>;
    /// The daily puzzle's page of place `key` on `platform`, if public.
    fn puzzle_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<PuzzlePage>, ServiceError>>;
    /// The daily puzzle's board picture of place `key` on `platform`, if public.
    fn puzzle_picture<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>>;
    /// Whether the database answers.
    fn database_reachable(&self) -> BoxFuture<'_, bool>;
    /// Whether `platform` is connected now.
    fn network_connected(&self, platform: Platform) -> bool;
    /// The gauges `/metrics` reports.
    fn gauges(&self) -> BoxFuture<'_, Result<Gauges, ServiceError>>;
}

/// The web's handle on the service: reads only (see [`super::Service::pages`]).
pub(super) struct WebReads {
    pub(super) core: Arc<Core>,
}

impl PagePort for WebReads {
    fn game_page_stamp<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PageStamp>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).game_page_stamp(slug).await })
    }

    fn game_page<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<GamePage>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).game_page(slug, ply).await })
    }

    fn page_board<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<PageBoard>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).page_board(slug, ply).await })
    }

    fn page_review_graph<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).page_review_graph(slug).await })
    }

    fn page_version(
        &self,
        game_id: crate::store::GameId,
    ) -> BoxFuture<'_, Result<Option<i64>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).page_version(game_id).await })
    }

    fn game_changes(&self) -> tokio::sync::broadcast::Receiver<crate::store::GameId> {
        self.core.games_changed.subscribe()
    }

    fn evaluate(
        &self,
        game: crate::rules::Game,
    ) -> BoxFuture<'_, Result<Option<PageEvaluation>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).evaluate(game).await })
    }

    fn place_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
        speed: Speed,
    ) -> BoxFuture<'a, Result<Option<PlacePage>, ServiceError>> {
        Box::pin(async move {
            Pages::new(&self.core)
                .place_page(platform, key, speed)
                .await
        })
    }

    fn player_page<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlayerPage>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).player_page(slug).await })
    }

    fn puzzle_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<PuzzlePage>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).puzzle_page(platform, key).await })
    }

    fn puzzle_picture<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>> {
        Box::pin(async move { Pages::new(&self.core).puzzle_picture(platform, key).await })
    }

    fn database_reachable(&self) -> BoxFuture<'_, bool> {
        Box::pin(async move { Delivery::new(&self.core).database_reachable().await })
    }

    fn network_connected(&self, platform: Platform) -> bool {
        Delivery::new(&self.core).network_connected(platform)
    }

    fn gauges(&self) -> BoxFuture<'_, Result<Gauges, ServiceError>> {
        Box::pin(async move { Delivery::new(&self.core).gauges().await })
    }
}
