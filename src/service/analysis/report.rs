//! A review as stored (JSON in `analyses.result`) and as shown: the summary, the
//! table of move classes, the mistakes with the engine's line, and the pictures.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::super::{view, Attachment, Reply};
use crate::{
    engine::analysis::{Analysis, Class},
    render::{self, BoardView, Mark},
    rules::{Game, Pit, Side},
    store::GameRow,
};

/// [`Class`] stored by its name.
mod class_name {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use crate::engine::analysis::Class;

    pub(super) fn serialize<S: Serializer>(class: &Class, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(class.as_str())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Class, D::Error> {
        let name = String::deserialize(input)?;
        Class::from_name(&name).ok_or_else(|| D::Error::custom(format!("no class {name:?}")))
    }
}

/// How many mistakes and blunders the text lists (the worst ones).
const LISTED: usize = 8;

/// A review as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Stored {
    /// One per move played.
    pub plies: Vec<StoredPly>,
    /// The expected final seed difference from South's side, per position, in
    /// hundredths of a seed.
    pub graph: Vec<i32>,
    /// `[South, North]`, 0 to 100.
    pub accuracy: [f64; 2],
    /// The move after which the result was decided.
    pub turning_point: Option<usize>,
}

/// One move's review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct StoredPly {
    /// The move played (canonical letter).
    pub played: char,
    /// The engine's best move.
    pub best: char,
    /// Seeds the move lost against the best, in hundredths.
    pub loss: i32,
    /// How good it was (stored by name: `best`, `good`, … `blunder`).
    #[serde(with = "class_name")]
    pub class: Class,
    /// The engine's line from the best move, letters separated by spaces.
    pub line: String,
    /// Every legal move's value for the mover, in hundredths of a seed.
    pub scores: Vec<(char, i32)>,
}

impl Stored {
    /// The engine's review in storable form.
    pub(crate) fn from_analysis(a: &Analysis) -> Stored {
        Stored {
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

    /// What playing `pit` at move `ply` (0-based) would have lost against the best
    /// move, in hundredths of a seed; `None` if it was not a legal move there.
    pub(crate) fn loss_of(&self, ply: usize, pit: char) -> Option<i32> {
        let p = self.plies.get(ply)?;
        let best = p.scores.iter().map(|&(_, v)| v).max()?;
        p.scores
            .iter()
            .find(|&&(letter, _)| letter == pit)
            .map(|&(_, v)| best - v)
    }
}

fn letters(line: &[Pit]) -> String {
    line.iter()
        .map(|p| p.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Who played move `ply` (South moves first from the start position).
fn mover(ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    }
}

/// Seeds from hundredths: `7`, `3.5`.
pub(crate) fn seeds(centi: i32) -> String {
    let tenths = (f64::from(centi) / 10.0).round() / 10.0;
    if (tenths - tenths.round()).abs() < f64::EPSILON {
        format!("{tenths:.0}")
    } else {
        format!("{tenths:.1}")
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

/// `a good move`, `an inaccuracy`, `a mistake`, `a blunder`.
fn class_phrase(class: Class) -> String {
    match class {
        Class::Good => crate::tr!("report-class-good"),
        Class::Best => crate::tr!("report-class-best"),
        Class::Inaccuracy => crate::tr!("report-class-inaccuracy"),
        Class::Mistake => crate::tr!("report-class-mistake"),
        Class::Blunder => crate::tr!("report-class-blunder"),
    }
}

/// The move after which the result never changed, `i`, by `name`: what it was,
/// and, when it was not the best, how much it lost (a "good" move is only close).
fn turning_point(i: usize, name: &str, p: &StoredPly) -> String {
    if p.played == p.best {
        return crate::tr!(
            "report-turning-point-best",
            move_number = i + 1,
            name = name,
            pit = p.played
        );
    }
    if mark(p.class).is_empty() {
        return crate::tr!(
            "report-turning-point-close",
            move_number = i + 1,
            name = name,
            pit = p.played,
            seeds = seeds(p.loss),
            best = p.best
        );
    }
    crate::tr!(
        "report-turning-point",
        move_number = i + 1,
        name = name,
        pit = p.played,
        mark = mark(p.class),
        class = class_phrase(p.class),
        seeds = seeds(p.loss),
        best = p.best
    )
}

/// The review as a reply: summary, turning point and table; the mistakes with the
/// engine's better line.
pub(crate) fn reply(row: &GameRow, stored: &Stored) -> Reply {
    let name = |side: Side| view::name(row, side);
    let mut text = crate::tr!(
        "report-title",
        game = view::game_label(row),
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
            text.push_str(&turning_point(i, name(mover(i)), p));
        }
        None => {
            text.push('\n');
            text.push_str(&crate::tr!("report-no-turning-point"));
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
        text.push_str(&crate::tr!("report-no-mistakes"));
    } else {
        text.push_str(&crate::tr!("report-mistakes"));
        for (i, p) in worst {
            text.push('\n');
            text.push_str(&crate::tr!(
                "report-mistake-line",
                move_number = i + 1,
                name = name(mover(i)),
                pit = p.played,
                mark = mark(p.class),
                seeds = seeds(p.loss),
                best = p.best,
                line = p.line
            ));
        }
    }
    let mut reply = Reply::public(text);
    reply.table = Some(table(row, stored));
    reply
}

/// The count of each class per player, as a small fixed-width table.
fn table(row: &GameRow, stored: &Stored) -> String {
    const CLASSES: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];
    let width = [Side::South, Side::North]
        .iter()
        .map(|&s| view::name(row, s).chars().count().min(16))
        .max()
        .unwrap_or(5)
        .max(6);
    let mut out = format!("{:width$}", "", width = width + 4);
    for class in CLASSES {
        let header = match class {
            Class::Best => crate::tr!("report-column-best"),
            Class::Good => crate::tr!("report-column-good"),
            Class::Inaccuracy => crate::tr!("report-column-inaccuracy"),
            Class::Mistake => crate::tr!("report-column-mistake"),
            Class::Blunder => crate::tr!("report-column-blunder"),
        };
        let _ = write!(out, " {header:>5}");
    }
    let _ = write!(out, "  {}", crate::tr!("report-column-accuracy"));
    for side in [Side::South, Side::North] {
        let name: String = view::name(row, side).chars().take(16).collect();
        let _ = write!(
            out,
            "\n{name:width$} ({})",
            if side == Side::South {
                crate::tr!("report-column-south")
            } else {
                crate::tr!("report-column-north")
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

/// The words of the review's pictures.
struct Captions {
    /// The evaluation graph's title.
    title: String,
    /// The biggest blunder's caption and the start of its description.
    blunder: Option<(String, String)>,
}

/// The biggest blunder: its ply and its stored move.
fn biggest_blunder(stored: &Stored) -> Option<(usize, &StoredPly)> {
    stored
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.class == Class::Blunder)
        .max_by_key(|(i, p)| (p.loss, std::cmp::Reverse(*i)))
}

/// The [`Captions`] of game `row`'s review.
fn captions(row: &GameRow, stored: &Stored) -> Captions {
    let title = crate::tr!(
        "report-graph-title",
        game = row.id,
        south = row.south_name,
        north = row.north_name
    );
    let blunder = biggest_blunder(stored).map(|(i, p)| {
        let caption = crate::tr!(
            "report-blunder-caption",
            move_number = i + 1,
            name = view::name(row, mover(i)),
            pit = p.played,
            seeds = seeds(p.loss),
            best = p.best
        );
        let description = crate::tr!(
            "report-blunder-description",
            game = row.id,
            caption = caption
        );
        (caption, description)
    });
    Captions { title, blunder }
}

/// The pictures: the evaluation graph with mistakes and blunders marked, and the
/// board just after the biggest blunder, its pit marked as the one just played and
/// the better pit ringed.
pub(crate) fn files(row: &GameRow, game: &Game, stored: &Stored) -> Vec<Attachment> {
    let captions = captions(row, stored);
    let title = &captions.title;
    let values: Vec<f64> = stored.graph.iter().map(|&v| f64::from(v) / 100.0).collect();
    let marks: Vec<(usize, Mark)> = stored
        .plies
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p.class {
            // The mark sits on the position the move made.
            Class::Mistake => Some((i + 1, Mark::Mistake)),
            Class::Blunder => Some((i + 1, Mark::Blunder)),
            Class::Best | Class::Good | Class::Inaccuracy => None,
        })
        .collect();
    let mut files = vec![Attachment {
        file_name: format!("eval-{}.png", row.id),
        mime: "image/png",
        bytes: render::eval_graph_png(title, &values, &marks),
        description: render::eval_graph_alt(title, &values, &marks),
    }];
    if let (Some((i, p)), Some((caption, description))) =
        (biggest_blunder(stored), &captions.blunder)
    {
        let moves: Vec<Pit> = game.moves().take(i + 1).collect();
        if let (Ok(after), Some(better)) = (
            Game::from_moves(game.variant(), &moves),
            Pit::from_letter(p.best),
        ) {
            let names = [row.south_name.as_str(), row.north_name.as_str()];
            // The opponent's replies would be rings of their own: the picture is
            // about the move played and the one that should have been.
            let board = BoardView {
                caption: Some(caption),
                ring: Some(better),
                legal: crate::rules::Moves::EMPTY,
                ..BoardView::of_game(&after, names)
            };
            files.push(Attachment {
                file_name: format!("blunder-{}-{}.png", row.id, i + 1),
                mime: "image/png",
                bytes: render::board_png(&board),
                description: format!("{description} {}", render::alt_text(&board)),
            });
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_naturally() {
        assert_eq!(seeds(700), "7");
        assert_eq!(seeds(350), "3.5");
        assert_eq!(seeds(-120), "-1.2");
        assert_eq!(seeds(0), "0");
    }

    #[test]
    fn a_turning_point_is_never_called_a_good_move() {
        let ply = |played, class: &str, loss| StoredPly {
            played,
            best: 'C',
            loss,
            class: Class::from_name(class).unwrap(),
            line: String::new(),
            scores: Vec::new(),
        };
        let close = turning_point(11, "alice", &ply('A', "good", 100));
        assert_eq!(
            close,
            "Turning point: move 12, **alice** played A, only 1 seed worse than C, \
             and from there the result never changed."
        );
        let blunder = turning_point(3, "bob", &ply('B', "blunder", 600));
        assert!(blunder.contains("B?? (a blunder, 6 seeds lost; better was C)"));
        let best = turning_point(0, "bob", &ply('C', "best", 0));
        assert!(best.ends_with("played C, and from there the result never changed."));
        for text in [close, blunder, best] {
            assert!(!text.contains("good move"), "{text}");
        }
    }

    /// The biggest blunder's board is the position just after it: its pit is the
    /// one just played, and the better pit is ringed.
    #[test]
    fn the_blunder_board_marks_the_pit_played_and_rings_the_better_one() {
        let moves = [Pit::ALL[0], Pit::ALL[6]];
        let game = Game::from_moves(crate::rules::Variant::Abapa, &moves).unwrap();
        let ply = |played, best, class: &str, loss| StoredPly {
            played,
            best,
            loss,
            class: Class::from_name(class).unwrap(),
            line: String::new(),
            scores: Vec::new(),
        };
        let stored = Stored {
            plies: vec![ply('A', 'A', "best", 0), ply('a', 'c', "blunder", 700)],
            graph: vec![0, 0, -700],
            accuracy: [100.0, 20.0],
            turning_point: None,
        };
        let files = files(&GameRow::example(7), &game, &stored);
        let board = files
            .iter()
            .find(|f| f.file_name == "blunder-7-2.png")
            .expect("the blunder's board");
        let text = &board.description;
        assert!(
            text.contains("Move 2: bob played a?? (−7); better c"),
            "{text}"
        );
        assert!(text.contains("bob last played a sowing 4"), "{text}");
        assert!(
            text.contains("pit c is ringed as the better move"),
            "{text}"
        );
    }

    /// Reviews stored before the class was typed read back the same: it is stored
    /// by name, and a name no class has is refused.
    #[test]
    fn a_stored_class_is_its_name() {
        let json = r#"{"played":"A","best":"C","loss":400,"class":"mistake","line":"C d","scores":[["A",-100]]}"#;
        let ply: StoredPly = serde_json::from_str(json).unwrap();
        assert_eq!(ply.class, Class::Mistake);
        let again = serde_json::to_string(&ply).unwrap();
        assert!(again.contains(r#""class":"mistake""#), "{again}");
        let bad = json.replace("mistake", "meh");
        assert!(serde_json::from_str::<StoredPly>(&bad).is_err());
    }

    #[test]
    fn losses_of_any_move_come_from_the_scores() {
        let stored = Stored {
            plies: vec![StoredPly {
                played: 'A',
                best: 'C',
                loss: 400,
                class: Class::Mistake,
                line: "C d".into(),
                scores: vec![('A', -100), ('C', 300), ('D', 250)],
            }],
            graph: vec![0, 300],
            accuracy: [50.0, 100.0],
            turning_point: None,
        };
        assert_eq!(stored.loss_of(0, 'C'), Some(0));
        assert_eq!(stored.loss_of(0, 'D'), Some(50));
        assert_eq!(stored.loss_of(0, 'A'), Some(400));
        assert_eq!(stored.loss_of(0, 'B'), None);
        assert_eq!(stored.loss_of(1, 'A'), None);
    }
}
