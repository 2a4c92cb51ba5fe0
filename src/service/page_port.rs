//! The port between the service and the web pages, read-only: what a page shows
//! and what `/healthz` and `/metrics` report, and nothing else. The web holds an
//! `Arc<dyn PagePort>`, so a page cannot play, write or reach the store: "pages
//! never write" holds by construction, not by care. Object-safe, like
//! [`super::ChatService`].

use super::{
    BoxFuture, GamePage, Gauges, PageBoard, PageStamp, PlacePage, Platform, PlayerPage, PuzzlePage,
    Service, ServiceError, Speed,
};

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
    fn page_version(&self, game_id: i64) -> BoxFuture<'_, Result<Option<i64>, ServiceError>>;
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

impl PagePort for Service {
    fn game_page_stamp<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PageStamp>, ServiceError>> {
        Box::pin(Service::game_page_stamp(self, slug))
    }

    fn game_page<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<GamePage>, ServiceError>> {
        Box::pin(Service::game_page(self, slug, ply))
    }

    fn page_board<'a>(
        &'a self,
        slug: &'a str,
        ply: Option<i64>,
    ) -> BoxFuture<'a, Result<Option<PageBoard>, ServiceError>> {
        Box::pin(Service::page_board(self, slug, ply))
    }

    fn page_review_graph<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>> {
        Box::pin(Service::page_review_graph(self, slug))
    }

    fn page_version(&self, game_id: i64) -> BoxFuture<'_, Result<Option<i64>, ServiceError>> {
        Box::pin(Service::page_version(self, game_id))
    }

    fn place_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
        speed: Speed,
    ) -> BoxFuture<'a, Result<Option<PlacePage>, ServiceError>> {
        Box::pin(Service::place_page(self, platform, key, speed))
    }

    fn player_page<'a>(
        &'a self,
        slug: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlayerPage>, ServiceError>> {
        Box::pin(Service::player_page(self, slug))
    }

    fn puzzle_page<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<PuzzlePage>, ServiceError>> {
        Box::pin(Service::puzzle_page(self, platform, key))
    }

    fn puzzle_picture<'a>(
        &'a self,
        platform: &'a str,
        key: &'a str,
    ) -> BoxFuture<'a, Result<Option<Vec<u8>>, ServiceError>> {
        Box::pin(Service::puzzle_picture(self, platform, key))
    }

    fn database_reachable(&self) -> BoxFuture<'_, bool> {
        Box::pin(Service::database_reachable(self))
    }

    fn network_connected(&self, platform: Platform) -> bool {
        Service::network_connected(self, platform)
    }

    fn gauges(&self) -> BoxFuture<'_, Result<Gauges, ServiceError>> {
        Box::pin(Service::gauges(self))
    }
}
