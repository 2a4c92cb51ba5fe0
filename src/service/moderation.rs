//! Moderation (`/oware admin …`, `/oware report`): those who administer a place (see
//! [`super::Role`]) abort or decide its games, ban and unban users from starting
//! games there, and read its audit log; any player reports a game. Each action is
//! recorded in the audit log in the transaction of its effect.

mod error;
mod log;
mod report;

pub use error::ModerationError;

use super::{
    authority::{self, Deed, Standing, Target},
    ended::{Aborted, Ended},
    finish::Finish,
    forget::ForgetError,
    settings::scope,
    text, view, when, AdminAction, BanLength, Command, Place, Reply, Role, ServiceError, User,
};
use crate::service::cases::Games;
use crate::service::cases::Moderation;
use crate::service::cases::Play;
use crate::store::{GameRow, NewAudit};

/// The longest reason kept, in characters.
const REASON_MAX: usize = 200;
const DAY_MS: i64 = 86_400_000;

/// A reason as typed, trimmed and cut to [`REASON_MAX`]; `None` when empty.
fn reason(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.chars().take(REASON_MAX).collect())
}

/// The reason an action needs, or the refusal that shows its `usage`.
fn required_reason(typed: &str, usage: impl FnOnce() -> String) -> Result<String, ServiceError> {
    reason(typed).ok_or_else(|| ServiceError::ReasonNeeded(usage()))
}

impl Moderation<'_> {
    /// An audit entry of `cmd`'s author at its place.
    pub(super) fn audit(cmd: &Command, action: &'static str) -> NewAudit {
        NewAudit {
            platform: cmd.place.platform,
            place: scope(&cmd.place).to_owned(),
            actor_id: cmd.author.id.clone(),
            actor_name: cmd.author.name.clone(),
            action,
            game_id: None,
            target_id: None,
            target_name: None,
            reason: None,
        }
    }

    /// The ban of `user_id` at `place` in force now, as `until …` and ` (why)`.
    async fn ban_at(
        &self,
        lang: &crate::i18n::Language,
        place: &Place,
        user_id: &str,
    ) -> Result<Option<(String, String)>, ServiceError> {
        let ban = self
            .core
            .store
            .moderation()
            .ban_of(place.platform, scope(place), user_id, self.core.now())
            .await?;
        Ok(ban.map(|ban| {
            (
                ban.until_at.map_or_else(
                    || crate::tr!(lang, "moderation-until-lifted"),
                    |at| crate::tr!(lang, "moderation-until", time = when::utc_time(lang, at)),
                ),
                ban.reason.map(|r| format!(" ({r})")).unwrap_or_default(),
            )
        }))
    }

    /// Refuses to let a user banned at `cmd`'s place start a game there.
    pub(super) async fn check_ban(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<(), ServiceError> {
        match self.ban_at(lang, &cmd.place, &cmd.author.id).await? {
            None => Ok(()),
            Some((until, reason)) => Err(ServiceError::Banned { until, reason }),
        }
    }

    /// Refuses a game at `cmd`'s place with `other` (challenged, or whose challenge
    /// is accepted) when `other` is banned there. The ban's reason is theirs: it is
    /// not shown.
    pub(super) async fn check_other_ban(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        other: &User,
    ) -> Result<(), ServiceError> {
        match self.ban_at(lang, &cmd.place, &other.id).await? {
            None => Ok(()),
            Some((until, _)) => Err(ServiceError::OtherBanned {
                name: other.name.clone(),
                until,
            }),
        }
    }

    /// `/oware admin …`.
    pub(super) async fn admin(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        action: &AdminAction,
    ) -> Result<Reply, ServiceError> {
        self.authorise_admin(cmd, action).await?;
        match action {
            AdminAction::Usage => Ok(Reply::private(text::admin(lang))),
            AdminAction::Abort { game, reason } => self.admin_abort(lang, cmd, *game, reason).await,
            AdminAction::Adjudicate {
                game,
                winner,
                reason,
            } => {
                self.adjudicate(lang, cmd, *game, winner.as_ref(), reason)
                    .await
            }
            AdminAction::Ban {
                user,
                length,
                reason,
            } => self.ban(lang, cmd, user, *length, reason).await,
            AdminAction::Unban { user } => self.unban(lang, cmd, user).await,
            AdminAction::Log => self.audit_log(lang, cmd).await,
            AdminAction::Bans => self.bans_list(lang, cmd).await,
            AdminAction::Redeliver => self.redeliver(lang, cmd).await,
            AdminAction::Forget { user, reason } => {
                let why = required_reason(reason, || crate::tr!(lang, "admin-forget-usage"))?;
                self.admin_forget(lang, cmd, user, why).await
            }
        }
    }

    /// Asks [`authority`] whether `cmd`'s author may do `action` here (its usage is
    /// help, and help is harmless: anyone may read it).
    async fn authorise_admin(
        &self,
        cmd: &Command,
        action: &AdminAction,
    ) -> Result<(), ServiceError> {
        let place = Target::Place { open: false };
        let (deed, target, command) = match action {
            AdminAction::Usage => return Ok(()),
            AdminAction::Abort { .. } => (Deed::DecideGame, place, "/oware admin abort"),
            AdminAction::Adjudicate { .. } => (Deed::DecideGame, place, "/oware admin adjudicate"),
            AdminAction::Log => (Deed::ReadPlaceRecords, place, "/oware admin log"),
            AdminAction::Bans => (Deed::ReadPlaceRecords, place, "/oware admin bans"),
            AdminAction::Redeliver => (Deed::Redeliver, place, "/oware admin redeliver"),
            AdminAction::Ban { user, .. } => {
                (Deed::Ban, self.person(cmd, user).await?, "/oware admin ban")
            }
            AdminAction::Unban { user } => (
                Deed::Unban,
                self.person(cmd, user).await?,
                "/oware admin unban",
            ),
            AdminAction::Forget { user, .. } => {
                // An owner's erasure is everywhere; an admin's, at their place.
                let deed = if cmd.role >= Role::Owner {
                    Deed::ForgetEverywhere
                } else {
                    Deed::ForgetAtPlace
                };
                (deed, self.person(cmd, user).await?, "/oware admin forget")
            }
        };
        authority::judge(deed, cmd.role, target).map_err(|refused| {
            match (refused.standing, action) {
                (Standing::AdminOfStranger, AdminAction::Forget { user, .. }) => {
                    ForgetError::NotHere(user.name.clone()).into()
                }
                _ => ServiceError::NotAdmin(command),
            }
        })
    }

    /// `user` as a target of `cmd`: themselves, or someone who played at `cmd`'s
    /// place or not (a game there, finished or not; a challenge is no tie).
    pub(super) async fn person(&self, cmd: &Command, user: &User) -> Result<Target, ServiceError> {
        if user.id == cmd.author.id {
            return Ok(Target::THEMSELVES);
        }
        let played = self
            .core
            .store
            .people()
            .played_at(cmd.place.platform, scope(&cmd.place), &user.id)
            .await?;
        Ok(Target::other(played))
    }

    /// `/oware admin redeliver`: the place's dead messages are queued again (each
    /// retried for a new period), recorded in the audit log.
    async fn redeliver(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let audit = Self::audit(cmd, "redeliver");
        let requeued = self
            .core
            .store
            .outbox()
            .redeliver(cmd.claim(), &audit, self.core.now())
            .await?;
        if requeued == 0 {
            return Ok(Reply::private(crate::tr!(
                lang,
                "moderation-redeliver-none"
            )));
        }
        self.core.wake();
        Ok(Reply::private(crate::tr!(
            lang,
            "moderation-redelivered",
            count = requeued
        )))
    }

    /// The active game `id` of `cmd`'s place.
    async fn active_game_here(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
    ) -> Result<GameRow, ServiceError> {
        let row = Games::new(self.core)
            .find_game(lang, cmd, Some(id), true)
            .await?;
        if !row.is_active() {
            let game = Games::new(self.core).load(&row).await?;
            return Err(ServiceError::GameOver {
                game: row.id,
                summary: view::summary(lang, &row, &game),
            });
        }
        Ok(row)
    }

    async fn admin_abort(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
        typed: &str,
    ) -> Result<Reply, ServiceError> {
        let why = required_reason(typed, || "/oware admin abort #12 why".to_owned())?;
        let row = self.active_game_here(lang, cmd, id).await?;
        let audit = NewAudit {
            game_id: Some(row.id),
            reason: Some(why.clone()),
            ..Self::audit(cmd, "abort")
        };
        let shown = Aborted::ByModerator {
            admin: cmd.author.name.clone(),
            why,
        };
        if !Play::new(self.core)
            .abort_game(lang, cmd.claim(), &row, shown, Some(audit))
            .await?
        {
            return Err(ServiceError::Raced(row.id));
        }
        self.core.wake();
        Ok(Reply::private(crate::tr!(
            lang,
            "moderation-aborted",
            game = row.id
        )))
    }

    /// `/oware admin adjudicate #12 @winner|draw why`: `winner` wins, or the game is
    /// drawn (`None`), rated as that result would be.
    async fn adjudicate(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
        winner: Option<&User>,
        typed: &str,
    ) -> Result<Reply, ServiceError> {
        let why = required_reason(typed, || crate::tr!(lang, "moderation-adjudicate-usage"))?;
        let row = self.active_game_here(lang, cmd, id).await?;
        let side = match winner {
            None => None,
            Some(winner) => {
                let side = view::side_of(&row, &winner.id);
                Some(side.ok_or_else(|| ServiceError::NotTheWinner {
                    game: row.id,
                    name: winner.name.clone(),
                    south: row.south.name.clone(),
                    north: row.north.name.clone(),
                })?)
            }
        };
        let mut game = Games::new(self.core).load(&row).await?;
        let outcome = game.adjudicate(side)?;
        let verdict = match side {
            Some(side) => crate::tr!(lang, "moderation-verdict-win", name = row.name(side)),
            None => crate::tr!(lang, "moderation-verdict-draw"),
        };
        let audit = NewAudit {
            game_id: Some(row.id),
            target_id: winner.map(|w| w.id.clone()),
            target_name: Some(
                side.map_or_else(|| "draw".to_owned(), |side| row.name(side).to_owned()),
            ),
            reason: Some(why.clone()),
            ..Self::audit(cmd, "adjudicate")
        };
        let finish = Finish {
            audit: Some(audit),
            ..Finish::posted(Ended::Decided {
                admin: cmd.author.name.clone(),
                winner: side,
                why,
            })
        };
        let Some(finished) = Play::new(self.core)
            .finish(lang, cmd.claim(), &row, &game, outcome, finish)
            .await?
        else {
            return Err(ServiceError::Raced(row.id));
        };
        let mut reply = Reply::private(crate::tr!(
            lang,
            "moderation-decided",
            game = row.id,
            verdict = verdict
        ));
        finished.annotate(lang, &mut reply, &row);
        Ok(reply)
    }

    async fn ban(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        user: &User,
        length: Option<BanLength>,
        typed: &str,
    ) -> Result<Reply, ServiceError> {
        let why = required_reason(typed, || crate::tr!(lang, "moderation-ban-usage"))?;
        let now = self.core.now();
        let until = match length {
            Some(BanLength::Days(days)) => {
                Some(now.saturating_add(i64::from(days.max(1)).saturating_mul(DAY_MS)))
            }
            Some(BanLength::Forever) => None,
            // A ban in force keeps its end (a new reason does not make it longer).
            None => self
                .core
                .store
                .moderation()
                .ban_of(cmd.place.platform, scope(&cmd.place), &user.id, now)
                .await?
                .and_then(|ban| ban.until_at),
        };
        let audit = NewAudit {
            target_id: Some(user.id.clone()),
            target_name: Some(user.name.clone()),
            reason: Some(why),
            ..Self::audit(cmd, "ban")
        };
        self.core
            .store
            .moderation()
            .ban(cmd.claim(), &audit, until, now)
            .await?;
        let until = until.map_or_else(
            || crate::tr!(lang, "moderation-until-unbanned"),
            |at| crate::tr!(lang, "moderation-until", time = when::utc_time(lang, at)),
        );
        Ok(Reply::private(crate::tr!(
            lang,
            "moderation-banned",
            name = user.name,
            until = until
        )))
    }

    async fn unban(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        user: &User,
    ) -> Result<Reply, ServiceError> {
        let audit = NewAudit {
            target_id: Some(user.id.clone()),
            target_name: Some(user.name.clone()),
            ..Self::audit(cmd, "unban")
        };
        if !self
            .core
            .store
            .moderation()
            .unban(cmd.claim(), &audit, self.core.now())
            .await?
        {
            return Err(ServiceError::NotBanned(user.name.clone()));
        }
        Ok(Reply::private(crate::tr!(
            lang,
            "moderation-unbanned",
            name = user.name
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_trimmed_and_cut() {
        assert_eq!(reason("  "), None);
        assert_eq!(reason(" spam "), Some("spam".to_owned()));
        assert_eq!(reason(&"x".repeat(500)).map(|r| r.len()), Some(REASON_MAX));
    }
}
