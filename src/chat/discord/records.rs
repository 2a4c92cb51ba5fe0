//! The slash commands about what was played: standings, history, replays, the
//! engine's reviews, the best advisers and puzzles. One-liners, as in
//! [`commands`](super::commands).

use poise::serenity_prelude as serenity;

use super::options::{RankedChoice, ScopeChoice, SpeedChoice};
use super::respond;
use super::translate;
use super::{Context, Error};
use crate::{
    chat::text::pit_word,
    service::{Action, Speed},
};

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
    #[description = "Who is ranked: players by rating, or advisers by their advice (default: players)"]
    of: Option<RankedChoice>,
    #[description = "Which ratings: live games or correspondence games (default: correspondence)"]
    speed: Option<SpeedChoice>,
) -> Result<(), Error> {
    respond::command(ctx, translate::leaderboard_action(scope, page, of, speed)).await
}

/// A player's record and rating, or their recent games.
#[poise::command(slash_command)]
pub(super) async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
    #[description = "Their last 10 games instead of their record"] history: Option<bool>,
    #[description = "One rating: live games or correspondence games (default: both)"] speed: Option<
        SpeedChoice,
    >,
) -> Result<(), Error> {
    let user = user.as_ref().map(translate::user_of);
    let action = if history == Some(true) {
        Action::History { user }
    } else {
        Action::Stats {
            user,
            speed: speed.map(Speed::from),
        }
    };
    respond::command(ctx, action).await
}

/// Replay a finished game as an animation, with its record.
#[poise::command(slash_command)]
pub(super) async fn replay(
    ctx: Context<'_>,
    #[description = "Game number"]
    #[min = 1]
    id: i64,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::Replay {
            game: crate::service::GameId::new(id),
        },
    )
    .await
}

/// The engine's review of a finished game: accuracy, blunders, graph.
#[poise::command(slash_command)]
pub(super) async fn analyse(
    ctx: Context<'_>,
    #[description = "Game number (default: the game of this thread, or your latest here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::Analyse {
            game: game.map(crate::service::GameId::new),
        },
    )
    .await
}

/// A puzzle: find the winning move (or today's puzzle), or a beginner's lesson.
#[poise::command(slash_command)]
pub(super) async fn puzzle(
    ctx: Context<'_>,
    #[description = "Today's puzzle of this server (default: a new one for you)"] daily: Option<
        bool,
    >,
    #[description = "Your answer to your puzzle: the pit to play, by its letter"]
    #[max_length = 1]
    answer: Option<String>,
    #[description = "A beginner's lesson, 1 to 5 (0: your next one), as /oware learn"]
    #[min = 0]
    #[max = 5]
    lesson: Option<u8>,
) -> Result<(), Error> {
    let answer = match answer.map(|pit| pit_word("/oware puzzle answer:", pit.trim())) {
        None => None,
        Some(Ok(pit)) => Some(pit),
        Some(Err(bad)) => return respond::refuse_unread(ctx, &bad).await,
    };
    let action = match (lesson, answer) {
        (Some(lesson), answer) => Action::Learn {
            lesson: (lesson > 0).then_some(lesson),
            answer,
        },
        (None, Some(pit)) => Action::Solve { pit, puzzle: None },
        (None, None) => Action::Puzzle {
            daily: daily.unwrap_or(false),
        },
    };
    respond::command(ctx, action).await
}
