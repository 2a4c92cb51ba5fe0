//! The console chat, the embedded default: lines `<user>: <command>` in (`alice:
//! /oware play @bob`, `bob: /move c`), the bot's replies out, prefixed `[bot]` (or
//! `[bot → alice]` when only alice should see them), with the plain-text board after
//! every move. Board images, when the service attaches them, are written to a folder
//! and their paths printed. Messages the bot sends unprompted (the engine's move, a
//! timeout, a reminder) are printed as `[bot]` lines when they happen; at the end of
//! piped input the console waits for work due within a few seconds, then exits.
//!
//! Everyone in the console is a person named by the word before the colon; mentions
//! `@name` mean that person, and `@oware-bot` (or `@bot`) means the bot itself.
//!
//! The console has rooms, so scoping, per-room leaderboards and onlookers can be tried
//! without a chat account: `#lounge alice: /oware play @bob` speaks in room `lounge`;
//! a line without a room speaks in `console`. (`# text`, with a space, is a comment.)

use std::{
    io::{self, Write},
    path::Path,
    time::Duration,
};

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use super::text::{parse_command, ParseError};
use crate::service::{ChatService, Command, Place, Platform, Receipt, Reply, User};

/// At the end of input, work due within this long is waited for.
const DUE_SOON: Duration = Duration::from_secs(5);
/// At the end of input, the console waits at most this long in all.
const LINGER_MAX: Duration = Duration::from_secs(30);

/// The one channel of the console.
const CHANNEL: &str = "console";

mod print;
use print::print_in;
pub use print::print_reply;

/// The intro printed when a person types at a terminal.
pub fn intro(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "console-intro")
}

/// The hint for a line that is not `<user>: <command>`.
pub fn line_hint(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "console-line-hint")
}

/// Where the console's games live when a line names no room.
#[must_use]
pub fn place() -> Place {
    room(CHANNEL)
}

/// A console room.
#[must_use]
pub fn room(name: &str) -> Place {
    Place {
        platform: Platform::Console,
        space: None,
        channel: name.to_owned(),
        thread: None,
    }
}

/// Whether `word` is a console name (a user's or a room's): at most 32 letters,
/// digits and `-_.`.
fn is_name(word: &str) -> bool {
    !word.is_empty()
        && word.chars().count() <= 32
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.')
}

/// The console bot's user id (`@oware-bot`, `@oware` and `@bot` all name it).
pub use crate::service::CONSOLE_BOT_ID as BOT_ID;

/// A console user by name (case-insensitive id; `oware-bot`, `oware` and `bot` are
/// the bot, which plays with the built-in engine).
#[must_use]
pub fn user(name: &str) -> User {
    let id = name.to_lowercase();
    if matches!(id.as_str(), "oware-bot" | "oware" | "bot") {
        return User {
            id: BOT_ID.to_owned(),
            name: BOT_ID.to_owned(),
            is_bot: true,
        };
    }
    User {
        is_bot: false,
        id,
        name: name.to_owned(),
    }
}

/// Resolves a console mention (`@bob`, `bob`): a name like a sender's.
fn resolve(mention: &str) -> Result<User, ParseError> {
    let name = mention.trim_start_matches('@');
    if !is_name(name) {
        return Err(ParseError::BadMention(crate::chat::text::quote(mention)));
    }
    Ok(user(name))
}

/// What one input line means.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing to do (blank line, `#` comment, chat not addressed to the bot).
    Nothing,
    /// Not `<user>: <command>`.
    Malformed,
    /// A command the bot could not understand, and why (for that user).
    Refused(String, String),
    /// A command for the service.
    Command(Box<Command>),
}

/// The room a (trimmed) line speaks in, and the rest of it; `None` for a comment.
/// `#lounge alice: …` speaks in a room; anything else after `#` is a comment.
fn split_room(line: &str) -> Option<(Place, &str)> {
    match line.strip_prefix('#') {
        Some(rest) => match rest.split_once(char::is_whitespace) {
            Some((room_name, said)) if is_name(room_name) && said.contains(':') => {
                Some((room(room_name), said.trim_start()))
            }
            _ => None,
        },
        None => Some((place(), line)),
    }
}

/// Reads one console line.
#[must_use]
pub fn read_line(lang: &crate::i18n::Language, line: &str) -> Line {
    let line = line.trim();
    if line.is_empty() {
        return Line::Nothing;
    }
    let Some((here, line)) = split_room(line) else {
        return Line::Nothing;
    };
    let Some((name, text)) = line.split_once(':') else {
        return Line::Malformed;
    };
    let name = name.trim();
    if !is_name(name) {
        return Line::Malformed;
    }
    let action = match parse_command(text) {
        Ok(Some(parsed)) => parsed.resolve(resolve),
        Ok(None) => return Line::Nothing,
        Err(e) => Err(e),
    };
    match action {
        // The console's admin (OWARE_CONSOLE_ADMIN) is recognised by the service.
        Ok(action) => Line::Command(Box::new(Command::new(here, user(name), action))),
        Err(e) => Line::Refused(name.to_owned(), e.words(lang)),
    }
}

/// Runs the console chat until the end of `input`, or until `shutdown` completes
/// between two lines (the line in hand is answered first).
///
/// # Errors
/// Reading input or writing output failed.
pub async fn run<R, W>(
    service: &dyn ChatService,
    input: R,
    out: &mut W,
    boards_dir: &Path,
    intro: bool,
    shutdown: impl std::future::Future<Output = ()>,
) -> io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: Write,
{
    tokio::pin!(shutdown);
    // The console is connected as soon as it runs (as `/healthz` reports it).
    service
        .receipt(Receipt::Reachable {
            platform: Platform::Console,
            reachable: true,
        })
        .await;
    if intro {
        let language = service.language(place()).await;
        writeln!(out, "{}", self::intro(&language))?;
        out.flush()?;
    }
    let mut lines = input.lines();
    let mut outbox = service.outbox_watch();
    deliver(service, out, boards_dir).await?;
    loop {
        let line = tokio::select! {
            // Both are cancel-safe: a line half read stays buffered.
            line = lines.next_line() => line?,
            _ = outbox.changed() => {
                deliver(service, out, boards_dir).await?;
                continue;
            }
            // Ctrl-C or SIGTERM: what is due now is delivered, nothing is waited for.
            () = &mut shutdown => {
                deliver(service, out, boards_dir).await?;
                out.flush()?;
                return Ok(());
            }
        };
        let Some(line) = line else {
            break;
        };
        // Each line in its author's language, else its room's.
        let (room, said) = split_room(line.trim()).unwrap_or((place(), ""));
        let room_name = room.channel.clone();
        let language = match said.split_once(':').map(|(name, _)| name.trim()) {
            Some(name) if is_name(name) => service.language_for(room, user(name).id).await,
            _ => service.language(room).await,
        };
        let read = read_line(&language, &line);
        match read {
            Line::Nothing => {}
            Line::Malformed => {
                writeln!(out, "{}", line_hint(&language))?;
            }
            // Answered in the room it was said in, like the service's refusals.
            Line::Refused(name, why) => {
                print_in(
                    &language,
                    out,
                    &room_name,
                    &name,
                    &Reply::private(why),
                    boards_dir,
                )?;
            }
            Line::Command(cmd) => {
                let author = cmd.author.name.clone();
                let room = cmd.place.channel.clone();
                let reply = service.handle(*cmd).await;
                print_in(&reply.language, out, &room, &author, &reply, boards_dir)?;
            }
        }
        out.flush()?;
    }
    linger(service, out, boards_dir, &mut outbox).await
}

/// At the end of input: delivers what is pending and waits for work due within a
/// few seconds (the engine's answer to the last move), then returns.
async fn linger<W: Write>(
    service: &dyn ChatService,
    out: &mut W,
    boards_dir: &Path,
    outbox: &mut tokio::sync::watch::Receiver<u64>,
) -> io::Result<()> {
    let give_up = tokio::time::Instant::now() + LINGER_MAX;
    loop {
        deliver(service, out, boards_dir).await?;
        let due_soon = service
            .next_job_in()
            .await
            .is_some_and(|wait| wait <= DUE_SOON);
        if !due_soon || tokio::time::Instant::now() >= give_up {
            return Ok(());
        }
        tokio::select! {
            _ = outbox.changed() => {}
            () = tokio::time::sleep(Duration::from_millis(200)) => {}
        }
    }
}

/// Prints every message the bot has to send unprompted.
async fn deliver<W: Write>(
    service: &dyn ChatService,
    out: &mut W,
    boards_dir: &Path,
) -> io::Result<()> {
    for message in service.unsent(Platform::Console, None).await {
        match &message.recipient {
            // A direct message: shown as the bot's private word to that person.
            Some(person) => {
                let reply = Reply {
                    private: true,
                    ..message.reply.clone()
                };
                print_in(&reply.language, out, CHANNEL, person, &reply, boards_dir)?;
            }
            None => print_in(
                &message.reply.language,
                out,
                &message.place.channel,
                "",
                &message.reply,
                boards_dir,
            )?,
        }
        out.flush()?;
        service.receipt(Receipt::Sent(message.id)).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_user_colon_command() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(read_line(lang, ""), Line::Nothing);
        assert_eq!(read_line(lang, "# a comment"), Line::Nothing);
        assert_eq!(read_line(lang, "#nocolon here"), Line::Nothing);
        let Line::Command(cmd) = read_line(lang, "#lounge alice: /oware board") else {
            panic!("a room line");
        };
        assert_eq!(
            (cmd.place.channel.as_str(), cmd.author.id.as_str()),
            ("lounge", "alice")
        );
        let Line::Command(cmd) = read_line(lang, "alice: /oware board") else {
            panic!("a line");
        };
        assert_eq!(cmd.place.channel, "console");
        assert_eq!(read_line(lang, "alice: hello bob"), Line::Nothing);
        assert_eq!(read_line(lang, "just text"), Line::Malformed);
        assert_eq!(read_line(lang, "two words: /move c"), Line::Malformed);
        assert!(
            matches!(read_line(lang, "alice: /oware frob"), Line::Refused(n, _) if n == "alice")
        );
        // A mention is checked like a sender's name.
        assert!(matches!(
            read_line(lang, "alice: /oware play @<script>alert(1)</script>"),
            Line::Refused(n, why) if n == "alice" && why.contains("is not a player")
        ));
        let Line::Command(cmd) = read_line(lang, "Alice: /oware play @Bob") else {
            panic!("not a command");
        };
        assert_eq!(cmd.author.id, "alice");
        assert!(
            matches!(cmd.action, crate::service::Action::Play { opponent, .. }
            if opponent.id == "bob" && !opponent.is_bot)
        );
        let Line::Command(cmd) = read_line(lang, "alice: /oware play @oware-bot") else {
            panic!("not a command");
        };
        assert!(
            matches!(cmd.action, crate::service::Action::Play { opponent, .. }
            if opponent.is_bot)
        );
    }
}
