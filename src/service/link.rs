//! `/oware link`: one identity for accounts on different networks. Without a code,
//! the author gets a one-time code (privately); typing it from an account on another
//! network asks first, naming the account it would join and what linking means (a
//! shared export, a shared forget-me, merged ratings); confirmed (`confirm`, or the
//! button), both accounts share one identity, one rating and one leaderboard line.
//! `/oware unlink` takes the author's account out again: the ratings stay with the
//! accounts still linked, the one leaving starts without a rating.

use super::authority::{self, Deed, Target};
use super::{Button, ButtonAction, Command, LinkCode, Reply, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Moderation;
use crate::store::{now_ms, LinkOutcome, Unlinked};

/// Code letters: no 0/O, 1/I/L, so a code read aloud or retyped survives.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a code.
const CODE_LEN: usize = 8;

fn new_code() -> String {
    (0..CODE_LEN)
        .map(|_| char::from(ALPHABET[rand::random_range(0..ALPHABET.len())]))
        .collect()
}

impl Moderation<'_> {
    pub(super) async fn link(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        code: Option<&LinkCode>,
        confirmed: bool,
    ) -> Result<Reply, ServiceError> {
        // A person links their own accounts only (asked all the same: the table is
        // the one place that says it).
        if authority::judge(Deed::Link, cmd.role, Target::THEMSELVES).is_err() {
            return Err(ServiceError::NotAdmin("/oware link"));
        }
        let platform = cmd.place.platform;
        let me = Games::new(self.core).author_player(cmd).await?;
        let minutes = self.core.config.link_ttl.as_secs().div_ceil(60);
        let Some(typed) = code else {
            let ttl_ms = i64::try_from(self.core.config.link_ttl.as_millis()).unwrap_or(i64::MAX);
            for _ in 0..5 {
                let code = new_code();
                if self
                    .core
                    .store
                    .moderation()
                    .create_link_code(cmd.claim(), &code, me, now_ms().saturating_add(ttl_ms))
                    .await?
                {
                    return Ok(Reply::secret(crate::tr!(
                        lang,
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
        let outcome = if confirmed {
            self.core
                .store
                .moderation()
                .redeem_link_code(cmd.claim(), &code, me, platform)
                .await?
        } else {
            self.core
                .store
                .moderation()
                .peek_link_code(&code, me, platform)
                .await?
        };
        match outcome {
            LinkOutcome::Ready { name, platform } => {
                let other = crate::tr!(lang, "link-account", name = name, platform = platform);
                let mut reply = Reply::private(crate::tr!(lang, "link-ask", other = other));
                reply.buttons.push(Button {
                    action: ButtonAction::Link { code: code.clone() },
                    label: crate::tr!(lang, "link-button"),
                    enabled: true,
                    row: 0,
                });
                Ok(reply)
            }
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
                    lang,
                    "link-account",
                    name = merge.other_name,
                    platform = merge.other_platform
                );
                let mine = crate::tr!(
                    lang,
                    "link-account",
                    name = cmd.author.name,
                    platform = platform
                );
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
                            return crate::tr!(lang, "link-speed-none", speed = m.speed.as_str());
                        }
                        crate::tr!(
                            lang,
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
                    lang,
                    "link-linked",
                    mine = mine,
                    other = other,
                    speeds = speeds.join("; ")
                )))
            }
        }
    }
}

impl Moderation<'_> {
    /// `/oware unlink`: the author's account leaves the identity it shares.
    pub(super) async fn unlink(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        if authority::judge(Deed::Link, cmd.role, Target::THEMSELVES).is_err() {
            return Err(ServiceError::NotAdmin("/oware unlink"));
        }
        let me = Games::new(self.core).author_player(cmd).await?;
        match self.core.store.moderation().unlink(cmd.claim(), me).await? {
            Unlinked::NotLinked => Ok(Reply::private(crate::tr!(lang, "unlink-not-linked"))),
            Unlinked::Left { others } => Ok(Reply::private(crate::tr!(
                lang,
                "unlink-done",
                others = others
            ))),
        }
    }
}
