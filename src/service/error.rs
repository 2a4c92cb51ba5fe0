//! Why the service refused a command. Every variant but [`ServiceError::Db`] and
//! [`ServiceError::Internal`] is an expected refusal whose message tells the user what
//! to do instead; those two are logged and shown as one generic line.

mod rules;

use rules::illegal_text;

use super::{advice::AdviceError, view::side_name, LinkCode};
use crate::{i18n::Language, rules::IllegalMove, store::StoreError};

/// The line users see for an internal failure (the details go to the log), in
/// `lang`.
#[must_use]
pub fn generic_failure(lang: &Language) -> String {
    crate::tr!(lang, "error-generic-failure")
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
#[error("{}", self.words(&crate::i18n::Language::english()))]
pub enum ServiceError {
    /// No game is being played in this thread or channel.
    NoGameHere,
    /// Games are being played here, but none by the author.
    NoGameOfYours,
    /// The game id named does not exist on this network.
    NoSuchGame(crate::store::GameId),
    /// `move:` past the moves played so far.
    NoSuchMove {
        /// The game.
        game: crate::store::GameId,
        /// Moves played so far.
        moves: i64,
    },
    /// Several games the command could mean are active here.
    WhichGame {
        /// Whether they are the author's games (else any game here).
        yours: bool,
        /// `#1 alice vs bob, #2 carol vs dave`.
        list: String,
        /// The command as typed, e.g. `/oware board` or `/move c`.
        example: String,
        /// The first game's id.
        first: crate::store::GameId,
    },
    /// The author is not one of the two players.
    NotAPlayer {
        /// The game.
        game: crate::store::GameId,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// It is the other player's turn.
    NotYourTurn {
        /// The game.
        game: crate::store::GameId,
        /// The player to move.
        name: String,
        /// Their side.
        side: crate::rules::Side,
    },
    /// The game has ended.
    GameOver {
        /// The game.
        game: crate::store::GameId,
        /// How it ended.
        summary: String,
    },
    /// A button made for an earlier position.
    StaleBoard {
        /// The ply the button was made for.
        shown: u32,
        /// The game's ply now.
        now: i64,
    },
    /// The rules forbid the move.
    Illegal(#[from] IllegalMove),
    /// Another command changed the game while this one was being applied.
    Raced(crate::store::GameId),
    /// Challenging oneself.
    ChallengeSelf,
    /// Challenging another bot (only this bot plays, with its engine).
    ChallengeBot(String),
    /// A clock asked for in a game against the engine.
    EngineClock,
    /// A rated game asked for against the engine.
    EngineRated,
    /// `level:` on a challenge to a person: it sets only the engine's strength.
    LevelForEngineOnly,
    /// A rated game asked for without a clock.
    RatedNeedsClock,
    /// A move after the mover's deadline.
    TooLate {
        /// The game.
        game: crate::store::GameId,
        /// The player whose time ran out.
        name: String,
    },
    /// Aborting a game both sides have moved in.
    CannotAbort(crate::store::GameId),
    /// A cap on what one user (or everyone) may have open is reached.
    #[error("{0}")]
    Cap(String),
    /// A rematch that cannot be made.
    #[error("{0}")]
    NoRematch(String),
    /// A second open challenge while one is pending.
    DuplicateOpenChallenge,
    /// A second pending challenge to the same person.
    DuplicateChallenge(String),
    /// No pending challenge fits.
    #[error("{0}")]
    NoChallenge(String),
    /// Several pending challenges fit.
    WhichChallenge(String, &'static str, crate::store::ChallengeId),
    /// The challenge is not pending any more.
    ChallengeClosed(crate::store::ChallengeId, String),
    /// The author may not answer or withdraw this challenge.
    #[error("{0}")]
    NotYourChallenge(String),
    /// The author already asked this of the other player (`name`).
    AlreadyAsked {
        /// What was asked.
        request: crate::play::proposal::Request,
        /// The game.
        game: crate::store::GameId,
        /// The other player, who may answer.
        name: String,
    },
    /// A lesson number beyond the lessons.
    NoSuchLesson(u8),
    /// A vacation of no days, or longer than the allowance.
    VacationLength(u32),
    /// A vacation longer than the days left.
    VacationDaysLeft {
        /// The days asked.
        asked: u32,
        /// The days left over the last 365.
        left: u32,
    },
    /// A vacation asked while on one (until the given time).
    AlreadyOnVacation(String),
    /// Back from a vacation not taken.
    NotOnVacation,
    /// A takeback asked in a rated or tournament game.
    TakebackRated(crate::store::GameId),
    /// A takeback asked before the asker has moved.
    NothingToTakeBack(crate::store::GameId),
    /// A decline with no such request pending.
    NothingToDecline {
        /// What was declined.
        request: crate::play::proposal::Request,
        /// The game.
        game: crate::store::GameId,
    },
    /// Advice that was not taken.
    /// Analysis of a game still being played.
    GameNotOver(crate::store::GameId),
    /// `/oware analyse` by someone with as many reviews queued as one person may
    /// (`MAX_QUEUED_REVIEWS_PER_USER`).
    ReviewsQueuedByYou {
        /// The game asked for.
        game: crate::store::GameId,
        /// The cap.
        limit: i64,
    },
    /// `/oware analyse` while as many reviews are queued as the bot takes
    /// (`MAX_QUEUED_REVIEWS`).
    ReviewQueueFull {
        /// The game asked for.
        game: crate::store::GameId,
        /// The cap.
        limit: i64,
    },
    /// Analysis of a game without moves.
    NothingToAnalyse(crate::store::GameId),
    /// `solve` without an open puzzle.
    NoPuzzleOpen,
    /// No puzzle is stored yet, or the author has had them all.
    #[error("{0}")]
    NoPuzzle(String),
    /// The puzzle was answered before.
    PuzzleAnswered(i64),
    /// An unknown puzzle number (from an old button).
    NoSuchPuzzle(i64),
    /// An answer to a puzzle given to someone else (their message's buttons).
    PuzzleNotGiven(i64),
    /// An answer that is not a legal move in the puzzle's position.
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
    Advice(#[from] AdviceError),
    /// Stats or history of someone who has never played: `You have` or `bob has`.
    NeverPlayed(String),
    /// Someone else's history asked in a room where they never played (their games
    /// elsewhere stay there).
    NoGamesHere(String),
    /// A leaderboard page past the end.
    NoSuchPage {
        /// The page asked for.
        page: u32,
        /// How many there are.
        pages: i64,
    },
    /// A link code that does not exist (shown back to its typist only; `Debug`
    /// hides it).
    LinkUnknown(LinkCode),
    /// A link code whose time ran out.
    LinkExpired(u64),
    /// A link code used before.
    LinkUsed,
    /// A link code redeemed by the account that made it.
    LinkOwnCode(LinkCode),
    /// A link code redeemed on the network it was made on.
    LinkSameNetwork,
    /// The accounts share an identity already.
    AlreadyLinked,
    /// A command for those who administer the place (see [`super::Role`]), by
    /// someone who does not.
    NotAdmin(&'static str),
    /// A setting or value `/oware settings` does not take (the message says which
    /// ones it does).
    BadSetting(String),
    /// Another admin changed the settings between reading and saving them.
    SettingsChanged,
    /// Games start only in some channels of this server (these).
    ChannelNotAllowed(Vec<String>),
    /// A moderator's action or a report without a reason (the usage, to type again).
    ReasonNeeded(String),
    /// An adjudication naming someone who does not play in the game.
    NotTheWinner {
        /// The game.
        game: crate::store::GameId,
        /// Who was named.
        name: String,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// A user banned from starting games at this place (`until …`, ` (why)`).
    Banned {
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
        /// ` (why)`, or empty.
        reason: String,
    },
    /// A game with a user banned from playing at this place (`until …`).
    OtherBanned {
        /// Who is banned.
        name: String,
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
    },
    /// Unbanning someone who is not banned.
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
    PicturesBusy,
    /// The web's engine slot is taken: the visitor asks again in a moment.
    EngineBusy,
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] StoreError),
    /// A broken invariant (e.g. a stored game that does not replay).
    #[error("internal: {0}")]
    Internal(String),
}

impl ServiceError {
    /// What went wrong and what to do instead, in `lang` (its `Display` is the
    /// English, for logs).
    #[must_use]
    pub fn words(&self, lang: &Language) -> String {
        match self {
            ServiceError::NoGameHere => crate::tr!(lang, "error-no-game-here"),
            ServiceError::NoGameOfYours => crate::tr!(lang, "error-no-game-of-yours"),
            ServiceError::NoSuchGame(f0) => crate::tr!(lang, "error-no-such-game", game = f0),
            ServiceError::NoSuchMove { game, moves } => {
                crate::tr!(lang, "error-no-such-move", game = game, moves = moves)
            }
            ServiceError::WhichGame {
                yours,
                list,
                example,
                first,
            } => crate::tr!(
                lang,
                "error-which-game",
                yours = yes_no(*yours),
                list = list,
                example = example,
                first = first
            ),
            ServiceError::NotAPlayer { game, south, north } => crate::tr!(
                lang,
                "error-not-a-player",
                game = game,
                south = south,
                north = north
            ),
            ServiceError::NotYourTurn { game, name, side } => crate::tr!(
                lang,
                "error-not-your-turn",
                name = name,
                side = side_name(lang, *side),
                game = game
            ),
            ServiceError::GameOver { game, summary } => {
                crate::tr!(lang, "error-game-over", game = game, summary = summary)
            }
            ServiceError::StaleBoard { shown, now } => {
                crate::tr!(lang, "error-stale-board", shown = shown, now = now)
            }
            ServiceError::Illegal(f0) => {
                crate::tr!(lang, "error-illegal", why = illegal_text(lang, f0))
            }
            ServiceError::Raced(f0) => crate::tr!(lang, "error-raced", game = f0),
            ServiceError::ChallengeSelf => crate::tr!(lang, "error-challenge-self"),
            ServiceError::ChallengeBot(f0) => crate::tr!(lang, "error-challenge-bot", name = f0),
            ServiceError::EngineClock => crate::tr!(lang, "error-engine-clock"),
            ServiceError::EngineRated => crate::tr!(lang, "error-engine-rated"),
            ServiceError::LevelForEngineOnly => crate::tr!(lang, "error-level-engine-only"),
            ServiceError::RatedNeedsClock => crate::tr!(lang, "error-rated-needs-clock"),
            ServiceError::TooLate { game, name } => {
                crate::tr!(lang, "error-too-late", name = name, game = game)
            }
            ServiceError::CannotAbort(f0) => crate::tr!(lang, "error-cannot-abort", game = f0),
            ServiceError::DuplicateOpenChallenge => {
                crate::tr!(lang, "error-duplicate-open-challenge")
            }
            ServiceError::DuplicateChallenge(f0) => {
                crate::tr!(lang, "error-duplicate-challenge", name = f0)
            }
            ServiceError::WhichChallenge(f0, f1, f2) => crate::tr!(
                lang,
                "error-which-challenge",
                list = f0,
                command = f1,
                first = f2
            ),
            ServiceError::ChallengeClosed(f0, f1) => {
                crate::tr!(lang, "error-challenge-closed", challenge = f0, status = f1)
            }
            ServiceError::AlreadyAsked {
                request,
                game,
                name,
            } => crate::tr!(
                lang,
                "error-already-asked",
                request = request.as_str(),
                game = game,
                name = name
            ),
            ServiceError::NoSuchLesson(f0) => crate::tr!(
                lang,
                "error-no-such-lesson",
                lesson = f0,
                count = crate::play::lessons::COUNT
            ),
            ServiceError::VacationLength(f0) => crate::tr!(
                lang,
                "error-vacation-length",
                days = f0,
                allowance = super::vacation::ALLOWANCE_DAYS
            ),
            ServiceError::VacationDaysLeft { asked, left } => crate::tr!(
                lang,
                "error-vacation-days-left",
                asked = asked,
                left = left,
                allowance = super::vacation::ALLOWANCE_DAYS
            ),
            ServiceError::AlreadyOnVacation(f0) => {
                crate::tr!(lang, "error-already-on-vacation", until = f0.as_str())
            }
            ServiceError::NotOnVacation => crate::tr!(lang, "error-not-on-vacation"),
            ServiceError::TakebackRated(f0) => crate::tr!(lang, "error-takeback-rated", game = f0),
            ServiceError::NothingToTakeBack(f0) => {
                crate::tr!(lang, "error-nothing-to-take-back", game = f0)
            }
            ServiceError::NothingToDecline { request, game } => crate::tr!(
                lang,
                "error-nothing-to-decline",
                request = request.as_str(),
                game = game
            ),
            ServiceError::GameNotOver(f0) => crate::tr!(lang, "error-game-not-over", game = f0),
            ServiceError::ReviewsQueuedByYou { game, limit } => crate::tr!(
                lang,
                "error-reviews-queued-by-you",
                game = game,
                limit = limit
            ),
            ServiceError::ReviewQueueFull { game, limit } => {
                crate::tr!(lang, "error-review-queue-full", game = game, limit = limit)
            }
            ServiceError::NothingToAnalyse(f0) => {
                crate::tr!(lang, "error-nothing-to-analyse", game = f0)
            }
            ServiceError::NoPuzzleOpen => crate::tr!(lang, "error-no-puzzle-open"),
            ServiceError::PuzzleAnswered(f0) => {
                crate::tr!(lang, "error-puzzle-answered", puzzle = f0)
            }
            ServiceError::NoSuchPuzzle(f0) => crate::tr!(lang, "error-no-such-puzzle", puzzle = f0),
            ServiceError::PuzzleNotGiven(f0) => {
                crate::tr!(lang, "error-puzzle-not-given", puzzle = f0)
            }
            ServiceError::PuzzleMove {
                puzzle,
                pit,
                legal,
                example,
            } => crate::tr!(
                lang,
                "error-puzzle-move",
                pit = pit,
                puzzle = puzzle,
                legal = legal,
                example = example
            ),
            ServiceError::Advice(f0) => crate::tr!(lang, "error-advice", why = f0.words(lang)),
            ServiceError::NeverPlayed(f0) => crate::tr!(lang, "error-never-played", who = f0),
            ServiceError::NoGamesHere(f0) => crate::tr!(lang, "error-no-games-here", name = f0),
            ServiceError::NoSuchPage { page, pages } => {
                crate::tr!(lang, "error-no-such-page", page = page, pages = pages)
            }
            ServiceError::LinkUnknown(f0) => {
                crate::tr!(lang, "error-link-unknown", code = f0.expose())
            }
            ServiceError::LinkExpired(f0) => crate::tr!(lang, "error-link-expired", minutes = f0),
            ServiceError::LinkUsed => crate::tr!(lang, "error-link-used"),
            ServiceError::LinkOwnCode(f0) => {
                crate::tr!(lang, "error-link-own-code", code = f0.expose())
            }
            ServiceError::LinkSameNetwork => crate::tr!(lang, "error-link-same-network"),
            ServiceError::AlreadyLinked => crate::tr!(lang, "error-already-linked"),
            ServiceError::NotAdmin(f0) => crate::tr!(lang, "error-not-admin", command = f0),
            ServiceError::BadSetting(f0) => crate::tr!(lang, "error-bad-setting", why = f0),
            ServiceError::SettingsChanged => crate::tr!(lang, "error-settings-changed"),
            ServiceError::ChannelNotAllowed(_) => {
                let names: Vec<String> = self.places().into_iter().map(|p| p.text).collect();
                let channels = crate::i18n::list(lang, &names, crate::i18n::Joined::Or);
                crate::tr!(lang, "error-channel-not-allowed", channels = channels)
            }
            ServiceError::ReasonNeeded(f0) => crate::tr!(lang, "error-reason-needed", usage = f0),
            ServiceError::NotTheWinner {
                game,
                name,
                south,
                north,
            } => crate::tr!(
                lang,
                "error-not-the-winner",
                name = name,
                game = game,
                south = south,
                north = north
            ),
            ServiceError::Banned { until, reason } => {
                crate::tr!(lang, "error-banned", until = until, reason = reason)
            }
            ServiceError::OtherBanned { name, until } => {
                crate::tr!(lang, "error-other-banned", name = name, until = until)
            }
            ServiceError::NotBanned(f0) => crate::tr!(lang, "error-not-banned", name = f0),
            ServiceError::Moderation(f0) => f0.words(lang),
            ServiceError::Forget(f0) => f0.words(lang),
            ServiceError::Tournament(f0) => f0.words(lang),
            ServiceError::PicturesBusy => crate::tr!(lang, "web-busy"),
            ServiceError::EngineBusy => crate::tr!(lang, "web-engine-busy"),
            _ => self.to_string(),
        }
    }

    /// Whether this is an internal failure (logged, shown as [`generic_failure`]).
    #[must_use]
    pub fn is_internal(&self) -> bool {
        match self {
            ServiceError::Db(StoreError::CapReached { .. }) => false,
            ServiceError::Db(_) | ServiceError::Internal(_) => true,
            _ => false,
        }
    }

    /// The channels and rooms its words name, for the adapter to link.
    #[must_use]
    pub fn places(&self) -> Vec<super::PlaceLink> {
        match self {
            ServiceError::ChannelNotAllowed(channels) => channels
                .iter()
                .map(|c| super::PlaceLink::new(c, None))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The text the user sees, in `lang`.
    #[must_use]
    pub fn user_message(&self, lang: &Language) -> String {
        match self {
            ServiceError::Db(StoreError::CapReached { cap, limit }) => {
                super::limits::cap_text(lang, *cap, *limit, None)
            }
            ServiceError::Db(e) if e.is_busy() => crate::tr!(lang, "error-busy"),
            _ if self.is_internal() => generic_failure(lang),
            _ => self.words(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_failure_and_who_administers_read_as_before() {
        assert_eq!(
            generic_failure(&Language::english()),
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
