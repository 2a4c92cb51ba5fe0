//! Puzzles: positions with one move that stands out, from the endgame tables or
//! from real games, and their re-checking. Abapa rules only (the tables are built
//! for abapa, and a puzzle carries no variant).
//!
//! - [`from_tables`]: random positions with at most the tables' seeds on the board
//!   and realistic banked scores (48 in all, neither side at 25), where exactly one
//!   move wins and every other loses or draws, exactly by the tables. Trivial ones
//!   are skipped: the solution may not end the game at once (25 seeds) nor be the
//!   only capture on offer, so the solver has to see past the first capture.
//! - [`from_position`]: a position from a game (typically after an opponent's
//!   blunder) where a deeper search finds one move at least [`MIN_GAP`] better
//!   than every other.
//!
//! Like the tables, these values score capture-free play that would go round forever
//! as an even split of the board; the real repetition ending (each side takes its own
//! row) can differ in such lines.

use super::analysis::{best_of, exact_values, Analyser, NODES_PER_POSITION};
use super::eval::SEED;
use super::rng::Rng;
use super::tables::Tables;
use crate::rules::{Game, Pit, Position, Side, Variant, TOTAL_SEEDS, WINNING_SCORE};

/// What solving a puzzle achieves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The solution wins and every other move loses or draws (exact, from tables).
    Win,
    /// The solution ends at least this many seeds better off than any other move.
    Seeds(u8),
}

/// A position and the one move that solves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, its side to move to solve it (abapa rules, no history).
    pub position: Position,
    /// The move that solves it.
    pub solution: Pit,
    /// What the solution achieves.
    pub goal: Goal,
    /// The solution line, solution first: best play by both sides (at most
    /// [`LINE_PLIES`] plies).
    pub line: Vec<Pit>,
}

/// The smallest margin over every other move for a puzzle from a game: 3 seeds.
pub const MIN_GAP: i32 = 3 * SEED;

/// The search budget for checking a puzzle from a game: four times the analysis's.
pub const PUZZLE_NODES: u64 = 4 * NODES_PER_POSITION;

/// The longest solution line kept.
pub const LINE_PLIES: usize = 8;

/// Random positions tried per puzzle asked for before [`from_tables`] gives up
/// (tables of a handful of seeds hold few puzzles).
const ATTEMPTS_PER_PUZZLE: usize = 20_000;

/// `count` puzzles from the endgame tables (see the module docs), drawn with `rng`:
/// the same tables and seed give the same puzzles. Fewer when the tables are too
/// small to hold that many (after [`ATTEMPTS_PER_PUZZLE`] tries each).
#[must_use]
pub fn from_tables(tables: &Tables, rng: &mut Rng, count: usize) -> Vec<Puzzle> {
    let mut puzzles = Vec::with_capacity(count);
    let mut attempts = count.saturating_mul(ATTEMPTS_PER_PUZZLE);
    while puzzles.len() < count && attempts > 0 {
        attempts -= 1;
        let position = random_position(rng, tables.max_seeds());
        if let Some(puzzle) = table_puzzle(tables, position) {
            puzzles.push(puzzle);
        }
    }
    puzzles
}

/// A position with between half and all of `max_seeds` on the board, spread at
/// random, the rest banked and split at random so that neither side has 25.
fn random_position(rng: &mut Rng, max_seeds: usize) -> Position {
    let max = max_seeds.min(usize::from(TOTAL_SEEDS));
    let low = max.div_ceil(2);
    let seeds = low + (rng.next_u64() % (max - low + 1) as u64) as usize;
    let mut board = [0u8; 12];
    for _ in 0..seeds {
        board[(rng.next_u64() % 12) as usize] += 1;
    }
    // At most 48 seeds, so this fits a u8.
    let banked = TOTAL_SEEDS - seeds as u8;
    let most = WINNING_SCORE - 1;
    let (lo, hi) = (banked.saturating_sub(most), banked.min(most));
    let south = lo + (rng.next_u64() % u64::from(hi - lo + 1)) as u8;
    let side = if rng.next_u64() & 1 == 0 {
        Side::South
    } else {
        Side::North
    };
    Position::new(board, [south, banked - south], side)
        .expect("board and banked seeds add up to 48 by construction")
}

/// The puzzle at `position` if exactly one move wins by the tables (and it is not
/// trivial, see the module docs).
fn table_puzzle(tables: &Tables, position: Position) -> Option<Puzzle> {
    let moves = position.legal_moves(Variant::Abapa);
    if moves.len() < 2 {
        return None;
    }
    let values = exact_values(tables, position, Variant::Abapa)?;
    let mut winners = values.iter().filter(|&&(_, v)| v > 0);
    let (solution, _) = *winners.next()?;
    if winners.next().is_some() {
        return None;
    }
    let mover = position.to_move();
    let effect = |pit| position.play_unchecked(pit, Variant::Abapa);
    let (child, played) = effect(solution);
    let captures = moves
        .into_iter()
        .filter(|&pit| effect(pit).1.captured > 0)
        .count();
    if child.score(mover) >= WINNING_SCORE || (played.captured > 0 && captures == 1) {
        return None;
    }
    Some(Puzzle {
        position,
        solution,
        goal: Goal::Win,
        line: table_line(tables, position, solution),
    })
}

/// Best play by the tables from `position`, starting with `first`.
fn table_line(tables: &Tables, position: Position, first: Pit) -> Vec<Pit> {
    let mut game = Game::from_position(Variant::Abapa, position);
    let mut line = Vec::with_capacity(LINE_PLIES);
    let mut next = Some(first);
    while let Some(pit) = next {
        if line.len() >= LINE_PLIES || game.play(pit).is_err() {
            break;
        }
        line.push(pit);
        next = exact_values(tables, game.position(), Variant::Abapa)
            .filter(|_| !game.is_over())
            .and_then(|values| best_of(&values));
    }
    line
}

/// A puzzle from a real game: `game`'s current position (typically just after an
/// opponent's blunder) when one move beats every other by at least [`MIN_GAP`],
/// exactly by the tables when the position is within them, else by a search of
/// `nodes` nodes (deeper than the analysis: [`PUZZLE_NODES`]). The position is taken without the game's history, as a puzzle is played.
/// [`Goal::Seeds`] gives the margin in whole seeds. `None` for another variant than
/// abapa, a finished game or a position with one legal move.
#[must_use]
pub fn from_position(game: &Game, nodes: u64, tables: Option<&Tables>) -> Option<Puzzle> {
    if game.variant() != Variant::Abapa || game.legal_moves().len() < 2 {
        return None;
    }
    let position = game.position();
    let exact = tables.and_then(|t| Some((t, exact_values(t, position, Variant::Abapa)?)));
    if let Some((tables, values)) = exact {
        let solution = best_of(&values)?;
        let gap = exact_gap(&values, solution)? * SEED;
        return (gap >= MIN_GAP).then(|| Puzzle {
            position,
            solution,
            goal: seeds_goal(gap),
            line: table_line(tables, position, solution),
        });
    }
    let scored =
        Analyser::new(nodes, tables).score(&Game::from_position(Variant::Abapa, position))?;
    let gap = scored.gap()?;
    (gap >= MIN_GAP).then(|| Puzzle {
        position,
        solution: scored.best,
        goal: seeds_goal(gap),
        line: scored.line,
    })
}

/// A margin in hundredths of a seed as a goal in whole seeds (rounded down).
fn seeds_goal(gap: i32) -> Goal {
    Goal::Seeds((gap / SEED).clamp(0, i32::from(TOTAL_SEEDS)) as u8)
}

/// How much better `solution` is than the best other move (whole seeds).
fn exact_gap(values: &[(Pit, i32)], solution: Pit) -> Option<i32> {
    let best = values.iter().find(|&&(p, _)| p == solution)?.1;
    let other = values
        .iter()
        .filter(|&&(p, _)| p != solution)
        .map(|&(_, v)| v)
        .max()?;
    Some(best - other)
}

/// Re-checks a puzzle: exactly by the tables when the position is within them, else
/// by a search of `nodes` nodes (with the tables at its leaves) that must choose the
/// solution and, for [`Goal::Seeds`], find the margin again; for [`Goal::Win`] it
/// must prove the win and find no other move better than a draw.
#[must_use]
pub fn verify(p: &Puzzle, nodes: u64, tables: Option<&Tables>) -> bool {
    let moves = p.position.legal_moves(Variant::Abapa);
    if moves.len() < 2 || !moves.contains(p.solution) {
        return false;
    }
    if let Some(values) = tables.and_then(|t| exact_values(t, p.position, Variant::Abapa)) {
        let Some(gap) = exact_gap(&values, p.solution) else {
            return false;
        };
        return match p.goal {
            Goal::Win => values
                .iter()
                .all(|&(pit, v)| (pit == p.solution) == (v > 0)),
            Goal::Seeds(seeds) => gap >= i32::from(seeds),
        };
    }
    let game = Game::from_position(Variant::Abapa, p.position);
    let Some(scored) = Analyser::new(nodes, tables).score(&game) else {
        return false;
    };
    if scored.best != p.solution {
        return false;
    }
    match p.goal {
        Goal::Win => {
            scored.proves_win(p.solution)
                && scored
                    .scores
                    .iter()
                    .all(|&(pit, v)| pit == p.solution || v <= 0)
        }
        Goal::Seeds(seeds) => scored.gap().is_some_and(|g| g >= i32::from(seeds) * SEED),
    }
}

#[cfg(test)]
mod tests;
