//! The values of the tags a record derives from its game: `Result` and `Reason`,
//! written and read back (a `Reason` replayed onto the game), and tag values escaped.

use super::RecordError;
use crate::rules::{EndReason, Game, Side};

/// Ends the replayed game as the `Reason` tag says, or checks that it ended so.
pub(super) fn apply_reason(game: &mut Game, reason: Option<EndReason>) -> Result<(), RecordError> {
    let Some(reason) = reason else {
        return Ok(());
    };
    let mismatch = |actual: String| RecordError::ReasonMismatch {
        recorded: reason_name(reason),
        actual,
    };
    match (game.outcome(), reason) {
        (Some(outcome), _) if outcome.reason == reason => Ok(()),
        (Some(outcome), _) => Err(mismatch(format!(
            "end it by {}",
            reason_name(outcome.reason)
        ))),
        (None, EndReason::Agreement) => game
            .end_by_agreement()
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, EndReason::DrawAgreed) => game
            .agree_draw()
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, EndReason::Resignation(side)) => game
            .resign(side)
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, EndReason::Timeout(side)) => game
            .lose_on_time(side)
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, EndReason::Aborted) => game
            .abort()
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, EndReason::Adjudicated(winner)) => game
            .adjudicate(winner)
            .map(drop)
            .map_err(|_| mismatch("already end it".to_owned())),
        (None, _) => Err(mismatch("leave it unfinished".to_owned())),
    }
}

/// `25-17`, or `*` for a game that goes on.
pub(super) fn result_text(scores: Option<[u8; 2]>) -> String {
    scores.map_or_else(|| "*".to_owned(), |[s, n]| format!("{s}-{n}"))
}

pub(super) fn parse_result(text: &str) -> Result<Option<[u8; 2]>, RecordError> {
    if text == "*" {
        return Ok(None);
    }
    let bad = || RecordError::BadResult(text.chars().take(16).collect());
    let (south, north) = text.split_once('-').ok_or_else(bad)?;
    let score = |s: &str| s.trim().parse::<u8>().ok().filter(|&n| n <= 48);
    let scores = score(south).zip(score(north)).ok_or_else(bad)?;
    Ok(Some([scores.0, scores.1]))
}

/// The `Reason` tag's value: the replay names, and who resigned.
pub(super) const fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Resignation(Side::South) => "south_resigned",
        EndReason::Resignation(Side::North) => "north_resigned",
        EndReason::Timeout(Side::South) => "south_timeout",
        EndReason::Timeout(Side::North) => "north_timeout",
        EndReason::Adjudicated(Some(Side::South)) => "south_adjudicated",
        EndReason::Adjudicated(Some(Side::North)) => "north_adjudicated",
        EndReason::Adjudicated(None) => "draw_adjudicated",
        other => other.as_str(),
    }
}

pub(super) fn parse_reason(text: &str) -> Result<EndReason, RecordError> {
    [
        EndReason::WinningScore,
        EndReason::NoLegalMove,
        EndReason::Repetition,
        EndReason::Agreement,
        EndReason::DrawAgreed,
        EndReason::Resignation(Side::South),
        EndReason::Resignation(Side::North),
        EndReason::Timeout(Side::South),
        EndReason::Timeout(Side::North),
        EndReason::Aborted,
        EndReason::Adjudicated(Some(Side::South)),
        EndReason::Adjudicated(Some(Side::North)),
        EndReason::Adjudicated(None),
    ]
    .into_iter()
    .find(|&r| reason_name(r).eq_ignore_ascii_case(text))
    .ok_or_else(|| RecordError::BadReason(text.chars().take(24).collect()))
}

/// A tag value on one line, with `\` and `"` escaped.
pub(super) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
