//! The transposition table: search results keyed by the packed position, in
//! buckets of four 16-byte entries (one 64-byte cache line).
//!
//! Replacement keeps what is expensive to recompute: an entry for the same
//! position is replaced unless it is deeper and from the current search; otherwise
//! the bucket's least valuable entry goes, where an entry from an earlier search
//! (another move of the game: [`Table::new_search`]) counts as 4 plies shallower per
//! search of age. So the table can be kept for a whole game without filling up
//! with stale lines, and the deep entries of the running search survive.

use crate::rules::Position;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Remaining depth the value was searched to.
    pub depth: u8,
    /// Value for the side to move.
    pub value: i32,
    /// What kind of bound `value` is.
    pub bound: Bound,
    /// The best move found (board index), if any.
    pub best: Option<u8>,
}

/// An entry as stored: 16 bytes.
#[derive(Clone, Copy)]
struct Slot {
    /// The upper half of the position's hash (0: empty; the lower bits chose the
    /// bucket).
    check: u32,
    value: i32,
    depth: u8,
    bound: u8,
    /// The best move's board index, or [`NO_MOVE`].
    best: u8,
    /// The search that stored it (wrapping).
    generation: u8,
    _pad: u32,
}

const NO_MOVE: u8 = u8::MAX;
const EMPTY: Slot = Slot {
    check: 0,
    value: 0,
    depth: 0,
    bound: 0,
    best: NO_MOVE,
    generation: 0,
    _pad: 0,
};
const WAYS: usize = 4;

#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// Statistics of [`Table::get`], for measuring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Probes {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found the position.
    pub hits: u64,
}

/// A fixed-size table of 4-way buckets.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
    stats: Probes,
}

/// A 64-bit hash of the 128-bit position key.
#[inline]
fn hash(position: Position) -> u64 {
    let key = position.key();
    let mixed = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // A final avalanche (from SplitMix64) so nearby boards land far apart.
    let mut z = mixed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The bucket index bits and the check (never 0) of a hash.
#[inline]
fn split(h: u64) -> (usize, u32) {
    (h as usize, ((h >> 32) as u32) | 1)
}

impl Bound {
    const fn code(self) -> u8 {
        match self {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        }
    }

    const fn from_code(code: u8) -> Bound {
        match code {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

impl Table {
    /// A table of `2^bits` entries of 16 bytes each (`bits` ≥ 2).
    #[must_use]
    pub fn new(bits: u32) -> Table {
        let buckets = 1usize << bits.max(2).saturating_sub(2);
        Table {
            buckets: vec![Bucket([EMPTY; WAYS]); buckets],
            mask: buckets - 1,
            generation: 0,
            stats: Probes::default(),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([EMPTY; WAYS]));
        self.generation = 0;
    }

    /// Starts a new search: what earlier searches stored is kept but ages.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Lookups and hits so far (since the table was made).
    #[must_use]
    pub fn probes(&self) -> Probes {
        self.stats
    }

    /// The stored entry for `position`, if any.
    #[inline]
    pub fn get(&mut self, position: Position) -> Option<Entry> {
        self.stats.probes += 1;
        let entry = self.peek(position);
        self.stats.hits += u64::from(entry.is_some());
        entry
    }

    /// [`Table::get`] without counting.
    #[inline]
    #[must_use]
    pub fn peek(&self, position: Position) -> Option<Entry> {
        let (index, check) = split(hash(position));
        let bucket = &self.buckets[index & self.mask];
        bucket.0.iter().find(|s| s.check == check).map(|s| Entry {
            depth: s.depth,
            value: s.value,
            bound: Bound::from_code(s.bound),
            best: (s.best != NO_MOVE).then_some(s.best),
        })
    }

    /// Stores an entry (see the module docs for what it replaces).
    #[inline]
    pub fn put(&mut self, position: Position, entry: Entry) {
        let (index, check) = split(hash(position));
        let generation = self.generation;
        let bucket = &mut self.buckets[index & self.mask];
        let victim = match bucket.0.iter().position(|s| s.check == check) {
            Some(i) => {
                let old = bucket.0[i];
                if old.generation == generation
                    && old.depth > entry.depth
                    && entry.bound != Bound::Exact
                {
                    return;
                }
                i
            }
            None => (0..WAYS)
                .min_by_key(|&i| {
                    let s = &bucket.0[i];
                    let age = i32::from(generation.wrapping_sub(s.generation));
                    i32::from(s.depth) - 4 * age - if s.check == 0 { 1000 } else { 0 }
                })
                .unwrap_or(0),
        };
        let best = match entry.best {
            Some(b) => b,
            // Keep the old move for a position stored again without one.
            None if bucket.0[victim].check == check => bucket.0[victim].best,
            None => NO_MOVE,
        };
        bucket.0[victim] = Slot {
            check,
            value: entry.value,
            depth: entry.depth,
            bound: entry.bound.code(),
            best,
            generation,
            _pad: 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Pit, Variant};

    fn positions(n: usize) -> Vec<Position> {
        // Distinct positions: every game prefix of a few fixed move orders.
        let mut out = Vec::new();
        let mut seed = 7u64;
        while out.len() < n {
            let mut game = Game::new(Variant::Abapa);
            for _ in 0..30 {
                if game.is_over() {
                    break;
                }
                let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                game.play(legal[(seed >> 33) as usize % legal.len()])
                    .unwrap();
                let p = game.position();
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out.truncate(n);
        out
    }

    fn entry(depth: u8, value: i32) -> Entry {
        Entry {
            depth,
            value,
            bound: Bound::Lower,
            best: Some(3),
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let mut t = Table::new(10);
        let ps = positions(100);
        for (i, &p) in ps.iter().enumerate() {
            t.put(p, entry(5, i as i32));
        }
        let found = ps
            .iter()
            .enumerate()
            .filter(|&(i, &p)| t.get(p).map(|e| e.value) == Some(i as i32))
            .count();
        // 100 entries in 256 buckets of 4: none is lost.
        assert_eq!(found, 100);
        assert_eq!(t.probes().probes, 100);
        assert_eq!(t.probes().hits, 100);
    }

    #[test]
    fn a_deeper_entry_of_the_current_search_survives_a_shallower_one() {
        let mut t = Table::new(4);
        let p = Position::START;
        t.put(p, entry(9, 1));
        t.put(p, entry(3, 2));
        assert_eq!(t.get(p).map(|e| (e.depth, e.value)), Some((9, 1)));
        // An exact value replaces it; so does anything in a later search.
        t.put(
            p,
            Entry {
                bound: Bound::Exact,
                ..entry(3, 3)
            },
        );
        assert_eq!(t.get(p).map(|e| e.value), Some(3));
        t.put(p, entry(9, 4));
        t.new_search();
        t.put(p, entry(2, 5));
        assert_eq!(t.get(p).map(|e| (e.depth, e.value)), Some((2, 5)));
    }

    #[test]
    fn a_full_bucket_evicts_its_shallowest_or_oldest_entry() {
        // A table of one bucket: every position shares it.
        let mut t = Table::new(2);
        let ps = positions(6);
        for (i, &p) in ps[..4].iter().enumerate() {
            t.put(p, entry(10 + i as u8, 0));
        }
        t.put(ps[4], entry(20, 0));
        assert!(t.peek(ps[0]).is_none(), "the shallowest went");
        assert!(ps[1..5].iter().all(|&p| t.peek(p).is_some()));
        // Two searches later, even the deepest old entry yields to a shallow new one.
        t.new_search();
        t.new_search();
        t.new_search();
        t.put(ps[5], entry(1, 0));
        assert!(t.peek(ps[5]).is_some());
        assert!(t.peek(ps[1]).is_none(), "the shallowest old entry went");
    }

    #[test]
    fn an_entry_stored_without_a_move_keeps_the_old_move() {
        let mut t = Table::new(4);
        let p = Position::START;
        t.put(p, entry(2, 0));
        t.new_search();
        t.put(
            p,
            Entry {
                best: None,
                ..entry(4, 0)
            },
        );
        assert_eq!(t.get(p).and_then(|e| e.best), Some(3));
    }
}
