//! Texel-style tuning of the evaluation weights: positions from self-play at a
//! fixed depth, each labelled with the game's result for the side to move, and the
//! weights fitted so that a logistic curve of the evaluation predicts those results
//! (least squares, as in Texel's method). `oware-bot tune` runs it; `docs/engine.md`
//! holds the data set and the fit that gave [`Weights::TUNED`].
//!
//! Only quiet positions are kept (the side to move has no capture: the evaluation
//! is not meant to see a capture coming) and only those with more seeds on the board
//! than the endgame tables cover, since the hard level never evaluates the others.

use super::eval::{Terms, Weights};
use super::rng::Rng;
use super::search::{Limits, Searcher};
use super::tables::Tables;
use crate::rules::{Game, Side, Variant};

/// How the self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    /// The search depth of every move after the opening.
    pub depth: u32,
    /// Random moves at the start of each game.
    pub random_plies: u32,
    /// The seed of the random openings: game `i` uses `seed` and `i`.
    pub seed: u64,
    /// A game still going after this many plies ends by agreement.
    pub max_plies: usize,
    /// The weights the players evaluate with.
    pub weights: Weights,
}

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The evaluation's terms for the side to move.
    pub terms: Terms,
    /// The game's result for the side to move: 2 a win, 1 a draw, 0 a loss.
    pub result: u8,
    /// Seeds on the board.
    pub seeds: u8,
}

impl Sample {
    /// The result as a score: 1, ½ or 0.
    #[must_use]
    pub fn score(&self) -> f64 {
        f64::from(self.result) / 2.0
    }
}

/// Plays self-play game number `index` and returns its labelled quiet positions.
/// Node- and depth-limited: the same settings and index give the same samples on
/// any machine and in any order, so games can be played on several threads.
#[must_use]
pub fn play_game(index: u64, settings: &PlaySettings, tables: Option<&Tables>) -> Vec<Sample> {
    let mut rng = Rng::new(settings.seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut game = Game::new(Variant::Abapa);
    for _ in 0..settings.random_plies {
        let legal: Vec<_> = game.legal_moves().into_iter().collect();
        if legal.is_empty() {
            break;
        }
        let pick = (rng.next_u64() % legal.len() as u64) as usize;
        game.play(legal[pick]).expect("a legal move");
    }
    let mut searcher = Searcher::new(16, settings.weights, tables);
    let covered = tables.map_or(0, Tables::max_seeds);
    let mut kept: Vec<(Side, Terms, u8)> = Vec::new();
    while !game.is_over() {
        if game.plies().len() >= settings.max_plies {
            game.end_by_agreement().expect("the game is not over");
            break;
        }
        let position = game.position();
        let on_board: u8 = position.board().iter().sum();
        if usize::from(on_board) > covered && is_quiet(&game) {
            kept.push((position.to_move(), Terms::of(position), on_board));
        }
        let Some(report) = searcher.search(&game, Limits::depth(settings.depth), |_| {}) else {
            break;
        };
        game.play(report.best)
            .expect("the search plays legal moves");
    }
    let winner = game.outcome().and_then(|o| o.winner);
    kept.into_iter()
        .map(|(mover, terms, seeds)| Sample {
            terms,
            seeds,
            result: match winner {
                Some(w) if w == mover => 2,
                Some(_) => 0,
                None => 1,
            },
        })
        .collect()
}

/// Whether no legal move of `game`'s position captures.
fn is_quiet(game: &Game) -> bool {
    let position = game.position();
    game.legal_moves()
        .into_iter()
        .all(|pit| position.play_unchecked(pit, game.variant()).1.captured == 0)
}

/// The result of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The logistic scale: a position valued `v` seeds scores `1 / (1 + e^(-k v))`.
    pub k: f64,
    /// Mean squared error of the starting weights.
    pub before: f64,
    /// Mean squared error of the fitted weights.
    pub after: f64,
    /// The fitted weights, rounded to whole hundredths of a seed.
    pub weights: Weights,
}

/// The mean squared error of predicting each sample's score by a logistic curve of
/// its evaluation under `weights` (fractional hundredths allowed), scaled by `k`.
#[must_use]
pub fn error(samples: &[Sample], weights: &[f64; 5], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let d = predict(s, weights, k) - s.score();
            d * d
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn value(s: &Sample, w: &[f64; 5]) -> f64 {
    let t = s.terms.positional();
    f64::from(s.terms.material)
        + t.iter()
            .zip(w)
            .map(|(&t, &w)| f64::from(t) * w / 100.0)
            .sum::<f64>()
}

fn predict(s: &Sample, w: &[f64; 5], k: f64) -> f64 {
    1.0 / (1.0 + (-k * value(s, w)).exp())
}

/// Fits the weights to `samples`, starting from `start`: first the scale `k` that
/// best fits the starting weights (golden-section search), then `k` and the weights
/// together by gradient descent (Adam) on the mean squared error, for `steps` steps
/// (one seed of material stays worth 100). Calls `progress` after each step.
/// Deterministic.
#[must_use]
pub fn fit(samples: &[Sample], start: Weights, steps: u32, mut progress: impl FnMut(u32)) -> Fit {
    let start_w = start.as_array().map(f64::from);
    let mut k = best_scale(samples, &start_w);
    let before = error(samples, &start_w, k);
    let mut w = start_w;
    // Parameters: the five weights, then k; Adam's moments for each.
    let (mut m, mut v) = ([0.0f64; 6], [0.0f64; 6]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let rates = [0.5, 0.5, 0.5, 0.5, 0.5, 0.005];
    let n = samples.len().max(1) as f64;
    for step in 1..=steps {
        let mut grad = [0.0f64; 6];
        for s in samples {
            let p = predict(s, &w, k);
            let common = 2.0 * (p - s.score()) * p * (1.0 - p);
            for (g, &t) in grad.iter_mut().zip(&s.terms.positional()) {
                *g += common * k * f64::from(t) / 100.0;
            }
            grad[5] += common * value(s, &w);
        }
        let correction1 = 1.0 - beta1.powi(step as i32);
        let correction2 = 1.0 - beta2.powi(step as i32);
        for i in 0..6 {
            let g = grad[i] / n;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let delta = rates[i] * (m[i] / correction1) / ((v[i] / correction2).sqrt() + 1e-12);
            if i < 5 {
                w[i] -= delta;
            } else {
                k = (k - delta).max(0.001);
            }
        }
        progress(step);
    }
    let rounded = w.map(|x| x.round() as i32);
    Fit {
        k,
        before,
        after: error(samples, &rounded.map(f64::from), k),
        weights: Weights::from_array(rounded),
    }
}

/// The `k` in `[0.01, 5]` that minimises the error with weights `w`.
fn best_scale(samples: &[Sample], w: &[f64; 5]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.01f64, 5.0f64);
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests;
