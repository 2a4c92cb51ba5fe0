//! Which challenge a command means (by id, or the one pending for the author here),
//! whether the author may act on it, and why a challenge is no longer open.

use super::super::authority::{self, Deed, Target};
use super::super::{view, Command, ServiceError};
use crate::service::cases::Challenges;
use crate::store::{ChallengeRow, ChallengeStatus};

/// Which side of a challenge a command must come from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// The challenged player (accept, decline).
    Opponent,
    /// The challenger (cancel).
    Challenger,
}

/// Why a challenge is no longer open, in words.
fn closed(lang: &crate::i18n::Language, status: ChallengeStatus) -> String {
    match status {
        ChallengeStatus::Cancelled => crate::tr!(lang, "challenge-status-cancelled"),
        ChallengeStatus::Declined => crate::tr!(lang, "challenge-status-declined"),
        ChallengeStatus::Expired => crate::tr!(lang, "challenge-status-expired"),
        ChallengeStatus::Accepted => crate::tr!(lang, "challenge-status-accepted"),
        ChallengeStatus::Pending => crate::tr!(lang, "challenge-status-pending"),
    }
}

impl Challenges<'_> {
    /// Why the author has no challenge to answer here: `own`, their own challenge
    /// waiting here, is theirs to withdraw; else the last one for them was
    /// withdrawn, declined, expired or accepted, or there never was one.
    async fn why_no_challenge(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        own: Option<&ChallengeRow>,
    ) -> Result<String, ServiceError> {
        if let Some(c) = own {
            return Ok(crate::tr!(
                lang,
                "challenge-is-yours",
                challenge = c.id,
                opponent = view::challenged(lang, c)
            ));
        }
        let last = self
            .core
            .store
            .challenges()
            .latest_challenge_for(cmd.place.platform, &cmd.author.id)
            .await?
            .filter(|c| cmd.place.holds(c.platform, c.space.as_deref(), &c.channel));
        let start = crate::tr!(lang, "challenge-start-yourself");
        Ok(match last {
            Some(c) if c.status == ChallengeStatus::Pending && c.expires_at <= self.core.now() => {
                crate::tr!(
                    lang,
                    "challenge-last-expired",
                    challenge = c.id,
                    challenger = c.challenger_name,
                    start = start
                )
            }
            Some(c) if c.status == ChallengeStatus::Cancelled => crate::tr!(
                lang,
                "challenge-last-withdrawn",
                challenger = c.challenger_name,
                challenge = c.id,
                start = start
            ),
            Some(c) if c.status != ChallengeStatus::Pending => crate::tr!(
                lang,
                "challenge-last-closed",
                challenge = c.id,
                challenger = c.challenger_name,
                status = closed(lang, c.status),
                start = start
            ),
            _ => crate::tr!(lang, "challenge-none-for-you", start = start),
        })
    }

    /// The pending challenge a command means, checking the author may act on it.
    pub(super) async fn find_challenge(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::ChallengeId>,
        role: Role,
        verb: &'static str,
    ) -> Result<ChallengeRow, ServiceError> {
        let platform = cmd.place.platform;
        let now = self.core.now();
        let me = &cmd.author.id;
        if let Some(id) = id {
            let Some(c) = self
                .core
                .store
                .challenges()
                .challenge(id)
                .await?
                // A game against the engine starts from an internal challenge: not one
                // anybody can answer.
                .filter(|c| {
                    c.level.is_none() && cmd.place.holds(c.platform, c.space.as_deref(), &c.channel)
                })
            else {
                return Err(ServiceError::NoChallenge(crate::tr!(
                    lang,
                    "challenge-no-such",
                    challenge = id
                )));
            };
            let open = c.opponent.0.is_none();
            let mine = match role {
                // Accepting answers for oneself: a challenge to the author, or an
                // open one (anyone's but its maker's); never one to someone else.
                Role::Opponent if verb == "accept" => {
                    let target = if open || c.opponent.is(me) {
                        Target::THEMSELVES
                    } else {
                        Target::other(false)
                    };
                    &c.challenger_user != me
                        && authority::judge(Deed::AcceptChallenge, cmd.role, target).is_ok()
                }
                // An open challenge is declined by not accepting it.
                Role::Opponent if open => false,
                Role::Opponent => c.opponent.is(me),
                Role::Challenger => &c.challenger_user == me,
            };
            if !mine {
                let text = match role {
                    Role::Opponent if &c.challenger_user == me => crate::tr!(
                        lang,
                        "challenge-is-yours",
                        challenge = id,
                        opponent = view::challenged(lang, &c)
                    ),
                    Role::Opponent if open => {
                        crate::tr!(lang, "challenge-open-no-decline", challenge = id)
                    }
                    Role::Opponent => crate::tr!(
                        lang,
                        "challenge-not-for-you",
                        challenge = id,
                        opponent = view::challenged(lang, &c)
                    ),
                    Role::Challenger => crate::tr!(
                        lang,
                        "challenge-not-yours-to-withdraw",
                        challenge = id,
                        challenger = c.challenger_name
                    ),
                };
                return Err(ServiceError::NotYourChallenge(text));
            }
            if c.status == ChallengeStatus::Pending && c.expires_at <= now {
                return Err(ServiceError::ChallengeClosed(
                    id,
                    closed(lang, ChallengeStatus::Expired),
                ));
            }
            if c.status != ChallengeStatus::Pending {
                return Err(ServiceError::ChallengeClosed(id, closed(lang, c.status)));
            }
            return Ok(c);
        }
        let involving = self
            .core
            .store
            .challenges()
            .pending_challenges_of(platform, me, now)
            .await?;
        // The author's own challenge waiting here, for a refusal to name.
        let own = involving
            .iter()
            .find(|c| {
                &c.challenger_user == me
                    && cmd.place.holds(c.platform, c.space.as_deref(), &c.channel)
            })
            .cloned();
        let mut pending: Vec<ChallengeRow> = involving
            .into_iter()
            .filter(|c| match role {
                Role::Opponent => c.opponent.is(me),
                Role::Challenger => &c.challenger_user == me,
            })
            .collect();
        // Nothing for the author to accept: an open challenge here, not theirs.
        if pending.is_empty() && role == Role::Opponent && verb == "accept" {
            pending = self
                .core
                .store
                .challenges()
                .open_challenges_at(
                    platform,
                    cmd.place.space.as_deref(),
                    &cmd.place.channel,
                    now,
                )
                .await?
                .into_iter()
                .filter(|c| &c.challenger_user != me)
                .collect();
        }
        // Only challenges made in this space count; prefer the ones in this channel.
        let space: Vec<&ChallengeRow> = pending
            .iter()
            .filter(|c| cmd.place.holds(c.platform, c.space.as_deref(), &c.channel))
            .collect();
        let here: Vec<&ChallengeRow> = space
            .iter()
            .copied()
            .filter(|c| c.channel == cmd.place.channel)
            .collect();
        let candidates = if here.is_empty() { space } else { here };
        match candidates.as_slice() {
            [] => Err(ServiceError::NoChallenge(match role {
                Role::Opponent => self.why_no_challenge(lang, cmd, own.as_ref()).await?,
                Role::Challenger => crate::tr!(lang, "challenge-none-to-withdraw"),
            })),
            [one] => Ok((*one).clone()),
            [first, ..] => Err(ServiceError::WhichChallenge(
                crate::i18n::list(
                    lang,
                    &candidates
                        .iter()
                        .map(|c| {
                            format!(
                                "c{} {} → {}",
                                c.id,
                                c.challenger_name,
                                view::challenged(lang, c)
                            )
                        })
                        .collect::<Vec<_>>(),
                    crate::i18n::Joined::Or,
                ),
                verb,
                first.id,
            )),
        }
    }
}
