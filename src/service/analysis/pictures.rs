//! A review's pictures: the evaluation graph with mistakes and blunders marked, and
//! the board just after the biggest blunder.

use super::report::{mover, seeds};
use crate::store::{StoredPly, StoredReview};
use crate::{
    engine::analysis::Class,
    render::{self, BoardView, Mark},
    rules::{Game, Pit},
    service::Attachment,
    store::GameRow,
};

/// The words of the review's pictures.
struct Captions {
    /// The evaluation graph's title.
    title: String,
    /// The biggest blunder's caption and the start of its description.
    blunder: Option<(String, String)>,
}

/// The biggest blunder: its ply and its stored move.
fn biggest_blunder(stored: &StoredReview) -> Option<(usize, &StoredPly)> {
    stored
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.class == Class::Blunder)
        .max_by_key(|(i, p)| (p.loss, std::cmp::Reverse(*i)))
}

/// The [`Captions`] of game `row`'s review.
fn captions(lang: &crate::i18n::Language, row: &GameRow, stored: &StoredReview) -> Captions {
    let title = crate::tr!(
        lang,
        "report-graph-title",
        game = row.id,
        south = row.south.name,
        north = row.north.name
    );
    let blunder = biggest_blunder(stored).map(|(i, p)| {
        let caption = crate::tr!(
            lang,
            "report-blunder-caption",
            move_number = i + 1,
            name = row.name(mover(i)),
            pit = p.played,
            seeds = seeds(lang, p.loss),
            best = p.best
        );
        let description = crate::tr!(
            lang,
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
pub(crate) fn files(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    stored: &StoredReview,
) -> Vec<Attachment> {
    let captions = captions(lang, row, stored);
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
        bytes: render::eval_graph_png(lang, title, &values, &marks),
        description: render::eval_graph_alt(lang, title, &values, &marks),
    }];
    if let (Some((i, p)), Some((caption, description))) =
        (biggest_blunder(stored), &captions.blunder)
    {
        let moves: Vec<Pit> = game.moves().take(i + 1).collect();
        if let (Ok(after), Some(better)) = (
            Game::from_moves(game.variant(), &moves),
            Pit::from_letter(p.best),
        ) {
            let names = [row.south.name.as_str(), row.north.name.as_str()];
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
                bytes: render::board_png(lang, &board),
                description: format!("{description} {}", render::alt_text(lang, &board)),
            });
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The biggest blunder's board is the position just after it: its pit is the
    /// one just played, and the better pit is ringed.
    #[test]
    fn the_blunder_board_marks_the_pit_played_and_rings_the_better_one() {
        let lang = &crate::i18n::Language::english();
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
        let stored = StoredReview {
            plies: vec![ply('A', 'A', "best", 0), ply('a', 'c', "blunder", 700)],
            graph: vec![0, 0, -700],
            accuracy: [100.0, 20.0],
            turning_point: None,
        };
        let files = files(lang, &GameRow::example(7), &game, &stored);
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
}
