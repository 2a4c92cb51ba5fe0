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
#[error("{}", self.words(&crate::i18n::Language::english()))]
pub enum ForgetError {
    /// The author is playing these games.
    Playing {
        /// Their numbers.
        games: Vec<i64>,
        /// The first of them, for the example.
        first: i64,
    },
    /// The author is entered in these tournaments, not over.
    InTournaments(Vec<String>),
    /// A ban on the author is in force (`until …`).
    Banned(String),
    /// The person an admin names is playing these games.
    TheyArePlaying {
        /// Who.
        name: String,
        /// Their numbers.
        games: Vec<i64>,
    },
    /// The person an admin names is in these tournaments.
    TheyAreInTournaments {
        /// Who.
        name: String,
        /// The tournaments' names.
        names: Vec<String>,
    },
    /// The person an admin names is banned somewhere (`until …`).
    TheyAreBanned {
        /// Who.
        name: String,
        /// `until …`.
        until: String,
    },
    /// The person an admin names never played a game at the admin's place.
    NotHere(String),
    /// The person an admin names is unknown to the bot.
    Unknown(String),
}

impl ForgetError {
    /// What went wrong and what to do instead, in `lang` (its `Display` is the
    /// English, for logs).
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            ForgetError::Playing { games, first } => crate::tr!(
                lang,
                "forget-me-playing",
                games = game_list(lang, games),
                first = first
            ),
            ForgetError::InTournaments(f0) => crate::tr!(
                lang,
                "forget-me-tournaments",
                names = crate::i18n::list(lang, f0, crate::i18n::Joined::And)
            ),
            ForgetError::Banned(f0) => crate::tr!(lang, "forget-me-banned", until = f0),
            ForgetError::TheyArePlaying { name, games } => crate::tr!(
                lang,
                "admin-forget-playing",
                name = name,
                games = game_list(lang, games)
            ),
            ForgetError::TheyAreInTournaments { name, names } => crate::tr!(
                lang,
                "admin-forget-tournaments",
                name = name,
                names = crate::i18n::list(lang, names, crate::i18n::Joined::And)
            ),
            ForgetError::TheyAreBanned { name, until } => {
                crate::tr!(lang, "admin-forget-banned", name = name, until = until)
            }
            ForgetError::NotHere(f0) => crate::tr!(lang, "admin-forget-not-here", name = f0),
            ForgetError::Unknown(f0) => crate::tr!(lang, "admin-forget-unknown", name = f0),
        }
    }
}

/// `#12 and #14`, in `lang`.
fn game_list(lang: &crate::i18n::Language, games: &[i64]) -> String {
    let numbers: Vec<String> = games.iter().map(|g| format!("#{g}")).collect();
    crate::i18n::list(lang, &numbers, crate::i18n::Joined::And)
}

/// `until …` for a ban's end (`None`: until lifted).
fn ban_end(lang: &crate::i18n::Language, until: Option<i64>) -> String {
    until.map_or_else(
        || crate::tr!(lang, "moderation-until-lifted"),
        |at| crate::tr!(lang, "moderation-until", time = when::utc_time(lang, at)),
    )
}

impl Moderation<'_> {
    /// `/oware forget-me [confirm]`.
    pub(super) async fn forget_me(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        confirmed: bool,
    ) -> Result<Reply, ServiceError> {
        if !confirmed {
            let mut reply = Reply::private(crate::tr!(lang, "forget-me-ask"));
            reply.buttons.push(Button {
                action: ButtonAction::ForgetMe,
                label: crate::tr!(lang, "forget-me-button"),
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
                lang,
                "forget-me-done",
                accounts = accounts,
                games = games
            ))),
            Forgotten::Unknown | Forgotten::NotHere => {
                Ok(Reply::private(crate::tr!(lang, "forget-me-unknown")))
            }
            Forgotten::Playing(games) => Err(ForgetError::Playing {
                first: games.first().copied().unwrap_or_default(),
                games,
            }
            .into()),
            Forgotten::InTournaments(names) => Err(ForgetError::InTournaments(names).into()),
            Forgotten::Banned(until) => Err(ForgetError::Banned(ban_end(lang, until)).into()),
        }
    }

    /// `/oware admin forget @user why` (the author administers the place).
    pub(super) async fn admin_forget(
        &self,
        lang: &crate::i18n::Language,
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
            let reply = Reply::public(crate::tr!(lang, "admin-forget-told", place = place));
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
                lang,
                "admin-forgotten",
                name = name,
                games = games
            ))),
            Forgotten::Done { games, .. } => Ok(Reply::private(crate::tr!(
                lang,
                "admin-forgotten-here",
                name = name,
                games = games
            ))),
            Forgotten::Unknown => Err(ForgetError::Unknown(name).into()),
            Forgotten::NotHere => Err(ForgetError::NotHere(name).into()),
            Forgotten::Playing(games) => Err(ForgetError::TheyArePlaying { name, games }.into()),
            Forgotten::InTournaments(names) => {
                Err(ForgetError::TheyAreInTournaments { name, names }.into())
            }
            Forgotten::Banned(until) => Err(ForgetError::TheyAreBanned {
                name,
                until: ban_end(lang, until),
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
