//! Starting again: `/oware rematch` (the same players and options, sides swapped)
//! and `/oware reissue` (an expired challenge made again).

use crate::rules::Side;
use crate::service::cases::Challenges;
use crate::service::cases::Games;
use crate::service::{view, ChallengeOptions, Command, First, GameRef, Level, Reply, ServiceError};
use crate::store::{ChallengeStatus, GameRow};

impl Challenges<'_> {
    pub(in crate::service) async fn rematch(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
    ) -> Result<Reply, ServiceError> {
        let row = match game {
            Some(_) => {
                Games::new(self.core)
                    .find_game(lang, cmd, game, false)
                    .await?
            }
            None => self
                .core
                .store
                .games()
                .latest_game_in_channel(
                    cmd.place.platform,
                    cmd.place.space.as_deref(),
                    &cmd.place.channel,
                    Some(&cmd.author.id),
                )
                .await?
                .ok_or_else(|| ServiceError::NoRematch(crate::tr!(lang, "lifecycle-no-rematch")))?,
        };
        let Some(side) = view::side_of(&row, &cmd.author.id) else {
            return Err(ServiceError::NoRematch(crate::tr!(
                lang,
                "lifecycle-rematch-not-player",
                south = row.south.name,
                north = row.north.name,
                game = row.id
            )));
        };
        if row.is_active() {
            return Err(ServiceError::NoRematch(crate::tr!(
                lang,
                "lifecycle-rematch-active",
                game = row.id
            )));
        }
        let opponent = view::player(&row, side.opponent());
        let options = rematch_options(&row, side, self.engine_level_of(&row).await?)?;
        Challenges::new(self.core)
            .play(lang, cmd, Some(&opponent), &options)
            .await
    }

    pub(in crate::service) async fn reissue(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        challenge: crate::store::ChallengeId,
    ) -> Result<Reply, ServiceError> {
        let Some(c) = self
            .core
            .store
            .challenges()
            .challenge(challenge)
            .await?
            .filter(|c| {
                cmd.place.holds(c.platform, c.space.as_deref(), &c.channel) && c.level.is_none()
            })
        else {
            return Err(ServiceError::NoChallenge(crate::tr!(
                lang,
                "lifecycle-reissue-none",
                challenge = challenge
            )));
        };
        if c.challenger_user != cmd.author.id {
            return Err(ServiceError::NotYourChallenge(crate::tr!(
                lang,
                "lifecycle-reissue-not-yours",
                challenger = c.challenger_name,
                challenge = challenge
            )));
        }
        // Only a challenge that came to nothing is made again: an accepted one has
        // its game (and `/oware rematch` after it), a pending one its answer to come.
        let refused = match c.status {
            ChallengeStatus::Expired | ChallengeStatus::Cancelled => None,
            ChallengeStatus::Pending => Some(crate::tr!(
                lang,
                "lifecycle-reissue-pending",
                challenge = challenge,
                opponent = view::challenged(lang, &c)
            )),
            ChallengeStatus::Accepted => Some(crate::tr!(
                lang,
                "lifecycle-reissue-accepted",
                challenge = challenge,
                game = c.game_id.map_or(0, crate::store::GameId::get)
            )),
            ChallengeStatus::Declined => Some(crate::tr!(
                lang,
                "lifecycle-reissue-declined",
                challenge = challenge,
                opponent = view::challenged(lang, &c)
            )),
        };
        if let Some(refusal) = refused {
            return Err(ServiceError::NoChallenge(refusal));
        }
        let options = ChallengeOptions {
            first: c.first,
            rated: Some(c.rated),
            variant: c.variant,
            advice: Some(c.advice),
            level: None,
            time: Some(c.time_control),
            reminders: Some(c.reminders),
        };
        // An open challenge is made open again.
        let opponent = c.opponent.0.map(|invitee| super::User {
            id: invitee.user,
            name: invitee.name,
            is_bot: false,
        });
        Challenges::new(self.core)
            .play(lang, cmd, opponent.as_ref(), &options)
            .await
    }

    /// The engine level of a game against the bot.
    async fn engine_level_of(&self, row: &GameRow) -> Result<Option<Level>, ServiceError> {
        Ok(self.core.store.games().engine_level(row.id).await?)
    }
}

/// The options of a rematch of `row` asked for by the player of `side`: the same
/// rules, rating, advice, clock and level, with the sides swapped.
fn rematch_options(
    row: &GameRow,
    side: Side,
    level: Option<Level>,
) -> Result<ChallengeOptions, ServiceError> {
    let engine = row.south.bot || row.north.bot;
    Ok(ChallengeOptions {
        // The asker played North: now they play South and move first.
        first: if side == Side::North {
            First::Challenger
        } else {
            First::Opponent
        },
        rated: (!engine).then_some(row.rated),
        variant: row.variant,
        advice: Some(row.advice),
        level,
        time: (!engine).then_some(row.time_control),
        reminders: Some(row.reminders),
    })
}
