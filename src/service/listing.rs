//! `/oware games`: the author's active games and pending challenges.

use std::fmt::Write;

use super::{view, Command, Reply, Service, ServiceError};

impl Service {
    pub(super) async fn games(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform.as_str();
        let games = self.store.active_games_of(platform, &cmd.author.id).await?;
        let challenges = self
            .store
            .pending_challenges_of(platform, &cmd.author.id, self.now())
            .await?;
        if games.is_empty() && challenges.is_empty() {
            return Ok(Reply::private(
                "You have no active games or pending challenges. Start one with \
                 `/oware play @someone`.",
            ));
        }
        let mut text = String::new();
        if !games.is_empty() {
            text.push_str("Your games:");
            for row in &games {
                let turn = if row.ply % 2 == 0 {
                    &row.south_name
                } else {
                    &row.north_name
                };
                let _ = write!(
                    text,
                    "\n- {} ({} {}–{}), move {}, {turn} to move",
                    view::game_label(row),
                    row.variant,
                    row.south_score,
                    row.north_score,
                    row.ply
                );
            }
        }
        if !challenges.is_empty() {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str("Pending challenges:");
            for c in &challenges {
                let _ = write!(
                    text,
                    "\n- #{}: {} challenged {} ({})",
                    c.id, c.challenger_name, c.opponent_name, c.variant
                );
            }
        }
        Ok(Reply::private(text))
    }
}
