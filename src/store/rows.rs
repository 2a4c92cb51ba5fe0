//! The rows of the games and moves tables, as read and as written.

use sqlx::FromRow;

use super::state::GameState;
use crate::platform::Platform;
use crate::play::clock::TimeControl;
use crate::rules::{Pit, Side, Variant};

/// A game as stored, with both players' ids and names.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct GameRow {
    /// The game id (`#12`).
    pub id: i64,
    /// The chat network.
    #[sqlx(try_from = "String")]
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The game's thread, once opened.
    pub thread: Option<String>,
    /// South's player row id.
    pub south_id: i64,
    /// South's platform user id.
    pub south_user: String,
    /// South's display name.
    pub south_name: String,
    /// South's identity (shared by linked accounts).
    pub south_identity: i64,
    /// Whether South is a bot.
    #[sqlx(try_from = "super::Flag")]
    pub south_bot: bool,
    /// When South's player comes back from vacation (in the past once back).
    pub south_away_until: Option<i64>,
    /// Whether South's player wants a direct message when it is their move.
    #[sqlx(try_from = "Option<String>")]
    pub south_notify: super::Notify,
    /// North's player row id.
    pub north_id: i64,
    /// North's platform user id.
    pub north_user: String,
    /// North's display name.
    pub north_name: String,
    /// North's identity (shared by linked accounts).
    pub north_identity: i64,
    /// Whether North is a bot.
    #[sqlx(try_from = "super::Flag")]
    pub north_bot: bool,
    /// When North's player comes back from vacation (in the past once back).
    pub north_away_until: Option<i64>,
    /// Whether North's player wants a direct message when it is their move.
    #[sqlx(try_from = "Option<String>")]
    pub north_notify: super::Notify,
    /// The rules variant.
    #[sqlx(try_from = "String")]
    pub variant: Variant,
    /// Rated or casual.
    #[sqlx(try_from = "super::Flag")]
    pub rated: bool,
    /// Whether onlookers may advise.
    #[sqlx(try_from = "super::Flag")]
    pub advice: bool,
    /// Being played, or how it ended.
    #[sqlx(flatten)]
    pub state: GameState,
    /// South's seeds captured.
    pub south_score: i64,
    /// North's seeds captured.
    pub north_score: i64,
    /// Moves played so far.
    pub ply: i64,
    /// Their pits, in order.
    #[sqlx(try_from = "String")]
    pub pits: Pits,
    /// The request one player made of the other, pending their answer.
    #[sqlx(flatten)]
    pub pending: super::Pending,
    /// Bumped by every change.
    pub version: i64,
    /// The time control.
    #[sqlx(try_from = "String")]
    pub time_control: TimeControl,
    /// Whether the player to move is reminded (correspondence games).
    #[sqlx(try_from = "super::Flag")]
    pub reminders: bool,
    /// Live clocks: South's time left when the current turn started.
    pub south_left_ms: i64,
    /// Live clocks: North's time left when the current turn started.
    pub north_left_ms: i64,
    /// When the side to move began its turn (Unix ms).
    pub turn_started_at: Option<i64>,
    /// When the side to move loses on time (Unix ms).
    pub deadline_at: Option<i64>,
    /// The tournament it is a game of, if any.
    pub tournament_id: Option<i64>,
    /// When the game started (Unix ms).
    pub created_at: i64,
    /// Last change (Unix ms).
    pub updated_at: i64,
}

impl GameRow {
    /// The display name of the player of `side`.
    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south_name,
            Side::North => &self.north_name,
        }
    }

    /// The game's clocks at the start of the current turn.
    #[must_use]
    pub fn clocks(&self) -> crate::play::clock::Clocks {
        crate::play::clock::Clocks {
            left_ms: [self.south_left_ms, self.north_left_ms],
            turn_started_at: self.turn_started_at.unwrap_or(self.updated_at),
        }
    }

    /// Whether the game is still being played.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.state == GameState::Active
    }

    /// For unit tests: game `id` in the console, alice (South) against bob, casual,
    /// active with no moves yet.
    #[cfg(test)]
    pub(crate) fn example(id: i64) -> GameRow {
        GameRow {
            id,
            platform: crate::platform::Platform::Console,
            space: None,
            channel: "console".into(),
            thread: None,
            south_id: 1,
            south_user: "alice".into(),
            south_name: "alice".into(),
            south_identity: 1,
            south_bot: false,
            south_away_until: None,
            south_notify: super::Notify::Off,
            north_id: 2,
            north_user: "bob".into(),
            north_name: "bob".into(),
            north_identity: 2,
            north_bot: false,
            north_away_until: None,
            north_notify: super::Notify::Off,
            variant: Variant::Abapa,
            rated: false,
            advice: false,
            state: GameState::Active,
            south_score: 0,
            north_score: 0,
            ply: 0,
            pits: super::Pits::default(),
            pending: super::Pending::default(),
            version: 0,
            time_control: TimeControl::None,
            reminders: true,
            south_left_ms: 0,
            north_left_ms: 0,
            turn_started_at: None,
            deadline_at: None,
            tournament_id: None,
            created_at: 0,
            updated_at: 0,
        }
    }
}

/// A game's moves as the pits sown, in order (the `pits` column: one letter each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pits(pub Vec<Pit>);

impl TryFrom<String> for Pits {
    type Error = String;

    fn try_from(letters: String) -> Result<Pits, String> {
        letters
            .chars()
            .map(|c| Pit::from_letter(c).ok_or_else(|| format!("pit `{c}` in `{letters}`")))
            .collect::<Result<Vec<Pit>, String>>()
            .map(Pits)
    }
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct MoveRow {
    /// 1 for the first move.
    pub ply: i64,
    /// The mover's player row id.
    pub player_id: i64,
    /// Canonical pit letter.
    pub pit: String,
    /// Seeds sown.
    pub sown: i64,
    /// Seeds captured.
    pub captured: i64,
    /// Canonical letters of the captured pits.
    pub captured_pits: String,
    /// Whether it was a grand slam that captured nothing.
    #[sqlx(try_from = "super::Flag")]
    pub grand_slam: bool,
    /// Twelve counts `A..F a..f`, comma-separated.
    pub board_after: String,
    /// South's score after.
    pub south_score: i64,
    /// North's score after.
    pub north_score: i64,
    /// When (Unix ms).
    pub played_at: i64,
}

/// A game to create when a challenge is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// South's player row id.
    pub south_id: i64,
    /// North's player row id.
    pub north_id: i64,
    /// The caps creating it enforces.
    pub caps: super::CapLimits,
    /// Who is shown the board's legend for the first time with the game's first
    /// board (a user id on the game's platform): recorded with the game.
    pub legend_for: Option<String>,
}

/// A move to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1 for the first move.
    pub ply: i64,
    /// The mover's player row id.
    pub player_id: i64,
    /// Canonical pit letter.
    pub pit: char,
    /// Seeds sown.
    pub sown: u8,
    /// Seeds captured.
    pub captured: u8,
    /// Canonical letters of the captured pits.
    pub captured_pits: String,
    /// A grand slam that captured nothing.
    pub grand_slam: bool,
    /// The board after, `A..F a..f`.
    pub board_after: [u8; 12],
    /// Scores after, `[South, North]`.
    pub scores: [u8; 2],
    /// The game's clocks for the turn the move begins (`None` when it ends the
    /// game, or the clocks stay as they are).
    pub clock: Option<super::ClockColumns>,
}

/// How a game ended, to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// How it ended.
    pub ending: super::Ending,
    /// Final scores, `[South, North]`.
    pub scores: [u8; 2],
}
