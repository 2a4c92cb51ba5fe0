//! Why the service refused a command. Every variant but [`ServiceError::Db`] and
//! [`ServiceError::Internal`] is an expected refusal whose message tells the user what
//! to do instead; those two are logged and shown as one generic line.

mod rules;

use rules::{illegal_text, pit_text};

use super::{advice::AdviceError, view::side_name, LinkCode};
use crate::{
    rules::{IllegalMove, PitParseError},
    store::StoreError,
};

/// The line users see for an internal failure (the details go to the log), in the
/// current language.
#[must_use]
pub fn generic_failure() -> String {
    crate::tr!("error-generic-failure")
}

/// `yes` or `no`, for a message that chooses its words by a flag.
fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// A refused command, or an internal failure.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// No game is being played in this thread or channel.
    #[error("{}", crate::tr!("error-no-game-here"))]
    NoGameHere,
    /// Games are being played here, but none by the author.
    #[error("{}", crate::tr!("error-no-game-of-yours"))]
    NoGameOfYours,
    /// The game id named does not exist on this network.
    #[error("{}", crate::tr!("error-no-such-game", game = .0))]
    NoSuchGame(i64),
    /// `move:` past the moves played so far.
    #[error("{}", crate::tr!("error-no-such-move", game = .game, moves = .moves))]
    NoSuchMove {
        /// The game.
        game: i64,
        /// Moves played so far.
        moves: i64,
    },
    /// Several games the command could mean are active here.
    #[error("{}", crate::tr!("error-which-game", yours = yes_no(*.yours), list = .list, example = .example, first = .first))]
    WhichGame {
        /// Whether they are the author's games (else any game here).
        yours: bool,
        /// `#1 alice vs bob, #2 carol vs dave`.
        list: String,
        /// The command as typed, e.g. `/oware board` or `/move c`.
        example: String,
        /// The first game's id.
        first: i64,
    },
    /// The author is not one of the two players.
    #[error("{}", crate::tr!("error-not-a-player", game = .game, south = .south, north = .north))]
    NotAPlayer {
        /// The game.
        game: i64,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// It is the other player's turn.
    #[error("{}", crate::tr!("error-not-your-turn", name = .name, side = side_name(*.side), game = .game))]
    NotYourTurn {
        /// The game.
        game: i64,
        /// The player to move.
        name: String,
        /// Their side.
        side: crate::rules::Side,
    },
    /// The game has ended.
    #[error("{}", crate::tr!("error-game-over", game = .game, summary = .summary))]
    GameOver {
        /// The game.
        game: i64,
        /// How it ended.
        summary: String,
    },
    /// A button made for an earlier position.
    #[error("{}", crate::tr!("error-stale-board", shown = .shown, now = .now))]
    StaleBoard {
        /// The ply the button was made for.
        shown: u32,
        /// The game's ply now.
        now: i64,
    },
    /// The pit letter is not a pit.
    #[error("{}", crate::tr!("error-bad-pit", why = pit_text(.0)))]
    BadPit(#[from] PitParseError),
    /// The rules forbid the move.
    #[error("{}", crate::tr!("error-illegal", why = illegal_text(.0)))]
    Illegal(#[from] IllegalMove),
    /// Another command changed the game while this one was being applied.
    #[error("{}", crate::tr!("error-raced", game = .0))]
    Raced(i64),
    /// Challenging oneself.
    #[error("{}", crate::tr!("error-challenge-self"))]
    ChallengeSelf,
    /// Challenging another bot (only this bot plays, with its engine).
    #[error("{}", crate::tr!("error-challenge-bot", name = .0))]
    ChallengeBot(String),
    /// A clock asked for in a game against the engine.
    #[error("{}", crate::tr!("error-engine-clock"))]
    EngineClock,
    /// A rated game asked for against the engine.
    #[error("{}", crate::tr!("error-engine-rated"))]
    EngineRated,
    /// A rated game asked for without a clock.
    #[error("{}", crate::tr!("error-rated-needs-clock"))]
    RatedNeedsClock,
    /// A move after the mover's deadline.
    #[error("{}", crate::tr!("error-too-late", name = .name, game = .game))]
    TooLate {
        /// The game.
        game: i64,
        /// The player whose time ran out.
        name: String,
    },
    /// Aborting a game both sides have moved in.
    #[error("{}", crate::tr!("error-cannot-abort", game = .0))]
    CannotAbort(i64),
    /// A cap on what one user (or everyone) may have open is reached.
    #[error("{0}")]
    Cap(String),
    /// A rematch that cannot be made.
    #[error("{0}")]
    NoRematch(String),
    /// A second open challenge while one is pending.
    #[error("{}", crate::tr!("error-duplicate-open-challenge"))]
    DuplicateOpenChallenge,
    /// A second pending challenge to the same person.
    #[error("{}", crate::tr!("error-duplicate-challenge", name = .0))]
    DuplicateChallenge(String),
    /// No pending challenge fits.
    #[error("{0}")]
    NoChallenge(String),
    /// Several pending challenges fit.
    #[error("{}", crate::tr!("error-which-challenge", list = .0, command = .1, first = .2))]
    WhichChallenge(String, &'static str, i64),
    /// The challenge is not pending any more.
    #[error("{}", crate::tr!("error-challenge-closed", challenge = .0, status = .1))]
    ChallengeClosed(i64, String),
    /// The author may not answer or withdraw this challenge.
    #[error("{0}")]
    NotYourChallenge(String),
    /// The author already asked this of the other player (`name`).
    #[error("{}", crate::tr!("error-already-asked", request = request.as_str(), game = game, name = name))]
    AlreadyAsked {
        /// What was asked.
        request: crate::play::proposal::Request,
        /// The game.
        game: i64,
        /// The other player, who may answer.
        name: String,
    },
    /// A lesson number beyond the lessons.
    #[error("{}", crate::tr!("error-no-such-lesson", lesson = .0, count = crate::play::lessons::COUNT))]
    NoSuchLesson(u8),
    /// A vacation of no days, or longer than the allowance.
    #[error("{}", crate::tr!("error-vacation-length", days = .0, allowance = super::vacation::ALLOWANCE_DAYS))]
    VacationLength(u32),
    /// A vacation longer than the days left.
    #[error("{}", crate::tr!("error-vacation-days-left", asked = .asked, left = .left, allowance = super::vacation::ALLOWANCE_DAYS))]
    VacationDaysLeft {
        /// The days asked.
        asked: u32,
        /// The days left over the last 365.
        left: u32,
    },
    /// A vacation asked while on one (until the given time).
    #[error("{}", crate::tr!("error-already-on-vacation", until = .0.as_str()))]
    AlreadyOnVacation(String),
    /// Back from a vacation not taken.
    #[error("{}", crate::tr!("error-not-on-vacation"))]
    NotOnVacation,
    /// A takeback asked in a rated or tournament game.
    #[error("{}", crate::tr!("error-takeback-rated", game = .0))]
    TakebackRated(i64),
    /// A takeback asked before the asker has moved.
    #[error("{}", crate::tr!("error-nothing-to-take-back", game = .0))]
    NothingToTakeBack(i64),
    /// A decline with no such request pending.
    #[error("{}", crate::tr!("error-nothing-to-decline", request = request.as_str(), game = game))]
    NothingToDecline {
        /// What was declined.
        request: crate::play::proposal::Request,
        /// The game.
        game: i64,
    },
    /// Advice that was not taken.
    /// Analysis of a game still being played.
    #[error("{}", crate::tr!("error-game-not-over", game = .0))]
    GameNotOver(i64),
    /// `/oware analyse` by someone with as many reviews queued as one person may
    /// (`MAX_QUEUED_REVIEWS_PER_USER`).
    #[error("{}", crate::tr!("error-reviews-queued-by-you", game = .game, limit = .limit))]
    ReviewsQueuedByYou {
        /// The game asked for.
        game: i64,
        /// The cap.
        limit: i64,
    },
    /// `/oware analyse` while as many reviews are queued as the bot takes
    /// (`MAX_QUEUED_REVIEWS`).
    #[error("{}", crate::tr!("error-review-queue-full", game = .game, limit = .limit))]
    ReviewQueueFull {
        /// The game asked for.
        game: i64,
        /// The cap.
        limit: i64,
    },
    /// Analysis of a game without moves.
    #[error("{}", crate::tr!("error-nothing-to-analyse", game = .0))]
    NothingToAnalyse(i64),
    /// `solve` without an open puzzle.
    #[error("{}", crate::tr!("error-no-puzzle-open"))]
    NoPuzzleOpen,
    /// No puzzle is stored yet, or the author has had them all.
    #[error("{0}")]
    NoPuzzle(String),
    /// The puzzle was answered before.
    #[error("{}", crate::tr!("error-puzzle-answered", puzzle = .0))]
    PuzzleAnswered(i64),
    /// An unknown puzzle number (from an old button).
    #[error("{}", crate::tr!("error-no-such-puzzle", puzzle = .0))]
    NoSuchPuzzle(i64),
    /// An answer to a puzzle given to someone else (their message's buttons).
    #[error("{}", crate::tr!("error-puzzle-not-given", puzzle = .0))]
    PuzzleNotGiven(i64),
    /// An answer that is not a legal move in the puzzle's position.
    #[error("{}", crate::tr!("error-puzzle-move", pit = .pit, puzzle = .puzzle, legal = .legal, example = .example))]
    PuzzleMove {
        /// The puzzle.
        puzzle: i64,
        /// What was typed.
        pit: String,
        /// The legal moves.
        legal: String,
        /// One of them.
        example: char,
    },
    /// Advice an onlooker may not give (see `play::advice`).
    #[error("{}", crate::tr!("error-advice", why = .0))]
    Advice(#[from] AdviceError),
    /// Stats or history of someone who has never played: `You have` or `bob has`.
    #[error("{}", crate::tr!("error-never-played", who = .0))]
    NeverPlayed(String),
    /// Someone else's history asked in a room where they never played (their games
    /// elsewhere stay there).
    #[error("{}", crate::tr!("error-no-games-here", name = .0))]
    NoGamesHere(String),
    /// A leaderboard page past the end.
    #[error("{}", crate::tr!("error-no-such-page", page = .page, pages = .pages))]
    NoSuchPage {
        /// The page asked for.
        page: u32,
        /// How many there are.
        pages: i64,
    },
    /// A link code that does not exist (shown back to its typist only; `Debug`
    /// hides it).
    #[error("{}", crate::tr!("error-link-unknown", code = .0.expose()))]
    LinkUnknown(LinkCode),
    /// A link code whose time ran out.
    #[error("{}", crate::tr!("error-link-expired", minutes = .0))]
    LinkExpired(u64),
    /// A link code used before.
    #[error("{}", crate::tr!("error-link-used"))]
    LinkUsed,
    /// A link code redeemed by the account that made it.
    #[error("{}", crate::tr!("error-link-own-code", code = .0.expose()))]
    LinkOwnCode(LinkCode),
    /// A link code redeemed on the network it was made on.
    #[error("{}", crate::tr!("error-link-same-network"))]
    LinkSameNetwork,
    /// The accounts share an identity already.
    #[error("{}", crate::tr!("error-already-linked"))]
    AlreadyLinked,
    /// A command for those who administer the place (see [`super::Role`]), by
    /// someone who does not.
    #[error("{}", crate::tr!("error-not-admin", command = .0))]
    NotAdmin(&'static str),
    /// A setting or value `/oware settings` does not take (the message says which
    /// ones it does).
    #[error("{}", crate::tr!("error-bad-setting", why = .0))]
    BadSetting(String),
    /// Another admin changed the settings between reading and saving them.
    #[error("{}", crate::tr!("error-settings-changed"))]
    SettingsChanged,
    /// Games start only in some channels of this server.
    #[error("{}", crate::tr!("error-channel-not-allowed", channels = .0))]
    ChannelNotAllowed(String),
    /// A moderator's action or a report without a reason (the usage, to type again).
    #[error("{}", crate::tr!("error-reason-needed", usage = .0))]
    ReasonNeeded(String),
    /// An adjudication naming someone who does not play in the game.
    #[error("{}", crate::tr!("error-not-the-winner", name = .name, game = .game, south = .south, north = .north))]
    NotTheWinner {
        /// The game.
        game: i64,
        /// Who was named.
        name: String,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// A user banned from starting games at this place (`until …`, ` (why)`).
    #[error("{}", crate::tr!("error-banned", until = .until, reason = .reason))]
    Banned {
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
        /// ` (why)`, or empty.
        reason: String,
    },
    /// A game with a user banned from playing at this place (`until …`).
    #[error("{}", crate::tr!("error-other-banned", name = .name, until = .until))]
    OtherBanned {
        /// Who is banned.
        name: String,
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
    },
    /// Unbanning someone who is not banned.
    #[error("{}", crate::tr!("error-not-banned", name = .0))]
    NotBanned(String),
    /// A moderation command refused.
    #[error(transparent)]
    Moderation(#[from] super::moderation::ModerationError),
    /// Forgetting refused.
    #[error(transparent)]
    Forget(#[from] super::forget::ForgetError),
    /// A tournament command refused.
    #[error(transparent)]
    Tournament(#[from] super::tournaments::TournamentError),
    /// Every slot for the web's pictures is taken: the client tries again later.
    #[error("{}", crate::tr!("web-busy"))]
    PicturesBusy,
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] StoreError),
    /// A broken invariant (e.g. a stored game that does not replay).
    #[error("internal: {0}")]
    Internal(String),
}

impl ServiceError {
    /// Whether this is an internal failure (logged, shown as [`generic_failure`]).
    #[must_use]
    pub fn is_internal(&self) -> bool {
        match self {
            ServiceError::Db(StoreError::CapReached { .. }) => false,
            ServiceError::Db(_) | ServiceError::Internal(_) => true,
            _ => false,
        }
    }

    /// The text the user sees.
    #[must_use]
    pub fn user_message(&self) -> String {
        match self {
            ServiceError::Db(StoreError::CapReached { cap, limit }) => {
                super::limits::cap_text(*cap, *limit, None)
            }
            ServiceError::Db(e) if e.is_busy() => crate::tr!("error-busy"),
            _ if self.is_internal() => generic_failure(),
            _ => self.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_failure_and_who_administers_read_as_before() {
        assert_eq!(
            generic_failure(),
            "Sorry, something went wrong on my side and nothing was changed. Please try \
             again in a moment."
        );
        let text = ServiceError::NotAdmin("/oware admin status").to_string();
        assert!(
            text.starts_with("`/oware admin status` is only for the bot's owners")
                && text.ends_with("Ask one of them."),
            "{text}"
        );
    }
}
