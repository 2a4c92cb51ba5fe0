//! What the web pages show (the `web` adapter renders it): a game found by its
//! unguessable slug, unless its place turned its pages off, with the board at any
//! ply, the players (`page_players.rs`), the clocks, the advice tally and the game record
//! (the links that the bot's messages carry are `links.rs`). Nothing private: no
//! link codes, no reports, no platform user ids.

use super::links::place_of;
use super::{view, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Pages;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::{
    i18n::Language,
    render::{self, BoardView},
    rules::Game,
    store::{GameRow, WebPages},
};

/// A game's page, as read.
#[derive(Clone, Debug)]
pub struct GamePage {
    /// The language of its place, which the page is written in.
    pub language: Language,
    /// The game as stored.
    pub row: GameRow,
    /// The game replayed.
    pub game: Game,
    /// Whether its place lists its pages.
    pub web: WebPages,
    /// The players, `[South, North]`: their ratings, and their pages' links.
    pub players: [super::PagePlayer; 2],
    /// The clocks, `[South, North]`, for a game with a time control in progress.
    pub clocks: Option<[String; 2]>,
    /// The onlookers' advice for the move to play, if any.
    pub advice: Option<String>,
    /// The result in words, once over.
    pub result: Option<String>,
    /// The game record (tags and numbered moves).
    pub record: String,
    /// How long each move took (Unix ms, in order): from the game's start, then
    /// from the move before.
    pub move_times: Vec<i64>,
    /// The move shown (moves played before the board shown).
    pub shown: usize,
    /// The alt text of the board shown.
    pub alt: String,
    /// The review, once the game was reviewed.
    pub review: Option<super::PageReview>,
    /// When it was read, in the service's time (Unix ms).
    pub read_at: i64,
}

/// What a game's page depends on besides its game's moves: the game's version, how
/// its place shows pages and in what language, and, while the game's clocks run,
/// the second of the service's time (they are shown to the second). Two reads of a
/// page with the same stamp show the same thing, but for the onlookers' advice and a
/// review, which may come meanwhile; so a page written for a stamp may be served
/// again for that stamp for a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageStamp {
    /// The game's row version.
    pub version: i64,
    /// How its place shows pages.
    pub web: WebPages,
    /// The language the page is written in.
    pub language: Language,
    /// The second of the service's time, for a game in progress with a clock.
    pub second: Option<i64>,
}

/// Whether the game stored as `row` shows running clocks.
fn ticking(row: &GameRow) -> bool {
    row.is_active() && row.time_control.speed().is_some()
}

impl GamePage {
    /// What this page was written for.
    #[must_use]
    pub fn stamp(&self) -> PageStamp {
        PageStamp {
            version: self.row.version,
            web: self.web,
            language: self.language.clone(),
            second: ticking(&self.row).then_some(self.read_at / 1000),
        }
    }

    /// The players' names, `[South, North]`.
    #[must_use]
    pub fn names(&self) -> [&str; 2] {
        [self.row.south.name.as_str(), self.row.north.name.as_str()]
    }

    /// Moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.game.plies().len()
    }
}

/// A board picture at some ply, with its alt text.
#[derive(Clone, Debug)]
pub struct PageBoard {
    /// The PNG.
    pub png: Vec<u8>,
    /// Its alt text (the same as the bot's).
    pub alt: String,
}

/// Whether `slug` could be a page slug (checked before any query).
fn plausible(slug: &str) -> bool {
    crate::store::plausible_slug(slug)
}

/// The board of `game` (stored as `row`) with its alt text, and its PNG if `png`.
fn picture(
    lang: &crate::i18n::Language,
    row: &GameRow,
    game: &Game,
    clocks: Option<&[String; 2]>,
    png: bool,
) -> PageBoard {
    let names = [row.south.name.as_str(), row.north.name.as_str()];
    let result = game.outcome().map(|o| render::result_line(lang, &o, names));
    let view = BoardView {
        caption: result.as_deref(),
        clocks: clocks.map(|[s, n]| [s.as_str(), n.as_str()]),
        ..BoardView::of_game(game, names)
    };
    PageBoard {
        png: if png {
            render::board_png(lang, &view)
        } else {
            Vec::new()
        },
        alt: render::alt_text(lang, &view),
    }
}

impl Pages<'_> {
    /// The game at `slug` and whether its place shows it, or `None` (no such page, or
    /// its place turned pages off).
    async fn page_row(
        &self,
        slug: &str,
    ) -> Result<Option<(GameRow, WebPages, Language)>, ServiceError> {
        if !plausible(slug) {
            return Ok(None);
        }
        let Some(row) = self.core.page_reads.pages().game_by_slug(slug).await? else {
            return Ok(None);
        };
        let settings = Preferences::new(self.core)
            .place_settings(&place_of(&row))
            .await?;
        let web = settings.web();
        Ok((web != WebPages::Off).then(|| (row, web, settings.language())))
    }

    /// What the page of the game at `slug` would be written for now (one read of the
    /// game's row), or `None` when there is no such page.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_page_stamp(&self, slug: &str) -> Result<Option<PageStamp>, ServiceError> {
        let Some((row, web, language)) = self.page_row(slug).await? else {
            return Ok(None);
        };
        Ok(Some(PageStamp {
            version: row.version,
            web,
            language,
            second: ticking(&row).then(|| self.core.now() / 1000),
        }))
    }

    /// The page of the game at `slug`, or `None`.
    ///
    /// # Errors
    /// Database failures; a stored game that does not replay.
    pub async fn game_page(
        &self,
        slug: &str,
        ply: Option<i64>,
    ) -> Result<Option<GamePage>, ServiceError> {
        let Some((row, web, language)) = self.page_row(slug).await? else {
            return Ok(None);
        };
        Ok(Some(self.game_page_of(language, row, web, ply).await?))
    }

    /// `Pages::game_page` of `row`, in `language`.
    async fn game_page_of(
        &self,
        language: Language,
        row: GameRow,
        web: WebPages,
        ply: Option<i64>,
    ) -> Result<GamePage, ServiceError> {
        let lang = &language;
        let game = Games::new(self.core).load(&row).await?;
        let (shown, alt) = match ply {
            Some(ply) if (0..row.ply).contains(&ply) => {
                let before = Games::new(self.core).load_at(&row, ply).await?;
                (
                    before.plies().len(),
                    picture(lang, &row, &before, None, false).alt,
                )
            }
            _ => {
                let clocks = view::clock_labels(lang, &row, &game, self.core.now());
                (
                    game.plies().len(),
                    picture(lang, &row, &game, clocks.as_ref(), false).alt,
                )
            }
        };
        let players = self.page_players(&row, web).await?;
        let names = [row.south.name.as_str(), row.north.name.as_str()];
        let result = game.outcome().map(|o| render::result_line(lang, &o, names));
        let clocks = view::clock_labels(lang, &row, &game, self.core.now());
        let advice = Play::new(self.core)
            .advice_summary(lang, &row, &game)
            .await?;
        let record = super::replay::record_of(&row, &game)?.to_text();
        let review = self.page_review(lang, &row, &game, false).await?;
        let mut before = row.created_at;
        let move_times = self
            .core
            .page_reads
            .games()
            .moves(row.id)
            .await?
            .iter()
            .map(|m| {
                let took = m.played_at - before;
                before = m.played_at;
                took.max(0)
            })
            .collect();
        Ok(GamePage {
            language,
            row,
            game,
            web,
            players,
            clocks,
            advice,
            result,
            record,
            move_times,
            shown,
            alt,
            review,
            read_at: self.core.now(),
        })
    }

    /// The board of the game at `slug` after `ply` moves (the latest when `None` or
    /// past the end), or `None` when there is no such page.
    ///
    /// # Errors
    /// Database failures; a stored game that does not replay.
    pub async fn page_board(
        &self,
        slug: &str,
        ply: Option<i64>,
    ) -> Result<Option<PageBoard>, ServiceError> {
        let Some((row, _, language)) = self.page_row(slug).await? else {
            return Ok(None);
        };
        let lang = &language;
        let ply = ply.unwrap_or(row.ply);
        let game = Games::new(self.core).load_at(&row, ply).await?;
        let latest = game.plies().len() == usize::try_from(row.ply).unwrap_or(usize::MAX);
        let clocks = latest
            .then(|| view::clock_labels(lang, &row, &game, self.core.now()))
            .flatten();
        let key = format!(
            "board/{}/{}/{}/{}/{clocks:?}",
            row.id,
            game.plies().len(),
            row.version,
            language.tag()
        );
        if let Some(png) = self.core.web_pictures.get(&key) {
            return Ok(Some(PageBoard {
                png,
                alt: String::new(),
            }));
        }
        // On the web's own slots, at once or not at all: never on the chat's.
        let lang = language.clone();
        let board = Pictures::new(self.core)
            .web_picture(move || picture(&lang, &row, &game, clocks.as_ref(), true))
            .await?;
        self.core.web_pictures.put(key, &board.png);
        Ok(Some(board))
    }

    /// The evaluation graph of the game at `slug` (PNG), once it was reviewed.
    ///
    /// # Errors
    /// Database failures; a stored game that does not replay.
    pub async fn page_review_graph(&self, slug: &str) -> Result<Option<Vec<u8>>, ServiceError> {
        let Some((row, _, language)) = self.page_row(slug).await? else {
            return Ok(None);
        };
        let key = format!("review/{}/{}/{}", row.id, row.version, language.tag());
        if let Some(png) = self.core.web_pictures.get(&key) {
            return Ok(Some(png));
        }
        let game = Games::new(self.core).load(&row).await?;
        let review = self.page_review(&language, &row, &game, true).await?;
        let graph = review.and_then(|r| r.graph).map(|(png, _)| png);
        if let Some(png) = &graph {
            self.core.web_pictures.put(key, png);
        }
        Ok(graph)
    }

    /// The version of the game at `slug` (bumped by every change), or `None` when the
    /// page is gone: what a live page watches.
    ///
    /// # Errors
    /// Database failures.
    pub async fn page_version(
        &self,
        game_id: crate::store::GameId,
    ) -> Result<Option<i64>, ServiceError> {
        Ok(self.core.page_reads.pages().game_version(game_id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_long_random_and_checked_before_any_query() {
        let a = crate::store::fresh_slug();
        let b = crate::store::fresh_slug();
        assert_ne!(a, b);
        assert!(plausible(&a) && plausible(&b), "{a} {b}");
        for bad in [
            "",
            "short",
            "ABCDEFGHJKMNPQRS",
            "abcdefghjkmnpqr1",
            "../../etc/passwd",
        ] {
            assert!(!plausible(bad), "{bad}");
        }
    }
}
