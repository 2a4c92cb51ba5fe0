//! The search behind a Swiss round: over one field of players in rank order, it
//! takes the highest-ranked unpaired player and tries partners in the Dutch order,
//! backtracking, and remembers each set of players left already shown hopeless.

use std::collections::{BTreeMap, HashSet};

use super::super::{Entrant, Record};

/// The set of the first `n` players (`n` ≤ 64).
pub(super) fn full_set(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The backtracking search over one field (players in rank order, by index).
pub(super) struct Search {
    /// Each player's points, in half-points.
    points: Vec<u32>,
    /// For each player, the set of players they may meet.
    allowed: Vec<u64>,
    /// Sets of players left that cannot all be paired.
    hopeless: HashSet<u64>,
}

impl Search {
    pub(super) fn new(
        field: &[Entrant],
        records: &BTreeMap<Entrant, Record>,
        balance_colours: bool,
    ) -> Search {
        let empty = Record::default();
        let record = |who: Entrant| records.get(&who).unwrap_or(&empty);
        let allowed = field
            .iter()
            .map(|&a| {
                field.iter().enumerate().fold(0u64, |set, (j, &b)| {
                    let (ra, rb) = (record(a), record(b));
                    let (ca, cb) = (ra.colour_balance(), rb.colour_balance());
                    // Both wanting the same colour would push one of them past one.
                    let colours_clash = (ca > 0 && cb > 0) || (ca < 0 && cb < 0);
                    if a != b && !ra.met(b) && !(balance_colours && colours_clash) {
                        set | (1 << j)
                    } else {
                        set
                    }
                })
            })
            .collect();
        Search {
            points: field.iter().map(|&who| record(who).half_points).collect(),
            allowed,
            hopeless: HashSet::new(),
        }
    }

    /// Pairs everyone in `left`, appending (higher, lower) index pairs to `pairs`;
    /// false (with `pairs` as it was) when they cannot all be paired.
    pub(super) fn pair(&mut self, left: u64, pairs: &mut Vec<(usize, usize)>) -> bool {
        if left == 0 {
            return true;
        }
        if self.hopeless.contains(&left) {
            return false;
        }
        let top = left.trailing_zeros() as usize;
        let rest = left & !(1 << top);
        for partner in self.candidates(top, rest) {
            pairs.push((top, partner));
            if self.pair(rest & !(1 << partner), pairs) {
                return true;
            }
            pairs.pop();
        }
        self.hopeless.insert(left);
        false
    }

    /// `top`'s possible partners among `rest`, best first.
    fn candidates(&self, top: usize, rest: u64) -> Vec<usize> {
        let others: Vec<usize> = (top + 1..self.points.len())
            .filter(|&i| rest & (1 << i) != 0)
            .collect();
        // `top` heads its score group; the others on its score follow it.
        let group = others
            .iter()
            .take_while(|&&i| self.points[i] == self.points[top])
            .count();
        // With `top` at place 0, the preferred partner is at place ⌈group / 2⌉.
        let half = group.div_ceil(2);
        let mut order = Vec::with_capacity(others.len());
        if half > 0 {
            order.extend_from_slice(&others[half - 1..group]);
            order.extend(others[..half - 1].iter().rev());
        }
        order.extend_from_slice(&others[group..]);
        order.retain(|&i| self.allowed[top] & (1 << i) != 0);
        order
    }
}
