//! `/oware forget-me` (Discord: `/oware settings forget-me`) and `/oware admin
//! forget @user why`: erasing a person's identity (see [`crate::store::Forget`]).
//! Forgetting oneself asks first; the answer is a button or `confirm`. An admin
//! forgets only someone who played or challenged at their place (an owner,
//! anyone), and the audit log keeps the fact, not the name.

use super::{
    settings::scope, when, Button, ButtonAction, Command, Reply, Service, ServiceError, User,
};
use crate::store::{Forget, Forgotten, NewAudit};

/// Why forgetting was refused; each message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ForgetError {
    /// The author is playing these games.
    #[error("{}", crate::tr!("forget-me-playing", games = .0))]
    Playing(String),
    /// The author is entered in these tournaments, not over.
    #[error("{}", crate::tr!("forget-me-tournaments", names = .0))]
    InTournaments(String),
    /// A ban on the author is in force (`until …`).
    #[error("{}", crate::tr!("forget-me-banned", until = .0))]
    Banned(String),
    /// The person an admin names is playing these games.
    #[error("{}", crate::tr!("admin-forget-playing", name = .name, games = .games))]
    TheyArePlaying {
        /// Who.
        name: String,
        /// `#12, #14`.
        games: String,
    },
    /// The person an admin names is in these tournaments.
    #[error("{}", crate::tr!("admin-forget-tournaments", name = .name, names = .names))]
    TheyAreInTournaments {
        /// Who.
        name: String,
        /// The tournaments' names.
        names: String,
    },
    /// The person an admin names is banned somewhere (`until …`).
    #[error("{}", crate::tr!("admin-forget-banned", name = .name, until = .until))]
    TheyAreBanned {
        /// Who.
        name: String,
        /// `until …`.
        until: String,
    },
    /// The person an admin names never played or challenged at the admin's place.
    #[error("{}", crate::tr!("admin-forget-not-here", name = .0))]
    NotHere(String),
    /// The person an admin names is unknown to the bot.
    #[error("{}", crate::tr!("admin-forget-unknown", name = .0))]
    Unknown(String),
}

/// `#12, #14`.
fn game_list(games: &[i64]) -> String {
    games
        .iter()
        .map(|g| format!("#{g}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `until …` for a ban's end (`None`: until lifted).
fn ban_end(until: Option<i64>) -> String {
    until.map_or_else(
        || crate::tr!("moderation-until-lifted"),
        |at| crate::tr!("moderation-until", time = when::utc_time(at)),
    )
}

impl Service {
    /// `/oware forget-me [confirm]`.
    pub(super) async fn forget_me(
        &self,
        cmd: &Command,
        confirmed: bool,
    ) -> Result<Reply, ServiceError> {
        if !confirmed {
            let mut reply = Reply::private(crate::tr!("forget-me-ask"));
            reply.buttons.push(Button {
                action: ButtonAction::ForgetMe,
                label: crate::tr!("forget-me-button"),
                enabled: true,
                row: 0,
            });
            return Ok(reply);
        }
        let who = Forget {
            platform: cmd.place.platform.as_str(),
            user_id: &cmd.author.id,
            names: vec![cmd.author.name.clone()],
            place: None,
            audit: None,
        };
        match self.store.forget(cmd.claim(), &who, self.now()).await? {
            Forgotten::Done { accounts, games } => Ok(Reply::private(crate::tr!(
                "forget-me-done",
                accounts = accounts,
                games = games
            ))),
            Forgotten::Unknown | Forgotten::NotHere => {
                Ok(Reply::private(crate::tr!("forget-me-unknown")))
            }
            Forgotten::Playing(games) => Err(ForgetError::Playing(game_list(&games)).into()),
            Forgotten::InTournaments(names) => {
                Err(ForgetError::InTournaments(names.join(", ")).into())
            }
            Forgotten::Banned(until) => Err(ForgetError::Banned(ban_end(until)).into()),
        }
    }

    /// `/oware admin forget @user why` (the author administers the place).
    pub(super) async fn admin_forget(
        &self,
        cmd: &Command,
        user: &User,
        why: String,
    ) -> Result<Reply, ServiceError> {
        let audit = NewAudit {
            reason: Some(why),
            ..Self::audit(cmd, "forget")
        };
        let owner = cmd.role >= super::Role::Owner;
        let who = Forget {
            platform: cmd.place.platform.as_str(),
            user_id: &user.id,
            names: vec![user.name.clone()],
            place: (!owner).then(|| scope(&cmd.place)),
            audit: Some(&audit),
        };
        let name = user.name.clone();
        match self.store.forget(cmd.claim(), &who, self.now()).await? {
            Forgotten::Done { games, .. } => Ok(Reply::private(crate::tr!(
                "admin-forgotten",
                name = name,
                games = games
            ))),
            Forgotten::Unknown => Err(ForgetError::Unknown(name).into()),
            Forgotten::NotHere => Err(ForgetError::NotHere(name).into()),
            Forgotten::Playing(games) => Err(ForgetError::TheyArePlaying {
                name,
                games: game_list(&games),
            }
            .into()),
            Forgotten::InTournaments(names) => Err(ForgetError::TheyAreInTournaments {
                name,
                names: names.join(", "),
            }
            .into()),
            Forgotten::Banned(until) => Err(ForgetError::TheyAreBanned {
                name,
                until: ban_end(until),
            }
            .into()),
        }
    }
}
