//! The messages the bot sends unprompted, as the adapters see them: [`Outgoing`]
//! rows read from the store's outbox with their board images rendered, and the calls
//! that mark them delivered. Writing them is part of each change's transaction (see
//! `turn` and `jobs`); this file only reads and renders.

use crate::service::cases::Challenges;
use crate::service::cases::Delivery;
use crate::service::cases::Games;
use crate::service::cases::Learning;
use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Preferences;
use crate::service::cases::Tournaments;
use std::time::Duration;

use tokio::sync::watch;

use super::{
    ended::humans,
    recipe::{Recipe, Stored},
    view::moved_words,
    Place, Platform, Reply, ServiceError,
};
use crate::store::{Attach, Body, DeliveryFailure, GameRow, NewMessage, OutboxRow, Retry};

/// How many messages one delivery round takes.
const ROUND: i64 = 50;

/// The Discord shards one process runs: `range` of `total`. A server (guild) belongs
/// to shard `(guild_id >> 22) % total`, direct messages to shard 0; each process
/// delivers only its own shards' messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shards {
    /// How many shards the bot has in all.
    pub total: u32,
    /// The shards this process runs.
    pub range: std::ops::Range<u32>,
}

impl Shards {
    /// The shard of a place in server `space` (`None`: direct messages).
    #[must_use]
    pub fn shard_of(&self, space: Option<&str>) -> u32 {
        let guild: u64 = space.and_then(|s| s.parse().ok()).unwrap_or(0);
        u32::try_from((guild >> 22) % u64::from(self.total.max(1))).unwrap_or(0)
    }

    /// Whether this process runs the shard of `space`.
    #[must_use]
    pub fn owns(&self, space: Option<&str>) -> bool {
        self.range.contains(&self.shard_of(space))
    }
}

/// An unprompted message to deliver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// The outbox row id: the key for the platform's de-duplication (Matrix
    /// transaction id, Discord nonce), so a re-send after a crash shows once.
    pub id: i64,
    /// Where it goes: the channel or room, and the game's thread when it has one.
    pub place: Place,
    /// What it says, with the board image attached when it shows a board.
    pub reply: Reply,
    /// The anchor of an earlier message this one replaces ("analysing game #12…"):
    /// platforms that can edit look up that message with `Delivery::anchored`
    /// when they send (in the room's turn, after the earlier message went out) and
    /// replace its text with this one's, sending its files after it; others send it
    /// as a new message.
    pub edits: Option<String>,
    /// The person (platform user id) it goes to as a direct message, instead of
    /// `place` (whose channel names them too: their messages queue together).
    pub recipient: Option<String>,
}

/// An outbox message for the game stored as `row`, showing its board after
/// `board_ply` plies when given.
pub(super) fn game_message(row: &GameRow, reply: &Reply, board_ply: Option<i64>) -> NewMessage {
    NewMessage {
        platform: row.platform,
        space: row.space.clone(),
        channel: row.channel.clone(),
        thread: None,
        game_id: Some(row.id),
        body: Body::of(reply),
        board_ply,
        attach: None,
        edits: None,
        recipient: None,
    }
}

/// An outbox message to `place`, about no game.
pub(super) fn place_message(place: &Place, reply: &Reply) -> NewMessage {
    NewMessage::to(place.platform, place.parts(), Body::of(reply))
}

impl Delivery<'_> {
    /// Messages for `platform` waiting to be delivered, oldest first, with their
    /// boards rendered, in the language of their place; only those of the servers
    /// on `shards` when given, and none of a destination that backs off after a
    /// failure. A message whose body can never be read is dead at once (logged, and
    /// counted by `/oware admin status`); one that cannot be prepared now (the
    /// database failed) waits for the next round: neither is counted as sent.
    pub async fn unsent(&self, platform: Platform, shards: Option<&Shards>) -> Vec<Outgoing> {
        let share = shards.map(|s| (s.total, s.range.start, s.range.end));
        let rows = match self
            .core
            .store
            .outbox()
            .unsent_messages::<Stored>(platform, ROUND, share, self.core.now())
            .await
        {
            Ok(rows) => rows,
            Err(err) => {
                tracing::error!(error = %err, "could not read the outbox");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(rows.len());
        // Places whose message could not be prepared: their later ones wait too.
        let mut held = std::collections::HashSet::new();
        for row in rows {
            if held.contains(&row.channel) {
                continue;
            }
            // Words and pictures are drawn now, in the language of who reads them.
            let language = match self.reader_language(platform, &row).await {
                Ok(language) => language,
                Err(err) => {
                    tracing::warn!(id = row.id, error = %err,
                        "could not read a message's game; it waits for the next round");
                    held.insert(row.channel.clone());
                    continue;
                }
            };
            match self.outgoing(&language, platform, &row).await {
                Ok(None) => {
                    tracing::debug!(id = row.id, "a message about a move already made: not sent");
                    self.mark_sent(row.id).await;
                }
                Ok(Some(mut message)) => {
                    message.reply.language = language;
                    out.push(message);
                }
                Err(ServiceError::Internal(reason)) => {
                    tracing::error!(id = row.id, %reason, "unreadable outbox message: dead");
                    self.delivery_failed(row.id, DeliveryFailure::Permanent(reason))
                        .await;
                }
                Err(err) => {
                    // This message's turn comes again; a later one to the same place
                    // must not overtake it.
                    tracing::warn!(id = row.id, error = %err,
                        "could not prepare an outbox message; it waits for the next round");
                    held.insert(row.channel.clone());
                }
            }
        }
        out
    }

    /// How long until a destination of `platform` that backs off may be tried again,
    /// if one does (zero when one is due): a deliverer sleeps at most that long.
    pub async fn next_retry(&self, platform: Platform) -> Option<Duration> {
        match self.core.store.outbox().next_retry(platform).await {
            Ok(at) => {
                at.map(|at| Duration::from_millis(u64::try_from(at - self.core.now()).unwrap_or(0)))
            }
            Err(err) => {
                tracing::error!(error = %err, "could not read when to retry deliveries");
                None
            }
        }
    }

    /// Whether `game` is in progress at `ply` (see [`Reply::until_ply`]); on a
    /// database error, yes (the message goes out rather than being lost).
    pub async fn still_at(&self, game: crate::store::GameId, ply: i64) -> bool {
        self.game_still_at(game, ply).await.unwrap_or(true)
    }

    async fn game_still_at(
        &self,
        game: crate::store::GameId,
        ply: i64,
    ) -> Result<bool, ServiceError> {
        let game = self.core.store.games().game(game).await?;
        Ok(game.is_some_and(|game| game.is_active() && game.ply == ply))
    }

    /// The language message `row` is written in: a direct message's recipient's
    /// own, else that of its place (for a direct message about a game, its game's
    /// place).
    ///
    /// # Errors
    /// Database failures reading the game.
    async fn reader_language(
        &self,
        platform: Platform,
        row: &OutboxRow<Stored>,
    ) -> Result<crate::i18n::Language, ServiceError> {
        let preferences = Preferences::new(self.core);
        let Some(person) = &row.recipient else {
            let place = row.space.as_deref().unwrap_or(&row.channel);
            return Ok(preferences.language_at(platform, place).await);
        };
        if let Some(own) = preferences.personal_language(platform, person).await {
            return Ok(own);
        }
        let game = match row.game_id {
            Some(game) => self.core.store.games().game(game).await?,
            None => None,
        };
        Ok(match game {
            Some(game) => {
                let place = game.space.as_deref().unwrap_or(&game.channel);
                preferences.language_at(platform, place).await
            }
            None => preferences.language_at(platform, &row.channel).await,
        })
    }

    /// Message `row` ready to send, written in `lang`; `None` when it is moot (see
    /// [`Reply::until_ply`]), or about a game no longer kept.
    async fn outgoing(
        &self,
        lang: &crate::i18n::Language,
        platform: Platform,
        row: &OutboxRow<Stored>,
    ) -> Result<Option<Outgoing>, ServiceError> {
        let stored = row
            .body
            .clone()
            .map_err(|e| ServiceError::Internal(format!("outbox #{}: {e}", row.id)))?;
        let mut reply = match stored {
            Stored::Written(reply) => *reply,
            Stored::Recipe(Recipe::Challenged) => {
                let challenge = match row.challenge_id {
                    Some(id) => self.core.store.challenges().challenge(id).await?,
                    None => None,
                };
                let made = match challenge {
                    Some(c) => Challenges::new(self.core).made(&c, self.core.now()).await?,
                    None => None,
                };
                let Some(made) = made else {
                    return Ok(None);
                };
                made.words(lang)
            }
            Stored::Recipe(recipe) => {
                let game = match row.game_id {
                    Some(game) => self.core.store.games().game(game).await?,
                    None => None,
                };
                let Some(game) = game else {
                    return Ok(None);
                };
                self.game_recipe(lang, row.id, &recipe, &game).await?
            }
        };
        if let (Some(ply), Some(game)) = (reply.until_ply, row.game_id) {
            if !self.game_still_at(game, ply).await? {
                return Ok(None);
            }
        }
        if let (Some(game_id), Some(ply)) = (row.game_id, row.board_ply) {
            if let Some(game) = self.core.store.games().game(game_id).await? {
                let board = Games::new(self.core).load_at(&game, ply).await?;
                reply = Pictures::new(self.core)
                    .with_board(lang, reply, &game, &board, None, crate::rules::Side::South)
                    .await;
            }
        }
        match row.attach {
            Some(Attach::Analysis(game)) => {
                reply.files = Learning::new(self.core).analysis_files(lang, game).await
            }
            Some(Attach::Standings(id)) => {
                reply.files = Tournaments::new(self.core).standings_files(id).await?
            }
            None => {}
        }
        // A direct message is about its game, but goes to no thread of it.
        if row.recipient.is_none() {
            reply.game = reply.game.or(row.game_id);
            if let Some(game) = reply.game {
                reply.thread = self.game_thread(game).await?;
            }
        }
        Ok(Some(Outgoing {
            id: row.id,
            place: Place {
                platform,
                space: row.space.clone(),
                channel: row.channel.clone(),
                thread: row.thread.clone(),
            },
            reply,
            edits: row.edits.clone(),
            recipient: row.recipient.clone(),
        }))
    }

    /// The words of recipe `recipe` (outbox message `id`) about game `game`, in
    /// `lang`, now.
    async fn game_recipe(
        &self,
        lang: &crate::i18n::Language,
        id: i64,
        recipe: &Recipe,
        game: &GameRow,
    ) -> Result<Reply, ServiceError> {
        let now = self.core.now();
        let unreadable =
            || ServiceError::Internal(format!("outbox #{id}: {recipe:?} names no move"));
        let mut reply = match recipe {
            &Recipe::Moved { ply, clock } => {
                let played = Games::new(self.core).load_at(game, ply).await?;
                let ratings = if played.is_over() {
                    self.core.store.people().game_ratings(game.id).await?
                } else {
                    None
                };
                let ply = played.plies().last().ok_or_else(unreadable)?;
                let mut reply =
                    moved_words(lang, game, (&played, ply), clock.as_ref(), ratings, now);
                if played.is_over() {
                    // The final board links the game's page, as every ending's does.
                    Links::new(self.core)
                        .link_page(lang, &mut reply, game)
                        .await;
                }
                reply
            }
            Recipe::Ended(how) => {
                let ended = Games::new(self.core).load(game).await?;
                let ratings = self.core.store.people().game_ratings(game.id).await?;
                let mut reply = how.final_board(lang, game, &ended, ratings, now);
                reply.mentions = humans(game);
                reply
            }
            recipe => recipe.write(lang, game, now).ok_or_else(unreadable)?,
        };
        if recipe.links_page() {
            Links::new(self.core)
                .link_page(lang, &mut reply, game)
                .await;
        }
        Ok(reply)
    }

    /// Records that message `id` was delivered, or that the platform will never take
    /// it ([`DeliveryFailure::Permanent`] is reported with `Delivery::delivery_failed`).
    pub async fn mark_sent(&self, id: i64) {
        if let Err(err) = self
            .core
            .store
            .outbox()
            .mark_sent(id, self.core.now())
            .await
        {
            tracing::error!(id, error = %err, "could not mark an outbox message sent");
        }
    }

    /// Records a failed delivery of message `id`: its destination backs off, or, when
    /// the failure is permanent or the message has failed for the whole retry period
    /// (24 hours), it is dead: logged, counted by `/oware admin status`, re-queued by
    /// `/oware admin redeliver`.
    pub async fn delivery_failed(&self, id: i64, failure: DeliveryFailure) {
        let jitter = rand::random::<f64>();
        match self
            .core
            .store
            .outbox()
            .delivery_failed(id, &failure, self.core.now(), jitter)
            .await
        {
            Ok(Retry::Dead) => {
                tracing::error!(
                    id,
                    reason = failure.reason(),
                    "outbox message undeliverable: dead (see /oware admin status)"
                );
            }
            Ok(Retry::At(at)) => {
                tracing::debug!(
                    id,
                    retry_in_ms = at - self.core.now(),
                    "delivery will be retried"
                );
            }
            Err(err) => tracing::error!(id, error = %err, "could not record a failed delivery"),
        }
    }

    /// The bot is no longer in `channel`: its undelivered messages are dead.
    pub async fn left(&self, platform: Platform, channel: &str) {
        match self
            .core
            .store
            .outbox()
            .destination_gone(platform, channel, self.core.now())
            .await
        {
            Ok(0) => {}
            Ok(dropped) => tracing::warn!(
                channel,
                dropped,
                "the bot left a room: its undelivered messages are dead"
            ),
            Err(err) => tracing::error!(channel, error = %err, "could not drop a room's messages"),
        }
    }

    /// Records the platform's id for a sent reply that carried
    /// [`Reply::anchor`], so the message that completes it can replace it.
    pub async fn set_anchor(&self, platform: Platform, anchor: &str, message_id: &str) {
        if let Err(err) = self
            .core
            .store
            .outbox()
            .set_anchor(platform, anchor, message_id, self.core.now())
            .await
        {
            tracing::error!(error = %err, "could not record a message to edit later");
        }
    }

    /// The platform's id of the message sent with `anchor`, if it was recorded.
    pub async fn anchored(&self, platform: Platform, anchor: &str) -> Option<String> {
        self.core
            .store
            .outbox()
            .anchored_message(platform, anchor)
            .await
            .inspect_err(|err| tracing::error!(error = %err, "could not read an anchor"))
            .ok()
            .flatten()
    }

    /// Changes whenever a message is written to the outbox.
    #[must_use]
    pub fn outbox_watch(&self) -> watch::Receiver<u64> {
        self.core.outbox_changed.subscribe()
    }
}
