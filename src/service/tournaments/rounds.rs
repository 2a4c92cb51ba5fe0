//! A tournament's rounds start by themselves: when a round's last game ends, the
//! game's transaction schedules a `tournament` job (see `store::tournaments`), and
//! the job pairs the next round and starts its games, or ends the event with its
//! crosstable. Each step is one transaction guarded by the tournament's version, so
//! two games ending at once, or a restart in between, start a round exactly once.

use super::{
    super::{
        clock::Clocks,
        next_turn::Seats,
        outbox::place_message,
        settings::Settings,
        tournament::{
            round_robin, swiss_round, withdraw, Board, Entrant, GameResult, Outcome, PairingError,
            Round,
        },
        Place, Platform, Reply, Service, ServiceError, TimeControl, User,
    },
    title, Format,
};
use crate::{
    rules::{Game, Variant},
    store::{
        BoardRow, Claim, Effects, EntrantRow, JobKind, JobRow, NewBoard, NewJob, NewMessage,
        TournamentRow, TournamentStatus,
    },
};

/// A tournament as stored, read whole.
pub(super) struct Event {
    pub(super) t: TournamentRow,
    pub(super) entrants: Vec<EntrantRow>,
    pub(super) boards: Vec<BoardRow>,
}

impl Event {
    pub(super) fn format(&self) -> Format {
        if self.t.format == "swiss" {
            Format::Swiss
        } else {
            Format::RoundRobin
        }
    }

    /// Every entrant, in entry order.
    pub(super) fn players(&self) -> Vec<Entrant> {
        self.entrants.iter().map(|e| entrant(e.entrant)).collect()
    }

    /// Those still in for round `round`.
    fn active_in(&self, round: i64) -> Vec<Entrant> {
        self.entrants
            .iter()
            .filter(|e| e.withdrawn_from.is_none_or(|from| from > round))
            .map(|e| entrant(e.entrant))
            .collect()
    }

    pub(super) fn entrant(&self, who: Entrant) -> Option<&EntrantRow> {
        self.entrants.iter().find(|e| e.entrant == i64::from(who))
    }

    pub(super) fn name(&self, who: Entrant) -> String {
        self.entrant(who).map_or_else(
            || crate::tr!("tournament-player", entrant = who),
            |e| e.name.clone(),
        )
    }

    /// The rounds so far as the pure core reads them: finished games and byes (a
    /// game still under way, or aborted by an admin, scores nothing).
    pub(super) fn played(&self) -> Vec<Round> {
        let rounds = usize::try_from(self.t.round).unwrap_or(0);
        let mut played = vec![Round::default(); rounds];
        for b in &self.boards {
            let Some(round) = usize::try_from(b.round - 1)
                .ok()
                .and_then(|r| played.get_mut(r))
            else {
                continue;
            };
            let Some(north) = b.north else {
                round.byes.push(entrant(b.south));
                continue;
            };
            let outcome = match b.result.as_deref() {
                Some("S") => Outcome::SouthWin,
                Some("N") => Outcome::NorthWin,
                Some("draw") => Outcome::Draw,
                _ => continue,
            };
            round.games.push(GameResult {
                pairing: crate::play::tournament::Pairing {
                    south: entrant(b.south),
                    north: entrant(north),
                },
                outcome,
                south_captured: seeds(b.south_score),
                north_captured: seeds(b.north_score),
            });
        }
        played
    }

    /// Whether a game of the current round is still being played.
    fn round_under_way(&self) -> bool {
        self.boards
            .iter()
            .any(|b| b.round == self.t.round && b.status.as_deref() == Some("active"))
    }

    /// The next round's boards, or why the event is over.
    fn next_round(&self) -> Result<(Vec<Board>, i64), String> {
        let next = self.t.round + 1;
        match self.format() {
            Format::RoundRobin => {
                let mut schedule = round_robin(&self.players(), self.t.double_rounds);
                for e in &self.entrants {
                    if let Some(from) = e.withdrawn_from {
                        let from = usize::try_from(from - 1).unwrap_or(0);
                        withdraw(&mut schedule, entrant(e.entrant), from);
                    }
                }
                let rounds = i64::try_from(schedule.len()).unwrap_or(i64::MAX);
                let index = usize::try_from(self.t.round).unwrap_or(usize::MAX);
                match schedule.into_iter().nth(index) {
                    Some(boards) if self.active_in(next).len() >= 2 => Ok((boards, rounds)),
                    _ => Err(after_rounds(self.t.round)),
                }
            }
            Format::Swiss => {
                if next > self.t.rounds {
                    return Err(after_rounds(self.t.rounds));
                }
                swiss_round(&self.active_in(next), &self.played())
                    .map(|round| (round.boards(), self.t.rounds))
                    .map_err(|why| {
                        let why = match why {
                            PairingError::TooFewPlayers => crate::tr!("tournament-too-few-left"),
                            PairingError::TooManyPlayers(n) => {
                                crate::tr!("tournament-too-many", players = n)
                            }
                            PairingError::NoPairing => crate::tr!("tournament-no-pairing"),
                        };
                        crate::tr!("tournament-ended-after", round = self.t.round, why = why)
                    })
            }
        }
    }
}

/// `after 1 round`, `after 3 rounds`.
pub(super) fn after_rounds(n: i64) -> String {
    crate::tr!("tournament-after-rounds", rounds = n)
}

fn entrant(n: i64) -> Entrant {
    Entrant::try_from(n).unwrap_or(Entrant::MAX)
}

fn seeds(score: Option<i64>) -> u32 {
    score.and_then(|s| u32::try_from(s).ok()).unwrap_or(0)
}

impl Service {
    pub(super) async fn load_event(&self, id: i64) -> Result<Option<Event>, ServiceError> {
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let entrants = self.store.tournament_entrants(id).await?;
        let boards = self.store.tournament_boards(id).await?;
        Ok(Some(Event {
            t,
            entrants,
            boards,
        }))
    }

    /// The `tournament` job: the next round, if the current one is over.
    pub(in crate::service) async fn tournament_job(
        &self,
        job: &JobRow,
    ) -> Result<bool, ServiceError> {
        let id = job
            .request
            .as_deref()
            .and_then(|r| r.parse().ok())
            .ok_or_else(|| ServiceError::Internal(format!("job #{}: no tournament", job.id)))?;
        self.advance_tournament(Claim::Job(job.id), id).await?;
        // Done either way: a later game's end schedules the next look.
        Ok(false)
    }

    /// Starts tournament `id`'s next round if its current one is over (round 1 at
    /// the start), or ends it with its crosstable when no round is left, claiming
    /// `claim`.
    pub(super) async fn advance_tournament(
        &self,
        claim: Claim<'_>,
        id: i64,
    ) -> Result<(), ServiceError> {
        let Some(event) = self.load_event(id).await? else {
            return Ok(());
        };
        if event.t.status == TournamentStatus::Finished || event.round_under_way() {
            return Ok(());
        }
        let now = self.now();
        match event.next_round() {
            Ok((boards, rounds)) => self.start_round(claim, &event, &boards, rounds, now).await,
            Err(why) => {
                let effects = Effects {
                    messages: vec![self.final_message(&event, &why)],
                    ..Effects::none()
                };
                if self
                    .store
                    .finish_tournament(claim, id, event.t.version, &effects, now)
                    .await?
                {
                    self.wake();
                }
                Ok(())
            }
        }
    }

    async fn start_round(
        &self,
        claim: Claim<'_>,
        event: &Event,
        boards: &[Board],
        rounds: i64,
        now: i64,
    ) -> Result<(), ServiceError> {
        let t = &event.t;
        let round = t.round + 1;
        let player = |who: Entrant| event.entrant(who).map(|e| e.player_id).unwrap_or_default();
        let new: Vec<NewBoard> = boards
            .iter()
            .map(|board| match *board {
                Board::Game(p) => NewBoard {
                    south: i64::from(p.south),
                    north: Some(i64::from(p.north)),
                    players: (player(p.south), Some(player(p.north))),
                },
                Board::Bye(who) => NewBoard {
                    south: i64::from(who),
                    north: None,
                    players: (player(who), None),
                },
            })
            .collect();
        let tc: TimeControl = t.time_control;
        let threads = self
            .store
            .settings(&t.platform, &t.place)
            .await
            .map(|row| Settings::from_row(row).threads())?;
        let effects = |games: &[Option<i64>]| {
            let mut per_game = Vec::with_capacity(games.len());
            let mut lines = Vec::new();
            let mut mentions = Vec::new();
            for (board, game) in boards.iter().zip(games) {
                match (*board, *game) {
                    (Board::Game(p), Some(id)) => {
                        let (south, north) = (event.name(p.south), event.name(p.north));
                        lines.push(crate::tr!(
                            "tournament-round-game",
                            game = id,
                            south = south,
                            north = north
                        ));
                        let users = [self.user_of(event, p.south), self.user_of(event, p.north)];
                        mentions.extend(users.iter().cloned());
                        per_game.push(self.first_board(
                            t,
                            round,
                            id,
                            [&south, &north],
                            &users,
                            tc,
                            threads,
                            now,
                        ));
                    }
                    (Board::Bye(who), _) => {
                        lines.push(crate::tr!("tournament-round-bye", name = event.name(who)));
                        per_game.push(Effects::none());
                    }
                    _ => per_game.push(Effects::none()),
                }
            }
            let text = crate::tr!(
                "tournament-round",
                title = title(t),
                round = round,
                rounds = rounds,
                time = tc.describe(),
                rated = super::rated_word(t.rated),
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
                    request: Some(t.id.to_string()),
                });
            }
            (per_game, round_effects)
        };
        if self
            .store
            .start_round(claim, t, round, rounds, &new, effects, now)
            .await?
            .is_some()
        {
            self.wake();
        }
        Ok(())
    }

    fn user_of(&self, event: &Event, who: Entrant) -> User {
        let e = event.entrant(who);
        User {
            id: e.map(|e| e.user_id.clone()).unwrap_or_default(),
            name: event.name(who),
            is_bot: false,
        }
    }

    /// A round's game starting: its clocks and jobs, and its first board posted
    /// with both players mentioned (in its own thread where the server wants one).
    #[allow(clippy::too_many_arguments)]
    fn first_board(
        &self,
        t: &TournamentRow,
        round: i64,
        game: i64,
        names: [&str; 2],
        users: &[User; 2],
        tc: TimeControl,
        threads: bool,
        now: i64,
    ) -> Effects {
        let seats = Seats {
            tc,
            reminders: true,
            bots: [false, false],
        };
        let mut effects = self.turn_effects(
            seats,
            Clocks::default(),
            &Game::new(Variant::Abapa),
            None,
            now,
        );
        let reply = Reply {
            text: crate::tr!(
                "tournament-game-begins",
                title = title(t),
                round = round,
                game = game,
                time = tc.describe(),
                south = names[0],
                north = names[1]
            ),
            mentions: users.to_vec(),
            game: Some(game),
            open_thread: (threads && t.space.is_some()).then(|| {
                crate::tr!(
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
        platform: Platform::from_name(&t.platform).unwrap_or(Platform::Console),
        space: t.space.clone(),
        channel: t.channel.clone(),
        thread: None,
    }
}
