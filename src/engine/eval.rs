//! The static evaluation: banked score difference plus positional terms, in
//! hundredths of a seed, for the side to move.

use crate::rules::{Position, Side};

/// One seed, in evaluation units.
pub const SEED: i32 = 100;

/// Weights of the positional terms, in hundredths of a seed (per pit or per move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per non-empty pit of one's own (a move one can make) more than the opponent.
    pub mobility: i32,
    /// Per pit with 1 or 2 seeds (capturable after one more or two more seeds) on
    /// the opponent's row more than on one's own.
    pub vulnerable: i32,
    /// Per pit of one's own whose sowing now ends on an opponent pit holding 1 or 2
    /// (a capture threat), more than the opponent has.
    pub reach: i32,
    /// Per "kroo" (a pit of 12+ seeds that sows a full lap and can strike a wide
    /// front) of one's own more than the opponent has.
    pub kroo: i32,
    /// Per seed on one's own row more than on the opponent's.
    pub row_seeds: i32,
}

impl Weights {
    /// The weights the levels use: fitted to self-play results by Texel's method
    /// (`oware-bot tune`; the data set and the fit are in `docs/engine.md`).
    pub const TUNED: Weights = Weights {
        mobility: 169,
        vulnerable: 27,
        reach: 85,
        kroo: 136,
        row_seeds: -4,
    };

    /// The weights chosen by hand-run self-play matches before the Texel fit, kept
    /// for comparisons.
    pub const HAND_TUNED: Weights = Weights {
        mobility: 30,
        vulnerable: -15,
        reach: 25,
        kroo: 40,
        row_seeds: 5,
    };

    /// Only the banked score difference.
    pub const MATERIAL: Weights = Weights {
        mobility: 0,
        vulnerable: 0,
        reach: 0,
        kroo: 0,
        row_seeds: 0,
    };
}

/// Per-side counts of the positional features.
#[derive(Default)]
struct Features {
    mobility: i32,
    vulnerable: i32,
    reach: i32,
    kroo: i32,
    row_seeds: i32,
}

fn features(board: &[u8; 12], side: Side) -> Features {
    let first = side.first_pit();
    let other = side.opponent().first_pit();
    let mut f = Features::default();
    for (i, &s) in board.iter().enumerate().skip(first).take(6) {
        f.row_seeds += i32::from(s);
        if s == 0 {
            continue;
        }
        f.mobility += 1;
        if s <= 2 {
            f.vulnerable += 1;
        }
        if s >= 12 {
            f.kroo += 1;
        }
        // Where the last seed lands (the origin is skipped on a lap).
        let s = usize::from(s);
        let laps = (s - 1) / 11;
        let last = (i + s + laps) % 12;
        let extra = laps; // the target gets one more seed per extra lap
        if (other..other + 6).contains(&last) {
            let after = usize::from(board[last]) + 1 + extra;
            if after == 2 || after == 3 {
                f.reach += 1;
            }
        }
    }
    f
}

/// The evaluation's terms for the side to move, each "mine minus theirs" (the
/// vulnerable term "theirs minus mine"): what the weights multiply. Tuning fits the
/// weights to these (see `tune`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Banked seeds.
    pub material: i32,
    /// Non-empty pits.
    pub mobility: i32,
    /// Pits with 1 or 2 seeds (theirs minus mine).
    pub vulnerable: i32,
    /// Capture threats.
    pub reach: i32,
    /// Pits of 12 or more seeds.
    pub kroo: i32,
    /// Seeds on the row.
    pub row_seeds: i32,
}

impl Terms {
    /// The terms of `position` for the side to move.
    #[must_use]
    #[inline]
    pub fn of(position: Position) -> Terms {
        let me = position.to_move();
        let scores = position.scores();
        let board = position.board();
        let mine = features(&board, me);
        let theirs = features(&board, me.opponent());
        Terms {
            material: i32::from(scores[me.index()]) - i32::from(scores[me.opponent().index()]),
            mobility: mine.mobility - theirs.mobility,
            vulnerable: theirs.vulnerable - mine.vulnerable,
            reach: mine.reach - theirs.reach,
            kroo: mine.kroo - theirs.kroo,
            row_seeds: mine.row_seeds - theirs.row_seeds,
        }
    }

    /// The positional terms in the order of [`Weights::as_array`].
    #[must_use]
    pub const fn positional(&self) -> [i32; 5] {
        [
            self.mobility,
            self.vulnerable,
            self.reach,
            self.kroo,
            self.row_seeds,
        ]
    }
}

impl Weights {
    /// The weights as an array: mobility, vulnerable, reach, kroo, row seeds.
    #[must_use]
    pub const fn as_array(&self) -> [i32; 5] {
        [
            self.mobility,
            self.vulnerable,
            self.reach,
            self.kroo,
            self.row_seeds,
        ]
    }

    /// Weights from an array in the order of [`Weights::as_array`].
    #[must_use]
    pub const fn from_array(w: [i32; 5]) -> Weights {
        Weights {
            mobility: w[0],
            vulnerable: w[1],
            reach: w[2],
            kroo: w[3],
            row_seeds: w[4],
        }
    }

    /// The value of `terms` under these weights, in hundredths of a seed.
    #[must_use]
    #[inline]
    pub const fn value(&self, t: &Terms) -> i32 {
        t.material * SEED
            + self.mobility * t.mobility
            + self.vulnerable * t.vulnerable
            + self.reach * t.reach
            + self.kroo * t.kroo
            + self.row_seeds * t.row_seeds
    }
}

/// Reads weights written as five integers, `mobility,vulnerable,reach,kroo,row`
/// (hundredths of a seed), e.g. `30,-15,25,40,5`.
impl std::str::FromStr for Weights {
    type Err = String;

    fn from_str(s: &str) -> Result<Weights, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let [m, v, r, k, row] = parts.as_slice() else {
            return Err(format!(
                "`{s}`: give five integers, mobility,vulnerable,reach,kroo,row (e.g. 30,-15,25,40,5)"
            ));
        };
        let mut w = [0i32; 5];
        for (slot, text) in w.iter_mut().zip([m, v, r, k, row]) {
            *slot = text
                .parse()
                .map_err(|_| format!("`{text}` is not an integer (hundredths of a seed)"))?;
        }
        Ok(Weights::from_array(w))
    }
}

impl std::fmt::Display for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [m, v, r, k, row] = self.as_array();
        write!(f, "{m},{v},{r},{k},{row}")
    }
}

/// The value of `position` for the side to move, in hundredths of a seed.
#[must_use]
pub fn evaluate(position: Position, w: &Weights) -> i32 {
    w.value(&Terms::of(position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_material_counts() {
        assert_eq!(evaluate(Position::START, &Weights::TUNED), 0);
        let p = Position::new([4; 12], [0, 0], Side::North).unwrap();
        assert_eq!(evaluate(p, &Weights::TUNED), 0);
        let board = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
        let p = Position::new(board, [26, 20], Side::North).unwrap();
        assert_eq!(evaluate(p, &Weights::MATERIAL), -600);
    }

    #[test]
    fn a_capture_threat_is_worth_something() {
        // South's F (1 seed) lands on a (1 seed): a threat; North has none.
        let board = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 5];
        let p = Position::new(board, [20, 21], Side::South).unwrap();
        let w = Weights {
            reach: 25,
            ..Weights::MATERIAL
        };
        assert_eq!(evaluate(p, &w), -100 + 25);
        assert_eq!(Terms::of(p).reach, 1);
        assert_eq!(Terms::of(p).material, -1);
    }

    #[test]
    fn weights_read_back_what_they_write() {
        let w = Weights::TUNED;
        assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
        assert!("1,2,3".parse::<Weights>().is_err());
        assert!("1,2,x,4,5".parse::<Weights>().is_err());
    }
}
