//! A game's review as its web page shows it: the accuracy, the moves that lost
//! seeds with the better move, and the evaluation graph.

use super::{pictures, report::seeds, ServiceError};
use crate::service::cases::Pages;
use crate::service::cases::Pictures;
use crate::{engine::analysis::Class, rules::Game, store::GameRow};

/// A game's review, for its page.
#[derive(Clone, Debug)]
pub struct PageReview {
    /// How accurately each side played, `[South, North]`, 0 to 100.
    pub accuracy: [f64; 2],
    /// How many moves the graph runs over (its x axis, from 0).
    pub plies: usize,
    /// The inaccuracies, mistakes and blunders, in order.
    pub notes: Vec<ReviewNote>,
    /// The evaluation graph (PNG) and its alt text, when asked for (drawing it
    /// takes milliseconds: a page links it, its own address draws it).
    pub graph: Option<(Vec<u8>, String)>,
}

/// One move that lost seeds, and the better one.
#[derive(Clone, Debug)]
pub struct ReviewNote {
    /// The move's number, from 1.
    pub move_number: usize,
    /// Who played it.
    pub player: String,
    /// How bad it was, in words (`a blunder`).
    pub class: String,
    /// The pit played.
    pub played: char,
    /// The better pit.
    pub best: char,
    /// Seeds it lost against the better move, as the bot writes them.
    pub seeds: String,
}

impl Pages<'_> {
    /// The review of the game stored as `row` (replayed as `game`), if it has one,
    /// with its evaluation graph drawn if `graph`.
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::service) async fn page_review(
        &self,
        lang: &crate::i18n::Language,
        row: &GameRow,
        game: &Game,
        graph: bool,
    ) -> Result<Option<PageReview>, ServiceError> {
        let Some(stored) = self
            .core
            .page_reads
            .learning()
            .analysis(row.id)
            .await?
            .and_then(|a| a.review)
        else {
            return Ok(None);
        };
        let notes = stored
            .plies
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let class = match p.class {
                    Class::Inaccuracy => crate::tr!(lang, "report-class-inaccuracy"),
                    Class::Mistake => crate::tr!(lang, "report-class-mistake"),
                    Class::Blunder => crate::tr!(lang, "report-class-blunder"),
                    Class::Best | Class::Good => return None,
                };
                Some(ReviewNote {
                    move_number: i + 1,
                    player: row.name(super::report::mover(i)).to_owned(),
                    class,
                    played: p.played,
                    best: p.best,
                    seeds: seeds(lang, p.loss),
                })
            })
            .collect();
        let accuracy = stored.accuracy;
        let plies = stored.plies.len();
        let graph = if graph {
            let (row, game, lang) = (row.clone(), game.clone(), lang.clone());
            // The graph is drawn for the web only: on the web's slots, never the chat's.
            Pictures::new(self.core)
                .web_picture(move || {
                    pictures::files(&lang, &row, &game, &stored)
                        .into_iter()
                        .next()
                        .map(|graph| (graph.bytes, graph.description))
                })
                .await?
        } else {
            None
        };
        Ok(Some(PageReview {
            accuracy,
            plies,
            notes,
            graph,
        }))
    }
}
