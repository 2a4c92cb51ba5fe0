//! The writes that move a tournament on: creating it, joining and leaving, starting
//! a round (its games, clocks, jobs and announcements in one transaction) and ending
//! it. Each is guarded by the tournament's status or version.

use crate::store::words::{tournament_finished, tournament_open, tournament_running};
use crate::store::TournamentStore;
use sqlx::{Any, Transaction};

use super::super::{effects, Effects, StoreError};
use super::{super::Claim, Joined, Left, NewBoard, NewTournament, TournamentRow};

impl TournamentStore<'_> {
    /// Creates a tournament, open for players to join; returns its id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn create_tournament(
        self,
        claim: Claim<'_>,
        new: &NewTournament,
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let id = sqlx::query_scalar(
            "INSERT INTO tournaments (platform, place, space, channel, name, format, rounds,
                 double_rounds, time_control, rated, creator_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
             RETURNING id",
        )
        .bind(new.platform.as_str())
        .bind(&new.place)
        .bind(&new.space)
        .bind(&new.channel)
        .bind(&new.name)
        .bind(new.format.as_str())
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

    /// Adds player `player_id` to open tournament `id`, unless it has `most_players`
    /// already (counted in the transaction, so joins at once cannot pass it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn join_tournament(
        self,
        claim: Claim<'_>,
        id: crate::store::TournamentId,
        player_id: crate::store::PlayerId,
        most_players: Option<i64>,
        now: i64,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.store.write(claim).await?;
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
        let open = bump(&mut tx, id, tournament_open!(), now).await?;
        if !open {
            tx.rollback().await?;
            return Ok(Joined::Closed);
        }
        if let Some(most) = most_players {
            let players: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            if players >= most {
                tx.rollback().await?;
                return Ok(Joined::Full(players));
            }
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
        self,
        claim: Claim<'_>,
        id: crate::store::TournamentId,
        player_id: crate::store::PlayerId,
        now: i64,
    ) -> Result<Left, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let state: Option<(String, i64)> =
            sqlx::query_as("SELECT status, round FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        let left = match state {
            None => Left::NotIn,
            Some((status, _)) if status == tournament_finished!() => Left::Finished,
            Some((status, _)) if status == tournament_open!() => {
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
    #[allow(clippy::too_many_arguments)]
    pub async fn start_round(
        self,
        claim: Claim<'_>,
        tournament: &TournamentRow,
        round: i64,
        rounds: i64,
        boards: &[NewBoard],
        effects: impl FnOnce(&[Option<i64>]) -> (Vec<Effects>, Effects) + Send,
        now: i64,
    ) -> Result<Option<Vec<Option<i64>>>, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let moved = sqlx::query(concat!(
            "UPDATE tournaments SET status = '",
            tournament_running!(),
            "', round = $1, rounds = $2,
                 version = version + 1, updated_at = $3
             WHERE id = $4 AND version = $5 AND status <> '",
            tournament_finished!(),
            "'"
        ))
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
                             created_at, updated_at, web_slug)
                         VALUES ($1, $2, $3, $4, $5, 'abapa', $6, $7, $8, $9, $10, $11, $11, $12)
                         RETURNING id",
                    )
                    .bind(tournament.platform.as_str())
                    .bind(&tournament.space)
                    .bind(&tournament.channel)
                    .bind(board.players.0)
                    .bind(north)
                    .bind(tournament.rated)
                    .bind(false)
                    .bind(tournament.time_control.to_string())
                    .bind(true)
                    .bind(tournament.id)
                    .bind(now)
                    .bind(crate::store::fresh_slug())
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
        effects::apply(&mut tx, None, &round_effects, now).await?;
        for (game_id, game_effects) in games.iter().zip(&per_game) {
            if let Some(game_id) = game_id {
                effects::apply(
                    &mut tx,
                    Some((super::super::GameId::new(*game_id), 0)),
                    game_effects,
                    now,
                )
                .await?;
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
        self,
        claim: Claim<'_>,
        id: crate::store::TournamentId,
        version: i64,
        effects: &Effects,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let done = sqlx::query(concat!(
            "UPDATE tournaments SET status = '",
            tournament_finished!(),
            "', version = version + 1, updated_at = $1
             WHERE id = $2 AND version = $3 AND status <> '",
            tournament_finished!(),
            "'"
        ))
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
        effects::apply(&mut tx, None, effects, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Bumps tournament `id`'s version if its status is `status`; whether it was.
async fn bump(
    tx: &mut Transaction<'_, Any>,
    id: crate::store::TournamentId,
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
