//! The evaluation graph in words: who was ahead when, the largest swing and the
//! marked plies, for screen readers.

use super::{marked, Mark, TITLE_CHARS};
use crate::render::text::one_line;
use crate::rules::Side;

/// Alt text for [`eval_graph_png`](super::eval_graph_png): who was ahead when, the
/// largest swing and the marked plies in words.
///
/// ```text
/// Evaluation graph of Game #12 · Ama (South) vs Kofi (North) over 58 plies: level at
/// first, then South led from ply 9, the largest swing was at ply 31 (North's
/// blunder, 7 seeds); mistakes at plies 14 and 40, a blunder at ply 31.
/// ```
#[must_use]
pub fn eval_graph_alt(
    lang: &crate::i18n::Language,
    title: &str,
    values: &[f64],
    marks: &[(usize, Mark)],
) -> String {
    let title = one_line(title, TITLE_CHARS);
    let mut out = if title.is_empty() {
        crate::tr!(lang, "graph-alt-title")
    } else {
        crate::tr!(lang, "graph-alt-title-of", title = title)
    };
    if !values.iter().any(|v| v.is_finite()) {
        out.push_str(&crate::tr!(lang, "graph-alt-nothing"));
        return out;
    }
    let plies = values.len() - 1;
    out.push_str(&crate::tr!(
        lang,
        "graph-alt-over",
        plies = plies,
        leads = leads(lang, values)
    ));
    let marked = marked(values, marks);
    match largest_swing(values) {
        Some((ply, change)) => {
            // Evaluations only fall for the side that moves (a better move was
            // there), so the direction of a swing says who made it.
            let mover = if change < 0.0 {
                Side::South
            } else {
                Side::North
            };
            let mover = crate::render::alt::side_name(lang, mover);
            let what = match marked.iter().find(|&&(p, _)| p == ply) {
                Some(&(_, mark)) => {
                    crate::tr!(
                        lang,
                        "graph-alt-mark-of",
                        side = mover,
                        mark = mark.word(lang)
                    )
                }
                None => crate::tr!(lang, "graph-alt-move-by", side = mover),
            };
            out.push_str(&crate::tr!(
                lang,
                "graph-alt-swing",
                ply = ply,
                what = what,
                seeds = seeds(lang, change)
            ));
        }
        None => out.push_str(&crate::tr!(lang, "graph-alt-no-swing")),
    }
    out.push_str(&crate::tr!(lang, "alt-join"));
    out.push_str(&marks_in_words(lang, &marked));
    out.push('.');
    out
}

/// Who leads, as the alt text says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lead {
    Level,
    Ahead(Side),
}

/// A side takes the lead at this many seeds…
const CLEAR_LEAD: f64 = 2.0;
/// …and the game is level again below this many: the gap keeps a wobbling
/// evaluation from reading as a string of lead changes.
const LEVEL_WITHIN: f64 = 1.0;

/// The stretches of one lead, as `(lead, first ply)`.
fn lead_runs(values: &[f64]) -> Vec<(Lead, usize)> {
    let mut runs: Vec<(Lead, usize)> = Vec::new();
    let mut lead = Lead::Level;
    for (ply, &v) in values.iter().enumerate().filter(|(_, v)| v.is_finite()) {
        if v >= CLEAR_LEAD {
            lead = Lead::Ahead(Side::South);
        } else if v <= -CLEAR_LEAD {
            lead = Lead::Ahead(Side::North);
        } else if v.abs() < LEVEL_WITHIN {
            lead = Lead::Level;
        }
        if runs.last().is_none_or(|&(l, _)| l != lead) {
            runs.push((lead, ply));
        }
    }
    runs
}

/// `"level at first, then South led from ply 9"`; a long seesaw is summed up.
fn leads(lang: &crate::i18n::Language, values: &[f64]) -> String {
    let runs = lead_runs(values);
    let side = crate::render::alt::side_name;
    let from = |(lead, ply): (Lead, usize)| match lead {
        Lead::Level => crate::tr!(lang, "graph-alt-level-from", ply = ply),
        Lead::Ahead(s) => crate::tr!(lang, "graph-alt-led-from", side = side(lang, s), ply = ply),
    };
    match runs.as_slice() {
        [] => String::new(),
        [(Lead::Level, _)] => crate::tr!(lang, "graph-alt-level-throughout"),
        [(Lead::Ahead(s), _)] => {
            crate::tr!(lang, "graph-alt-led-throughout", side = side(lang, *s))
        }
        [first, rest @ ..] if rest.len() <= 3 => {
            let start = match first.0 {
                Lead::Level => crate::tr!(lang, "graph-alt-level-first"),
                Lead::Ahead(s) => crate::tr!(lang, "graph-alt-led-first", side = side(lang, s)),
            };
            let later: Vec<String> = rest.iter().map(|&run| from(run)).collect();
            let mut text = start;
            for part in later {
                text.push_str(&crate::tr!(lang, "graph-alt-then", next = part));
            }
            text
        }
        [.., last] => crate::tr!(
            lang,
            "graph-alt-seesaw",
            changes = runs.len() - 1,
            last = from(*last)
        ),
    }
}

/// The ply whose move changed the evaluation most, and by how much (South's view).
fn largest_swing(values: &[f64]) -> Option<(usize, f64)> {
    values
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[0].is_finite() && w[1].is_finite())
        .map(|(i, w)| (i + 1, w[1] - w[0]))
        .filter(|&(_, change)| change != 0.0)
        .fold(
            None,
            |best: Option<(usize, f64)>, (ply, change)| match best {
                Some((_, b)) if b.abs() >= change.abs() => best,
                _ => Some((ply, change)),
            },
        )
}

/// `"7 seeds"`, `"1 seed"`, `"2.5 seeds"`.
fn seeds(lang: &crate::i18n::Language, change: f64) -> String {
    let size = change.abs();
    if (size - size.round()).abs() < 0.05 {
        crate::tr!(
            lang,
            "graph-alt-seeds",
            seeds = format!("{:.0}", size.round())
        )
    } else {
        crate::tr!(
            lang,
            "graph-alt-seeds-fraction",
            seeds = crate::i18n::decimal(lang, size, 1)
        )
    }
}

/// `"mistakes at plies 14 and 40, a blunder at ply 31"`.
fn marks_in_words(lang: &crate::i18n::Language, marked: &[(usize, Mark)]) -> String {
    let mut parts = Vec::new();
    for kind in [Mark::Mistake, Mark::Blunder] {
        let plies: Vec<String> = marked
            .iter()
            .filter(|&&(_, m)| m == kind)
            .map(|(ply, _)| ply.to_string())
            .collect();
        match (kind, plies.as_slice()) {
            (_, []) => {}
            (Mark::Mistake, [one]) => {
                parts.push(crate::tr!(lang, "graph-alt-a-mistake", ply = one))
            }
            (Mark::Blunder, [one]) => {
                parts.push(crate::tr!(lang, "graph-alt-a-blunder", ply = one))
            }
            (Mark::Mistake, [init @ .., last]) => parts.push(crate::tr!(
                lang,
                "graph-alt-mistakes",
                plies = init.join(", "),
                last = last
            )),
            (Mark::Blunder, [init @ .., last]) => parts.push(crate::tr!(
                lang,
                "graph-alt-blunders",
                plies = init.join(", "),
                last = last
            )),
        }
    }
    if parts.is_empty() {
        crate::tr!(lang, "graph-alt-no-marks")
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Level for 8 plies, then South ahead by 3, North's blunder at 31 (+7), …
    fn game() -> Vec<f64> {
        (0..=58)
            .map(|ply| match ply {
                0..=8 => 0.5,
                9..=30 => 3.0,
                _ => 10.0,
            })
            .collect()
    }

    #[test]
    fn the_alt_text_tells_the_story() {
        let lang = &crate::i18n::Language::english();
        let marks = [
            (40, Mark::Mistake),
            (31, Mark::Blunder),
            (14, Mark::Mistake),
        ];
        assert_eq!(
            eval_graph_alt(
                lang,
                "Game #12 · Ama (South) vs Kofi (North)",
                &game(),
                &marks
            ),
            "Evaluation graph of Game #12 · Ama (South) vs Kofi (North) over 58 moves: \
             level at first, then South led from move 9, the largest swing was at move 31 \
             (North's blunder, 7 seeds); mistakes at moves 14 and 40, a blunder at move 31."
        );
    }

    #[test]
    fn unmarked_swings_and_no_marks_are_said_plainly() {
        let lang = &crate::i18n::Language::english();
        let values = [0.0, -0.5, -3.0, -2.5, 1.5, 2.5];
        assert_eq!(
            eval_graph_alt(lang, "", &values, &[(9, Mark::Blunder), (0, Mark::Mistake)]),
            "Evaluation graph over 5 moves: level at first, then North led from move 2, \
             then South led from move 5, the largest swing was at move 4 (a move by North, \
             4 seeds); no mistakes or blunders marked."
        );
    }

    #[test]
    fn empty_and_flat_games() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(
            eval_graph_alt(lang, "Game #3", &[], &[]),
            "Evaluation graph of Game #3: no evaluation to show."
        );
        assert_eq!(
            eval_graph_alt(lang, "Game #3", &[f64::NAN, f64::INFINITY], &[]),
            "Evaluation graph of Game #3: no evaluation to show."
        );
        assert_eq!(
            eval_graph_alt(lang, "\u{7}Game\n#4", &[0.0, 0.0], &[(1, Mark::Mistake)]),
            "Evaluation graph of Game #4 over 1 move: level throughout, the evaluation \
             never moved; a mistake at move 1."
        );
    }

    #[test]
    fn a_seesaw_is_summed_up() {
        let lang = &crate::i18n::Language::english();
        let values: Vec<f64> = (0..12)
            .map(|i| if i % 2 == 0 { 4.0 } else { -4.0 })
            .collect();
        let text = eval_graph_alt(lang, "g", &values, &[]);
        assert!(
            text.contains(": the lead changed 11 times, finally North led from move 11,"),
            "{text}"
        );
    }

    #[test]
    fn non_finite_values_are_skipped() {
        let values = [0.0, f64::NAN, 3.0, 2.5];
        assert_eq!(largest_swing(&values), Some((3, -0.5)));
        assert_eq!(
            lead_runs(&values),
            vec![(Lead::Level, 0), (Lead::Ahead(Side::South), 2)]
        );
    }

    #[test]
    fn marks_and_seeds_in_words() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(
            marks_in_words(
                lang,
                &[(2, Mark::Mistake), (5, Mark::Mistake), (7, Mark::Mistake)]
            ),
            "mistakes at moves 2, 5 and 7"
        );
        assert_eq!(seeds(lang, -1.0), "1 seed");
        assert_eq!(seeds(lang, 2.54), "2.5 seeds");
    }
}
