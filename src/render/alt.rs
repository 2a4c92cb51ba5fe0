//! Alt text: the board in one sentence for screen readers.

use std::fmt::Write;

use super::text::one_line;
use super::BoardView;
use crate::rules::{Pit, Side};

/// At most this many characters of a name go into alt text.
const NAME_CHARS: usize = 40;

/// One sentence describing the view: both scores, every pit's count in sowing order,
/// the last move and its captures, and whose turn it is (or that the game is over).
///
/// ```text
/// Oware board: Ama (South) has 0 and Kofi (North) has 0 captured; South's pits A to F
/// hold 4, 4, 4, 4, 4, 4; North's pits a to f hold 4, 4, 4, 4, 4, 4; Ama to move
/// (A, B, C, D, E, F).
/// ```
#[must_use]
pub fn alt_text(lang: &crate::i18n::Language, view: &BoardView<'_>) -> String {
    let name = |side: Side| {
        let short = one_line(view.names[side.index()], NAME_CHARS);
        if short.is_empty() {
            side_name(lang, side)
        } else {
            short
        }
    };
    let [south, north] = [name(Side::South), name(Side::North)];
    let mut parts = vec![crate::tr!(
        lang,
        "alt-board",
        south = south,
        north = north,
        south_score = view.position.score(Side::South),
        north_score = view.position.score(Side::North)
    )];
    let board = view.position.board();
    for side in [Side::South, Side::North] {
        let first = side.first_pit();
        let counts: Vec<String> = board[first..first + 6].iter().map(u8::to_string).collect();
        parts.push(match side {
            Side::South => crate::tr!(lang, "alt-south-pits", seeds = counts.join(", ")),
            Side::North => crate::tr!(lang, "alt-north-pits", seeds = counts.join(", ")),
        });
    }
    if let Some(e) = view.last {
        let mover = if e.pit.owner() == Side::South {
            &south
        } else {
            &north
        };
        let effect = if e.captured > 0 {
            let pits: Vec<String> = e
                .captured_pits
                .into_iter()
                .map(|p: Pit| p.to_string())
                .collect();
            crate::tr!(
                lang,
                "alt-captured",
                seeds = e.captured,
                pits = pits.join(", ")
            )
        } else if e.grand_slam {
            crate::tr!(lang, "alt-grand-slam")
        } else {
            String::new()
        };
        parts.push(crate::tr!(
            lang,
            "alt-last-move",
            player = mover,
            pit = e.pit,
            sown = e.sown,
            effect = effect
        ));
    }
    if let Some(pit) = view.ring {
        parts.push(crate::tr!(lang, "alt-better", pit = pit));
    }
    parts.push(match view.to_move {
        Some(side) => {
            let who = if side == Side::South { &south } else { &north };
            crate::tr!(lang, "alt-to-move", player = who, legal = view.legal)
        }
        None => crate::tr!(lang, "alt-game-over"),
    });
    if let Some([s, n]) = view.clocks {
        let running = |side| {
            if view.to_move == Some(side) {
                crate::tr!(lang, "alt-clock-running")
            } else {
                String::new()
            }
        };
        parts.push(crate::tr!(
            lang,
            "alt-clocks",
            south = south,
            south_clock = s,
            south_running = running(Side::South),
            north = north,
            north_clock = n,
            north_running = running(Side::North)
        ));
    }
    if view.seat == Side::North {
        parts.push(crate::tr!(lang, "alt-seat-north"));
    }
    // The joiner is the language's (French puts a narrow no-break space before ;).
    let mut out = parts.join(&crate::tr!(lang, "alt-join"));
    if let Some(caption) = view.caption {
        let caption: String = caption
            .chars()
            .filter(|c| !c.is_control())
            .take(120)
            .collect();
        let _ = write!(out, " ({caption})");
    }
    out.push('.');
    out
}

/// `South` or `North`, in `lang`.
pub(crate) fn side_name(lang: &crate::i18n::Language, side: Side) -> String {
    match side {
        Side::South => crate::tr!(lang, "side-south"),
        Side::North => crate::tr!(lang, "side-north"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant};

    #[test]
    fn start_position_reads_naturally() {
        let lang = &crate::i18n::Language::english();
        let g = Game::new(Variant::Abapa);
        let text = alt_text(lang, &BoardView::of_game(&g, ["Ama", "Kofi"]));
        assert_eq!(
            text,
            "Oware board: Ama (South) has 0 and Kofi (North) has 0 captured; South's pits \
             A to F hold 4, 4, 4, 4, 4, 4; North's pits a to f hold 4, 4, 4, 4, 4, 4; Ama to \
             move (A, B, C, D, E, F)."
        );
    }

    #[test]
    fn french_parts_are_joined_the_french_way() {
        let lang = &crate::i18n::Language::from_tag("fr").expect("French");
        let g = Game::new(Variant::Abapa);
        let text = alt_text(lang, &BoardView::of_game(&g, ["Ama", "Kofi"]));
        // A narrow no-break space before « ; », and no capital after it.
        assert!(text.contains("\u{202f}; les cases A à F de Sud"), "{text}");
        assert!(!text.contains(" ;") && !text.contains("; L"), "{text}");
    }

    #[test]
    fn a_ringed_pit_is_named_as_the_better_move() {
        let lang = &crate::i18n::Language::english();
        let g = Game::new(Variant::Abapa);
        let mut view = BoardView::of_game(&g, ["Ama", "Kofi"]);
        assert!(!alt_text(lang, &view).contains("ringed"));
        view.ring = Pit::from_letter('C');
        let text = alt_text(lang, &view);
        assert!(
            text.contains("; pit C is ringed as the better move; Ama to move"),
            "{text}"
        );
    }

    #[test]
    fn captures_and_odd_names_are_described() {
        let lang = &crate::i18n::Language::english();
        // Play until some move captures: the first capturing legal move, else the first.
        let mut g = Game::new(Variant::Abapa);
        while g.plies().last().is_none_or(|p| p.effect.captured == 0) {
            let legal = g.legal_moves();
            let pit = legal
                .into_iter()
                .find(|&p| g.position().play_unchecked(p, Variant::Abapa).1.captured > 0)
                .or_else(|| legal.into_iter().next())
                .expect("a capture comes before the game ends");
            g.play(pit).expect("a legal move");
        }
        let long = "x".repeat(500);
        let mut view = BoardView::of_game(&g, [&long, "\u{7}\n"]);
        view.caption = Some("Onlookers suggest: D ×3");
        let text = alt_text(lang, &view);
        assert!(text.contains("North (North)"), "{text}");
        assert!(text.len() < 600, "{text}");
        assert!(text.contains(" and captured "), "{text}");
        assert!(text.ends_with("(Onlookers suggest: D ×3)."), "{text}");
    }
}
