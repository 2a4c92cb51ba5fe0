//! The pseudo-locale's check, shared by the service's session test and the web
//! pages' (`en-XA`: every message English, accented and bracketed, so a plain
//! English word was written by code, not by the catalogue).

/// What is not the bot's words: the players' names, the variant's, the bot's own
/// (`oware-bot`), and what a player typed (a report's reason).
pub const THEIRS: [&str; 8] = [
    "alice", "bob", "carol", "dave", "abapa", "oware", "bot", "spam",
];

/// The plain (unaccented) English words of `text`: words of three or more ASCII
/// letters with a lower-case vowel, which the pseudo-locale would have accented had
/// a message written them. Not in links, nor in code spans: commands, their options
/// and their values stay English in every language (`/oware admin status`,
/// `time:3d`), as typed.
pub fn plain_words(text: &str) -> Vec<String> {
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    prose
        .split_whitespace()
        .filter(|w| !w.contains("://"))
        .flat_map(|w| {
            w.split(|c: char| !c.is_alphanumeric())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|w| {
            w.len() >= 3
                && w.chars().all(|c| c.is_ascii_alphabetic())
                && w.chars().any(|c| "aeiou".contains(c))
                && !THEIRS.contains(&w.to_lowercase().as_str())
        })
        .collect()
}
