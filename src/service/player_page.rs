//! A player's page on the web: their ratings at both speeds and their latest games
//! in places whose pages are public, each linked to its page. A player with no game
//! in such a place has no page: their name and ratings stay in chat.

use super::{leaderboard::label, Service, ServiceError, Speed};
use crate::rules::Side;

/// Games listed on a player's page.
const GAMES: i64 = 30;

/// A player's page, as read.
#[derive(Clone, Debug)]
pub struct PlayerPage {
    /// Their name (in their latest public game).
    pub name: String,
    /// Their rating at each speed, as the bot shows it.
    pub ratings: Vec<(Speed, String)>,
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

impl Service {
    /// The page of identity `identity`, or `None` when it played no game in a place
    /// whose pages are public.
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_page(&self, identity: i64) -> Result<Option<PlayerPage>, ServiceError> {
        let rows = self.store.public_games_of(identity, GAMES).await?;
        let Some(latest) = rows.first() else {
            return Ok(None);
        };
        let side = if latest.south_identity == identity {
            Side::South
        } else {
            Side::North
        };
        let name = super::view::name(latest, side).to_owned();
        let mut ratings = Vec::new();
        for speed in Speed::ALL {
            let row = self.store.rating(identity, speed).await?;
            if row.is_some() {
                ratings.push((speed, label(row.as_ref())));
            }
        }
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            if let Some(slug) = self.game_slug(row.id).await? {
                games.push(PlayerGame {
                    slug,
                    score: [row.south_score, row.north_score],
                    active: row.is_active(),
                    names: [row.south_name, row.north_name],
                });
            }
        }
        Ok(Some(PlayerPage {
            name,
            ratings,
            games,
        }))
    }
}
