//! Which game a command means (named, this thread's, or the one here), and a stored
//! game replayed from its moves, its stored ending included.

use super::{view, Action, Command, GameRef, ServiceError};
use crate::service::cases::Games;
use crate::{
    rules::{EndReason, Game, IllegalMove, Outcome, Side, Variant},
    store::{GameEnd, GameRow},
};

impl Games<'_> {
    /// The player row of `cmd`'s author (recorded now if new, the name refreshed).
    pub(in crate::service) async fn author_player(
        &self,
        cmd: &Command,
    ) -> Result<crate::store::PlayerId, ServiceError> {
        Ok(self
            .core
            .store
            .people()
            .upsert_player(
                cmd.place.platform,
                &cmd.author.id,
                &cmd.author.name,
                cmd.author.is_bot,
            )
            .await?)
    }
}

impl Games<'_> {
    /// The game a command means: the named one, else this thread's, else the one
    /// active game here in which the author plays (or, when `onlooker_ok`, the one
    /// active game here at all).
    pub(in crate::service) async fn find_game(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
        onlooker_ok: bool,
    ) -> Result<GameRow, ServiceError> {
        let platform = cmd.place.platform;
        if let Some(id) = game {
            return match self.core.store.games().game(id).await? {
                Some(row)
                    if cmd
                        .place
                        .holds(row.platform, row.space.as_deref(), &row.channel) =>
                {
                    Ok(row)
                }
                _ => Err(ServiceError::NoSuchGame(id)),
            };
        }
        if let Some(thread) = &cmd.place.thread {
            let (space, channel) = (cmd.place.space.as_deref(), cmd.place.channel.as_str());
            if let Some(row) = self
                .core
                .store
                .games()
                .game_in_thread(platform, space, channel, thread)
                .await?
            {
                return Ok(row);
            }
        }
        let here = self
            .core
            .store
            .games()
            .active_games_in_channel(platform, cmd.place.space.as_deref(), &cmd.place.channel)
            .await?;
        let (mine, others): (Vec<GameRow>, Vec<GameRow>) = here
            .into_iter()
            .partition(|row| view::side_of(row, &cmd.author.id).is_some());
        let (candidates, yours) = match (mine.is_empty(), onlooker_ok) {
            (false, _) => (mine, true),
            (true, true) => (others, false),
            (true, false) if !others.is_empty() => {
                // Games go on here, none of them the author's: the latest one they
                // finished here (a late move hears it is over), else say so.
                return match self.latest_here(cmd, false).await {
                    Err(ServiceError::NoGameHere) => Err(ServiceError::NoGameOfYours),
                    found => found,
                };
            }
            (true, false) => (others, false),
        };
        match candidates.len() {
            0 => self.latest_here(cmd, onlooker_ok).await,
            1 => Ok(candidates.into_iter().next().expect("one candidate")),
            _ => Err(ServiceError::WhichGame {
                yours,
                list: crate::i18n::list(
                    lang,
                    &candidates
                        .iter()
                        .map(|row| view::game_label(lang, row))
                        .collect::<Vec<_>>(),
                    crate::i18n::Joined::Or,
                ),
                example: example(&cmd.action),
                first: candidates[0].id,
            }),
        }
    }

    /// With no active game here: the author's latest game here (or anyone's, when
    /// `onlooker_ok`), finished, so that `board` shows the final position and a late
    /// `move` hears that the game is over.
    async fn latest_here(&self, cmd: &Command, onlooker_ok: bool) -> Result<GameRow, ServiceError> {
        let place = &cmd.place;
        let user = (!onlooker_ok).then_some(cmd.author.id.as_str());
        self.core
            .store
            .games()
            .latest_game_in_channel(place.platform, place.space.as_deref(), &place.channel, user)
            .await?
            .ok_or(ServiceError::NoGameHere)
    }

    /// Replays a stored game with the rules core.
    pub(in crate::service) async fn load(&self, row: &GameRow) -> Result<Game, ServiceError> {
        self.load_at(row, row.ply).await
    }

    /// Replays a stored game up to `ply` moves (with its ending, when that is where it
    /// ended).
    pub(in crate::service) async fn load_at(
        &self,
        row: &GameRow,
        ply: i64,
    ) -> Result<Game, ServiceError> {
        let ply = ply.clamp(0, row.ply);
        let variant: Variant = row.variant;
        // The row carries its moves, written by the statement that bumps its ply.
        let pits = &row.pits.0;
        let played = usize::try_from(row.ply).unwrap_or(usize::MAX);
        let shown = usize::try_from(ply).unwrap_or(usize::MAX);
        if pits.len() != played {
            return Err(ServiceError::Internal(format!(
                "game #{} has {} moves stored for ply {}",
                row.id,
                pits.len(),
                row.ply
            )));
        }
        let mut game =
            Game::from_moves(variant, &pits[..shown.min(played)]).map_err(|(i, e)| {
                ServiceError::Internal(format!(
                    "game #{} does not replay at ply {}: {e}",
                    row.id,
                    i + 1
                ))
            })?;
        if shown == played {
            end_as_stored(row, &mut game)
                .map_err(|e| ServiceError::Internal(format!("game #{}: {e}", row.id)))?;
        }
        Ok(game)
    }

    /// The game, which must be active, and the author's side in it.
    pub(in crate::service) async fn my_active_game(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        game: GameRef,
    ) -> Result<(GameRow, Game, Side), ServiceError> {
        let row = self.find_game(lang, cmd, game, false).await?;
        let side = view::side_of(&row, &cmd.author.id).ok_or_else(|| not_a_player(&row))?;
        let game = self.load(&row).await?;
        if !row.is_active() || game.is_over() {
            return Err(ServiceError::GameOver {
                game: row.id,
                summary: view::summary(lang, &row, &game),
            });
        }
        Ok((row, game, side))
    }
}

/// The command as typed, for examples in replies: `/move c`, `/oware advise b`.
fn example(action: &Action) -> String {
    match action {
        Action::Move { pit, .. } => format!("/move {pit}"),
        Action::Advise { pit, .. } => format!("/oware advise {pit}"),
        Action::Resign { .. } => "/oware resign".to_owned(),
        Action::End { .. } => "/oware end".to_owned(),
        Action::Draw { decline: false, .. } => "/oware draw".to_owned(),
        Action::Draw { decline: true, .. } => "/oware draw decline".to_owned(),
        Action::Takeback { decline: false, .. } => "/oware takeback".to_owned(),
        Action::Takeback { decline: true, .. } => "/oware takeback decline".to_owned(),
        Action::Analyse { .. } => "/oware analyse".to_owned(),
        Action::Abort { .. } => "/oware abort".to_owned(),
        Action::Rematch { .. } => "/oware rematch".to_owned(),
        _ => "/oware board".to_owned(),
    }
}

/// The refusal for someone who is not playing in `row`.
fn not_a_player(row: &GameRow) -> ServiceError {
    ServiceError::NotAPlayer {
        game: row.id,
        south: row.south.name.clone(),
        north: row.north.name.clone(),
    }
}

/// Ends `game`, replayed from the moves of `row`, the way `row` says it ended when
/// those moves do not end it: by resignation or timeout (the loser is the side that
/// did not win), an admin's decision, an abort, an agreed draw, or agreement. An active game, or one its moves ended, is
/// left as it is. The service's replay and `migrate-data`'s check both read a stored
/// ending through this.
///
/// # Errors
/// [`IllegalMove`] if the rules refuse the ending.
pub fn end_as_stored(row: &GameRow, game: &mut Game) -> Result<(), IllegalMove> {
    if row.is_active() || game.is_over() {
        return Ok(());
    }
    let Some(ending) = row.state.ending() else {
        return Ok(());
    };
    match ending.reason {
        EndReason::Resignation(side) => game.resign(side),
        EndReason::Adjudicated(winner) => game.adjudicate(winner),
        EndReason::Timeout(side) => game.lose_on_time(side),
        EndReason::Aborted => game.abort(),
        EndReason::DrawAgreed => game.agree_draw(),
        // Ended by their moves (which `game` replayed) or by agreement.
        EndReason::WinningScore
        | EndReason::NoLegalMove
        | EndReason::Repetition
        | EndReason::Agreement => game.end_by_agreement(),
    }?;
    Ok(())
}

/// How an outcome is stored.
pub(in crate::service) fn game_end(outcome: Outcome) -> GameEnd {
    GameEnd {
        ending: outcome.into(),
        scores: outcome.scores,
    }
}
