//! A finished game's thread is archived after the delay its server set
//! (`/oware settings archive:1d`). The game's end schedules a job in the ending's own
//! transaction; when it falls due, the job writes a last message carrying
//! [`Reply::archive_thread`], and the adapter archives the thread (Discord) or only
//! posts the line (platforms without archiving).

use std::{fmt, str::FromStr};

use super::{
    outbox::game_message,
    when::{DAY, HOUR, MINUTE},
    Place, Reply, Service, ServiceError,
};
use crate::store::{Claim, Effects, GameRow, JobKind, JobRow, NewJob};

/// How long a finished game's thread stays open when its server did not say.
pub const DEFAULT_DELAY_MS: i64 = DAY;
/// The shortest delay a server may set.
const MIN_DELAY_MS: i64 = MINUTE;
/// The longest delay a server may set.
const MAX_DELAY_MS: i64 = 30 * DAY;

/// How long a finished game's thread stays open before it is archived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveDelay {
    /// Threads are never archived by the bot.
    Never,
    /// Archived this many milliseconds after the game ends.
    After(i64),
}

impl Default for ArchiveDelay {
    fn default() -> ArchiveDelay {
        ArchiveDelay::After(DEFAULT_DELAY_MS)
    }
}

impl FromStr for ArchiveDelay {
    type Err = ();

    /// `never` (or `no`, `off`), or an amount with a unit: `30m`, `12h`, `1d`, from one
    /// minute to 30 days.
    fn from_str(text: &str) -> Result<ArchiveDelay, ()> {
        let value = text.trim().to_ascii_lowercase();
        if matches!(value.as_str(), "never" | "no" | "off" | "none") {
            return Ok(ArchiveDelay::Never);
        }
        let split = value.find(|c: char| !c.is_ascii_digit()).ok_or(())?;
        let (digits, unit) = value.split_at(split);
        if digits.is_empty() || digits.len() > 6 {
            return Err(());
        }
        let amount: i64 = digits.parse().map_err(drop)?;
        let unit_ms = match unit {
            "m" | "min" | "mins" | "minute" | "minutes" => MINUTE,
            "h" | "hour" | "hours" => HOUR,
            "d" | "day" | "days" => DAY,
            _ => return Err(()),
        };
        let ms = amount.saturating_mul(unit_ms);
        if (MIN_DELAY_MS..=MAX_DELAY_MS).contains(&ms) {
            Ok(ArchiveDelay::After(ms))
        } else {
            Err(())
        }
    }
}

impl fmt::Display for ArchiveDelay {
    /// The canonical form, as stored and as typed: `never`, `1d`, `12h`, `90m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ArchiveDelay::Never => f.write_str("never"),
            ArchiveDelay::After(ms) => {
                let (amount, unit) = [(DAY, "d"), (HOUR, "h")]
                    .into_iter()
                    .find(|(unit, _)| ms % unit == 0)
                    .map_or((ms / MINUTE, "m"), |(unit, u)| (ms / unit, u));
                write!(f, "{amount}{unit}")
            }
        }
    }
}

/// The line posted before a game's thread is archived.
fn archive_line(game: i64) -> String {
    crate::tr!("archive-thread", game = game)
}

impl Service {
    /// The job that archives the thread of the game stored as `row`, which ends at
    /// `now`, after the delay its server set; `None` when the game has no thread or
    /// the server keeps threads open.
    pub(super) async fn archive_job(
        &self,
        row: &GameRow,
        now: i64,
    ) -> Result<Option<NewJob>, ServiceError> {
        if row.thread.is_none() {
            return Ok(None);
        }
        let place = Place {
            platform: row.platform,
            space: row.space.clone(),
            channel: row.channel.clone(),
            thread: None,
        };
        let ArchiveDelay::After(delay) = self.place_settings(&place).await?.archive() else {
            return Ok(None);
        };
        Ok(Some(NewJob {
            kind: JobKind::ArchiveThread,
            game_id: None,
            challenge_id: None,
            due_at: now.saturating_add(delay),
            request: None,
        }))
    }

    /// Archives a finished game's thread: a last line that tells the adapter to
    /// archive it, written as the job ends. Nothing when the thread is not the bot's
    /// to archive (see [`crate::store::Store::thread_to_archive`]).
    pub(super) async fn archive_thread_job(&self, job: &JobRow) -> Result<bool, ServiceError> {
        let Some(id) = job.game_id else {
            return Ok(false);
        };
        let Some(row) = self.store.game(id).await? else {
            return Ok(false);
        };
        if !self.store.thread_to_archive(id).await? {
            return Ok(false);
        }
        let reply = Reply {
            game: Some(id),
            archive_thread: true,
            ..Reply::public(archive_line(id))
        };
        let effects = Effects {
            messages: vec![game_message(&row, &reply, None)],
            ..Effects::default()
        };
        self.store
            .finish_job(Claim::Job(job.id), &effects, self.now())
            .await?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_parse_and_print_canonically() {
        for (typed, canonical) in [
            ("1h", "1h"),
            ("24h", "1d"),
            ("90min", "90m"),
            (" 2 D", "2d"),
            ("NEVER", "never"),
            ("off", "never"),
            ("1m", "1m"),
            ("30d", "30d"),
        ] {
            let typed = typed.replace(' ', "");
            let delay: ArchiveDelay = typed.parse().unwrap_or_else(|()| panic!("{typed}"));
            assert_eq!(delay.to_string(), canonical, "{typed}");
            assert_eq!(canonical.parse(), Ok(delay), "{canonical}");
        }
        for bad in ["", "soon", "1", "d", "0m", "31d", "-1h", "1w", "9999999d"] {
            assert_eq!(bad.parse::<ArchiveDelay>(), Err(()), "{bad}");
        }
        assert_eq!(ArchiveDelay::default(), ArchiveDelay::After(DAY));
    }
}
