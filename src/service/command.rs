//! What reaches the service: a [`Command`] (who, where, and the [`Action`] asked for),
//! platform-neutral.
//! Adapters build these from Discord interactions, Matrix messages or console lines.

pub use super::admins::Role;
pub use crate::platform::Platform;

use serde::{Deserialize, Serialize};

use super::Action;
use crate::store::{Claim, Event, Unique};

/// A chat user as the platform knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    /// The platform's stable id (Discord snowflake, Matrix `@user:server`, console name).
    pub id: String,
    /// The name to show.
    pub name: String,
    /// Whether the account is a bot (never challengeable, except this bot itself).
    pub is_bot: bool,
}

/// Where a command was given: games belong to `(platform, space, channel)` and
/// optionally a thread.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The network.
    pub platform: Platform,
    /// The server (Discord guild) or `None` (DMs, Matrix rooms, the console).
    pub space: Option<String>,
    /// The channel or room.
    pub channel: String,
    /// The thread inside the channel, if the command was given in one.
    pub thread: Option<String>,
}

impl Place {
    /// Its server, channel and thread, owned.
    #[must_use]
    pub fn parts(&self) -> (Option<String>, String, Option<String>) {
        (
            self.space.clone(),
            self.channel.clone(),
            self.thread.clone(),
        )
    }

    /// Whether something made at `(platform, space, channel)` (a game, a challenge)
    /// belongs here: the same Discord server, or with no server (Matrix rooms, DMs,
    /// console rooms) the same channel. Games and challenges act only in their own
    /// space.
    #[must_use]
    pub fn holds(&self, platform: Platform, space: Option<&str>, channel: &str) -> bool {
        platform == self.platform
            && match (space, self.space.as_deref()) {
                (Some(theirs), Some(here)) => theirs == here,
                (None, None) => channel == self.channel,
                _ => false,
            }
    }
}

/// The longest a command read late counts before it arrived: a platform's own lag
/// (a stalled sync; a restart is credited to the clocks by itself), not a sender's
/// clock set back.
pub const MAX_LAG_MS: i64 = 10 * 60 * 1000;

/// One command: who, where, what, and the author's [`Role`] there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// Where it was given.
    pub place: Place,
    /// Who gave it.
    pub author: User,
    /// What they asked for.
    pub action: Action,
    /// What the author may do here beyond playing.
    pub role: Role,
    /// The platform event that carried it, when the platform may deliver it again
    /// (a Matrix event): what the command's writes claim, so it applies once. `None`
    /// for one delivered once (a Discord interaction, a console line).
    pub event: Option<Event>,
    /// When the platform says the author sent it (Unix ms): a move counts then, not
    /// when the bot got to it (see [`Command::sent_at`]).
    pub sent_at: Option<i64>,
    /// Channels or rooms other than this one that the adapter checked the author may
    /// point the bot at from here (`settings moderators:`): on Discord, channels of
    /// this server; on Matrix, rooms the author administers too.
    pub vouched: Vec<String>,
    /// The language the author's client says it shows (Discord's interaction
    /// `locale`, e.g. `fr` or `en-US`): their replies' language when the bot has it
    /// and they chose none themselves (`/oware settings me language:`).
    pub locale: Option<String>,
    /// No adapter delivers this command's answer (a move from a web page): a public
    /// answer is announced at the place through the outbox, in the write's own
    /// transaction, as a job's move is.
    pub announce: bool,
}

impl Command {
    /// A command by an ordinary member ([`Role::Member`]); see [`Command::with_role`].
    #[must_use]
    pub fn new(place: Place, author: User, action: Action) -> Command {
        Command {
            place,
            author,
            action,
            role: Role::Member,
            event: None,
            sent_at: None,
            vouched: Vec::new(),
            locale: None,
            announce: false,
        }
    }

    /// The command as sent at `ms` (Unix ms) by the platform's clock: a Matrix
    /// event's `origin_server_ts`, a Discord interaction id's time. A move read late
    /// (after a restart, a stalled sync) is judged by it against its deadline,
    /// bounded by when its turn began and when it arrived, and never more than
    /// [`MAX_LAG_MS`] before it arrived.
    #[must_use]
    pub fn sent_at(self, ms: i64) -> Command {
        Command {
            sent_at: Some(ms),
            ..self
        }
    }

    /// The command as given from a client showing `locale` (see [`Command::locale`]).
    #[must_use]
    pub fn with_locale(self, locale: &str) -> Command {
        Command {
            locale: Some(locale.to_owned()),
            ..self
        }
    }

    /// When the command counts, given that it arrived `now` and that its turn (if
    /// it is a move) began at `turn_started`: when it was sent, within those bounds.
    #[must_use]
    pub fn counts_at(&self, turn_started: Option<i64>, now: i64) -> i64 {
        let earliest = turn_started
            .unwrap_or(i64::MIN)
            .max(now - MAX_LAG_MS)
            .min(now);
        self.sent_at.map_or(now, |sent| sent.clamp(earliest, now))
    }

    /// The command with `channel` vouched for (see [`Command::vouched`]).
    #[must_use]
    pub fn vouching(mut self, channel: String) -> Command {
        self.vouched.push(channel);
        self
    }

    /// The command with the author's role at its place.
    #[must_use]
    pub fn with_role(self, role: Role) -> Command {
        Command { role, ..self }
    }

    /// The command carried by the event the platform calls `id` (a Matrix event
    /// id), which it may deliver again.
    #[must_use]
    pub fn from_event(self, id: &str) -> Command {
        Command {
            event: Some(Event::new(self.place.platform, id)),
            ..self
        }
    }

    /// What the command's writes claim (see [`Claim`]).
    #[must_use]
    pub fn claim(&self) -> Claim<'_> {
        match &self.event {
            Some(event) => Claim::Event(event),
            None => Claim::Unique(Unique::Delivered),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_counts_when_sent_within_its_turn_and_the_lag_allowed() {
        let cmd = |sent: Option<i64>| {
            let place = Place {
                platform: Platform::Matrix,
                space: None,
                channel: "!r:x".into(),
                thread: None,
            };
            let user = User {
                id: "@a:x".into(),
                name: "A".into(),
                is_bot: false,
            };
            let c = Command::new(place, user, Action::Games);
            match sent {
                Some(ms) => c.sent_at(ms),
                None => c,
            }
        };
        let now = 1_000_000_000;
        assert_eq!(cmd(None).counts_at(Some(now - 5_000), now), now);
        assert_eq!(
            cmd(Some(now - 2_000)).counts_at(Some(now - 5_000), now),
            now - 2_000
        );
        // Never before its turn, never after it arrived, never older than the lag.
        assert_eq!(
            cmd(Some(now - 9_000)).counts_at(Some(now - 5_000), now),
            now - 5_000
        );
        assert_eq!(
            cmd(Some(now + 9_000)).counts_at(Some(now - 5_000), now),
            now
        );
        assert_eq!(
            cmd(Some(now - 3_600_000)).counts_at(Some(now - 7_200_000), now),
            now - MAX_LAG_MS
        );
        assert_eq!(
            cmd(Some(now - 1)).counts_at(Some(now + 50), now),
            now,
            "a turn ahead"
        );
    }
}
