//! `/oware admin …` as Discord subcommands (moderation and status, for server
//! admins): each builds an [`AdminAction`] (or the status) and hands it to
//! [`respond::command`].

use poise::serenity_prelude as serenity;

use super::respond;
use super::translate;
use super::{Context, Error};
use crate::service::{Action, AdminAction, BanLength};

/// Moderation for server admins: abort or decide games, ban users, read the log.
#[poise::command(
    slash_command,
    subcommands(
        "admin_status",
        "admin_abort",
        "admin_adjudicate",
        "admin_ban",
        "admin_unban",
        "admin_bans",
        "admin_log",
        "admin_redeliver",
        "admin_forget",
        "admin_help"
    ),
    subcommand_required
)]
pub(super) async fn admin(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord only ever invokes the subcommands.
    Ok(())
}

/// The bot's health: database, shards, games and queues (server admins only).
#[poise::command(slash_command, rename = "status")]
pub(super) async fn admin_status(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Status).await
}

/// Abort a game of this server: unrated, no result; its players are told why.
#[poise::command(slash_command, rename = "abort")]
pub(super) async fn admin_abort(
    ctx: Context<'_>,
    #[description = "Game number"]
    #[min = 1]
    game: i64,
    #[description = "Why (shown to the players and kept in the audit log)"]
    #[max_length = 200]
    reason: String,
) -> Result<(), Error> {
    respond::command(
        ctx,
        Action::admin(AdminAction::Abort {
            game: crate::service::GameId::new(game),
            reason,
        }),
    )
    .await
}

/// Decide a game of this server: the winner wins, or a draw; rated like any result.
#[poise::command(slash_command, rename = "adjudicate")]
pub(super) async fn admin_adjudicate(
    ctx: Context<'_>,
    #[description = "Game number"]
    #[min = 1]
    game: i64,
    #[description = "Why (shown to the players and kept in the audit log)"]
    #[max_length = 200]
    reason: String,
    #[description = "Who wins (one of the game's players); or set draw instead"] winner: Option<
        serenity::User,
    >,
    #[description = "Decide the game as a draw (instead of a winner)"] draw: Option<bool>,
) -> Result<(), Error> {
    let winner = match (winner, draw.unwrap_or(false)) {
        (Some(winner), false) => Some(translate::user_of(&winner)),
        (None, true) => None,
        _ => {
            let text = "Give either `winner:` (one of the game's players) or `draw:True`.";
            return respond::refuse(ctx, text.to_owned()).await;
        }
    };
    let action = AdminAction::Adjudicate {
        game: crate::service::GameId::new(game),
        winner,
        reason,
    };
    respond::command(ctx, Action::admin(action)).await
}

/// Stop someone from challenging or accepting games on this server.
#[poise::command(slash_command, rename = "ban")]
pub(super) async fn admin_ban(
    ctx: Context<'_>,
    #[description = "Who"] user: serenity::User,
    #[description = "For how many days (default: until unbanned, or as it is if banned)"]
    #[min = 1]
    #[max = 3650]
    days: Option<u32>,
    #[description = "Why (kept in the audit log)"]
    #[max_length = 200]
    reason: Option<String>,
) -> Result<(), Error> {
    let user = translate::user_of(&user);
    let reason = reason.unwrap_or_default();
    let length = days.map(BanLength::Days);
    let ban = AdminAction::Ban {
        user,
        length,
        reason,
    };
    respond::command(ctx, Action::admin(ban)).await
}

/// Lift a ban.
#[poise::command(slash_command, rename = "unban")]
pub(super) async fn admin_unban(
    ctx: Context<'_>,
    #[description = "Who"] user: serenity::User,
) -> Result<(), Error> {
    let user = translate::user_of(&user);
    respond::command(ctx, Action::admin(AdminAction::Unban { user })).await
}

/// Who is banned on this server, until when and why.
#[poise::command(slash_command, rename = "bans")]
pub(super) async fn admin_bans(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::admin(AdminAction::Bans)).await
}

/// The last 20 admin actions and reports on this server.
#[poise::command(slash_command, rename = "log")]
pub(super) async fn admin_log(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::admin(AdminAction::Log)).await
}

/// Send again this server's messages that could not be delivered.
#[poise::command(slash_command, rename = "redeliver")]
pub(super) async fn admin_redeliver(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::admin(AdminAction::Redeliver)).await
}

/// What the admin commands do.
#[poise::command(slash_command, rename = "help")]
pub(super) async fn admin_help(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::admin(AdminAction::Usage)).await
}

/// Erase a player of this server from the bot: their games stay, as a deleted player.
#[poise::command(slash_command, rename = "forget")]
pub(super) async fn admin_forget(
    ctx: Context<'_>,
    #[description = "Who"] user: serenity::User,
    #[description = "Why (kept in the audit log, without their name)"]
    #[max_length = 200]
    reason: String,
) -> Result<(), Error> {
    let user = translate::user_of(&user);
    respond::command(ctx, Action::admin(AdminAction::Forget { user, reason })).await
}
