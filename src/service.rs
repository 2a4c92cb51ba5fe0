//! The platform-neutral heart of the bot: a [`Command`] in, a [`Reply`] out.
//! Challenges, turns, advice, ratings and history live here; the service never
//! knows which chat platform it serves.
//!
//! [`Service`] holds no game state of its own: everything is in the [`Store`], and
//! races between commands are settled by its transactions. What it does hold in
//! memory is bounded and never decides a game: caches (settings, pictures), rates,
//! slots, and short `std::sync` locks (never held across an `.await`) over what the
//! adapters report (networks.rs: Discord's shards, which networks are reachable). Share it as
//! `Arc<Service>`.

mod action;
mod admins;
mod analysis;
mod archive;
pub mod authority;
mod board;
mod bot;
mod cases;
mod challenges;
mod command;
mod conclude;
mod core;
mod dispatch;
mod downtime;
mod ended;
mod ending;
mod engine_pool;
mod error;
mod export;
mod finish;
mod forget;
mod games;
mod jobs;
mod learn;
pub mod limits;
mod link;
mod links;
mod listing;
mod moderation;
mod moves;
mod onlookers;
mod operations;
mod ops;
mod outbox;
mod page_engine;
mod page_players;
mod pages;
mod pictures;
mod place_page;
mod player_page;
mod proposals;
mod takeback;

mod history;
mod leaderboard;
mod networks;
mod next_turn;
mod page_port;
mod port;
pub mod puzzles;
mod recipe;
mod replay;
mod reply;
mod retention;
mod rooms;
mod scheduler;
mod session_port;
mod settings;
mod signin;
mod start;
mod status;
mod text;
mod tournaments;
mod vacation;
mod view;
mod web_play;
mod web_start;

use std::{sync::Arc, time::Duration};

use tokio::sync::{watch, Semaphore};

use crate::play::{advice, clock, rating, tournament, when};

pub use crate::store::{ChallengeId, DeliveryFailure, GameId, IdentityId, PlayerId, TournamentId};
pub use action::{
    Action, AdminAction, Audience, BanLength, ChallengeOptions, First, GameRef, Level, LinkCode,
};
pub use admins::{Admins, Owner};
pub use analysis::{PageReview, ReviewNote};
pub use clock::{Speed, TimeControl};
pub use command::{Command, Place, Platform, Role, User};
pub use error::{generic_failure, ServiceError};
pub use games::end_as_stored;
pub use limits::{Caps, RateLimit};
pub use operations::Gauges;
pub use ops::Ops;
pub use outbox::{Outgoing, Shards};
pub use page_engine::{PageEvaluation, PAGE_EVALUATION_NODES};
pub use page_players::PagePlayer;
pub use page_port::PagePort;
pub use pages::{GamePage, PageBoard, PageStamp};
pub use place_page::{path_segment, ChallengeOffer, LiveGame, PlacePage, Standing};
pub use player_page::{PlayerGame, PlayerPage, PlayerResult};
pub use port::{BoxFuture, ChatService, Receipt};
pub use puzzles::{DailyPuzzle, PuzzlePage};
pub use reply::{Attachment, Button, ButtonAction, Moment, PlaceLink, Reply};
pub use retention::Pruned;
pub use session_port::{
    MoveOutcome, PlaceVisit, SessionPort, SignedIn, StartOutcome, StartWhat, WebAct, WebDeed,
    WebMove, WebSession, WebStart,
};
pub use settings::KEYS as SETTING_KEYS;
pub use signin::{SESSIONS_PER_PERSON, SESSION_TTL_MS, SIGNIN_TTL_MS};
pub use status::DiscordShards;
pub use tournaments::{
    Format, RoundBoard, TournamentAction, TournamentError, TournamentOptions, TournamentSummary,
};
pub use vacation::{VacationRequest, ALLOWANCE_DAYS as VACATION_DAYS};

use crate::store::Store;

/// The service's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceConfig {
    /// How long a challenge waits for an answer.
    pub challenge_ttl: Duration,
    /// How long a `/oware link` code stays valid.
    pub link_ttl: Duration,
    /// How many engine searches may run at once (the rest queue).
    pub engine_threads: usize,
    /// A game against the engine is aborted after this long without a human move.
    pub engine_idle: Duration,
    /// Each user's command rate on `[console, Discord, Matrix]` (`None`: unlimited).
    pub rates: [Option<RateLimit>; 3],
    /// What one user (and everyone) may have open at once.
    pub caps: Caps,
    /// The analysis's node budget per position (see `engine::analysis`).
    pub analysis_nodes: u64,
    /// The bot's owners and the console's admin (the platforms' own admins come
    /// with each command).
    pub admins: Admins,
    /// How long sent outbox messages and handled inbox events are kept (see
    /// `retention`).
    pub retention: Duration,
    /// The web pages' public base address (`WEB_PUBLIC_URL`): messages link to game
    /// pages when set.
    pub web_url: Option<String>,
    /// Pictures drawn for the web at once (`WEB_PICTURES`), on slots of their own.
    pub web_pictures: usize,
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            challenge_ttl: Duration::from_secs(600),
            link_ttl: Duration::from_secs(600),
            engine_threads: std::thread::available_parallelism().map_or(2, usize::from),
            engine_idle: Duration::from_secs(7 * 24 * 3600),
            rates: [None, Some(RateLimit::CHAT), Some(RateLimit::CHAT)],
            caps: Caps::default(),
            analysis_nodes: crate::engine::analysis::NODES_PER_POSITION,
            admins: Admins::default(),
            retention: Duration::from_secs(30 * 24 * 3600),
            web_url: None,
            web_pictures: 1,
        }
    }
}

/// The console chat's bot account (`@oware-bot`, `@oware` and `@bot` name it there).
pub const CONSOLE_BOT_ID: &str = "oware-bot";

/// Plays games for every chat adapter: the wiring of the use cases over their
/// shared [`core::Core`]. Cheap to share as `Arc<Service>`.
#[derive(Debug)]
pub struct Service {
    core: Arc<core::Core>,
}

impl Service {
    /// A service over an opened store, with an engine of its own (no tables until
    /// some are installed in [`Service::engine`]).
    #[must_use]
    pub fn new(store: Store, config: ServiceConfig) -> Service {
        Service::with_engine(store, config, Arc::new(crate::engine::Engine::new()))
    }

    /// A service over an opened store that plays with `engine` (which a background
    /// build may give larger tables later).
    #[must_use]
    pub fn with_engine(
        store: Store,
        config: ServiceConfig,
        engine: Arc<crate::engine::Engine>,
    ) -> Service {
        let bots = core::BotUsers::default();
        let engine_slots = engine_pool::EnginePool::new(config.engine_threads);
        let heavy_slots = Arc::new(Semaphore::new(config.engine_threads.max(1)));
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let board_slots = Arc::new(Semaphore::new(cores));
        let rates = limits::Rates::new(config.rates);
        let analysis_slots = Arc::new(Semaphore::new(config.engine_threads.max(2) - 1));
        let web_picture_slots = Arc::new(Semaphore::new(config.web_pictures.max(1)));
        // The console chat's bot needs no login to know itself.
        let service = Service {
            core: Arc::new(core::Core {
                page_reads: store.for_pages(),
                store,
                config,
                bots,
                time: core::TimeSource::new(),
                jobs_changed: watch::Sender::new(0),
                outbox_changed: watch::Sender::new(0),
                games_changed: tokio::sync::broadcast::Sender::new(core::GAME_CHANGES),
                engine_slots,
                heavy_slots,
                board_slots,
                web_picture_slots,
                web_engine_slots: Arc::new(Semaphore::new(1)),
                web_pictures: core::WebPictures::new(),
                analysis_slots,
                refilling: std::sync::atomic::AtomicBool::new(false),
                rates,
                engine,
                settings_cache: settings::cache::Cache::default(),
                background: core::Background::default(),
                networks: networks::Networks::default(),
                legend_seen: core::Seen::default(),
            }),
        };
        service
            .ops()
            .register_bot_user(Platform::Console, CONSOLE_BOT_ID);
        service
    }

    /// The engine the service plays and analyses with.
    #[must_use]
    pub fn engine(&self) -> &Arc<crate::engine::Engine> {
        &self.core.engine
    }

    /// Now, in Unix milliseconds, on the service's clock (tokio's time).
    #[must_use]
    pub fn now(&self) -> i64 {
        self.core.now()
    }

    /// Handles one command (see `dispatch.rs`): never fails; refusals become private
    /// replies that say what to do instead.
    pub async fn handle(&self, cmd: Command) -> Reply {
        cases::Dispatch::new(&self.core).handle(cmd).await
    }

    /// Handles `cmd` exactly once for `event_id`, the id its platform gave the
    /// event (a Matrix event id), which the platform may deliver again.
    pub async fn handle_event(&self, event_id: &str, cmd: Command) -> Reply {
        self.handle(cmd.from_event(event_id)).await
    }

    /// Starts the scheduler as a background task: once per process. From this call
    /// on, commands wait until the time the bot was away has been credited to the
    /// clocks. It stops itself when [`Service::stop`] is called.
    pub fn start_scheduler(&self) {
        self.core
            .background
            .start_scheduler(cases::Scheduler::run_scheduler(Arc::clone(&self.core)));
    }

    /// Stops the background tasks and waits (up to 10 s) until they have ended: call
    /// it before closing the store.
    pub async fn stop(&self) {
        self.core.background.stop().await;
    }

    /// The web pages' read-only handle: a page cannot play, write or reach the store.
    #[must_use]
    pub fn pages(&self) -> Arc<dyn PagePort> {
        Arc::new(page_port::WebReads {
            core: Arc::clone(&self.core),
        })
    }

    /// The web's handle on a signed-in person's session and moves (see
    /// [`SessionPort`]): it cannot reach the store or any other use case.
    #[must_use]
    pub fn sessions(&self) -> Arc<dyn SessionPort> {
        Arc::new(session_port::WebSessions {
            core: Arc::clone(&self.core),
        })
    }

    /// What the command line, an operator and the tests drive directly.
    #[must_use]
    pub fn ops(&self) -> Ops<'_> {
        Ops { core: &self.core }
    }

    /// Commands dropped so far for going over the rate (after the one refusal).
    #[must_use]
    pub fn dropped_commands(&self) -> u64 {
        self.core.rates.dropped()
    }
}
