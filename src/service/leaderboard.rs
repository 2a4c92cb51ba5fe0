//! Standings: the leaderboard (this server's or everyone's), a player's stats with
//! their rating chart, and their recent games.

use std::fmt::Write;

use super::{
    ending::from_numbers, rating::Rating, view, when, Attachment, Command, Reply, Service,
    ServiceError, User,
};
use crate::{
    render,
    rules::{EndReason, Side},
    store::{RatingNumbers, RatingRow, Scope},
};

/// Players per leaderboard page.
const PAGE_SIZE: i64 = 10;
/// Games listed by `history`.
const HISTORY_SIZE: i64 = 10;

/// A rating row's rating, with `?` when provisional.
/// `Puzzles: rating 1540 (deviation 210), 3 solved of 4.`
fn puzzle_line(p: &crate::store::PuzzleStats) -> String {
    crate::tr!(
        "standings-puzzles",
        rating = format!("{:.0}", p.rating),
        deviation = format!("{:.0}", p.deviation),
        solved = p.solved,
        attempts = p.attempts
    )
}

/// A rating as shown: `1623`, `1500?` (provisional), or a new player's.
pub(super) fn label(row: Option<&RatingRow>) -> String {
    let Some(row) = row else {
        return Rating::NEW.label(0);
    };
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
            (Scope::Global, crate::tr!("standings-scope-global"))
        } else {
            let platform = place.platform.as_str();
            match place.space.as_deref() {
                Some(space) => (
                    Scope::Server(platform, space),
                    crate::tr!("standings-scope-server"),
                ),
                None => (
                    Scope::Room(platform, &place.channel),
                    crate::tr!("standings-scope-here"),
                ),
            }
        };
        let offset = i64::from(page - 1) * PAGE_SIZE;
        let (rows, total) = self.store.leaderboard(scope, PAGE_SIZE, offset).await?;
        if total == 0 {
            return Ok(Reply::public(crate::tr!(
                "standings-empty",
                scope = scope_name
            )));
        }
        let pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
        if rows.is_empty() {
            return Err(ServiceError::NoSuchPage { page, pages });
        }
        let mut text = crate::tr!(
            "standings-leaderboard",
            scope = scope_name,
            page = page,
            pages = pages
        );
        for (i, row) in rows.iter().enumerate() {
            let rank = offset + 1 + i64::try_from(i).unwrap_or(0);
            text.push('\n');
            text.push_str(&crate::tr!(
                "standings-leaderboard-line",
                rank = rank,
                name = row.name,
                rating = label(Some(row)),
                wins = row.wins,
                draws = row.draws,
                losses = row.losses
            ));
        }
        text.push('\n');
        text.push_str(&crate::tr!("standings-provisional"));
        if i64::from(page) < pages {
            text.push(' ');
            text.push_str(&if global {
                crate::tr!("standings-next-page-global", page = page + 1)
            } else {
                crate::tr!("standings-next-page", page = page + 1)
            });
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
                    crate::tr!("standings-you-have")
                } else {
                    crate::tr!("standings-name-has", name = who.name)
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
                return Ok(Reply::public(crate::tr!(
                    "standings-no-games",
                    name = name,
                    puzzles = puzzle_line(&p)
                )));
            }
            (Err(err), _) => return Err(err),
        };
        let mut text = match self.store.rating(identity).await? {
            Some(row) => crate::tr!(
                "standings-stats",
                name = name,
                rating = label(Some(&row)),
                deviation = format!("{:.0}", row.deviation),
                games = row.games,
                wins = row.wins,
                draws = row.draws,
                losses = row.losses,
                seeds = row.seeds,
                best = row.best_streak,
                streak = row.streak,
            ),
            None => crate::tr!("standings-stats-new", name = name, rating = label(None)),
        };
        let asker = self
            .store
            .identity_of(cmd.place.platform.as_str(), &cmd.author.id)
            .await?;
        if let Some(asker) = asker.filter(|&a| a != identity) {
            let h2h = self.store.head_to_head(identity, asker).await?;
            text.push('\n');
            if h2h.wins + h2h.draws + h2h.losses == 0 {
                text.push_str(&crate::tr!("standings-h2h-none"));
            } else {
                text.push_str(&crate::tr!(
                    "standings-h2h",
                    asker = cmd.author.name,
                    name = name,
                    wins = h2h.wins,
                    draws = h2h.draws,
                    losses = h2h.losses
                ));
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
                Some(&(n, rating, _)) => crate::tr!(
                    "standings-chart",
                    name = name,
                    games = n,
                    rating = format!("{rating:.0}")
                ),
                None => crate::tr!("standings-chart-empty", name = name),
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
        let recent = self
            .store
            .recent_games(identity, if mine { HISTORY_SIZE } else { 5 * HISTORY_SIZE })
            .await?;
        let played_elsewhere = !recent.is_empty();
        let games: Vec<_> = recent
            .into_iter()
            .filter(|row| {
                mine || cmd
                    .place
                    .holds(row.platform, row.space.as_deref(), &row.channel)
            })
            .take(usize::try_from(HISTORY_SIZE).unwrap_or(10))
            .collect();
        if games.is_empty() && played_elsewhere {
            return Err(ServiceError::NoGamesHere(name));
        }
        if games.is_empty() {
            return Err(ServiceError::NeverPlayed(if user.is_none() {
                crate::tr!("standings-you-have")
            } else {
                crate::tr!("standings-name-has", name = name)
            }));
        }
        let mut text = crate::tr!("standings-history", name = name);
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
            let ending = row.state.ending();
            let result = match ending {
                None => crate::tr!("standings-in-progress", ply = row.ply),
                Some(e) if e.reason == EndReason::Aborted => crate::tr!("standings-aborted"),
                // Ended by resignation, time or an admin: say how, not a score that
                // decided nothing.
                Some(e) => match (e.winner.map(|w| w == side), view::won_by(e.reason)) {
                    (None, Some(by)) => crate::tr!("standings-drew-by", by = by),
                    (Some(true), Some(by)) => crate::tr!("standings-won-by", by = by),
                    (Some(false), Some(by)) => crate::tr!("standings-lost-by", by = by),
                    (None, None) => crate::tr!("standings-drew", mine = mine, theirs = theirs),
                    (Some(true), None) => crate::tr!("standings-won", mine = mine, theirs = theirs),
                    (Some(false), None) => {
                        crate::tr!("standings-lost", mine = mine, theirs = theirs)
                    }
                },
            };
            let reason = match ending.map(|e| e.reason) {
                Some(EndReason::Agreement | EndReason::DrawAgreed) => {
                    Some(crate::tr!("standings-by-agreement"))
                }
                _ => None,
            };
            let (y, m, d) = when::date(row.created_at);
            let (game, opponent, date) = (
                row.id,
                view::name(row, side.opponent()),
                format!("{y:04}-{m:02}-{d:02}"),
            );
            let (side, rated) = (view::side_name(side), view::rated_word(row.rated));
            text.push('\n');
            text.push_str(&match reason {
                Some(reason) => crate::tr!(
                    "standings-history-line-reason",
                    game = game,
                    opponent = opponent,
                    side = side,
                    rated = rated,
                    date = date,
                    result = result,
                    reason = reason
                ),
                None => crate::tr!(
                    "standings-history-line",
                    game = game,
                    opponent = opponent,
                    side = side,
                    rated = rated,
                    date = date,
                    result = result
                ),
            });
        }
        text.push('\n');
        text.push_str(&crate::tr!("standings-replay-hint"));
        Ok(Reply::public(text))
    }
}
