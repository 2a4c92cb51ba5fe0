//! The check of a copied database's games: each replayed from its moves with the
//! rules core against the boards, scores, moves column and ending stored.

use indicatif::{ProgressBar, ProgressStyle};

use super::join;
use crate::rules::{Game, Pit, Variant};
use crate::service::end_as_stored;
use crate::store::{Ending, GameRow, MoveRow, Store, StoreError};

/// Replays every game of `store`, adding what differs to `problems`; returns how many
/// games were replayed.
pub(super) async fn replay_games(
    store: &Store,
    problems: &mut Vec<String>,
) -> anyhow::Result<usize> {
    let ids = store.game_ids().await?;
    let bar = ProgressBar::new(ids.len() as u64).with_style(
        ProgressStyle::with_template("{msg:>20} [{bar:30}] {pos}/{len} games")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message("replaying");
    for &id in &ids {
        let Some(row) = store.games().game(id).await? else {
            problems.push(format!("game #{id} cannot be read back with its players"));
            continue;
        };
        // A move whose stored pit is no pit cannot be read back: a problem of
        // this game, not the end of the check.
        let checked = match store.games().moves(id).await {
            Ok(moves) => check_game(&row, &moves),
            Err(StoreError::Undecodable { column, .. }) => Err(format!(
                "its moves cannot be read back: a move's `{column}` is not what that column holds \
                 (a pit letter, a number)"
            )),
            Err(other) => return Err(other.into()),
        };
        if let Err(why) = checked {
            problems.push(format!("game #{id}: {why}"));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(ids.len())
}

/// Replays a stored game with the rules core, as the service does: its moves from
/// the start position, then the ending stored without a move (resignation, timeout,
/// abort, agreement). Every move's board and scores, the game's scores and its
/// result must be the stored ones.
fn check_game(row: &GameRow, moves: &[MoveRow]) -> Result<(), String> {
    let variant: Variant = row.variant;
    if i64::try_from(moves.len()).ok() != Some(row.ply) {
        return Err(format!(
            "{} moves stored, but the game is at move {}",
            moves.len(),
            row.ply
        ));
    }
    let pits = moves
        .iter()
        .zip(1..)
        .map(|(m, ply)| {
            if m.ply == ply {
                Ok(m.pit)
            } else {
                Err(format!("move {ply} is stored as ply {}", m.ply))
            }
        })
        .collect::<Result<Vec<Pit>, String>>()?;
    if row.pits.0 != pits {
        return Err("its pits column differs from its moves".to_owned());
    }
    let mut game = Game::from_moves(variant, &pits)
        .map_err(|(i, e)| format!("move {} ({}) does not replay: {e}", i + 1, pits[i].letter()))?;
    for (ply, stored) in game.plies().iter().zip(moves) {
        let board = ply.after.board().map(i64::from);
        let scores = ply.after.scores().map(i64::from);
        let stored_board: Vec<i64> = stored
            .board_after
            .split(',')
            .map(|n| n.trim().parse().unwrap_or(-1))
            .collect();
        if stored_board != board || [stored.south_score, stored.north_score] != scores {
            return Err(format!(
                "after move {} the replay has board {} and scores {}–{}, but {} and {}–{} \
                 are stored",
                stored.ply,
                join(&board),
                scores[0],
                scores[1],
                stored.board_after,
                stored.south_score,
                stored.north_score
            ));
        }
    }
    if row.is_active() && game.is_over() {
        return Err("stored as active, but its moves end it".to_owned());
    }
    end_as_stored(row, &mut game).map_err(|e| e.to_string())?;
    let scores = game.position().scores().map(i64::from);
    if [row.south.score, row.north.score] != scores {
        return Err(format!(
            "the replay ends {}–{}, but the game is stored at {}–{}",
            scores[0], scores[1], row.south.score, row.north.score
        ));
    }
    if let (Some(outcome), Some(stored)) = (game.outcome(), row.state.ending()) {
        let replayed = Ending::from(outcome);
        if replayed != stored {
            return Err(format!(
                "the replay ends by {} with result {}, but {} with {} is stored",
                replayed.reason_column(),
                replayed.result_column().unwrap_or("none"),
                stored.reason_column(),
                stored.result_column().unwrap_or("none")
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameState;

    /// Game #1 at `ply` with the pits `Cf` (or `pits`, see [`with_pits`]).
    fn row(ply: i64, scores: [i64; 2], status: &str, reason: Option<&str>) -> GameRow {
        with_pits(row_of(ply, scores, status, reason), "Cf")
    }

    fn with_pits(mut row: GameRow, letters: &str) -> GameRow {
        row.pits = crate::store::Pits::try_from(letters.to_owned()).expect("pits");
        row
    }

    fn row_of(ply: i64, scores: [i64; 2], status: &str, reason: Option<&str>) -> GameRow {
        let mut row = GameRow {
            state: if status == "active" {
                GameState::Active
            } else {
                GameState::Over(Ending::decode(reason.map(|_| "N"), reason).expect("an ending"))
            },
            ply,
            ..GameRow::example(1)
        };
        row.south.score = scores[0];
        row.north.score = scores[1];
        row
    }

    fn stored(pits: &str) -> Vec<MoveRow> {
        let pits: Vec<Pit> = pits.chars().filter_map(Pit::from_letter).collect();
        let game = Game::from_moves(Variant::Abapa, &pits).expect("legal");
        game.plies()
            .iter()
            .zip(1..)
            .map(|(p, ply)| MoveRow {
                ply,
                player_id: crate::store::PlayerId::new(1),
                pit: p.effect.pit,
                sown: 0,
                captured: 0,
                captured_pits: String::new(),
                grand_slam: false,
                board_after: join(&p.after.board().map(i64::from)),
                south_score: i64::from(p.after.scores()[0]),
                north_score: i64::from(p.after.scores()[1]),
                played_at: 0,
            })
            .collect()
    }

    #[test]
    fn a_faithful_game_replays() {
        let moves = stored("Cf");
        assert_eq!(check_game(&row(2, [0, 0], "active", None), &moves), Ok(()));
        // South resigned after two moves: North wins, the scores stay.
        assert_eq!(
            check_game(&row(2, [0, 0], "finished", Some("resignation")), &moves),
            Ok(())
        );
    }

    #[test]
    fn a_changed_board_score_or_move_is_reported() {
        let mut moves = stored("Cf");
        moves[1].board_after = "4,4,0,5,5,5,5,4,4,4,4,0".into();
        let why = check_game(&row(2, [0, 0], "active", None), &moves).unwrap_err();
        assert!(
            why.starts_with("after move 2 the replay has board"),
            "{why}"
        );

        let moves = stored("Cf");
        let why = check_game(&row(2, [0, 3], "active", None), &moves).unwrap_err();
        assert!(why.contains("stored at 0–3"), "{why}");

        let why = check_game(&row(3, [0, 0], "active", None), &moves).unwrap_err();
        assert!(why.contains("2 moves stored"), "{why}");

        let mut moves = stored("Cf");
        moves[1].pit = Pit::from_letter('C').expect("a pit");
        let why = check_game(&row(2, [0, 0], "active", None), &moves).unwrap_err();
        assert!(why.contains("pits column differs"), "{why}");
        let stored_cc = with_pits(row(2, [0, 0], "active", None), "CC");
        let why = check_game(&stored_cc, &moves).unwrap_err();
        assert!(why.contains("move 2 (C) does not replay"), "{why}");
    }
}
