//! A reply's buttons, and the ids they carry: what pressing one does, read back
//! when it is pressed (Discord's custom ids; the text platforms' listed choices).

use serde::{Deserialize, Serialize};

use crate::play::proposal::Request;

/// What pressing a button does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonAction {
    /// Sow from this pit (canonical letter) in this game, at this ply.
    Move {
        /// The game.
        game: crate::store::GameId,
        /// The ply the board shows (stale presses are refused).
        ply: u32,
        /// The pit letter.
        pit: char,
    },
    /// Accept this challenge.
    Accept {
        /// The challenge.
        challenge: crate::store::ChallengeId,
    },
    /// Decline this challenge.
    Decline {
        /// The challenge.
        challenge: crate::store::ChallengeId,
    },
    /// Challenge the same player again, sides swapped, after this game.
    Rematch {
        /// The finished game.
        game: crate::store::GameId,
    },
    /// Make this expired challenge again.
    Reissue {
        /// The expired challenge.
        challenge: crate::store::ChallengeId,
    },
    /// Analyse this finished game.
    Analyse {
        /// The game.
        game: crate::store::GameId,
    },
    /// Resign this game (the confirmation of `/oware resign`).
    Resign {
        /// The game.
        game: crate::store::GameId,
    },
    /// Accept or decline the request pending in this game.
    Answer {
        /// The game.
        game: crate::store::GameId,
        /// What was asked.
        request: Request,
        /// Accept (else decline).
        accept: bool,
    },
    /// Answer this lesson with this pit (canonical letter).
    Lesson {
        /// The lesson, 1 to 5.
        lesson: u8,
        /// The pit letter.
        pit: char,
    },
    /// Forget the presser (the confirmation of `/oware forget-me`).
    ForgetMe,
    /// Link the presser's account with this code's (the confirmation of `/oware
    /// link CODE`).
    Link {
        /// The code, as typed.
        code: String,
    },
    /// Answer this puzzle with this pit (canonical letter).
    Solve {
        /// The puzzle.
        puzzle: i64,
        /// The pit letter.
        pit: char,
    },
}

impl ButtonAction {
    /// A compact id for platforms that carry one (Discord's `custom_id`, ≤ 100 chars):
    /// `mv:<game>:<ply>:<pit>`, `ok:<challenge>`, `no:<challenge>`, `rm:<game>`,
    /// `re:<challenge>`, `an:<game>`, `rs:<game>`, `pr:<game>:<request>:<y|n>`,
    /// `ls:<lesson>:<pit>`, `pz:<puzzle>:<pit>`, `fm:me`.
    #[must_use]
    pub fn custom_id(&self) -> String {
        match self {
            ButtonAction::Move { game, ply, pit } => format!("mv:{game}:{ply}:{pit}"),
            ButtonAction::Accept { challenge } => format!("ok:{challenge}"),
            ButtonAction::Decline { challenge } => format!("no:{challenge}"),
            ButtonAction::Rematch { game } => format!("rm:{game}"),
            ButtonAction::Reissue { challenge } => format!("re:{challenge}"),
            ButtonAction::Analyse { game } => format!("an:{game}"),
            ButtonAction::Resign { game } => format!("rs:{game}"),
            ButtonAction::Answer {
                game,
                request,
                accept,
            } => format!("pr:{game}:{request}:{}", if *accept { 'y' } else { 'n' }),
            ButtonAction::Lesson { lesson, pit } => format!("ls:{lesson}:{pit}"),
            ButtonAction::Solve { puzzle, pit } => format!("pz:{puzzle}:{pit}"),
            ButtonAction::ForgetMe => "fm:me".to_owned(),
            ButtonAction::Link { code } => format!("lk:{code}"),
        }
    }

    /// Parses [`ButtonAction::custom_id`]; `None` for anything else.
    #[must_use]
    pub fn from_custom_id(id: &str) -> Option<ButtonAction> {
        let mut parts = id.split(':');
        let action = match (parts.next()?, parts.next()?) {
            ("mv", game) => {
                let game = game.parse().ok()?;
                let ply = parts.next()?.parse().ok()?;
                let pit = pit_letter(parts.next()?)?;
                ButtonAction::Move { game, ply, pit }
            }
            ("ok", c) => ButtonAction::Accept {
                challenge: c.parse().ok()?,
            },
            ("no", c) => ButtonAction::Decline {
                challenge: c.parse().ok()?,
            },
            ("rm", g) => ButtonAction::Rematch {
                game: g.parse().ok()?,
            },
            ("re", c) => ButtonAction::Reissue {
                challenge: c.parse().ok()?,
            },
            ("an", g) => ButtonAction::Analyse {
                game: g.parse().ok()?,
            },
            ("rs", g) => ButtonAction::Resign {
                game: g.parse().ok()?,
            },
            ("pr", game) => ButtonAction::Answer {
                game: game.parse().ok()?,
                // An end is answered by playing on: no button declines one.
                request: parts.next()?.parse().ok().filter(|&r| r != Request::End)?,
                accept: match parts.next()? {
                    "y" => true,
                    "n" => false,
                    _ => return None,
                },
            },
            ("ls", lesson) => ButtonAction::Lesson {
                lesson: lesson.parse().ok()?,
                pit: pit_letter(parts.next()?)?,
            },
            ("fm", "me") => ButtonAction::ForgetMe,
            ("lk", code) if !code.is_empty() => ButtonAction::Link {
                code: code.to_owned(),
            },
            ("pz", puzzle) => ButtonAction::Solve {
                puzzle: puzzle.parse().ok()?,
                pit: pit_letter(parts.next()?)?,
            },
            _ => return None,
        };
        parts.next().is_none().then_some(action)
    }

    /// What to type for it on text platforms (which list buttons as choices).
    #[must_use]
    pub fn typed(&self) -> String {
        match self {
            ButtonAction::Move { pit, .. } => format!("/move {pit}"),
            ButtonAction::Accept { challenge } => format!("/oware accept c{challenge}"),
            ButtonAction::Decline { challenge } => format!("/oware decline c{challenge}"),
            ButtonAction::Rematch { game } => format!("/oware rematch #{game}"),
            ButtonAction::Reissue { challenge } => format!("/oware rematch c{challenge}"),
            ButtonAction::Analyse { game } => format!("/oware analyse #{game}"),
            ButtonAction::Resign { game } => format!("/oware resign #{game} confirm"),
            ButtonAction::Answer {
                game,
                request,
                accept,
            } => format!(
                "/oware {request} #{game}{}",
                if *accept { "" } else { " decline" }
            ),
            ButtonAction::Lesson { lesson, pit } => format!("/oware learn {lesson} {pit}"),
            ButtonAction::Solve { pit, .. } => format!("/oware solve {pit}"),
            ButtonAction::ForgetMe => "/oware forget-me confirm".to_owned(),
            ButtonAction::Link { code } => format!("/oware link {code} confirm"),
        }
    }
}

/// The one character of `word`.
/// A pit's letter in a button's id: one of `A`–`F`, `a`–`f`.
fn pit_letter(word: &str) -> Option<char> {
    let mut chars = word.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    crate::rules::Pit::from_letter(c).map(crate::rules::Pit::letter)
}

/// A button (Discord) or a listed choice (text platforms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// What it does.
    pub action: ButtonAction,
    /// Its label, e.g. `C (5)` or `Accept`.
    pub label: String,
    /// Whether it can be pressed now (an illegal pit is shown disabled).
    pub enabled: bool,
    /// Which row of buttons it goes in (Discord allows 5 per row).
    pub row: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_reject_junk() {
        for action in [
            ButtonAction::Move {
                game: crate::store::GameId::new(12),
                ply: 7,
                pit: 'C',
            },
            ButtonAction::Accept {
                challenge: crate::store::ChallengeId::new(3),
            },
            ButtonAction::Decline {
                challenge: crate::store::ChallengeId::new(4),
            },
            ButtonAction::Rematch {
                game: crate::store::GameId::new(5),
            },
            ButtonAction::Reissue {
                challenge: crate::store::ChallengeId::new(6),
            },
            ButtonAction::Analyse {
                game: crate::store::GameId::new(7),
            },
            ButtonAction::Resign {
                game: crate::store::GameId::new(9),
            },
            ButtonAction::Answer {
                game: crate::store::GameId::new(10),
                request: Request::Draw,
                accept: true,
            },
            ButtonAction::Answer {
                game: crate::store::GameId::new(11),
                request: Request::Draw,
                accept: false,
            },
            ButtonAction::Solve {
                puzzle: 8,
                pit: 'd',
            },
            ButtonAction::Lesson {
                lesson: 3,
                pit: 'F',
            },
            ButtonAction::ForgetMe,
        ] {
            assert_eq!(
                ButtonAction::from_custom_id(&action.custom_id()),
                Some(action)
            );
        }
        for junk in [
            "",
            "mv",
            "mv:1:2",
            "mv:1:2:CD",
            "ok:x",
            "ok:1:2",
            "zz:1",
            "mv:a:1:C",
            "an:",
            "pz:1",
            "pz:1:ab",
            "pz:x:a",
            "ls:1",
            "ls:x:F",
            "pr:1:draw",
            "pr:1:draw:maybe",
            "pr:1:truce:y",
            // An end by agreement is declined by playing on: no button for it.
            "pr:1:end:n",
        ] {
            assert_eq!(ButtonAction::from_custom_id(junk), None, "{junk}");
        }
    }
}
