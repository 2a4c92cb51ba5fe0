//! A scripted [`ChatService`]: answers each command with the next scripted reply and
//! records everything the adapter asks of it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_bot::chat::ChatService;
use oware_bot::service::{Attachment, Button, ButtonAction, Command, Place, Platform, Reply, User};

/// The fake service.
#[derive(Default)]
pub struct Scripted {
    script: Mutex<VecDeque<(Reply, Duration)>>,
    commands: Mutex<Vec<Command>>,
    threads: Mutex<Vec<(i64, Place)>>,
    choice_queries: Mutex<Vec<(Place, User)>>,
    choices: Mutex<Vec<char>>,
    bot_users: Mutex<Vec<(Platform, String)>>,
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

    /// The `move_choices` calls so far.
    pub fn choice_queries(&self) -> Vec<(Place, User)> {
        self.choice_queries.lock().unwrap().clone()
    }
}

impl ChatService for Scripted {
    async fn handle(&self, cmd: Command) -> Reply {
        self.commands.lock().unwrap().push(cmd);
        let next = self.script.lock().unwrap().pop_front();
        let (reply, delay) =
            next.unwrap_or_else(|| (Reply::private("unscripted command"), Duration::ZERO));
        tokio::time::sleep(delay).await;
        reply
    }

    async fn set_thread(&self, game: i64, thread: Place) {
        self.threads.lock().unwrap().push((game, thread));
    }

    async fn move_choices(&self, place: Place, author: User) -> Vec<char> {
        self.choice_queries.lock().unwrap().push((place, author));
        self.choices.lock().unwrap().clone()
    }

    fn register_bot_user(&self, platform: Platform, user_id: &str) {
        self.bot_users
            .lock()
            .unwrap()
            .push((platform, user_id.to_owned()));
    }
}

/// A stand-in board image (the adapter never decodes it).
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n-a-board-";

/// A board reply for `game` at `ply` with the six pit buttons of the mover's row
/// (`pits`, as shown left to right) in two rows of three, `disabled` ones greyed out.
pub fn board(text: &str, game: i64, ply: u32, pits: &str, disabled: &str) -> Reply {
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
                action: ButtonAction::Accept { challenge },
                label: "Accept".into(),
                enabled: true,
                row: 0,
            },
            Button {
                action: ButtonAction::Decline { challenge },
                label: "Decline".into(),
                enabled: true,
                row: 0,
            },
        ],
        mentions: vec![opponent],
        ..Reply::default()
    }
}
