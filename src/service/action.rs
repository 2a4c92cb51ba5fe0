//! What a command asks for: an [`Action`] and its options, platform-neutral.

use std::fmt;

use super::clock::{Speed, TimeControl};
use super::User;
use crate::rules::{Typed, Variant};

mod admin;
pub use admin::{AdminAction, BanLength};

pub use crate::play::{level::Level, proposal::Request, start::First};

/// Options of `play`, as `key:value` words after the command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    /// Who moves first.
    pub first: First,
    /// Rated or casual; `None` means the default (rated between people).
    pub rated: Option<bool>,
    /// The grand-slam rule.
    pub variant: Variant,
    /// Whether onlookers may advise; `None` means the default (on for casual games).
    pub advice: Option<bool>,
    /// The engine's level when challenging the bot itself.
    pub level: Option<Level>,
    /// The time control; `None` means the default (3 days a move between people, no
    /// clock against the engine).
    pub time: Option<TimeControl>,
    /// Whether the player to move is reminded in correspondence games; `None` means
    /// yes.
    pub reminders: Option<bool>,
}

/// A game named explicitly (`#12`), or `None` to let the service find the game the
/// command means (this thread's, else the author's one game in this channel).
pub type GameRef = Option<crate::store::GameId>;

/// What the author asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Challenge someone (or the bot itself).
    Play {
        /// Who is challenged.
        opponent: User,
        /// The game's options.
        options: ChallengeOptions,
    },
    /// An open challenge: anyone here but its maker may accept it.
    Open {
        /// The game's options.
        options: ChallengeOptions,
    },
    /// Accept a challenge (the one pending for the author here, or by id; else an
    /// open challenge here).
    Accept {
        /// A challenge id, from a button.
        challenge: Option<crate::store::ChallengeId>,
    },
    /// Decline a challenge.
    Decline {
        /// A challenge id, from a button.
        challenge: Option<crate::store::ChallengeId>,
    },
    /// Withdraw one's own pending challenge.
    Cancel {
        /// A challenge id.
        challenge: Option<crate::store::ChallengeId>,
    },
    /// Sow from a pit. The letter is what was typed (the pit it names depends on
    /// the mover's side); `ply` comes from buttons so a stale press is refused.
    Move {
        /// The typed pit letter.
        pit: Typed,
        /// The game.
        game: GameRef,
        /// The ply the button was made for (`None` for typed moves).
        ply: Option<u32>,
    },
    /// Show the current board, or the position after a move played.
    Board {
        /// The game.
        game: GameRef,
        /// After this many moves (0: the start); `None`: now.
        after: Option<u32>,
    },
    /// Resign: asked first (`confirmed: false` answers with the game it would end
    /// and a button), then done (the button, or `/oware resign #12 confirm`).
    Resign {
        /// The game.
        game: GameRef,
        /// Whether the player confirmed it for this game.
        confirmed: bool,
    },
    /// Propose (or confirm) ending an endless cycle by agreement.
    End {
        /// The game.
        game: GameRef,
    },
    /// Offer a draw, or accept the opponent's offer; or, when `decline`, decline it
    /// (or withdraw one's own).
    Draw {
        /// The game.
        game: GameRef,
        /// Decline (or withdraw) the pending offer.
        decline: bool,
    },
    /// Ask to take back one's last move (casual games), or accept the opponent's
    /// request; or, when `decline`, decline it (or withdraw one's own).
    Takeback {
        /// The game.
        game: GameRef,
        /// Decline (or withdraw) the pending request.
        decline: bool,
    },
    /// List the author's active games (their turn first) and pending challenges.
    Games,
    /// List the games in progress here, to watch.
    Live,
    /// An onlooker suggests a pit for the side to move.
    Advise {
        /// The typed pit letter.
        pit: Typed,
        /// The game.
        game: GameRef,
    },
    /// Rankings: this server's, or every server's.
    Leaderboard {
        /// Across every server and network.
        global: bool,
        /// Page, from 1.
        page: u32,
        /// Whose ratings: live or correspondence; `None` means correspondence
        /// ([`Speed::DEFAULT`]).
        speed: Option<Speed>,
    },
    /// A player's record (the author's when `None`).
    Stats {
        /// Whose.
        user: Option<User>,
        /// One speed's rating, record and chart; `None` means both speeds'.
        speed: Option<Speed>,
    },
    /// A player's recent games (the author's when `None`).
    History {
        /// Whose.
        user: Option<User>,
    },
    /// The animated replay and record of a game.
    Replay {
        /// The game id.
        game: crate::store::GameId,
    },
    /// Link accounts across networks: without a code, get one; with it, asks
    /// first (naming the account it joins), and links once confirmed.
    Link {
        /// The one-time code.
        code: Option<LinkCode>,
        /// The author confirmed (`confirm`, or the button).
        confirmed: bool,
    },
    /// Take the author's account out of the identity it was linked to.
    Unlink,
    /// `/oware web`: a one-time link that signs the author in to the web pages;
    /// with `logout_all` (`/oware web logout-all`), the end of every web session of
    /// theirs instead.
    Web {
        /// End every session instead of signing in.
        logout_all: bool,
    },
    /// Abort a game in which a side has not moved yet (no result, unrated).
    Abort {
        /// The game.
        game: GameRef,
    },
    /// Challenge the other player of a finished game again, sides swapped, same
    /// options.
    Rematch {
        /// The finished game (the author's latest here when `None`).
        game: GameRef,
    },
    /// Make an expired challenge again.
    Reissue {
        /// The expired challenge.
        challenge: crate::store::ChallengeId,
    },
    /// The engine's analysis of a finished game (with its advice judged).
    Analyse {
        /// The game (this thread's, or the author's latest finished one here, when
        /// `None`).
        game: GameRef,
    },
    /// The onlookers whose advice was best, by the seeds their picks lost.
    Advisers {
        /// Across every server and network.
        global: bool,
    },
    /// A puzzle to solve: a new one, or the server's puzzle of the day.
    Puzzle {
        /// The puzzle of the day.
        daily: bool,
    },
    /// What the bot stores about people, why, for how long, and how to get it.
    Privacy,
    /// Everything the bot stores about the author, sent to them privately.
    Export,
    /// Erase the author's identity: asks first; `confirmed` erases.
    ForgetMe {
        /// The answer to the question (`confirm`, or its button).
        confirmed: bool,
    },
    /// The author's vacation: how it stands, going away, or coming back.
    Vacation(super::VacationRequest),
    /// A beginner's lesson: the author's next one (or `lesson`), or, with `answer`,
    /// the author's move in it.
    Learn {
        /// Which lesson, 1 to 5; `None`: the author's first unsolved one.
        lesson: Option<u8>,
        /// The typed pit letter answering it.
        answer: Option<Typed>,
    },
    /// Answer a puzzle.
    Solve {
        /// The typed pit letter.
        pit: Typed,
        /// The puzzle (from a button); the author's open one when `None`.
        puzzle: Option<i64>,
    },
    /// A message addressed to the bot that its adapter could not read as a command
    /// (a typo, a mention that names nobody): answered privately with `hint`, the
    /// adapter's explanation, in the room's language. It goes through the service
    /// like any command, so it counts against the author's rate and its event is
    /// answered once.
    Misunderstood {
        /// What the adapter says about it (and what to type instead).
        hint: String,
    },
    /// The rules of Oware.
    Rules,
    /// How to use the bot.
    Help,
    /// Every command and option of a game (`/oware help play`).
    HelpPlay,
    /// The commands beyond play: replays, analysis, puzzles, accounts.
    HelpMore,
    /// The bot's health, for those who administer the place (see [`Role`]).
    Status,
    /// Shows this server's settings, or changes them (`key`, `value` pairs; for
    /// those who administer the place).
    Settings {
        /// The changes, in the order typed; none to show the settings.
        changes: Vec<(String, String)>,
    },
    /// Shows the author's own settings, or changes them (`/oware settings me
    /// board:my-side`): anyone's, for their own replies.
    MySettings {
        /// The changes, in the order typed; none to show them.
        changes: Vec<(String, String)>,
    },
    /// Moderation by those who administer the place (see [`Role`]); boxed to keep
    /// every command small. Made with [`Action::admin`].
    Admin(Box<AdminAction>),
    /// Any player reports a game to the place's admins (recorded in the audit log).
    Report {
        /// The game reported.
        game: crate::store::GameId,
        /// Why.
        reason: String,
    },
    /// Tournaments: create, join, start, standings.
    Tournament(super::TournamentAction),
}

/// Who reads the answer to an action, and so the language it is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everyone at the place (a challenge, a move, a board, a result, a
    /// leaderboard): the place's language, so a game's thread reads in one.
    Place,
    /// The author alone (help, their settings, their games, a lesson): their own.
    Author,
}

impl Action {
    /// Who reads this action's answer when it succeeds. A refusal is always the
    /// author's alone, and so are the few private answers of a place's action (the
    /// question before a resignation, a board from North's seat).
    #[must_use]
    pub fn audience(&self) -> Audience {
        match self {
            Action::Play { .. }
            | Action::Open { .. }
            | Action::Accept { .. }
            | Action::Decline { .. }
            | Action::Cancel { .. }
            | Action::Move { .. }
            | Action::Board { .. }
            | Action::Resign { .. }
            | Action::End { .. }
            | Action::Draw { .. }
            | Action::Takeback { .. }
            | Action::Abort { .. }
            | Action::Rematch { .. }
            | Action::Reissue { .. }
            | Action::Analyse { .. }
            | Action::Leaderboard { .. }
            | Action::Stats { .. }
            | Action::History { .. }
            | Action::Replay { .. }
            | Action::Puzzle { .. }
            | Action::Advisers { .. } => Audience::Place,
            // The overview is the tournaments' help, with the list: the author's.
            Action::Tournament(super::TournamentAction::Overview) => Audience::Author,
            Action::Tournament(_) => Audience::Place,
            Action::Games
            | Action::Live
            | Action::Advise { .. }
            | Action::Link { .. }
            | Action::Unlink
            | Action::Web { .. }
            | Action::Privacy
            | Action::Export
            | Action::ForgetMe { .. }
            | Action::Vacation(_)
            | Action::Learn { .. }
            | Action::Solve { .. }
            | Action::Misunderstood { .. }
            | Action::Rules
            | Action::Help
            | Action::HelpPlay
            | Action::HelpMore
            | Action::Status
            | Action::Settings { .. }
            | Action::MySettings { .. }
            | Action::Admin(_)
            | Action::Report { .. } => Audience::Author,
        }
    }

    /// The answer to the pending `request` in `game` (a button's, or typed): accept
    /// it, or `decline` it. An end by agreement is declined by playing on.
    #[must_use]
    pub fn answer(request: Request, game: GameRef, decline: bool) -> Action {
        match request {
            Request::End => Action::End { game },
            Request::Draw => Action::Draw { game, decline },
            Request::Takeback => Action::Takeback { game, decline },
        }
    }

    /// `/oware admin …`.
    #[must_use]
    pub fn admin(action: AdminAction) -> Action {
        Action::Admin(Box::new(action))
    }
}

/// A `/oware link` code as typed. Its `Debug` prints `***`: a failed command is
/// logged with its action, and whoever reads a code can link their account to its
/// owner's (take over the rating) until it expires.
#[derive(Clone, PartialEq, Eq)]
pub struct LinkCode(String);

impl LinkCode {
    /// Wraps a code as typed.
    #[must_use]
    pub fn new(code: impl Into<String>) -> LinkCode {
        LinkCode(code.into())
    }

    /// The code itself, to look it up or to show it back to its owner.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for LinkCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LinkCode(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Command, Place, Platform, ServiceError, User};

    #[test]
    fn link_codes_are_redacted_in_debug() {
        let lang = &crate::i18n::Language::english();
        let action = Action::Link {
            code: Some(LinkCode::new("K7QM2XPA")),
            confirmed: false,
        };
        let cmd = Command::new(
            Place {
                platform: Platform::Matrix,
                space: None,
                channel: "!room:example.org".into(),
                thread: None,
            },
            User {
                id: "@alice:example.org".into(),
                name: "Alice".into(),
                is_bot: false,
            },
            action.clone(),
        );
        for shown in [
            format!("{action:?}"),
            format!("{action:#?}"),
            format!("{cmd:?}"),
            format!("{:?}", ServiceError::LinkUnknown(LinkCode::new("K7QM2XPA"))),
            format!("{:?}", ServiceError::LinkOwnCode(LinkCode::new("K7QM2XPA"))),
        ] {
            assert!(!shown.contains("K7QM2XPA"), "{shown}");
            assert!(shown.contains("***"), "{shown}");
        }
        // The user who typed it still sees it.
        let err = ServiceError::LinkUnknown(LinkCode::new("K7QM2XPA"));
        assert!(err.user_message(lang).contains("K7QM2XPA"));
        assert_eq!(LinkCode::new("abc").expose(), "abc");
    }
}
