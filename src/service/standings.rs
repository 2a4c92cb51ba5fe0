//! Standings: the leaderboard (this server's or everyone's), a player's stats with
//! their rating chart, and their recent games.

use std::fmt::Write;

use super::{
    ending::from_numbers, rating::Rating, view, when, Attachment, Command, Reply, Service,
    ServiceError, User,
};
use crate::{
    render,
    rules::Side,
    store::{RatingNumbers, RatingRow, Scope},
};

/// Players per leaderboard page.
const PAGE_SIZE: i64 = 10;
/// Games listed by `history`.
const HISTORY_SIZE: i64 = 10;

/// A rating row's rating, with `?` when provisional.
/// `Puzzles: rating 1540 (deviation 210), 3 solved of 4.`
fn puzzle_line(p: &crate::store::PuzzleStats) -> String {
    format!(
        "Puzzles: rating {:.0} (deviation {:.0}), {} solved of {}.",
        p.rating, p.deviation, p.solved, p.attempts
    )
}

fn label(row: &RatingRow) -> String {
    let rating = from_numbers(RatingNumbers {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    });
    rating.label(u32::try_from(row.games).unwrap_or(u32::MAX))
}

impl Service {
    pub(super) async fn leaderboard(
        &self,
        cmd: &Command,
        global: bool,
        page: u32,
    ) -> Result<Reply, ServiceError> {
        let page = page.max(1);
        let place = &cmd.place;
        let (scope, scope_name) = if global {
            (Scope::Global, "every server and network")
        } else {
            let name = if place.space.is_some() {
                "this server"
            } else {
                "here"
            };
            (
                Scope::Server(place.platform.as_str(), place.space.as_deref()),
                name,
            )
        };
        let offset = i64::from(page - 1) * PAGE_SIZE;
        let (rows, total) = self.store.leaderboard(scope, PAGE_SIZE, offset).await?;
        if total == 0 {
            return Ok(Reply::public(format!(
                "Nobody has finished a rated game on {scope_name} yet. Be the first: \
                 `/oware play @someone`."
            )));
        }
        let pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
        if rows.is_empty() {
            return Err(ServiceError::NoSuchPage { page, pages });
        }
        let mut text = format!("**Leaderboard** ({scope_name}), page {page} of {pages}:");
        for (i, row) in rows.iter().enumerate() {
            let rank = offset + 1 + i64::try_from(i).unwrap_or(0);
            let _ = write!(
                text,
                "\n{rank}. **{}** {} ({} won, {} drawn, {} lost)",
                row.name,
                label(row),
                row.wins,
                row.draws,
                row.losses
            );
        }
        text.push_str("\n`?` marks a provisional rating.");
        if i64::from(page) < pages {
            let _ = write!(
                text,
                " Next page: `/oware leaderboard {}page:{}`.",
                if global { "global " } else { "" },
                page + 1
            );
        }
        Ok(Reply::public(text))
    }

    /// The identity of `user` (the author when `None`) on the author's network.
    async fn identity(
        &self,
        cmd: &Command,
        user: Option<&User>,
    ) -> Result<(i64, String), ServiceError> {
        let who = user.unwrap_or(&cmd.author);
        self.store
            .identity_of(cmd.place.platform.as_str(), &who.id)
            .await?
            .map(|id| (id, who.name.clone()))
            .ok_or_else(|| {
                ServiceError::NeverPlayed(if user.is_none() {
                    "You have".to_owned()
                } else {
                    format!("{} has", who.name)
                })
            })
    }

    pub(super) async fn stats(
        &self,
        cmd: &Command,
        user: Option<&User>,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform.as_str();
        let whose = user.map_or(cmd.author.id.as_str(), |u| u.id.as_str());
        let puzzles = self.store.puzzle_stats(platform, whose).await?;
        let (identity, name) = match (self.identity(cmd, user).await, puzzles) {
            (Ok(found), _) => found,
            // Puzzles but no games yet: the puzzle record alone.
            (Err(ServiceError::NeverPlayed(_)), Some(p)) => {
                let name = &user.unwrap_or(&cmd.author).name;
                return Ok(Reply::public(format!(
                    "**{name}**: no games yet.\n{}",
                    puzzle_line(&p)
                )));
            }
            (Err(err), _) => return Err(err),
        };
        let mut text = match self.store.rating(identity).await? {
            Some(row) => format!(
                "**{name}**: rating {} (deviation {:.0}). {} rated game{}: {} won, {} drawn, \
                 {} lost; {} seeds captured; best winning streak {} (current {}).",
                label(&row),
                row.deviation,
                row.games,
                if row.games == 1 { "" } else { "s" },
                row.wins,
                row.draws,
                row.losses,
                row.seeds,
                row.best_streak,
                row.streak,
            ),
            None => format!(
                "**{name}**: rating {} (no rated games yet).",
                Rating::NEW.label(0)
            ),
        };
        let asker = self
            .store
            .identity_of(cmd.place.platform.as_str(), &cmd.author.id)
            .await?;
        if let Some(asker) = asker.filter(|&a| a != identity) {
            let h2h = self.store.head_to_head(identity, asker).await?;
            if h2h.wins + h2h.draws + h2h.losses == 0 {
                let _ = write!(text, "\nNo finished games against you yet.");
            } else {
                let _ = write!(
                    text,
                    "\nAgainst you ({}): {name} won {}, drew {}, lost {}.",
                    cmd.author.name, h2h.wins, h2h.draws, h2h.losses
                );
            }
        }
        if let Some(p) = puzzles {
            let _ = write!(text, "\n{}", puzzle_line(&p));
        }
        let history = self.store.rating_history(identity).await?;
        let mut reply = Reply::public(text);
        if history.is_empty() {
            // No rated game yet: nothing to chart.
            return Ok(reply);
        }
        // From game 0, the rating every player starts at, so the first change shows.
        let start = super::rating::Rating::NEW;
        let points: Vec<(u32, f64, f64)> = std::iter::once((0, start.rating, start.deviation))
            .chain(history.iter().enumerate().map(|(i, &(rating, deviation))| {
                (u32::try_from(i + 1).unwrap_or(u32::MAX), rating, deviation)
            }))
            .collect();
        let chart = {
            let (name, points) = (name.clone(), points.clone());
            self.heavy(move || render::chart::rating_chart_png(&name, &points))
                .await?
        };
        reply.files.push(Attachment {
            file_name: format!("rating-{identity}.png"),
            mime: "image/png",
            bytes: chart,
            description: match points.last() {
                Some(&(n, rating, _)) => format!(
                    "Rating chart of {name} over {n} rated game{}, now {rating:.0}.",
                    if n == 1 { "" } else { "s" }
                ),
                None => format!("Rating chart of {name}: no rated games yet."),
            },
        });
        Ok(reply)
    }

    pub(super) async fn history(
        &self,
        cmd: &Command,
        user: Option<&User>,
    ) -> Result<Reply, ServiceError> {
        let (identity, name) = self.identity(cmd, user).await?;
        // One's own games from anywhere; someone else's only those played here.
        let mine = user.is_none_or(|u| u.id == cmd.author.id);
        let games: Vec<_> = self
            .store
            .recent_games(identity, if mine { HISTORY_SIZE } else { 5 * HISTORY_SIZE })
            .await?
            .into_iter()
            .filter(|row| {
                mine || cmd
                    .place
                    .holds(&row.platform, row.space.as_deref(), &row.channel)
            })
            .take(usize::try_from(HISTORY_SIZE).unwrap_or(10))
            .collect();
        if games.is_empty() {
            return Err(ServiceError::NeverPlayed(if user.is_none() {
                "You have".to_owned()
            } else {
                format!("{name} has")
            }));
        }
        let mut text = format!("**{name}**'s recent games, newest first:");
        for row in &games {
            let side = if row.south_identity == identity {
                Side::South
            } else {
                Side::North
            };
            let (mine, theirs) = match side {
                Side::South => (row.south_score, row.north_score),
                Side::North => (row.north_score, row.south_score),
            };
            let result = match row.result.as_deref() {
                None if row.is_active() => format!("in progress, move {}", row.ply),
                None => "aborted".to_owned(),
                Some("draw") => format!("drew {mine}–{theirs}"),
                Some(r) if r.starts_with(side.letter()) => format!("won {mine}–{theirs}"),
                Some(_) => format!("lost {mine}–{theirs}"),
            };
            let reason = match row.reason.as_deref() {
                Some("resignation") => ", by resignation",
                Some("agreement") => ", by agreement",
                Some("timeout") => ", on time",
                Some(super::moderation::ADJUDICATED) => ", by an admin's decision",
                _ => "",
            };
            let (y, m, d) = when::date(row.created_at);
            let _ = write!(
                text,
                "\n- #{} vs **{}** ({side}, {}, {y:04}-{m:02}-{d:02}): {result}{reason}",
                row.id,
                view::name(row, side.opponent()),
                if row.rated { "rated" } else { "casual" },
            );
        }
        text.push_str("\nWatch one again with `/oware replay #id`.");
        Ok(Reply::public(text))
    }
}
