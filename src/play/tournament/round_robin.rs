//! Round-robin schedules by the circle (Berger) method, and withdrawals from them.

use super::{Board, Entrant, Pairing};

/// Every round of a round-robin between `players` (in entry order): each pair meets
/// once, or twice with the colours swapped when `double` (the second cycle repeats
/// the first with South and North exchanged).
///
/// The circle method: one player stays put while the others turn around a ring;
/// the player at the ring's head meets the fixed one, the rest meet across the ring.
/// With an odd count the fixed place is empty, so whoever is at the head sits out:
/// each player has exactly one bye per cycle. Across the ring the player nearer the
/// head plays South, and the fixed player alternates, so over one cycle everyone's
/// South and North games differ by at most one.
///
/// Fewer than two players give no rounds.
#[must_use]
pub fn round_robin(players: &[Entrant], double: bool) -> Vec<Vec<Board>> {
    if players.len() < 2 {
        return Vec::new();
    }
    // Places 0..ring on the ring, place `ring` fixed (empty when the count is odd).
    let ring = if players.len().is_multiple_of(2) {
        players.len() - 1
    } else {
        players.len()
    };
    let at = |place: usize| players.get(place).copied();
    let mut cycle = Vec::with_capacity(ring);
    for round in 0..ring {
        // Who stands at ring position `j` this round.
        let seat = |j: usize| (j + round) % ring;
        let mut boards = Vec::with_capacity(ring.div_ceil(2));
        // The head against the fixed place.
        let head = at(seat(0));
        match (head, at(ring)) {
            (Some(head), Some(fixed)) if round.is_multiple_of(2) => {
                boards.push(Board::Game(Pairing {
                    south: head,
                    north: fixed,
                }));
            }
            (Some(head), Some(fixed)) => {
                boards.push(Board::Game(Pairing {
                    south: fixed,
                    north: head,
                }));
            }
            (Some(head), None) => boards.push(Board::Bye(head)),
            (None, _) => {}
        }
        for j in 1..=ring / 2 {
            if let (Some(south), Some(north)) = (at(seat(j)), at(seat(ring - j))) {
                boards.push(Board::Game(Pairing { south, north }));
            }
        }
        cycle.push(boards);
    }
    if double {
        let swapped: Vec<Vec<Board>> = cycle
            .iter()
            .map(|boards| {
                boards
                    .iter()
                    .map(|&board| match board {
                        Board::Game(p) => Board::Game(Pairing {
                            south: p.north,
                            north: p.south,
                        }),
                        bye @ Board::Bye(_) => bye,
                    })
                    .collect()
            })
            .collect();
        cycle.extend(swapped);
    }
    cycle
}

/// Drops `who` from `schedule` from round index `from` on (0-based; earlier rounds
/// stand as played).
///
/// The choice: each game `who` would have played becomes a bye for the opponent,
/// so everyone who was still to meet the withdrawn player scores the point they
/// would score from a forfeit, and no one is favoured by when the withdrawal came.
/// As a bye it adds nothing to Buchholz or Sonneborn-Berger. A bye `who` would have
/// had is removed.
pub fn withdraw(schedule: &mut [Vec<Board>], who: Entrant, from: usize) {
    for boards in schedule.iter_mut().skip(from) {
        boards.retain(|&board| board != Board::Bye(who));
        for board in boards.iter_mut() {
            if let Board::Game(pairing) = *board {
                if let Some(opponent) = pairing.opponent(who) {
                    *board = Board::Bye(opponent);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    /// Each player's (South, North) counts over `rounds`.
    fn colours(rounds: &[Vec<Board>]) -> BTreeMap<Entrant, (u32, u32)> {
        let mut counts = BTreeMap::new();
        for board in rounds.iter().flatten() {
            if let Board::Game(p) = board {
                counts.entry(p.south).or_insert((0, 0)).0 += 1;
                counts.entry(p.north).or_insert((0, 0)).1 += 1;
            }
        }
        counts
    }

    /// How often each ordered (South, North) pair occurs.
    fn meetings(rounds: &[Vec<Board>]) -> BTreeMap<(Entrant, Entrant), u32> {
        let mut met = BTreeMap::new();
        for board in rounds.iter().flatten() {
            if let Board::Game(p) = board {
                *met.entry((p.south, p.north)).or_insert(0) += 1;
            }
        }
        met
    }

    /// Every player appears exactly once in every round.
    fn assert_each_once_per_round(rounds: &[Vec<Board>], players: &[Entrant]) {
        for (r, boards) in rounds.iter().enumerate() {
            let mut seen = Vec::new();
            for board in boards {
                match *board {
                    Board::Game(p) => seen.extend([p.south, p.north]),
                    Board::Bye(who) => seen.push(who),
                }
            }
            seen.sort_unstable();
            assert_eq!(seen, players, "round {}", r + 1);
        }
    }

    #[test]
    fn five_players_meet_once_and_each_sits_out_once() {
        let players = [1, 2, 3, 4, 5];
        let rounds = round_robin(&players, false);
        assert_eq!(rounds.len(), 5);
        assert_each_once_per_round(&rounds, &players);

        // Every unordered pair exactly once.
        let met = meetings(&rounds);
        for a in 1..=5 {
            for b in (a + 1)..=5 {
                let times = met.get(&(a, b)).unwrap_or(&0) + met.get(&(b, a)).unwrap_or(&0);
                assert_eq!(times, 1, "{a} and {b}");
            }
        }
        assert_eq!(met.values().sum::<u32>(), 10);

        // One bye per round, and a different player each time.
        let byes: Vec<Entrant> = rounds
            .iter()
            .map(|boards| {
                let byes: Vec<Entrant> = boards
                    .iter()
                    .filter_map(|b| match b {
                        Board::Bye(who) => Some(*who),
                        Board::Game(_) => None,
                    })
                    .collect();
                assert_eq!(byes.len(), 1);
                byes[0]
            })
            .collect();
        assert_eq!(byes.iter().copied().collect::<BTreeSet<_>>().len(), 5);

        // Four games each: two as South, two as North.
        for (who, (south, north)) in colours(&rounds) {
            assert_eq!((south, north), (2, 2), "player {who}");
        }
    }

    #[test]
    fn even_field_balances_colours_within_one() {
        for n in [2u32, 4, 6, 8, 10] {
            let players: Vec<Entrant> = (1..=n).collect();
            let rounds = round_robin(&players, false);
            assert_eq!(rounds.len() as u32, n - 1);
            assert_each_once_per_round(&rounds, &players);
            let counts = colours(&rounds);
            for (who, (south, north)) in counts {
                assert_eq!(south + north, n - 1);
                assert!(
                    south.abs_diff(north) <= 1,
                    "n {n} player {who}: {south}/{north}"
                );
            }
        }
    }

    #[test]
    fn six_players_double_meet_twice_with_colours_swapped() {
        let players = [1, 2, 3, 4, 5, 6];
        let rounds = round_robin(&players, true);
        assert_eq!(rounds.len(), 10);
        assert_each_once_per_round(&rounds, &players);
        let met = meetings(&rounds);
        for a in 1..=6 {
            for b in 1..=6 {
                if a != b {
                    assert_eq!(met.get(&(a, b)), Some(&1), "{a} South against {b}");
                }
            }
        }
        // Each game of the second cycle is the first cycle's with colours swapped.
        for (first, second) in rounds[..5].iter().zip(&rounds[5..]) {
            for (a, b) in first.iter().zip(second) {
                let (Board::Game(a), Board::Game(b)) = (a, b) else {
                    panic!("no byes with six players");
                };
                assert_eq!((a.south, a.north), (b.north, b.south));
            }
        }
        for (who, (south, north)) in colours(&rounds) {
            assert_eq!((south, north), (5, 5), "player {who}");
        }
    }

    #[test]
    fn withdrawal_turns_remaining_games_into_byes() {
        let players = [1, 2, 3, 4];
        let mut rounds = round_robin(&players, false);
        let before = rounds.clone();
        withdraw(&mut rounds, 4, 1);
        assert_eq!(rounds[0], before[0], "the round played stands");
        for (boards, old) in rounds[1..].iter().zip(&before[1..]) {
            for (board, old) in boards.iter().zip(old) {
                match *old {
                    Board::Game(p) if p.has(4) => {
                        assert_eq!(*board, Board::Bye(p.opponent(4).unwrap_or(0)));
                    }
                    _ => assert_eq!(board, old),
                }
            }
        }
        let plays_4 = rounds[1..]
            .iter()
            .flatten()
            .any(|b| matches!(b, Board::Game(p) if p.has(4)) || *b == Board::Bye(4));
        assert!(!plays_4);

        // An odd field: the withdrawn player's own bye disappears.
        let mut rounds = round_robin(&[1, 2, 3], false);
        withdraw(&mut rounds, 2, 0);
        for boards in &rounds {
            assert!(boards.iter().all(|b| match b {
                Board::Game(p) => !p.has(2),
                Board::Bye(who) => *who != 2,
            }));
        }
        // 1 and 3 still meet once.
        assert_eq!(
            rounds
                .iter()
                .flatten()
                .filter(|b| matches!(b, Board::Game(_)))
                .count(),
            1
        );
    }
}
