//! `/oware games`: the author's active games and pending challenges.

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
            return Ok(Reply::private(crate::tr!("listing-empty")));
        }
        let mut text = String::new();
        let mut levels = std::collections::HashMap::new();
        for row in games.iter().filter(|row| row.south_bot || row.north_bot) {
            if let Some(level) = self.store.engine_level(row.id).await? {
                levels.insert(row.id, level);
            }
        }
        if !games.is_empty() {
            text.push_str(&crate::tr!("listing-games"));
            for row in &games {
                let turn = if row.ply % 2 == 0 {
                    &row.south_name
                } else {
                    &row.north_name
                };
                let (game, variant, south, north, moves) = (
                    view::game_label(row),
                    &row.variant,
                    row.south_score,
                    row.north_score,
                    view::moves_played(row.ply, true),
                );
                text.push('\n');
                text.push_str(&match levels.get(&row.id) {
                    Some(level) => crate::tr!(
                        "listing-game-engine",
                        game = game,
                        variant = variant,
                        level = level,
                        south = south,
                        north = north,
                        moves = moves,
                        turn = turn
                    ),
                    None => crate::tr!(
                        "listing-game",
                        game = game,
                        variant = variant,
                        south = south,
                        north = north,
                        moves = moves,
                        turn = turn
                    ),
                });
            }
        }
        if !challenges.is_empty() {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&crate::tr!("listing-challenges"));
            for c in &challenges {
                text.push('\n');
                text.push_str(&crate::tr!(
                    "listing-challenge",
                    challenge = c.id,
                    challenger = c.challenger_name,
                    opponent = c.opponent_name,
                    variant = c.variant
                ));
            }
        }
        Ok(Reply::private(text))
    }
}
