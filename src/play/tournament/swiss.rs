//! Swiss pairing, Dutch-style: players meet others on the same score, the top half
//! of a score group against the bottom half, and no two players meet twice.
//!
//! The search takes the highest-ranked unpaired player and tries partners in the
//! order the Dutch system prefers: the player half a score group below first, then
//! the rest of the bottom half, then the top half, then lower score groups (a float
//! down). It backtracks when the players left cannot all be paired, and remembers
//! (as a bit set of who is left) every position already shown hopeless, so it
//! finds a pairing without rematches whenever one exists. A first pass also keeps
//! every player's South and North games within one of each other; only if no such
//! pairing exists does a second pass drop that wish.

mod search;

use std::cmp::Reverse;

use super::{Board, Entrant, Pairing, Record, Round};
use search::{full_set, Search};

/// The most players the search pairs (the players left are a 64-bit set).
pub const MAX_FIELD: usize = 64;

/// A Swiss round to play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissRound {
    /// The games, in board order (the board of the higher-ranked players first).
    pub pairings: Vec<Pairing>,
    /// Who sits out (always someone with an odd field).
    pub bye: Option<Entrant>,
}

impl SwissRound {
    /// The round as boards: the games, then the bye.
    #[must_use]
    pub fn boards(&self) -> Vec<Board> {
        let mut boards: Vec<Board> = self.pairings.iter().copied().map(Board::Game).collect();
        boards.extend(self.bye.map(Board::Bye));
        boards
    }
}

/// Why a Swiss round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Fewer than two players are left.
    #[error("A round needs at least two players; end the tournament instead.")]
    TooFewPlayers,
    /// More players than the search takes.
    #[error("Swiss pairing takes at most {MAX_FIELD} players, not {0}.")]
    TooManyPlayers(usize),
    /// Every way to pair the round repeats a game, or gives someone a second bye.
    #[error(
        "Every possible pairing would repeat a game or give someone a second bye; \
         end the tournament here."
    )]
    NoPairing,
}

/// Pairs the next round between `players` (those still in: leave withdrawn players
/// out) given the `rounds` played so far.
///
/// Players are ranked by points, then by entrant number. With an odd field the bye
/// goes to the lowest-ranked player who has not had one, unless the others cannot
/// then be paired, in which case to the next lowest, and so on. Colours: the player
/// who has had South less often gets it; on equal counts each player alternates
/// from their last game (the higher-ranked player's wish wins); in the first round
/// the higher-ranked player is South on the first, third, … board.
///
/// # Errors
/// [`PairingError::TooFewPlayers`] under two players,
/// [`PairingError::TooManyPlayers`] over 64 to pair, and [`PairingError::NoPairing`]
/// when every pairing repeats a game (or every candidate for the bye has had one).
pub fn swiss_round(players: &[Entrant], rounds: &[Round]) -> Result<SwissRound, PairingError> {
    let records = Record::tally(rounds);
    let empty = Record::default();
    let record = |who: Entrant| records.get(&who).unwrap_or(&empty);
    let mut ranked = players.to_vec();
    ranked.sort_by_key(|&who| (Reverse(record(who).half_points), who));
    ranked.dedup();
    if ranked.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let to_pair = ranked.len() - ranked.len() % 2;
    if to_pair > MAX_FIELD {
        return Err(PairingError::TooManyPlayers(to_pair));
    }
    let byes: Vec<Option<Entrant>> = if ranked.len().is_multiple_of(2) {
        vec![None]
    } else {
        ranked
            .iter()
            .rev()
            .filter(|&&who| record(who).byes == 0)
            .map(|&who| Some(who))
            .collect()
    };
    for bye in byes {
        let field: Vec<Entrant> = ranked
            .iter()
            .copied()
            .filter(|&who| Some(who) != bye)
            .collect();
        for balance_colours in [true, false] {
            let mut search = Search::new(&field, &records, balance_colours);
            let mut pairs = Vec::with_capacity(field.len() / 2);
            if search.pair(full_set(field.len()), &mut pairs) {
                let pairings = pairs
                    .iter()
                    .enumerate()
                    .map(|(board, &(hi, lo))| {
                        let (hi, lo) = (field[hi], field[lo]);
                        if higher_is_south(record(hi), record(lo), board) {
                            Pairing {
                                south: hi,
                                north: lo,
                            }
                        } else {
                            Pairing {
                                south: lo,
                                north: hi,
                            }
                        }
                    })
                    .collect();
                return Ok(SwissRound { pairings, bye });
            }
        }
    }
    Err(PairingError::NoPairing)
}

/// Whether the higher-ranked of two paired players plays South on `board`.
fn higher_is_south(hi: &Record, lo: &Record, board: usize) -> bool {
    let (hi_balance, lo_balance) = (hi.colour_balance(), lo.colour_balance());
    if hi_balance != lo_balance {
        return hi_balance < lo_balance;
    }
    match (hi.last_south, lo.last_south) {
        (Some(hi_was_south), _) => !hi_was_south,
        (None, Some(lo_was_south)) => lo_was_south,
        (None, None) => board.is_multiple_of(2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tournament::{GameResult, Outcome};

    /// A game `south` won.
    fn won(south: Entrant, north: Entrant) -> GameResult {
        GameResult {
            pairing: Pairing { south, north },
            outcome: Outcome::SouthWin,
            south_captured: 25,
            north_captured: 10,
        }
    }

    /// A game `north` won.
    fn lost(south: Entrant, north: Entrant) -> GameResult {
        GameResult {
            outcome: Outcome::NorthWin,
            ..won(south, north)
        }
    }

    #[test]
    fn first_round_is_top_half_against_bottom_half_alternating_colours() {
        let round = swiss_round(&[1, 2, 3, 4, 5, 6, 7, 8], &[]).expect("pairs");
        assert_eq!(round.bye, None);
        assert_eq!(
            round.pairings,
            [
                Pairing { south: 1, north: 5 },
                Pairing { south: 6, north: 2 },
                Pairing { south: 3, north: 7 },
                Pairing { south: 8, north: 4 },
            ]
        );
    }

    #[test]
    fn seven_players_give_byes_to_different_lowest_ranked_players() {
        let players = [1, 2, 3, 4, 5, 6, 7];
        let mut rounds: Vec<Round> = Vec::new();
        let mut byes = Vec::new();
        for _ in 0..4 {
            let next = swiss_round(&players, &rounds).expect("pairs");
            let bye = next.bye.expect("an odd field has a bye");
            // The lowest-ranked player without a bye: fewest points, then the
            // highest number.
            let records = Record::tally(&rounds);
            let lowest = players
                .iter()
                .copied()
                .filter(|who| !byes.contains(who))
                .min_by_key(|who| {
                    let points = records.get(who).map_or(0, |r| r.half_points);
                    (points, Reverse(*who))
                });
            assert_eq!(Some(bye), lowest, "round {}", rounds.len() + 1);
            byes.push(bye);
            // The higher-numbered player always wins: byes go to the high numbers.
            let games = next
                .pairings
                .iter()
                .map(|p| GameResult {
                    pairing: *p,
                    outcome: if p.south < p.north {
                        Outcome::SouthWin
                    } else {
                        Outcome::NorthWin
                    },
                    south_captured: 0,
                    north_captured: 0,
                })
                .collect();
            rounds.push(Round {
                games,
                byes: vec![bye],
            });
        }
        // Worked out: 7 has least (no points, highest number) in round 1; then 6 and
        // 7 both have 0 from round 1 but 7 has 1 from the bye, so 6; then 5 and 4.
        assert_eq!(byes, [7, 6, 5, 4]);
    }

    #[test]
    fn bye_skips_to_the_next_lowest_when_the_rest_cannot_be_paired() {
        // A history built to isolate the rule: 5 has beaten 1, 2 and 3, and 4 has
        // not played. 4 is lowest (no points, and above none), but without 4 the
        // leader 5 has no one left to meet; so the bye goes to the next lowest, 3
        // (no points, the highest number of 1, 2, 3), and 5 meets 4.
        let rounds = [
            Round {
                games: vec![won(5, 1)],
                byes: vec![],
            },
            Round {
                games: vec![lost(2, 5)],
                byes: vec![],
            },
            Round {
                games: vec![won(5, 3)],
                byes: vec![],
            },
        ];
        let next = swiss_round(&[1, 2, 3, 4, 5], &rounds).expect("pairs");
        assert_eq!(next.bye, Some(3));
        assert_eq!(
            next.pairings,
            [
                Pairing { south: 4, north: 5 },
                Pairing { south: 1, north: 2 }
            ]
        );

        // Three players: 1 beat 2 while 3 sat out, then 3 beat 1 while 2 sat out.
        // Only 1 has had no bye, and 2 and 3 have not met: 1 sits out.
        let rounds = [
            Round {
                games: vec![won(1, 2)],
                byes: vec![3],
            },
            Round {
                games: vec![won(3, 1)],
                byes: vec![2],
            },
        ];
        let next = swiss_round(&[1, 2, 3], &rounds).expect("pairs");
        assert_eq!(next.bye, Some(1));
        assert_eq!(next.pairings.len(), 1);
        assert!(next.pairings[0].has(2) && next.pairings[0].has(3));
        // One more round: everyone met everyone and had a bye.
        let mut rounds = rounds.to_vec();
        rounds.push(Round {
            games: vec![won(2, 3)],
            byes: vec![1],
        });
        assert_eq!(
            swiss_round(&[1, 2, 3], &rounds),
            Err(PairingError::NoPairing)
        );
    }

    #[test]
    fn no_pairing_without_rematches_is_an_error() {
        // Four players after three rounds have all met; a fourth round must repeat.
        let rounds = [
            Round {
                games: vec![won(1, 2), won(3, 4)],
                byes: vec![],
            },
            Round {
                games: vec![won(1, 3), won(2, 4)],
                byes: vec![],
            },
            Round {
                games: vec![won(1, 4), won(2, 3)],
                byes: vec![],
            },
        ];
        assert_eq!(
            swiss_round(&[1, 2, 3, 4], &rounds),
            Err(PairingError::NoPairing)
        );

        // Six players where the unplayed games form two triangles (1 2 3 and
        // 4 5 6): some pairs have not met, yet no pairing avoids a rematch.
        let rounds = [
            Round {
                games: vec![won(1, 4), won(2, 5), won(3, 6)],
                byes: vec![],
            },
            Round {
                games: vec![won(1, 5), won(2, 6), won(3, 4)],
                byes: vec![],
            },
            Round {
                games: vec![won(1, 6), won(2, 4), won(3, 5)],
                byes: vec![],
            },
        ];
        assert_eq!(
            swiss_round(&[1, 2, 3, 4, 5, 6], &rounds),
            Err(PairingError::NoPairing)
        );
    }

    #[test]
    fn backtracks_when_the_preferred_partner_leaves_a_rematch() {
        // 3 and 4 drew while 1 and 2 sat out: 1 and 2 lead on one point. Pairing
        // them would leave 3 and 4 to meet again, so 1 floats down to 3 instead.
        let draw = GameResult {
            pairing: Pairing { south: 3, north: 4 },
            outcome: Outcome::Draw,
            south_captured: 24,
            north_captured: 24,
        };
        let rounds = [Round {
            games: vec![draw],
            byes: vec![1, 2],
        }];
        let next = swiss_round(&[1, 2, 3, 4], &rounds).expect("pairs");
        assert_eq!(next.bye, None);
        // 3 was South and 4 North, so they now get the other colour.
        assert_eq!(
            next.pairings,
            [
                Pairing { south: 1, north: 3 },
                Pairing { south: 4, north: 2 }
            ]
        );
    }

    #[test]
    fn too_few_and_too_many_players() {
        assert_eq!(swiss_round(&[1], &[]), Err(PairingError::TooFewPlayers));
        let many: Vec<Entrant> = (1..=66).collect();
        assert_eq!(
            swiss_round(&many, &[]),
            Err(PairingError::TooManyPlayers(66))
        );
        let most: Vec<Entrant> = (1..=65).collect();
        let round = swiss_round(&most, &[]).expect("64 paired and a bye");
        assert_eq!(round.pairings.len(), 32);
        assert_eq!(round.bye, Some(65));
    }
}
