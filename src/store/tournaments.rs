//! Tournaments: the event, its players (entrants, numbered in the order they joined)
//! and each round's boards. A round's games are ordinary games carrying
//! `tournament_id`; the game's end schedules a `tournament` job in its own
//! transaction ([`after_game_end`]), and that job starts the next round with
//! [`Store::start_round`], all of whose games, jobs and announcements commit together.

use sqlx::{Any, FromRow, Transaction};

use super::{inbox, jobs, Effects, Flag, Store, StoreError};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct TournamentRow {
    /// Its number (`T3`).
    pub id: i64,
    /// `console`, `discord` or `matrix`.
    pub platform: String,
    /// The server or room it belongs to (its settings and admins).
    pub place: String,
    /// Where it was created: the server, if any.
    pub space: Option<String>,
    /// Where it was created: the channel, where its rounds are announced.
    pub channel: String,
    /// Its name.
    pub name: String,
    /// `round-robin` or `swiss`.
    pub format: String,
    /// Swiss: the rounds asked for; round-robin: the schedule's (0 before the start).
    pub rounds: i64,
    /// Round-robin: each pair meets twice.
    #[sqlx(try_from = "Flag")]
    pub double_rounds: bool,
    /// Its games' time control, canonical.
    pub time_control: String,
    /// Whether its games are rated.
    #[sqlx(try_from = "Flag")]
    pub rated: bool,
    /// Who created it (a player row).
    pub creator_id: i64,
    /// The creator's platform id.
    pub creator_user: String,
    /// `open`, `running` or `finished`.
    pub status: String,
    /// The round being played (0 before the start).
    pub round: i64,
    /// Bumped by every change.
    pub version: i64,
    /// When it was created (Unix ms).
    pub created_at: i64,
}

/// A tournament's player.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct EntrantRow {
    /// Their number in the tournament (1: the first to join).
    pub entrant: i64,
    /// The player row.
    pub player_id: i64,
    /// The platform's id.
    pub user_id: String,
    /// The name to show.
    pub name: String,
    /// The first round they are out of, if they withdrew.
    pub withdrawn_from: Option<i64>,
}

/// One board of a round, with its game's state when it has one.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
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
    pub game_id: Option<i64>,
    /// `active` or `finished`.
    pub status: Option<String>,
    /// `S`, `N`, `draw`; `None` while playing or when aborted.
    pub result: Option<String>,
    /// Seeds South captured.
    pub south_score: Option<i64>,
    /// Seeds North captured.
    pub north_score: Option<i64>,
}

/// A tournament to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// `console`, `discord` or `matrix`.
    pub platform: String,
    /// The server or room.
    pub place: String,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel where it is announced.
    pub channel: String,
    /// Its name.
    pub name: String,
    /// `round-robin` or `swiss`.
    pub format: &'static str,
    /// Swiss: the rounds to play.
    pub rounds: i64,
    /// Round-robin: each pair meets twice.
    pub double_rounds: bool,
    /// Its games' time control, canonical.
    pub time_control: String,
    /// Whether its games are rated.
    pub rated: bool,
    /// The creator's player row.
    pub creator_id: i64,
}

/// A board of a round to start: a game between two entrants, or a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewBoard {
    /// South's entrant (or the player with the bye).
    pub south: i64,
    /// North's entrant; `None` for a bye.
    pub north: Option<i64>,
    /// The player rows: South's, and North's when it is a game.
    pub players: (i64, Option<i64>),
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

impl Store {
    /// Creates a tournament, open for players to join; returns its id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn create_tournament(
        &self,
        new: &NewTournament,
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.begin_write().await?;
        inbox::claim(&mut tx).await?;
        let id = sqlx::query_scalar(
            "INSERT INTO tournaments (platform, place, space, channel, name, format, rounds,
                 double_rounds, time_control, rated, creator_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
             RETURNING id",
        )
        .bind(&new.platform)
        .bind(&new.place)
        .bind(&new.space)
        .bind(&new.channel)
        .bind(&new.name)
        .bind(new.format)
        .bind(new.rounds)
        .bind(new.double_rounds)
        .bind(&new.time_control)
        .bind(new.rated)
        .bind(new.creator_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Tournament `id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        Ok(
            sqlx::query_as(concat!(select_tournament!(), "WHERE t.id = $1"))
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    /// The tournaments of `place`, newest first: every open or running one, and the
    /// last few finished.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournaments_at(
        &self,
        platform: &str,
        place: &str,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_tournament!(),
            "WHERE t.platform = $1 AND t.place = $2
             ORDER BY CASE WHEN t.status = 'finished' THEN 1 ELSE 0 END, t.id DESC
             LIMIT 10"
        ))
        .bind(platform)
        .bind(place)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Tournament `id`'s players, by number.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament_entrants(&self, id: i64) -> Result<Vec<EntrantRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT e.entrant, e.player_id, p.user_id, p.name, e.withdrawn_from
             FROM tournament_players e JOIN players p ON p.id = e.player_id
             WHERE e.tournament_id = $1 ORDER BY e.entrant",
        )
        .bind(id)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Tournament `id`'s boards, round by round, with their games' state.
    ///
    /// # Errors
    /// Database failures.
    pub async fn tournament_boards(&self, id: i64) -> Result<Vec<BoardRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT b.round, b.board, b.south, b.north, b.game_id, g.status, g.result,
                    g.south_score, g.north_score
             FROM tournament_boards b LEFT JOIN games g ON g.id = b.game_id
             WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
        )
        .bind(id)
        .fetch_all(&self.reader)
        .await?)
    }

    /// Adds player `player_id` to open tournament `id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn join_tournament(
        &self,
        id: i64,
        player_id: i64,
        now: i64,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.begin_write().await?;
        inbox::claim(&mut tx).await?;
        let already: Option<i64> = sqlx::query_scalar(
            "SELECT entrant FROM tournament_players WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(player_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(entrant) = already {
            tx.rollback().await?;
            return Ok(Joined::Already(entrant));
        }
        let open = bump(&mut tx, id, "open", now).await?;
        if !open {
            tx.rollback().await?;
            return Ok(Joined::Closed);
        }
        let entrant: i64 = sqlx::query_scalar(
            "INSERT INTO tournament_players (tournament_id, entrant, player_id, joined_at)
             SELECT $1, COALESCE(MAX(entrant), 0) + 1, $2, $3
             FROM tournament_players WHERE tournament_id = $1
             RETURNING entrant",
        )
        .bind(id)
        .bind(player_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Joined::Entrant(entrant))
    }

    /// Takes player `player_id` out of tournament `id`: removed before the start,
    /// withdrawn from the next round on once it runs (the game under way is played).
    ///
    /// # Errors
    /// Database failures.
    pub async fn leave_tournament(
        &self,
        id: i64,
        player_id: i64,
        now: i64,
    ) -> Result<Left, StoreError> {
        let mut tx = self.begin_write().await?;
        inbox::claim(&mut tx).await?;
        let state: Option<(String, i64)> =
            sqlx::query_as("SELECT status, round FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        let left = match state {
            None => Left::NotIn,
            Some((status, _)) if status == "finished" => Left::Finished,
            Some((status, _)) if status == "open" => {
                let removed = sqlx::query(
                    "DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2",
                )
                .bind(id)
                .bind(player_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if removed == 1 {
                    Left::Removed
                } else {
                    Left::NotIn
                }
            }
            Some((_, round)) => {
                let from = round + 1;
                let withdrawn = sqlx::query(
                    "UPDATE tournament_players SET withdrawn_from = $1
                     WHERE tournament_id = $2 AND player_id = $3 AND withdrawn_from IS NULL",
                )
                .bind(from)
                .bind(id)
                .bind(player_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if withdrawn == 1 {
                    Left::Withdrawn(from)
                } else {
                    Left::NotIn
                }
            }
        };
        if matches!(left, Left::Removed | Left::Withdrawn(_)) {
            sqlx::query(
                "UPDATE tournaments SET version = version + 1, updated_at = $1 WHERE id = $2",
            )
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        } else {
            tx.rollback().await?;
        }
        Ok(left)
    }

    /// Starts round `round` of tournament `id` if it is still at `version`: creates
    /// a game for each board that has two players (on the tournament's place, time
    /// control and rating), records the boards, and writes what follows, all in one
    /// transaction. `effects` gets the new games' ids (`None` for a bye) and returns
    /// each game's effects (its clocks, jobs and first message), then the round's
    /// (its announcement). `rounds` is the event's length (round-robin: fixed now).
    /// Returns the games' ids, or `None` (nothing changed) if the tournament moved on.
    ///
    /// # Errors
    /// Database failures.
    pub async fn start_round(
        &self,
        tournament: &TournamentRow,
        round: i64,
        rounds: i64,
        boards: &[NewBoard],
        effects: impl FnOnce(&[Option<i64>]) -> (Vec<Effects>, Effects) + Send,
        now: i64,
    ) -> Result<Option<Vec<Option<i64>>>, StoreError> {
        let mut tx = self.begin_write().await?;
        inbox::claim(&mut tx).await?;
        let moved = sqlx::query(
            "UPDATE tournaments SET status = 'running', round = $1, rounds = $2,
                 version = version + 1, updated_at = $3
             WHERE id = $4 AND version = $5 AND status <> 'finished'",
        )
        .bind(round)
        .bind(rounds)
        .bind(now)
        .bind(tournament.id)
        .bind(tournament.version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let mut games = Vec::with_capacity(boards.len());
        for (number, board) in (1_i64..).zip(boards) {
            let game_id = match board.players.1 {
                Some(north) => Some(
                    sqlx::query_scalar(
                        "INSERT INTO games (platform, space, channel, south_id, north_id,
                             variant, rated, advice, time_control, reminders, tournament_id,
                             created_at, updated_at)
                         VALUES ($1, $2, $3, $4, $5, 'abapa', $6, $7, $8, $9, $10, $11, $11)
                         RETURNING id",
                    )
                    .bind(&tournament.platform)
                    .bind(&tournament.space)
                    .bind(&tournament.channel)
                    .bind(board.players.0)
                    .bind(north)
                    .bind(tournament.rated)
                    .bind(false)
                    .bind(&tournament.time_control)
                    .bind(true)
                    .bind(tournament.id)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?,
                ),
                None => None,
            };
            sqlx::query(
                "INSERT INTO tournament_boards (tournament_id, round, board, south, north, game_id)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(tournament.id)
            .bind(round)
            .bind(number)
            .bind(board.south)
            .bind(board.north)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
            games.push(game_id);
        }
        let (per_game, round_effects) = effects(&games);
        // The round's announcement goes out before its games' first boards.
        jobs::apply(&mut tx, None, &round_effects, now).await?;
        for (game_id, game_effects) in games.iter().zip(&per_game) {
            if let Some(game_id) = game_id {
                jobs::apply(&mut tx, Some((*game_id, 0)), game_effects, now).await?;
            }
        }
        tx.commit().await?;
        Ok(Some(games))
    }

    /// Ends tournament `id` if it is still at `version`, with `effects` (the final
    /// crosstable's message). Whether it did.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finish_tournament(
        &self,
        id: i64,
        version: i64,
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        inbox::claim(&mut tx).await?;
        let done = sqlx::query(
            "UPDATE tournaments SET status = 'finished', version = version + 1, updated_at = $1
             WHERE id = $2 AND version = $3 AND status <> 'finished'",
        )
        .bind(now)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        jobs::apply(&mut tx, None, effects, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Bumps tournament `id`'s version if its status is `status`; whether it was.
async fn bump(
    tx: &mut Transaction<'_, Any>,
    id: i64,
    status: &str,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(sqlx::query(
        "UPDATE tournaments SET version = version + 1, updated_at = $1
         WHERE id = $2 AND status = $3",
    )
    .bind(now)
    .bind(id)
    .bind(status)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1)
}

/// In the transaction that ends game `game_id`: if it is a tournament's game,
/// schedules the tournament's `tournament` job now (it starts the next round once
/// the round's last game is over).
pub(super) async fn after_game_end(
    tx: &mut Transaction<'_, Any>,
    game_id: i64,
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
