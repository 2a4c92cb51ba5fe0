//! Tournaments: the event, its players (entrants, numbered in the order they joined)
//! and each round's boards. A round's games are ordinary games carrying
//! `tournament_id`; the game's end schedules a `tournament` job in its own
//! transaction ([`after_game_end`]), and that job starts the next round with
//! [`Store::start_round`], all of whose games, jobs and announcements commit together.

mod writes;

use crate::store::words::{tournament_finished, tournament_open, tournament_running};
use crate::store::TournamentStore;
use sqlx::{any::AnyRow, Any, FromRow, Row, Transaction};

use super::{Flag, GameState, StoreError};
use crate::platform::Platform;
use crate::play::tournament::Format;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct TournamentRow {
    /// Its number (`T3`).
    pub id: super::TournamentId,
    /// The chat network.
    #[sqlx(try_from = "String")]
    pub platform: Platform,
    /// The server or room it belongs to (its settings and admins).
    pub place: String,
    /// Where it was created: the server, if any.
    pub space: Option<String>,
    /// Where it was created: the channel, where its rounds are announced.
    pub channel: String,
    /// Its name.
    pub name: String,
    /// How it pairs its players.
    #[sqlx(try_from = "String")]
    pub format: Format,
    /// Swiss: the rounds asked for; round-robin: the schedule's (0 before the start).
    pub rounds: i64,
    /// Round-robin: each pair meets twice.
    #[sqlx(try_from = "Flag")]
    pub double_rounds: bool,
    /// Its games' time control.
    #[sqlx(try_from = "String")]
    pub time_control: crate::play::clock::TimeControl,
    /// Whether its games are rated.
    #[sqlx(try_from = "Flag")]
    pub rated: bool,
    /// Who created it (a player row).
    pub creator_id: super::PlayerId,
    /// The creator's platform id.
    pub creator_user: String,
    /// Where it stands.
    #[sqlx(try_from = "String")]
    pub status: TournamentStatus,
    /// The round being played (0 before the start).
    pub round: i64,
    /// Bumped by every change.
    pub version: i64,
    /// When it was created (Unix ms).
    pub created_at: i64,
}

/// Where a tournament stands (its `status` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Taking entrants.
    Open,
    /// Its rounds are being played.
    Running,
    /// Over: its crosstable is final.
    Finished,
}

impl TournamentStatus {
    /// The `status` column.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Open => tournament_open!(),
            TournamentStatus::Running => tournament_running!(),
            TournamentStatus::Finished => tournament_finished!(),
        }
    }
}

impl TryFrom<String> for TournamentStatus {
    type Error = String;

    fn try_from(status: String) -> Result<TournamentStatus, String> {
        Ok(match status.as_str() {
            tournament_open!() => TournamentStatus::Open,
            tournament_running!() => TournamentStatus::Running,
            tournament_finished!() => TournamentStatus::Finished,
            other => return Err(format!("tournament status `{other}`")),
        })
    }
}

/// A tournament's player.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct EntrantRow {
    /// Their number in the tournament (1: the first to join).
    pub entrant: i64,
    /// The player row.
    pub player_id: crate::store::PlayerId,
    /// The platform's id.
    pub user_id: String,
    /// The name to show.
    pub name: String,
    /// The first round they are out of, if they withdrew.
    pub withdrawn_from: Option<i64>,
}

/// One board of a round, with its game's state when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    /// The round (1-based).
    pub round: i64,
    /// The board in the round (1-based).
    pub board: i64,
    /// South's entrant, or the player with the bye.
    pub south: i64,
    /// North's entrant; `None` for a bye.
    pub north: Option<i64>,
    /// The game.
    pub game_id: Option<crate::store::GameId>,
    /// Its game's state; `None` for a bye.
    pub state: Option<GameState>,
    /// Seeds South captured.
    pub south_score: Option<i64>,
    /// Seeds North captured.
    pub north_score: Option<i64>,
}

impl<'r> FromRow<'r, AnyRow> for BoardRow {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<BoardRow> {
        let status: Option<String> = row.try_get("status")?;
        Ok(BoardRow {
            round: row.try_get("round")?,
            board: row.try_get("board")?,
            south: row.try_get("south")?,
            north: row.try_get("north")?,
            game_id: row.try_get("game_id")?,
            state: status.map(|_| GameState::from_row(row)).transpose()?,
            south_score: row.try_get("south_score")?,
            north_score: row.try_get("north_score")?,
        })
    }
}

/// A tournament to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// The chat network.
    pub platform: Platform,
    /// The server or room.
    pub place: String,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel where it is announced.
    pub channel: String,
    /// Its name.
    pub name: String,
    /// How it pairs its players.
    pub format: Format,
    /// Swiss: the rounds to play.
    pub rounds: i64,
    /// Round-robin: each pair meets twice.
    pub double_rounds: bool,
    /// Its games' time control, canonical.
    pub time_control: String,
    /// Whether its games are rated.
    pub rated: bool,
    /// The creator's player row.
    pub creator_id: super::PlayerId,
}

/// A board of a round to start: a game between two entrants, or a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewBoard {
    /// South's entrant (or the player with the bye).
    pub south: i64,
    /// North's entrant; `None` for a bye.
    pub north: Option<i64>,
    /// The player rows: South's, and North's when it is a game.
    pub players: (super::PlayerId, Option<super::PlayerId>),
}

/// What joining did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// In, with this number.
    Entrant(i64),
    /// Already in, with this number.
    Already(i64),
    /// The tournament has started or ended.
    Closed,
    /// The tournament has this many players already, its most.
    Full(i64),
}

/// What leaving did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// Removed before the start.
    Removed,
    /// Withdrawn from this round on.
    Withdrawn(i64),
    /// Not in it (or withdrawn already).
    NotIn,
    /// It is over.
    Finished,
}

macro_rules! select_tournament {
    () => {
        "SELECT t.id, t.platform, t.place, t.space, t.channel, t.name, t.format, t.rounds,
                t.double_rounds, t.time_control, t.rated, t.creator_id,
                p.user_id AS creator_user, t.status, t.round, t.version, t.created_at
         FROM tournaments t JOIN players p ON p.id = t.creator_id "
    };
}

impl TournamentStore<'_> {
    /// Tournament `id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament(
        self,
        id: crate::store::TournamentId,
    ) -> Result<Option<TournamentRow>, StoreError> {
        Ok(
            sqlx::query_as(concat!(select_tournament!(), "WHERE t.id = $1"))
                .bind(id)
                .fetch_optional(&self.store.reader)
                .await?,
        )
    }

    /// The tournaments of `place`, newest first: every open or running one, and the
    /// last few finished.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournaments_at(
        self,
        platform: Platform,
        place: &str,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_tournament!(),
            concat!(
                "WHERE t.platform = $1 AND t.place = $2
             ORDER BY CASE WHEN t.status = '",
                tournament_finished!(),
                "' THEN 1 ELSE 0 END, t.id DESC
             LIMIT 10"
            )
        ))
        .bind(platform.as_str())
        .bind(place)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Tournament `id`'s players, by number.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament_entrants(
        self,
        id: crate::store::TournamentId,
    ) -> Result<Vec<EntrantRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT e.entrant, e.player_id, p.user_id, p.name, e.withdrawn_from
             FROM tournament_players e JOIN players p ON p.id = e.player_id
             WHERE e.tournament_id = $1 ORDER BY e.entrant",
        )
        .bind(id)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Tournament `id`'s boards, round by round, with their games' state.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament_boards(
        self,
        id: crate::store::TournamentId,
    ) -> Result<Vec<BoardRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT b.round, b.board, b.south, b.north, b.game_id, g.status, g.result,
                    g.reason,                     g.south_score, g.north_score
             FROM tournament_boards b LEFT JOIN games g ON g.id = b.game_id
             WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
        )
        .bind(id)
        .fetch_all(&self.store.reader)
        .await?)
    }
}

/// In the transaction that ends game `game_id`: if it is a tournament's game,
/// schedules the tournament's `tournament` job now (it starts the next round once
/// the round's last game is over).
pub(super) async fn after_game_end(
    tx: &mut Transaction<'_, Any>,
    game_id: crate::store::GameId,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO jobs (kind, due_at, request, created_at)
         SELECT 'tournament', $1, CAST(tournament_id AS TEXT), $1
         FROM games WHERE id = $2 AND tournament_id IS NOT NULL",
    )
    .bind(now)
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
