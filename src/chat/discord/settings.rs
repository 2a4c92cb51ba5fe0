//! `/oware settings …` as Discord subcommands: `server` (the server's settings, which
//! its admins change), `me` (each person's own) and `vacation` (the text platforms'
//! `/oware vacation`, and the like for `export`, `privacy`, `forget-me` and `web`: /oware
//! has Discord's 25 subcommands already). Discord cannot run a command
//! that has subcommands, so the server's settings are `/oware settings server`; text
//! platforms take `/oware settings key:value` as well.

use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

use super::options::{
    BoardChoice, LanguageChoice, NotifyChoice, SettingFlag, TournamentsChoice, WebChoice, YesNo,
};
use super::respond;
use super::{Context, Error};
use crate::service::{Action, VacationRequest};

/// Settings: this server's (`server`), your own (`me`), your vacation and your data.
#[poise::command(
    slash_command,
    subcommands(
        "settings_server",
        "settings_me",
        "settings_vacation",
        "settings_export",
        "settings_privacy",
        "settings_forget_me",
        "settings_web"
    ),
    subcommand_required
)]
pub(super) async fn settings(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord only ever invokes the subcommands.
    Ok(())
}

// Every key of `/oware settings` has an option, with choices where its values are fixed.
/// This server's settings; admins change them (new games only).
#[poise::command(slash_command, rename = "server")]
#[allow(clippy::too_many_arguments)] // one option per setting, as Discord shows them
pub(super) async fn settings_server(
    ctx: Context<'_>,
    #[description = "Where games may start: here, channel mentions, or anywhere"] channels: Option<
        String,
    >,
    #[description = "Default time control: 3d, 10m, 5+3, none or default"] time: Option<String>,
    #[description = "Rated by default"] rated: Option<SettingFlag>,
    #[description = "Advice in casual games by default"] advice: Option<SettingFlag>,
    #[description = "A thread for each game"] threads: Option<SettingFlag>,
    #[description = "Where players' reports go: here, a #channel of this server, or none"]
    moderators: Option<String>,
    #[description = "How long a finished game's thread stays open: 1h, 1d, never or default"]
    archive: Option<String>,
    #[description = "Who may create tournaments"] tournaments: Option<TournamentsChoice>,
    #[description = "The language of the bot's messages here"] language: Option<LanguageChoice>,
    #[description = "Who sees this server's game pages on the web"] web: Option<WebChoice>,
) -> Result<(), Error> {
    let moderators_channel = moderators.as_deref().and_then(channel_mention);
    let changes = [
        ("channels", channels),
        ("time", time),
        ("rated", rated.map(|c| c.name().to_owned())),
        ("advice", advice.map(|c| c.name().to_owned())),
        ("threads", threads.map(|c| c.name().to_owned())),
        ("moderators", moderators),
        ("archive", archive),
        ("tournaments", tournaments.map(|c| c.name().to_owned())),
        ("language", language.map(|c| c.name().to_owned())),
        ("web", web.map(|c| c.name().to_owned())),
    ]
    .into_iter()
    .filter_map(|(key, value)| Some((key.to_owned(), value?.trim().to_owned())))
    .collect();
    let vouched = match moderators_channel {
        Some(id) => same_server(ctx, id).await,
        None => None,
    };
    respond::command_vouching(ctx, Action::Settings { changes }, vouched).await
}

/// Your own settings, for your own replies (only you see them).
#[poise::command(slash_command, rename = "me")]
pub(super) async fn settings_me(
    ctx: Context<'_>,
    #[description = "Your own boards when you play North: your row at the bottom, or as shared"]
    board: Option<BoardChoice>,
    #[description = "A direct message when a correspondence game waits for your move"]
    notify: Option<NotifyChoice>,
    #[description = "The language of your own replies (default: your app's, else the server's)"]
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    let changes = [
        ("board", board.map(|b| b.name())),
        ("notify", notify.map(|n| n.name())),
        ("language", language.map(|c| c.name())),
    ]
    .into_iter()
    .filter_map(|(key, value)| Some((key.to_owned(), value?.to_owned())))
    .collect();
    respond::command(ctx, Action::MySettings { changes }).await
}

/// Your vacation: your correspondence clocks wait (at most 30 days a year).
#[poise::command(slash_command, rename = "vacation")]
pub(super) async fn settings_vacation(
    ctx: Context<'_>,
    #[description = "Days away, from now (default: show how your vacation stands)"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "Back now: end your vacation early"] back: Option<bool>,
) -> Result<(), Error> {
    let request = match (days, back) {
        (_, Some(true)) => VacationRequest::End,
        (Some(days), _) => VacationRequest::Start { days },
        (None, _) => VacationRequest::Status,
    };
    respond::command(ctx, Action::Vacation(request)).await
}

/// Everything the bot stores about you, as files only you see.
#[poise::command(slash_command, rename = "export")]
pub(super) async fn settings_export(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Export).await
}

/// What the bot keeps about you, why, for how long, and how to get it.
#[poise::command(slash_command, rename = "privacy")]
pub(super) async fn settings_privacy(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Action::Privacy).await
}

/// Erase everything the bot knows about you (asks first; your games stay, as played).
#[poise::command(slash_command, rename = "forget-me")]
pub(super) async fn settings_forget_me(
    ctx: Context<'_>,
    #[description = "Yes, forget me now (without it, the bot asks first)"] confirm: Option<bool>,
) -> Result<(), Error> {
    let confirmed = confirm.unwrap_or(false);
    respond::command(ctx, Action::ForgetMe { confirmed }).await
}

/// The channel id in `value` (`<#123>`, `#123` or `123`), if it names one.
fn channel_mention(value: &str) -> Option<serenity::ChannelId> {
    let id = value
        .trim()
        .trim_start_matches("<#")
        .trim_start_matches('#')
        .trim_end_matches('>');
    id.parse::<std::num::NonZeroU64>()
        .ok()
        .map(|id| serenity::ChannelId::new(id.get()))
}

/// `channel`'s id when Discord says it is a channel of the server the command came
/// from (a channel elsewhere, or unknown, is not vouched for: the service refuses it).
async fn same_server(ctx: Context<'_>, channel: serenity::ChannelId) -> Option<String> {
    let guild = ctx.guild_id()?;
    match channel.to_channel(ctx).await {
        Ok(serenity::Channel::Guild(found)) if found.guild_id == guild => Some(channel.to_string()),
        Ok(_) => None,
        Err(e) => {
            tracing::debug!(%channel, error = %e, "discord: moderators channel not found");
            None
        }
    }
}

/// Sign in to the web pages: a one-time link for you alone, or end every web session.
#[poise::command(slash_command, rename = "web")]
pub(super) async fn settings_web(
    ctx: Context<'_>,
    #[description = "End every web session of yours instead"]
    #[rename = "logout-all"]
    logout_all: Option<YesNo>,
) -> Result<(), Error> {
    let logout_all = logout_all == Some(YesNo::Yes);
    respond::command(ctx, Action::Web { logout_all }).await
}
