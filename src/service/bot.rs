//! The built-in engine as an opponent. `/oware play @oware-bot level:hard` starts a
//! game at once (the bot never needs to accept), games against it are never rated,
//! and the bot answers each move in the same reply. The engine thinks on a blocking
//! thread so the chat keeps flowing.

use std::{collections::HashSet, sync::RwLock, time::Duration};

use super::{
    view, ChallengeOptions, Command, First, Level, Platform, Reply, Service, ServiceError, User,
};
use crate::{
    engine,
    rules::{Game, Ply, Side},
    store::{now_ms, GameRow, MoveRecord, NewChallenge, NewGame},
};

/// The chat accounts that are this bot, per platform (adapters register their own
/// after logging in; the console's bot is `oware-bot`).
#[derive(Debug, Default)]
pub(super) struct BotUsers(RwLock<HashSet<(Platform, String)>>);

impl BotUsers {
    fn contains(&self, platform: Platform, id: &str) -> bool {
        // A poisoned lock only means another thread panicked mid-insert; the set is
        // still a valid set.
        let set = self
            .0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.contains(&(platform, id.to_owned()))
    }

    fn insert(&self, platform: Platform, id: &str) {
        let mut set = self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.insert((platform, id.to_owned()));
    }
}

/// How long the engine may think at each level.
fn budget(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_millis(150),
        Level::Medium => Duration::from_millis(500),
        Level::Hard => Duration::from_secs(2),
    }
}

/// The record of a move by `side` in the game stored as `row`.
pub(super) fn move_record(row: &GameRow, side: Side, ply: &Ply) -> MoveRecord {
    MoveRecord {
        ply: row.ply + 1,
        player_id: match side {
            Side::South => row.south_id,
            Side::North => row.north_id,
        },
        pit: ply.effect.pit.letter(),
        sown: ply.effect.sown,
        captured: ply.effect.captured,
        captured_pits: ply.effect.captured_pits.letters(),
        grand_slam: ply.effect.grand_slam,
        board_after: ply.after.board(),
        scores: ply.after.scores(),
    }
}

impl Service {
    /// Tells the service that `user_id` on `platform` is this bot: challenging it
    /// starts a game against the engine. Adapters call this once they know their
    /// own account.
    pub fn register_bot_user(&self, platform: Platform, user_id: &str) {
        self.bots.insert(platform, user_id);
    }

    /// Whether `user` is this bot on `platform`.
    pub(super) fn is_engine(&self, platform: Platform, user: &User) -> bool {
        user.is_bot && self.bots.contains(platform, &user.id)
    }

    /// Starts a game against the engine.
    pub(super) async fn play_engine(
        &self,
        cmd: &Command,
        bot: &User,
        options: &ChallengeOptions,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform.as_str();
        let level = options.level.unwrap_or_default();
        let human_id = self
            .store
            .upsert_player(platform, &cmd.author.id, &cmd.author.name, false)
            .await?;
        let bot_id = self
            .store
            .upsert_player(platform, &bot.id, &bot.name, true)
            .await?;
        let human_first = match options.first {
            First::Challenger => true,
            First::Opponent => false,
            First::Random => rand::random::<bool>(),
        };
        let new = NewChallenge {
            platform: platform.to_owned(),
            space: cmd.place.space.clone(),
            channel: cmd.place.channel.clone(),
            thread: cmd.place.thread.clone(),
            challenger_id: human_id,
            opponent_id: bot_id,
            first: if human_first {
                "challenger"
            } else {
                "opponent"
            },
            rated: false,
            variant: options.variant.as_str(),
            advice: options.advice.unwrap_or(true),
            level: Some(level.as_str()),
            expires_at: now_ms().saturating_add(60_000),
        };
        let challenge_id = self.store.create_challenge(&new).await?;
        let challenge =
            self.store.challenge(challenge_id).await?.ok_or_else(|| {
                ServiceError::Internal(format!("challenge #{challenge_id} vanished"))
            })?;
        let (south_id, north_id) = if human_first {
            (human_id, bot_id)
        } else {
            (bot_id, human_id)
        };
        let game_id = self
            .store
            .accept_challenge(&challenge, &NewGame { south_id, north_id })
            .await?
            .ok_or_else(|| ServiceError::Internal(format!("challenge #{challenge_id} closed")))?;
        let mut headline = format!(
            "Game #{game_id} against the engine ({} level, {}, casual) begins: **{}** \
             plays South (A–F) and moves first.",
            level.as_str(),
            options.variant.as_str(),
            if human_first {
                &cmd.author.name
            } else {
                &bot.name
            },
        );
        if let Some((row, game, ply)) = self.engine_turn(game_id).await? {
            let reply = view::move_reply(&row, &game, &ply);
            headline.push('\n');
            headline.push_str(&reply.text);
            let reply = Reply {
                text: headline,
                ..reply
            };
            return Ok(view::with_board(reply, &row, &game, None).await);
        }
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or_else(|| ServiceError::Internal(format!("game #{game_id} vanished")))?;
        let game = Game::new(options.variant);
        let reply = view::board_reply(&row, &game, headline);
        Ok(view::with_board(reply, &row, &game, None).await)
    }

    /// After a move (`reply`, in the stored game `row`, now `game`): if it is an
    /// engine game and the engine is to move, it moves, and the reply shows both
    /// moves and the board after its own. The board image is attached either way,
    /// with the onlookers' advice for the side to move.
    pub(super) async fn answer_engine(
        &self,
        reply: Reply,
        row: &GameRow,
        game: &Game,
    ) -> Result<Reply, ServiceError> {
        let Some((row, game, ply)) = self.engine_turn(row.id).await? else {
            let advice = self.advice_summary(row, game).await?;
            return Ok(view::with_board(reply, row, game, advice.as_deref()).await);
        };
        let answer = view::move_reply(&row, &game, &ply);
        // The human's move line, then the engine's reply with its board.
        let human = reply.text.lines().next().unwrap_or_default();
        let answer = Reply {
            text: format!("{human}\n{}", answer.text),
            ..answer
        };
        let advice = self.advice_summary(&row, &game).await?;
        Ok(view::with_board(answer, &row, &game, advice.as_deref()).await)
    }

    /// Plays the engine's move if `game_id` is an active engine game with the engine
    /// to move; returns the stored game and the move.
    async fn engine_turn(
        &self,
        game_id: i64,
    ) -> Result<Option<(GameRow, Game, Ply)>, ServiceError> {
        let Some(level) = self.store.engine_level(game_id).await? else {
            return Ok(None);
        };
        let level: Level = level
            .parse()
            .map_err(|e| ServiceError::Internal(format!("game #{game_id}: {e}")))?;
        let Some(row) = self.store.game(game_id).await? else {
            return Ok(None);
        };
        let mut game = self.load(&row).await?;
        let Some(side) = game.to_move() else {
            return Ok(None);
        };
        let platform = Platform::from_name(&row.platform);
        let mover = view::player(&row, side);
        let is_bot = platform.is_some_and(|p| self.bots.contains(p, &mover.id));
        if !row.is_active() || !is_bot {
            return Ok(None);
        }
        let seed = (game_id as u64) << 16 | row.ply as u64;
        let thinking = game.clone();
        let pit = tokio::task::spawn_blocking(move || {
            engine::choose_move(&thinking, level, budget(level), seed)
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("engine thread: {e}")))?
        .ok_or_else(|| ServiceError::Internal(format!("game #{game_id}: no engine move")))?;
        let ply = *game
            .play(pit)
            .map_err(|e| ServiceError::Internal(format!("engine chose {pit}: {e}")))?;
        let end = game.outcome().map(super::games::game_end);
        let record = move_record(&row, side, &ply);
        // Engine games are never rated: no rater.
        let applied = self
            .store
            .record_move(row.id, row.version, &record, end.as_ref(), None)
            .await?;
        if applied.is_none() {
            // Someone resigned or ended the game meanwhile: nothing to answer.
            return Ok(None);
        }
        Ok(Some((row, game, ply)))
    }
}
