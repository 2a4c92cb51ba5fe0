//! What the service answers: a [`Reply`] the adapter turns into platform messages.

use serde::{Deserialize, Serialize};

mod buttons;

pub use buttons::{Button, ButtonAction};

use super::{Place, User};

/// A file to attach (a board PNG, a replay GIF, a game record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name with extension, e.g. `board-12-7.png`.
    pub file_name: String,
    /// MIME type, e.g. `image/png`.
    pub mime: &'static str,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Alt text / description for screen readers.
    pub description: String,
}

/// The service's answer to one command (and, stored as JSON without its files, an
/// outbox message).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Reply {
    /// The message, plain text with light Markdown (`**bold**`, `` `code` ``).
    pub text: String,
    /// The plain-text board, shown in a code block by text platforms.
    pub board_text: Option<String>,
    /// A fixed-width table (a review's move classes), shown in a code block on every
    /// platform, pictures or not.
    pub table: Option<String>,
    /// Files to attach (the board PNG first when there is one).
    #[serde(skip)]
    pub files: Vec<Attachment>,
    /// Buttons / choices.
    pub buttons: Vec<Button>,
    /// Only the author should see it: Discord shows it ephemeral where they typed;
    /// Matrix and the console answer in place, as a reply to their command.
    pub private: bool,
    /// A secret (a link code, the answer to the daily puzzle): private, and on
    /// platforms where a room is seen by others (Matrix) sent to a direct chat with
    /// the author, with a one-line pointer in place. Always set with `private`.
    pub secret: bool,
    /// Users to notify (e.g. the player to move).
    pub mentions: Vec<User>,
    /// The game this reply is about, if any (adapters route it to the game's thread).
    pub game: Option<crate::store::GameId>,
    /// Open a thread with this name for `game` and post this reply there; then tell
    /// the service its id with [`super::Receipt::Thread`].
    pub open_thread: Option<String>,
    /// A message a later one will replace ("analysing game #12…"): adapters that
    /// can edit messages tell the service the sent message's id with
    /// [`super::Receipt::Anchored`].
    pub anchor: Option<String>,
    /// After posting this reply in its game's thread, archive the thread (a finished
    /// game's, after the delay its server set). Platforms without archiving post the
    /// line or nothing; never set on a reply without a thread.
    pub archive_thread: bool,
    /// An outbox message that asks the player to move at this ply of `game` (a
    /// reminder, a clock extended): moot, and not sent, once the game has moved on
    /// or ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until_ply: Option<i64>,
    /// Where the game's thread is, when `game` has one: the adapter posts there.
    /// Set by the service with the reply.
    #[serde(skip)]
    pub thread: Option<Place>,
    /// The language of the reply, for the words the adapter adds (a thread's name, a
    /// pointer to a direct message). Set by the service with the reply.
    #[serde(skip)]
    pub language: crate::i18n::Language,
    /// The times written in `text` (deadlines, a vacation's end), in UTC: platforms
    /// that can show each reader their own time (Discord) or how far off it is
    /// (Matrix) rewrite them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<Moment>,
    /// The channels, rooms and threads written in `text`: platforms that link a
    /// place (Discord's channel mention, Matrix's matrix.to address) rewrite them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<PlaceLink>,
}

/// A time as a reply's text writes it, and the instant it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moment {
    /// The words in the text (`2026-11-27 10:05 UTC`).
    pub text: String,
    /// The instant (Unix ms).
    pub at: i64,
}

/// A channel, room or thread as a reply's text writes it, in words every platform
/// shows (its id as code), and what it is, for the platforms that link it. The
/// service never writes a platform's markup: the adapter does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceLink {
    /// The words in the text (`` `555` ``).
    pub text: String,
    /// The channel or room.
    pub channel: String,
    /// The thread inside it (Discord's thread channel, Matrix's thread root event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
}

impl PlaceLink {
    /// Channel or room `channel`, or its thread `thread`.
    #[must_use]
    pub fn new(channel: &str, thread: Option<&str>) -> PlaceLink {
        PlaceLink {
            text: format!("`{}`", thread.unwrap_or(channel)),
            channel: channel.to_owned(),
            thread: thread.map(str::to_owned),
        }
    }
}

impl Reply {
    /// Notes that the text writes the place `link`, for the platforms that link
    /// places. A place the text does not write is not noted.
    pub fn note_place(&mut self, link: PlaceLink) {
        if self.text.contains(&link.text) && !self.places.contains(&link) {
            self.places.push(link);
        }
    }

    /// The text with each place it writes rewritten by `link` (an adapter's way of
    /// linking a place).
    #[must_use]
    pub fn text_with_places(&self, text: &str, link: impl Fn(&PlaceLink) -> String) -> String {
        self.places.iter().fold(text.to_owned(), |text, place| {
            text.replace(&place.text, &link(place))
        })
    }

    /// Notes that the text writes the time `at` as [`when::deadline`] words it (seen
    /// at `now`, in `lang`), for the platforms that rewrite times. A time the text
    /// does not write is not noted.
    ///
    /// [`when::deadline`]: crate::play::when::deadline
    pub fn note_time(&mut self, lang: &crate::i18n::Language, at: i64, now: i64) {
        let text = crate::play::when::deadline(lang, at, now);
        if self.text.contains(&text) && !self.times.iter().any(|m| m.text == text) {
            self.times.push(Moment { text, at });
        }
    }

    /// A private refusal or note to the author.
    #[must_use]
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// A secret for the author alone (see [`Reply::secret`]).
    #[must_use]
    pub fn secret(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            secret: true,
            ..Reply::default()
        }
    }

    /// Makes this reply a secret for its author (see [`Reply::secret`]).
    #[must_use]
    pub fn secretly(mut self) -> Reply {
        self.private = true;
        self.secret = true;
        self
    }

    /// Whether there is nothing to send (a dropped command's answer).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.board_text.is_none() && self.files.is_empty()
    }

    /// The reply, said to be written in `lang` (see [`Reply::language`]).
    #[must_use]
    pub fn in_language(mut self, lang: &crate::i18n::Language) -> Reply {
        self.language = lang.clone();
        self
    }

    /// A public message.
    #[must_use]
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }
}
