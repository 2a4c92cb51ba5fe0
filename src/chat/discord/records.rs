//! The slash commands about what was played: standings, history, replays, the
//! engine's reviews, the best advisers and puzzles. One-liners, as in
//! [`commands`](super::commands).

use poise::serenity_prelude as serenity;

use super::options::ScopeChoice;
use super::respond;
use super::translate;
use super::{Context, Error};
use crate::service::Action;

/// The best players, on this server or everywhere.
#[poise::command(slash_command)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "This server or every server (default: this server)"] scope: Option<
        ScopeChoice,
    >,
    #[description = "Page, from 1"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    respond::command(ctx, translate::leaderboard_action(scope, page)).await
}

/// A player's record and rating.
#[poise::command(slash_command)]
pub(super) async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.as_ref().map(translate::user_of);
    respond::command(ctx, Action::Stats { user }).await
}

/// A player's recent games.
#[poise::command(slash_command)]
pub(super) async fn history(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.as_ref().map(translate::user_of);
    respond::command(ctx, Action::History { user }).await
}

/// Replay a finished game as an animation, with its record.
#[poise::command(slash_command)]
pub(super) async fn replay(
    ctx: Context<'_>,
    #[description = "Game number"]
    #[min = 1]
    id: i64,
) -> Result<(), Error> {
    respond::command(ctx, Action::Replay { game: id }).await
}

/// The engine's review of a finished game: accuracy, blunders, graph.
#[poise::command(slash_command)]
pub(super) async fn analyse(
    ctx: Context<'_>,
    #[description = "Game number (default: the game of this thread, or your latest here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    respond::command(ctx, Action::Analyse { game }).await
}

/// The onlookers whose advice was best, judged by the engine.
#[poise::command(slash_command)]
pub(super) async fn advisers(
    ctx: Context<'_>,
    #[description = "This server or every server (default: this server)"] scope: Option<
        ScopeChoice,
    >,
) -> Result<(), Error> {
    let global = scope == Some(ScopeChoice::Global);
    respond::command(ctx, Action::Advisers { global }).await
}

/// A puzzle: find the winning move (or today's puzzle); answer it with `answer`.
#[poise::command(slash_command)]
pub(super) async fn puzzle(
    ctx: Context<'_>,
    #[description = "Today's puzzle of this server (default: a new one for you)"] daily: Option<
        bool,
    >,
    #[description = "Your answer to your puzzle: the pit to play, by its letter"]
    #[max_length = 1]
    answer: Option<String>,
) -> Result<(), Error> {
    let action = match answer {
        Some(pit) => Action::Solve {
            pit: pit.trim().to_owned(),
            puzzle: None,
        },
        None => Action::Puzzle {
            daily: daily.unwrap_or(false),
        },
    };
    respond::command(ctx, action).await
}
