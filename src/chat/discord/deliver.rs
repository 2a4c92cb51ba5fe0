//! The deliverer: sends the messages the bot speaks unprompted (the engine's move, a
//! timeout, a reminder, an expired challenge) from the service's outbox to Discord, as
//! channel messages that look exactly like an interaction reply, then marks them sent.
//!
//! Delivery is at least once: a crash between sending and marking sent sends the
//! message again on start-up. Each message carries the outbox id as its Discord
//! **nonce** with `enforce_nonce`, so Discord drops such a repeat (within its
//! de-duplication window) and players see it once. No game logic lives here.
//!
//! Failures: every send has a timeout, destinations are served concurrently, and a
//! failed one backs off (the service keeps the backoff, with the message, for 24
//! hours) while the others go on. A permanent refusal (the channel is gone, the bot
//! has no access) makes the message dead at once (see [`failure`]).

use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::{self, StreamExt};
use poise::serenity_prelude as serenity;

use super::message;
use super::DiscordError;
use crate::chat::{ChatService, Receipt};
use crate::service::{DeliveryFailure, Outgoing, Place, Platform, Shards};

/// The longest the deliverer sleeps when nothing new was written and no destination
/// is due for a retry sooner.
pub const RETRY_AFTER: Duration = Duration::from_secs(60);
/// How long one send may take before it counts as failed (serenity's HTTP client has
/// no timeout of its own): a hung connection delays only its destination.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(20);
/// Destinations served at once in a round.
const CONCURRENT: usize = 8;

/// What one delivery round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Messages sent and marked sent.
    pub sent: usize,
    /// Messages whose sending failed (reported to the service: their destination
    /// backs off, or they are dead when the failure is permanent).
    pub failed: usize,
}

/// Delivers the Discord outbox for ever: a round now, then another whenever the
/// service writes a message or a destination that failed is due again, and at least
/// every [`RETRY_AFTER`]. Runs until dropped. With `shards`, only the messages of the
/// servers on this process's shards.
pub async fn run<S: ChatService + ?Sized>(
    http: Arc<serenity::Http>,
    service: Arc<S>,
    shards: Option<Shards>,
) {
    let mut written = service.outbox_watch();
    loop {
        // Whatever is written from here on wakes the next wait, even mid-round.
        written.borrow_and_update();
        let done = round(&http, service.as_ref(), shards.as_ref()).await;
        if done.sent > 0 && done.failed == 0 {
            // A full batch may have left more behind: look again at once.
            continue;
        }
        let wait = service
            .next_retry(Platform::Discord)
            .await
            .map_or(RETRY_AFTER, |due| {
                due.clamp(Duration::from_millis(50), RETRY_AFTER)
            });
        tokio::select! {
            changed = written.changed() => {
                if changed.is_err() {
                    // The service is gone (shutting down): only the timer is left.
                    tokio::time::sleep(wait).await;
                }
            }
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// One round: every unsent Discord message (of the servers on `shards`, when
/// given), oldest first within each destination, sent and marked sent, or reported
/// as failed. Destinations are served concurrently: a failing or hanging one delays
/// no other, and after a failure its later messages wait (they keep their order).
pub async fn round<S: ChatService + ?Sized>(
    http: &serenity::Http,
    service: &S,
    shards: Option<&Shards>,
) -> Round {
    let unsent = service.unsent(Platform::Discord, shards.cloned()).await;
    let queues = by_destination(unsent);
    let done: Vec<Round> = stream::iter(queues)
        .map(|queue| deliver_queue(http, service, queue))
        .buffer_unordered(CONCURRENT)
        .collect()
        .await;
    done.into_iter().fold(Round::default(), |all, one| Round {
        sent: all.sent + one.sent,
        failed: all.failed + one.failed,
    })
}

/// `messages` grouped by destination channel (a thread's messages with its
/// channel's), each group in the order given.
fn by_destination(messages: Vec<Outgoing>) -> Vec<Vec<Outgoing>> {
    let mut queues: Vec<Vec<Outgoing>> = Vec::new();
    for out in messages {
        match queues
            .iter_mut()
            .find(|q| q[0].place.channel == out.place.channel)
        {
            Some(queue) => queue.push(out),
            None => queues.push(vec![out]),
        }
    }
    queues
}

/// Sends one destination's messages in order until one fails.
async fn deliver_queue<S: ChatService + ?Sized>(
    http: &serenity::Http,
    service: &S,
    queue: Vec<Outgoing>,
) -> Round {
    let mut done = Round::default();
    for out in queue {
        let sending = send(http, &out);
        let sent = match tokio::time::timeout(SEND_TIMEOUT, sending).await {
            Ok(sent) => sent.map_err(|e| failure(&e)),
            Err(_) => Err(DeliveryFailure::Transient(format!(
                "no answer from Discord in {} s",
                SEND_TIMEOUT.as_secs()
            ))),
        };
        match sent {
            Ok(sent) => {
                if let (Some(name), Some(game), None) = (
                    out.reply.open_thread.as_deref(),
                    out.reply.game,
                    out.place.thread.as_deref(),
                ) {
                    open_thread(http, service, &out.place, &sent, game, name).await;
                }
                service.receipt(Receipt::Sent(out.id)).await;
                done.sent += 1;
            }
            Err(failure) => {
                tracing::warn!(id = out.id, channel = %out.place.channel, ?failure,
                    "could not deliver an outbox message");
                let permanent = matches!(failure, DeliveryFailure::Permanent(_));
                service
                    .receipt(Receipt::Failed {
                        id: out.id,
                        failure,
                    })
                    .await;
                done.failed += 1;
                if !permanent {
                    // The destination backs off; its later messages wait behind.
                    break;
                }
            }
        }
    }
    done
}

/// Whether Discord will never take the message (the channel is gone, the bot may not
/// see or post there, the message itself is refused), or might later (a server error,
/// a rate limit, no connection).
#[must_use]
pub fn failure(error: &DiscordError) -> DeliveryFailure {
    let DiscordError::Serenity(inner) = error else {
        return DeliveryFailure::Permanent(error.to_string());
    };
    let reason = error.to_string();
    match inner.as_ref() {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            match response.status_code.as_u16() {
                // 401 is the bot's token, not this message: it may be fixed.
                400 | 403 | 404 | 413 => DeliveryFailure::Permanent(reason),
                _ => DeliveryFailure::Transient(reason),
            }
        }
        _ => DeliveryFailure::Transient(reason),
    }
}

/// Sends one outbox message to its thread (or channel), without marking it sent; a
/// message that asks for it ([`crate::service::Reply::archive_thread`]) then archives
/// the game's thread (never a channel). A failed archiving is only logged: the line
/// is posted, and Discord archives an idle thread by itself in the end.
///
/// # Errors
/// The place is not a Discord channel id, or Discord refused the message.
pub async fn send(
    http: &serenity::Http,
    out: &Outgoing,
) -> Result<serenity::Message, DiscordError> {
    let channel = match &out.recipient {
        // A direct message: the person's DM channel (Discord gives the same one
        // each time it is asked).
        Some(person) => {
            let user = snowflake(person).map(serenity::UserId::from)?;
            user.create_dm_channel(http).await?.id
        }
        None => target(&out.place)?,
    };
    let sent = channel.send_message(http, create(out)).await?;
    if out.reply.archive_thread && out.place.thread.is_some() {
        let archive = serenity::EditThread::new().archived(true);
        if let Err(e) = channel.edit_thread(http, archive).await {
            tracing::warn!(id = out.id, thread = %channel, error = %e,
                "could not archive a finished game's thread");
        }
    }
    Ok(sent)
}

/// Opens game `game`'s thread from its first message `sent` (a tournament round's
/// board) and records it, so the game's later messages go there. A refusal (no
/// permission to make threads) is only logged: the game is played in the channel.
async fn open_thread<S: ChatService + ?Sized>(
    http: &serenity::Http,
    service: &S,
    place: &Place,
    sent: &serenity::Message,
    game: crate::service::GameId,
    name: &str,
) {
    let builder = serenity::CreateThread::new(message::thread_name(name));
    match sent
        .channel_id
        .create_thread_from_message(http, sent.id, builder)
        .await
    {
        Ok(thread) => {
            let thread = super::translate::thread_place(place, thread.id);
            service.receipt(Receipt::Thread { game, thread }).await;
        }
        Err(e) => tracing::warn!(error = %e, %game, "could not open a game's thread"),
    }
}

/// The channel message for `out`: the same content, board image, buttons and allowed
/// mentions as an interaction reply, with the outbox id as an enforced nonce.
pub fn create(out: &Outgoing) -> serenity::CreateMessage {
    if out.reply.private {
        // A channel message cannot be ephemeral; the service never queues private
        // messages, so this only guards against a future mistake.
        tracing::warn!(id = out.id, "a private outbox message is posted publicly");
    }
    message::Outgoing::from_reply(&out.reply)
        .message()
        .nonce(serenity::Nonce::String(nonce(out.id)))
        .enforce_nonce(true)
}

/// The nonce of outbox message `id` (Discord allows up to 25 characters).
#[must_use]
pub fn nonce(id: i64) -> String {
    id.to_string()
}

/// Where `place` is on Discord: the game's thread when it has one, else the channel.
///
/// # Errors
/// [`DiscordError::NotAChannel`] when the id is not a Discord snowflake.
pub fn target(place: &Place) -> Result<serenity::ChannelId, DiscordError> {
    snowflake(place.thread.as_deref().unwrap_or(&place.channel)).map(serenity::ChannelId::from)
}

/// A Discord id (a channel's or a user's).
fn snowflake(id: &str) -> Result<std::num::NonZeroU64, DiscordError> {
    id.parse::<u64>()
        .ok()
        .and_then(std::num::NonZeroU64::new)
        .ok_or_else(|| DiscordError::NotAChannel(id.to_owned()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::service::{Button, ButtonAction, Reply};

    fn place(channel: &str, thread: Option<&str>) -> Place {
        Place {
            platform: Platform::Discord,
            space: Some("1".into()),
            channel: channel.into(),
            thread: thread.map(str::to_owned),
        }
    }

    #[test]
    fn a_thread_wins_over_its_channel_and_junk_is_refused() {
        assert_eq!(target(&place("20", None)).unwrap().get(), 20);
        assert_eq!(target(&place("20", Some("31"))).unwrap().get(), 31);
        assert!(matches!(
            target(&place("general", None)),
            Err(DiscordError::NotAChannel(id)) if id == "general"
        ));
        assert!(target(&place("0", None)).is_err());
    }

    #[test]
    fn the_message_carries_an_enforced_nonce_and_the_reply_buttons() {
        let out = Outgoing {
            id: 42,
            place: place("20", None),
            reply: Reply {
                buttons: vec![Button {
                    action: ButtonAction::Rematch {
                        game: crate::service::GameId::new(7),
                    },
                    label: "Rematch".into(),
                    enabled: true,
                    row: 0,
                }],
                ..Reply::public("Game over")
            },
            edits: None,
            recipient: None,
        };
        let body = serde_json::to_value(create(&out)).unwrap();
        assert_eq!(body["nonce"], json!("42"));
        assert_eq!(body["enforce_nonce"], json!(true));
        assert_eq!(body["content"], json!("Game over"));
        assert_eq!(
            body["components"][0]["components"][0]["custom_id"],
            json!("rm:7")
        );
        assert_eq!(body["allowed_mentions"]["parse"], json!([]));
    }
}
