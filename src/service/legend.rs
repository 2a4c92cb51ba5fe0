//! The board's one-line legend, shown once to each person: the first reply with a
//! board that a command of theirs gets carries it, and it is recorded as seen (with
//! their own settings) so no later board repeats it.

use crate::service::cases::Pictures;

use super::{Command, Reply};

impl Pictures<'_> {
    /// `reply` to `cmd`, with the board's legend added if it shows a board and its
    /// author has never been shown the legend. A failure to read or record that is
    /// logged, and the reply goes as it was.
    pub(super) async fn with_legend(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        mut reply: Reply,
    ) -> Reply {
        if reply.board_text.is_none() || !self.legend_due(cmd).await {
            return reply;
        }
        let (platform, user) = (cmd.place.platform, cmd.author.id.as_str());
        let now = self.core.now();
        match self
            .core
            .store
            .people()
            .mark_legend_seen(cmd.claim(), platform, user, now)
            .await
        {
            Ok(()) => self.legend_shown(lang, cmd, &mut reply),
            Err(err) => tracing::warn!(error = %err, "cannot record that the legend was seen"),
        }
        reply
    }

    /// Whether `cmd`'s author is yet to be shown the legend (`false` when that
    /// cannot be read: the legend is a courtesy).
    pub(super) async fn legend_due(&self, cmd: &Command) -> bool {
        let (platform, user) = (cmd.place.platform, cmd.author.id.as_str());
        if cmd.author.is_bot || self.core.legend_seen.contains(platform, user) {
            return false;
        }
        match self.core.store.people().user_settings(platform, user).await {
            Ok(settings) if settings.legend_seen => {
                self.core.legend_seen.insert(platform, user);
                false
            }
            Ok(_) => true,
            Err(err) => {
                tracing::warn!(error = %err, "cannot read whether the legend was seen");
                false
            }
        }
    }

    /// Adds the legend to `reply`, its being seen by `cmd`'s author recorded (by the
    /// command's own write, or by `Pictures::with_legend`).
    pub(super) fn legend_shown(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        reply: &mut Reply,
    ) {
        self.core
            .legend_seen
            .insert(cmd.place.platform, cmd.author.id.as_str());
        reply.text.push('\n');
        reply.text.push_str(&crate::tr!(lang, "legend"));
    }
}
