//! Time the bot could not see must not lose games, as on lichess across its
//! restarts: while it runs, the bot writes a heartbeat every [`HEARTBEAT`]; when it
//! starts again after being away longer than [`AWAY_AFTER_MS`], every game whose
//! clock ran meanwhile gets that time back (its deadline moves later by as much, as
//! if the clock had stopped), and the players whose deadline fell while the bot was
//! away, or falls soon, are told. The same holds for a chat network the bot could
//! not reach while it ran (its adapter reports it, see
//! `Delivery::network_reachable`): no game there is lost on time meanwhile, and the
//! time is given back when the network is back.

use crate::service::cases::Delivery;
use crate::service::cases::Games;
use crate::service::cases::Preferences;
use std::sync::Arc;
use std::time::Duration;

use super::outbox::game_message;
use super::{view, when, Platform, Reply};
use crate::store::{Credit, BOT_HEARTBEAT};

/// How often a running bot records that it runs.
pub(super) const HEARTBEAT: Duration = Duration::from_secs(15);
/// Away longer than this (two heartbeats) is credited to the clocks.
const AWAY_AFTER_MS: i64 = 30_000;

impl Delivery<'_> {
    /// At start, before any job runs: credits the time since the last heartbeat to
    /// the clocks that ran meanwhile, telling the players concerned, then records a
    /// heartbeat. Returns how many games were credited. The scheduler calls it when
    /// it starts; tests that drive time themselves call it directly.
    pub async fn credit_downtime(&self) -> usize {
        self.credit_time_away().await.0
    }

    /// `Delivery::credit_downtime`, returning also how long the bot was away (0
    /// on a first start or after a short stop).
    pub(super) async fn credit_time_away(&self) -> (usize, i64) {
        let now = self.core.now();
        let seen = match self.core.store.jobs().last_beat(BOT_HEARTBEAT).await {
            Ok(seen) => seen,
            Err(err) => {
                tracing::error!(error = %err, "cannot read when the bot last ran");
                None
            }
        };
        let (credited, away) = match seen.map(|seen| (seen, now - seen)) {
            Some((seen, away)) if away > AWAY_AFTER_MS => {
                (self.credit(None, seen, away, now).await, away)
            }
            _ => (0, 0),
        };
        self.beat().await;
        (credited, away)
    }

    /// Credits `away` ms, from `seen` on, to the games (of `platform`, when given)
    /// whose clocks ran meanwhile.
    async fn credit(&self, platform: Option<Platform>, seen: i64, away: i64, now: i64) -> usize {
        let rows = match self
            .core
            .store
            .jobs()
            .games_with_deadline_after(seen, platform)
            .await
        {
            Ok(rows) => rows,
            Err(err) => {
                tracing::error!(error = %err, "cannot read the games to credit downtime to");
                return 0;
            }
        };
        let mut credits = Vec::with_capacity(rows.len());
        for row in &rows {
            let deadline = row.deadline_at.unwrap_or(now);
            // Deadlines far ahead move quietly; those that fell, or fall before the
            // players could notice, are announced.
            let message = if deadline <= now + away {
                let language = Preferences::new(self.core)
                    .language_at(row.platform, row.space.as_deref().unwrap_or(&row.channel))
                    .await;
                self.downtime_message(&language, row, platform, away, deadline + away)
                    .await
            } else {
                None
            };
            credits.push(Credit {
                game: row.id,
                version: row.version,
                message,
            });
        }
        match self
            .core
            .store
            .jobs()
            .credit_downtime(away, &credits, now)
            .await
        {
            Ok(credited) => {
                tracing::warn!(
                    away_s = away / 1000,
                    games = credited,
                    network = platform.map_or("all", Platform::as_str),
                    "time the players could not play is credited to the clocks"
                );
                self.core.wake();
                credited
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot credit downtime to the clocks");
                0
            }
        }
    }

    /// What the player to move in `row` is told: the bot was away (or `network`
    /// could not be reached) `away` ms, so their deadline is now `until`.
    async fn downtime_message(
        &self,
        lang: &crate::i18n::Language,
        row: &crate::store::GameRow,
        network: Option<Platform>,
        away: i64,
        until: i64,
    ) -> Option<crate::store::NewMessage> {
        let game = Games::new(self.core).load(row).await.ok()?;
        let side = game.to_move()?;
        let cause = match network {
            None => crate::tr!(lang, "downtime-cause-bot"),
            Some(Platform::Discord) => {
                crate::tr!(lang, "downtime-cause-network", network = "Discord")
            }
            Some(Platform::Matrix) => {
                crate::tr!(lang, "downtime-cause-network", network = "Matrix")
            }
            Some(Platform::Console) => {
                crate::tr!(lang, "downtime-cause-network", network = "console")
            }
        };
        let mut reply = Reply::public(crate::tr!(
            lang,
            "downtime-extended",
            cause = cause,
            game = view::game_label(lang, row),
            name = row.name(side),
            away = when::span(lang, away),
            until = when::deadline(lang, until, self.core.now())
        ));
        reply.note_time(lang, until, self.core.now());
        reply.mentions.push(view::player(row, side));
        reply.buttons = view::pit_buttons(lang, row, &game, crate::rules::Side::South);
        reply.until_ply = Some(row.ply);
        Some(game_message(row, &reply, None))
    }

    /// Records what an adapter said of its network: unreachable (the time it stays so
    /// is given back to its games' clocks when it is reachable again, and no game of
    /// it is lost on time meanwhile) or reachable (also when it first connects: the
    /// network counts as connected from then on).
    pub async fn network_reachable(&self, platform: Platform, reachable: bool) {
        let now = self.core.now();
        if let Some(since) = self.core.networks.report(platform, reachable, now) {
            let away = now - since;
            if away > AWAY_AFTER_MS {
                self.credit(Some(platform), since, away, now).await;
            }
        }
    }

    /// Since when `platform` has been unreachable, if it is.
    pub(super) fn unreachable_since(&self, platform: Platform) -> Option<i64> {
        self.core.networks.unreachable_since(platform)
    }

    /// Records that the bot runs now.
    async fn beat(&self) {
        if let Err(err) = self
            .core
            .store
            .jobs()
            .beat(BOT_HEARTBEAT, self.core.now())
            .await
        {
            tracing::warn!(error = %err, "cannot record the heartbeat");
        }
    }

    /// Records a heartbeat every [`HEARTBEAT`] until the service stops.
    pub(super) async fn heartbeat(core: Arc<super::core::Core>) {
        loop {
            tokio::time::sleep(HEARTBEAT).await;
            Delivery::new(&core).beat().await;
        }
    }
}
