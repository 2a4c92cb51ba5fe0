//! `/oware vacation 7d`: correspondence clocks wait while a player is away, as on
//! chess.com. At most [`ALLOWANCE_DAYS`] days in any 365; the opponents are told in
//! each game; `/oware vacation off` comes back early and gives back the days not
//! taken. Live clocks never wait: a live game is played in one sitting.

use super::outbox::game_message;
use super::{view, when, Command, Reply, ServiceError};
use crate::i18n::Language;
use crate::play::when::DAY;
use crate::service::cases::Preferences;
use crate::store::{AwayGame, GameRow};

/// The days of vacation a player may take in any 365 days.
pub const ALLOWANCE_DAYS: u32 = 30;
/// The window the allowance counts over.
const WINDOW_MS: i64 = 365 * DAY;

/// What `/oware vacation` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationRequest {
    /// Whether the author is away, and the days they have left.
    Status,
    /// Away for this many days from now.
    Start {
        /// How many days.
        days: u32,
    },
    /// Back now.
    End,
}

/// Whether `row`'s clock is one a vacation stops: at correspondence speed only,
/// the one truth the ratings use too (see
/// [`crate::play::clock::TimeControl::waits_for_vacations`]).
fn waits(row: &GameRow) -> bool {
    row.time_control.waits_for_vacations()
}

impl Preferences<'_> {
    /// Answers `/oware vacation` for the author.
    pub(super) async fn vacation(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        request: VacationRequest,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let (player, _) = self
            .core
            .store
            .people()
            .upsert_player_named(
                platform,
                &cmd.author.id,
                &cmd.author.name,
                cmd.author.is_bot,
            )
            .await?;
        let now = self.core.now();
        let taken = self.vacation_days_taken(player, now).await?;
        let left = ALLOWANCE_DAYS.saturating_sub(taken);
        match request {
            VacationRequest::Status => {
                let [away, _] = self
                    .core
                    .store
                    .people()
                    .away_until([player, player])
                    .await?;
                let away = away.filter(|&until| until > now);
                let mut reply = Reply::private(match away {
                    Some(until) => crate::tr!(
                        lang,
                        "vacation-status-away",
                        until = when::utc_time(lang, until),
                        left = left,
                        allowance = ALLOWANCE_DAYS
                    ),
                    None => crate::tr!(
                        lang,
                        "vacation-status-here",
                        left = left,
                        allowance = ALLOWANCE_DAYS
                    ),
                });
                if let Some(until) = away {
                    reply.note_time(lang, until, now);
                }
                Ok(reply)
            }
            VacationRequest::Start { days } => {
                if days == 0 || days > ALLOWANCE_DAYS {
                    return Err(ServiceError::VacationLength(days));
                }
                if days > left {
                    return Err(ServiceError::VacationDaysLeft { asked: days, left });
                }
                let until = now.saturating_add(i64::from(days) * DAY);
                let games = self
                    .away_games(cmd, |lang, row| {
                        crate::tr!(
                            lang,
                            "vacation-started-game",
                            name = cmd.author.name.as_str(),
                            game = view::game_label(lang, row),
                            until = when::utc_time(lang, until)
                        )
                    })
                    .await?;
                let started = self
                    .core
                    .store
                    .people()
                    .start_vacation(cmd.claim(), player, &games, now, until)
                    .await?;
                if !started {
                    let [away, _] = self
                        .core
                        .store
                        .people()
                        .away_until([player, player])
                        .await?;
                    return Err(ServiceError::AlreadyOnVacation(
                        away.map(|at| when::utc_time(lang, at)).unwrap_or_default(),
                    ));
                }
                self.core.wake();
                let mut reply = Reply::private(crate::tr!(
                    lang,
                    "vacation-started",
                    until = when::utc_time(lang, until),
                    games = games.len(),
                    left = left - days
                ));
                reply.note_time(lang, until, now);
                Ok(reply)
            }
            VacationRequest::End => {
                let games = self
                    .away_games(cmd, |lang, row| {
                        crate::tr!(
                            lang,
                            "vacation-ended-game",
                            name = cmd.author.name.as_str(),
                            game = view::game_label(lang, row)
                        )
                    })
                    .await?;
                let Some(until) = self
                    .core
                    .store
                    .people()
                    .end_vacation(cmd.claim(), player, &games, now)
                    .await?
                else {
                    return Err(ServiceError::NotOnVacation);
                };
                self.core.wake();
                let given_back = u32::try_from((until - now) / DAY).unwrap_or(0);
                Ok(Reply::private(crate::tr!(
                    lang,
                    "vacation-ended",
                    games = games.len(),
                    back = given_back,
                    left = left + given_back
                )))
            }
        }
    }

    /// The days of vacation player `player` took, or has planned, over the last
    /// 365 days (a day begun counts).
    async fn vacation_days_taken(
        &self,
        player: crate::store::PlayerId,
        now: i64,
    ) -> Result<u32, ServiceError> {
        let since = now - WINDOW_MS;
        let taken: i64 = self
            .core
            .store
            .people()
            .vacations_since(player, since)
            .await?
            .iter()
            .map(|v| (v.ends_at - v.started_at.max(since) + DAY - 1) / DAY)
            .sum();
        Ok(u32::try_from(taken).unwrap_or(u32::MAX))
    }

    /// The author's active games at correspondence speed, but those whose turn
    /// they have lost on time already, each with its announcement (the text `says`
    /// of it, in the game's own language), mentioning the opponent.
    async fn away_games(
        &self,
        cmd: &Command,
        says: impl Fn(&Language, &GameRow) -> String,
    ) -> Result<Vec<AwayGame>, ServiceError> {
        let platform = cmd.place.platform;
        let rows = self
            .core
            .store
            .games()
            .active_games_of(platform, &cmd.author.id)
            .await?;
        let now = self.core.now();
        let mut games = Vec::new();
        for row in rows.iter().filter(|row| waits(row)) {
            // A turn of theirs whose deadline has passed is lost: a vacation rescues
            // none (the store leaves such a game alone too), so it is not told.
            let to_move = (row.ply % 2 == 0) == (row.south.user == cmd.author.id);
            if to_move && row.deadline_at.is_some_and(|deadline| deadline <= now) {
                continue;
            }
            let language = self
                .language_at(row.platform, row.space.as_deref().unwrap_or(&row.channel))
                .await;
            let text = says(&language, row);
            let mut reply = Reply::public(text);
            let opponent = if row.south.user == cmd.author.id {
                crate::rules::Side::North
            } else {
                crate::rules::Side::South
            };
            reply.mentions.push(view::player(row, opponent));
            games.push(AwayGame {
                game: row.id,
                message: game_message(row, &reply, None),
            });
        }
        Ok(games)
    }
}
