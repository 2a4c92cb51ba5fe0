//! Tournaments as players see them (`/oware tournament …`): an admin (or anyone,
//! if the server allows) creates one, players join, the creator starts it; each
//! round's games start by themselves (see `rounds`) and the standings can be shown
//! at any time (see `show`). The pairing and scoring are the pure
//! [`super::tournament`] core; this module stores and announces.

mod action;
mod error;
mod event;
mod page;
mod rounds;
mod show;

pub use crate::play::tournament::Format;
pub use action::{TournamentAction, TournamentOptions};
pub use error::TournamentError;
pub use page::{RoundBoard, TournamentSummary};

use super::authority::{self, Deed, Target};
use super::{settings::scope, Command, Reply, ServiceError, TimeControl};
use crate::service::cases::Games;
use crate::service::cases::Moderation;
use crate::service::cases::Preferences;
use crate::service::cases::Tournaments;
use crate::store::{Joined, Left, NewTournament, TournamentRow, TournamentStatus};

/// The longest name kept, in characters.
const NAME_MAX: usize = 60;
/// Swiss rounds when `rounds:` is not given.
const DEFAULT_SWISS_ROUNDS: i64 = 3;

/// `round-robin` or `swiss`, in words.
fn format_name(lang: &crate::i18n::Language, format: Format) -> String {
    match format {
        Format::Swiss => crate::tr!(lang, "tournament-format-swiss"),
        Format::RoundRobin => crate::tr!(lang, "tournament-format-round-robin"),
    }
}

/// `rated` or `casual`.
pub(super) fn rated_word(lang: &crate::i18n::Language, rated: bool) -> String {
    if rated {
        crate::tr!(lang, "tournament-rated")
    } else {
        crate::tr!(lang, "tournament-casual")
    }
}

/// How a tournament is named in replies: `**Autumn Cup** (T3)`.
fn title(lang: &crate::i18n::Language, t: &TournamentRow) -> String {
    crate::tr!(lang, "tournament-title", name = t.name, id = t.id)
}

impl Tournaments<'_> {
    /// `/oware tournament …`.
    pub(super) async fn tournament(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        action: &TournamentAction,
    ) -> Result<Reply, ServiceError> {
        match action {
            TournamentAction::Overview => self.tournament_overview(lang, cmd).await,
            TournamentAction::Create(options) => self.create_tournament(lang, cmd, options).await,
            TournamentAction::Join(id) => self.join_tournament(lang, cmd, *id).await,
            TournamentAction::Leave(id) => self.leave_tournament(lang, cmd, *id).await,
            TournamentAction::Start(id) => self.start_tournament(lang, cmd, *id).await,
            TournamentAction::Standings(id) => self.tournament_standings(lang, cmd, *id).await,
        }
    }

    async fn tournament_overview(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let place = &cmd.place;
        let list = self
            .core
            .store
            .tournaments()
            .tournaments_at(place.platform, scope(place))
            .await?;
        let mut text = super::text::tournament(lang);
        if !list.is_empty() {
            text.push_str("\n\n");
            text.push_str(&crate::tr!(lang, "tournament-list-here"));
            for t in &list {
                let players = self
                    .core
                    .store
                    .tournaments()
                    .tournament_entrants(t.id)
                    .await?
                    .len();
                let state = match t.status {
                    TournamentStatus::Open => crate::tr!(lang, "tournament-state-open"),
                    TournamentStatus::Running => {
                        crate::tr!(
                            lang,
                            "tournament-state-round",
                            round = t.round,
                            rounds = t.rounds
                        )
                    }
                    TournamentStatus::Finished => crate::tr!(lang, "tournament-state-finished"),
                };
                text.push('\n');
                text.push_str(&crate::tr!(
                    lang,
                    "tournament-list-line",
                    title = title(lang, t),
                    format = format_name(lang, t.format),
                    players = players,
                    state = state
                ));
            }
        }
        Ok(Reply::private(text))
    }

    async fn create_tournament(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        options: &TournamentOptions,
    ) -> Result<Reply, ServiceError> {
        let settings = Preferences::new(self.core)
            .place_settings(&cmd.place)
            .await?;
        let place = Target::Place {
            open: settings.anyone_runs_tournaments(),
        };
        authority::judge(Deed::CreateTournament, cmd.role, place)
            .map_err(|_| ServiceError::NotAdmin("/oware tournament create"))?;
        Moderation::new(self.core).check_ban(lang, cmd).await?;
        Preferences::check_channel(&settings, &cmd.place)?;
        let name: String = options.name.trim().chars().take(NAME_MAX).collect();
        let format = options.format.unwrap_or(if options.rounds.is_some() {
            Format::Swiss
        } else {
            Format::RoundRobin
        });
        let tc = match &options.time {
            Some(time) => time.parse::<TimeControl>().map_err(TournamentError::from)?,
            None => settings.time().unwrap_or_default(),
        };
        let rated = options.rated.or(settings.rated()).unwrap_or(true);
        if rated && !tc.is_timed() {
            return Err(ServiceError::RatedNeedsClock);
        }
        if format == Format::RoundRobin && options.rounds.is_some() {
            return Err(TournamentError::RoundsInRoundRobin.into());
        }
        let creator_id = Games::new(self.core).author_player(cmd).await?;
        let rounds = match format {
            Format::Swiss => options.rounds.map_or(DEFAULT_SWISS_ROUNDS, i64::from),
            Format::RoundRobin => 0,
        };
        let new = NewTournament {
            platform: cmd.place.platform,
            place: scope(&cmd.place).to_owned(),
            space: cmd.place.space.clone(),
            channel: cmd.place.channel.clone(),
            name: name.clone(),
            format,
            rounds,
            double_rounds: options.double && format == Format::RoundRobin,
            time_control: tc.to_string(),
            rated,
            creator_id,
        };
        let id = self
            .core
            .store
            .tournaments()
            .create_tournament(cmd.claim(), &new, self.core.now())
            .await?;
        let shape = match format {
            Format::Swiss => crate::tr!(lang, "tournament-shape-swiss", rounds = rounds),
            Format::RoundRobin if new.double_rounds => crate::tr!(lang, "tournament-shape-double"),
            Format::RoundRobin => crate::tr!(lang, "tournament-shape-round-robin"),
        };
        Ok(Reply {
            text: crate::tr!(
                lang,
                "tournament-created",
                name = name,
                id = id,
                shape = shape,
                time = tc.describe(lang),
                rated = rated_word(lang, rated),
                creator = cmd.author.name,
            ),
            ..Reply::default()
        })
    }

    /// The tournament `id` at `cmd`'s place, or the newest one here whose status is
    /// one of `statuses` when `id` is `None`.
    async fn find_tournament(
        &self,
        cmd: &Command,
        id: Option<crate::store::TournamentId>,
        statuses: &[TournamentStatus],
    ) -> Result<TournamentRow, ServiceError> {
        let place = scope(&cmd.place);
        let platform = cmd.place.platform;
        let found = match id {
            Some(id) => self
                .core
                .store
                .tournaments()
                .tournament(id)
                .await?
                .filter(|t| t.platform == platform && t.place == place),
            None => self
                .core
                .store
                .tournaments()
                .tournaments_at(platform, place)
                .await?
                .into_iter()
                .find(|t| statuses.contains(&t.status)),
        };
        found
            .ok_or(match id {
                Some(id) => TournamentError::NoSuchTournament(id),
                None => TournamentError::NoneHere,
            })
            .map_err(Into::into)
    }

    async fn join_tournament(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::TournamentId>,
    ) -> Result<Reply, ServiceError> {
        let t = self
            .find_tournament(cmd, id, &[TournamentStatus::Open])
            .await?;
        if cmd.author.is_bot {
            return Err(TournamentError::NoBots.into());
        }
        Moderation::new(self.core).check_ban(lang, cmd).await?;
        // A round's game is created whatever the players' games elsewhere (a
        // tournament must go on), so the active-game cap is checked here instead.
        let caps = &self.core.config.caps;
        let (active, _) = self
            .core
            .store
            .games()
            .active_games_count(cmd.place.platform, &cmd.author.id)
            .await?;
        if active >= caps.active_games {
            return Err(TournamentError::AtGameCap {
                id: t.id,
                limit: caps.active_games,
            }
            .into());
        }
        let most = match t.format {
            Format::RoundRobin => caps.round_robin_players,
            Format::Swiss => caps.swiss_players,
        };
        let player = Games::new(self.core).author_player(cmd).await?;
        match self
            .core
            .store
            .tournaments()
            .join_tournament(cmd.claim(), t.id, player, Some(most), self.core.now())
            .await?
        {
            Joined::Entrant(n) => {
                let names: Vec<String> = self
                    .core
                    .store
                    .tournaments()
                    .tournament_entrants(t.id)
                    .await?
                    .into_iter()
                    .map(|e| e.name)
                    .collect();
                Ok(Reply {
                    text: crate::tr!(
                        lang,
                        "tournament-joined",
                        name = cmd.author.name,
                        title = title(lang, &t),
                        entrant = n,
                        count = names.len(),
                        players = crate::i18n::list(lang, &names, crate::i18n::Joined::And)
                    ),
                    ..Reply::default()
                })
            }
            Joined::Already(n) => {
                // Theirs alone: in their own language.
                let own = Preferences::new(self.core).language_of(cmd).await;
                Ok(Reply::private(crate::tr!(
                    &own,
                    "tournament-already-in",
                    title = title(&own, &t),
                    entrant = n,
                    id = t.id
                )))
            }
            Joined::Closed => Err(TournamentError::Closed(t.id).into()),
            Joined::Full(_) if t.format == Format::Swiss => Err(TournamentError::SwissFull {
                id: t.id,
                limit: most,
            }
            .into()),
            Joined::Full(_) => Err(TournamentError::Full {
                id: t.id,
                limit: most,
            }
            .into()),
        }
    }

    async fn leave_tournament(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::TournamentId>,
    ) -> Result<Reply, ServiceError> {
        let t = self
            .find_tournament(
                cmd,
                id,
                &[TournamentStatus::Open, TournamentStatus::Running],
            )
            .await?;
        let player = Games::new(self.core).author_player(cmd).await?;
        let text = match self
            .core
            .store
            .tournaments()
            .leave_tournament(cmd.claim(), t.id, player, self.core.now())
            .await?
        {
            Left::Removed => {
                crate::tr!(
                    lang,
                    "tournament-left",
                    name = cmd.author.name,
                    title = title(lang, &t)
                )
            }
            Left::Withdrawn(from) => crate::tr!(
                lang,
                "tournament-withdrew",
                name = cmd.author.name,
                title = title(lang, &t),
                round = from
            ),
            Left::NotIn => return Err(TournamentError::NotIn(t.id).into()),
            Left::Finished => return Err(TournamentError::Over(t.id).into()),
        };
        Ok(Reply {
            text,
            ..Reply::default()
        })
    }

    async fn start_tournament(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::TournamentId>,
    ) -> Result<Reply, ServiceError> {
        let t = self
            .find_tournament(cmd, id, &[TournamentStatus::Open])
            .await?;
        if t.status != TournamentStatus::Open {
            return Err(TournamentError::Started(t.id).into());
        }
        let made = Target::Made {
            by_author: t.creator_user == cmd.author.id,
        };
        authority::judge(Deed::StartTournament, cmd.role, made)
            .map_err(|_| TournamentError::NotCreator(t.id))?;
        let players = self
            .core
            .store
            .tournaments()
            .tournament_entrants(t.id)
            .await?
            .len();
        if players < 2 {
            return Err(TournamentError::TooFew(t.id, players).into());
        }
        self.advance_tournament(lang, cmd.claim(), t.id).await?;
        Ok(Reply {
            text: crate::tr!(
                lang,
                "tournament-started",
                title = title(lang, &t),
                players = players,
                id = t.id
            ),
            ..Reply::default()
        })
    }
}
