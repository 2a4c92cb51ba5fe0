//! A review as shown: the summary, the turning point, the mistakes with the engine's
//! line, and the table of move classes (the stored form is in `stored`, the pictures
//! in `pictures`).

use std::fmt::Write;

use super::super::{view, Reply};
use crate::store::{StoredPly, StoredReview};
use crate::{engine::analysis::Class, rules::Side, store::GameRow};

/// How many mistakes and blunders the text lists (the worst ones).
const LISTED: usize = 8;

/// Who played move `ply` (South moves first from the start position).
pub(super) fn mover(ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    }
}

/// Seeds from hundredths: `7`, `3.5`.
pub(crate) fn seeds(lang: &crate::i18n::Language, centi: i32) -> String {
    let tenths = (f64::from(centi) / 10.0).round() / 10.0;
    if (tenths - tenths.round()).abs() < f64::EPSILON {
        format!("{tenths:.0}")
    } else {
        crate::i18n::decimal(lang, tenths, 1)
    }
}

/// The annotation of a class: `?!`, `?`, `??` (nothing for good moves).
fn mark(class: Class) -> &'static str {
    match class {
        Class::Inaccuracy => "?!",
        Class::Mistake => "?",
        Class::Blunder => "??",
        Class::Best | Class::Good => "",
    }
}

/// The move after which the result never changed, `i`, by `name`: what it was,
/// and, when it was not the best, how much it lost (a "good" move is only close).
fn turning_point(lang: &crate::i18n::Language, i: usize, name: &str, p: &StoredPly) -> String {
    let class = match p.class {
        Class::Best => {
            return crate::tr!(
                lang,
                "report-turning-point-best",
                move_number = i + 1,
                name = name,
                pit = p.played
            )
        }
        Class::Good => {
            return crate::tr!(
                lang,
                "report-turning-point-close",
                move_number = i + 1,
                name = name,
                pit = p.played,
                seeds = seeds(lang, p.loss),
                best = p.best
            )
        }
        Class::Inaccuracy => crate::tr!(lang, "report-class-inaccuracy"),
        Class::Mistake => crate::tr!(lang, "report-class-mistake"),
        Class::Blunder => crate::tr!(lang, "report-class-blunder"),
    };
    crate::tr!(
        lang,
        "report-turning-point",
        move_number = i + 1,
        name = name,
        pit = p.played,
        mark = mark(p.class),
        class = class,
        seeds = seeds(lang, p.loss),
        best = p.best
    )
}

/// The review as a reply: summary, turning point and table; the mistakes with the
/// engine's better line.
pub(crate) fn reply(lang: &crate::i18n::Language, row: &GameRow, stored: &StoredReview) -> Reply {
    let name = |side: Side| row.name(side);
    let mut text = crate::tr!(
        lang,
        "report-title",
        game = view::game_label(lang, row),
        moves = stored.plies.len(),
        south = name(Side::South),
        south_accuracy = format!("{:.0}", stored.accuracy[0]),
        north = name(Side::North),
        north_accuracy = format!("{:.0}", stored.accuracy[1]),
    );
    match stored
        .turning_point
        .and_then(|i| Some((i, stored.plies.get(i)?)))
    {
        Some((i, p)) => {
            text.push('\n');
            text.push_str(&turning_point(lang, i, name(mover(i)), p));
        }
        None => {
            text.push('\n');
            text.push_str(&crate::tr!(lang, "report-no-turning-point"));
        }
    }
    let mut worst: Vec<(usize, &StoredPly)> = stored
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.class, Class::Mistake | Class::Blunder))
        .collect();
    worst.sort_by_key(|(i, p)| (std::cmp::Reverse(p.loss), *i));
    worst.truncate(LISTED);
    worst.sort_by_key(|(i, _)| *i);
    text.push('\n');
    if worst.is_empty() {
        text.push_str(&crate::tr!(lang, "report-no-mistakes"));
    } else {
        text.push_str(&crate::tr!(lang, "report-mistakes"));
        for (i, p) in worst {
            text.push('\n');
            text.push_str(&crate::tr!(
                lang,
                "report-mistake-line",
                move_number = i + 1,
                name = name(mover(i)),
                pit = p.played,
                mark = mark(p.class),
                seeds = seeds(lang, p.loss),
                best = p.best,
                line = p.line
            ));
        }
    }
    let mut reply = Reply::public(text);
    reply.table = Some(table(lang, row, stored));
    reply
}

/// The count of each class per player, as a small fixed-width table.
fn table(lang: &crate::i18n::Language, row: &GameRow, stored: &StoredReview) -> String {
    const CLASSES: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];
    let width = [Side::South, Side::North]
        .iter()
        .map(|&s| row.name(s).chars().count().min(16))
        .max()
        .unwrap_or(5)
        .max(6);
    let mut out = format!("{:width$}", "", width = width + 4);
    for class in CLASSES {
        let header = match class {
            Class::Best => crate::tr!(lang, "report-column-best"),
            Class::Good => crate::tr!(lang, "report-column-good"),
            Class::Inaccuracy => crate::tr!(lang, "report-column-inaccuracy"),
            Class::Mistake => crate::tr!(lang, "report-column-mistake"),
            Class::Blunder => crate::tr!(lang, "report-column-blunder"),
        };
        let _ = write!(out, " {header:>5}");
    }
    let _ = write!(out, "  {}", crate::tr!(lang, "report-column-accuracy"));
    for side in [Side::South, Side::North] {
        let name: String = row.name(side).chars().take(16).collect();
        let _ = write!(
            out,
            "\n{name:width$} ({})",
            if side == Side::South {
                crate::tr!(lang, "report-column-south")
            } else {
                crate::tr!(lang, "report-column-north")
            }
        );
        for class in CLASSES {
            let n = stored
                .plies
                .iter()
                .enumerate()
                .filter(|(i, p)| mover(*i) == side && p.class == class)
                .count();
            let _ = write!(out, " {n:>5}");
        }
        let _ = write!(out, " {:>4.0}%", stored.accuracy[side.index()]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_naturally() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(seeds(lang, 700), "7");
        assert_eq!(seeds(lang, 350), "3.5");
        assert_eq!(seeds(lang, -120), "-1.2");
        assert_eq!(seeds(lang, 0), "0");
    }

    #[test]
    fn a_turning_point_is_never_called_a_good_move() {
        let lang = &crate::i18n::Language::english();
        let ply = |played, class: &str, loss| StoredPly {
            played,
            best: 'C',
            loss,
            class: Class::from_name(class).unwrap(),
            line: String::new(),
            scores: Vec::new(),
        };
        let close = turning_point(lang, 11, "alice", &ply('A', "good", 100));
        assert_eq!(
            close,
            "Turning point: move 12, **alice** played A, only 1 seed worse than C, \
             and from there the result never changed."
        );
        let blunder = turning_point(lang, 3, "bob", &ply('B', "blunder", 600));
        assert!(blunder.contains("B?? (a blunder, 6 seeds lost; better was C)"));
        let best = turning_point(lang, 0, "bob", &ply('C', "best", 0));
        assert!(best.ends_with("played C, and from there the result never changed."));
        for text in [close, blunder, best] {
            assert!(!text.contains("good move"), "{text}");
        }
    }
}
