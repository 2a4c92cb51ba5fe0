//! Standings: the leaderboard (this server's or everyone's) at one speed, and a
//! player's stats with their rating chart, at one speed or both. Live and
//! correspondence games keep separate ratings ([`Speed`]); a leaderboard ranks one
//! speed (correspondence unless asked, [`Speed::DEFAULT`]), stats show both unless
//! asked for one. A player's recent games are in `history.rs`.

use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Records;
use std::fmt::Write;

use super::{rating::Rating, Attachment, Command, Reply, ServiceError, Speed, User};
use crate::{
    render,
    store::{RatingNumbers, RatingRow, Scope},
};

/// Players per leaderboard page.
const PAGE_SIZE: i64 = 10;

/// `Puzzles: rating 1540 (deviation 210), 3 solved of 4.`
pub(super) fn puzzle_line(lang: &crate::i18n::Language, p: &crate::store::PuzzleStats) -> String {
    crate::tr!(
        lang,
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
    let rating = Rating::from(RatingNumbers {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    });
    rating.label(u32::try_from(row.games).unwrap_or(u32::MAX))
}

/// The options that name this leaderboard again, for the next page's hint:
/// `global speed:live ` (each followed by a space), or nothing.
fn board_options(global: bool, speed: Option<Speed>) -> String {
    let mut options = String::new();
    if global {
        options.push_str("global ");
    }
    if let Some(speed) = speed {
        let _ = write!(options, "speed:{speed} ");
    }
    options
}

impl Records<'_> {
    pub(super) async fn leaderboard(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        global: bool,
        page: u32,
        asked: Option<Speed>,
    ) -> Result<Reply, ServiceError> {
        let page = page.max(1);
        let speed = asked.unwrap_or(Speed::DEFAULT);
        let place = &cmd.place;
        let (scope, scope_name) = if global {
            (Scope::Global, crate::tr!(lang, "standings-scope-global"))
        } else {
            let platform = place.platform;
            match place.space.as_deref() {
                Some(space) => (
                    Scope::Server(platform, space),
                    crate::tr!(lang, "standings-scope-server"),
                ),
                None => (
                    Scope::Room(platform, &place.channel),
                    crate::tr!(lang, "standings-scope-here"),
                ),
            }
        };
        let offset = i64::from(page - 1) * PAGE_SIZE;
        let (rows, total) = self
            .core
            .store
            .people()
            .leaderboard(scope, speed, PAGE_SIZE, offset)
            .await?;
        let other = crate::tr!(
            lang,
            "standings-other-speed",
            speed = speed.other().as_str()
        );
        // A public place's page shows the same leaderboard and its games in progress.
        let link = match global {
            true => None,
            false => Links::new(self.core).place_link(place, speed).await,
        }
        .map(|url| format!("\n{}", crate::tr!(lang, "web-place-link", url = url)))
        .unwrap_or_default();
        if total == 0 {
            return Ok(Reply::public(format!(
                "{} {other}{link}",
                crate::tr!(
                    lang,
                    "standings-empty",
                    scope = match scope {
                        Scope::Global => "global",
                        Scope::Server(..) => "server",
                        Scope::Room(..) => "here",
                    },
                    speed = speed.as_str()
                )
            )));
        }
        let pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
        if rows.is_empty() {
            return Err(ServiceError::NoSuchPage { page, pages });
        }
        let mut text = crate::tr!(
            lang,
            "standings-leaderboard",
            scope = scope_name,
            speed = speed.as_str(),
            page = page,
            pages = pages
        );
        for (i, row) in rows.iter().enumerate() {
            let rank = offset + 1 + i64::try_from(i).unwrap_or(0);
            text.push('\n');
            text.push_str(&crate::tr!(
                lang,
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
        text.push_str(&crate::tr!(lang, "standings-provisional"));
        if i64::from(page) < pages {
            text.push(' ');
            text.push_str(&crate::tr!(
                lang,
                "standings-next-page",
                options = board_options(global, asked),
                page = page + 1
            ));
        }
        let _ = write!(text, " {other}{link}");
        Ok(Reply::public(text))
    }

    /// The identity of `user` (the author when `None`) on the author's network.
    pub(super) async fn identity(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        user: Option<&User>,
    ) -> Result<(crate::store::IdentityId, String), ServiceError> {
        let who = user.unwrap_or(&cmd.author);
        self.core
            .store
            .people()
            .identity_of(cmd.place.platform, &who.id)
            .await?
            .map(|id| (id, who.name.clone()))
            .ok_or_else(|| {
                ServiceError::NeverPlayed(if user.is_none() {
                    crate::tr!(lang, "standings-you-have")
                } else {
                    crate::tr!(lang, "standings-name-has", name = who.name)
                })
            })
    }

    /// `user`'s (the author's when `None`) rating and record at `speed`, or at both
    /// speeds, head-to-head against the author, puzzles, and a rating chart for each
    /// speed shown that has rated games.
    pub(super) async fn stats(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        user: Option<&User>,
        speed: Option<Speed>,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let whose = user.map_or(cmd.author.id.as_str(), |u| u.id.as_str());
        let puzzles = self
            .core
            .store
            .learning()
            .puzzle_stats(platform, whose)
            .await?;
        let (identity, name) = match (self.identity(lang, cmd, user).await, puzzles) {
            (Ok(found), _) => found,
            // Puzzles but no games yet: the puzzle record alone.
            (Err(ServiceError::NeverPlayed(_)), Some(p)) => {
                let name = &user.unwrap_or(&cmd.author).name;
                return Ok(Reply::public(crate::tr!(
                    lang,
                    "standings-no-games",
                    name = name,
                    puzzles = puzzle_line(lang, &p)
                )));
            }
            (Err(err), _) => return Err(err),
        };
        let speeds = match speed {
            Some(speed) => vec![speed],
            None => Speed::ALL.to_vec(),
        };
        let mut lines = Vec::with_capacity(speeds.len());
        for &speed in &speeds {
            lines.push(
                match self.core.store.people().rating(identity, speed).await? {
                    Some(row) => crate::tr!(
                        lang,
                        "standings-stats",
                        name = name,
                        speed = speed.as_str(),
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
                    None => crate::tr!(
                        lang,
                        "standings-stats-new",
                        name = name,
                        speed = speed.as_str(),
                        rating = label(None)
                    ),
                },
            );
        }
        let mut text = lines.join("\n");
        let asker = self
            .core
            .store
            .people()
            .identity_of(cmd.place.platform, &cmd.author.id)
            .await?;
        if let Some(asker) = asker.filter(|&a| a != identity) {
            let h2h = self
                .core
                .store
                .games()
                .head_to_head(identity.get(), asker.get())
                .await?;
            text.push('\n');
            if h2h.wins + h2h.draws + h2h.losses == 0 {
                text.push_str(&crate::tr!(lang, "standings-h2h-none"));
            } else {
                text.push_str(&crate::tr!(
                    lang,
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
            let _ = write!(text, "\n{}", puzzle_line(lang, &p));
        }
        let mut reply = Reply::public(text);
        for speed in speeds {
            if let Some(chart) = self.rating_chart(lang, identity, &name, speed).await? {
                reply.files.push(chart);
            }
        }
        Ok(reply)
    }

    /// The chart of an identity's rating at `speed`, game by game, or `None` before
    /// its first rated game at that speed.
    async fn rating_chart(
        &self,
        lang: &crate::i18n::Language,
        identity: crate::store::IdentityId,
        name: &str,
        speed: Speed,
    ) -> Result<Option<Attachment>, ServiceError> {
        let history = self
            .core
            .store
            .people()
            .rating_history(identity, speed)
            .await?;
        if history.is_empty() {
            return Ok(None);
        }
        // From game 0, the rating every player starts at, so the first change shows.
        let start = Rating::NEW;
        let points: Vec<(u32, f64, f64)> = std::iter::once((0, start.rating, start.deviation))
            .chain(history.iter().enumerate().map(|(i, &(rating, deviation))| {
                (u32::try_from(i + 1).unwrap_or(u32::MAX), rating, deviation)
            }))
            .collect();
        let title = crate::tr!(
            lang,
            "standings-chart-title",
            name = name,
            speed = speed.as_str()
        );
        let chart = {
            let (points, lang) = (points.clone(), lang.clone());
            Pictures::new(self.core)
                .heavy(move || render::chart::rating_chart_png(&lang, &title, &points))
                .await?
        };
        Ok(Some(Attachment {
            file_name: format!("rating-{identity}-{speed}.png"),
            mime: "image/png",
            bytes: chart,
            description: match points.last() {
                Some(&(n, rating, _)) => crate::tr!(
                    lang,
                    "standings-chart",
                    name = name,
                    speed = speed.as_str(),
                    games = n,
                    rating = format!("{rating:.0}")
                ),
                None => crate::tr!(
                    lang,
                    "standings-chart-empty",
                    name = name,
                    speed = speed.as_str()
                ),
            },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_pages_hint_names_the_same_board() {
        assert_eq!(board_options(false, None), "");
        assert_eq!(board_options(true, None), "global ");
        assert_eq!(board_options(false, Some(Speed::Live)), "speed:live ");
        assert_eq!(
            board_options(true, Some(Speed::Correspondence)),
            "global speed:correspondence "
        );
    }
}
