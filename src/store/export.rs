//! Everything the bot stores about one person (`/oware settings export`): the rows
//! of every table that names their identity, one of their accounts (linked
//! accounts share an identity), or their platform user ids, as JSON, table by
//! table. Other people's rows are not included, except as the games they played
//! together; nor other people's ids or names in their rows (who banned them, whom
//! an audit row of theirs names).

use crate::store::PeopleStore;
use serde_json::{Map, Value as Json};
use sqlx::any::AnyRow;
use sqlx::{Column, Row};

use super::copy::values::{read, Value};
use super::{GameRow, StoreError};

/// What a table's rows are found by.
#[derive(Clone, Copy)]
enum Key {
    /// `$1`: the identity (the player row all linked accounts share).
    Identity,
    /// `$1`: one account's player row id.
    Player,
    /// `$1`, `$2`: one account's platform and platform user id.
    User,
}

/// The tables that hold a person's data, and how their rows are found.
const TABLES: &[(&str, Key, &str)] = &[
    (
        "ratings",
        Key::Identity,
        "SELECT * FROM ratings WHERE identity_id = $1",
    ),
    (
        "rating_history",
        Key::Identity,
        "SELECT * FROM rating_history WHERE identity_id = $1 ORDER BY rated_at",
    ),
    (
        "accounts",
        Key::Player,
        "SELECT * FROM players WHERE id = $1",
    ),
    (
        "games",
        Key::Player,
        "SELECT * FROM games WHERE south_id = $1 OR north_id = $1 ORDER BY id",
    ),
    (
        "moves",
        Key::Player,
        "SELECT * FROM moves WHERE player_id = $1 ORDER BY game_id, ply",
    ),
    (
        "advice",
        Key::Player,
        "SELECT * FROM advice WHERE onlooker_id = $1 ORDER BY game_id, ply",
    ),
    (
        "challenges",
        Key::Player,
        "SELECT * FROM challenges WHERE challenger_id = $1 OR opponent_id = $1 ORDER BY id",
    ),
    (
        "link_codes",
        Key::Player,
        "SELECT * FROM link_codes WHERE player_id = $1 OR used_by = $1",
    ),
    (
        "vacations",
        Key::Player,
        "SELECT * FROM vacations WHERE player_id = $1 ORDER BY started_at",
    ),
    (
        "tournament_players",
        Key::Player,
        "SELECT * FROM tournament_players WHERE player_id = $1",
    ),
    (
        "puzzle_attempts",
        Key::User,
        "SELECT * FROM puzzle_attempts WHERE platform = $1 AND user_id = $2",
    ),
    (
        "puzzle_ratings",
        Key::User,
        "SELECT * FROM puzzle_ratings WHERE platform = $1 AND user_id = $2",
    ),
    (
        "user_settings",
        Key::User,
        "SELECT * FROM user_settings WHERE platform = $1 AND user_id = $2",
    ),
    (
        "lessons_done",
        Key::User,
        "SELECT * FROM lessons_done WHERE platform = $1 AND user_id = $2",
    ),
    (
        "dm_rooms",
        Key::User,
        "SELECT * FROM dm_rooms WHERE platform = $1 AND user_id = $2",
    ),
    // Their bans, without who banned them: that is another person's id.
    (
        "bans",
        Key::User,
        "SELECT platform, place, user_id, until_at, reason, created_at
         FROM bans WHERE platform = $1 AND user_id = $2",
    ),
    // What they did or what was done to them, each side named only when it is
    // them: the admin who acted on them, or the person they acted on, is not.
    (
        "audit",
        Key::User,
        "SELECT id, platform, place, action, game_id,
                CASE WHEN actor_id = $2 THEN actor_id END AS actor_id,
                CASE WHEN actor_id = $2 THEN actor_name END AS actor_name,
                CASE WHEN target_id = $2 THEN target_id END AS target_id,
                CASE WHEN target_id = $2 THEN target_name END AS target_name,
                reason, created_at
         FROM audit WHERE platform = $1 AND (actor_id = $2 OR target_id = $2)
         ORDER BY id",
    ),
];

/// One of a person's accounts.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Account {
    /// Its player row (`None` for someone who never played: only their settings,
    /// puzzles and the like name them).
    pub id: Option<i64>,
    /// Its network.
    pub platform: String,
    /// Its platform user id.
    pub user_id: String,
}

/// A row as JSON: each column by name, as stored (bytes as lowercase hex).
fn row_json(row: &AnyRow) -> Result<Json, sqlx::Error> {
    let mut object = Map::new();
    for (i, column) in row.columns().iter().enumerate() {
        let value = match read(row, i)? {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(b),
            Value::Int(n) => Json::from(n),
            Value::Real(x) => Json::from(x),
            Value::Text(t) => Json::String(t),
            Value::Bytes(b) => Json::String(b.iter().map(|byte| format!("{byte:02x}")).collect()),
        };
        object.insert(column.name().to_owned(), value);
    }
    Ok(Json::Object(object))
}

impl PeopleStore<'_> {
    /// The accounts of identity `identity` (itself and those linked to it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn accounts_of(
        self,
        identity: crate::store::IdentityId,
    ) -> Result<Vec<Account>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, platform, user_id FROM players
             WHERE COALESCE(identity_id, id) = $1 ORDER BY id",
        )
        .bind(identity)
        .fetch_all(&self.store.reader)
        .await?)
    }

    /// Every row about a person, by table (see [`TABLES`]): their identity (none
    /// for someone who never played) and `accounts`; an object of arrays of row
    /// objects.
    ///
    /// # Errors
    /// Database failures.
    pub async fn export(
        self,
        identity: Option<i64>,
        accounts: &[Account],
    ) -> Result<Json, StoreError> {
        let mut tables = Map::new();
        for &(name, key, sql) in TABLES {
            let mut rows: Vec<AnyRow> = Vec::new();
            match key {
                Key::Identity => {
                    if let Some(identity) = identity {
                        let query = sqlx::query(sql).bind(identity);
                        rows.extend(query.fetch_all(&self.store.reader).await?);
                    }
                }
                Key::Player => {
                    for id in accounts.iter().filter_map(|account| account.id) {
                        let query = sqlx::query(sql).bind(id);
                        rows.extend(query.fetch_all(&self.store.reader).await?);
                    }
                }
                Key::User => {
                    for account in accounts {
                        let query = sqlx::query(sql)
                            .bind(account.platform.as_str())
                            .bind(account.user_id.as_str());
                        rows.extend(query.fetch_all(&self.store.reader).await?);
                    }
                }
            }
            let rows = rows.iter().map(row_json).collect::<Result<Vec<_>, _>>()?;
            tables.insert(name.to_owned(), Json::Array(rows));
        }
        Ok(Json::Object(tables))
    }

    /// The games identity `identity` played or plays, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn games_of_identity(
        self,
        identity: crate::store::IdentityId,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(concat!(
            select_game!(),
            "WHERE COALESCE(s.identity_id, s.id) = $1 OR COALESCE(n.identity_id, n.id) = $1
             ORDER BY g.id"
        ))
        .bind(identity)
        .fetch_all(&self.store.reader)
        .await?)
    }
}
