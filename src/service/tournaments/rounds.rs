//! A tournament's rounds start by themselves: when a round's last game ends, the
//! game's transaction schedules a `tournament` job (see `store::tournaments`), and
//! the job pairs the next round and starts its games, or ends the event with its
//! crosstable. Each step is one transaction guarded by the tournament's version, so
//! two games ending at once, or a restart in between, start a round exactly once.
//! What the job reads is an [`Event`] (see `event`).

use super::{
    super::{
        next_turn::Seats,
        outbox::place_message,
        settings::Settings,
        start::Start,
        tournament::{Board, Entrant},
        Place, Reply, ServiceError, TimeControl, User,
    },
    event::Event,
    title,
};
use crate::service::cases::Play;
use crate::service::cases::Tournaments;
use crate::{
    rules::Variant,
    store::{
        Claim, Effects, JobKind, JobRequest, JobRow, NewBoard, NewJob, NewMessage, TournamentRow,
        TournamentStatus,
    },
};

impl Tournaments<'_> {
    pub(super) async fn load_event(
        &self,
        id: crate::store::TournamentId,
    ) -> Result<Option<Event>, ServiceError> {
        let Some(t) = self.core.store.tournaments().tournament(id).await? else {
            return Ok(None);
        };
        let entrants = self
            .core
            .store
            .tournaments()
            .tournament_entrants(id)
            .await?;
        let boards = self.core.store.tournaments().tournament_boards(id).await?;
        Ok(Some(Event {
            t,
            entrants,
            boards,
        }))
    }

    /// The `tournament` job: the next round, if the current one is over.
    pub(in crate::service) async fn tournament_job(
        &self,
        lang: &crate::i18n::Language,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let Some(JobRequest::Tournament(id)) = job.request else {
            return Err(ServiceError::Internal(format!(
                "job #{}: no tournament in {:?}",
                job.id, job.request
            )));
        };
        self.advance_tournament(lang, Claim::Job(job.id), id)
            .await?;
        // Done either way: a later game's end schedules the next look.
        Ok(false)
    }

    /// Starts tournament `id`'s next round if its current one is over (round 1 at
    /// the start), or ends it with its crosstable when no round is left, claiming
    /// `claim`.
    pub(super) async fn advance_tournament(
        &self,
        lang: &crate::i18n::Language,
        claim: Claim<'_>,
        id: crate::store::TournamentId,
    ) -> Result<(), ServiceError> {
        let Some(event) = self.load_event(id).await? else {
            return Ok(());
        };
        if event.t.status == TournamentStatus::Finished || event.round_under_way() {
            return Ok(());
        }
        let now = self.core.now();
        match event.next_round(lang) {
            Ok((boards, rounds)) => {
                self.start_round(lang, claim, &event, &boards, rounds, now)
                    .await
            }
            Err(why) => {
                let effects = Effects {
                    messages: vec![self.final_message(lang, &event, &why)],
                    ..Effects::none()
                };
                if self
                    .core
                    .store
                    .tournaments()
                    .finish_tournament(claim, id, event.t.version, &effects, now)
                    .await?
                {
                    self.core.wake();
                }
                Ok(())
            }
        }
    }

    async fn start_round(
        &self,
        lang: &crate::i18n::Language,
        claim: Claim<'_>,
        event: &Event,
        boards: &[Board],
        rounds: i64,
        now: i64,
    ) -> Result<(), ServiceError> {
        let t = &event.t;
        let round = t.round + 1;
        // Every entrant paired is one of the event's: one that is not is a fault of
        // the pairing, and the round does not start.
        let player = |who: Entrant| {
            event.entrant(who).map(|e| e.player_id).ok_or_else(|| {
                ServiceError::Internal(format!(
                    "round {round} of tournament {} pairs entrant {who}, who is not entered",
                    t.id
                ))
            })
        };
        let new = boards
            .iter()
            .map(|board| {
                Ok(match *board {
                    Board::Game(p) => NewBoard {
                        south: i64::from(p.south),
                        north: Some(i64::from(p.north)),
                        players: (player(p.south)?, Some(player(p.north)?)),
                    },
                    Board::Bye(who) => NewBoard {
                        south: i64::from(who),
                        north: None,
                        players: (player(who)?, None),
                    },
                })
            })
            .collect::<Result<Vec<NewBoard>, ServiceError>>()?;
        let tc: TimeControl = t.time_control;
        let threads = self
            .core
            .store
            .places()
            .settings(t.platform, &t.place)
            .await
            .map(|row| Settings::from_row(row).threads())?;
        // Players on vacation: their first turn in a correspondence game waits.
        let mut away = Vec::with_capacity(boards.len());
        for board in &new {
            away.push(match board.players {
                (south, Some(north)) => self.core.store.people().away_until([south, north]).await?,
                (_, None) => [None, None],
            });
        }
        let effects = |games: &[Option<i64>]| {
            let mut per_game = Vec::with_capacity(games.len());
            let mut lines = Vec::new();
            let mut mentions = Vec::new();
            for ((board, game), away_until) in boards.iter().zip(games).zip(&away) {
                match (*board, *game) {
                    (Board::Game(p), Some(id)) => {
                        let (south, north) = (event.name(lang, p.south), event.name(lang, p.north));
                        lines.push(crate::tr!(
                            lang,
                            "tournament-round-game",
                            game = id,
                            south = south,
                            north = north
                        ));
                        let users = [
                            self.user_of(lang, event, p.south),
                            self.user_of(lang, event, p.north),
                        ];
                        mentions.extend(users.iter().cloned());
                        per_game.push(self.round_game(
                            lang,
                            t,
                            round,
                            crate::store::GameId::new(id),
                            [&south, &north],
                            &users,
                            Seats {
                                tc,
                                reminders: true,
                                bots: [false, false],
                                away_until: *away_until,
                            },
                            threads,
                            now,
                        ));
                    }
                    (Board::Bye(who), _) => {
                        lines.push(crate::tr!(
                            lang,
                            "tournament-round-bye",
                            name = event.name(lang, who)
                        ));
                        per_game.push(Effects::none());
                    }
                    _ => per_game.push(Effects::none()),
                }
            }
            let text = crate::tr!(
                lang,
                "tournament-round",
                title = title(lang, t),
                round = round,
                rounds = rounds,
                time = tc.describe(lang),
                rated = super::rated_word(lang, t.rated),
                games = lines.join("\n")
            );
            let reply = Reply {
                text,
                mentions,
                ..Reply::default()
            };
            let mut round_effects = Effects {
                messages: vec![place_message(&event_place(t), &reply)],
                ..Effects::none()
            };
            if games.iter().all(Option::is_none) {
                // Only byes (everyone else withdrew): no game will end to move on.
                round_effects.jobs.push(NewJob {
                    kind: JobKind::Tournament,
                    game_id: None,
                    challenge_id: None,
                    due_at: now,
                    request: Some(JobRequest::Tournament(t.id)),
                });
            }
            (per_game, round_effects)
        };
        if self
            .core
            .store
            .tournaments()
            .start_round(claim, t, round, rounds, &new, effects, now)
            .await?
            .is_some()
        {
            self.core.wake();
        }
        Ok(())
    }

    fn user_of(&self, lang: &crate::i18n::Language, event: &Event, who: Entrant) -> User {
        let e = event.entrant(who);
        User {
            id: e.map(|e| e.user_id.clone()).unwrap_or_default(),
            name: event.name(lang, who),
            is_bot: false,
        }
    }

    /// A round's game starting: its clocks and jobs, and its first board posted
    /// with both players mentioned (in its own thread where the server wants one).
    #[allow(clippy::too_many_arguments)]
    fn round_game(
        &self,
        lang: &crate::i18n::Language,
        t: &TournamentRow,
        round: i64,
        game: crate::store::GameId,
        names: [&str; 2],
        users: &[User; 2],
        seats: Seats,
        threads: bool,
        now: i64,
    ) -> Effects {
        let tc = seats.tc;
        let mut effects = Play::new(self.core).start_game(
            Start {
                variant: Variant::Abapa,
                seats,
            },
            now,
        );
        let reply = Reply {
            text: crate::tr!(
                lang,
                "tournament-game-begins",
                title = title(lang, t),
                round = round,
                game = game,
                time = tc.describe(lang),
                south = names[0],
                north = names[1]
            ),
            mentions: users.to_vec(),
            game: Some(game),
            open_thread: (threads && t.space.is_some()).then(|| {
                crate::tr!(
                    lang,
                    "tournament-thread",
                    south = names[0],
                    north = names[1],
                    name = t.name,
                    round = round
                )
            }),
            ..Reply::default()
        };
        let mut message: NewMessage = place_message(&event_place(t), &reply);
        message.game_id = Some(game);
        message.board_ply = Some(0);
        effects.messages.push(message);
        effects
    }
}

/// Where a tournament is announced.
pub(super) fn event_place(t: &TournamentRow) -> Place {
    Place {
        platform: t.platform,
        space: t.space.clone(),
        channel: t.channel.clone(),
        thread: None,
    }
}
