//! `/oware tournament …` as Discord subcommands: each builds a
//! [`TournamentAction`] and hands it to [`respond::command`].

use super::options::YesNo;
use super::respond;
use super::{Context, Error};
use crate::service::{Action, Format, TournamentAction, TournamentOptions};

/// `format:` on `/oware tournament create`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    /// Everyone meets everyone.
    #[name = "round-robin"]
    RoundRobin,
    /// Players on equal scores meet, for a set number of rounds.
    #[name = "swiss"]
    Swiss,
}

/// Tournaments: create one, join, start, and see the standings.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_leave",
        "tournament_start",
        "tournament_standings",
        "tournament_list"
    ),
    subcommand_required
)]
pub(super) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord only ever invokes the subcommands.
    Ok(())
}

async fn run(ctx: Context<'_>, action: TournamentAction) -> Result<(), Error> {
    respond::command(ctx, Action::Tournament(action)).await
}

/// Create a tournament (server admins, or anyone if the server allows it).
#[poise::command(slash_command, rename = "create")]
pub(super) async fn tournament_create(
    ctx: Context<'_>,
    #[description = "Its name"]
    #[max_length = 60]
    name: String,
    #[description = "Round-robin (everyone meets everyone) or Swiss"] format: FormatChoice,
    #[description = "Swiss: how many rounds (default 3)"]
    #[min = 1]
    #[max = 20]
    rounds: Option<u32>,
    #[description = "Time per move: 3d, 12h; or a live clock 5+3 (default: the server's, 3d)"]
    #[max_length = 24]
    time: Option<String>,
    #[description = "Whether its games are rated (default: the server's, yes)"] rated: Option<
        YesNo,
    >,
    #[description = "Round-robin: each pair meets twice, colours swapped"] double: Option<YesNo>,
) -> Result<(), Error> {
    let options = TournamentOptions {
        name,
        format: Some(match format {
            FormatChoice::RoundRobin => Format::RoundRobin,
            FormatChoice::Swiss => Format::Swiss,
        }),
        rounds,
        double: double == Some(YesNo::Yes),
        time,
        rated: rated.map(|r| r == YesNo::Yes),
    };
    run(ctx, TournamentAction::Create(options)).await
}

/// Join a tournament that has not started.
#[poise::command(slash_command, rename = "join")]
pub(super) async fn tournament_join(
    ctx: Context<'_>,
    #[description = "Its number (default: the open one here)"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        TournamentAction::Join(number.map(crate::service::TournamentId::new)),
    )
    .await
}

/// Leave a tournament, or withdraw from its rounds to come.
#[poise::command(slash_command, rename = "leave")]
pub(super) async fn tournament_leave(
    ctx: Context<'_>,
    #[description = "Its number (default: the one here)"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        TournamentAction::Leave(number.map(crate::service::TournamentId::new)),
    )
    .await
}

/// Start a tournament (its creator or a server admin).
#[poise::command(slash_command, rename = "start")]
pub(super) async fn tournament_start(
    ctx: Context<'_>,
    #[description = "Its number (default: the open one here)"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        TournamentAction::Start(number.map(crate::service::TournamentId::new)),
    )
    .await
}

/// A tournament's standings and crosstable.
#[poise::command(slash_command, rename = "standings")]
pub(super) async fn tournament_standings(
    ctx: Context<'_>,
    #[description = "Its number (default: the one here)"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        TournamentAction::Standings(number.map(crate::service::TournamentId::new)),
    )
    .await
}

/// This server's tournaments, and how they work.
#[poise::command(slash_command, rename = "list")]
pub(super) async fn tournament_list(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentAction::Overview).await
}
