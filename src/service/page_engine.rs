//! The engine's view of a position shown on a game's page, asked for by a visitor
//! (the study board's "Ask the engine"): one short search on a slot of the web's
//! own, taken at once or not at all, so a crowd of visitors never delays the
//! engine's moves in games.

use crate::engine::analysis::Analyser;
use crate::rules::{Game, Pit, Side};
use crate::service::cases::Pages;

use super::ServiceError;

/// Nodes one page's search spends: about a fifth of a second on this project's
/// machine, a fifth of what the review spends on each position.
pub const PAGE_EVALUATION_NODES: u64 = 200_000;

/// What the engine thinks of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageEvaluation {
    /// The side to move.
    pub mover: Side,
    /// The expected final seed difference for South, in hundredths of a seed
    /// (banked seeds included): positive when South stands better.
    pub south_value: i32,
    /// The best move found.
    pub best: Pit,
    /// The engine's line, `best` first.
    pub line: Vec<Pit>,
    /// The depth searched (plies).
    pub depth: u32,
}

impl Pages<'_> {
    /// The engine's view of `game`'s position (its history counts for the
    /// repetition rule); `None` when the game is over there.
    ///
    /// # Errors
    /// [`ServiceError::EngineBusy`] when the web's engine slot is taken (the
    /// visitor tries again in a moment); a failed search thread.
    pub(super) async fn evaluate(
        &self,
        game: Game,
    ) -> Result<Option<PageEvaluation>, ServiceError> {
        if game.to_move().is_none() || game.legal_moves().is_empty() {
            return Ok(None);
        }
        let Ok(permit) = std::sync::Arc::clone(&self.core.web_engine_slots).try_acquire_owned()
        else {
            metrics::counter!("oware_web_refused_total", "why" => "engine").increment(1);
            return Err(ServiceError::EngineBusy);
        };
        let tables = self.core.engine.tables();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let scored = Analyser::new(PAGE_EVALUATION_NODES, tables.as_deref()).score(&game)?;
            let value = scored.value();
            Some(PageEvaluation {
                mover: scored.mover,
                south_value: if scored.mover == Side::South {
                    value
                } else {
                    -value
                },
                best: scored.best,
                line: scored.line,
                depth: scored.depth,
            })
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::service::{Service, ServiceConfig};
    use crate::store::Store;

    async fn service() -> (Service, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = Store::open(&url).await.expect("opens");
        (Service::new(store, ServiceConfig::default()), dir)
    }

    #[tokio::test]
    async fn a_position_is_valued_with_a_legal_best_move_and_an_ended_one_is_not() {
        let (service, _dir) = service().await;
        let pages = Pages::new(&service.core);
        let game = Game::new(Variant::Abapa);
        let seen = pages
            .evaluate(game.clone())
            .await
            .expect("a search")
            .expect("the start has moves");
        assert_eq!(seen.mover, Side::South);
        assert!(game.legal_moves().contains(seen.best), "{seen:?}");
        assert_eq!(seen.line.first(), Some(&seen.best));
        assert!(seen.depth >= 1);
        // The start is about even: well under 5 seeds either way.
        assert!(seen.south_value.abs() < 500, "{seen:?}");
        let mut over = game;
        over.resign(Side::North).expect("a game on may be resigned");
        assert_eq!(pages.evaluate(over).await.expect("no search"), None);
    }

    #[tokio::test]
    async fn a_second_visitor_is_told_to_wait_while_the_slot_is_taken() {
        let (service, _dir) = service().await;
        let pages = Pages::new(&service.core);
        let held = std::sync::Arc::clone(&service.core.web_engine_slots)
            .try_acquire_owned()
            .expect("the slot is free");
        assert!(matches!(
            pages.evaluate(Game::new(Variant::Abapa)).await,
            Err(ServiceError::EngineBusy)
        ));
        // The chat's engine keeps its own slots.
        assert!(!service.core.engine_slots.all_busy());
        drop(held);
        assert!(pages.evaluate(Game::new(Variant::Abapa)).await.is_ok());
    }
}
