//! The transposition table: search results keyed by the packed position.

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

#[derive(Clone, Copy)]
struct Slot {
    check: u64,
    entry: Entry,
}

const EMPTY: Slot = Slot {
    check: 0,
    entry: Entry {
        depth: 0,
        value: 0,
        bound: Bound::Upper,
        best: None,
    },
};

/// A fixed-size, always-replace-if-deeper-or-different table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
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
    (z ^ (z >> 31)) | 1
}

impl Table {
    /// A table of `2^bits` slots of 24 bytes each.
    #[must_use]
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            slots: vec![EMPTY; size],
            mask: size - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// The stored entry for `position`, if any.
    #[inline]
    #[must_use]
    pub fn get(&self, position: Position) -> Option<Entry> {
        let h = hash(position);
        let slot = &self.slots[h as usize & self.mask];
        (slot.check == h).then_some(slot.entry)
    }

    /// Stores an entry, replacing a shallower one or one for another position.
    #[inline]
    pub fn put(&mut self, position: Position, entry: Entry) {
        let h = hash(position);
        let slot = &mut self.slots[h as usize & self.mask];
        if slot.check != h || entry.depth >= slot.entry.depth {
            *slot = Slot { check: h, entry };
        }
    }
}
