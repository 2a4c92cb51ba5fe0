//! A tournament read whole, as its rounds see it: who is in, the rounds played as
//! the pure core reads them, and the next round's boards or why the event is over.
//! No I/O: the job in `rounds` loads it and acts on it.

use crate::{
    play::tournament::{
        round_robin, swiss_round, withdraw, Board, Entrant, Format, GameResult, Outcome,
        PairingError, Round,
    },
    rules::{EndReason, Side},
    store::{BoardRow, Ending, EntrantRow, GameState, TournamentRow},
};

/// A tournament as stored, read whole.
pub(super) struct Event {
    pub(super) t: TournamentRow,
    pub(super) entrants: Vec<EntrantRow>,
    pub(super) boards: Vec<BoardRow>,
}

impl Event {
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

    pub(super) fn name(&self, lang: &crate::i18n::Language, who: Entrant) -> String {
        self.entrant(who).map_or_else(
            || crate::tr!(lang, "tournament-player", entrant = who),
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
            let outcome = match b.state.and_then(GameState::ending) {
                Some(ending) if ending.reason == EndReason::Aborted => continue,
                Some(Ending { winner, .. }) => match winner {
                    Some(Side::South) => Outcome::SouthWin,
                    Some(Side::North) => Outcome::NorthWin,
                    None => Outcome::Draw,
                },
                None => continue,
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
    pub(super) fn round_under_way(&self) -> bool {
        self.boards
            .iter()
            .any(|b| b.round == self.t.round && b.state == Some(GameState::Active))
    }

    /// The next round's boards, or why the event is over.
    pub(super) fn next_round(
        &self,
        lang: &crate::i18n::Language,
    ) -> Result<(Vec<Board>, i64), String> {
        let next = self.t.round + 1;
        match self.t.format {
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
                    _ => Err(after_rounds(lang, self.t.round)),
                }
            }
            Format::Swiss => {
                if next > self.t.rounds {
                    return Err(after_rounds(lang, self.t.rounds));
                }
                swiss_round(&self.active_in(next), &self.played())
                    .map(|round| (round.boards(), self.t.rounds))
                    .map_err(|why| {
                        let why = match why {
                            PairingError::TooFewPlayers => {
                                crate::tr!(lang, "tournament-too-few-left")
                            }
                            PairingError::TooManyPlayers(n) => {
                                crate::tr!(lang, "tournament-too-many", players = n)
                            }
                            PairingError::NoPairing => crate::tr!(lang, "tournament-no-pairing"),
                        };
                        crate::tr!(
                            lang,
                            "tournament-ended-after",
                            round = self.t.round,
                            why = why
                        )
                    })
            }
        }
    }
}

/// `after 1 round`, `after 3 rounds`.
pub(super) fn after_rounds(lang: &crate::i18n::Language, n: i64) -> String {
    crate::tr!(lang, "tournament-after-rounds", rounds = n)
}

pub(super) fn entrant(n: i64) -> Entrant {
    Entrant::try_from(n).unwrap_or(Entrant::MAX)
}

fn seeds(score: Option<i64>) -> u32 {
    score.and_then(|s| u32::try_from(s).ok()).unwrap_or(0)
}
