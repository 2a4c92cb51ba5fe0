//! A small in-memory [`ChatService`] for the Matrix adapter test: challenges, turns
//! and moves on the real rules core, replies shaped like the real service's (board
//! text, a PNG, pit choices, the mover mentioned, a thread for each game).

use oware_bot::service::GameId;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use oware_bot::chat::{BoxFuture, ChatService, Receipt};
use oware_bot::i18n::Language;
use oware_bot::rules::{text_board, Game, Side, Variant};
use oware_bot::service::{
    Action, Attachment, Button, ButtonAction, Command, Outgoing, Place, Platform, Reply, Shards,
    User,
};

/// A 1×1 PNG: the adapter uploads it and reads its size like a real board's.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];

struct FakeGame {
    south: User,
    north: User,
    channel: String,
    thread: Option<String>,
    game: Game,
}

#[derive(Default)]
struct State {
    challenges: Vec<(User, User, String)>,
    games: HashMap<i64, FakeGame>,
    threads_set: Vec<(i64, Place)>,
    /// Direct rooms by user, and how many were recorded.
    dm_rooms: HashMap<String, String>,
    dm_rooms_opened: usize,
    /// The rooms the adapter said the bot left.
    left: Vec<String>,
}

/// The fake. Every command it handles is recorded for the test to inspect.
#[derive(Default)]
pub struct FakeService {
    state: Mutex<State>,
    log: Mutex<Vec<Command>>,
    /// Rooms whose commands take this long.
    slow: Mutex<HashMap<String, Duration>>,
}

impl FakeService {
    /// Every command handled so far, in order.
    pub fn commands(&self) -> Vec<Command> {
        self.log.lock().expect("log lock").clone()
    }

    /// Makes every command in `room` take `by` (a slow service).
    pub fn slow_down(&self, room: &str, by: Duration) {
        self.slow
            .lock()
            .expect("slow lock")
            .insert(room.to_owned(), by);
    }

    /// How many direct rooms the adapter recorded.
    pub fn dm_rooms_opened(&self) -> usize {
        self.state.lock().expect("state lock").dm_rooms_opened
    }

    /// The rooms the adapter said the bot left, in order.
    pub fn rooms_left(&self) -> Vec<String> {
        self.state.lock().expect("state lock").left.clone()
    }

    /// Every `set_thread` call so far.
    pub fn threads_set(&self) -> Vec<(i64, Place)> {
        self.state.lock().expect("state lock").threads_set.clone()
    }

    fn reply(&self, cmd: &Command) -> Reply {
        let mut state = self.state.lock().expect("state lock");
        match &cmd.action {
            Action::Play { opponent, .. } => {
                state.challenges.push((
                    cmd.author.clone(),
                    opponent.clone(),
                    cmd.place.channel.clone(),
                ));
                let mut reply = Reply::public(format!(
                    "**{}** challenges **{}** to a game of Oware.",
                    cmd.author.name, opponent.name
                ));
                reply.mentions = vec![opponent.clone()];
                reply.buttons = [
                    ButtonAction::Accept {
                        challenge: oware_bot::service::ChallengeId::new(1),
                    },
                    ButtonAction::Decline {
                        challenge: oware_bot::service::ChallengeId::new(1),
                    },
                ]
                .into_iter()
                .map(|action| Button {
                    action,
                    label: String::new(),
                    enabled: true,
                    row: 0,
                })
                .collect();
                reply
            }
            Action::Accept { .. } => {
                let Some(i) = state
                    .challenges
                    .iter()
                    .position(|(_, o, ch)| o.id == cmd.author.id && *ch == cmd.place.channel)
                else {
                    return Reply::private("Nobody has challenged you here.");
                };
                let (south, north, channel) = state.challenges.remove(i);
                let id = state.games.len() as i64 + 1;
                let game = FakeGame {
                    south,
                    north,
                    channel,
                    thread: None,
                    game: Game::new(Variant::Abapa),
                };
                let mut reply = board_reply(id, &game, "The game begins.".into());
                reply.open_thread = Some(format!(
                    "Oware #{id}: {} vs {}",
                    game.south.name, game.north.name
                ));
                state.games.insert(id, game);
                reply
            }
            Action::Move { pit, game, .. } => {
                let Some((id, g)) = find_game(
                    &mut state.games,
                    &cmd.place,
                    &cmd.author,
                    (*game).map(GameId::get),
                ) else {
                    return Reply::private("You have no game here.");
                };
                let side = if g.south.id == cmd.author.id {
                    Side::South
                } else {
                    Side::North
                };
                if g.game.to_move() != Some(side) {
                    return Reply::private("It is not your turn: wait for your opponent's move.");
                }
                let pit = pit.pit_for(side);
                if let Err(e) = g.game.play(pit) {
                    return Reply::private(format!("Illegal move: {e}."));
                }
                let mut reply = board_reply(id, g, format!("{} sowed {pit}.", cmd.author.name));
                reply.game = Some(GameId::new(id));
                reply
            }
            Action::Board { game, .. } => {
                match find_game(
                    &mut state.games,
                    &cmd.place,
                    &cmd.author,
                    (*game).map(GameId::get),
                ) {
                    Some((id, g)) => board_reply(id, g, "The board.".into()),
                    None => Reply::private("You have no game here."),
                }
            }
            Action::Help => Reply::public("Commands: `!oware play @user`, `!move c`."),
            Action::Misunderstood { hint } => Reply::private(hint.clone()),
            other => Reply::private(format!("The fake service does not do {other:?}.")),
        }
    }
}

fn find_game<'a>(
    games: &'a mut HashMap<i64, FakeGame>,
    place: &Place,
    author: &User,
    id: Option<i64>,
) -> Option<(i64, &'a mut FakeGame)> {
    games.iter_mut().map(|(id, g)| (*id, g)).find(|(gid, g)| {
        let mine = g.south.id == author.id || g.north.id == author.id;
        let here =
            g.channel == place.channel && (place.thread.is_none() || place.thread == g.thread);
        mine && here && id.is_none_or(|id| id == *gid)
    })
}

fn board_reply(id: i64, g: &FakeGame, what: String) -> Reply {
    let position = g.game.position();
    let mut reply = Reply {
        board_text: Some(text_board(position, !g.game.is_over(), Side::South)),
        files: vec![Attachment {
            file_name: format!("board-{id}-{}.png", g.game.plies().len()),
            mime: "image/png",
            bytes: PNG.to_vec(),
            description: format!("Oware board, game {id}, ply {}", g.game.plies().len()),
        }],
        game: Some(GameId::new(id)),
        ..Reply::default()
    };
    match (g.game.outcome(), g.game.to_move()) {
        (Some(outcome), _) => {
            reply.text = format!(
                "{what} Game over: {} ({:?}).",
                outcome.result_str(),
                outcome.scores
            );
        }
        (None, Some(side)) => {
            let mover = if side == Side::South {
                &g.south
            } else {
                &g.north
            };
            reply.text = format!("{what} **{}** to move.", mover.name);
            reply.mentions = vec![mover.clone()];
            let ply = u32::try_from(g.game.plies().len()).expect("few plies");
            reply.buttons = g
                .game
                .legal_moves()
                .into_iter()
                .map(|pit| Button {
                    action: ButtonAction::Move {
                        game: GameId::new(id),
                        ply,
                        pit: pit.letter(),
                    },
                    label: pit.letter().to_string(),
                    enabled: true,
                    row: 0,
                })
                .collect();
        }
        (None, None) => unreachable!("a game that is not over has a side to move"),
    }
    reply
}

impl FakeService {
    /// Where game `game`'s thread is, as the service says with each reply.
    fn game_thread(&self, game: GameId) -> Option<Place> {
        let state = self.state.lock().expect("state lock");
        let g = state.games.get(&game.get())?;
        Some(Place {
            platform: Platform::Matrix,
            space: None,
            channel: g.channel.clone(),
            thread: Some(g.thread.clone()?),
        })
    }
}

impl ChatService for FakeService {
    fn handle(&self, cmd: Command) -> BoxFuture<'_, Reply> {
        Box::pin(async move {
            self.log.lock().expect("log lock").push(cmd.clone());
            let slow = self
                .slow
                .lock()
                .expect("slow lock")
                .get(&cmd.place.channel)
                .copied();
            if let Some(by) = slow {
                tokio::time::sleep(by).await;
            }
            let mut reply = self.reply(&cmd);
            reply.thread = reply.game.and_then(|game| self.game_thread(game));
            reply
        })
    }

    fn receipt(&self, receipt: Receipt) -> BoxFuture<'_, ()> {
        let mut state = self.state.lock().expect("state lock");
        match receipt {
            Receipt::Thread { game, thread } => {
                if let Some(g) = state.games.get_mut(&game.get()) {
                    g.thread.clone_from(&thread.thread);
                }
                state.threads_set.push((game.get(), thread));
            }
            Receipt::DirectRoom { user, room, .. } => {
                state.dm_rooms.insert(user, room);
                state.dm_rooms_opened += 1;
            }
            Receipt::Left { channel, .. } => state.left.push(channel),
            _ => {}
        }
        Box::pin(async {})
    }

    fn dm_room(&self, _platform: Platform, user_id: String) -> BoxFuture<'_, Option<String>> {
        let room = self
            .state
            .lock()
            .expect("state lock")
            .dm_rooms
            .get(&user_id)
            .cloned();
        Box::pin(async move { room })
    }

    fn move_choices(&self, _place: Place, _author: User) -> BoxFuture<'_, Vec<char>> {
        Box::pin(async { Vec::new() })
    }

    fn language(&self, _: Place) -> BoxFuture<'_, Language> {
        Box::pin(async { Language::english() })
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

    fn outbox_watch(&self) -> tokio::sync::watch::Receiver<u64> {
        tokio::sync::watch::Sender::new(0).subscribe()
    }

    fn still_at(&self, _game: GameId, _ply: i64) -> BoxFuture<'_, bool> {
        Box::pin(async { true })
    }
}
