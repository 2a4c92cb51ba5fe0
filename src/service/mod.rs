//! The platform-neutral heart of the bot: a [`Command`] in, a [`Reply`] out.
//! Challenges, turns, advice, ratings and history live here; the service never
//! knows which chat platform it serves.
//!
//! [`Service`] holds no lock and no game state of its own: everything is in the
//! [`Store`], and races between commands are settled by its transactions. Share it as
//! `Arc<Service>`.

mod action;
mod admins;
mod analysis;
mod apply;
mod archive;
mod bot;
mod challenges;
mod command;
mod conclude;
mod ending;
mod error;
mod games;
mod jobs;
mod lifecycle;
pub mod limits;
mod link;
mod listing;
mod moderation;
mod onlookers;
mod outbox;

mod leaderboard;
mod next_turn;
mod port;
pub mod puzzles;
mod replay;
mod reply;
mod scheduler;
mod settings;
mod status;
mod text;
mod tournaments;
mod view;

use std::{sync::Arc, time::Duration};

use tokio::sync::{watch, Semaphore};

use crate::play::{advice, clock, rating, tournament, when};

pub use action::{Action, AdminAction, ChallengeOptions, First, GameRef, Level, LinkCode};
pub use admins::Admins;
pub use clock::TimeControl;
pub use command::{Command, Place, Platform, Role, User};
pub use error::{generic_failure, ServiceError};
pub use games::end_as_stored;
pub use limits::{Caps, RateLimit};
pub use outbox::{Outgoing, Shards};
pub use port::{BoxFuture, ChatService, Receipt};
pub use reply::{Attachment, Button, ButtonAction, Reply};
pub use settings::KEYS as SETTING_KEYS;
pub use status::DiscordShards;
pub use tournaments::{Format, TournamentAction, TournamentError, TournamentOptions};

use crate::store::{Event, Store, StoreError};

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
        }
    }
}

/// The service's clock: Unix milliseconds that follow tokio's time, so tests can
/// pause and advance it (in production it is the wall clock from start-up on).
#[derive(Clone, Copy, Debug)]
struct TimeSource {
    base_ms: i64,
    start: tokio::time::Instant,
}

impl TimeSource {
    fn new() -> TimeSource {
        TimeSource {
            base_ms: crate::store::now_ms(),
            start: tokio::time::Instant::now(),
        }
    }

    fn now(self) -> i64 {
        let elapsed = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.base_ms.saturating_add(elapsed)
    }

    /// The instant of tokio's clock at which this clock reads `ms`, so a sleep until
    /// then holds however long the caller took between reading the time and sleeping.
    fn instant_at(self, ms: i64) -> tokio::time::Instant {
        let after = u64::try_from(ms.saturating_sub(self.base_ms)).unwrap_or(0);
        self.start + Duration::from_millis(after)
    }
}

/// The console chat's bot account (`@oware-bot`, `@oware` and `@bot` name it there).
pub const CONSOLE_BOT_ID: &str = "oware-bot";

/// Plays games for every chat adapter. Cheap to share as `Arc<Service>`.
#[derive(Debug)]
pub struct Service {
    store: Store,
    config: ServiceConfig,
    bots: bot::BotUsers,
    time: TimeSource,
    /// Bumped whenever a job is written: wakes the scheduler.
    jobs_changed: watch::Sender<u64>,
    /// Bumped whenever an outbox message is written: wakes the deliverers.
    outbox_changed: watch::Sender<u64>,
    /// Engine searches running at once.
    engine_slots: Arc<Semaphore>,
    /// Heavy renders (replay GIFs, charts) running at once.
    heavy_slots: Arc<Semaphore>,
    /// Analyses running at once: one core fewer than the engine's, so live games
    /// always have a core.
    analysis_slots: Arc<Semaphore>,
    /// Whether puzzles are being generated.
    refilling: std::sync::atomic::AtomicBool,
    /// Each user's command rate.
    rates: limits::Rates,
    /// The Discord shards this process runs, for `/oware status`.
    discord_shards: std::sync::RwLock<DiscordShards>,
    /// The engine: its endgame tables and kept searchers.
    engine: Arc<crate::engine::Engine>,
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
        let bots = bot::BotUsers::default();
        let engine_slots = Arc::new(Semaphore::new(config.engine_threads.max(1)));
        let heavy_slots = Arc::new(Semaphore::new(config.engine_threads.max(1)));
        let rates = limits::Rates::new(config.rates);
        let analysis_slots = Arc::new(Semaphore::new(config.engine_threads.max(2) - 1));
        // The console chat's bot needs no login to know itself.
        let service = Service {
            store,
            config,
            bots,
            time: TimeSource::new(),
            jobs_changed: watch::Sender::new(0),
            outbox_changed: watch::Sender::new(0),
            engine_slots,
            heavy_slots,
            analysis_slots,
            refilling: std::sync::atomic::AtomicBool::new(false),
            rates,
            discord_shards: std::sync::RwLock::new(DiscordShards::NotRunning),
            engine,
        };
        service.register_bot_user(Platform::Console, CONSOLE_BOT_ID);
        service
    }

    /// The engine the service plays and analyses with.
    #[must_use]
    pub fn engine(&self) -> &Arc<crate::engine::Engine> {
        &self.engine
    }

    /// Now, in Unix milliseconds, on the service's clock (tokio's time).
    #[must_use]
    pub fn now(&self) -> i64 {
        self.time.now()
    }

    /// The instant of tokio's clock at which [`Service::now`] reads `ms`.
    fn instant_at(&self, ms: i64) -> tokio::time::Instant {
        self.time.instant_at(ms)
    }

    /// Commands dropped so far for going over the rate (after the one refusal).
    #[must_use]
    pub fn dropped_commands(&self) -> u64 {
        self.rates.dropped()
    }

    /// The store (for tools and tests that inspect it).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Handles one command. Never fails: refusals become private replies that say
    /// what to do instead; internal failures are logged and answered with
    /// [`generic_failure`]. The reply says where it goes ([`Reply::thread`]) and in
    /// which language ([`Reply::language`]), resolved here once.
    ///
    /// Names are cleaned first and the author's role completed (owners, the
    /// console's admin), and a user over the command rate is told once to slow down;
    /// further commands in that window get an empty reply (send nothing).
    ///
    /// A command carrying its event ([`Command::from_event`]) is handled exactly
    /// once: the event is recorded in the transaction that stores the command's
    /// effect (see [`crate::store::Claim`]), or once answered for a command without
    /// one; an event handled before gets an empty reply (send nothing) and changes
    /// nothing.
    pub async fn handle(&self, cmd: Command) -> Reply {
        let language = self
            .language_at(cmd.place.platform.as_str(), settings::scope(&cmd.place))
            .await;
        let place_thread = cmd.place.thread.clone();
        let mut reply = match cmd.event.clone() {
            Some(event) => {
                crate::i18n::in_language(language.clone(), self.handle_once(&event, cmd)).await
            }
            None => crate::i18n::in_language(language.clone(), self.handle_here(cmd)).await,
        };
        reply.language = language;
        // Adapters post a public reply about a game in its thread, unless the command
        // was typed in a thread; the reply built from the game's row says where.
        let routed = !reply.private && place_thread.is_none() && reply.thread.is_none();
        if let Some(game) = reply.game.filter(|_| routed) {
            reply.thread = self.game_thread(game).await.unwrap_or_else(|err| {
                tracing::error!(game, error = %err, "could not read the game's thread");
                None
            });
        }
        reply
    }

    /// [`Service::handle`] for the command carried by event `event_id` on the
    /// command's platform (a Matrix event id), which the platform may deliver again.
    pub async fn handle_event(&self, event_id: &str, cmd: Command) -> Reply {
        self.handle(cmd.from_event(event_id)).await
    }

    /// The language of the bot's messages at `place` on `platform` (English when the
    /// settings cannot be read).
    pub(crate) async fn language_at(&self, platform: &str, place: &str) -> crate::i18n::Language {
        match self.store.settings(platform, place).await {
            Ok(row) => settings::Settings::from_row(row).language(),
            Err(err) => {
                tracing::warn!(error = %err, "cannot read a place's language; using English");
                crate::i18n::Language::english()
            }
        }
    }

    async fn handle_here(&self, cmd: Command) -> Reply {
        let cmd = self.config.admins.recognise(limits::clean(cmd));
        match self.rates.check(cmd.place.platform, &cmd.author.id) {
            limits::Verdict::Allowed => {}
            limits::Verdict::Refuse(wait) => {
                return Reply::private(crate::tr!(
                    "limits-too-fast",
                    seconds = wait.as_secs().max(1)
                ))
            }
            limits::Verdict::Drop => return Reply::default(),
        }
        match self.dispatch(&cmd).await {
            Ok(reply) => reply,
            Err(ServiceError::Db(StoreError::Replayed)) => {
                tracing::info!(
                    platform = cmd.place.platform.as_str(),
                    channel = %cmd.place.channel,
                    "event handled before: ignored"
                );
                Reply::default()
            }
            Err(err) => {
                if err.is_internal() {
                    tracing::error!(
                        error = %err,
                        platform = cmd.place.platform.as_str(),
                        channel = %cmd.place.channel,
                        action = ?cmd.action,
                        "command failed"
                    );
                }
                Reply::private(err.user_message())
            }
        }
    }

    /// Handles `cmd`, carried by `event`, unless the event was handled before.
    async fn handle_once(&self, event: &Event, cmd: Command) -> Reply {
        let (platform, event_id) = (event.platform(), event.id());
        match self.store.event_handled(platform, event_id).await {
            Ok(false) => {}
            Ok(true) => {
                tracing::info!(platform, event_id, "event handled before: ignored");
                return Reply::default();
            }
            Err(err) => {
                tracing::error!(error = %err, platform, event_id, "cannot read the inbox");
                return Reply::private(generic_failure());
            }
        }
        let reply = self.handle_here(cmd).await;
        // A write of the command recorded the event (and it stands, unless that
        // write rolled back: record it again); a command without a write is
        // recorded now that it is answered, and answered only by the handling that
        // records it.
        match self.store.record_event(event).await {
            Ok(recorded) if recorded || event.was_claimed() => reply,
            Ok(_) => {
                tracing::info!(platform, event_id, "event handled meanwhile: ignored");
                Reply::default()
            }
            Err(err) => {
                tracing::error!(error = %err, platform, event_id, "cannot record the event");
                reply
            }
        }
    }

    /// Ties `game_id` to the thread an adapter opened for it (after a reply asked for
    /// one with [`Reply::open_thread`]): later commands in that thread mean that game.
    /// The thread id is `place.thread`, or `place.channel` when the platform models
    /// threads as channels and leaves `thread` empty.
    ///
    /// # Errors
    /// [`ServiceError::NoSuchGame`] for an unknown game; database failures.
    pub async fn set_thread(&self, game_id: i64, place: &Place) -> Result<(), ServiceError> {
        let thread = place.thread.as_deref().unwrap_or(&place.channel);
        match self.store.game(game_id).await? {
            Some(row) if place.holds(&row.platform, row.space.as_deref(), &row.channel) => {
                self.store.set_thread(game_id, thread).await?;
                Ok(())
            }
            _ => Err(ServiceError::NoSuchGame(game_id)),
        }
    }

    /// The direct-message room recorded for `user_id` on `platform` (where their
    /// private replies go), if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn dm_room(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<String>, ServiceError> {
        Ok(self.store.dm_room(platform.as_str(), user_id).await?)
    }

    /// Records the direct-message room an adapter opened with `user_id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_dm_room(
        &self,
        platform: Platform,
        user_id: &str,
        room: &str,
    ) -> Result<(), ServiceError> {
        Ok(self
            .store
            .set_dm_room(platform.as_str(), user_id, room)
            .await?)
    }

    /// Where `game_id`'s thread is (its channel and thread id), when an adapter
    /// recorded one with [`Service::set_thread`]; `None` for an unknown game or one
    /// without a thread.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_thread(&self, game_id: i64) -> Result<Option<Place>, ServiceError> {
        Ok(self
            .store
            .game(game_id)
            .await?
            .and_then(|row| view::thread_of(&row)))
    }

    async fn dispatch(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        match &cmd.action {
            Action::Play { opponent, options } => self.play(cmd, opponent, options).await,
            Action::Accept { challenge } => self.accept(cmd, *challenge).await,
            Action::Decline { challenge } => self.decline(cmd, *challenge).await,
            Action::Cancel { challenge } => self.cancel(cmd, *challenge).await,
            Action::Move { pit, game, ply } => self.play_move(cmd, pit, *game, *ply).await,
            Action::Board { game } => self.board(cmd, *game).await,
            Action::Resign { game } => self.resign(cmd, *game).await,
            Action::End { game } => self.end(cmd, *game).await,
            Action::Games => self.games(cmd).await,
            Action::Rules => Ok(Reply::private(text::rules())),
            Action::Help => Ok(Reply::private(text::help())),
            Action::Status => self.status(cmd).await,
            Action::Settings { changes } => self.settings(cmd, changes).await,
            Action::Advise { pit, game } => self.advise(cmd, pit, *game).await,
            Action::Leaderboard { global, page } => self.leaderboard(cmd, *global, *page).await,
            Action::Stats { user } => self.stats(cmd, user.as_ref()).await,
            Action::History { user } => self.history(cmd, user.as_ref()).await,
            Action::Replay { game } => self.replay(cmd, *game).await,
            Action::Link { code } => self.link(cmd, code.as_ref()).await,
            Action::Abort { game } => self.abort(cmd, *game).await,
            Action::Rematch { game } => self.rematch(cmd, *game).await,
            Action::Reissue { challenge } => self.reissue(cmd, *challenge).await,
            Action::Analyse { game } => self.analyse(cmd, *game).await,
            Action::Advisers { global } => self.advisers(cmd, *global).await,
            Action::Puzzle { daily } => self.puzzle(cmd, *daily).await,
            Action::Solve { pit, puzzle } => self.solve(cmd, pit, *puzzle).await,
            Action::Admin(admin) => self.admin(cmd, admin).await,
            Action::Report { game, reason } => self.report(cmd, *game, reason).await,
            Action::Tournament(action) => self.tournament(cmd, action).await,
        }
    }
}
