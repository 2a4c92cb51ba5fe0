//! A game's pending request, decoded once from its `proposal` and `proposed_by`
//! columns (and written back by [`Store::propose`]).

use crate::store::words::game_active;
use crate::store::GameStore;
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::{now_ms, Claim, NewMessage, StoreError};
use crate::play::proposal::{Proposal, Request};
use crate::rules::Side;

/// The request pending in a game, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending(pub Option<Proposal>);

impl<'r> FromRow<'r, AnyRow> for Pending {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<Pending> {
        let request: Option<String> = row.try_get("proposal")?;
        let by: Option<Side> = row.try_get("proposed_by")?;
        let decode_error = |message: String| sqlx::Error::ColumnDecode {
            index: "proposal".to_owned(),
            source: message.into(),
        };
        match (request, by) {
            (None, None) => Ok(Pending(None)),
            (Some(request), Some(by)) => Ok(Pending(Some(Proposal {
                request: request.parse().map_err(decode_error)?,
                by,
            }))),
            (request, by) => Err(decode_error(format!(
                "proposal {request:?} by {:?}",
                by.map(Side::letter)
            ))),
        }
    }
}

impl GameStore<'_> {
    /// Records `proposal` as the game's pending request (replacing any other), or
    /// clears it (`None`: declined or withdrawn), if the game is still active at
    /// `version`, and queues `announce` (the change told in the game's place, for a
    /// request no adapter answers) with it. The turn goes on: its deadline and
    /// reminders still stand.
    ///
    /// # Errors
    /// Database failures.
    pub async fn propose(
        self,
        claim: Claim<'_>,
        game_id: crate::store::GameId,
        version: i64,
        proposal: Option<Proposal>,
        announce: Option<&NewMessage>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.store.write(claim).await?;
        let updated = sqlx::query(concat!(
            "UPDATE games SET version = version + 1, proposal = $1, proposed_by = $2,
                 updated_at = $3
             WHERE id = $4 AND version = $5 AND status = '",
            game_active!(),
            "'"
        ))
        .bind(proposal.map(|p| Request::as_str(p.request)))
        .bind(proposal.map(|p| p.by.letter().to_string()))
        .bind(now_ms())
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query("UPDATE jobs SET game_version = $1 WHERE game_id = $2 AND game_version = $3")
            .bind(version + 1)
            .bind(game_id)
            .bind(version)
            .execute(&mut *tx)
            .await?;
        if updated == 1 {
            if let Some(message) = announce {
                super::outbox::insert(&mut tx, message, Some(game_id), now_ms()).await?;
            }
        }
        tx.commit().await?;
        Ok(updated == 1)
    }
}
