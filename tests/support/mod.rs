//! Helpers for the service, store and console tests: a service on a fresh database
//! (an SQLite file, or with `OWARE_TEST_DATABASE=postgres` a new database on the
//! PostgreSQL server at `OWARE_TEST_POSTGRES_URL`), commands from named console
//! users, and a short game that ends with a 25+ win.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

use oware_bot::service::GameId;
use oware_bot::{
    rules::{EndReason, Game, Pit, Variant},
    service::{
        Action, ChallengeOptions, Command, Place, Platform, Reply, Service, ServiceConfig, User,
    },
    store::Store,
};
use tempfile::TempDir;

pub mod pseudo;
pub mod state;

/// A fresh database: an SQLite file in its own temporary directory, or a new
/// PostgreSQL database when `OWARE_TEST_DATABASE=postgres`.
pub struct TempDb {
    /// Keeps the directory alive.
    pub dir: TempDir,
    /// `sqlite://…` URL of the file, or `postgres://…` of the database.
    pub url: String,
    /// The store the last service opened here works on.
    store: std::sync::Mutex<Option<Store>>,
}

impl TempDb {
    pub fn new() -> TempDb {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = match std::env::var("OWARE_TEST_DATABASE").as_deref() {
            Ok("postgres") => postgres_database(),
            Ok("sqlite") | Err(_) => format!("sqlite://{}", dir.path().join("oware.db").display()),
            Ok(other) => panic!("OWARE_TEST_DATABASE is `sqlite` or `postgres`, not `{other}`"),
        };
        TempDb {
            dir,
            url,
            store: std::sync::Mutex::new(None),
        }
    }

    /// Opens a service over this file, with no command rate (tests send commands as
    /// fast as they can; the unit tests of `service::limits` test the rate).
    pub async fn service(&self) -> Service {
        self.service_with(ServiceConfig {
            rates: [None; 3],
            ..ServiceConfig::default()
        })
        .await
    }

    /// Opens the store over this file and a service on it; [`TempDb::store`] is then
    /// that store.
    pub async fn service_with(&self, config: ServiceConfig) -> Service {
        let store = Store::open(&self.url).await.expect("the store opens");
        *self.store.lock().expect("not poisoned") = Some(store.clone());
        Service::new(store, config)
    }

    /// The store the last service opened here ([`TempDb::service_with`]) works on (a
    /// clone, sharing its pools), for tests that look into the database.
    pub fn store(&self) -> Store {
        self.store
            .lock()
            .expect("not poisoned")
            .clone()
            .expect("a service is open on this database")
    }

    /// Game `id` as stored; it must exist.
    #[allow(dead_code)] // not every test binary reads games
    pub async fn game(&self, id: GameId) -> oware_bot::store::GameRow {
        self.store()
            .games()
            .game(id)
            .await
            .expect("the store answers")
            .unwrap_or_else(|| panic!("no game #{id}"))
    }

    /// The number `sql` (a `SELECT count(*) …`) reads from this database, over a
    /// connection of its own.
    #[allow(dead_code)] // not every test binary counts rows
    pub async fn count(&self, sql: &str) -> i64 {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&self.url)
            .await
            .expect("a connection");
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(&mut conn)
            .await
            .expect("a count")
    }
}

impl TempDb {
    /// Runs `sql` (no result) on this database, over a connection of its own: for
    /// tests that set up rows the commands cannot make, or break a table.
    pub async fn execute(&self, sql: &str) {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&self.url)
            .await
            .expect("a connection");
        sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
            .execute(&mut conn)
            .await
            .expect("the statement runs");
    }
}

/// Creates a database with a unique name on the server at `OWARE_TEST_POSTGRES_URL`
/// (see `tools/postgres.sh`) and returns its URL. Runs on a thread of its own, so it
/// works inside and outside a runtime.
pub fn postgres_database() -> String {
    use sqlx::{Connection, Executor};
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let server = std::env::var("OWARE_TEST_POSTGRES_URL")
        .expect("OWARE_TEST_POSTGRES_URL (start a server with tools/postgres.sh start DIR)");
    let name = format!(
        "t{}_{}_{}",
        std::process::id(),
        COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .subsec_nanos()
    );
    let base = server
        .rsplit_once('/')
        .expect("a database in the URL")
        .0
        .to_owned();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let mut conn = sqlx::PgConnection::connect(&server)
                .await
                .expect("the PostgreSQL server answers");
            conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .await
                .expect("a new database");
        });
        format!("{base}/{name}")
    })
    .join()
    .expect("the database is made")
}

pub fn user(name: &str) -> User {
    User {
        id: name.to_lowercase(),
        name: name.to_owned(),
        is_bot: false,
    }
}

pub fn place() -> Place {
    Place {
        platform: Platform::Console,
        space: None,
        channel: "console".to_owned(),
        thread: None,
    }
}

pub fn cmd(author: &str, action: Action) -> Command {
    Command::new(place(), user(author), action)
}

pub fn mv(pit: &str) -> Action {
    Action::Move {
        pit: pit.parse().expect("a pit letter"),
        game: None,
        ply: None,
    }
}

/// `/oware board` (of `game`, else the game here), showing the position now.
pub fn board(game: Option<GameId>) -> Action {
    Action::Board { game, after: None }
}

/// A typed move in game `game`.
pub fn mv_in(pit: &str, game: GameId) -> Action {
    Action::Move {
        pit: pit.parse().expect("a pit letter"),
        game: Some(game),
        ply: None,
    }
}

pub fn play(opponent: &str) -> Action {
    Action::Play {
        opponent: user(opponent),
        options: ChallengeOptions::default(),
    }
}

/// Alice challenges Bob and Bob accepts (Alice is South); returns the game id.
pub async fn start_game(service: &Service) -> GameId {
    let reply = service.handle(cmd("alice", play("bob"))).await;
    assert!(!reply.private, "challenge refused: {}", reply.text);
    let reply = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(!reply.private, "accept refused: {}", reply.text);
    reply.game.expect("the accept reply names the game")
}

/// `author` challenges the engine (easy level, casual, `author` South), and the
/// game starts at once; returns its id.
pub async fn start_engine_game(service: &Service, author: &str) -> GameId {
    let bot = User {
        id: "oware-bot".to_owned(),
        name: "oware-bot".to_owned(),
        is_bot: true,
    };
    let options = ChallengeOptions {
        level: Some(oware_bot::engine::Level::Easy),
        ..ChallengeOptions::default()
    };
    let start = service
        .handle(cmd(
            author,
            Action::Play {
                opponent: bot,
                options,
            },
        ))
        .await;
    start.game.expect("a game against the engine")
}

/// Whether game `game` is still being played, as stored.
pub async fn active(store: &Store, game: GameId) -> bool {
    store
        .games()
        .game(game)
        .await
        .expect("the store answers")
        .expect("the game exists")
        .is_active()
}

/// Whether a reply is a refusal (private) rather than an applied command.
pub fn refused(reply: &Reply) -> bool {
    reply.private
}

/// A short game that ends with one side reaching 25: South plays greedily (most seeds
/// captured, then the first such pit); North plays a fixed pseudo-random policy, tried
/// with several seeds until one gives a 25+ win.
pub fn winning_line() -> Vec<Pit> {
    for seed in 1u64..500 {
        let mut game = Game::new(Variant::Abapa);
        let mut state = seed;
        while !game.is_over() && game.plies().len() < 300 {
            let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
            let pit = if game.plies().len().is_multiple_of(2) {
                *legal
                    .iter()
                    .max_by_key(|&&p| {
                        let mut g = game.clone();
                        (
                            g.play(p).map(|ply| ply.effect.captured).unwrap_or(0),
                            std::cmp::Reverse(p.index()),
                        )
                    })
                    .expect("a legal move")
            } else {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                legal[(state >> 33) as usize % legal.len()]
            };
            game.play(pit).expect("legal");
        }
        if game
            .outcome()
            .is_some_and(|o| o.reason == EndReason::WinningScore)
        {
            return game.moves().collect();
        }
    }
    panic!("no winning line found");
}

/// A place on `platform` in server `space` (if any).
pub fn place_at(platform: Platform, space: Option<&str>, channel: &str) -> Place {
    Place {
        platform,
        space: space.map(str::to_owned),
        channel: channel.to_owned(),
        thread: None,
    }
}

/// A command from `author` at `place`.
pub fn cmd_at(place: &Place, author: &str, action: Action) -> Command {
    Command::new(place.clone(), user(author), action)
}

/// `south` challenges `north` at `place` with `options` and `north` accepts; returns
/// the game id. The challenger plays South.
pub async fn start_game_at(
    service: &Service,
    place: &Place,
    south: &str,
    north: &str,
    options: ChallengeOptions,
) -> GameId {
    let reply = service
        .handle(cmd_at(
            place,
            south,
            Action::Play {
                opponent: user(north),
                options,
            },
        ))
        .await;
    assert!(!reply.private, "challenge refused: {}", reply.text);
    let reply = service
        .handle(cmd_at(place, north, Action::Accept { challenge: None }))
        .await;
    assert!(!reply.private, "accept refused: {}", reply.text);
    reply.game.expect("the accept reply names the game")
}

/// Plays `plies` moves of game `game` (each the first legal pit), alternating
/// `south` and `north`; returns the last reply.
pub async fn play_plies(
    service: &Service,
    place: &Place,
    game: GameId,
    [south, north]: [&str; 2],
    plies: usize,
) -> Reply {
    let mut local = Game::new(Variant::Abapa);
    let mut last = None;
    for i in 0..plies {
        let pit = local
            .legal_moves()
            .into_iter()
            .next()
            .expect("a legal move");
        local.play(pit).expect("legal");
        let author = if i % 2 == 0 { south } else { north };
        let reply = service
            .handle(cmd_at(
                place,
                author,
                Action::Move {
                    pit: oware_bot::rules::Typed::of(pit),
                    game: Some(game),
                    ply: None,
                },
            ))
            .await;
        assert!(!reply.private, "ply {}: {}", i + 1, reply.text);
        last = Some(reply);
    }
    last.expect("at least one ply")
}

/// A rated game at `place` that `winner` (South) wins after ten plies when `loser`
/// resigns; returns the game id and the resignation reply.
pub async fn rated_win(
    service: &Service,
    place: &Place,
    winner: &str,
    loser: &str,
) -> (i64, Reply) {
    let game = start_game_at(service, place, winner, loser, ChallengeOptions::default()).await;
    play_plies(service, place, game, [winner, loser], 10).await;
    let reply = service
        .handle(cmd_at(
            place,
            loser,
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert!(!reply.private, "resign refused: {}", reply.text);
    (game.get(), reply)
}

/// Pauses tokio's clock for a test that moves time itself, with a task that only
/// yields: the runtime is then never idle, so the paused clock does not jump ahead
/// by itself while a query waits on the database's threads.
/// Options for a game with time control `time` (`1m`, `4h`, `5+3`).
pub fn timed(time: &str) -> ChallengeOptions {
    ChallengeOptions {
        time: Some(time.parse().expect("a time control")),
        ..ChallengeOptions::default()
    }
}

/// A service on a fresh database, then tokio's clock paused (see [`pause_clock`]):
/// it only moves when a test advances it.
pub async fn paused_service() -> (TempDb, std::sync::Arc<Service>) {
    let db = TempDb::new();
    let service = std::sync::Arc::new(db.service().await);
    pause_clock();
    (db, service)
}

pub fn pause_clock() {
    tokio::time::pause();
    tokio::spawn(async {
        loop {
            tokio::task::yield_now().await;
        }
    });
}

/// Runs what is due, and returns the messages the bot sent unprompted on the
/// console, marking them sent.
pub async fn due(service: &std::sync::Arc<Service>) -> Vec<oware_bot::service::Outgoing> {
    service.ops().run_due_jobs().await;
    let sent = service
        .ops()
        .unsent(oware_bot::service::Platform::Console, None)
        .await;
    for message in &sent {
        service.ops().mark_sent(message.id).await;
    }
    sent
}

/// The first legal pit of the side to move in `row`, as typed.
pub fn first_legal_pit(row: &oware_bot::store::GameRow) -> String {
    let game = Game::from_moves(Variant::Abapa, &row.pits.0).expect("a stored game");
    let pit = game.legal_moves().into_iter().next().expect("a legal move");
    pit.letter().to_string()
}

/// The deadline of game `game`'s side to move.
pub async fn deadline(store: &oware_bot::store::Store, game: GameId) -> i64 {
    store
        .games()
        .game(game)
        .await
        .unwrap()
        .unwrap()
        .deadline_at
        .expect("a deadline")
}
