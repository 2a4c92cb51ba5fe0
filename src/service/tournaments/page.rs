//! A place's tournaments as its web page shows them: each one's stage, standings
//! and crosstable, and, while it runs, the pairings of its current round with a
//! link to each game's page.

use super::{
    super::ServiceError,
    event::{entrant, Event},
    title,
};
use crate::platform::Platform;
use crate::service::cases::Links;
use crate::service::cases::Tournaments;
use crate::store::{GameState, TournamentStatus};

/// A tournament as a place's web page shows it.
#[derive(Clone, Debug)]
pub struct TournamentSummary {
    /// Its name and number.
    pub title: String,
    /// `round 2 of 5`, `not started yet`, `final, …`.
    pub stage: String,
    /// The standings, one line per player (light Markdown: `**name**`).
    pub standings: String,
    /// The crosstable, once a round was played.
    pub crosstable: Option<String>,
    /// The current round's boards while the tournament runs (empty otherwise).
    pub pairings: Vec<RoundBoard>,
}

/// A board of a tournament's current round: who plays whom, or who has the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundBoard {
    /// The board's number in the round (1-based).
    pub board: i64,
    /// South's name, or the name of the player with the bye.
    pub south: String,
    /// North's name; `None` for a bye.
    pub north: Option<String>,
    /// The page slug of the board's game, when it has one.
    pub slug: Option<String>,
    /// The seeds captured, `[South, North]`, once the game is over.
    pub score: Option<[i64; 2]>,
}

impl Tournaments<'_> {
    /// The tournaments of place `key` on `platform` (open and running ones, and the
    /// last few finished), for its web page (which only a place that made its pages
    /// public has: its games' pages may be linked).
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::service) async fn tournament_summaries(
        &self,
        lang: &crate::i18n::Language,
        platform: Platform,
        key: &str,
    ) -> Result<Vec<TournamentSummary>, ServiceError> {
        let mut summaries = Vec::new();
        for t in self
            .core
            .page_reads
            .tournaments()
            .tournaments_at(platform, key)
            .await?
        {
            let Some(event) = self.load_event(t.id).await? else {
                continue;
            };
            let pairings = self.current_round(lang, &event).await?;
            summaries.push(TournamentSummary {
                title: title(lang, &t),
                stage: event.stage(lang),
                standings: event.lines(lang),
                crosstable: (t.round > 0).then(|| event.crosstable(lang)),
                pairings,
            });
        }
        Ok(summaries)
    }

    /// The boards of `event`'s current round, while it runs.
    async fn current_round(
        &self,
        lang: &crate::i18n::Language,
        event: &Event,
    ) -> Result<Vec<RoundBoard>, ServiceError> {
        if event.t.status != TournamentStatus::Running {
            return Ok(Vec::new());
        }
        let mut boards = Vec::new();
        for b in event.boards.iter().filter(|b| b.round == event.t.round) {
            let slug = match b.game_id {
                Some(game) => Links::new(self.core).game_slug(game).await?,
                None => None,
            };
            let over = b.state.and_then(GameState::ending).is_some();
            let score = match (b.south_score, b.north_score) {
                (Some(south), Some(north)) if over => Some([south, north]),
                _ => None,
            };
            boards.push(RoundBoard {
                board: b.board,
                south: event.name(lang, entrant(b.south)),
                north: b.north.map(|north| event.name(lang, entrant(north))),
                slug,
                score,
            });
        }
        Ok(boards)
    }
}
