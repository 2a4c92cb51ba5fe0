//! The slash commands: `/oware …` and `/move`. Each is a one-liner that builds an
//! [`Action`] with the pure functions in [`translate`](super::translate) and hands it to
//! [`respond::command`](super::respond::command). The `///` comments are the
//! descriptions Discord shows. The records, reviews and puzzles are in
//! [`records`](super::records); linking accounts in
//! [`accounts`](super::accounts); admin, settings and tournament commands in their
//! own files.

use poise::serenity_prelude as serenity;

use super::accounts::link;
use super::admin::admin;
use super::options::{
    FirstChoice, HelpTopic, LevelChoice, OnOff, PlayOptions, VariantChoice, YesNo,
};
use super::records::{analyse, leaderboard, puzzle, replay, stats};
use super::respond;
use super::settings::settings;
use super::tournament::tournament;
use super::translate;
use super::{Context, Data, Error};
use crate::{
    chat::text::{pit_word, ParseError},
    service::{Action, AdminAction, TournamentAction},
};

/// Every command the bot registers.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![oware(), move_pit()]
}

/// Play Oware (abapa): challenges, games, ratings and the rules.
#[poise::command(
    slash_command,
    subcommands(
        "play",
        "accept",
        "decline",
        "cancel",
        "board",
        "resign",
        "end",
        "draw",
        "takeback",
        "abort",
        "rematch",
        "games",
        "live",
        "advise",
        "leaderboard",
        "stats",
        "replay",
        "analyse",
        "puzzle",
        "link",
        "settings",
        "admin",
        "report",
        "tournament",
        "help"
    ),
    subcommand_required
)]
pub(super) async fn oware(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord only ever invokes the subcommands.
    Ok(())
}

/// Challenge someone to a game of Oware, or anyone here (mention me to play the engine).
#[poise::command(slash_command)]
// poise makes each slash-command option a parameter: the list is the command's shape.
#[allow(clippy::too_many_arguments)]
pub(super) async fn play(
    ctx: Context<'_>,
    #[description = "Who to challenge (mention me to play the engine; nobody: anyone here)"]
    opponent: Option<serenity::User>,
    #[description = "Who moves first (default: you, playing South A–F)"] first: Option<FirstChoice>,
    #[description = "Rated or casual (default: rated between people)"] rated: Option<YesNo>,
    #[description = "Grand-slam rule (default: abapa, captures nothing)"] variant: Option<
        VariantChoice,
    >,
    #[description = "Let onlookers suggest moves (default: on in casual games)"] advice: Option<
        OnOff,
    >,
    #[description = "The engine's strength when you challenge me"] level: Option<LevelChoice>,
    #[description = "Time per move: 3d, 12h, 30m, 15s; a live clock 5+3; or none (default: 3d)"]
    #[max_length = 24]
    time: Option<String>,
    #[description = "Remind the player to move in time (default: on)"] reminders: Option<OnOff>,
) -> Result<(), Error> {
    let options = PlayOptions {
        first,
        rated,
        variant,
        advice,
        level,
        time,
        reminders,
    };
    match options.to_challenge() {
        Ok(options) => {
            let action = match opponent {
                Some(opponent) => Action::Play {
                    opponent: translate::user_of(&opponent),
                    options,
                },
                None => Action::Open { options },
            };
            respond::command(ctx, action).await
        }
        Err(bad) => respond::refuse_unread(ctx, &ParseError::BadTime(bad)).await,
    }
}

/// Accept the challenge waiting for you here.
#[poise::command(slash_command)]
pub(super) async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Accept { challenge: None }).await
}

/// Decline the challenge waiting for you here.
#[poise::command(slash_command)]
pub(super) async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Decline { challenge: None }).await
}

/// Withdraw your pending challenge.
#[poise::command(slash_command)]
pub(super) async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Cancel { challenge: None }).await
}

/// Show the current board, or the position after a move.
#[poise::command(slash_command)]
pub(super) async fn board(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "The position after this many moves (0: the start; default: now)"]
    #[rename = "move"]
    #[max = 9999]
    after: Option<u32>,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::Board {
            game: game.map(crate::service::GameId::new),
            after,
        },
    )
    .await
}

/// Resign your game (you are asked to confirm, with a button).
#[poise::command(slash_command)]
pub(super) async fn resign(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let confirmed = false;
    respond::command(
        ctx,
        Action::Resign {
            game: game.map(crate::service::GameId::new),
            confirmed,
        },
    )
    .await
}

/// End an endless cycle: each player takes their own row (not a draw offer).
#[poise::command(slash_command)]
pub(super) async fn end(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::End {
            game: game.map(crate::service::GameId::new),
        },
    )
    .await
}

/// Offer a draw, or accept the one offered (decline: turn it down, or withdraw yours).
#[poise::command(slash_command)]
pub(super) async fn draw(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "Decline the offer (or withdraw your own)"] decline: Option<bool>,
) -> Result<(), Error> {
    let decline = decline.unwrap_or(false);
    respond::command(
        ctx,
        Action::Draw {
            game: game.map(crate::service::GameId::new),
            decline,
        },
    )
    .await
}

/// Casual games: take back your last move, or accept the takeback asked of you.
#[poise::command(slash_command)]
pub(super) async fn takeback(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "Decline the request (or withdraw your own)"] decline: Option<bool>,
) -> Result<(), Error> {
    let decline = decline.unwrap_or(false);
    respond::command(
        ctx,
        Action::Takeback {
            game: game.map(crate::service::GameId::new),
            decline,
        },
    )
    .await
}

/// Abort a game in which a side has not moved yet (no result, unrated).
#[poise::command(slash_command)]
pub(super) async fn abort(
    ctx: Context<'_>,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::Abort {
            game: game.map(crate::service::GameId::new),
        },
    )
    .await
}

/// Play again after a game, sides swapped (or renew an expired challenge).
#[poise::command(slash_command)]
pub(super) async fn rematch(
    ctx: Context<'_>,
    #[description = "The finished game (default: your latest here)"]
    #[min = 1]
    game: Option<i64>,
    #[description = "Or an expired challenge of yours, to make it again"]
    #[min = 1]
    challenge: Option<i64>,
) -> Result<(), Error> {
    let action = match challenge {
        Some(challenge) => Action::Reissue {
            challenge: crate::service::ChallengeId::new(challenge),
        },
        None => Action::Rematch {
            game: game.map(crate::service::GameId::new),
        },
    };
    respond::command(ctx, action).await
}

/// List your games (your turn first) and pending challenges.
#[poise::command(slash_command)]
pub(super) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Games).await
}

/// The games in progress on this server, to watch.
#[poise::command(slash_command)]
pub(super) async fn live(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Live).await
}

/// Suggest a pit to the side to move (onlookers only).
#[poise::command(slash_command)]
pub(super) async fn advise(
    ctx: Context<'_>,
    #[description = "The pit to suggest, A–F"]
    #[max_length = 1]
    pit: String,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    match pit_word("/oware advise", pit.trim()) {
        Ok(pit) => {
            respond::command(
                ctx,
                Action::Advise {
                    pit,
                    game: game.map(crate::service::GameId::new),
                },
            )
            .await
        }
        Err(ParseError::NotAPit(typed, command)) => {
            let bad = ParseError::NotAPitToAdvise(typed, command);
            respond::refuse_unread(ctx, &bad).await
        }
        Err(bad) => respond::refuse_unread(ctx, &bad).await,
    }
}

/// Report a game to this server's admins (they see it in their log).
#[poise::command(slash_command)]
pub(super) async fn report(
    ctx: Context<'_>,
    #[description = "Game number"]
    #[min = 1]
    game: i64,
    #[description = "What happened"]
    #[max_length = 200]
    reason: String,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::Report {
            game: crate::service::GameId::new(game),
            reason,
        },
    )
    .await
}

/// How to play Oware with this bot, and the rules.
#[poise::command(slash_command)]
pub(super) async fn help(
    ctx: Context<'_>,
    #[description = "What about (default: the commands)"] topic: Option<HelpTopic>,
) -> Result<(), Error> {
    let action = match topic {
        None | Some(HelpTopic::Commands) => Action::Help,
        Some(HelpTopic::Play) => Action::HelpPlay,
        Some(HelpTopic::More) => Action::HelpMore,
        Some(HelpTopic::Rules) => Action::Rules,
        Some(HelpTopic::Admin) => Action::admin(AdminAction::Usage),
        Some(HelpTopic::Tournaments) => Action::Tournament(TournamentAction::Overview),
        Some(HelpTopic::Privacy) => Action::Privacy,
    };
    respond::command(ctx, action).await
}

/// Sow from one of your pits.
#[poise::command(slash_command, rename = "move")]
pub(super) async fn move_pit(
    ctx: Context<'_>,
    #[description = "Your pit: A–F if you play South, a–f if you play North"]
    #[autocomplete = "autocomplete_pit"]
    #[max_length = 1]
    pit: String,
    #[description = "Game number (default: the game here)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    match translate::move_action(&pit, game) {
        Ok(action) => respond::command(ctx, action).await,
        Err(bad) => respond::refuse_unread(ctx, &bad).await,
    }
}

/// Offers only the caller's legal pits.
async fn autocomplete_pit(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = match ctx {
        poise::Context::Application(actx) => {
            let (place, author) = translate::origin(actx.interaction);
            let legal = ctx.data().service.move_choices(place, author).await;
            translate::pit_choices(&legal, partial)
        }
        poise::Context::Prefix(_) => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(|pit| serenity::AutocompleteChoice::new(pit.clone(), pit))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_pit_option_names_each_sides_letters() {
        let commands = super::all();
        let mv = commands
            .iter()
            .find(|c| c.name == "move")
            .expect("the /move command");
        let pit = mv
            .parameters
            .iter()
            .find(|p| p.name == "pit")
            .expect("its pit option");
        let text = pit.description.as_deref().unwrap_or_default();
        assert!(text.contains("A–F if you play South") && text.contains("a–f if you play North"));
    }
}
