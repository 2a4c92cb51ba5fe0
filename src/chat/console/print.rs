//! How the console shows what the bot says: a reply's text with its prefix (the
//! room, and who a private word is for), its text board and table, the choices its
//! buttons offer, and its pictures and files written to the boards directory.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::CHANNEL;
use crate::service::Reply;

/// Prints a reply; PNG attachments are written to `boards_dir`.
///
/// # Errors
/// Writing failed (a board image that cannot be saved is reported in the output).
pub fn print_reply<W: Write>(
    lang: &crate::i18n::Language,
    out: &mut W,
    author: &str,
    reply: &Reply,
    boards_dir: &Path,
) -> io::Result<()> {
    print_in(lang, out, CHANNEL, author, reply, boards_dir)
}

/// Prints a reply said in console room `room` (named in the prefix unless it is the
/// default room).
pub(super) fn print_in<W: Write>(
    lang: &crate::i18n::Language,
    out: &mut W,
    room: &str,
    author: &str,
    reply: &Reply,
    boards_dir: &Path,
) -> io::Result<()> {
    let room = if room == CHANNEL {
        String::new()
    } else {
        format!(" #{room}")
    };
    let prefix = if reply.private {
        format!("[bot{room} → {author}]")
    } else {
        format!("[bot{room}]")
    };
    let text = reply.text.replace("**", "");
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            writeln!(out, "{prefix} {line}")?;
        } else {
            writeln!(out, "      {line}")?;
        }
    }
    for board in reply.board_text.iter().chain(&reply.table) {
        for line in board.lines() {
            writeln!(out, "      {line}")?;
        }
    }
    let choices: Vec<String> = reply
        .buttons
        .iter()
        .filter(|b| b.enabled)
        .map(|b| b.action.typed())
        .collect();
    if !choices.is_empty() {
        let choices = crate::tr!(lang, "console-choices", choices = choices.join(" | "));
        writeln!(out, "      {choices}")?;
    }
    for file in &reply.files {
        match save(boards_dir, &file.file_name, &file.bytes) {
            Ok(path) => {
                let kind = match file.mime {
                    "image/gif" => crate::tr!(lang, "console-file-replay"),
                    "text/plain" => crate::tr!(lang, "console-file-record"),
                    "application/json" => crate::tr!(lang, "console-file-export"),
                    _ if file.file_name.starts_with("rating-") => {
                        crate::tr!(lang, "console-file-chart")
                    }
                    _ if file.file_name.starts_with("eval-") => {
                        crate::tr!(lang, "console-file-graph")
                    }
                    _ if file.file_name.starts_with("blunder-") => {
                        crate::tr!(lang, "console-file-blunder")
                    }
                    _ if file.file_name.starts_with("puzzle-") => {
                        crate::tr!(lang, "console-file-puzzle")
                    }
                    _ => crate::tr!(lang, "console-file-board"),
                };
                let path = path.display().to_string();
                writeln!(
                    out,
                    "      {}",
                    crate::tr!(lang, "console-file", kind = kind, path = path)
                )?;
            }
            Err(e) => writeln!(out, "      (could not save {}: {e})", file.file_name)?,
        }
    }
    Ok(())
}

/// Writes an attachment under `dir` (file names are the service's, never a user's).
fn save(dir: &Path, file_name: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    let name = Path::new(file_name)
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    std::fs::write(&path, bytes)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Attachment;

    #[test]
    fn each_file_is_named_for_what_it_is() {
        let lang = &crate::i18n::Language::english();
        let dir = tempfile::tempdir().expect("a directory");
        let file = |file_name: &str, mime: &'static str| Attachment {
            file_name: file_name.to_owned(),
            mime,
            bytes: b"x".to_vec(),
            description: String::new(),
        };
        let reply = Reply {
            files: vec![
                file("oware-export-alice.json", "application/json"),
                file("board-3-7.png", "image/png"),
            ],
            ..Reply::private("Your data.")
        };
        let mut out = Vec::new();
        print_reply(lang, &mut out, "alice", &reply, dir.path()).expect("printed");
        let out = String::from_utf8(out).expect("text");
        assert!(out.contains("your data: "), "{out}");
        assert_eq!(out.matches("board image: ").count(), 1, "{out}");
    }
}
