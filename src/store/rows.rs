//! The rows of the games and moves tables, as read and as written.

use sqlx::{any::AnyRow, FromRow};

use super::state::GameState;
use crate::platform::Platform;
use crate::play::clock::TimeControl;
use crate::rules::{Pit, Side, Variant};

/// A game as stored: where it is played, its two seats, its state and clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game id (`#12`).
    pub id: super::GameId,
    /// The chat network.
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The game's thread, once opened.
    pub thread: Option<String>,
    /// South's player, score and clock.
    pub south: Seat,
    /// North's player, score and clock.
    pub north: Seat,
    /// The rules variant.
    pub variant: Variant,
    /// Rated or casual.
    pub rated: bool,
    /// Whether onlookers may advise.
    pub advice: bool,
    /// Being played, or how it ended.
    pub state: GameState,
    /// Moves played so far.
    pub ply: i64,
    /// Their pits, in order.
    pub pits: Pits,
    /// The request one player made of the other, pending their answer.
    pub pending: super::Pending,
    /// Bumped by every change.
    pub version: i64,
    /// The time control.
    pub time_control: TimeControl,
    /// Whether the player to move is reminded (correspondence games).
    pub reminders: bool,
    /// When the side to move began its turn (Unix ms).
    pub turn_started_at: Option<i64>,
    /// When the side to move loses on time (Unix ms).
    pub deadline_at: Option<i64>,
    /// The tournament it is a game of, if any.
    pub tournament_id: Option<crate::store::TournamentId>,
    /// When the game started (Unix ms).
    pub created_at: i64,
    /// Last change (Unix ms).
    pub updated_at: i64,
}

/// One side of a game: its player, the seeds they captured and their clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The player row id.
    pub id: super::PlayerId,
    /// The platform user id.
    pub user: String,
    /// The display name.
    pub name: String,
    /// The identity (shared by linked accounts).
    pub identity: crate::store::IdentityId,
    /// Whether the player is a bot.
    pub bot: bool,
    /// When the player comes back from vacation (in the past once back).
    pub away_until: Option<i64>,
    /// Whether the player wants a direct message when it is their move.
    pub notify: super::Notify,
    /// Seeds captured.
    pub score: i64,
    /// Live clocks: time left when the current turn started.
    pub left_ms: i64,
}

impl<'r> FromRow<'r, AnyRow> for GameRow {
    fn from_row(row: &'r AnyRow) -> Result<GameRow, sqlx::Error> {
        let c = GameColumns::from_row(row)?;
        Ok(GameRow {
            id: c.id,
            platform: c.platform,
            space: c.space,
            channel: c.channel,
            thread: c.thread,
            south: Seat {
                id: c.south_id,
                user: c.south_user,
                name: c.south_name,
                identity: c.south_identity,
                bot: c.south_bot,
                away_until: c.south_away_until,
                notify: c.south_notify,
                score: c.south_score,
                left_ms: c.south_left_ms,
            },
            north: Seat {
                id: c.north_id,
                user: c.north_user,
                name: c.north_name,
                identity: c.north_identity,
                bot: c.north_bot,
                away_until: c.north_away_until,
                notify: c.north_notify,
                score: c.north_score,
                left_ms: c.north_left_ms,
            },
            variant: c.variant,
            rated: c.rated,
            advice: c.advice,
            state: c.state,
            ply: c.ply,
            pits: c.pits,
            pending: c.pending,
            version: c.version,
            time_control: c.time_control,
            reminders: c.reminders,
            turn_started_at: c.turn_started_at,
            deadline_at: c.deadline_at,
            tournament_id: c.tournament_id,
            created_at: c.created_at,
            updated_at: c.updated_at,
        })
    }
}

/// A game's columns as the queries select them (`SELECT g.*, …`): read into a
/// [`GameRow`], which keeps each side's together.
#[derive(FromRow)]
struct GameColumns {
    id: crate::store::GameId,
    #[sqlx(try_from = "String")]
    platform: Platform,
    space: Option<String>,
    channel: String,
    thread: Option<String>,
    south_id: crate::store::PlayerId,
    south_user: String,
    south_name: String,
    south_identity: crate::store::IdentityId,
    #[sqlx(try_from = "super::Flag")]
    south_bot: bool,
    south_away_until: Option<i64>,
    #[sqlx(try_from = "Option<String>")]
    south_notify: super::Notify,
    north_id: crate::store::PlayerId,
    north_user: String,
    north_name: String,
    north_identity: crate::store::IdentityId,
    #[sqlx(try_from = "super::Flag")]
    north_bot: bool,
    north_away_until: Option<i64>,
    #[sqlx(try_from = "Option<String>")]
    north_notify: super::Notify,
    #[sqlx(try_from = "String")]
    variant: Variant,
    #[sqlx(try_from = "super::Flag")]
    rated: bool,
    #[sqlx(try_from = "super::Flag")]
    advice: bool,
    #[sqlx(flatten)]
    state: GameState,
    south_score: i64,
    north_score: i64,
    ply: i64,
    #[sqlx(try_from = "String")]
    pits: Pits,
    #[sqlx(flatten)]
    pending: super::Pending,
    version: i64,
    #[sqlx(try_from = "String")]
    time_control: TimeControl,
    #[sqlx(try_from = "super::Flag")]
    reminders: bool,
    south_left_ms: i64,
    north_left_ms: i64,
    turn_started_at: Option<i64>,
    deadline_at: Option<i64>,
    tournament_id: Option<crate::store::TournamentId>,
    created_at: i64,
    updated_at: i64,
}

impl GameRow {
    /// The display name of the player of `side`.
    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        &self.seat(side).name
    }

    /// The seat of `side`.
    #[must_use]
    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The seat of `side`, to change.
    pub fn seat_mut(&mut self, side: Side) -> &mut Seat {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// The game's clocks at the start of the current turn.
    #[must_use]
    pub fn clocks(&self) -> crate::play::clock::Clocks {
        crate::play::clock::Clocks {
            left_ms: [self.south.left_ms, self.north.left_ms],
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
        let seat = |id: i64, name: &str| Seat {
            id: crate::store::PlayerId::new(id),
            user: name.into(),
            name: name.into(),
            identity: crate::store::IdentityId::new(id),
            bot: false,
            away_until: None,
            notify: super::Notify::Off,
            score: 0,
            left_ms: 0,
        };
        GameRow {
            id: crate::store::GameId::new(id),
            platform: crate::platform::Platform::Console,
            space: None,
            channel: "console".into(),
            thread: None,
            south: seat(1, "alice"),
            north: seat(2, "bob"),
            variant: Variant::Abapa,
            rated: false,
            advice: false,
            state: GameState::Active,
            ply: 0,
            pits: super::Pits::default(),
            pending: super::Pending::default(),
            version: 0,
            time_control: TimeControl::None,
            reminders: true,
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
    pub player_id: crate::store::PlayerId,
    /// The pit sown (stored as its canonical letter).
    #[sqlx(try_from = "String")]
    pub pit: Pit,
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
    pub south_id: crate::store::PlayerId,
    /// North's player row id.
    pub north_id: crate::store::PlayerId,
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
    pub player_id: crate::store::PlayerId,
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
