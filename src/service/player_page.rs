//! A player's page on the web, at an unguessable slug (`/u/<slug>`, given with
//! their row; never an enumerable number): their ratings at both speeds with a chart of each
//! (only the games played in places whose pages are public), their puzzle rating,
//! and their latest games in such places, each linked to its page. A player with no
//! game in such a place has no page: their name and ratings stay in chat.

use super::{leaderboard::label, ServiceError, Speed};
use crate::rules::Side;
use crate::service::cases::Pages;
use crate::service::cases::Preferences;

/// Games listed on a player's page.
const GAMES: i64 = 30;

/// A player's page, as read.
#[derive(Clone, Debug)]
pub struct PlayerPage {
    /// The language the player chose for themselves (`/oware settings me
    /// language:`) on the platform of their latest public game, else English: the
    /// page's language.
    pub language: crate::i18n::Language,
    /// Their name (in their latest public game).
    pub name: String,
    /// Their rating at each speed, as the bot shows it.
    pub ratings: Vec<(Speed, String)>,
    /// Their rating after each rated game in a public place, oldest first, at each
    /// speed they have such games at: the charts.
    pub charts: Vec<(Speed, Vec<f64>)>,
    /// Their puzzle record in words, if they answered puzzles in a public place.
    pub puzzles: Option<String>,
    /// Their latest public games, newest first.
    pub games: Vec<PlayerGame>,
}

/// One of a player's games, linked to its page.
#[derive(Clone, Debug)]
pub struct PlayerGame {
    /// Its page's slug.
    pub slug: String,
    /// The players, `[South, North]`.
    pub names: [String; 2],
    /// The score, `[South, North]`.
    pub score: [i64; 2],
    /// Whether it is still being played.
    pub active: bool,
}

impl Pages<'_> {
    /// The page of the player whose page slug is `slug`, or `None` when there is no
    /// such player or they played no game in a place whose pages are public.
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_page(&self, slug: &str) -> Result<Option<PlayerPage>, ServiceError> {
        if !crate::store::plausible_slug(slug) {
            return Ok(None);
        }
        let Some(identity) = self.core.page_reads.pages().identity_by_slug(slug).await? else {
            return Ok(None);
        };
        self.identity_page(identity).await
    }

    /// The page of identity `identity`, or `None` when it played no game in a place
    /// whose pages are public.
    async fn identity_page(
        &self,
        identity: crate::store::IdentityId,
    ) -> Result<Option<PlayerPage>, ServiceError> {
        let rows = self
            .core
            .page_reads
            .pages()
            .public_games_of(identity, GAMES)
            .await?;
        let Some(latest) = rows.first() else {
            return Ok(None);
        };
        let side = if latest.south.identity == identity {
            Side::South
        } else {
            Side::North
        };
        let name = latest.name(side).to_owned();
        let account = &latest.seat(side).user;
        let language = Preferences::new(self.core)
            .personal_language(latest.platform, account)
            .await
            .unwrap_or_default();
        let mut ratings = Vec::new();
        let mut charts = Vec::new();
        for speed in Speed::ALL {
            let row = self
                .core
                .page_reads
                .people()
                .rating(identity, speed)
                .await?;
            if row.is_some() {
                ratings.push((speed, label(row.as_ref())));
            }
            let history = self
                .core
                .page_reads
                .pages()
                .public_rating_history(identity, speed)
                .await?;
            if !history.is_empty() {
                charts.push((speed, history));
            }
        }
        let puzzles = self
            .core
            .page_reads
            .pages()
            .public_puzzle_stats(identity)
            .await?;
        let puzzles = puzzles
            .as_ref()
            .map(|stats| super::leaderboard::puzzle_line(&language, stats));
        let ids: Vec<i64> = rows.iter().map(|row| row.id.get()).collect();
        let mut slugs = self.core.page_reads.pages().web_slugs(&ids).await?;
        let games = rows
            .into_iter()
            .filter_map(|row| {
                Some(PlayerGame {
                    slug: slugs.remove(&row.id.get())?,
                    score: [row.south.score, row.north.score],
                    active: row.is_active(),
                    names: [row.south.name, row.north.name],
                })
            })
            .collect();
        Ok(Some(PlayerPage {
            language,
            name,
            ratings,
            charts,
            puzzles,
            games,
        }))
    }
}
