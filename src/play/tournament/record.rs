//! What each player has done so far: the tally that pairing and standings read.

use std::collections::BTreeMap;

use super::{Entrant, Outcome, Round};

/// One player's tournament so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Points in half-points: a win or a bye is 2, a draw 1.
    pub half_points: u32,
    /// Opponents in round order, with this player's result against each in
    /// half-points (2, 1 or 0).
    pub games: Vec<(Entrant, u32)>,
    /// Games played as South.
    pub south: u32,
    /// Games played as North.
    pub north: u32,
    /// Whether the last game was played as South (`None` before the first game).
    pub last_south: Option<bool>,
    /// Byes had.
    pub byes: u32,
    /// Seeds captured over all games.
    pub captured: u32,
}

impl Record {
    /// Whether this player has met `other`.
    #[must_use]
    pub fn met(&self, other: Entrant) -> bool {
        self.games.iter().any(|&(opponent, _)| opponent == other)
    }

    /// Games as South minus games as North.
    #[must_use]
    pub fn colour_balance(&self) -> i64 {
        i64::from(self.south) - i64::from(self.north)
    }

    /// Every player's record over `rounds` (players who never appear are absent).
    #[must_use]
    pub fn tally(rounds: &[Round]) -> BTreeMap<Entrant, Record> {
        let mut records: BTreeMap<Entrant, Record> = BTreeMap::new();
        for round in rounds {
            for &who in &round.byes {
                let record = records.entry(who).or_default();
                record.byes += 1;
                record.half_points += 2;
            }
            for game in &round.games {
                let (south_half, north_half) = match game.outcome {
                    Outcome::SouthWin => (2, 0),
                    Outcome::NorthWin => (0, 2),
                    Outcome::Draw => (1, 1),
                };
                let south = records.entry(game.pairing.south).or_default();
                south.half_points += south_half;
                south.games.push((game.pairing.north, south_half));
                south.south += 1;
                south.last_south = Some(true);
                south.captured += game.south_captured;
                let north = records.entry(game.pairing.north).or_default();
                north.half_points += north_half;
                north.games.push((game.pairing.south, north_half));
                north.north += 1;
                north.last_south = Some(false);
                north.captured += game.north_captured;
            }
        }
        records
    }
}
