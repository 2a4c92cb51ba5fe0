//! `/oware link`: one identity for accounts on different networks. Without a code,
//! the author gets a one-time code (privately); typing it from an account on another
//! network joins both accounts to one identity, one rating and one leaderboard line.

use super::{Command, LinkCode, Reply, Service, ServiceError};
use crate::store::{now_ms, LinkOutcome};

/// Code letters: no 0/O, 1/I/L, so a code read aloud or retyped survives.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a code.
const CODE_LEN: usize = 8;

fn new_code() -> String {
    (0..CODE_LEN)
        .map(|_| char::from(ALPHABET[rand::random_range(0..ALPHABET.len())]))
        .collect()
}

impl Service {
    /// The player row of `cmd`'s author (recorded now if new, the name refreshed).
    pub(super) async fn author_player(&self, cmd: &Command) -> Result<i64, ServiceError> {
        Ok(self
            .store
            .upsert_player(
                cmd.place.platform.as_str(),
                &cmd.author.id,
                &cmd.author.name,
                cmd.author.is_bot,
            )
            .await?)
    }

    pub(super) async fn link(
        &self,
        cmd: &Command,
        code: Option<&LinkCode>,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform.as_str();
        let me = self.author_player(cmd).await?;
        let minutes = self.config.link_ttl.as_secs().div_ceil(60);
        let Some(typed) = code else {
            let ttl_ms = i64::try_from(self.config.link_ttl.as_millis()).unwrap_or(i64::MAX);
            for _ in 0..5 {
                let code = new_code();
                if self
                    .store
                    .create_link_code(cmd.claim(), &code, me, now_ms().saturating_add(ttl_ms))
                    .await?
                {
                    return Ok(Reply::secret(crate::tr!(
                        "link-code",
                        code = code,
                        minutes = minutes
                    )));
                }
            }
            return Err(ServiceError::Internal("no free link code".to_owned()));
        };
        let typed = typed.expose();
        let code: String = typed
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '`'))
            .collect::<String>()
            .to_uppercase();
        match self
            .store
            .redeem_link_code(cmd.claim(), &code, me, platform)
            .await?
        {
            LinkOutcome::Unknown => Err(ServiceError::LinkUnknown(LinkCode::new(
                typed.chars().take(24).collect::<String>(),
            ))),
            LinkOutcome::Expired => Err(ServiceError::LinkExpired(minutes)),
            LinkOutcome::Used => Err(ServiceError::LinkUsed),
            LinkOutcome::OwnCode => Err(ServiceError::LinkOwnCode(LinkCode::new(code))),
            LinkOutcome::SameNetwork => Err(ServiceError::LinkSameNetwork),
            LinkOutcome::AlreadyLinked => Err(ServiceError::AlreadyLinked),
            LinkOutcome::Linked(merge) => {
                let other = crate::tr!(
                    "link-account",
                    name = merge.other_name,
                    platform = merge.other_platform
                );
                let mine = crate::tr!("link-account", name = cmd.author.name, platform = platform);
                let speeds: Vec<String> = merge
                    .speeds
                    .iter()
                    .map(|m| {
                        let (kept, dropped) = if m.kept_redeemer {
                            (mine.clone(), other.clone())
                        } else {
                            (other.clone(), mine.clone())
                        };
                        if m.kept_games + m.dropped_games == 0 {
                            return crate::tr!("link-speed-none", speed = m.speed.as_str());
                        }
                        crate::tr!(
                            "link-speed",
                            speed = m.speed.as_str(),
                            kept = kept,
                            kept_games = m.kept_games,
                            dropped = dropped,
                            dropped_games = m.dropped_games
                        )
                    })
                    .collect();
                Ok(Reply::private(crate::tr!(
                    "link-linked",
                    mine = mine,
                    other = other,
                    speeds = speeds.join("; ")
                )))
            }
        }
    }
}
