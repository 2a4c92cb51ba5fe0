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
    /// the opponent's row more than on one's own. Self-play made this negative:
    /// small pits of one's own are worth more as spare (tempo) moves than they
    /// cost as targets.
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
    /// The weights the levels use (see the module docs of `level` for how they
    /// were chosen).
    pub const TUNED: Weights = Weights {
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

/// The value of `position` for the side to move, in hundredths of a seed.
#[must_use]
pub fn evaluate(position: Position, w: &Weights) -> i32 {
    let me = position.to_move();
    let scores = position.scores();
    let material =
        (i32::from(scores[me.index()]) - i32::from(scores[me.opponent().index()])) * SEED;
    let board = position.board();
    let mine = features(&board, me);
    let theirs = features(&board, me.opponent());
    material
        + w.mobility * (mine.mobility - theirs.mobility)
        + w.vulnerable * (theirs.vulnerable - mine.vulnerable)
        + w.reach * (mine.reach - theirs.reach)
        + w.kroo * (mine.kroo - theirs.kroo)
        + w.row_seeds * (mine.row_seeds - theirs.row_seeds)
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
    }
}
