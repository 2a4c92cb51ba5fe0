//! A player's recent games (`/oware history`, `/oware stats history:`), newest first,
//! with how each ended.

use super::{view, when, Command, Reply, ServiceError, User};
use crate::rules::{EndReason, Side};
use crate::service::cases::Records;

/// Games listed by `history`.
const HISTORY_SIZE: i64 = 10;

impl Records<'_> {
    pub(super) async fn history(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        user: Option<&User>,
    ) -> Result<Reply, ServiceError> {
        let (identity, name) = self.identity(lang, cmd, user).await?;
        // One's own games from anywhere; someone else's only those played here.
        let mine = user.is_none_or(|u| u.id == cmd.author.id);
        let recent = self
            .core
            .store
            .games()
            .recent_games(identity, if mine { HISTORY_SIZE } else { 5 * HISTORY_SIZE })
            .await?;
        let played_elsewhere = !recent.is_empty();
        let games: Vec<_> = recent
            .into_iter()
            .filter(|row| {
                mine || cmd
                    .place
                    .holds(row.platform, row.space.as_deref(), &row.channel)
            })
            .take(usize::try_from(HISTORY_SIZE).unwrap_or(10))
            .collect();
        if games.is_empty() && played_elsewhere {
            return Err(ServiceError::NoGamesHere(name));
        }
        if games.is_empty() {
            return Err(ServiceError::NeverPlayed(if user.is_none() {
                crate::tr!(lang, "standings-you-have")
            } else {
                crate::tr!(lang, "standings-name-has", name = name)
            }));
        }
        let mut text = crate::tr!(lang, "standings-history", name = name);
        for row in &games {
            let side = if row.south.identity == identity {
                Side::South
            } else {
                Side::North
            };
            let (mine, theirs) = (row.seat(side).score, row.seat(side.opponent()).score);
            let ending = row.state.ending();
            let result = match ending {
                None => crate::tr!(lang, "standings-in-progress", ply = row.ply),
                Some(e) if e.reason == EndReason::Aborted => crate::tr!(lang, "standings-aborted"),
                // Ended by resignation, time or an admin: say how, not a score that
                // decided nothing.
                Some(e) => match (
                    e.winner.map(|w| w == side),
                    view::decided_by(lang, e.reason),
                ) {
                    (None, Some(by)) => crate::tr!(lang, "standings-drew-by", by = by),
                    (Some(true), Some(by)) => crate::tr!(lang, "standings-won-by", by = by),
                    (Some(false), Some(by)) => crate::tr!(lang, "standings-lost-by", by = by),
                    (None, None) => {
                        crate::tr!(lang, "standings-drew", mine = mine, theirs = theirs)
                    }
                    (Some(true), None) => {
                        crate::tr!(lang, "standings-won", mine = mine, theirs = theirs)
                    }
                    (Some(false), None) => {
                        crate::tr!(lang, "standings-lost", mine = mine, theirs = theirs)
                    }
                },
            };
            let reason = match ending.map(|e| e.reason) {
                Some(EndReason::Agreement) => Some(crate::tr!(lang, "standings-by-agreement")),
                _ => None,
            };
            let (game, opponent, date) = (
                row.id,
                row.name(side.opponent()),
                when::day(lang, row.created_at),
            );
            let (side, rated) = (
                view::side_name(lang, side),
                view::rated_word(lang, view::counts_as_rated(row)),
            );
            text.push('\n');
            text.push_str(&match reason {
                Some(reason) => crate::tr!(
                    lang,
                    "standings-history-line-reason",
                    game = game,
                    opponent = opponent,
                    side = side,
                    rated = rated,
                    date = date,
                    result = result,
                    reason = reason
                ),
                None => crate::tr!(
                    lang,
                    "standings-history-line",
                    game = game,
                    opponent = opponent,
                    side = side,
                    rated = rated,
                    date = date,
                    result = result
                ),
            });
        }
        text.push('\n');
        text.push_str(&crate::tr!(lang, "standings-replay-hint"));
        Ok(Reply::public(text))
    }
}
