//! `/oware report #12 why`: any player tells a place's admins about a game. A user
//! banned at the place may not report there. The report is audited, and posted in the
//! moderators' channel when the place set one.

use super::{
    super::{outbox, Command, Place, Reply, ServiceError},
    required_reason, ModerationError,
};
use crate::service::cases::Games;
use crate::service::cases::Moderation;
use crate::service::cases::Preferences;
use crate::store::{NewAudit, NewMessage};

impl Moderation<'_> {
    /// `/oware report #12 why`.
    pub(in crate::service) async fn report(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: crate::store::GameId,
        typed: &str,
    ) -> Result<Reply, ServiceError> {
        let why = required_reason(typed, || "/oware report #12 why".to_owned())?;
        if let Some((until, reason)) = self.ban_at(lang, &cmd.place, &cmd.author.id).await? {
            return Err(ModerationError::ReportBanned { until, reason }.into());
        }
        let row = Games::new(self.core)
            .find_game(lang, cmd, Some(id), true)
            .await?;
        // Posted in the moderators' channel when the server set one.
        let settings = Preferences::new(self.core)
            .place_settings(&cmd.place)
            .await?;
        // A channel set elsewhere, or before that was checked, is not posted to: the
        // report stays in the audit log and the reporter hears why.
        let checked = settings.moderators_at(&cmd.place);
        let messages: Vec<NewMessage> = checked
            .ok()
            .flatten()
            .map(|channel| {
                let place = Place {
                    channel: channel.to_owned(),
                    thread: None,
                    ..cmd.place.clone()
                };
                let notice = Reply::public(crate::tr!(
                    lang,
                    "moderation-report-notice",
                    game = row.id,
                    south = row.south.name,
                    north = row.north.name,
                    author = cmd.author.name,
                    why = why
                ));
                outbox::place_message(&place, &notice)
            })
            .into_iter()
            .collect();
        let audit = NewAudit {
            game_id: Some(row.id),
            reason: Some(why),
            ..Self::audit(cmd, "report")
        };
        self.core
            .store
            .moderation()
            .record_audit(cmd.claim(), &audit, &messages, self.core.now())
            .await?;
        if !messages.is_empty() {
            self.core.wake();
        }
        Ok(Reply::private(match checked {
            Err(()) => crate::tr!(lang, "moderation-reported-unchecked", game = row.id),
            Ok(None) => crate::tr!(lang, "moderation-reported", game = row.id),
            Ok(Some(_)) => crate::tr!(lang, "moderation-reported-posted", game = row.id),
        }))
    }
}
