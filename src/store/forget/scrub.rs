//! Taking a forgotten person's ids and names out of text the bot keeps (messages
//! waiting in the outbox, audit reasons): each whole occurrence becomes the
//! forgotten player's name. Pure: no I/O.

use serde_json::Value as Json;

use super::FORGOTTEN_NAME;

/// What to take out: a person's platform ids and names.
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

    /// The needles, longest first.
    pub(crate) fn words(&self) -> &[String] {
        &self.0
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

    /// `json` with every string value scrubbed (keys are the bot's own); `None`
    /// when nothing changed.
    pub(crate) fn json(&self, json: &Json) -> Option<Json> {
        match json {
            Json::String(s) => self.text(s).map(Json::String),
            Json::Array(items) => {
                let scrubbed: Vec<Option<Json>> = items.iter().map(|i| self.json(i)).collect();
                scrubbed.iter().any(Option::is_some).then(|| {
                    Json::Array(
                        scrubbed
                            .into_iter()
                            .zip(items)
                            .map(|(new, old)| new.unwrap_or_else(|| old.clone()))
                            .collect(),
                    )
                })
            }
            Json::Object(map) => {
                let mut changed = false;
                let mut out = map.clone();
                for (key, value) in map {
                    if let Some(new) = self.json(value) {
                        out.insert(key.clone(), new);
                        changed = true;
                    }
                }
                changed.then_some(Json::Object(out))
            }
            _ => None,
        }
    }

    /// A stored body: JSON scrubbed value by value, anything else as text.
    pub(crate) fn body(&self, body: &str) -> Option<String> {
        match serde_json::from_str::<Json>(body) {
            Ok(json) => self.json(&json).map(|j| j.to_string()),
            Err(_) => self.text(body),
        }
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
    fn matrix_ids_go_inside_links() {
        let n = needles(&["@zed:example.org", "Zed"]);
        assert_eq!(
            n.text("[Zed](https://matrix.to/#/@zed:example.org)")
                .as_deref(),
            Some("[deleted player](https://matrix.to/#/deleted player)")
        );
    }

    #[test]
    fn json_values_change_and_keys_stay() {
        let n = needles(&["zed", "Zed"]);
        let body = r#"{"text":"Zed wins","mentions":[{"id":"zed","name":"Zed"}],"zed":1}"#;
        let out: Json = serde_json::from_str(&n.body(body).expect("changed")).unwrap();
        assert_eq!(out["text"], "deleted player wins");
        assert_eq!(out["mentions"][0]["id"], "deleted player");
        assert_eq!(out["zed"], 1, "keys are not scrubbed");
        assert_eq!(n.body(r#"{"text":"hi"}"#), None);
        assert_eq!(n.body("plain Zed").as_deref(), Some("plain deleted player"));
    }

    #[test]
    fn the_forgotten_name_itself_is_no_needle() {
        let n = needles(&["deleted player", ""]);
        assert!(n.words().is_empty());
    }
}
