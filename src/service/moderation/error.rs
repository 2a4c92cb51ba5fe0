//! Why a moderation command was refused; each message says what to do instead.

/// A refused moderation command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModerationError {
    /// A report by a user banned at this place (`until …`, ` (why)`).
    #[error("{}", crate::tr!("error-report-banned", until = .until, reason = .reason))]
    ReportBanned {
        /// `until 2026-11-27 10:05 UTC` or `until an admin lifts the ban`.
        until: String,
        /// ` (why)`, or empty.
        reason: String,
    },
}
