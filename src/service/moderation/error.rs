//! Why a moderation command was refused; each message says what to do instead.

/// A refused moderation command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(&crate::i18n::Language::english()))]
pub enum ModerationError {
    /// A report by a user banned at this place (`until …`, ` (why)`).
    ReportBanned {
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
        /// ` (why)`, or empty.
        reason: String,
    },
}

impl ModerationError {
    /// What went wrong and what to do instead, in `lang` (its `Display` is the
    /// English, for logs).
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            ModerationError::ReportBanned { until, reason } => {
                crate::tr!(lang, "error-report-banned", until = until, reason = reason)
            }
        }
    }
}
