//! What `/oware admin …` asks for: moderation at a place.

use super::super::User;

/// How long a ban lasts, as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BanLength {
    /// So many days (1 or more).
    Days(u32),
    /// Until unbanned.
    Forever,
}

/// What `/oware admin …` asks for. Every one but [`AdminAction::Usage`] and
/// [`AdminAction::Log`] is recorded in the place's audit log with its effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminAction {
    /// `/oware admin` alone: the admin commands' usage.
    Usage,
    /// Abort a game of this place: no result, unrated; its players are told why.
    Abort {
        /// The game.
        game: crate::store::GameId,
        /// Why (shown to the players).
        reason: String,
    },
    /// Decide a game of this place: `winner` wins, or it is drawn; rated as any result.
    Adjudicate {
        /// The game.
        game: crate::store::GameId,
        /// One of its players, or `None`: a draw.
        winner: Option<User>,
        /// Why (shown to the players).
        reason: String,
    },
    /// Stop `user` from challenging or accepting games here.
    Ban {
        /// Who.
        user: User,
        /// How long; `None` when not given: a new ban lasts until unbanned, and a
        /// ban in force keeps its end.
        length: Option<BanLength>,
        /// Why (required: a ban without one is refused).
        reason: String,
    },
    /// Lift a ban.
    Unban {
        /// Who.
        user: User,
    },
    /// The place's last audit entries.
    Log,
    /// The bans in force at the place.
    Bans,
    /// Erase `user`'s identity, as `/oware forget-me` would (they must have played
    /// or challenged at the place, unless an owner asks).
    Forget {
        /// Who.
        user: User,
        /// Why (required; kept in the audit log, without their name).
        reason: String,
    },
    /// Send again the place's dead messages (undeliverable, or failing for the whole
    /// retry period; counted by `/oware admin status`).
    Redeliver,
}
