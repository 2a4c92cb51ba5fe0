//! Standings: points, then the tie-breaks Buchholz, Sonneborn-Berger and seeds
//! captured. Scores are kept in whole half-points (and Sonneborn-Berger in
//! quarter-points) so that ties are exact.

use std::cmp::Reverse;

use super::{Entrant, Record, Round};

/// One player's place in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub entrant: Entrant,
    /// 1 for the leader; players equal on points and every tie-break share a rank
    /// and the next rank is skipped (1, 2, 2, 4).
    pub rank: u32,
    /// Points in half-points: a win or a bye is 2, a draw 1, a loss 0.
    pub half_points: u32,
    /// Buchholz in half-points: the sum of the points of the opponents played. A
    /// bye (and a game forfeited by a withdrawn opponent, which is a bye) adds
    /// nothing: the simple rule, not FIDE's virtual opponent.
    pub buchholz: u32,
    /// Sonneborn-Berger in quarter-points: the points of each opponent beaten, plus
    /// half the points of each opponent drawn with.
    pub sonneborn_berger: u32,
    /// Seeds captured over all games.
    pub captured: u32,
}

/// The standings of `players` after `rounds`, best first; equal players share a
/// rank and are listed by entrant number.
#[must_use]
pub fn standings(players: &[Entrant], rounds: &[Round]) -> Vec<Standing> {
    let records = Record::tally(rounds);
    let empty = Record::default();
    let record = |who: Entrant| records.get(&who).unwrap_or(&empty);
    let mut table: Vec<Standing> = players
        .iter()
        .map(|&who| {
            let own = record(who);
            let mut buchholz = 0;
            let mut sonneborn_berger = 0;
            for &(opponent, result) in &own.games {
                let theirs = record(opponent).half_points;
                buchholz += theirs;
                // result (0, 1 or 2 half-points) × their points (half-points / 2)
                // in quarter-points is result × theirs.
                sonneborn_berger += result * theirs;
            }
            Standing {
                entrant: who,
                rank: 0,
                half_points: own.half_points,
                buchholz,
                sonneborn_berger,
                captured: own.captured,
            }
        })
        .collect();
    table.sort_by_key(|s| (Reverse(key(s)), s.entrant));
    let mut rank = 0;
    for i in 0..table.len() {
        if i == 0 || key(&table[i]) != key(&table[i - 1]) {
            rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
        table[i].rank = rank;
    }
    table
}

/// What ranks a player, most important first.
fn key(s: &Standing) -> (u32, u32, u32, u32) {
    (s.half_points, s.buchholz, s.sonneborn_berger, s.captured)
}

/// Half-points as points for people: `5` is "2½", `4` is "2", `1` is "½".
#[must_use]
pub fn format_half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// Quarter-points as points for people: `9` is "2¼", `10` is "2½", `3` is "¾".
#[must_use]
pub fn format_quarter_points(quarter: u32) -> String {
    let fraction = ["", "¼", "½", "¾"][(quarter % 4) as usize];
    match quarter / 4 {
        0 if !fraction.is_empty() => fraction.to_owned(),
        whole => format!("{whole}{fraction}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tournament::{GameResult, Outcome, Pairing};

    fn game(south: Entrant, north: Entrant, outcome: Outcome, captured: (u32, u32)) -> GameResult {
        GameResult {
            pairing: Pairing { south, north },
            outcome,
            south_captured: captured.0,
            north_captured: captured.1,
        }
    }

    #[test]
    fn formats_fractions() {
        assert_eq!(format_half_points(0), "0");
        assert_eq!(format_half_points(1), "½");
        assert_eq!(format_half_points(4), "2");
        assert_eq!(format_half_points(5), "2½");
        assert_eq!(format_quarter_points(0), "0");
        assert_eq!(format_quarter_points(3), "¾");
        assert_eq!(format_quarter_points(9), "2¼");
        assert_eq!(format_quarter_points(10), "2½");
        assert_eq!(format_quarter_points(12), "3");
    }

    #[test]
    fn ties_share_a_rank_and_seeds_captured_break_the_last_tie() {
        // Round 1: 1 beats 2 (30-18), 3 beats 4 (26-22).
        // Round 2: 1 beats 3 (25-20), 2 beats 4 (25-23).
        // Points: 1 = 2, 2 = 1, 3 = 1, 4 = 0.
        // Buchholz: 2 met 1 and 4 (2 + 0 = 2); 3 met 4 and 1 (0 + 2 = 2).
        // Sonneborn-Berger: 2 beat 4 (0); 3 beat 4 (0). Equal again.
        // Seeds: 2 captured 18 + 25 = 43, 3 captured 26 + 20 = 46: 3 is second.
        let rounds = [
            Round {
                games: vec![
                    game(1, 2, Outcome::SouthWin, (30, 18)),
                    game(3, 4, Outcome::SouthWin, (26, 22)),
                ],
                byes: vec![],
            },
            Round {
                games: vec![
                    game(3, 1, Outcome::NorthWin, (20, 25)),
                    game(2, 4, Outcome::SouthWin, (25, 23)),
                ],
                byes: vec![],
            },
        ];
        let table = standings(&[1, 2, 3, 4], &rounds);
        let order: Vec<(Entrant, u32)> = table.iter().map(|s| (s.entrant, s.rank)).collect();
        assert_eq!(order, [(1, 1), (3, 2), (2, 3), (4, 4)]);
        assert_eq!(table[1].captured, 46);
        assert_eq!(table[2].captured, 43);

        // The same with equal seeds: 2 and 3 share second place, listed by number.
        let mut rounds = rounds;
        rounds[1].games[1].south_captured = 28;
        let table = standings(&[1, 2, 3, 4], &rounds);
        let order: Vec<(Entrant, u32)> = table.iter().map(|s| (s.entrant, s.rank)).collect();
        assert_eq!(order, [(1, 1), (2, 2), (3, 2), (4, 4)]);
    }

    #[test]
    fn a_bye_scores_a_point_and_adds_nothing_to_buchholz() {
        // 1 beats 2 while 3 sits out. 3 has 1 point, Buchholz 0 and SB 0.
        let rounds = [Round {
            games: vec![game(1, 2, Outcome::SouthWin, (25, 0))],
            byes: vec![3],
        }];
        let table = standings(&[1, 2, 3], &rounds);
        let three = table.iter().find(|s| s.entrant == 3).expect("listed");
        assert_eq!(
            (three.half_points, three.buchholz, three.sonneborn_berger),
            (2, 0, 0)
        );
        // 1 beat 2 (0 points): Buchholz 0 too, and 1 ranks first on seeds.
        assert_eq!(table[0].entrant, 1);
        assert_eq!(table[1].entrant, 3);
        assert_eq!(table[2].entrant, 2);
        // 2 lost to 1 (1 point): Buchholz 1 point = 2 half-points, SB 0.
        assert_eq!((table[2].buchholz, table[2].sonneborn_berger), (2, 0));
    }
}
