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
        let mut levels = std::collections::HashMap::new();
        for row in games.iter().filter(|row| row.south_bot || row.north_bot) {
            if let Some(level) = self.store.engine_level(row.id).await? {
                levels.insert(row.id, level);
            }
        }
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
                    "\n- {} ({}{} {}–{}), {}, {turn} to move",
                    view::game_label(row),
                    row.variant,
                    match levels.get(&row.id) {
                        Some(level) => format!(", engine {level}"),
                        None => String::new(),
                    },
                    row.south_score,
                    row.north_score,
                    view::moves_played(row.ply, true)
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
                    "\n- challenge c{}: {} challenged {} ({})",
                    c.id, c.challenger_name, c.opponent_name, c.variant
                );
            }
        }
        Ok(Reply::private(text))
    }
}
