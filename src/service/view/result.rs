//! How a finished game reads: its result line, its short summary and why it ended.

use crate::{
    rules::{EndReason, Game, Outcome},
    store::GameRow,
};

/// `Alice 7 – Bob 3`.
pub(in crate::service) fn score_line(row: &GameRow, scores: [u8; 2]) -> String {
    format!(
        "{} {} – {} {}",
        row.south.name, scores[0], row.north.name, scores[1]
    )
}

/// How a game was decided when the seeds did not decide it: won `by resignation`,
/// `on time` or `by an admin's decision`, drawn `by agreement` (the seeds as they
/// stood then mean nothing).
pub(in crate::service) fn decided_by(
    lang: &crate::i18n::Language,
    reason: EndReason,
) -> Option<String> {
    match reason {
        EndReason::Resignation(_) => Some(crate::tr!(lang, "view-by-resignation")),
        EndReason::Timeout(_) => Some(crate::tr!(lang, "view-by-timeout")),
        EndReason::Adjudicated(_) => Some(crate::tr!(lang, "view-by-admin")),
        EndReason::DrawAgreed => Some(crate::tr!(lang, "view-by-agreement")),
        _ => None,
    }
}

/// The result an ending not yet played would give: `**bob** would win 28–20`, or
/// `it would be a draw, 24–24` (a proposed end, a repeating move).
pub(in crate::service) fn would_give(
    lang: &crate::i18n::Language,
    row: &GameRow,
    outcome: Outcome,
) -> String {
    match outcome.winner {
        Some(winner) => crate::tr!(
            lang,
            "conclude-would-win",
            winner = row.name(winner),
            won = outcome.scores[winner.index()],
            lost = outcome.scores[winner.opponent().index()]
        ),
        None => crate::tr!(
            lang,
            "conclude-would-draw",
            south = outcome.scores[0],
            north = outcome.scores[1]
        ),
    }
}

/// Why a game ended, in words.
fn reason_text(lang: &crate::i18n::Language, reason: EndReason) -> String {
    match reason {
        EndReason::WinningScore => crate::tr!(lang, "view-reason-winning-score"),
        EndReason::NoLegalMove => crate::tr!(lang, "view-reason-no-legal-move"),
        EndReason::Repetition => crate::tr!(lang, "view-reason-repetition"),
        EndReason::Agreement => crate::tr!(lang, "view-reason-agreement"),
        EndReason::DrawAgreed => crate::tr!(lang, "view-reason-draw-agreed"),
        EndReason::Resignation(_) => crate::tr!(lang, "view-reason-resignation"),
        EndReason::Timeout(_) => crate::tr!(lang, "view-reason-timeout"),
        EndReason::Aborted => crate::tr!(lang, "view-reason-aborted"),
        EndReason::Adjudicated(_) => crate::tr!(lang, "view-reason-adjudicated"),
    }
}

/// `**Alice** wins 25–12 (Alice 25 – Bob 12; 25 seeds reached).`
pub(in crate::service) fn result_line(
    lang: &crate::i18n::Language,
    row: &GameRow,
    outcome: Outcome,
) -> String {
    let scores = outcome.scores;
    if outcome.reason == EndReason::Aborted {
        return crate::tr!(lang, "view-result-aborted");
    }
    let head = match (outcome.winner, decided_by(lang, outcome.reason)) {
        // Won without the seeds deciding: say how, not a score that decided nothing.
        (Some(side), Some(by)) => {
            return crate::tr!(lang, "view-result-won-by", name = row.name(side), by = by)
        }
        (Some(side), None) => crate::tr!(
            lang,
            "view-result-head-win",
            name = row.name(side),
            won = scores[side.index()],
            lost = scores[side.opponent().index()]
        ),
        (None, Some(by)) => return crate::tr!(lang, "view-result-drawn-by", by = by),
        (None, None) => crate::tr!(
            lang,
            "view-result-head-draw",
            south = scores[0],
            north = scores[1]
        ),
    };
    crate::tr!(
        lang,
        "view-result",
        head = head,
        score = score_line(row, scores),
        reason = reason_text(lang, outcome.reason)
    )
}

/// A short summary of a finished game for refusals.
pub(in crate::service) fn summary(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
) -> String {
    match game.outcome() {
        Some(outcome) if outcome.reason == EndReason::Aborted => {
            crate::tr!(lang, "view-summary-aborted")
        }
        Some(outcome) => match outcome.winner {
            Some(side) if decided_by(lang, outcome.reason).is_some() => crate::tr!(
                lang,
                "view-summary-won-by",
                name = row.name(side),
                by = decided_by(lang, outcome.reason).unwrap_or_default()
            ),
            Some(side) => crate::tr!(
                lang,
                "view-summary-won",
                name = row.name(side),
                won = outcome.scores[side.index()],
                lost = outcome.scores[side.opponent().index()]
            ),
            None if decided_by(lang, outcome.reason).is_some() => crate::tr!(
                lang,
                "view-summary-drawn-by",
                by = decided_by(lang, outcome.reason).unwrap_or_default()
            ),
            None => crate::tr!(
                lang,
                "view-summary-drawn",
                south = outcome.scores[0],
                north = outcome.scores[1]
            ),
        },
        None => crate::tr!(lang, "view-summary-playing"),
    }
}
