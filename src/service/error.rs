//! Why the service refused a command. Every variant but [`ServiceError::Db`] and
//! [`ServiceError::Internal`] is an expected refusal whose message tells the user what
//! to do instead; those two are logged and shown as one generic line.

use super::{advice::AdviceError, LinkCode};
use crate::{
    rules::{IllegalMove, PitParseError},
    store::StoreError,
};

/// The line users see for an internal failure (the details go to the log).
pub const GENERIC_FAILURE: &str =
    "Sorry, something went wrong on my side and nothing was changed. Please try again in a moment.";

/// A refused command, or an internal failure.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// No game is being played in this thread or channel.
    #[error(
        "There is no game here. Start one with `/oware play @someone`, or name a game with \
         its id, e.g. `/oware board #12` (`/oware games` lists yours)."
    )]
    NoGameHere,
    /// Games are being played here, but none by the author.
    #[error(
        "You have no game here. Start one with `/oware play @someone` (`/oware games` \
         lists yours)."
    )]
    NoGameOfYours,
    /// The game id named does not exist on this network.
    #[error("There is no game #{0} here. `/oware games` lists your games and their ids.")]
    NoSuchGame(i64),
    /// Several games the command could mean are active here.
    #[error(
        "{} several games here: {list}. Say which, e.g. `{example} #{first}`.",
        if *yours { "You have" } else { "There are" }
    )]
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
    #[error(
        "You are not playing in game #{game} ({south} vs {north}): only they can do that. \
         Challenge someone with `/oware play @someone`."
    )]
    NotAPlayer {
        /// The game.
        game: i64,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// It is the other player's turn.
    #[error(
        "It is not your turn: {name} ({side}) is to move in game #{game}. Wait for their move."
    )]
    NotYourTurn {
        /// The game.
        game: i64,
        /// The player to move.
        name: String,
        /// Their side.
        side: crate::rules::Side,
    },
    /// The game has ended.
    #[error("Game #{game} is over ({summary}). Start a new one with `/oware play @someone`.")]
    GameOver {
        /// The game.
        game: i64,
        /// How it ended.
        summary: String,
    },
    /// A button made for an earlier position.
    #[error(
        "That board is out of date (it shows move {shown}, the game is at move {now}). \
         Use the latest board's buttons, or type the move, e.g. `/move c`."
    )]
    StaleBoard {
        /// The ply the button was made for.
        shown: u32,
        /// The game's ply now.
        now: i64,
    },
    /// The pit letter is not a pit.
    #[error("{0}. For example `/move c`.")]
    BadPit(#[from] PitParseError),
    /// The rules forbid the move.
    #[error("That move is not allowed: {0}.")]
    Illegal(#[from] IllegalMove),
    /// Another command changed the game while this one was being applied.
    #[error(
        "Game #{0} changed while your command was being applied, so nothing was done. \
         Look at the board (`/oware board`) and try again."
    )]
    Raced(i64),
    /// Challenging oneself.
    #[error("You cannot challenge yourself. Challenge someone else with `/oware play @someone`.")]
    ChallengeSelf,
    /// Challenging another bot (only this bot plays, with its engine).
    #[error(
        "{0} is a bot and cannot play Oware here. Challenge a person with \
         `/oware play @someone`, or play me (the engine) by mentioning me instead."
    )]
    ChallengeBot(String),
    /// A clock asked for in a game against the engine.
    #[error(
        "Games against the engine have no clock (leave out `time:`); a game you leave \
         for 7 days is aborted."
    )]
    EngineClock,
    /// A rated game asked for against the engine.
    #[error(
        "Games against the engine are never rated (a rating measures you against people). \
         Leave out `rated:`, or challenge a person with `/oware play @someone rated:yes`."
    )]
    EngineRated,
    /// A rated game asked for without a clock.
    #[error(
        "Rated games need a clock, so a player who stops playing loses on time: use e.g. \
         `time:3d` or `time:5+3`, or make the game casual with `rated:no`."
    )]
    RatedNeedsClock,
    /// A move after the mover's deadline.
    #[error(
        "Too late: {name}'s time for a move in game #{game} has run out, so the game is \
         lost on time. The result will appear here in a moment."
    )]
    TooLate {
        /// The game.
        game: i64,
        /// The player whose time ran out.
        name: String,
    },
    /// Aborting a game both sides have moved in.
    #[error(
        "Game #{0} is under way (both sides have moved), so it cannot be aborted. Resign \
         with `/oware resign`, or propose ending it with `/oware end`."
    )]
    CannotAbort(i64),
    /// A cap on what one user (or everyone) may have open is reached.
    #[error("{0}")]
    Cap(String),
    /// A rematch that cannot be made.
    #[error("{0}")]
    NoRematch(String),
    /// A second pending challenge to the same person.
    #[error(
        "You already have a pending challenge to {0}. Wait for their answer, or withdraw it \
         with `/oware cancel`."
    )]
    DuplicateChallenge(String),
    /// No pending challenge fits.
    #[error("{0}")]
    NoChallenge(String),
    /// Several pending challenges fit.
    #[error("You have several pending challenges: {0}. Say which, e.g. `/oware {1} c{2}`.")]
    WhichChallenge(String, &'static str, i64),
    /// The challenge is not pending any more.
    #[error("Challenge c{0} was {1}. Ask for a new one with `/oware play @someone`.")]
    ChallengeClosed(i64, String),
    /// The author may not answer or withdraw this challenge.
    #[error("{0}")]
    NotYourChallenge(String),
    /// The author already proposed ending the game.
    #[error("You already proposed ending game #{0}; {1} can agree with `/oware end`, or play on.")]
    EndAlreadyProposed(i64, String),
    /// Advice that was not taken.
    /// Analysis of a game still being played.
    #[error(
        "Game #{0} is still being played: the engine analyses a game once it is over (a \
         review during the game would coach one side). Try again after the last move."
    )]
    GameNotOver(i64),
    /// Analysis of a game without moves.
    #[error("Game #{0} has no moves to analyse. Analyse a game that was played, e.g. your last one with `/oware analyse`.")]
    NothingToAnalyse(i64),
    /// `solve` without an open puzzle.
    #[error("You have no puzzle open. Ask for one with `/oware puzzle` (or today's with `/oware puzzle daily`).")]
    NoPuzzleOpen,
    /// No puzzle is stored yet, or the author has had them all.
    #[error("{0}")]
    NoPuzzle(String),
    /// The puzzle was answered before.
    #[error("You have answered puzzle #{0} already. Ask for a new one with `/oware puzzle`.")]
    PuzzleAnswered(i64),
    /// An unknown puzzle number (from an old button).
    #[error("There is no puzzle #{0}. Ask for one with `/oware puzzle`.")]
    NoSuchPuzzle(i64),
    /// An answer that is not a legal move in the puzzle's position.
    #[error("{pit} is not a legal move in puzzle #{puzzle}: answer with one of {legal}, e.g. `/oware solve {example}`.")]
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
    #[error("Your advice was not taken: {0}.")]
    Advice(#[from] AdviceError),
    /// Stats or history of someone who has never played: `You have` or `bob has`.
    #[error(
        "{0} not played a game yet, so there is nothing to show. Start one with \
         `/oware play @someone`."
    )]
    NeverPlayed(String),
    /// A leaderboard page past the end.
    #[error(
        "There is no page {page}: the leaderboard has {pages} page{}. Try \
         `/oware leaderboard page:{pages}`.",
        if *.pages == 1 { "" } else { "s" }
    )]
    NoSuchPage {
        /// The page asked for.
        page: u32,
        /// How many there are.
        pages: i64,
    },
    /// A link code that does not exist (shown back to its typist only; `Debug`
    /// hides it).
    #[error(
        "`{}` is not a valid link code. Check it, or get a new one with `/oware link` on \
         your other account.",
        .0.expose()
    )]
    LinkUnknown(LinkCode),
    /// A link code whose time ran out.
    #[error("That link code has expired. Get a new one with `/oware link` and use it within {0} minutes.")]
    LinkExpired(u64),
    /// A link code used before.
    #[error("That link code has already been used. Get a new one with `/oware link`.")]
    LinkUsed,
    /// A link code redeemed by the account that made it.
    #[error(
        "That code is yours: type `/oware link {}` from your account on another network \
         (Discord, Matrix or the console) to link the two.",
        .0.expose()
    )]
    LinkOwnCode(LinkCode),
    /// A link code redeemed on the network it was made on.
    #[error(
        "That code was made by another account on this network: only accounts on \
         different networks can be linked. Use it from your account on another network."
    )]
    LinkSameNetwork,
    /// The accounts share an identity already.
    #[error(
        "Your account and the code's account are already linked: they share one rating. \
         Nothing to do."
    )]
    AlreadyLinked,
    /// A command for those who administer the place (see [`super::Role`]), by
    /// someone who does not.
    #[error("`{0}` is only for {who}. Ask one of them.", who = super::admins::WHO_ADMINISTERS)]
    NotAdmin(&'static str),
    /// A setting or value `/oware settings` does not take (the message says which
    /// ones it does).
    #[error("{0} Type `/oware settings` to see them all.")]
    BadSetting(String),
    /// Another admin changed the settings between reading and saving them.
    #[error(
        "Another admin changed the settings just now. Look at them with `/oware settings` \
         and change them again if you still want to."
    )]
    SettingsChanged,
    /// Games start only in some channels of this server.
    #[error(
        "Games start only in {0} on this server (a server setting). Challenge there, or ask \
         an admin to change it with `/oware settings channels:…`."
    )]
    ChannelNotAllowed(String),
    /// A moderator's action or a report without a reason (the usage, to type again).
    #[error("Say why: `{0}`. The reason goes in this server's audit log.")]
    ReasonNeeded(&'static str),
    /// An adjudication naming someone who does not play in the game.
    #[error(
        "{name} is not playing in game #{game}: name its winner, {south} or {north}, e.g. \
         `/oware admin adjudicate #{game} @{south} why`, or call it a draw with \
         `/oware admin adjudicate #{game} draw why`."
    )]
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
    #[error(
        "You may not challenge or accept games on this server {until}{reason}: an admin \
         banned you. Games under way go on; ask an admin if you think this is a mistake."
    )]
    Banned {
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
        /// ` (why)`, or empty.
        reason: String,
    },
    /// A game with a user banned from playing at this place (`until …`).
    #[error(
        "{name} cannot play on this server {until}: they are banned here. Challenge \
         someone else."
    )]
    OtherBanned {
        /// Who is banned.
        name: String,
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
    },
    /// Unbanning someone who is not banned.
    #[error("{0} is not banned here. `/oware admin log` shows the bans and who made them.")]
    NotBanned(String),
    /// A tournament command refused.
    #[error(transparent)]
    Tournament(#[from] super::tournaments::TournamentError),
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] StoreError),
    /// A broken invariant (e.g. a stored game that does not replay).
    #[error("internal: {0}")]
    Internal(String),
}

impl ServiceError {
    /// Whether this is an internal failure (logged, shown as [`GENERIC_FAILURE`]).
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
            _ if self.is_internal() => GENERIC_FAILURE.to_owned(),
            _ => self.to_string(),
        }
    }
}
