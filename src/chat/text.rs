//! Text commands, shared by every text platform (the console, Matrix): `/oware play
//! @bob first:them rated:no`, `!oware accept`, `/move c`, `!move C`, `move c`,
//! `!oware move c #12`, `!advise d`.
//!
//! [`parse_command`] turns a message into a [`ParsedAction`] whose mentions are still
//! raw strings (`@bob`, `@bob:example.org`, `<@123>`); the adapter resolves them into
//! [`User`](crate::service::User)s with [`ParsedAction::resolve`].

mod admin;
mod coach;
mod commands;
mod error;
mod parsed;
mod play;
mod records;
mod tournament;
mod typo;
mod words;

use commands::command_name;

pub use error::ParseError;
pub use parsed::ParsedAction;

pub(crate) use words::pit_word;
use words::{
    at_most_one, move_number, one_flag, only_challenge, only_id, split_id, split_marked_id,
};

use crate::service::{Action, AdminAction};

/// The longest command taken, in characters.
pub const MAX_COMMAND_CHARS: usize = 500;

/// The longest a quoted piece of user input gets in an error.
const QUOTE_MAX: usize = 24;

pub(crate) fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(QUOTE_MAX).collect();
    if text.chars().count() > QUOTE_MAX {
        out.push('…');
    }
    out
}

/// Parses a console line's command: as [`parse_prefixed`], and an unprefixed
/// `move c` is a move too.
///
/// `Ok(None)` means the message is not addressed to the bot (ordinary chat, another
/// bot's `/command`).
///
/// # Errors
/// [`ParseError`] for a message addressed to the bot that cannot be understood.
pub fn parse_command(text: &str) -> Result<Option<ParsedAction>, ParseError> {
    parse(text, true)
}

/// Parses a message in a shared room (Matrix): only `!oware …`, `/oware …` and the
/// prefixed short commands (`!move c`) are addressed to the bot; a plain `move c` is
/// ordinary chat.
///
/// # Errors
/// [`ParseError`] for a message addressed to the bot that cannot be understood.
pub fn parse_prefixed(text: &str) -> Result<Option<ParsedAction>, ParseError> {
    parse(text, false)
}

fn parse(text: &str, unprefixed_moves: bool) -> Result<Option<ParsedAction>, ParseError> {
    // Control characters (a NUL, which PostgreSQL cannot store in text) separate
    // words like spaces.
    let mut words = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let prefix = first.chars().next().filter(|c| matches!(c, '/' | '!'));
    let (name, args, typed) = match first.strip_prefix(['/', '!']) {
        Some(word) if word.eq_ignore_ascii_case("oware") => match rest.split_first() {
            None => return Ok(Some(ParsedAction::Other(Action::Help))),
            Some((cmd, args)) => match command_name(cmd) {
                Some(name) => (name, args, format!("{first} {cmd}")),
                None => {
                    let near = typo::nearest_command(cmd).map(|c| format!("{first} {c}"));
                    return Err(ParseError::UnknownCommand(quote(cmd), near));
                }
            },
        },
        Some(word) => match command_name(word) {
            Some(name) => (name, rest.as_slice(), first.to_owned()),
            // A mistyped `/oware` or short command (`/owre play`, `/moev d`); on a
            // shared network only with `!`, which other bots' `/commands` don't use.
            None if unprefixed_moves || prefix == Some('!') => {
                return match typo::nearest(word) {
                    Some(near) => {
                        let mut fixed = format!("{}{near}", prefix.unwrap_or('/'));
                        for word in rest.iter().take(2) {
                            fixed.push(' ');
                            fixed.push_str(&quote(word));
                        }
                        Err(ParseError::UnknownCommand(quote(first), Some(fixed)))
                    }
                    None => Ok(None),
                }
            }
            None => return Ok(None),
        },
        // Unprefixed, only the unmistakable `move c` (optionally `#12`) is ours, and
        // only where there is no one else to talk to.
        None if !unprefixed_moves => return Ok(None),
        // `oware play @bob`: a command without its slash.
        None if first.eq_ignore_ascii_case("oware")
            && rest.first().is_some_and(|w| command_name(w).is_some()) =>
        {
            let mut fixed = "/oware".to_owned();
            for word in rest.iter().take(4) {
                fixed.push(' ');
                fixed.push_str(&quote(word));
            }
            return Err(ParseError::MissingSlash(fixed));
        }
        None => {
            let pit_like = |w: &&str| w.chars().count() == 1;
            // `move c`, or in French `coup c` and `semer c`.
            let move_word = |w: &str| {
                ["move", "coup", "semer"]
                    .iter()
                    .any(|word| w.eq_ignore_ascii_case(word))
            };
            // A bare `move` too: it is answered with which pits to name.
            let move_like = matches!(rest.as_slice(), [p] | [p, _] if pit_like(p))
                && rest.get(1).is_none_or(|w| w.starts_with('#'))
                || rest.is_empty() && move_word(first);
            if !move_like {
                return Ok(None);
            }
            if !move_word(first) {
                // `mvoe d`: a mistyped move.
                return match typo::nearest(first).filter(|near| command_name(near) == Some("move"))
                {
                    Some(near) => Err(ParseError::UnknownCommand(
                        quote(first),
                        Some(format!("{near} {}", quote(rest[0]))),
                    )),
                    None => Ok(None),
                };
            }
            ("move", rest.as_slice(), first.to_owned())
        }
    };
    let length = text.chars().count();
    if length > MAX_COMMAND_CHARS {
        return Err(ParseError::TooLong(length));
    }
    parse_args(name, args)
        .map(Some)
        .map_err(|e| e.typed_as(&typed))
}

fn parse_args(name: &'static str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    use ParsedAction::Other;
    Ok(match name {
        "play" => play::parse_play(args)?,
        "accept" => Other(Action::Accept {
            challenge: only_challenge(name, args)?,
        }),
        "decline" => Other(Action::Decline {
            challenge: only_challenge(name, args)?,
        }),
        "cancel" => Other(Action::Cancel {
            challenge: only_challenge(name, args)?,
        }),
        "move" | "advise" => {
            // Here a bare number is a (wrong) pit, not a game: games take `#12`.
            let (game, words) = split_marked_id(args)?;
            let pit = at_most_one(name, &words)?.ok_or_else(|| match name {
                "move" => ParseError::MissingPit(name.to_owned()),
                _ => ParseError::MissingPitToAdvise(name.to_owned()),
            })?;
            let pit = match pit_word(name, pit) {
                Err(ParseError::NotAPit(typed, command)) if name == "advise" => {
                    return Err(ParseError::NotAPitToAdvise(typed, command))
                }
                Err(ParseError::MissingPit(command)) if name == "advise" => {
                    return Err(ParseError::MissingPitToAdvise(command))
                }
                pit => pit?,
            };
            if name == "move" {
                Other(Action::Move {
                    pit,
                    game,
                    ply: None,
                })
            } else {
                Other(Action::Advise { pit, game })
            }
        }
        "board" => {
            let (game, words) = split_id(args)?;
            Other(Action::Board {
                game,
                after: move_number(name, &words)?,
            })
        }
        // `resign` asks to confirm; `resign confirm` (in French `confirmer`, or the
        // button) resigns.
        "resign" => {
            let (game, words) = split_id(args)?;
            let confirmed = one_flag(name, &words, &["confirm", "confirmer"])?;
            Other(Action::Resign { game, confirmed })
        }
        // `draw` offers or accepts; `draw decline` declines (or withdraws).
        "draw" => {
            let (game, words) = split_id(args)?;
            let decline = one_flag(
                name,
                &words,
                &["decline", "no", "withdraw", "refuser", "non", "retirer"],
            )?;
            Other(Action::Draw { game, decline })
        }
        // `takeback` asks or accepts; `takeback decline` declines (or withdraws).
        "takeback" => {
            let (game, words) = split_id(args)?;
            let decline = one_flag(
                name,
                &words,
                &["decline", "no", "withdraw", "refuser", "non", "retirer"],
            )?;
            Other(Action::Takeback { game, decline })
        }
        "end" => Other(Action::End {
            game: only_id(name, args)?,
        }),
        "replay" => Other(Action::Replay {
            game: only_id(name, args)?.ok_or(ParseError::MissingGame)?,
        }),
        "leaderboard" | "stats" | "history" => records::parse_records(name, args)?,
        "link" => play::parse_link(name, args)?,
        "unlink" => Other(Action::Unlink),
        // `web` signs in to the pages; `web logout-all` ends every session.
        "web" => parse_web(name, args)?,
        "abort" => Other(Action::Abort {
            game: only_id(name, args)?,
        }),
        // `rematch c7` renews an expired challenge (as `reissue c7`).
        "rematch" => match args {
            [word] if words::challenge_word(word).is_some() => Other(Action::Reissue {
                challenge: only_challenge(name, args)?.ok_or(ParseError::MissingChallenge)?,
            }),
            _ => Other(Action::Rematch {
                game: only_id(name, args)?,
            }),
        },
        "reissue" => Other(Action::Reissue {
            challenge: only_challenge(name, args)?.ok_or(ParseError::MissingChallenge)?,
        }),
        "analyse" | "advisers" | "puzzle" | "solve" | "learn" => coach::parse_coach(name, args)?,
        "admin" => admin::parse_admin(args)?,
        "report" => admin::parse_report(args)?,
        "tournament" => tournament::parse_tournament(args)?,
        "vacation" => play::parse_vacation(name, args)?,
        "privacy" => match args.first() {
            None => Other(Action::Privacy),
            Some(word) => {
                return Err(ParseError::UnexpectedWord {
                    command: name.to_owned(),
                    word: quote(word),
                })
            }
        },
        "export" => match args.first() {
            None => Other(Action::Export),
            Some(word) => {
                return Err(ParseError::UnexpectedWord {
                    command: name.to_owned(),
                    word: quote(word),
                })
            }
        },
        "forget-me" => play::parse_forget_me(name, args)?,
        "games" => Other(Action::Games),
        "live" => Other(Action::Live),
        "rules" => Other(Action::Rules),
        "status" => match args.first() {
            None => Other(Action::Status),
            Some(word) => {
                return Err(ParseError::UnexpectedWord {
                    command: name.to_owned(),
                    word: quote(word),
                })
            }
        },
        // `settings me board:my-side`: the author's own; `settings [server] key:value`:
        // the place's (`server` as Discord's subcommand has it).
        "settings" => match args.first().map(|w| w.to_lowercase()).as_deref() {
            Some("me" | "mine") => Other(Action::MySettings {
                changes: setting_changes(name, &args[1..])?,
            }),
            // `settings vacation 7d`, as Discord's `/oware settings vacation`.
            Some("vacation") => play::parse_vacation(name, &args[1..])?,
            Some("export") if args.len() == 1 => Other(Action::Export),
            Some("privacy") if args.len() == 1 => Other(Action::Privacy),
            // `settings web`, as Discord's `/oware settings web`.
            Some("web") => parse_web(name, &args[1..])?,
            Some("forget-me") => play::parse_forget_me(name, &args[1..])?,
            Some("server" | "here" | "room") => Other(Action::Settings {
                changes: setting_changes(name, &args[1..])?,
            }),
            _ => Other(Action::Settings {
                changes: setting_changes(name, args)?,
            }),
        },
        // `help play`, `help more`, `help rules`, `help admin`, `help tournament`
        // (Discord's `topic:`).
        _ => match args.first().map(|w| w.to_lowercase()).as_deref() {
            Some("rules" | "règles" | "regles") => Other(Action::Rules),
            Some("more" | "plus") => Other(Action::HelpMore),
            Some("play" | "game" | "jouer" | "partie") => Other(Action::HelpPlay),
            Some("privacy" | "confidentialité" | "confidentialite") => Other(Action::Privacy),
            Some("admin" | "moderation" | "modération") => {
                Other(Action::admin(AdminAction::Usage))
            }
            Some("tournament" | "tournaments" | "tournoi" | "tournois") => Other(
                Action::Tournament(crate::service::TournamentAction::Overview),
            ),
            None => Other(Action::Help),
            Some(_) => return Err(ParseError::HelpTopic(quote(args[0]))),
        },
    })
}

/// `web` signs in to the pages; `web logout-all` ends every session.
fn parse_web(name: &str, args: &[&str]) -> Result<ParsedAction, ParseError> {
    use ParsedAction::Other;
    match args {
        [] => Ok(Other(Action::Web { logout_all: false })),
        [word]
            if matches!(
                word.to_lowercase().as_str(),
                "logout-all" | "signout-all" | "sign-out-all" | "déconnexion" | "deconnexion"
            ) =>
        {
            Ok(Other(Action::Web { logout_all: true }))
        }
        [word, ..] => Err(ParseError::UnexpectedWord {
            command: name.to_owned(),
            word: quote(word),
        }),
    }
}

/// `key:value` (or `key=value`) pairs, in the order typed.
fn setting_changes(name: &str, args: &[&str]) -> Result<Vec<(String, String)>, ParseError> {
    args.iter()
        .map(|word| match word.split_once([':', '=']) {
            Some((key, value)) if !key.is_empty() && !value.is_empty() => {
                Ok((key.to_owned(), value.to_owned()))
            }
            _ => Err(ParseError::UnexpectedWord {
                command: name.to_owned(),
                word: quote(word),
            }),
        })
        .collect()
}

#[cfg(test)]
mod personal_tests;
#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod tests;
