//! The players as a game's page names them: each one's rating at the game's speed,
//! what the game did to it once rated, and, where the game's place lists its pages,
//! a link to the player's own page (which exists for anyone who played in a public
//! place; an unlisted game's page links nobody, so its link reveals no one else's).

use crate::service::cases::Pages;
use crate::service::ServiceError;
use crate::store::{GameRow, WebPages};

/// One player of a game's page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PagePlayer {
    /// Their player page's slug, in a public place.
    pub page: Option<String>,
    /// Their rating at the game's speed now, for a rated game.
    pub rating: Option<f64>,
    /// Their rating before and after this game, once it is over and rated.
    pub change: Option<(f64, f64)>,
}

impl Pages<'_> {
    /// The players of the game stored as `row`, `[South, North]`, on a page of a
    /// place that shows its pages as `web`.
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::service) async fn page_players(
        &self,
        row: &GameRow,
        web: WebPages,
    ) -> Result<[PagePlayer; 2], ServiceError> {
        let reads = &self.core.page_reads;
        let mut players = [PagePlayer::default(), PagePlayer::default()];
        let seats = [&row.south, &row.north];
        if let Some(speed) = row.time_control.speed() {
            let changes = reads.people().game_rating_changes(row.id).await?;
            for (player, seat) in players.iter_mut().zip(seats) {
                player.rating = reads
                    .people()
                    .rating_of_player(seat.id, speed)
                    .await?
                    .map(|r| r.rating);
                player.change = changes.get(&seat.identity).copied();
            }
        }
        if web == WebPages::Public {
            let identities = seats.map(|seat| seat.identity.get());
            let slugs = reads.pages().player_slugs(&identities).await?;
            for (player, identity) in players.iter_mut().zip(identities) {
                player.page = slugs.get(&identity).cloned();
            }
        }
        Ok(players)
    }
}
