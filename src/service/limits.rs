//! Nobody can flood the bot: a per-user command rate (governor's GCRA, one limiter a
//! network), caps on challenges and games, and input caps (names cleaned of control
//! and zero-width characters and cut to [`MAX_NAME_CHARS`]).
//!
//! Over the rate, the first refusal is a polite private reply; further commands in
//! the same window are dropped silently (an empty reply, which adapters do not send)
//! and counted in the log.

use std::{
    collections::HashMap,
    num::NonZeroU32,
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
    time::{Duration, Instant},
};

use governor::{clock::DefaultClock, state::keyed::DefaultKeyedStateStore, Quota, RateLimiter};

use super::{Action, Command, LinkCode, Platform, User};
use crate::store::{Cap, CapLimits};

/// The longest name kept, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// How many users' limiter states are kept before the idle ones are forgotten.
const FORGET_AFTER_USERS: usize = 10_000;

/// A command rate: `burst` at once, then `per_second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Commands allowed at once.
    pub burst: u32,
    /// Commands a second after that.
    pub per_second: u32,
}

impl RateLimit {
    /// Chat networks' default: a burst of 10, then 1 a second.
    pub const CHAT: RateLimit = RateLimit {
        burst: 10,
        per_second: 1,
    };
}

/// Caps on what one user (and everyone) may have open at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Pending challenges a user has made.
    pub pending_challenges: i64,
    /// Active games a user plays in.
    pub active_games: i64,
    /// Active games a user plays against the engine.
    pub engine_games_per_user: i64,
    /// Active games against the engine in all.
    pub engine_games: i64,
    /// Players in one round-robin tournament (n players play n - 1 rounds, twice
    /// that when double).
    pub round_robin_players: i64,
    /// Players in one Swiss tournament (at most the 64 its pairing takes): an entry
    /// beyond it is refused when it is made, never at the start.
    pub swiss_players: i64,
    /// Reviews (`/oware analyse`) one user may have queued at once.
    pub queued_reviews_per_user: i64,
    /// Reviews asked for and queued, from everyone.
    pub queued_reviews: i64,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            pending_challenges: 5,
            active_games: 20,
            engine_games_per_user: 2,
            engine_games: 50,
            round_robin_players: 16,
            swiss_players: 64,
            queued_reviews_per_user: 3,
            queued_reviews: 50,
        }
    }
}

type Keyed = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock>;

/// What the rate says about one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Go ahead.
    Allowed,
    /// Over the rate: say so once, with the wait.
    Refuse(Duration),
    /// Over the rate again in the same window: say nothing.
    Drop,
}

/// One network's command rate.
#[derive(Debug)]
struct NetworkRate {
    limiter: Keyed,
    /// Users told they are too fast, until when.
    told: Mutex<HashMap<String, Instant>>,
}

/// The command rates of every network (`None`: unlimited).
#[derive(Debug)]
pub(super) struct Rates {
    networks: [Option<NetworkRate>; 3],
    dropped: AtomicU64,
}

fn index(platform: Platform) -> usize {
    match platform {
        Platform::Console => 0,
        Platform::Discord => 1,
        Platform::Matrix => 2,
    }
}

impl Rates {
    /// Rates for `[console, discord, matrix]`.
    pub(super) fn new(limits: [Option<RateLimit>; 3]) -> Rates {
        Rates {
            networks: limits.map(|limit| {
                let limit = limit?;
                let burst = NonZeroU32::new(limit.burst)?;
                let rate = NonZeroU32::new(limit.per_second.max(1))?;
                Some(NetworkRate {
                    limiter: RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)),
                    told: Mutex::new(HashMap::new()),
                })
            }),
            dropped: AtomicU64::new(0),
        }
    }

    /// Checks one command of `user` on `platform` against the rate.
    pub(super) fn check(&self, platform: Platform, user: &str) -> Verdict {
        let Some(network) = &self.networks[index(platform)] else {
            return Verdict::Allowed;
        };
        if network.limiter.len() > FORGET_AFTER_USERS {
            network.limiter.retain_recent();
        }
        let key = user.to_owned();
        let wait = match network.limiter.check_key(&key) {
            Ok(()) => return Verdict::Allowed,
            Err(not_until) => {
                not_until.wait_time_from(governor::clock::Clock::now(network.limiter.clock()))
            }
        };
        let now = Instant::now();
        // A poisoned lock only means another thread panicked mid-insert.
        let mut told = network
            .told
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if told.len() > FORGET_AFTER_USERS {
            told.retain(|_, until| *until > now);
        }
        match told.get(&key) {
            Some(until) if *until > now => {
                let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::warn!(
                    platform = platform.as_str(),
                    dropped,
                    "over the command rate: command dropped"
                );
                Verdict::Drop
            }
            _ => {
                told.insert(key, now + wait.max(Duration::from_secs(1)));
                Verdict::Refuse(wait)
            }
        }
    }

    /// Commands dropped so far for going over the rate.
    pub(super) fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

impl Caps {
    /// The caps as the store enforces them inside its transactions.
    #[must_use]
    pub fn limits(&self) -> CapLimits {
        CapLimits {
            pending_challenges: Some(self.pending_challenges),
            active_games: Some(self.active_games),
            engine_games_per_user: Some(self.engine_games_per_user),
            engine_games: Some(self.engine_games),
        }
    }
}

/// What a player hears when `cap` (of `limit`) is reached; `count` when known.
pub(super) fn cap_text(
    lang: &crate::i18n::Language,
    cap: Cap,
    limit: i64,
    count: Option<i64>,
) -> String {
    let count = count.unwrap_or(limit);
    match cap {
        Cap::PendingChallenges => crate::tr!(lang, "limits-pending-challenges", count = count),
        Cap::ActiveGames => crate::tr!(lang, "limits-active-games", limit = limit),
        Cap::EngineGamesPerUser => crate::tr!(lang, "limits-engine-games-per-user", count = count),
        Cap::EngineGames => crate::tr!(lang, "limits-engine-games"),
    }
}

/// A name as shown: control and zero-width characters removed, white space folded,
/// at most [`MAX_NAME_CHARS`] characters; `fallback` when nothing is left.
#[must_use]
pub fn clean_name(name: &str, fallback: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !c.is_control() && !is_invisible(c))
        .collect();
    let folded = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = folded.chars().take(MAX_NAME_CHARS).collect();
    if cut.is_empty() {
        fallback.chars().take(MAX_NAME_CHARS).collect()
    } else {
        cut
    }
}

/// Zero-width and direction-changing characters that make names look like others.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{180E}'
            | '\u{00AD}'
    )
}

fn clean_user(user: &mut User) {
    user.name = clean_name(&user.name, &user.id);
}

/// The command with every name in it cleaned.
pub(super) fn clean(mut cmd: Command) -> Command {
    clean_user(&mut cmd.author);
    match &mut cmd.action {
        Action::Play { opponent, .. } => clean_user(opponent),
        Action::Stats {
            user: Some(user), ..
        }
        | Action::History { user: Some(user) } => {
            clean_user(user);
        }
        // A typed code is looked up: no control characters (PostgreSQL refuses a NUL).
        Action::Link {
            code: Some(code), ..
        } => {
            let kept: String = code.expose().chars().filter(|c| !c.is_control()).collect();
            *code = LinkCode::new(kept);
        }
        _ => {}
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_invisible_characters_and_are_cut() {
        assert_eq!(clean_name("ali\u{200B}ce\u{202E}", "x"), "alice");
        assert_eq!(clean_name("  bob \n the\tbuilder ", "x"), "bob the builder");
        assert_eq!(clean_name("\u{200B}\u{0007}", "@id:server"), "@id:server");
        assert_eq!(
            clean_name(&"é".repeat(100), "x").chars().count(),
            MAX_NAME_CHARS
        );
        assert_eq!(clean_name("名前😀", "x"), "名前😀");
    }

    #[test]
    fn over_the_rate_one_polite_refusal_then_silence() {
        let rates = Rates::new([
            None,
            Some(RateLimit {
                burst: 3,
                per_second: 1,
            }),
            None,
        ]);
        for _ in 0..100 {
            assert_eq!(rates.check(Platform::Console, "alice"), Verdict::Allowed);
        }
        for _ in 0..3 {
            assert_eq!(rates.check(Platform::Discord, "alice"), Verdict::Allowed);
        }
        assert!(matches!(
            rates.check(Platform::Discord, "alice"),
            Verdict::Refuse(wait) if wait <= Duration::from_secs(1)
        ));
        assert_eq!(rates.check(Platform::Discord, "alice"), Verdict::Drop);
        assert_eq!(rates.check(Platform::Discord, "alice"), Verdict::Drop);
        assert_eq!(rates.dropped(), 2);
        // Others are not affected.
        assert_eq!(rates.check(Platform::Discord, "bob"), Verdict::Allowed);
    }
}
