//! What forgetting changes in the texts the bot keeps, decided row by row from ids,
//! never from a text search. Pure: no I/O.
//!
//! A stored outbox message is a service reply as JSON (`service::Reply`), or a
//! recipe that names nobody (its words are written from its game or challenge when
//! it is sent, `service/recipe.rs`). In a reply people are named structurally by
//! `mentions[].id` (and the name beside it), and
//! an analysis's anchor (`analysis-<game>-<ms>-<user id>`) names who asked for it.
//! So, for a forgotten person:
//! - their direct messages (the rows sent to them) go;
//! - a row about one of their games that was already sent is only kept for the
//!   retention window (edits go through `anchors`, redelivery takes dead rows
//!   only): its body is blanked to an empty reply;
//! - a row about one of their games still to be sent (or dead, which an admin may
//!   redeliver) loses their mention, and its free text (`text`, `board_text`,
//!   `table`, `open_thread`) their names as whole words: the row is about them;
//! - any other row loses only their mention and their id in its anchors; its text
//!   and every other value keep their meaning (a pit `"C"` stays `"C"` when a `C`
//!   is forgotten).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::FORGOTTEN_NAME;
use crate::platform::Platform;

/// The user part of an anchor of a forgotten person.
const FORGOTTEN_ANCHOR_USER: &str = "deleted";

/// Whom a forget takes out of the stored texts (the `people` of a `forget_scrubs`
/// row).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct People {
    /// Their accounts: (platform, platform user id).
    pub(crate) accounts: Vec<(Platform, String)>,
    /// Their direct rooms: (platform, channel); their messages there go.
    pub(crate) rooms: Vec<(Platform, String)>,
    /// The names they went by.
    pub(crate) names: Vec<String>,
    /// The games that showed them (now against a "deleted player").
    pub(crate) games: Vec<i64>,
    /// An admin's forget: only what is at this (platform, place) changes, and their
    /// direct messages stay.
    pub(crate) place: Option<(Platform, String)>,
}

impl People {
    fn is_account(&self, platform: Platform, user: &str) -> bool {
        self.accounts
            .iter()
            .any(|(p, u)| *p == platform && u == user)
    }

    /// Whether a row of `platform` at `space`/`channel` is within the forget's reach.
    fn reaches(&self, platform: Platform, space: Option<&str>, channel: &str) -> bool {
        self.place
            .as_ref()
            .is_none_or(|(p, place)| *p == platform && space.unwrap_or(channel) == place)
    }

    /// `anchor` with the user part replaced when it is one of their accounts' (on
    /// `platform`) and, for an admin's forget, about one of their games there;
    /// `None` when it stays.
    pub(crate) fn anchor(&self, platform: Platform, anchor: &str) -> Option<String> {
        let rest = anchor.strip_prefix("analysis-")?;
        let (game, rest) = rest.split_once('-')?;
        let (ms, user) = rest.split_once('-')?;
        let game: i64 = game.parse().ok()?;
        if !self.is_account(platform, user) {
            return None;
        }
        if self.place.is_some() && !self.games.contains(&game) {
            return None;
        }
        Some(format!("analysis-{game}-{ms}-{FORGOTTEN_ANCHOR_USER}"))
    }

    /// Their names and ids as whole words, for the free text of rows about them.
    pub(crate) fn needles(&self) -> Needles {
        Needles::new(
            self.names
                .iter()
                .cloned()
                .chain(self.accounts.iter().map(|(_, u)| u.clone())),
        )
    }
}

/// An outbox row as the scrub reads it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub(crate) struct OutboxText {
    pub(crate) id: i64,
    #[sqlx(try_from = "String")]
    pub(crate) platform: Platform,
    pub(crate) space: Option<String>,
    pub(crate) channel: String,
    pub(crate) recipient: Option<String>,
    pub(crate) game_id: Option<crate::store::GameId>,
    pub(crate) body: String,
    pub(crate) edits: Option<String>,
    /// When it was delivered: a delivered row is kept only for the retention window.
    pub(crate) sent_at: Option<i64>,
}

/// What becomes of one outbox row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Nothing names them.
    Keep,
    /// Their direct message.
    Delete,
    /// The new body and edits.
    Rewrite { body: String, edits: Option<String> },
}

/// The free-text fields of a stored reply (their names go in rows about them).
const FREE_TEXT: &[&str] = &["text", "board_text", "table", "open_thread"];

/// An empty reply (every field of `Reply` has a default).
const BLANK: &str = "{}";

/// What forgetting `people` does to outbox row `row` (see the module).
pub(crate) fn outbox_change(people: &People, needles: &Needles, row: &OutboxText) -> Change {
    let everywhere = people.place.is_none();
    let theirs = |user: &str| people.is_account(row.platform, user);
    if everywhere
        && (row.recipient.as_deref().is_some_and(theirs)
            || people
                .rooms
                .iter()
                .any(|(p, c)| *p == row.platform && *c == row.channel))
    {
        return Change::Delete;
    }
    let about_them = row.game_id.is_some_and(|g| people.games.contains(&g.get()));
    if about_them && row.sent_at.is_some() {
        return if row.body == BLANK && row.edits.is_none() {
            Change::Keep
        } else {
            Change::Rewrite {
                body: BLANK.to_owned(),
                edits: None,
            }
        };
    }
    if !about_them && !people.reaches(row.platform, row.space.as_deref(), &row.channel) {
        return Change::Keep;
    }
    // Only rows holding one of their ids where an id is written (a mention's
    // `"id":…`, an anchor's end) can name them structurally: others are not parsed.
    let ids: Vec<&str> = people
        .accounts
        .iter()
        .filter(|(p, _)| *p == row.platform)
        .map(|(_, u)| u.as_str())
        .collect();
    let marks: Vec<String> = ids
        .iter()
        .flat_map(|id| {
            let quoted = Json::String((*id).to_owned()).to_string();
            [format!("\"id\":{quoted}"), format!("-{}", &quoted[1..])]
        })
        .collect();
    let holds_id = |text: &str| marks.iter().any(|mark| text.contains(mark.as_str()));
    let edits_theirs = row
        .edits
        .as_deref()
        .is_some_and(|a| people.anchor(row.platform, a).is_some());
    if !about_them && !holds_id(&row.body) && !edits_theirs {
        return Change::Keep;
    }
    let edits = row
        .edits
        .as_deref()
        .and_then(|a| people.anchor(row.platform, a));
    let mut changed = edits.is_some();
    let edits = edits.or_else(|| row.edits.clone());
    let Ok(mut json) = serde_json::from_str::<Json>(&row.body) else {
        // Not a reply: unreadable anyway, never sent; its text is not touched.
        return if changed {
            Change::Rewrite {
                body: row.body.clone(),
                edits,
            }
        } else {
            Change::Keep
        };
    };
    if let Some(object) = json.as_object_mut() {
        if let Some(Json::Array(mentions)) = object.get_mut("mentions") {
            let before = mentions.len();
            let ids: HashSet<&str> = ids.iter().copied().collect();
            mentions.retain(|m| {
                !m.get("id")
                    .and_then(Json::as_str)
                    .is_some_and(|id| ids.contains(id))
            });
            changed |= mentions.len() != before;
        }
        if let Some(Json::String(anchor)) = object.get_mut("anchor") {
            if let Some(new) = people.anchor(row.platform, anchor) {
                *anchor = new;
                changed = true;
            }
        }
        if about_them {
            for key in FREE_TEXT {
                if let Some(Json::String(text)) = object.get_mut(*key) {
                    if let Some(new) = needles.text(text) {
                        *text = new;
                        changed = true;
                    }
                }
            }
        }
    }
    if changed {
        Change::Rewrite {
            body: json.to_string(),
            edits,
        }
    } else {
        Change::Keep
    }
}

/// A forgotten person's ids and names, taken out of free text that is about them
/// (an audit reason about them, a message about their game): each whole occurrence
/// becomes the forgotten player's name. Never applied to other people's texts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Needles(Vec<String>);

impl Needles {
    /// Ids and names to take out; empty ones are skipped, longer ones come first
    /// (so `<@123>` goes before `123`).
    pub(crate) fn new(words: impl IntoIterator<Item = String>) -> Needles {
        let mut words: Vec<String> = words
            .into_iter()
            .map(|w| w.trim().to_owned())
            .filter(|w| !w.is_empty() && w != FORGOTTEN_NAME)
            .collect();
        // A Discord mention is written `<@id>`: it goes whole.
        let mentions: Vec<String> = words.iter().map(|w| format!("<@{w}>")).collect();
        words.extend(mentions);
        words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
        words.dedup();
        Needles(words)
    }

    /// `text` with every whole occurrence of a needle replaced; `None` when nothing
    /// changed.
    pub(crate) fn text(&self, text: &str) -> Option<String> {
        let mut out = text.to_owned();
        let mut changed = false;
        for needle in &self.0 {
            if let Some(replaced) = replace_whole(&out, needle) {
                out = replaced;
                changed = true;
            }
        }
        changed.then_some(out)
    }
}

/// Whether `c` continues a word (a needle must not be part of a longer word).
fn wordy(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `text` with each occurrence of `needle` that is not inside a longer word
/// replaced by [`FORGOTTEN_NAME`]; `None` when there is none.
fn replace_whole(text: &str, needle: &str) -> Option<String> {
    let starts_wordy = needle.chars().next().is_some_and(wordy);
    let ends_wordy = needle.chars().next_back().is_some_and(wordy);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find(needle) {
        let before = rest[..at].chars().next_back().or(out.chars().next_back());
        let after = rest[at + needle.len()..].chars().next();
        let glued_before = starts_wordy && before.is_some_and(wordy);
        let glued_after = ends_wordy && after.is_some_and(wordy);
        let whole = !glued_before && !glued_after;
        out.push_str(&rest[..at]);
        if whole {
            out.push_str(FORGOTTEN_NAME);
            changed = true;
        } else {
            out.push_str(needle);
        }
        rest = &rest[at + needle.len()..];
    }
    out.push_str(rest);
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needles(words: &[&str]) -> Needles {
        Needles::new(words.iter().map(|w| (*w).to_owned()))
    }

    #[test]
    fn whole_words_and_mentions_go() {
        let n = needles(&["123456", "Zed"]);
        assert_eq!(
            n.text("<@123456> (Zed) to move; Zedd and 1234567 stay")
                .as_deref(),
            Some("deleted player (deleted player) to move; Zedd and 1234567 stay")
        );
        assert_eq!(n.text("nobody here"), None);
    }

    #[test]
    fn the_forgotten_name_itself_is_no_needle() {
        let n = needles(&["deleted player", ""]);
        assert!(n.0.is_empty());
    }

    /// `C` (console id and name `C`) played game 7.
    fn c() -> People {
        People {
            accounts: vec![(Platform::Console, "C".into())],
            rooms: vec![],
            names: vec!["C".into()],
            games: vec![7],
            place: None,
        }
    }

    fn row(game: Option<i64>, body: &str, sent: bool) -> OutboxText {
        let sent_at = sent.then_some(1);
        OutboxText {
            id: 1,
            platform: Platform::Console,
            space: None,
            channel: "lounge".into(),
            recipient: None,
            game_id: game.map(crate::store::GameId::new),
            body: body.into(),
            edits: None,
            sent_at,
        }
    }

    const OTHERS: &str = r#"{"text":"Play C or D","buttons":[{"action":{"Move":{"game":9,"ply":3,"pit":"C"}},"label":"C (4)","enabled":true,"row":0}],"mentions":[{"id":"alice","name":"alice","is_bot":false}]}"#;

    #[test]
    fn another_games_message_keeps_every_value_when_c_is_forgotten() {
        let people = c();
        let needles = people.needles();
        assert_eq!(
            outbox_change(&people, &needles, &row(Some(9), OTHERS, false)),
            Change::Keep
        );
        for word in ["Draw", "matrix", "console", "Move"] {
            let people = People {
                accounts: vec![(Platform::Console, word.into())],
                names: vec![word.into()],
                ..c()
            };
            let body = r#"{"text":"Draw offered","buttons":[{"action":{"Answer":{"game":9,"request":"Draw","accept":true}},"label":"Draw","enabled":true,"row":0}]}"#;
            assert_eq!(
                outbox_change(&people, &people.needles(), &row(Some(9), body, false)),
                Change::Keep,
                "{word}"
            );
        }
    }

    #[test]
    fn only_their_mention_goes_from_another_row() {
        let people = c();
        let body = r#"{"text":"C and alice: round 2","mentions":[{"id":"C","name":"C","is_bot":false},{"id":"alice","name":"alice","is_bot":false}]}"#;
        let Change::Rewrite { body, .. } =
            outbox_change(&people, &people.needles(), &row(None, body, false))
        else {
            panic!("changed")
        };
        let json: Json = serde_json::from_str(&body).unwrap();
        assert_eq!(
            json["text"], "C and alice: round 2",
            "other people's text stays"
        );
        assert_eq!(json["mentions"].as_array().unwrap().len(), 1);
        assert_eq!(json["mentions"][0]["id"], "alice");
    }

    #[test]
    fn their_games_messages_lose_their_names_and_sent_ones_are_blanked() {
        let people = c();
        let body =
            r#"{"text":"C resigns: alice wins","mentions":[{"id":"C","name":"C","is_bot":false}]}"#;
        let Change::Rewrite { body: new, .. } =
            outbox_change(&people, &people.needles(), &row(Some(7), body, false))
        else {
            panic!("changed")
        };
        let json: Json = serde_json::from_str(&new).unwrap();
        assert_eq!(json["text"], "deleted player resigns: alice wins");
        assert_eq!(json["mentions"], Json::Array(vec![]));
        assert_eq!(
            outbox_change(&people, &people.needles(), &row(Some(7), body, true)),
            Change::Rewrite {
                body: "{}".into(),
                edits: None
            }
        );
    }

    #[test]
    fn their_direct_messages_go_unless_an_admin_forgets_them_at_a_place() {
        let mut people = c();
        let mut dm = row(None, r#"{"text":"your turn"}"#, false);
        dm.recipient = Some("C".into());
        dm.channel = "C".into();
        assert_eq!(
            outbox_change(&people, &people.needles(), &dm),
            Change::Delete
        );
        people.place = Some((Platform::Console, "lounge".into()));
        assert_eq!(outbox_change(&people, &people.needles(), &dm), Change::Keep);
    }

    #[test]
    fn an_admins_forget_leaves_other_places_alone() {
        let mut people = c();
        people.place = Some((Platform::Console, "lounge".into()));
        let body = r#"{"text":"hi","mentions":[{"id":"C","name":"C","is_bot":false}]}"#;
        let mut elsewhere = row(None, body, false);
        elsewhere.channel = "elsewhere".into();
        assert_eq!(
            outbox_change(&people, &people.needles(), &elsewhere),
            Change::Keep
        );
        assert!(matches!(
            outbox_change(&people, &people.needles(), &row(None, body, false)),
            Change::Rewrite { .. }
        ));
    }

    #[test]
    fn anchors_lose_the_user_part_by_structure() {
        let people = c();
        assert_eq!(
            people
                .anchor(Platform::Console, "analysis-9-1700-C")
                .as_deref(),
            Some("analysis-9-1700-deleted")
        );
        assert_eq!(people.anchor(Platform::Console, "analysis-9-1700-CC"), None);
        assert_eq!(people.anchor(Platform::Matrix, "analysis-9-1700-C"), None);
        assert_eq!(people.anchor(Platform::Console, "other-C"), None);
        let mut here = c();
        here.place = Some((Platform::Console, "lounge".into()));
        assert_eq!(
            here.anchor(Platform::Console, "analysis-9-1700-C"),
            None,
            "not their game"
        );
        assert!(here
            .anchor(Platform::Console, "analysis-7-1700-C")
            .is_some());
    }
}
