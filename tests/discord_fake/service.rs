//! A scripted [`ChatService`]: answers each command with the next scripted reply and
//! records everything the adapter asks of it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_bot::chat::{BoxFuture, ChatService, Receipt};
use oware_bot::i18n::Language;
use oware_bot::service::{
    Attachment, Button, ButtonAction, Command, Outgoing, Place, Platform, Reply, Shards, User,
};
use tokio::sync::watch;

/// The fake service.
#[derive(Default)]
pub struct Scripted {
    script: Mutex<VecDeque<(Reply, Duration)>>,
    commands: Mutex<Vec<Command>>,
    threads: Mutex<Vec<(i64, Place)>>,
    choice_queries: Mutex<Vec<(Place, User)>>,
    choices: Mutex<Vec<char>>,
    bot_users: Mutex<Vec<(Platform, String)>>,
    reachable: Mutex<Vec<(bool, std::time::Instant)>>,
}

impl Scripted {
    /// A new, empty script.
    pub fn new() -> Arc<Scripted> {
        Arc::new(Scripted::default())
    }

    /// The next command is answered with `reply`.
    pub fn then(&self, reply: Reply) {
        self.then_after(reply, Duration::ZERO);
    }

    /// The next command is answered with `reply` after `delay`.
    pub fn then_after(&self, reply: Reply, delay: Duration) {
        self.script.lock().unwrap().push_back((reply, delay));
    }

    /// What `move_choices` answers.
    pub fn set_choices(&self, pits: &[char]) {
        *self.choices.lock().unwrap() = pits.to_vec();
    }

    /// The commands received so far.
    pub fn commands(&self) -> Vec<Command> {
        self.commands.lock().unwrap().clone()
    }

    /// The `set_thread` calls so far.
    pub fn threads(&self) -> Vec<(i64, Place)> {
        self.threads.lock().unwrap().clone()
    }

    /// The bot accounts the adapter registered.
    pub fn bot_users(&self) -> Vec<(Platform, String)> {
        self.bot_users.lock().unwrap().clone()
    }

    /// What the adapter said of Discord's reachability so far, and when.
    pub fn reachable(&self) -> Vec<(bool, std::time::Instant)> {
        self.reachable.lock().unwrap().clone()
    }

    /// The `move_choices` calls so far.
    pub fn choice_queries(&self) -> Vec<(Place, User)> {
        self.choice_queries.lock().unwrap().clone()
    }
}

impl ChatService for Scripted {
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply> {
        self.commands.lock().unwrap().push(cmd);
        let next = self.script.lock().unwrap().pop_front();
        let (reply, delay) =
            next.unwrap_or_else(|| (Reply::private("unscripted command"), Duration::ZERO));
        Box::pin(async move {
            tokio::time::sleep(delay).await;
            reply
        })
    }

    fn receipt(&self, receipt: Receipt) -> BoxFuture<'_, ()> {
        match receipt {
            Receipt::Thread { game, thread } => {
                self.threads.lock().unwrap().push((game.get(), thread))
            }
            Receipt::BotAccount { platform, user } => {
                self.bot_users.lock().unwrap().push((platform, user));
            }
            Receipt::Reachable { reachable, .. } => {
                let now = std::time::Instant::now();
                self.reachable.lock().unwrap().push((reachable, now));
            }
            _ => {}
        }
        Box::pin(async {})
    }

    fn move_choices(&self, place: Place, author: User) -> BoxFuture<'_, Vec<char>> {
        self.choice_queries.lock().unwrap().push((place, author));
        let choices = self.choices.lock().unwrap().clone();
        Box::pin(async move { choices })
    }

    fn language(&self, _: Place) -> BoxFuture<'_, Language> {
        Box::pin(async { Language::english() })
    }

    fn dm_room(&self, _: Platform, _: String) -> BoxFuture<'_, Option<String>> {
        Box::pin(async { None })
    }

    fn anchored(&self, _: Platform, _: String) -> BoxFuture<'_, Option<String>> {
        Box::pin(async { None })
    }

    fn unsent(&self, _: Platform, _: Option<Shards>) -> BoxFuture<'_, Vec<Outgoing>> {
        Box::pin(async { Vec::new() })
    }

    fn next_retry(&self, _: Platform) -> BoxFuture<'_, Option<std::time::Duration>> {
        Box::pin(async { None })
    }

    fn outbox_watch(&self) -> watch::Receiver<u64> {
        watch::Sender::new(0).subscribe()
    }

    fn still_at(&self, _game: oware_bot::service::GameId, _ply: i64) -> BoxFuture<'_, bool> {
        Box::pin(async { true })
    }
}

/// A stand-in board image (the adapter never decodes it).
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n-a-board-";

/// A board reply for `game` at `ply` with the six pit buttons of the mover's row
/// (`pits`, as shown left to right) in two rows of three, `disabled` ones greyed out.
pub fn board(
    text: &str,
    game: oware_bot::service::GameId,
    ply: u32,
    pits: &str,
    disabled: &str,
) -> Reply {
    let buttons = pits
        .chars()
        .enumerate()
        .map(|(i, pit)| Button {
            action: ButtonAction::Move { game, ply, pit },
            label: format!("{pit} (4)"),
            enabled: !disabled.contains(pit),
            row: u8::try_from(i / 3).unwrap(),
        })
        .collect();
    Reply {
        text: text.to_owned(),
        board_text: Some("f e d c b a\nA B C D E F".to_owned()),
        files: vec![Attachment {
            file_name: format!("board-{game}-{ply}.png"),
            mime: "image/png",
            bytes: PNG.to_vec(),
            description: format!("Oware board of game {game} after {ply} plies"),
        }],
        buttons,
        game: Some(game),
        ..Reply::default()
    }
}

/// The challenge reply: Accept / Decline buttons for `challenge`, pinging `opponent`.
pub fn challenge(challenge: i64, opponent: User) -> Reply {
    Reply {
        text: format!("{} is challenged to a game of Oware!", opponent.name),
        buttons: vec![
            Button {
                action: ButtonAction::Accept {
                    challenge: oware_bot::service::ChallengeId::new(challenge),
                },
                label: "Accept".into(),
                enabled: true,
                row: 0,
            },
            Button {
                action: ButtonAction::Decline {
                    challenge: oware_bot::service::ChallengeId::new(challenge),
                },
                label: "Decline".into(),
                enabled: true,
                row: 0,
            },
        ],
        mentions: vec![opponent],
        ..Reply::default()
    }
}
