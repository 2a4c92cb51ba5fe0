//! The engine's review in the form the store keeps ([`StoredReview`]).

use crate::{
    engine::analysis::Analysis,
    rules::Pit,
    store::{StoredPly, StoredReview},
};

/// The engine's review in storable form.
pub(crate) fn stored(a: &Analysis) -> StoredReview {
    StoredReview {
        plies: a
            .plies
            .iter()
            .map(|p| StoredPly {
                played: p.played.letter(),
                best: p.best.letter(),
                loss: p.loss,
                class: p.class,
                line: letters(&p.line),
                scores: p.scores.iter().map(|&(pit, v)| (pit.letter(), v)).collect(),
            })
            .collect(),
        graph: a.graph.clone(),
        accuracy: a.accuracy,
        turning_point: a.turning_point,
    }
}

fn letters(line: &[Pit]) -> String {
    line.iter()
        .map(|p| p.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
