//! Whole tournaments: a Swiss worked out by hand, and random Swiss tournaments.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;

/// A game as (South, North, outcome, seeds South captured, seeds North captured).
type Played = (Entrant, Entrant, Outcome, u32, u32);

fn round_of(games: &[Played], byes: &[Entrant]) -> Round {
    Round {
        games: games
            .iter()
            .map(
                |&(south, north, outcome, south_captured, north_captured)| GameResult {
                    pairing: Pairing { south, north },
                    outcome,
                    south_captured,
                    north_captured,
                },
            )
            .collect(),
        byes: byes.to_vec(),
    }
}

/// Each player's South games minus North games.
fn colour_balance(rounds: &[Round]) -> BTreeMap<Entrant, i64> {
    let mut balance = BTreeMap::new();
    for game in rounds.iter().flat_map(|r| &r.games) {
        *balance.entry(game.pairing.south).or_insert(0) += 1;
        *balance.entry(game.pairing.north).or_insert(0) -= 1;
    }
    balance
}

#[test]
fn eight_player_swiss_worked_by_hand() {
    let lang = &crate::i18n::Language::english();
    use Outcome::{Draw, NorthWin, SouthWin};
    let players: Vec<Entrant> = (1..=8).collect();
    let mut rounds: Vec<Round> = Vec::new();

    // Round 1: top half against bottom half; the higher number of each board
    // alternates South, North, South, North.
    // 1-5 1-0, 6-2 1-0 (an upset), 3-7 ½-½, 8-4 0-1.
    let round1: [Played; 4] = [
        (1, 5, SouthWin, 27, 14),
        (6, 2, SouthWin, 25, 20),
        (3, 7, Draw, 24, 24),
        (8, 4, NorthWin, 11, 30),
    ];
    // Round 2: scores 1, 4, 6 = 1; 3, 7 = ½; 2, 5, 8 = 0. 1 meets 4 (the top half
    // against the bottom half of {1, 4, 6}); 6 floats down, and as 6 and 3 were both
    // South it meets 7; 3 floats down to 2; 5 meets 8. Everyone gets the side they
    // did not have.
    // 4-1 0-1, 7-6 0-1, 2-3 1-0, 5-8 1-0.
    let round2: [Played; 4] = [
        (4, 1, NorthWin, 16, 26),
        (7, 6, NorthWin, 19, 29),
        (2, 3, SouthWin, 26, 15),
        (5, 8, SouthWin, 28, 20),
    ];
    // Round 3: scores 1, 6 = 2; 2, 4, 5 = 1; 3, 7 = ½; 8 = 0. 1-6, 2-4, 5 floats to
    // 3, 7 to 8; all colours are level, so each player alternates (the higher-ranked
    // player's wish first).
    // 1-6 1-0, 4-2 0-1, 3-5 1-0, 8-7 0-1.
    let round3: [Played; 4] = [
        (1, 6, SouthWin, 30, 12),
        (4, 2, NorthWin, 18, 25),
        (3, 5, SouthWin, 26, 13),
        (8, 7, NorthWin, 9, 33),
    ];
    for played in [&round1, &round2, &round3] {
        let next = swiss_round(&players, &rounds).expect("pairs");
        assert_eq!(next.bye, None);
        let expected: Vec<Pairing> = played
            .iter()
            .map(|&(south, north, ..)| Pairing { south, north })
            .collect();
        assert_eq!(next.pairings, expected, "round {}", rounds.len() + 1);
        rounds.push(round_of(played, &[]));
    }

    // No pair met twice.
    let mut met = BTreeSet::new();
    for game in rounds.iter().flat_map(|r| &r.games) {
        let p = game.pairing;
        assert!(met.insert((p.south.min(p.north), p.south.max(p.north))));
    }
    assert_eq!(met.len(), 12);
    // Three games each: two of one side and one of the other.
    for (who, balance) in colour_balance(&rounds) {
        assert_eq!(balance.abs(), 1, "player {who}");
    }

    // By hand (points; opponents; Buchholz; Sonneborn-Berger):
    // 1: W5 W4 W6 = 3;  opp 5 (1) 4 (1) 6 (2) = 4;   beat 5, 4, 6 = 1 + 1 + 2 = 4
    // 6: W2 W7 L1 = 2;  opp 2 (2) 7 (1½) 1 (3) = 6½; beat 2, 7 = 2 + 1½ = 3½
    // 2: L6 W3 W4 = 2;  opp 6 (2) 3 (1½) 4 (1) = 4½; beat 3, 4 = 1½ + 1 = 2½
    // 3: D7 L2 W5 = 1½; opp 7 (1½) 2 (2) 5 (1) = 4½; drew 7 ½ × 1½ = ¾, beat 5 = 1: 1¾
    // 7: D3 L6 W8 = 1½; opp 3 (1½) 6 (2) 8 (0) = 3½; drew 3 = ¾, beat 8 = 0: ¾
    // 4: W8 L1 L2 = 1;  opp 8 (0) 1 (3) 2 (2) = 5;   beat 8 = 0
    // 5: L1 W8 L3 = 1;  opp 1 (3) 8 (0) 3 (1½) = 4½; beat 8 = 0
    // 8: L4 L5 L7 = 0;  opp 4 (1) 5 (1) 7 (1½) = 3½; 0
    // Ranking: 1; 6 before 2 (Buchholz 6½ > 4½); 3 before 7 (4½ > 3½); 4 before 5
    // (5 > 4½); 8. Seeds: 1 = 27 + 26 + 30 = 83, 6 = 25 + 29 + 12 = 66.
    let table = standings(&players, &rounds);
    let got: Vec<(Entrant, u32, u32, u32, u32)> = table
        .iter()
        .map(|s| {
            (
                s.rank,
                s.entrant,
                s.half_points,
                s.buchholz,
                s.sonneborn_berger,
            )
        })
        .collect();
    // (rank, entrant, half-points, Buchholz in half-points, SB in quarter-points)
    assert_eq!(
        got,
        [
            (1, 1, 6, 8, 16),
            (2, 6, 4, 13, 14),
            (3, 2, 4, 9, 10),
            (4, 3, 3, 9, 7),
            (5, 7, 3, 7, 3),
            (6, 4, 2, 10, 0),
            (7, 5, 2, 9, 0),
            (8, 8, 0, 7, 0),
        ]
    );
    assert_eq!((table[0].captured, table[1].captured), (83, 66));

    let text = crosstable(lang, &players, &rounds, |who| format!("player{who}"));
    let first = text.lines().nth(1).expect("a line per player");
    assert_eq!(first, "1   1  player1  +5s  +4n  +6s    3   4   4     83");
    assert_eq!(text.lines().count(), 9);
}

/// Whether `players` can be paired (one of those without a bye sitting out when
/// the count is odd) with no two meeting again: plain exhaustive search.
fn pairable(
    players: &[Entrant],
    met: &BTreeSet<(Entrant, Entrant)>,
    had_bye: &BTreeSet<Entrant>,
) -> bool {
    fn pair_all(left: &[Entrant], met: &BTreeSet<(Entrant, Entrant)>) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &other)| {
            let key = (first.min(other), first.max(other));
            if met.contains(&key) {
                return false;
            }
            let mut remaining = rest.to_vec();
            remaining.remove(i);
            pair_all(&remaining, met)
        })
    }
    if players.len().is_multiple_of(2) {
        pair_all(players, met)
    } else {
        players
            .iter()
            .filter(|who| !had_bye.contains(who))
            .any(|&bye| {
                let left: Vec<Entrant> =
                    players.iter().copied().filter(|&who| who != bye).collect();
                pair_all(&left, met)
            })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn swiss_never_repeats_a_game_or_a_bye(
        n in 2u32..=12,
        results in prop::collection::vec(0u8..3, 24),
    ) {
        let players: Vec<Entrant> = (1..=n).collect();
        let mut rounds: Vec<Round> = Vec::new();
        let mut met = BTreeSet::new();
        let mut had_bye = BTreeSet::new();
        let mut results = results.into_iter().cycle();
        for _ in 0..(n - 1).min(4) {
            let next = match swiss_round(&players, &rounds) {
                Ok(next) => next,
                Err(err) => {
                    // Only when there truly is no way to pair the round.
                    prop_assert_eq!(err, PairingError::NoPairing);
                    prop_assert!(!pairable(&players, &met, &had_bye));
                    break;
                }
            };
            // Everyone plays or sits out exactly once.
            let mut seen: Vec<Entrant> = next
                .pairings
                .iter()
                .flat_map(|p| [p.south, p.north])
                .chain(next.bye)
                .collect();
            seen.sort_unstable();
            prop_assert_eq!(&seen, &players);
            prop_assert_eq!(next.bye.is_some(), n % 2 == 1);
            if let Some(bye) = next.bye {
                prop_assert!(had_bye.insert(bye), "{} had a second bye", bye);
            }
            let mut games = Vec::new();
            for p in &next.pairings {
                let key = (p.south.min(p.north), p.south.max(p.north));
                prop_assert!(met.insert(key), "{:?} met twice", key);
                let outcome = match results.next() {
                    Some(0) => Outcome::SouthWin,
                    Some(1) => Outcome::NorthWin,
                    _ => Outcome::Draw,
                };
                games.push(GameResult { pairing: *p, outcome, south_captured: 0, north_captured: 0 });
            }
            rounds.push(Round { games, byes: next.bye.into_iter().collect() });
        }
    }
}
