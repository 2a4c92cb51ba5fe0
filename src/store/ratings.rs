//! Ratings per identity (linked accounts share one) and per [`Speed`] (live and
//! correspondence games keep separate ratings), their history for the chart and the
//! leaderboard. Head-to-head records and recent games are in `records.rs`.
//!
//! A player row is its own identity until linked (`players.identity_id` is NULL); the
//! identity id is then `COALESCE(identity_id, id)`. Ratings are written only by
//! [`rate_game`], inside the transaction that ends the game, at the speed of the
//! game's time control.

use std::collections::HashMap;

use crate::store::PeopleStore;
use sqlx::{AnyConnection, FromRow};

use super::{GameEnd, StoreError};
use crate::platform::Platform;
use crate::play::clock::{Speed, TimeControl};
use crate::play::rating::{self, GameResult, Rating};
use crate::rules::Side;

/// Glicko-2 numbers as stored.
#[derive(Clone, Copy, Debug, PartialEq, FromRow)]
pub struct RatingNumbers {
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

impl From<Rating> for RatingNumbers {
    fn from(r: Rating) -> RatingNumbers {
        RatingNumbers {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<RatingNumbers> for Rating {
    fn from(n: RatingNumbers) -> Rating {
        Rating {
            rating: n.rating,
            deviation: n.deviation,
            volatility: n.volatility,
        }
    }
}

/// One player's rating change from a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// Before the game.
    pub before: RatingNumbers,
    /// After it.
    pub after: RatingNumbers,
    /// Rated games played before this one, at the game's speed.
    pub games_before: i64,
    /// The speed whose rating changed (the game's).
    pub speed: Speed,
}

/// An identity's rating and rated record at one speed.
#[derive(Clone, Debug, PartialEq, FromRow)]
pub struct RatingRow {
    /// The identity id.
    pub identity_id: crate::store::IdentityId,
    /// The speed the rating is for.
    #[sqlx(try_from = "String")]
    pub speed: Speed,
    /// The name of the identity's most recently active account.
    pub name: String,
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
    /// Rated games.
    pub games: i64,
    /// Rated wins.
    pub wins: i64,
    /// Rated draws.
    pub draws: i64,
    /// Rated losses.
    pub losses: i64,
    /// Seeds captured in rated games.
    pub seeds: i64,
    /// Current run of rated wins.
    pub streak: i64,
    /// Longest run of rated wins.
    pub best_streak: i64,
}

/// Which players a leaderboard ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope<'a> {
    /// Everyone, on every network.
    Global,
    /// Those who played a game in this Discord server: `(platform, space)`.
    Server(Platform, &'a str),
    /// Those who played a game in this room, which belongs to no server (a Matrix
    /// room, a console room): `(platform, channel)`.
    Room(Platform, &'a str),
}

/// `SELECT` of a [`RatingRow`] from `ratings r`; the display name of an identity is
/// its most recently active account's.
macro_rules! select_rating {
    () => {
        "SELECT r.identity_id, r.speed,
                (SELECT p.name FROM players p
                 WHERE COALESCE(p.identity_id, p.id) = r.identity_id
                 ORDER BY p.updated_at DESC, p.id DESC LIMIT 1) AS name,
                r.rating, r.deviation, r.volatility,
                r.games, r.wins, r.draws, r.losses, r.seeds, r.streak, r.best_streak
         FROM ratings r "
    };
}

/// The ratings rows at speed `$4` in a scope: `$1` platform (NULL for all), `$2` its
/// server (NULL for a room of no server), `$3` the room (NULL for the whole server).
macro_rules! in_scope {
    () => {
        "r.speed = $4 AND ($1 IS NULL OR r.identity_id IN (
              SELECT COALESCE(p.identity_id, p.id) FROM games g
              JOIN players p ON p.id = g.south_id OR p.id = g.north_id
              WHERE g.platform = $1 AND g.space IS NOT DISTINCT FROM $2
                AND ($3 IS NULL OR g.channel = $3)))"
    };
}

/// Applies a rated game's result to both players' identities at the speed of the
/// game's time control ([`TimeControl::rating_speed`]) with Glicko-2
/// ([`rating::update`], a new identity starting at [`Rating::NEW`]), inside the
/// transaction that ends the game. Returns `None`, changing nothing, when both
/// accounts belong to one identity (a player cannot gain rating from themself) or
/// the game has no result (an abort).
pub(super) async fn rate_game(
    conn: &mut AnyConnection,
    game_id: crate::store::GameId,
    end: &GameEnd,
    now: i64,
) -> Result<Option<[RatingChange; 2]>, StoreError> {
    if end.ending.result_column().is_none() {
        return Ok(None);
    }
    let (south, north, time_control): (i64, i64, String) = sqlx::query_as(
        "SELECT COALESCE(s.identity_id, s.id), COALESCE(n.identity_id, n.id), g.time_control
         FROM games g JOIN players s ON s.id = g.south_id JOIN players n ON n.id = g.north_id
         WHERE g.id = $1",
    )
    .bind(game_id)
    .fetch_one(&mut *conn)
    .await?;
    if south == north {
        return Ok(None);
    }
    let speed = TimeControl::try_from(time_control)
        .map_err(|e| StoreError::Db(sqlx::Error::Decode(Box::new(e))))?
        .rating_speed();
    let mut current = [None, None];
    let mut games = [0i64; 2];
    for (i, identity) in [south, north].into_iter().enumerate() {
        let row: Option<(f64, f64, f64, i64)> = sqlx::query_as(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE identity_id = $1 AND speed = $2",
        )
        .bind(identity)
        .bind(speed.as_str())
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((rating, deviation, volatility, n)) = row {
            current[i] = Some(RatingNumbers {
                rating,
                deviation,
                volatility,
            });
            games[i] = n;
        }
    }
    let [south_now, north_now] = current.map(|n| n.map_or(Rating::NEW, Rating::from));
    let (south_after, north_after) = rating::update(
        south_now,
        north_now,
        GameResult::for_side(end.ending.winner, Side::South),
    );
    let new: [(RatingNumbers, RatingNumbers); 2] = [
        (south_now.into(), south_after.into()),
        (north_now.into(), north_after.into()),
    ];
    let mut changes = Vec::with_capacity(2);
    for (i, (identity, (before, after))) in [south, north].into_iter().zip(new).enumerate() {
        let letter = if i == 0 { "S" } else { "N" };
        let won = i64::from(end.ending.result_column() == Some(letter));
        let drew = i64::from(end.ending.result_column() == Some("draw"));
        let lost = 1 - won - drew;
        sqlx::query(
            "INSERT INTO ratings (identity_id, rating, deviation, volatility, games, wins,
                 draws, losses, seeds, streak, best_streak, updated_at, speed)
             VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $5, $5, $9, $10)
             ON CONFLICT (identity_id, speed) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = ratings.games + 1,
                 wins = ratings.wins + excluded.wins, draws = ratings.draws + excluded.draws,
                 losses = ratings.losses + excluded.losses,
                 seeds = ratings.seeds + excluded.seeds,
                 streak = CASE WHEN excluded.wins = 1 THEN ratings.streak + 1 ELSE 0 END,
                 best_streak = CASE WHEN excluded.wins = 1
                                         AND ratings.streak + 1 > ratings.best_streak
                                    THEN ratings.streak + 1 ELSE ratings.best_streak END,
                 updated_at = excluded.updated_at",
        )
        .bind(identity)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(won)
        .bind(drew)
        .bind(lost)
        .bind(i64::from(end.scores[i]))
        .bind(now)
        .bind(speed.as_str())
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (identity_id, game_id, before, rating, deviation,
                 volatility, rated_at, speed, side, before_deviation, before_volatility,
                 games_before)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(identity)
        .bind(game_id)
        .bind(before.rating)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now)
        .bind(speed.as_str())
        .bind(letter)
        .bind(before.deviation)
        .bind(before.volatility)
        .bind(games[i])
        .execute(&mut *conn)
        .await?;
        changes.push(RatingChange {
            before,
            after,
            games_before: games[i],
            speed,
        });
    }
    Ok(Some([changes[0], changes[1]]))
}

impl PeopleStore<'_> {
    /// The identity of an account, if the account has ever played or advised.
    ///
    /// # Errors
    /// Database failures.
    pub async fn identity_of(
        self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<super::IdentityId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COALESCE(identity_id, id) FROM players WHERE platform = $1 AND user_id = $2",
        )
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// The rating at `speed` and rated record of the identity of player row
    /// `player_id`, if it has finished a rated game at that speed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn rating_of_player(
        self,
        player_id: crate::store::PlayerId,
        speed: Speed,
    ) -> Result<Option<RatingRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_rating!(),
            "WHERE r.identity_id = (SELECT COALESCE(identity_id, id) FROM players WHERE id = $1)
               AND r.speed = $2"
        ))
        .bind(player_id)
        .bind(speed.as_str())
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// An identity's rating at `speed` and rated record, if it has finished a rated
    /// game at that speed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn rating(
        self,
        identity_id: crate::store::IdentityId,
        speed: Speed,
    ) -> Result<Option<RatingRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_rating!(),
            "WHERE r.identity_id = $1 AND r.speed = $2"
        ))
        .bind(identity_id)
        .bind(speed.as_str())
        .fetch_optional(&self.store.reader)
        .await?)
    }

    /// An identity's numbers at `speed` after each rated game, oldest first:
    /// `(rating, deviation)`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn rating_history(
        self,
        identity_id: crate::store::IdentityId,
        speed: Speed,
    ) -> Result<Vec<(f64, f64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT rating, deviation FROM rating_history WHERE identity_id = $1 AND speed = $2
             ORDER BY rated_at, game_id",
        )
        .bind(identity_id)
        .bind(speed.as_str())
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// What game `game_id` did to its players' ratings, `[South, North]`, as
    /// [`rate_game`] returned it when the game ended: `None` for a game not rated
    /// (casual, too short, unfinished, both accounts one identity) or rated before
    /// the history kept the numbers before the game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_ratings(
        self,
        game_id: crate::store::GameId,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        type Row = (String, f64, f64, f64, f64, f64, f64, i64, String);
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT side, before, before_deviation, before_volatility, rating, deviation,
                    volatility, games_before, speed
             FROM rating_history
             WHERE game_id = $1 AND side IS NOT NULL AND before_deviation IS NOT NULL
               AND before_volatility IS NOT NULL AND games_before IS NOT NULL",
        )
        .bind(game_id)
        .fetch_all(&self.store.reader)
        .await?;
        let mut sides = [None, None];
        for (
            side,
            before,
            before_deviation,
            before_volatility,
            rating,
            deviation,
            volatility,
            games,
            speed,
        ) in rows
        {
            let i = usize::from(side == "N");
            let speed = Speed::try_from(speed)
                .map_err(|e| StoreError::Db(sqlx::Error::Decode(Box::new(e))))?;
            sides[i] = Some(RatingChange {
                before: RatingNumbers {
                    rating: before,
                    deviation: before_deviation,
                    volatility: before_volatility,
                },
                after: RatingNumbers {
                    rating,
                    deviation,
                    volatility,
                },
                games_before: games,
                speed,
            });
        }
        Ok(match sides {
            [Some(south), Some(north)] => Some([south, north]),
            _ => None,
        })
    }

    /// What game `game_id` did to its players' ratings, by identity: `(before,
    /// after)` for each player it rated (none for an unrated or unfinished game).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_rating_changes(
        self,
        game_id: crate::store::GameId,
    ) -> Result<HashMap<crate::store::IdentityId, (f64, f64)>, StoreError> {
        let rows: Vec<(crate::store::IdentityId, f64, f64)> = sqlx::query_as(
            "SELECT identity_id, before, rating FROM rating_history WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_all(&self.store.reader)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(identity, before, after)| (identity, (before, after)))
            .collect())
    }

    /// One page of the leaderboard of ratings at `speed` (best first) and how many
    /// players it ranks.
    ///
    /// # Errors
    /// Database failures.
    pub async fn leaderboard(
        self,
        scope: Scope<'_>,
        speed: Speed,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<RatingRow>, i64), StoreError> {
        let (platform, space, room) = match scope {
            Scope::Global => (None, None, None),
            Scope::Server(platform, space) => (Some(platform.as_str()), Some(space), None),
            Scope::Room(platform, room) => (Some(platform.as_str()), None, Some(room)),
        };
        let rows = sqlx::query_as(concat!(
            select_rating!(),
            "WHERE ",
            in_scope!(),
            " ORDER BY r.rating DESC, r.games DESC, r.identity_id LIMIT $5 OFFSET $6"
        ))
        .bind(platform)
        .bind(space)
        .bind(room)
        .bind(speed.as_str())
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.store.reader)
        .await?;
        let total = sqlx::query_scalar(concat!(
            "SELECT count(*) FROM ratings r WHERE ",
            in_scope!()
        ))
        .bind(platform)
        .bind(space)
        .bind(room)
        .bind(speed.as_str())
        .fetch_one(&self.store.reader)
        .await?;
        Ok((rows, total))
    }
}
