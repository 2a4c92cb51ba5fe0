//! `/oware games`: the author's active games (those where it is their turn first)
//! and pending challenges; `/oware live`: the games in progress here, to watch.

use super::{view, Command, Reply, ServiceError};
use crate::service::cases::Records;
use crate::store::GameRow;

/// The most games `/oware live` lists.
const LIVE_MAX: usize = 20;

impl Records<'_> {
    pub(super) async fn games(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let mut games = self
            .core
            .store
            .games()
            .active_games_of(platform, &cmd.author.id)
            .await?;
        // The author's turn first, the soonest deadline first; then the others.
        let my_turn = |row: &GameRow| view::to_move_user(row) == cmd.author.id;
        games.sort_by_key(|row| (!my_turn(row), row.deadline_at.unwrap_or(i64::MAX), row.id));
        let challenges = self
            .core
            .store
            .challenges()
            .pending_challenges_of(platform, &cmd.author.id, self.core.now())
            .await?;
        if games.is_empty() && challenges.is_empty() {
            return Ok(Reply::private(crate::tr!(lang, "listing-empty")));
        }
        let mut text = String::new();
        let mut levels = std::collections::HashMap::new();
        for row in games.iter().filter(|row| row.south.bot || row.north.bot) {
            if let Some(level) = self.core.store.games().engine_level(row.id).await? {
                levels.insert(row.id, level);
            }
        }
        let mut heading = None;
        for row in &games {
            let mine = my_turn(row);
            if heading != Some(mine) {
                if heading.is_some() {
                    text.push('\n');
                }
                text.push_str(&crate::tr!(
                    lang,
                    "listing-games",
                    turn = if mine { "yours" } else { "theirs" }
                ));
                heading = Some(mine);
            }
            {
                let turn = view::to_move_name(row);
                let (game, variant, south, north, moves) = (
                    view::game_label(lang, row),
                    &row.variant,
                    row.south.score,
                    row.north.score,
                    view::moves_played(lang, row.ply, true),
                );
                text.push('\n');
                text.push_str(&match levels.get(&row.id) {
                    Some(level) => crate::tr!(
                        lang,
                        "listing-game-engine",
                        game = game,
                        variant = variant,
                        level = view::level_words(lang, *level),
                        south = south,
                        north = north,
                        moves = moves,
                        turn = turn
                    ),
                    None => crate::tr!(
                        lang,
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
            text.push_str(&crate::tr!(lang, "listing-challenges"));
            for c in &challenges {
                text.push('\n');
                text.push_str(&crate::tr!(
                    lang,
                    "listing-challenge",
                    challenge = c.id,
                    challenger = c.challenger_name,
                    opponent = view::challenged(lang, c),
                    variant = c.variant
                ));
            }
        }
        Ok(Reply::private(text))
    }

    /// `/oware live`: the games in progress here (on a server, in any of its
    /// channels), the most recently played first, each with its thread.
    pub(super) async fn live(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let place = &cmd.place;
        let limit = i64::try_from(LIVE_MAX + 1).unwrap_or(i64::MAX);
        let games = self
            .core
            .store
            .games()
            .live_games(
                place.platform,
                place.space.as_deref(),
                &place.channel,
                limit,
            )
            .await?;
        if games.is_empty() {
            return Ok(Reply::private(crate::tr!(lang, "listing-live-empty")));
        }
        let mut text = crate::tr!(lang, "listing-live");
        for row in games.iter().take(LIVE_MAX) {
            text.push('\n');
            text.push_str(&crate::tr!(
                lang,
                "listing-live-game",
                game = view::game_label(lang, row),
                south = row.south.score,
                north = row.north.score,
                moves = view::moves_played(lang, row.ply, true),
                turn = view::to_move_name(row),
                thread = view::thread_link(row)
                    .map(|link| link.text)
                    .unwrap_or_default(),
            ));
        }
        if games.len() > LIVE_MAX {
            text.push('\n');
            text.push_str(&crate::tr!(lang, "listing-live-more", shown = LIVE_MAX));
        }
        let mut reply = Reply::private(text);
        for link in games.iter().take(LIVE_MAX).filter_map(view::thread_link) {
            reply.note_place(link);
        }
        Ok(reply)
    }
}
