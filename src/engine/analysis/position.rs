//! One position valued: every legal move searched together by iterative deepening
//! within a node budget ([`Analyser`]), or valued exactly by the endgame tables
//! ([`exact_values`]), with the engine's line read from the transposition table.

use super::{classify, PlyAnalysis, LINE_PLIES};
use crate::engine::eval::Weights;
use crate::engine::search::{Limits, Searcher, WIN};
use crate::engine::tables::Tables;
use crate::rules::{Game, Pit, Position, Side, Variant, WINNING_SCORE};

/// A search that finds a move of the line the transposition table lost spends at most
/// this fraction of the position's budget.
const LINE_SEARCH_SHARE: u64 = 64;

/// No position is deepened past this many plies.
const MAX_DEPTH: u32 = 64;

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

    pub(super) fn judge(self, played: Pit) -> PlyAnalysis {
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

pub(super) fn loss_in(scores: &[(Pit, i32)], best: Pit, pit: Pit) -> Option<i32> {
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
pub(crate) fn best_of(values: &[(Pit, i32)]) -> Option<Pit> {
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
