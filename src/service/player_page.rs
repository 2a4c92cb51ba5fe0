//! A player's page on the web, at an unguessable slug (`/u/<slug>`, given with
//! their row; never an enumerable number): their ratings at both speeds with a chart of each
//! (only the games played in places whose pages are public), their puzzle rating,
//! and their latest games in such places, each linked to its page with how it went
//! for them. A player with no game in such a place has no page: their name and
//! ratings stay in chat.

use super::{leaderboard::label, ServiceError, Speed};
use crate::rules::{EndReason, Side};
use crate::service::cases::Pages;
use crate::service::cases::Preferences;
use crate::store::GameState;

/// Games listed on a player's page.
const GAMES: i64 = 30;

/// A player's page, as read.
#[derive(Clone, Debug)]
pub struct PlayerPage {
    /// The language the player chose for themselves (`/oware settings me
    /// language:`) on the platform of their latest public game, else that game's
    /// place's: the page's language.
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
    /// Its number (`#12`).
    pub id: crate::store::GameId,
    /// Its page's slug.
    pub slug: String,
    /// The players, `[South, North]`.
    pub names: [String; 2],
    /// The seeds each captured, `[South, North]`.
    pub score: [i64; 2],
    /// When it started (Unix ms).
    pub started_at: i64,
    /// How it went for the player whose page it is.
    pub result: PlayerResult,
}

/// How a game went for one of its players, and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    /// Still being played.
    Playing,
    /// They won.
    Won(EndReason),
    /// They lost.
    Lost(EndReason),
    /// A draw.
    Drawn(EndReason),
    /// Aborted before both sides had moved: no result.
    Aborted,
}

impl PlayerResult {
    /// How a game in `state` went for the player on `side`.
    #[must_use]
    pub fn of(state: GameState, side: Side) -> PlayerResult {
        let GameState::Over(ending) = state else {
            return PlayerResult::Playing;
        };
        match (ending.reason, ending.winner) {
            (EndReason::Aborted, _) => PlayerResult::Aborted,
            (reason, Some(winner)) if winner == side => PlayerResult::Won(reason),
            (reason, Some(_)) => PlayerResult::Lost(reason),
            (reason, None) => PlayerResult::Drawn(reason),
        }
    }
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
        let preferences = Preferences::new(self.core);
        let language = match preferences
            .personal_language(latest.platform, account)
            .await
        {
            Some(own) => own,
            // Else the language of the place of their latest public game: a French
            // room's player reads their page in French.
            None => {
                let place = latest.space.as_deref().unwrap_or(&latest.channel);
                preferences.language_at(latest.platform, place).await
            }
        };
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
                // Their side (South when they played themselves, linked accounts).
                let side = if row.south.identity == identity {
                    Side::South
                } else {
                    Side::North
                };
                Some(PlayerGame {
                    id: row.id,
                    slug: slugs.remove(&row.id.get())?,
                    score: [row.south.score, row.north.score],
                    started_at: row.created_at,
                    result: PlayerResult::of(row.state, side),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Ending;

    #[test]
    fn a_result_is_told_from_the_players_side() {
        let over = |reason, winner| GameState::Over(Ending { reason, winner });
        let resigned = over(EndReason::Resignation(Side::North), Some(Side::South));
        assert_eq!(
            PlayerResult::of(resigned, Side::South),
            PlayerResult::Won(EndReason::Resignation(Side::North))
        );
        assert_eq!(
            PlayerResult::of(resigned, Side::North),
            PlayerResult::Lost(EndReason::Resignation(Side::North))
        );
        let drawn = over(EndReason::DrawAgreed, None);
        assert_eq!(
            PlayerResult::of(drawn, Side::North),
            PlayerResult::Drawn(EndReason::DrawAgreed)
        );
        for side in [Side::South, Side::North] {
            assert_eq!(
                PlayerResult::of(GameState::Over(Ending::ABORTED), side),
                PlayerResult::Aborted
            );
            assert_eq!(
                PlayerResult::of(GameState::Active, side),
                PlayerResult::Playing
            );
        }
    }
}
