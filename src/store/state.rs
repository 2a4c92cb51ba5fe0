//! A game's state as domain values, decoded once from its `status`, `result` and
//! `reason` columns (and encoded back for the writes that end a game): the service
//! never reads those strings.

use crate::store::words::{game_active, game_finished};
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use crate::rules::{EndReason, Outcome, Side};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Being played.
    Active,
    /// Over: why, and who won.
    Over(Ending),
}

impl GameState {
    /// How the game ended, if it is over.
    #[must_use]
    pub fn ending(self) -> Option<Ending> {
        match self {
            GameState::Active => None,
            GameState::Over(ending) => Some(ending),
        }
    }
}

/// How a game ended: why (with the side that resigned, ran out of time or was
/// decided for), and the winner (`None` for a draw, or an aborted game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Why it ended.
    pub reason: EndReason,
    /// The winner, or `None` for a draw or an aborted game.
    pub winner: Option<Side>,
}

impl From<Outcome> for Ending {
    fn from(outcome: Outcome) -> Ending {
        Ending {
            reason: outcome.reason,
            winner: outcome.winner,
        }
    }
}

impl Ending {
    /// An aborted game: no result.
    pub const ABORTED: Ending = Ending {
        reason: EndReason::Aborted,
        winner: None,
    };

    /// The `result` column: `S`, `N` or `draw`; `NULL` for an aborted game.
    #[must_use]
    pub fn result_column(self) -> Option<&'static str> {
        if self.reason == EndReason::Aborted {
            return None;
        }
        Some(match self.winner {
            Some(Side::South) => "S",
            Some(Side::North) => "N",
            None => "draw",
        })
    }

    /// The `reason` column.
    #[must_use]
    pub fn reason_column(self) -> &'static str {
        self.reason.as_str()
    }

    /// Decodes the `result` and `reason` columns of a finished game.
    ///
    /// # Errors
    /// A value this version never writes, named.
    pub fn decode(result: Option<&str>, reason: Option<&str>) -> Result<Ending, String> {
        let winner = match result {
            Some("S") => Some(Side::South),
            Some("N") => Some(Side::North),
            Some("draw") | None => None,
            Some(other) => return Err(format!("result `{other}`")),
        };
        // The side a resignation or a timeout names is the loser.
        let loser = || {
            winner
                .map(Side::opponent)
                .ok_or_else(|| format!("reason `{}` without a winner", reason.unwrap_or("")))
        };
        let reason = match reason {
            Some("score_25") => EndReason::WinningScore,
            Some("no_feeding_move") => EndReason::NoLegalMove,
            Some("repetition") => EndReason::Repetition,
            Some("agreement") => EndReason::Agreement,
            Some("draw_agreed") if winner.is_none() => EndReason::DrawAgreed,
            Some("resignation") => EndReason::Resignation(loser()?),
            Some("timeout") => EndReason::Timeout(loser()?),
            Some("aborted") => EndReason::Aborted,
            Some("adjudicated") => EndReason::Adjudicated(winner),
            other => return Err(format!("reason `{}`", other.unwrap_or("NULL"))),
        };
        Ok(Ending { reason, winner })
    }
}

impl<'r> FromRow<'r, AnyRow> for GameState {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<GameState> {
        let status: String = row.try_get("status")?;
        let decode_error = |index: &str, message: String| sqlx::Error::ColumnDecode {
            index: index.to_owned(),
            source: message.into(),
        };
        match status.as_str() {
            game_active!() => Ok(GameState::Active),
            game_finished!() => {
                let result: Option<String> = row.try_get("result")?;
                let reason: Option<String> = row.try_get("reason")?;
                Ending::decode(result.as_deref(), reason.as_deref())
                    .map(GameState::Over)
                    .map_err(|e| decode_error("reason", e))
            }
            other => Err(decode_error("status", format!("status `{other}`"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_round_trips_through_its_columns() {
        let sides = [Some(Side::South), Some(Side::North), None];
        let mut endings = vec![Ending::ABORTED];
        for winner in sides {
            for reason in [
                EndReason::WinningScore,
                EndReason::NoLegalMove,
                EndReason::Repetition,
                EndReason::Agreement,
                EndReason::Adjudicated(winner),
            ] {
                endings.push(Ending { reason, winner });
            }
        }
        for side in [Side::South, Side::North] {
            let winner = Some(side.opponent());
            endings.push(Ending {
                reason: EndReason::Resignation(side),
                winner,
            });
            endings.push(Ending {
                reason: EndReason::Timeout(side),
                winner,
            });
        }
        endings.push(Ending {
            reason: EndReason::DrawAgreed,
            winner: None,
        });
        for ending in endings {
            let decoded = Ending::decode(ending.result_column(), Some(ending.reason_column()));
            assert_eq!(decoded, Ok(ending));
        }
    }

    #[test]
    fn values_this_version_never_writes_are_errors_not_guesses() {
        assert!(Ending::decode(Some("X"), Some("agreement")).is_err());
        assert!(Ending::decode(Some("S"), Some("bored")).is_err());
        assert!(Ending::decode(Some("S"), None).is_err());
        assert!(Ending::decode(Some("draw"), Some("resignation")).is_err());
        assert!(Ending::decode(Some("S"), Some("draw_agreed")).is_err());
    }
}
