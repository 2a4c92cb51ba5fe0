//! A parsed command before its mentions are resolved: each adapter turns the mention
//! as typed into a user its own way, then the command is an [`Action`].

use crate::service::{Action, AdminAction, ChallengeOptions, User};

/// A parsed command, mentions not yet resolved into users.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedAction {
    /// `play @someone [options]`.
    Play {
        /// The mention as typed.
        opponent: String,
        /// The options.
        options: ChallengeOptions,
    },
    /// `stats [@someone] [live|correspondence]`.
    Stats {
        /// The mention as typed, if any.
        user: Option<String>,
        /// One speed, or both when `None`.
        speed: Option<crate::service::Speed>,
    },
    /// `history [@someone]`.
    History {
        /// The mention as typed, if any.
        user: Option<String>,
    },
    /// `admin adjudicate #12 @winner why`.
    Adjudicate {
        /// The game.
        game: i64,
        /// The winner's mention as typed.
        winner: String,
        /// Why.
        reason: String,
    },
    /// `admin ban @someone [days] why`.
    Ban {
        /// The mention as typed.
        user: String,
        /// How long, when given.
        length: Option<crate::service::BanLength>,
        /// Why.
        reason: String,
    },
    /// `admin unban @someone`.
    Unban {
        /// The mention as typed.
        user: String,
    },
    /// `admin forget @someone why`.
    Forget {
        /// The mention as typed.
        user: String,
        /// Why.
        reason: String,
    },
    /// Any command that mentions nobody.
    Other(Action),
}

impl ParsedAction {
    /// The mention the command carries, as typed, if any.
    #[must_use]
    pub fn mention(&self) -> Option<&str> {
        match self {
            ParsedAction::Play { opponent, .. } => Some(opponent),
            ParsedAction::Stats { user, .. } | ParsedAction::History { user } => user.as_deref(),
            ParsedAction::Adjudicate { winner, .. } => Some(winner),
            ParsedAction::Ban { user, .. }
            | ParsedAction::Unban { user }
            | ParsedAction::Forget { user, .. } => Some(user),
            ParsedAction::Other(_) => None,
        }
    }

    /// Turns mentions into users with the adapter's `resolve`.
    ///
    /// # Errors
    /// Whatever `resolve` returns for a mention it cannot resolve.
    pub fn resolve<E>(self, mut resolve: impl FnMut(&str) -> Result<User, E>) -> Result<Action, E> {
        Ok(match self {
            ParsedAction::Play { opponent, options } => Action::Play {
                opponent: resolve(&opponent)?,
                options,
            },
            ParsedAction::Stats { user, speed } => Action::Stats {
                user: user.as_deref().map(&mut resolve).transpose()?,
                speed,
            },
            ParsedAction::History { user } => Action::History {
                user: user.as_deref().map(&mut resolve).transpose()?,
            },
            ParsedAction::Adjudicate {
                game,
                winner,
                reason,
            } => Action::admin(AdminAction::Adjudicate {
                game: crate::service::GameId::new(game),
                winner: Some(resolve(&winner)?),
                reason,
            }),
            ParsedAction::Ban {
                user,
                length,
                reason,
            } => Action::admin(AdminAction::Ban {
                user: resolve(&user)?,
                length,
                reason,
            }),
            ParsedAction::Unban { user } => Action::admin(AdminAction::Unban {
                user: resolve(&user)?,
            }),
            ParsedAction::Forget { user, reason } => Action::admin(AdminAction::Forget {
                user: resolve(&user)?,
                reason,
            }),
            ParsedAction::Other(action) => action,
        })
    }
}
