//! `/oware status`: the bot's health for its owners (`OWARE_OWNERS`): the database,
//! this process's Discord shards, and what is in progress or waiting across every
//! server and network. A place's admins (see [`Role`]) see only their place's figures:
//! an admin of any room (on Matrix, anyone in their DM room with the bot) must not
//! learn how busy the whole bot is.

use super::authority::{self, Deed, Target};
use super::{Command, Platform, Reply, ServiceError, Shards};
use crate::service::cases::Delivery;
use crate::store::{Backend, PlaceCounts, StatusCounts};

/// The Discord shards this process runs, as the Discord adapter reported them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DiscordShards {
    /// Discord does not run in this process.
    #[default]
    NotRunning,
    /// Every shard (Discord's recommended count).
    All,
    /// These shards of a fixed total (`DISCORD_SHARDS`, `DISCORD_SHARD_RANGE`).
    Range(Shards),
}

impl DiscordShards {
    /// What a Discord adapter configured with `shards` runs (`None`: all of them).
    #[must_use]
    pub fn running(shards: Option<Shards>) -> DiscordShards {
        shards.map_or(DiscordShards::All, DiscordShards::Range)
    }

    fn describe(&self, lang: &crate::i18n::Language) -> String {
        match self {
            DiscordShards::NotRunning => crate::tr!(lang, "status-shards-not-running"),
            DiscordShards::All => crate::tr!(lang, "status-shards-all"),
            DiscordShards::Range(Shards { total, range }) => {
                let last = range.end.saturating_sub(1);
                if range.start == last {
                    crate::tr!(
                        lang,
                        "status-shards-one",
                        shard = range.start,
                        total = total
                    )
                } else {
                    crate::tr!(
                        lang,
                        "status-shards-range",
                        first = range.start,
                        last = last,
                        total = total
                    )
                }
            }
        }
    }
}

impl Delivery<'_> {
    /// Records which Discord shards this process runs (the Discord adapter calls it
    /// when it starts and stops).
    pub fn set_discord_shards(&self, shards: DiscordShards) {
        self.core.networks.set_discord_shards(shards);
    }

    pub(super) async fn status(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let place = Target::Place { open: false };
        authority::judge(Deed::ReadPlaceRecords, cmd.role, place)
            .map_err(|_| ServiceError::NotAdmin("/oware admin status"))?;
        if authority::judge(Deed::ReadBotStatus, cmd.role, place).is_err() {
            let place = &cmd.place;
            let counts = self
                .core
                .store
                .pages()
                .place_counts(
                    self.core.now(),
                    place.platform,
                    place.space.as_deref(),
                    &place.channel,
                )
                .await?;
            let title = if place.space.is_some() {
                crate::tr!(lang, "status-title-server")
            } else {
                crate::tr!(lang, "status-title-room")
            };
            let mut reply = Reply::private(title);
            reply.table = Some(place_table(lang, place.platform, &counts));
            return Ok(reply);
        }
        let counts = self
            .core
            .store
            .pages()
            .status_counts(self.core.now())
            .await?;
        let mut reply = Reply::private(crate::tr!(lang, "status-title"));
        reply.table = Some(table(
            lang,
            self.core.store.backend(),
            &self.core.networks.discord_shards(),
            &counts,
        ));
        Ok(reply)
    }
}

/// One place's figures as a two-column table: its games, challenges and unsent
/// messages.
fn place_table(lang: &crate::i18n::Language, platform: Platform, counts: &PlaceCounts) -> String {
    aligned(&[
        (
            crate::tr!(lang, "status-games"),
            counts.active_games.to_string(),
        ),
        (
            crate::tr!(lang, "status-challenges"),
            counts.pending_challenges.to_string(),
        ),
        (
            crate::tr!(lang, "status-unsent", network = name(lang, platform)),
            unsent(lang, counts.waiting, counts.dead),
        ),
    ])
}

/// Messages waiting, with the dead ones when there are any.
fn unsent(lang: &crate::i18n::Language, waiting: i64, dead: i64) -> String {
    if dead > 0 {
        crate::tr!(lang, "status-dead", waiting = waiting, dead = dead)
    } else {
        waiting.to_string()
    }
}

/// The figures as a two-column table.
fn table(
    lang: &crate::i18n::Language,
    backend: Backend,
    shards: &DiscordShards,
    counts: &StatusCounts,
) -> String {
    let database = match backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres => "PostgreSQL",
    };
    let mut rows = vec![
        (crate::tr!(lang, "status-database"), database.to_owned()),
        (
            crate::tr!(lang, "status-discord-shards"),
            shards.describe(lang),
        ),
        (
            crate::tr!(lang, "status-games"),
            counts.active_games.to_string(),
        ),
        (
            crate::tr!(lang, "status-challenges"),
            counts.pending_challenges.to_string(),
        ),
        (
            crate::tr!(lang, "status-jobs"),
            crate::tr!(
                lang,
                "status-jobs-figure",
                jobs = counts.jobs,
                due = counts.jobs_due
            ),
        ),
    ];
    for platform in [Platform::Discord, Platform::Matrix, Platform::Console] {
        let unsent = counts.unsent.iter().find(|u| u.platform == platform);
        let figure =
            unsent.map_or_else(|| "0".to_owned(), |u| self::unsent(lang, u.waiting, u.dead));
        rows.push((
            crate::tr!(lang, "status-unsent", network = name(lang, platform)),
            figure,
        ));
    }
    aligned(&rows)
}

/// Label and value rows, the values in one column.
fn aligned(rows: &[(String, String)]) -> String {
    let width = rows
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    rows.iter()
        .map(|(k, v)| format!("{k:<width$}  {v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn name(lang: &crate::i18n::Language, platform: Platform) -> String {
    match platform {
        Platform::Console => crate::tr!(lang, "status-console"),
        Platform::Discord => "Discord".to_owned(),
        Platform::Matrix => "Matrix".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UnsentCount;

    #[test]
    fn shards_read_as_all_a_range_or_not_running() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(DiscordShards::NotRunning.describe(lang), "not running");
        assert_eq!(DiscordShards::running(None).describe(lang), "all");
        let some = |total, range| DiscordShards::running(Some(Shards { total, range }));
        assert_eq!(some(4, 0..2).describe(lang), "0–1 of 4");
        assert_eq!(some(4, 3..4).describe(lang), "3 of 4");
    }

    #[test]
    fn the_table_lists_every_figure() {
        let lang = &crate::i18n::Language::english();
        let counts = StatusCounts {
            active_games: 3,
            pending_challenges: 1,
            jobs: 4,
            jobs_due: 2,
            unsent: vec![UnsentCount {
                platform: Platform::Discord,
                waiting: 5,
                dead: 1,
            }],
        };
        let text = table(lang, Backend::Postgres, &DiscordShards::All, &counts);
        for line in [
            "Database            PostgreSQL",
            "Discord shards      all",
            "Games in progress   3",
            "Challenges pending  1",
            "Jobs pending        4 (2 due now)",
            "Unsent, Discord     5 (1 undeliverable: /oware admin redeliver)",
            "Unsent, Matrix      0",
            "Unsent, console     0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line:?} in\n{text}");
        }
    }
}
