//! `/oware admin log` and `/oware admin bans`: the place's last audit entries and
//! its bans in force, as fixed-width tables.

use crate::service::cases::Moderation;
use std::fmt::Write as _;

use super::super::{settings::scope, when, Command, Reply, ServiceError};
use crate::store::{AuditRow, ListedBan};

/// How many entries `/oware admin log` shows.
const LOG_ENTRIES: i64 = 20;

impl Moderation<'_> {
    pub(super) async fn audit_log(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let rows = self
            .core
            .store
            .moderation()
            .audit_log(cmd.place.platform, scope(&cmd.place), LOG_ENTRIES)
            .await?;
        if rows.is_empty() {
            return Ok(Reply::private(crate::tr!(lang, "moderation-log-empty")));
        }
        let mut reply = Reply::private(crate::tr!(lang, "moderation-log", entries = rows.len()));
        reply.table = Some(log_table(lang, &rows));
        Ok(reply)
    }

    /// `/oware admin bans`: who may not play here, until when, why and by whom.
    pub(super) async fn bans_list(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let bans = self
            .core
            .store
            .moderation()
            .bans_in(cmd.place.platform, scope(&cmd.place), self.core.now())
            .await?;
        if bans.is_empty() {
            return Ok(Reply::private(crate::tr!(lang, "moderation-bans-none")));
        }
        let mut reply = Reply::private(crate::tr!(lang, "moderation-bans", bans = bans.len()));
        reply.table = Some(bans_table(lang, &bans));
        Ok(reply)
    }
}

/// The bans as a table: who, until, since, by whom, why.
fn bans_table(lang: &crate::i18n::Language, bans: &[ListedBan]) -> String {
    let mut lines: Vec<[String; 5]> = vec![[
        crate::tr!(lang, "moderation-bans-who"),
        crate::tr!(lang, "moderation-bans-until"),
        crate::tr!(lang, "moderation-bans-since"),
        crate::tr!(lang, "moderation-bans-by"),
        crate::tr!(lang, "moderation-log-reason"),
    ]];
    let time = |at: i64| when::utc_time(lang, at).trim_end_matches(" UTC").to_owned();
    for ban in bans {
        lines.push([
            cut(&ban.user, 20),
            ban.until_at
                .map_or_else(|| crate::tr!(lang, "moderation-bans-forever"), time),
            time(ban.created_at),
            cut(&ban.banned_by, 16),
            cut(ban.reason.as_deref().unwrap_or(""), 40),
        ]);
    }
    aligned(&lines)
}

/// Cuts `text` to `max` characters.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The audit entries as a table: when, who, what, game or user, reason.
fn log_table(lang: &crate::i18n::Language, rows: &[AuditRow]) -> String {
    let mut lines: Vec<[String; 5]> = vec![[
        crate::tr!(lang, "moderation-log-when"),
        crate::tr!(lang, "moderation-log-who"),
        crate::tr!(lang, "moderation-log-what"),
        crate::tr!(lang, "moderation-log-target"),
        crate::tr!(lang, "moderation-log-reason"),
    ]];
    for row in rows {
        let when = when::utc_time(lang, row.created_at);
        let target = match (row.game_id, &row.target_name) {
            (Some(game), Some(user)) => format!("#{game} {user}"),
            (Some(game), None) => format!("#{game}"),
            (None, Some(user)) => user.clone(),
            (None, None) => String::new(),
        };
        lines.push([
            when.trim_end_matches(" UTC").to_owned(),
            cut(&row.actor_name, 16),
            crate::tr!(lang, "audit-action", action = row.action.as_str()),
            cut(&target, 20),
            cut(&reason(lang, row), 40),
        ]);
    }
    aligned(&lines)
}

/// Why `row`'s action was taken, as typed; a redelivery keeps how many messages
/// it queued again, worded here.
fn reason(lang: &crate::i18n::Language, row: &AuditRow) -> String {
    let typed = row.reason.as_deref().unwrap_or("");
    match typed.parse::<u64>() {
        Ok(count) if row.action.as_str() == "redeliver" => {
            crate::tr!(lang, "moderation-redelivered-audit", count = count)
        }
        _ => typed.to_owned(),
    }
}

/// `lines` as columns, each as wide as its widest cell, two spaces apart.
fn aligned<const N: usize>(lines: &[[String; N]]) -> String {
    let widths: Vec<usize> = (0..N)
        .map(|i| {
            lines
                .iter()
                .map(|l| l[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in lines {
        let mut text = String::new();
        for (cell, width) in line.iter().zip(&widths) {
            let _ = write!(text, "{cell:<width$}  ");
        }
        let _ = writeln!(out, "{}", text.trim_end());
    }
    out.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_table_lines_up() {
        let lang = &crate::i18n::Language::english();
        let rows = [
            AuditRow {
                created_at: 0,
                actor_name: "carol".into(),
                action: "ban".into(),
                game_id: None,
                target_name: Some("bob".into()),
                reason: Some("spam".into()),
            },
            AuditRow {
                created_at: 86_400_000,
                actor_name: "alice".into(),
                action: "report".into(),
                game_id: Some(crate::store::GameId::new(12)),
                target_name: None,
                reason: None,
            },
        ];
        let text = log_table(lang, &rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("When"), "{text}");
        assert!(
            lines[1].starts_with("1970-01-01 00:00  carol  banned    bob        spam"),
            "{text}"
        );
        assert!(lines[2].contains("reported  #12"), "{text}");
    }
}
