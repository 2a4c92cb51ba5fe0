//! `/oware forget-me` (Discord: `/oware settings forget-me`) and `/oware admin
//! forget @user why`: erasing a person's identity (see [`crate::store::Forget`]).
//! Forgetting oneself asks first; the answer is a button or `confirm`, and erases
//! the person everywhere. An admin's forget erases the person's records at the
//! admin's place only (someone who played a game there), and tells them by direct
//! message; a bot owner's erases them everywhere. The audit log keeps the fact, not
//! the name. The stored texts are cleaned after the decisive transaction, a small
//! batch per transaction (see `store::forget`).

use super::authority::{self, Deed, Target};
use super::{settings::scope, when, Button, ButtonAction, Command, Reply, ServiceError, User};
use crate::service::cases::Moderation;
use crate::store::{Body, Forget, ForgetScope, Forgotten, NewAudit, NewMessage};

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
    /// The person an admin names never played a game at the admin's place.
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

impl Moderation<'_> {
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
        // Always allowed (a person on themselves); asked all the same, so the table
        // is the one place that says it.
        if authority::judge(Deed::ForgetEverywhere, cmd.role, Target::THEMSELVES).is_err() {
            return Err(ServiceError::NotAdmin("/oware forget-me"));
        }
        let who = Forget {
            platform: cmd.place.platform,
            user_id: &cmd.author.id,
            names: vec![cmd.author.name.clone()],
            scope: ForgetScope::Everywhere,
            audit: None,
            tell: None,
        };
        let forgotten = self
            .core
            .store
            .moderation()
            .forget(cmd.claim(), &who, self.core.now())
            .await?;
        self.scrub_forgotten().await;
        match forgotten {
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
        // Erasure everywhere is the person's own or the owners'; an admin's is at
        // their place (`moderation` asked [`authority`] whether they may at all).
        let target = if user.id == cmd.author.id {
            Target::THEMSELVES
        } else {
            Target::other(true)
        };
        let owner = authority::judge(Deed::ForgetEverywhere, cmd.role, target).is_ok();
        let platform = cmd.place.platform;
        let place = scope(&cmd.place);
        let scope = if owner {
            ForgetScope::Everywhere
        } else {
            ForgetScope::AtPlace { platform, place }
        };
        // At a place, the person is told, privately, in the same transaction.
        let tell = (!owner).then(|| {
            let reply = Reply::public(crate::tr!("admin-forget-told", place = place));
            NewMessage {
                platform: cmd.place.platform,
                space: None,
                channel: user.id.clone(),
                thread: None,
                game_id: None,
                body: Body::of(&reply),
                board_ply: None,
                attach: None,
                edits: None,
                recipient: Some(user.id.clone()),
            }
        });
        let who = Forget {
            platform,
            user_id: &user.id,
            names: vec![user.name.clone()],
            scope,
            audit: Some(&audit),
            tell: tell.as_ref(),
        };
        let name = user.name.clone();
        let forgotten = self
            .core
            .store
            .moderation()
            .forget(cmd.claim(), &who, self.core.now())
            .await?;
        self.scrub_forgotten().await;
        if matches!(forgotten, Forgotten::Done { .. }) {
            self.core.wake();
        }
        match forgotten {
            Forgotten::Done { games, .. } if owner => Ok(Reply::private(crate::tr!(
                "admin-forgotten",
                name = name,
                games = games
            ))),
            Forgotten::Done { games, .. } => Ok(Reply::private(crate::tr!(
                "admin-forgotten-here",
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

impl Moderation<'_> {
    /// Runs the clean-up of stored texts after forgets until none is left, a small
    /// batch per transaction, letting other writes pass in between. Failures are
    /// logged; the retention pass resumes what is left.
    pub(super) async fn scrub_forgotten(&self) {
        loop {
            match self.core.store.moderation().scrub_forgotten().await {
                Ok(true) => tokio::task::yield_now().await,
                Ok(false) => return,
                Err(err) => {
                    tracing::error!(error = %err, "could not clean the texts after a forget; the retention pass resumes it");
                    return;
                }
            }
        }
    }
}
