//! The game in a line, as its pages say it: who is to move or the result, the
//! clocks, each move's label and how long it took.

use crate::rules::Ply;
use crate::service::GamePage;

/// A move as listed: its pit, and the seeds it captured.
pub(super) fn move_label(ply: &Ply) -> String {
    let letter = ply.effect.pit.letter();
    match ply.effect.captured {
        0 => letter.to_string(),
        seeds => format!("{letter}×{seeds}"),
    }
}

/// The game's state in a line: who is to move, or the result.
pub(super) fn status_line(lang: &crate::i18n::Language, page: &GamePage) -> String {
    if let Some(result) = &page.result {
        return result.clone();
    }
    match page.game.to_move() {
        Some(side) => {
            let name = page.names()[usize::from(side != crate::rules::Side::South)];
            crate::tr!(lang, "web-to-move", player = name)
        }
        None => crate::tr!(lang, "view-summary-playing"),
    }
}

/// The clocks in a line, while they run.
pub(super) fn clocks_line(page: &GamePage) -> Option<String> {
    let clocks = page.clocks.as_ref()?;
    // A correspondence game shows only the running clock: the other label is empty.
    let shown: Vec<String> = page
        .names()
        .iter()
        .zip(clocks)
        .filter(|(_, clock)| !clock.is_empty())
        .map(|(name, clock)| format!("{name} {clock}"))
        .collect();
    (!shown.is_empty()).then(|| shown.join(" · "))
}

/// Whether the page follows the game live.
pub(super) fn live(page: &GamePage) -> bool {
    page.row.is_active() && !page.game.is_over()
}

/// How long each move took, in words (`12 s`, `3 min 5 s`, `2 days 4 h`).
pub(super) fn move_times(lang: &crate::i18n::Language, page: &GamePage) -> Vec<String> {
    page.move_times
        .iter()
        .map(|&ms| crate::play::when::span(lang, ms))
        .collect()
}
