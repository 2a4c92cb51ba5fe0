//! Helpers for the service, store and console tests: a service on a fresh SQLite file,
//! commands from named console users, and a short game that ends with a 25+ win.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

use oware_bot::{
    rules::{EndReason, Game, Pit, Variant},
    service::{
        Action, ChallengeOptions, Command, Place, Platform, Reply, Service, ServiceConfig, User,
    },
    store::Store,
};
use tempfile::TempDir;

/// A fresh database file in its own temporary directory.
pub struct TempDb {
    /// Keeps the directory alive.
    pub dir: TempDir,
    /// `sqlite://…` URL of the file.
    pub url: String,
}

impl TempDb {
    pub fn new() -> TempDb {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        TempDb { dir, url }
    }

    /// Opens a service over this file.
    pub async fn service(&self) -> Service {
        self.service_with(ServiceConfig::default()).await
    }

    pub async fn service_with(&self, config: ServiceConfig) -> Service {
        let store = Store::open(&self.url).await.expect("the store opens");
        Service::new(store, config)
    }
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
    Command {
        place: place(),
        author: user(author),
        action,
    }
}

pub fn mv(pit: &str) -> Action {
    Action::Move {
        pit: pit.to_owned(),
        game: None,
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
pub async fn start_game(service: &Service) -> i64 {
    let reply = service.handle(cmd("alice", play("bob"))).await;
    assert!(!reply.private, "challenge refused: {}", reply.text);
    let reply = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    assert!(!reply.private, "accept refused: {}", reply.text);
    reply.game.expect("the accept reply names the game")
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
