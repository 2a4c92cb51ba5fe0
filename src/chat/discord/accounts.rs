//! A person's accounts as a slash command: `/oware link` (one identity across
//! networks, or out of it again). Its answers are the author's alone; signing in
//! to the web pages is `/oware settings web` (settings.rs), since `/oware` has
//! Discord's 25 subcommands already.

use super::options::YesNo;
use super::respond;
use super::{Context, Error};
use crate::service::{Action, LinkCode};

/// Link your accounts on other networks: get a code here, enter one from there, or unlink.
#[poise::command(slash_command)]
pub(super) async fn link(
    ctx: Context<'_>,
    #[description = "The code you got on the other network"]
    #[max_length = 32]
    code: Option<String>,
    #[description = "Link without asking first (you read what linking means)"] confirm: Option<
        YesNo,
    >,
    #[description = "Take this account out of the accounts it is linked with"] unlink: Option<
        YesNo,
    >,
) -> Result<(), Error> {
    if unlink == Some(YesNo::Yes) {
        return respond::command(ctx, Action::Unlink).await;
    }
    let code = code
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .map(LinkCode::new);
    let confirmed = confirm == Some(YesNo::Yes);
    respond::command(ctx, Action::Link { code, confirmed }).await
}
