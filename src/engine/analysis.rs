//! Post-game analysis: every position of a game searched to a fixed node budget,
//! every legal move valued, each move played judged by the seeds it gave away.
//!
//! # Values
//! A move's value is the final seed difference the mover can expect after it (mover
//! minus opponent, banked scores included), in hundredths of a seed: the search
//! value with the bonus for a won game ([`WIN`]) taken off, so a proven result is
//! worth its exact final difference and an unfinished line its evaluation.
//!
//! # Method
//! At each position, iterative deepening over all root moves together: round `d`
//! searches every legal move with a full window to `d` plies (the move included),
//! one [`Searcher`] (and transposition table) serving the whole game. Deepening stops
//! when the nodes spent at this position plus a projection of the next round (this
//! round's nodes times its growth over the previous one) would exceed the budget, or
//! when every move's result is proven; a round that the budget cuts short anyway is
//! dropped, and the last completed round gives the values. The budget is in nodes,
//! not time, so the same game, budget and tables give the same [`Analysis`].
//!
//! The engine's best move is the one the search would play: the highest search
//! value, so a proven win beats any estimate (ties: the lowest pit). A move's loss is
//! `value(best) - value(move)`, floored at 0 (it can be negative only when the best
//! move is a proven win by a smaller margin than another move's estimate, or the
//! move a proven loss by less than the best move's estimate).

mod position;

pub(crate) use position::best_of;
pub use position::{exact_values, Analyser, Scored};

use super::eval::{Weights, SEED};
use super::tables::Tables;
use crate::rules::{EndReason, Game, Pit, Position, Side};
use position::loss_in;

/// A loss of at least this (one seed) makes a move an inaccuracy.
pub const INACCURACY: i32 = SEED;
/// A loss of at least this (three seeds) makes a move a mistake.
pub const MISTAKE: i32 = 3 * SEED;
/// A loss of at least this (six seeds) makes a move a blunder.
pub const BLUNDER: i32 = 6 * SEED;

/// The node budget per position for post-game analysis. A position spends at most
/// this (about 60% of it on average: deepening stops when the next round would not
/// fit), plus at most 8% for line moves the transposition table lost, so a 60-ply
/// game searches at most about 66 million nodes: under 30 s on one core at 2.2 M
/// nodes/s, a third of the rate `cargo bench --bench analysis` measures (see
/// `docs/engine.md`).
pub const NODES_PER_POSITION: u64 = 1_000_000;

/// The longest engine line kept per position.
pub const LINE_PLIES: usize = 6;

/// Bump when anything changes the values an analysis gives for the same budget,
/// weights and tables: the search (`search.rs`, `ordering.rs`, `tt.rs`), the
/// deepening schedule here or the accuracy and turning-point formulas.
const REVISION: u32 = 1;

pub use crate::play::review::Class;

/// The class of a move that loses `loss` hundredths of a seed against the engine's
/// best move; `played_best` when it is that move.
#[must_use]
pub const fn classify(loss: i32, played_best: bool) -> Class {
    if played_best {
        Class::Best
    } else if loss >= BLUNDER {
        Class::Blunder
    } else if loss >= MISTAKE {
        Class::Mistake
    } else if loss >= INACCURACY {
        Class::Inaccuracy
    } else {
        Class::Good
    }
}

/// One move played, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// Who played it.
    pub mover: Side,
    /// The move played.
    pub played: Pit,
    /// The engine's best move.
    pub best: Pit,
    /// Every legal move's value for the mover (ascending pits), in hundredths of a
    /// seed: the expected final seed difference, mover minus opponent, banked scores
    /// included.
    pub scores: Vec<(Pit, i32)>,
    /// What the move played loses against `best` ([`PlyAnalysis::loss_of`]).
    pub loss: i32,
    /// The move played, classified by its loss.
    pub class: Class,
    /// The engine's line from this position, `best` first (at most [`LINE_PLIES`]).
    pub line: Vec<Pit>,
    /// The depth every move was searched to (plies, the move included).
    pub depth: u32,
}

impl PlyAnalysis {
    /// What `pit` would have lost against the best move (hundredths of a seed,
    /// `>= 0`), to judge any suggested move the same way as the one played; `None`
    /// when `pit` was not a legal move here.
    #[must_use]
    pub fn loss_of(&self, pit: Pit) -> Option<i32> {
        loss_in(&self.scores, self.best, pit)
    }
}

/// A whole game, analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// One per move played, in order.
    pub plies: Vec<PlyAnalysis>,
    /// The expected final seed difference from South's point of view (hundredths of
    /// a seed) of every position, `plies.len() + 1` of them: the best move's value
    /// for a position with moves; the actual final difference for a game ended by
    /// the rules or by agreement. A resigned, timed-out, aborted or unfinished
    /// game's last position is searched like the others.
    pub graph: Vec<i32>,
    /// Accuracy per player, `[South, North]`, in `0.0..=100.0`: the mean over the
    /// player's moves that had an alternative (forced moves say nothing) of
    /// `100 * 2^(-loss / 2 seeds)`: a best move scores 100, a 2-seed loss 50, a
    /// 6-seed blunder 12.5. A player without such moves gets 100.
    pub accuracy: [f64; 2],
    /// The index into `plies` of the move after which the result was decided: the
    /// start of the last stretch of the graph that predicts the final result (the
    /// winner by the sign of the value; under a seed either way is a draw). `None`
    /// when the graph predicted the result from the first position, or never did (a
    /// side resigned a position the engine does not think lost).
    pub turning_point: Option<usize>,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// Analyses every position of `game` (finished or not: a resigned, timed-out or
/// aborted game just stops) with `nodes_per_position` nodes each (see the module
/// docs), using `tables` at the leaves when given. Reproducible: the same game,
/// budget and tables give an identical [`Analysis`]. CPU-bound for up to about
/// `nodes_per_position` nodes per position: call it from a blocking pool.
#[must_use]
pub fn analyse(game: &Game, nodes_per_position: u64, tables: Option<&Tables>) -> Analysis {
    let mut analyser = Analyser::new(nodes_per_position, tables);
    let mut replay = Game::from_position(game.variant(), game.start());
    let mut plies = Vec::with_capacity(game.plies().len());
    let mut graph = Vec::with_capacity(game.plies().len() + 1);
    let mut nodes = 0;
    for ply in game.plies() {
        let played = ply.effect.pit;
        // Each move of the game was legal in this same position (same start, variant
        // and moves), so the game was still on and the replay accepts it.
        let scored = analyser
            .score(&replay)
            .expect("a game goes on before each of its moves");
        nodes += scored.nodes;
        graph.push(south_view(scored.value(), scored.mover));
        plies.push(scored.judge(played));
        replay
            .play(played)
            .expect("a game's own move is legal on its replay");
    }
    let ended_by_rules = matches!(
        game.outcome().map(|o| o.reason),
        Some(
            EndReason::WinningScore
                | EndReason::NoLegalMove
                | EndReason::Repetition
                | EndReason::Agreement
        )
    );
    let searched = if ended_by_rules {
        None
    } else {
        analyser.score(&replay)
    };
    let last = match searched {
        Some(scored) => {
            nodes += scored.nodes;
            south_view(scored.value(), scored.mover)
        }
        None => final_difference(game.position()),
    };
    graph.push(last);
    let result = match game.outcome() {
        Some(o) if o.reason != EndReason::Aborted => o.winner,
        _ => verdict(last),
    };
    Analysis {
        accuracy: accuracy(&plies),
        turning_point: turning_point(&graph, result),
        plies,
        graph,
        nodes,
    }
}

/// A value for `mover` seen from South.
fn south_view(value: i32, mover: Side) -> i32 {
    match mover {
        Side::South => value,
        Side::North => -value,
    }
}

/// South's banked score minus North's, in hundredths of a seed.
fn final_difference(position: Position) -> i32 {
    let [south, north] = position.scores();
    (i32::from(south) - i32::from(north)) * SEED
}

/// The winner a South-view value predicts; under a seed either way is a draw.
fn verdict(value: i32) -> Option<Side> {
    if value >= SEED {
        Some(Side::South)
    } else if value <= -SEED {
        Some(Side::North)
    } else {
        None
    }
}

fn accuracy(plies: &[PlyAnalysis]) -> [f64; 2] {
    let mut sum = [0.0f64; 2];
    let mut count = [0u32; 2];
    for ply in plies.iter().filter(|p| p.scores.len() > 1) {
        let side = ply.mover.index();
        sum[side] += 100.0 * (-f64::from(ply.loss) / f64::from(2 * SEED)).exp2();
        count[side] += 1;
    }
    [0, 1].map(|side| {
        if count[side] == 0 {
            100.0
        } else {
            sum[side] / f64::from(count[side])
        }
    })
}

/// The index of the move that starts the graph's last stretch predicting `result`.
fn turning_point(graph: &[i32], result: Option<Side>) -> Option<usize> {
    let from = graph
        .iter()
        .rposition(|&v| verdict(v) != result)
        .map_or(0, |i| i + 1);
    // Position `from` is reached by move `from - 1`.
    (from > 0 && from < graph.len()).then(|| from - 1)
}

/// Names the analysis an engine gives: the revision of the method, the evaluation
/// weights, the node budget and the tables' size. Stored analyses made under another
/// version are out of date.
#[must_use]
pub fn version(nodes_per_position: u64, tables: Option<&Tables>) -> String {
    let w = Weights::TUNED;
    format!(
        "analysis-r{REVISION} weights-{}/{}/{}/{}/{} nodes-{nodes_per_position} tables-{}",
        w.mobility,
        w.vulnerable,
        w.reach,
        w.kroo,
        w.row_seeds,
        tables.map_or(0, Tables::max_seeds)
    )
}

#[cfg(test)]
mod tests;
