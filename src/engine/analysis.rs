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

use super::eval::{Weights, SEED};
use super::search::{Limits, Searcher, WIN};
use super::tables::Tables;
use crate::rules::{EndReason, Game, Pit, Position, Side, Variant, WINNING_SCORE};

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

/// A search that finds a move of the line the transposition table lost spends at most
/// this fraction of the position's budget.
const LINE_SEARCH_SHARE: u64 = 64;

/// No position is deepened past this many plies.
const MAX_DEPTH: u32 = 64;

/// How good a move was, by the seeds it loses against the engine's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The engine's own choice.
    Best,
    /// Within a seed of the best.
    Good,
    /// Loses one to three seeds.
    Inaccuracy,
    /// Loses three to six seeds.
    Mistake,
    /// Loses six seeds or more.
    Blunder,
}

impl Class {
    /// The name for storage and messages: `"best"`, `"good"`, `"inaccuracy"`,
    /// `"mistake"` or `"blunder"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

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

/// One position searched: every legal move valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The side to move.
    pub mover: Side,
    /// Every legal move's expected final seed difference for the mover (ascending
    /// pits, hundredths of a seed).
    pub scores: Vec<(Pit, i32)>,
    /// The engine's best move.
    pub best: Pit,
    /// The engine's line, `best` first (at most [`LINE_PLIES`]; shorter when the
    /// game ends).
    pub line: Vec<Pit>,
    /// The depth of the last completed round.
    pub depth: u32,
    /// Nodes spent on this position.
    pub nodes: u64,
    /// Whether each move's result is proven: a win or a loss found by the search
    /// (the same order as `scores`).
    proven: Vec<bool>,
}

impl Scored {
    /// The best move's value: the position's value for the mover.
    #[must_use]
    pub fn value(&self) -> i32 {
        score_in(&self.scores, self.best).unwrap_or(0)
    }

    /// What `pit` loses against the best move (`>= 0`); `None` if it is not legal.
    #[must_use]
    pub fn loss_of(&self, pit: Pit) -> Option<i32> {
        loss_in(&self.scores, self.best, pit)
    }

    /// The smallest loss of any move other than the best: how much the best move
    /// stands out. `None` with a single legal move.
    #[must_use]
    pub fn gap(&self) -> Option<i32> {
        self.scores
            .iter()
            .filter(|&&(pit, _)| pit != self.best)
            .filter_map(|&(pit, _)| self.loss_of(pit))
            .min()
    }

    /// Whether the search proved `pit` wins (a forced win within its depth).
    #[must_use]
    pub fn proves_win(&self, pit: Pit) -> bool {
        self.scores
            .iter()
            .zip(&self.proven)
            .any(|(&(p, v), &proven)| p == pit && proven && v > 0)
    }

    fn judge(self, played: Pit) -> PlyAnalysis {
        let loss = self.loss_of(played).unwrap_or(0);
        PlyAnalysis {
            mover: self.mover,
            played,
            best: self.best,
            loss,
            class: classify(loss, played == self.best),
            scores: self.scores,
            line: self.line,
            depth: self.depth,
        }
    }
}

fn score_in(scores: &[(Pit, i32)], pit: Pit) -> Option<i32> {
    scores.iter().find(|&&(p, _)| p == pit).map(|&(_, v)| v)
}

fn loss_in(scores: &[(Pit, i32)], best: Pit, pit: Pit) -> Option<i32> {
    let best = score_in(scores, best)?;
    Some((best - score_in(scores, pit)?).max(0))
}

/// A search value as an expected final seed difference: the win bonus taken off.
fn seeds_value(value: i32) -> i32 {
    if value >= WIN / 2 {
        value - WIN
    } else if value <= -WIN / 2 {
        value + WIN
    } else {
        value
    }
}

/// The exact final seed difference (mover minus opponent, banked scores included,
/// in whole seeds) each legal move of `position` leads to under perfect play, from
/// the endgame tables; `None` when the position has no legal move, more seeds than
/// the tables hold or a variant the tables were not built for. Like the tables, it
/// scores play that would go round without a capture forever as an even split.
#[must_use]
pub fn exact_values(
    tables: &Tables,
    position: Position,
    variant: Variant,
) -> Option<Vec<(Pit, i32)>> {
    tables.probe(position, variant)?;
    let moves = position.legal_moves(variant);
    if moves.is_empty() {
        return None;
    }
    let mover = position.to_move();
    moves
        .into_iter()
        .map(|pit| {
            let (child, _) = position.play_unchecked(pit, variant);
            let banked = i32::from(child.score(mover)) - i32::from(child.score(mover.opponent()));
            if child.score(mover) >= WINNING_SCORE {
                // The game ends here with the board as it stands.
                return Some((pit, banked));
            }
            let rest = tables.probe(child, variant)?;
            Some((pit, banked - i32::from(rest)))
        })
        .collect()
}

/// The move with the highest value (the lowest pit among equals).
pub(super) fn best_of(values: &[(Pit, i32)]) -> Option<Pit> {
    let mut best: Option<(Pit, i32)> = None;
    for &(pit, value) in values {
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((pit, value));
        }
    }
    best.map(|(pit, _)| pit)
}

/// Scores positions one after another with one transposition table: the analysis
/// search, also for choosing moves or checking puzzles the same way.
pub struct Analyser<'t> {
    searcher: Searcher<'t>,
    tables: Option<&'t Tables>,
    budget: u64,
}

impl<'t> Analyser<'t> {
    /// An analyser spending at most about `nodes_per_position` nodes on each
    /// position (see [`NODES_PER_POSITION`]), with the endgame tables at the leaves
    /// when given. Its transposition table grows
    /// with the budget (up to 2^20 slots, 24 MiB).
    #[must_use]
    pub fn new(nodes_per_position: u64, tables: Option<&'t Tables>) -> Analyser<'t> {
        let bits = (u64::BITS - nodes_per_position.leading_zeros()).clamp(10, 20);
        Analyser {
            searcher: Searcher::new(bits, Weights::TUNED, tables),
            tables,
            budget: nodes_per_position,
        }
    }

    /// Every legal move of `game`'s current position valued (its history counts for
    /// the repetition rule); `None` when the game is over.
    pub fn score(&mut self, game: &Game) -> Option<Scored> {
        if game.legal_moves().is_empty() {
            return None;
        }
        let mut spent = 0u64;
        let mut previous_round = 0u64;
        let mut last: Option<(u32, Vec<(Pit, i32)>)> = None;
        for depth in 1..=MAX_DEPTH {
            // The first round always completes: every move gets a value.
            let limit = if depth == 1 {
                u64::MAX
            } else {
                self.budget.saturating_sub(spent)
            };
            let round = self.searcher.score_moves_within(game, depth, limit);
            let used = self.searcher.nodes();
            spent += used;
            let Some(values) = round else { break };
            let settled = values.iter().all(|&(_, v)| v.abs() >= WIN);
            last = Some((depth, values));
            if settled {
                break;
            }
            let growth = if previous_round == 0 {
                4
            } else {
                used.div_ceil(previous_round).clamp(2, 16)
            };
            previous_round = used;
            if spent.saturating_add(used.saturating_mul(growth)) > self.budget {
                break;
            }
        }
        let (depth, values) = last?;
        // The search's own choice: the highest search value, lowest pit on ties.
        let best = best_of(&values)?;
        let proven = values.iter().map(|&(_, v)| v.abs() >= WIN).collect();
        let scores = values
            .into_iter()
            .map(|(pit, v)| (pit, seeds_value(v)))
            .collect();
        let (line, line_nodes) = self.line(game, best, depth);
        Some(Scored {
            mover: game.position().to_move(),
            scores,
            best,
            line,
            depth,
            nodes: spent + line_nodes,
            proven,
        })
    }

    /// The line from `game` starting with `first`, which was searched to `depth`:
    /// the tables' best moves once the position is in them, else the transposition
    /// table's move, else (its entry lost to a collision) a short search's. Returns the
    /// nodes those short searches took.
    fn line(&mut self, game: &Game, first: Pit, depth: u32) -> (Vec<Pit>, u64) {
        let mut game = game.clone();
        let mut line = Vec::with_capacity(LINE_PLIES);
        let mut nodes = 0;
        let mut next = Some(first);
        while let Some(pit) = next {
            if line.len() >= LINE_PLIES || game.play(pit).is_err() {
                break;
            }
            line.push(pit);
            if game.is_over() {
                break;
            }
            let position = game.position();
            let legal = game.legal_moves();
            let exact = self
                .tables
                .and_then(|t| exact_values(t, position, game.variant()));
            next = if let Some(values) = exact {
                best_of(&values)
            } else if let Some(pit) = self
                .searcher
                .table_move(position)
                .filter(|&p| legal.contains(p))
            {
                Some(pit)
            } else {
                let limits = Limits {
                    depth: depth.saturating_sub(line.len() as u32).max(1),
                    nodes: (self.budget / LINE_SEARCH_SHARE).max(256),
                    time: None,
                };
                let report = self.searcher.search(&game, limits, |_| {});
                nodes += self.searcher.nodes();
                report.map(|r| r.best)
            };
        }
        (line, nodes)
    }
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
