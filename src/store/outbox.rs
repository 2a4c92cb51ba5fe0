//! The outbox: messages the bot sends unprompted, written in the transaction of the
//! change that calls for them (see `effects::apply`), read by each platform's deliverer
//! and marked sent (at least once; the platforms' de-duplication keyed by the row id
//! makes a re-send after a crash invisible). Failures, backoff and dead messages:
//! see `delivery`.

use crate::store::OutboxStore;
use serde::{de::DeserializeOwned, Serialize};
use sqlx::any::{AnyRow, AnyTypeInfo, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Any, Decode, FromRow, Row, Transaction, Type};

use crate::platform::Platform;

use super::{Backend, StoreError};

/// Pictures an outbox message gets when it is delivered, drawn then (in the
/// language of its place). Stored in the `attach` column as `analysis:<game>` or
/// `standings:<tournament>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attach {
    /// Game `0`'s evaluation graph and biggest blunder.
    Analysis(super::GameId),
    /// Tournament `0`'s standings table.
    Standings(super::TournamentId),
}

impl Attach {
    /// The `attach` column.
    #[must_use]
    pub fn column(self) -> String {
        match self {
            Attach::Analysis(game) => format!("analysis:{game}"),
            Attach::Standings(tournament) => format!("standings:{tournament}"),
        }
    }
}

impl std::str::FromStr for Attach {
    type Err = String;

    fn from_str(column: &str) -> Result<Attach, String> {
        let bad = || format!("attach `{column}`");
        let (kind, id) = column.split_once(':').ok_or_else(bad)?;
        let id: i64 = id.parse().map_err(|_| bad())?;
        match kind {
            "analysis" => Ok(Attach::Analysis(crate::store::GameId::new(id))),
            "standings" => Ok(Attach::Standings(crate::store::TournamentId::new(id))),
            _ => Err(bad()),
        }
    }
}

impl Type<Any> for Attach {
    fn type_info() -> AnyTypeInfo {
        <String as Type<Any>>::type_info()
    }
}

impl<'r> Decode<'r, Any> for Attach {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(<String as Decode<Any>>::decode(value)?.parse()?)
    }
}

/// What an outbox message says: the caller's message (the service's reply) as
/// JSON, read back into that type by [`Store::unsent_messages`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body(String);

impl Body {
    /// `message` in its stored form. A message that cannot be written as JSON (a
    /// map whose keys are not strings) is logged and stored as `null`: it is read
    /// back as unreadable, and never sent.
    pub fn of<T: Serialize>(message: &T) -> Body {
        Body(serde_json::to_string(message).unwrap_or_else(|e| {
            tracing::error!(error = %e, "could not write an outbox message");
            "null".to_owned()
        }))
    }

    /// The stored form.
    pub(super) fn as_str(&self) -> &str {
        &self.0
    }
}

/// A message to send later, where a reply would go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMessage {
    /// The chat network.
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The thread, if known now (else the game's thread at delivery).
    pub thread: Option<String>,
    /// The game it is about. In a write on a game, `None` means that game.
    pub game_id: Option<crate::store::GameId>,
    /// What it says.
    pub body: Body,
    /// Attach the game's board after this many plies.
    pub board_ply: Option<i64>,
    /// Pictures rendered at delivery.
    pub attach: Option<Attach>,
    /// The anchor (see `Store::set_anchor`) of an earlier message this one replaces,
    /// where the platform can edit messages.
    pub edits: Option<String>,
    /// The person (platform user id) it goes to as a direct message, instead of
    /// the channel (which then names that person too, as its destination).
    pub recipient: Option<String>,
}

impl NewMessage {
    /// A message saying `body` to `channel` (in `space`, in `thread` when given) of
    /// `platform`: about the write's own game, if any, with nothing attached.
    #[must_use]
    pub fn to(
        platform: Platform,
        (space, channel, thread): (Option<String>, String, Option<String>),
        body: Body,
    ) -> NewMessage {
        NewMessage {
            platform,
            space,
            channel,
            thread,
            game_id: None,
            body,
            board_ply: None,
            attach: None,
            edits: None,
            recipient: None,
        }
    }
}

/// An outbox message waiting to be delivered, saying a `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow<B> {
    /// The message id: the platforms' de-duplication key.
    pub id: i64,
    /// The chat network.
    pub platform: Platform,
    /// The server, if any.
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The thread: the message's own, else its game's.
    pub thread: Option<String>,
    /// The game it is about.
    pub game_id: Option<crate::store::GameId>,
    /// The challenge it is about, when it is worded as it is sent.
    pub challenge_id: Option<crate::store::ChallengeId>,
    /// What it says; `Err` (why) when the stored body is not a `B`: it can never
    /// be sent.
    pub body: Result<B, String>,
    /// Attach the game's board after this many plies.
    pub board_ply: Option<i64>,
    /// Failed deliveries so far.
    pub attempts: i64,
    /// Pictures rendered at delivery (see [`NewMessage::attach`]).
    pub attach: Option<Attach>,
    /// The anchor of the message this one replaces (see [`NewMessage::edits`]).
    pub edits: Option<String>,
    /// The person it goes to as a direct message (see [`NewMessage::recipient`]).
    pub recipient: Option<String>,
}

impl<'r, B: DeserializeOwned> FromRow<'r, AnyRow> for OutboxRow<B> {
    fn from_row(row: &'r AnyRow) -> Result<OutboxRow<B>, sqlx::Error> {
        let platform: String = row.try_get("platform")?;
        let body: String = row.try_get("body")?;
        Ok(OutboxRow {
            id: row.try_get("id")?,
            platform: Platform::try_from(platform).map_err(|e| sqlx::Error::Decode(e.into()))?,
            space: row.try_get("space")?,
            channel: row.try_get("channel")?,
            thread: row.try_get("thread")?,
            game_id: row.try_get("game_id")?,
            challenge_id: row.try_get("challenge_id")?,
            body: serde_json::from_str(&body).map_err(|e| e.to_string()),
            board_ply: row.try_get("board_ply")?,
            attempts: row.try_get("attempts")?,
            attach: row.try_get("attach")?,
            edits: row.try_get("edits")?,
            recipient: row.try_get("recipient")?,
        })
    }
}

/// Writes one message inside `tx`; a message without a game is `game`'s.
pub(super) async fn insert(
    tx: &mut Transaction<'_, Any>,
    message: &NewMessage,
    game: Option<crate::store::GameId>,
    now: i64,
) -> Result<(), StoreError> {
    insert_about(tx, message, game, None, now).await
}

/// [`insert`], about challenge `challenge` too when given (a challenge written in
/// `tx`: its id is assigned there).
pub(super) async fn insert_about(
    tx: &mut Transaction<'_, Any>,
    message: &NewMessage,
    game: Option<crate::store::GameId>,
    challenge: Option<crate::store::ChallengeId>,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO outbox (platform, space, channel, thread, game_id, body, board_ply,
                             attach, edits, created_at, recipient, challenge_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(message.platform.as_str())
    .bind(&message.space)
    .bind(&message.channel)
    .bind(&message.thread)
    .bind(message.game_id.or(game))
    .bind(message.body.as_str())
    .bind(message.board_ply)
    .bind(message.attach.map(Attach::column))
    .bind(&message.edits)
    .bind(now)
    .bind(&message.recipient)
    .bind(challenge)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The unsent messages of `$1` (see [`Store::unsent_messages`]), given the SQL of
/// a server's id as a number.
macro_rules! unsent {
    ($server:literal) => {
        concat!(
            "SELECT o.id, o.platform, o.space, o.channel,
                    CASE WHEN o.recipient IS NULL THEN COALESCE(o.thread, g.thread) END AS thread,
                    o.game_id, o.challenge_id, o.body, o.board_ply, o.attempts, o.attach, o.edits,
                    o.recipient
             FROM outbox o LEFT JOIN games g ON g.id = o.game_id
               LEFT JOIN delivery_backoff b ON b.platform = o.platform AND b.channel = o.channel
             WHERE o.platform = $1 AND o.sent_at IS NULL AND o.dead_at IS NULL
               AND (b.retry_at IS NULL OR b.retry_at <= $2)
               AND ($4 IS NULL OR (",
            $server,
            " >> 22) % $4 BETWEEN $5 AND $6 - 1)
             ORDER BY o.id LIMIT $3"
        )
    };
}

impl OutboxStore<'_> {
    /// Messages for `platform` not yet delivered nor dead, oldest first, each with its
    /// game's thread when it has none of its own; not those of a destination that
    /// backs off until after `now` (see `delivery`).
    ///
    /// # Errors
    /// Database failures.
    /// With `shards` `(total, start, end)`, only the messages of servers on shards
    /// `start..end` (a server's shard is `(id >> 22) % total`; no server: shard 0).
    pub async fn unsent_messages<B: DeserializeOwned + Send + Unpin>(
        self,
        platform: Platform,
        limit: i64,
        shards: Option<(u32, u32, u32)>,
        now: i64,
    ) -> Result<Vec<OutboxRow<B>>, StoreError> {
        let (total, start, end) = shards.map_or((None, 0, 0), |(t, s, e)| {
            (Some(i64::from(t)), i64::from(s), i64::from(e))
        });
        // A server's id as a number (PostgreSQL casts only digits; CASE keeps the
        // cast away from other platforms' rows).
        let sql = match self.store.backend {
            Backend::Sqlite => unsent!("COALESCE(CAST(o.space AS INTEGER), 0)"),
            Backend::Postgres => {
                unsent!("CASE WHEN o.space ~ '^[0-9]+$' THEN CAST(o.space AS BIGINT) ELSE 0 END")
            }
        };
        Ok(sqlx::query_as(sql)
            .bind(platform.as_str())
            .bind(now)
            .bind(limit)
            .bind(total)
            .bind(start)
            .bind(end)
            .fetch_all(&self.store.reader)
            .await?)
    }

    /// Queues `messages` in a write of their own, claiming `claim`: the
    /// announcement of a change already committed (a web page's request other
    /// than a move, whose answer no adapter delivers).
    ///
    /// # Errors
    /// Database failures.
    pub async fn post(
        self,
        claim: super::Claim<'_>,
        messages: &[NewMessage],
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.store.write(claim).await?;
        for message in messages {
            insert(&mut tx, message, None, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records the platform's id for the message sent with `anchor`, so a later
    /// message can replace it (the first id recorded stays).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_anchor(
        self,
        platform: Platform,
        anchor: &str,
        message_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO anchors (platform, anchor, message_id, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(platform.as_str())
        .bind(anchor)
        .bind(message_id)
        .bind(now)
        .execute(&self.store.writer)
        .await?;
        Ok(())
    }

    /// The platform's id for the message sent with `anchor`, once recorded.
    ///
    /// # Errors
    /// Database failures.
    pub async fn anchored_message(
        self,
        platform: Platform,
        anchor: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar(
                "SELECT message_id FROM anchors WHERE platform = $1 AND anchor = $2",
            )
            .bind(platform.as_str())
            .bind(anchor)
            .fetch_optional(&self.store.writer)
            .await?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Attach;

    #[test]
    fn attach_round_trips_through_its_column_and_refuses_the_unknown() {
        for attach in [
            Attach::Analysis(crate::store::GameId::new(12)),
            Attach::Standings(crate::store::TournamentId::new(3)),
        ] {
            assert_eq!(attach.column().parse(), Ok(attach));
        }
        for column in ["analysis", "analysis:x", "chart:3", ""] {
            assert!(column.parse::<Attach>().is_err(), "{column}");
        }
    }
}
