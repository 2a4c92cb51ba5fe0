//! A person's accounts as slash commands: `/oware link` (one identity across
//! networks) and `/oware web` (signing in to the web pages). Their answers are the
//! author's alone.

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

/// Sign in to the web pages: a one-time link for you alone, or end every web session.
#[poise::command(slash_command)]
pub(super) async fn web(
    ctx: Context<'_>,
    #[description = "End every web session of yours instead"]
    #[rename = "logout-all"]
    logout_all: Option<YesNo>,
) -> Result<(), Error> {
    let logout_all = logout_all == Some(YesNo::Yes);
    respond::command(ctx, Action::Web { logout_all }).await
}
